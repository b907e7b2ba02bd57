import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files written beside a destination and then renamed into place.
///
/// A name is `.NAME.PID-RANDOM.tmp`: hidden, next to the file it becomes, and carrying the id of
/// the process writing it, so a later run can remove what an interrupted one left behind without
/// touching a file another process (a shard rendering into the same folder) is still writing.
package enum TemporaryFile {
    /// A fresh temporary path for `path`, in the same folder (so `rename(2)` is atomic).
    ///
    /// The path is registered until `done(_:)`: if the process is interrupted (SIGINT, SIGTERM,
    /// SIGHUP) before that, `removeOnInterrupt()`'s handler removes it.
    package static func path(for path: String) -> String {
        let temporary = name(for: path)
        registry.withLock { _ = registry.pending.insert(temporary) }
        return temporary
    }

    /// Creates an empty temporary file for `path` (`O_EXCL`, mode 0644) and returns its path,
    /// registered as `path(for:)` registers it. The file is made under the lock the interrupt
    /// handler takes, so an interrupt removes it or comes before it exists, never between.
    ///
    /// - Throws: `WriteFailure` when the file cannot be made (a missing folder, a full disk).
    package static func create(for path: String) throws(WriteFailure) -> String {
        let temporary = name(for: path)
        let (descriptor, code) = registry.withLock {
            let descriptor = openFile(temporary, O_WRONLY | O_CREAT | O_EXCL)
            if descriptor >= 0 { registry.pending.insert(temporary) }
            return (descriptor, errno)
        }
        guard descriptor >= 0 else { throw WriteFailure(reason: String(cString: strerror(code))) }
        close(descriptor)
        return temporary
    }

    /// `.NAME.PID-RANDOM.tmp` beside `path`, made with string operations only: a render asks for
    /// one per sample.
    private static func name(for path: String) -> String {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16, uppercase: true)
        let tag = "\(getpid())-\(String(repeating: "0", count: 8 - random.count))\(random)"
        guard let slash = path.lastIndex(of: "/") else { return ".\(path).\(tag).tmp" }
        return "\(path[...slash]).\(path[path.index(after: slash)...]).\(tag).tmp"
    }

    /// The temporary file at `path` was renamed into place or removed.
    package static func done(_ path: String) {
        registry.withLock { _ = registry.pending.remove(path) }
    }

    /// Removes every temporary file still being written and ends the process with `status`,
    /// holding the lock `create(for:)` takes until the end: another thread cannot make a file
    /// between the removal and the exit (when the lock was let go first, an interrupted render
    /// could leave the next sample's file behind).
    private static func removePendingAndExit(_ status: Int32) -> Never {
        registry.lock.lock()
        for path in registry.pending { unlink(path) }
        _exit(status)
    }

    /// Temporary files being written, and the signal sources that remove them.
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var pending: Set<String> = []
        var sources: [any DispatchSourceSignal] = []

        func withLock<Result>(_ body: () -> Result) -> Result { lock.withLock(body) }
    }

    private static let registry = Registry()

    /// Removes the temporary files being written when the process is interrupted, then ends it
    /// with 128 + the signal's number, as a shell reports it. Call once, from a program's entry.
    package static func removeOnInterrupt() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { removePendingAndExit(128 + number) }
            source.resume()
            registry.withLock { registry.sources.append(source) }
        }
    }

    /// Why a file could not be written: the system's words for it.
    package struct WriteFailure: Error, Sendable {
        package let reason: String
    }

    /// Writes `data` to `path` under a temporary name beside it, then renames it into place, so
    /// a reader, or a run after this one was killed, sees the old file or the new one, never a
    /// part. Plain write(2) calls, without the fsync Foundation's `Data.write` adds: the guard is
    /// against an interrupted process, and a render writes one small record per sample.
    ///
    /// What is at `path` decides how (`OutputTarget`): a symbolic link is followed, a device or a
    /// FIFO is written through, a folder is refused.
    package static func write(_ data: Data, to path: String) throws(WriteFailure) {
        let destination: String
        switch try OutputTarget.resolve(path) {
        case let .stream(device): return try OutputTarget.stream(data, to: device)
        case let .replace(file): destination = file
        }
        let temporary = self.path(for: destination)
        let descriptor = openFile(temporary, O_WRONLY | O_CREAT | O_EXCL)
        guard descriptor >= 0 else { throw WriteFailure(reason: String(cString: strerror(errno))) }
        var failure = data.withUnsafeBytes { writeAll(descriptor, $0) }.map { String(cString: strerror($0)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        // rename(2) replaces the destination in one step.
        if failure == nil, rename(temporary, destination) != 0 { failure = String(cString: strerror(errno)) }
        defer { done(temporary) }
        if let failure {
            unlink(temporary)
            throw WriteFailure(reason: failure)
        }
    }

    /// `open(2)`, with the descriptor moved to 3 or above: when standard input, output or error
    /// was closed, a file opened in its place would take what is printed there.
    package static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0o644) -> Int32 {
        let descriptor = open(path, flags | O_CLOEXEC, mode)
        guard descriptor >= 0, descriptor < 3 else { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        let saved = errno
        close(descriptor)
        errno = saved
        return moved
    }

    /// Writes all of `bytes` to `descriptor`, again after EINTR; nil, or the errno that stopped it.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Whether the file called `name` is a temporary file whose writer is gone: a name written by
    /// `path(for:)` whose process no longer exists, or a hidden `.tmp` without a process id
    /// (what Locutor wrote before names carried one).
    package static func isAbandoned(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let tag = name.dropLast(".tmp".count).split(separator: ".").last ?? ""
        guard let dash = tag.firstIndex(of: "-"), let pid = pid_t(tag[..<dash]), pid > 0 else { return true }
        if pid == getpid() { return false }
        // kill with signal 0 only asks whether the process exists (EPERM: it does, someone else's).
        if kill(pid, 0) == 0 || errno == EPERM { return isZombie(pid) }
        return errno == ESRCH
    }

    /// Whether `pid` has ended but not been reaped (a shard whose parent was killed, under an
    /// init that does not reap): it writes nothing any more. Known on Linux only.
    private static func isZombie(_ pid: pid_t) -> Bool {
        #if os(Linux)
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return false }
        // "pid (command) state …": the command may hold spaces and parentheses, the state follows the last ")".
        let fields = String(decoding: stat, as: UTF8.self).split(separator: ")").last?.split(separator: " ")
        return fields?.first == "Z"
        #else
        return false
        #endif
    }
}
