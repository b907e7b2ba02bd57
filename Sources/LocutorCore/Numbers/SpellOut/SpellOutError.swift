import Foundation

/// Why a number could not be spelled out. Its wording lives in `SpellOutError+Description.swift`.
///
/// A spell-out either says the exact words or fails with one of these: it never rounds and
/// never falls back to digits, because a screen reader must not say a different amount.
package enum SpellOutError: Error, Equatable, Sendable {
    /// No package rule set has this name; `available` lists the ones that do exist, in file order.
    case unknownRuleSet(String, available: [String])
    /// The rules would fall back to digits (`=#,##0=`) for this value, or have no exact rule for it
    /// (a fraction in an ordinal rule set, an amount beyond the largest rule).
    case tooLarge(Decimal)
    /// The value is `Decimal.nan`.
    case notANumber
    /// The rules of this rule set call one another more than 64 levels deep: the rule text has a
    /// cycle that loading could not see.
    case ruleCycle(String)
}
