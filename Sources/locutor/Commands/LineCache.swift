import Foundation

/// What `verbalize` said for lines it met before, by their bytes: a catalog or a log repeats its
/// labels ("19% OFF", "Envío gratis", "$ 9.999"), and a line says the same whenever it comes (the
/// result holds no line number). Shared by every thread that says lines, under one lock.
///
/// Bounded: only lines of at most `longestLine` bytes are kept, and when the lines and their
/// results kept reach `budget` bytes, the cache starts again empty — its memory stays under
/// about twice that whatever the input (JSON results are a kilobyte or two each).
final class LineCache: @unchecked Sendable {
    static let longestLine = 256
    static let budget = 16 << 20

    private let lock = NSLock()
    private var results: [[UInt8]: Verbalize.LineResult] = [:]
    /// The bytes of the lines and texts in `results`.
    private var used = 0

    /// The result kept for `line`, nil when there is none.
    subscript(line: [UInt8]) -> Verbalize.LineResult? {
        guard line.count <= Self.longestLine else { return nil }
        return lock.withLock { results[line] }
    }

    /// Keeps `result` for `line`, when the line is short enough.
    func remember(_ result: Verbalize.LineResult, for line: [UInt8]) {
        guard line.count <= Self.longestLine else { return }
        let size = line.count + result.text.utf8.count + result.unread.reduce(0) { $0 + $1.text.utf8.count }
        lock.withLock {
            if used + size > Self.budget {
                results.removeAll(keepingCapacity: true)
                used = 0
            }
            results[line] = result
            used += size
        }
    }
}
