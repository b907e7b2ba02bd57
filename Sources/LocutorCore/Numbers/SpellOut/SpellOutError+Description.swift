import Foundation
import LocutorSupport

extension SpellOutError: CustomStringConvertible {
    /// The message, worded like the rest of Locutor's errors: what is wrong — how to fix it.
    ///
    /// Reads as `unknown rule set '%spellout-cardinal-masculin' — did you mean
    /// %spellout-cardinal-masculine? (available: …)`.
    package var description: String {
        switch self {
        case let .unknownRuleSet(name, available):
            let list = available.isEmpty ? "the rules have no package rule set" : "available: " + available.joined(separator: ", ")
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
        EditDistance.nearest(name, in: available, limit: max(2, name.unicodeScalars.count / 4))
    }
}
