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
    private var results: [Key: Verbalize.LineResult] = [:]
    /// The bytes of the lines and texts in `results`.
    private var used = 0

    /// A line's bytes and their hash, worked out once and outside the lock: the bytes are hashed
    /// in one piece (an array of bytes hashes them one by one), and a thread waiting for the lock
    /// waits for no other thread's hashing.
    struct Key: Hashable {
        let bytes: [UInt8]
        private let hash: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (left: Key, right: Key) -> Bool { left.hash == right.hash && left.bytes == right.bytes }
    }

    /// The key of `line`, nil when the line is too long to be kept.
    static func key(_ line: [UInt8]) -> Key? {
        line.count <= longestLine ? Key(line) : nil
    }

    /// The result kept for `key`, nil when there is none.
    subscript(key: Key) -> Verbalize.LineResult? {
        lock.withLock { results[key] }
    }

    /// Keeps `result` for `key`.
    func remember(_ result: Verbalize.LineResult, for key: Key) {
        let size = key.bytes.count + result.text.utf8.count + result.unread.reduce(0) { $0 + $1.text.utf8.count }
        lock.withLock {
            if used + size > Self.budget {
                results.removeAll(keepingCapacity: true)
                used = 0
            }
            results[key] = result
            used += size
        }
    }
}
