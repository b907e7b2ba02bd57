import Foundation

/// Exact integer arithmetic on `Decimal` for the spell-out interpreter: no `Double` anywhere.
extension Decimal {
    static let half = Decimal(sign: .plus, exponent: -1, significand: 5)
    static let int64Max = Decimal(Int64.max)
    static let int64Min = Decimal(Int64.min)
    private static let billion = Decimal(1_000_000_000)
    /// Below 2^63 even with a `Double`'s rounding error.
    private static let surelyInt64 = 9.0e18

    /// The largest integer not above the value.
    var floored: Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .down)
        // Guard against a platform that rounds `.down` toward zero.
        if result > self { result -= 1 }
        return result
    }

    /// The integer part, rounded toward zero (C's `trunc`).
    var truncated: Decimal { self < 0 ? -(-self).floored : floored }

    /// A finite value with no negative exponent is an integer; one with a fraction's exponent
    /// is when its significand ends in as many zeros (123.000).
    var isInteger: Bool {
        guard !isNaN else { return false }
        if exponent >= 0 { return true }
        if let (mantissa, exponent) = DecimalDigits.smallParts(self) { return Self.dropsZeros(mantissa, -exponent) != nil }
        return floored == self
    }

    /// `mantissa` divided by 10^`count`, nil when that leaves a fraction.
    private static func dropsZeros(_ mantissa: UInt64, _ count: Int) -> UInt64? {
        guard mantissa != 0 else { return 0 }
        var rest = mantissa
        for _ in 0..<count {
            guard rest % 10 == 0 else { return nil }
            rest /= 10
        }
        return rest
    }

    /// The value as an `Int64` when it is an integer in range; nil otherwise. Exact: a converted
    /// guess is trusted only where it cannot be wrong, or after it compares equal to the value.
    var exactInt64: Int64? {
        guard !isNaN else { return nil }
        // Comparing `Decimal`s is slow on Linux (about 100 ns), and the conversion alone is wrong
        // out of range (never a trap). A value with no negative exponent is an integer, and one
        // whose approximation is well inside Int64's range converts exactly: nothing is compared.
        if exponent >= 0 {
            let number = NSDecimalNumber(decimal: self)
            if number.doubleValue.magnitude < Self.surelyInt64 { return number.int64Value }
        } else if let (mantissa, exponent) = DecimalDigits.smallParts(self) {
            // A fraction's exponent (1.5, 123.000): the significand, a whole number, says it all.
            // (Its exponent is 0: this is no loop.)
            guard let whole = Self.dropsZeros(mantissa, -exponent) else { return nil }
            return sign == .minus ? -Int64(whole) : Int64(whole)
        }
        let guess = NSDecimalNumber(decimal: self).int64Value
        if Decimal(guess) == self { return guess }
        guard self >= Decimal.int64Min, self <= Decimal.int64Max, isInteger else { return nil }
        // The platform's conversion was not exact: put the value together from parts below 10^9.
        let magnitude = self < 0 ? -self : self
        let high = (magnitude / Decimal.billion).floored
        let low = magnitude - high * Decimal.billion
        guard let highPart = high.smallInt64, let lowPart = low.smallInt64 else { return nil }
        let (product, overflow) = highPart.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let (sum, overflow2) = product.addingReportingOverflow(lowPart)
        guard !overflow2 else { return nil }
        return self < 0 ? -sum : sum
    }

    /// An integer below 10^9 as `Int64`, verified exact.
    private var smallInt64: Int64? {
        let guess = NSDecimalNumber(decimal: self).int64Value
        return Decimal(guess) == self ? guess : nil
    }

    /// The decimal digits after the point of the value's magnitude, most significant first,
    /// without trailing zeros: 3.1400 gives [1, 4].
    var fractionDigits: [Int64] {
        var rest = (self < 0 ? -self : self)
        rest -= rest.floored
        var digits: [Int64] = []
        while rest != 0, digits.count < 40 {
            rest *= 10
            let digit = rest.floored
            digits.append(digit.exactInt64 ?? 0)
            rest -= digit
        }
        return digits
    }
}
