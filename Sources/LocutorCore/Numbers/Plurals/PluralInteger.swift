import Foundation

/// A whole number of any size, held exactly so plural rules can take remainders of it.
///
/// Almost every number fits a `UInt64`; the few that do not keep their decimal digits, so
/// `i % 100` of 10^40 + 11 is still 11. Never negative.
enum PluralInteger: Hashable, Sendable {
    case small(UInt64)
    /// Decimal digits (0…9), most significant first, without leading zeros; always above `UInt64.max`.
    case large([UInt8])

    static let zero = PluralInteger.small(0)

    /// The number written by `digits` (values 0…9, most significant first; leading zeros allowed).
    init(digits: some Collection<UInt8>) {
        var value: UInt64 = 0
        var significant: [UInt8]? = nil
        for digit in digits {
            if significant != nil {
                significant?.append(digit)
                continue
            }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 {
                significant = Self.digits(of: value) + [digit]
            } else {
                value = sum
            }
        }
        if let significant { self = .large(significant) } else { self = .small(value) }
    }

    var isZero: Bool {
        if case .small(0) = self { return true }
        return false
    }

    /// The decimal digits, most significant first ("0" is `[0]`).
    var digits: [UInt8] {
        switch self {
        case .small(let value): return Self.digits(of: value)
        case .large(let digits): return digits
        }
    }

    /// The remainder of dividing by `modulus` (not 0): CLDR's `%`.
    @inline(__always)
    func remainder(dividingBy modulus: UInt64) -> UInt64 {
        switch self {
        case .small(let value):
            return value % modulus
        case .large(let digits):
            var remainder: UInt64 = 0
            for digit in digits {
                // remainder × 10 + digit, in 128 bits, then reduced.
                let product = remainder.multipliedFullWidth(by: 10)
                let (low, carry) = product.low.addingReportingOverflow(UInt64(digit))
                let high = product.high + (carry ? 1 : 0)
                remainder = modulus.dividingFullWidth((high: high % modulus, low: low)).remainder
            }
            return remainder
        }
    }

    /// This number times 10^`power`.
    func multiplied(byPowerOfTen power: Int) -> PluralInteger {
        guard power > 0, !isZero else { return self }
        if case .small(let value) = self, power < PluralInteger.powersOfTen.count {
            let (product, overflow) = value.multipliedReportingOverflow(by: PluralInteger.powersOfTen[power])
            if !overflow { return .small(product) }
        }
        return .large(digits + [UInt8](repeating: 0, count: power))
    }

    /// The same number as a `Decimal`, exactly (it came from one, so it fits).
    var decimal: Decimal {
        switch self {
        case .small(let value):
            return Decimal(value)
        case .large(let digits):
            var significant = digits[...]
            var zeros = 0
            while significant.count > 1, significant.last == 0 {
                significant.removeLast()
                zeros += 1
            }
            var value = Decimal(0)
            var start = significant.startIndex
            while start < significant.endIndex {
                let end = significant.index(start, offsetBy: 15, limitedBy: significant.endIndex) ?? significant.endIndex
                var chunk: UInt64 = 0
                for digit in significant[start..<end] { chunk = chunk * 10 + UInt64(digit) }
                value = Decimal(sign: .plus, exponent: end - start, significand: value) + Decimal(chunk)
                start = end
            }
            return Decimal(sign: .plus, exponent: zeros, significand: value)
        }
    }

    /// 10^0 … 10^19, every power of ten a `UInt64` holds.
    static let powersOfTen: [UInt64] = (0...19).map { power in
        (0..<power).reduce(UInt64(1)) { product, _ in product * 10 }
    }

    static func digits(of value: UInt64) -> [UInt8] {
        if value == 0 { return [0] }
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(rest % 10))
            rest /= 10
        }
        return digits.reversed()
    }
}
