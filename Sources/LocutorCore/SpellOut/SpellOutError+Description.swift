import Foundation

extension SpellOutError: CustomStringConvertible {
    /// The message, worded like the rest of Locutor's errors: what is wrong — how to fix it.
    ///
    /// Reads as `unknown rule set '%spellout-cardinal-masculin' — did you mean
    /// %spellout-cardinal-masculine? (available: …)`.
    public var description: String {
        switch self {
        case let .unknownRuleSet(name, available):
            let list = available.isEmpty ? "the rules have no public rule set" : "available: " + available.joined(separator: ", ")
            if let close = SpellOutError.closest(to: name, in: available) {
                return "unknown rule set '\(name)' — did you mean \(close)? (\(list))"
            }
            return "unknown rule set '\(name)' — use one of the rule set names (\(list))"
        case let .tooLarge(value):
            return "cannot spell \(value) exactly: the rules would fall back to digits — "
                + "spell a smaller or whole amount, or show this one in digits"
        case .notANumber:
            return "cannot spell NaN: the value is not a number — check how the amount was parsed"
        case let .ruleCycle(name):
            return "the rules of \(name) call themselves more than 64 levels deep — "
                + "the rule text has a cycle; fix the rule set that hands the value back unchanged"
        }
    }

    /// The available name closest to `name` by edit distance, when it is close enough to be a typo.
    static func closest(to name: String, in available: [String]) -> String? {
        let target = Array(name.unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in available {
            let distance = editDistance(target, Array(candidate.unicodeScalars))
            if distance <= max(2, target.count / 4), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
