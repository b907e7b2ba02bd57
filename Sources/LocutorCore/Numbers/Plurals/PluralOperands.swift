import Foundation

/// The CLDR operands of a number as displayed: n, i, v, w, f, t, e (c).
///
/// Plural rules look at a number as it is shown, not at its value: "1" and "1.00" are the same
/// amount, but English reads "1 dollar" and "1.00 dollars". The operands (Unicode TR35,
/// "Plural Operand Meanings") carry what the rules need; for "1.50": n = 1.5, i = 1, v = 2, w = 1,
/// f = 50, t = 5, e = 0. The sign is dropped: "-21" has the operands of "21". `e` (which CLDR also
/// calls `c`) is the exponent of a compact form such as "1.2c6" (1.2 million); it is 0 for
/// ordinary numbers.
///
/// Reads as: `PluralOperands(1, visibleFractionDigits: 2)` is "1.00" (v = 2, f = 0), which is
/// `other` in English and `one` in Spanish.
package struct PluralOperands: Hashable, Sendable {
    /// The absolute value: 1.5 for "-1.50".
    package let n: Decimal
    /// The integer digits of n: 1 for "1.50".
    package let i: Decimal
    /// How many fraction digits are shown: 2 for "1.50", 0 for "1".
    package let v: Int
    /// How many fraction digits are shown, without trailing zeros: 1 for "1.50".
    package let w: Int
    /// The fraction digits shown, as a number: 50 for "1.50".
    package let f: Decimal
    /// The fraction digits shown, without trailing zeros: 5 for "1.50".
    package let t: Decimal
    /// The exponent of a compact form: 6 for "1.2c6", 0 for every ordinary number. CLDR's `c` is the same.
    package let e: Int

    /// `i`, `f` and `t` again, as exact integers: what `PluralRules` evaluates without touching `Decimal`.
    let whole: PluralInteger
    let fraction: PluralInteger
    let trimmedFraction: PluralInteger
    /// Whether n has a fraction: 1.5, but not 1.00.
    let hasFraction: Bool

    /// The most fraction digits a number can show (a `Decimal`'s exponent ends at 127).
    static let maximumFractionDigits = 127

    /// `value` with `visibleFractionDigits` shown (1 with 2 visible digits is "1.00": v = 2, f = 0).
    ///
    /// A value that needs more digits than that keeps them: 1.25 with one visible digit reads as
    /// "1.25" (v = 2). Reads as `PluralOperands(Decimal(21), visibleFractionDigits: 0)`: "21", which is
    /// `one` in Russian ("двадцать один рубль").
    /// - Parameters:
    ///   - value: the number, any sign; not NaN.
    ///   - visibleFractionDigits: how many digits the display shows after the decimal separator, 0…127.
    package init(_ value: Decimal, visibleFractionDigits: Int) {
        self.init(value, visibleFractionDigits: visibleFractionDigits, exponent: 0)
    }

    /// `value` (the whole value, 1200000 for "1.2c6") shown with `visibleFractionDigits`, in compact
    /// form with `exponent` (6 for "1.2c6"; 0 when not compact).
    init(_ value: Decimal, visibleFractionDigits: Int, exponent: Int) {
        precondition(!value.isNaN, "a plural category needs a number; NaN has none")
        precondition(
            (0...Self.maximumFractionDigits).contains(visibleFractionDigits),
            "visibleFractionDigits must lie in 0...\(Self.maximumFractionDigits), not \(visibleFractionDigits)")
        precondition(exponent >= 0, "a compact exponent is never negative, not \(exponent)")
        let magnitude = value.magnitude
        let parts = Self.split(magnitude)
        let shown = max(visibleFractionDigits, parts.fractionDigits)
        n = magnitude
        whole = parts.whole
        trimmedFraction = parts.fraction
        fraction = parts.fraction.multiplied(byPowerOfTen: shown - parts.fractionDigits)
        hasFraction = parts.fractionDigits > 0
        i = parts.whole.decimal
        t = parts.fraction.decimal
        f = Decimal(sign: .plus, exponent: shown - parts.fractionDigits, significand: t)
        v = shown
        w = parts.fractionDigits
        e = exponent
    }

    /// Splits a non-negative number into its whole part and its fraction digits, trailing zeros
    /// dropped: 12.50 → (12, 5, 1 digit).
    private static func split(_ magnitude: Decimal) -> (whole: PluralInteger, fraction: PluralInteger, fractionDigits: Int) {
        let exponent = magnitude.exponent
        let significand = magnitude.significand
        // The common case: a significand below 10^15 and a handful of decimals, all in UInt64.
        if exponent > -PluralInteger.powersOfTen.count, exponent < PluralInteger.powersOfTen.count,
            let small = wholeValue(significand)
        {
            if exponent >= 0 {
                let (product, overflow) = small.multipliedReportingOverflow(by: PluralInteger.powersOfTen[exponent])
                if !overflow { return (.small(product), .zero, 0) }
            } else {
                let divisor = PluralInteger.powersOfTen[-exponent]
                var fraction = small % divisor
                var fractionDigits = fraction == 0 ? 0 : -exponent
                while fractionDigits > 0, fraction % 10 == 0 {
                    fraction /= 10
                    fractionDigits -= 1
                }
                return (.small(small / divisor), .small(fraction), fractionDigits)
            }
        }
        // Everything else, digit by digit.
        var digits = digits(ofWhole: significand)
        if exponent >= 0 {
            digits += [UInt8](repeating: 0, count: exponent)
            return (PluralInteger(digits: digits), .zero, 0)
        }
        let decimals = -exponent
        if digits.count < decimals {
            digits = [UInt8](repeating: 0, count: decimals - digits.count) + digits
        }
        let point = digits.count - decimals
        var fractionDigits = digits[point...]
        while fractionDigits.last == 0 { fractionDigits.removeLast() }
        return (PluralInteger(digits: digits[..<point]), PluralInteger(digits: fractionDigits), fractionDigits.count)
    }

    /// The decimal digits of a whole, non-negative `Decimal` (at most 2^128), most significant first.
    private static func digits(ofWhole value: Decimal) -> [UInt8] {
        // Base 10^15 limbs, least significant first: each below 2^53, so any conversion is exact.
        var limbs: [UInt64] = []
        var rest = value
        while !rest.isZero {
            if let limb = wholeValue(rest) {
                limbs.append(limb)
                break
            }
            var shifted = Decimal(sign: .plus, exponent: -15, significand: rest)
            var quotient = Decimal()
            NSDecimalRound(&quotient, &shifted, 0, .down)
            let remainder = rest - Decimal(sign: .plus, exponent: 15, significand: quotient)
            limbs.append(wholeValue(remainder) ?? 0)
            rest = quotient
        }
        guard let top = limbs.popLast() else { return [0] }
        var digits = PluralInteger.digits(of: top)
        for limb in limbs.reversed() {
            let limbDigits = PluralInteger.digits(of: limb)
            digits += [UInt8](repeating: 0, count: 15 - limbDigits.count) + limbDigits
        }
        return digits
    }

    /// A whole, non-negative `Decimal` below 10^15 as a `UInt64`; nil when it is larger.
    /// `exactInt64` converts exactly, without comparing `Decimal`s where it can.
    private static func wholeValue(_ value: Decimal) -> UInt64? {
        guard let whole = value.exactInt64, (0..<1_000_000_000_000_000).contains(whole) else { return nil }
        return UInt64(whole)
    }
}
