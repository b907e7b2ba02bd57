/// How far apart two names are, for "did you mean …?" in messages.
package enum EditDistance {
    /// The Levenshtein distance between two texts, counted in characters: the fewest insertions,
    /// deletions and substitutions that turn `a` into `b`.
    package static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `word`, ignoring case, when it is within `limit` edits (by default
    /// two, or a third of the word's length for long words); ties go to the one first in sort order.
    package static func nearest(_ word: String, in candidates: [String], limit: Int? = nil) -> String? {
        let lower = word.lowercased()
        let scored = candidates.map { ($0, between(lower, $0.lowercased())) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }),
            best.1 <= limit ?? max(2, word.count / 3)
        else { return nil }
        return best.0
    }
}
