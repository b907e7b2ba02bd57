import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as the process found them.
///
/// A parent may start Locutor with one of them closed. The next descriptor the process opens —
/// a file, a socket of the speech engine, Dispatch's own — would then take its number, and what
/// is printed would land in it. `reserveClosed()` fills each closed one with `/dev/null` first
/// and remembers it, so the commands still report writing to it as an error.
package enum StandardStreams {
    /// Fills the closed ones among descriptors 0, 1 and 2 with `/dev/null`. Call once, first thing.
    package static func reserveClosed() {
        var closed: Set<Int32> = []
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open(2) returns the lowest free descriptor: this one.
            let opened = open("/dev/null", O_RDWR)
            if opened == descriptor { closed.insert(descriptor) } else if opened >= 0 { close(opened) }
        }
        state.withLock { state.closed = closed }
    }

    /// Whether `descriptor` (0, 1 or 2) was closed when the process started.
    package static func wasClosed(_ descriptor: Int32) -> Bool {
        state.withLock { state.closed.contains(descriptor) }
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var closed: Set<Int32> = []
        func withLock<Result>(_ body: () -> Result) -> Result { lock.withLock(body) }
    }

    private static let state = State()
}
