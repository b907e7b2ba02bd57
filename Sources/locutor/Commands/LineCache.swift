import Foundation

/// What `verbalize` said for lines it met before, by their bytes: a catalog or a log repeats its
/// labels ("19% OFF", "Envío gratis", "$ 9.999"), and a line says the same whenever it comes (the
/// result holds no line number). Shared by every thread that says lines, under one lock.
///
/// Bounded: only lines of at most `longestLine` bytes are kept, and when `capacity` lines are,
/// the cache starts again empty — the memory stays a few megabytes whatever the input.
final class LineCache: @unchecked Sendable {
    static let longestLine = 256
    static let capacity = 1 << 16

    private let lock = NSLock()
    private var results: [[UInt8]: Verbalize.LineResult] = [:]

    /// The result kept for `line`, nil when there is none.
    subscript(line: [UInt8]) -> Verbalize.LineResult? {
        guard line.count <= Self.longestLine else { return nil }
        return lock.withLock { results[line] }
    }

    /// Keeps `result` for `line`, when the line is short enough.
    func remember(_ result: Verbalize.LineResult, for line: [UInt8]) {
        guard line.count <= Self.longestLine else { return }
        lock.withLock {
            if results.count >= Self.capacity { results.removeAll(keepingCapacity: true) }
            results[line] = result
        }
    }
}
