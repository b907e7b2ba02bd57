import Foundation

/// How a region writes numbers: "1.299.900,5" in Argentina, "1,299,900.5" in the United States,
/// "1 299 900,5" in Russia (with a no-break space).
///
/// Formatting always groups thousands, even 4-digit numbers ("9.000"): a screen reader then reads
/// a number, not a year ("1812") or a string of digits. Parsing accepts numbers with or without
/// grouping, and the region's alternative grouping separators.
package struct NumberFormat: Hashable, Sendable {
    package let decimalSeparator: Unicode.Scalar
    package let groupingSeparator: Unicode.Scalar
    /// Other characters read as grouping separators (a plain space where the region writes a
    /// no-break space, say).
    package let groupingAlternatives: [Unicode.Scalar]
    /// Whether the region groups digits with some kind of space.
    private let groupsWithSpaces: Bool
    /// Whether a plain space groups only where little else can be meant, in a region that groups
    /// with no space (not ru-RU or fr-BE, which group with a no-break space): "25 000", "10 000
    /// pasos" and "1 250 000" are one number everywhere; "12 500" before a currency one where
    /// the region lists the plain space (es-ES, en-US, nl-BE); "Pack of 2 250 ml" and "iPhone 15
    /// 128 GB" are two.
    private let plainSpaceIsLoose: Bool
    /// Whether the alternatives list the plain space: there an amount groups with it freely.
    private let listsPlainSpace: Bool

    package init(decimal: Unicode.Scalar, grouping: Unicode.Scalar, groupingAlternatives: [Unicode.Scalar] = []) {
        precondition(decimal != grouping, "a number format needs distinct decimal and grouping separators")
        self.decimalSeparator = decimal
        self.groupingSeparator = grouping
        self.groupingAlternatives = groupingAlternatives
        groupsWithSpaces = ([grouping] + groupingAlternatives).contains(where: Self.isTypographicSpace)
        plainSpaceIsLoose = grouping != " " && !Self.isTypographicSpace(grouping)
        listsPlainSpace = groupingAlternatives.contains(" ")
    }

    /// Writes `value` with its thousands grouped and exactly `fractionDigits` decimals.
    ///
    /// Reads as the region writes it: format(1299900, fractionDigits: 0) is "1.299.900" in es-AR.
    /// - Precondition: `value` has no more than `fractionDigits` decimals (nothing is rounded).
    package func format(_ value: Decimal, fractionDigits: Int) -> String {
        let digits = DecimalDigits(value)
        precondition(digits.fraction.count <= fractionDigits, "format would round \(value) to \(fractionDigits) decimals")
        // Written as UTF-8 into a string of the exact size: appending scalar by scalar cost more
        // than working out the digits.
        let integer = digits.integer
        let groups = (integer.count - 1) / 3
        let count =
            (digits.isNegative ? 1 : 0) + integer.count + groups * UTF8.width(groupingSeparator)
            + (fractionDigits > 0 ? UTF8.width(decimalSeparator) + fractionDigits : 0)
        return String(unsafeUninitializedCapacity: count) { bytes in
            var end = 0
            func put(_ scalar: Unicode.Scalar) {
                UTF8.encode(scalar) { byte in
                    bytes[end] = byte
                    end += 1
                }
            }
            if digits.isNegative { put("-") }
            for (index, digit) in integer.enumerated() {
                if index > 0 && (integer.count - index) % 3 == 0 { put(groupingSeparator) }
                put(digit)
            }
            if fractionDigits > 0 {
                put(decimalSeparator)
                for digit in digits.fraction { put(digit) }
                for _ in digits.fraction.count..<fractionDigits { put("0") }
            }
            return end
        }
    }

    /// A number read from text.
    package struct Reading: Hashable, Sendable {
        package let value: Decimal
        /// Decimals as written: "1,50" has 2.
        package let fractionDigits: Int
        /// Whether the thousands were grouped ("1.500" rather than "1500").
        package let isGrouped: Bool
        /// Index just past the number in the scalars it was read from.
        package let end: Int
    }

    /// The most digits a number read from text may have: 38, what a `Decimal` holds exactly.
    static let maximumDigits = 38

    /// What text holds at a position: a number, a run of digits too long to be one, or neither.
    enum Scan: Hashable {
        case number(Reading)
        /// More than ``NumberFormat/maximumDigits`` digits: reading stopped at `end`, just past
        /// the first digit too many.
        case tooLong(end: Int)
        case none
    }

    /// Reads the longest number that starts at `start` (digits, grouping in threes, decimals).
    ///
    /// A grouping separator counts only when exactly three digits follow it. A "." or "," that
    /// cannot group and is followed by one or two digits ("1.5", "1.50" in es-AR) is read as the
    /// decimal separator, the way a price's cents are written by mistake; with four or more
    /// digits after it the number ends before it. A number has at most 38 digits: a longer run
    /// is no number (nil), and is read no further than its 39th digit.
    ///
    /// - Parameter amount: the number is an amount's, its currency known: a plain space groups
    ///   its thousands wherever the region's alternatives list it ("12 500 €"), and in every
    ///   region after the currency's sign ("$ 1 290": no price is a peso and then 290).
    package func read(_ scalars: [Unicode.Scalar], from start: Int, amount: Amount = .none) -> Reading? {
        if case let .number(reading) = scan(scalars, from: start, amount: amount) { return reading }
        return nil
    }

    /// Whether a number is an amount's, and where its currency is written.
    package enum Amount {
        case none
        case symbolBefore
        case symbolAfter
    }

    /// ``read(_:from:)``, telling a run of digits too long to be a number from no number at all.
    ///
    /// Reading stops at the 39th digit, so reading at every position of a long run of digits
    /// takes time in proportion to the run, not to its square.
    func scan(_ scalars: [Unicode.Scalar], from start: Int, amount: Amount = .none) -> Scan {
        guard start < scalars.count, scalars[start].isASCIIDigit else { return .none }
        var index = start
        var integer: [Unicode.Scalar] = []
        var grouped = false
        /// Whether a plain space grouped the groups so far: the rest are grouped alike.
        var spaceGrouped = false
        while index < scalars.count, scalars[index].isASCIIDigit {
            guard integer.count < Self.maximumDigits else { return .tooLong(end: index + 1) }
            integer.append(scalars[index])
            index += 1
        }
        if integer.count <= 3, let other = otherConvention(scalars, at: index, after: integer) { return other }
        // No group of thousands starts with a zero: "0.456" is a decimal wherever it is written
        // (a race's gap, "+0.456"), even where the dot groups thousands.
        let leadingZero = integer.first == "0"
        // Groups of three after a separator; the first group may not exceed three digits then.
        while index < scalars.count, !leadingZero, integer.count <= 3 || grouped, Self.exactlyThreeDigits(scalars, at: index + 1),
            groups(scalars, at: index, amount: amount, spaceGrouped: spaceGrouped)
        {
            guard integer.count + 3 <= Self.maximumDigits else {
                return .tooLong(end: index + 1 + Self.maximumDigits - integer.count + 1)
            }
            if scalars[index] == " " { spaceGrouped = true }
            for offset in 1...3 { integer.append(scalars[index + offset]) }
            index += 4
            grouped = true
        }
        var fraction: [Unicode.Scalar] = []
        if index + 1 < scalars.count, scalars[index] == decimalSeparator, scalars[index + 1].isASCIIDigit {
            index += 1
            while index < scalars.count, scalars[index].isASCIIDigit {
                guard integer.count + fraction.count < Self.maximumDigits else { return .tooLong(end: index + 1) }
                fraction.append(scalars[index])
                index += 1
            }
        } else if !grouped || spaceGrouped, index + 1 < scalars.count, isGrouping(scalars[index]),
            scalars[index] == "." || scalars[index] == ",", scalars[index + 1].isASCIIDigit
        {
            // "1.5" or "1.50" in a region that groups with "." (fr-BE too, besides its spaces), and
            // after thousands grouped with spaces ("S/ 1 250,50" in Peru): the separator cannot
            // group here.
            var end = index + 1
            while end < scalars.count, scalars[end].isASCIIDigit, leadingZero || end - index <= 3 { end += 1 }
            if leadingZero || (1...2).contains(end - index - 1), integer.count + end - index - 1 <= Self.maximumDigits {
                fraction = ((index + 1)..<end).map { scalars[$0] }
                index = end
            }
        }
        guard let value = DecimalDigits.decimal(integer: integer[...], fraction: fraction[...]) else { return .none }
        return .number(Reading(value: value, fractionDigits: fraction.count, isGrouped: grouped, end: index))
    }

    /// The number `integer` begins, grouped with a "." or "," the region does not group with,
    /// where nothing else can be meant: "1.250,00" or "1.250.000" where the region writes
    /// 1,250.00 (es-PE, en-US), "1,250.00" or "1,250,000" where it writes 1.250,00, either where it
    /// groups with a space (ru-RU). Two groups of three, or one and then decimals after the other
    /// separator, cannot be one number the region's way. Nil otherwise.
    private func otherConvention(_ scalars: [Unicode.Scalar], at start: Int, after integer: [Unicode.Scalar]) -> Scan? {
        guard start < scalars.count else { return nil }
        let grouping = scalars[start]
        let decimal: Unicode.Scalar
        switch grouping {
        case ".": decimal = ","
        case ",": decimal = "."
        default: return nil
        }
        guard !isGrouping(grouping) else { return nil }
        var whole = integer
        var index = start
        while index < scalars.count, scalars[index] == grouping, Self.exactlyThreeDigits(scalars, at: index + 1) {
            whole += scalars[(index + 1)...(index + 3)]
            index += 4
            // Reading stops past the digits a `Decimal` holds, as `scan` does: a long run is read
            // at each of its positions, and must not be walked to its end each time.
            if whole.count > Self.maximumDigits { return .tooLong(end: index) }
        }
        let groups = (whole.count - integer.count) / 3
        guard groups > 0 else { return nil }
        var end = index
        if index + 1 < scalars.count, scalars[index] == decimal, scalars[index + 1].isASCIIDigit {
            end = index + 1
            while end < scalars.count, scalars[end].isASCIIDigit { end += 1 }
            guard end - index - 1 <= 2 else { return nil }
        }
        let fraction = end > index ? scalars[(index + 1)..<end] : []
        guard !fraction.isEmpty || groups >= 2 else { return nil }
        // Whatever follows may not go on as a number: "1.250.000,5.3" is no price.
        if end + 1 < scalars.count, scalars[end] == "." || scalars[end] == ",", scalars[end + 1].isASCIIDigit { return nil }
        guard whole.count + fraction.count <= Self.maximumDigits else { return .tooLong(end: end) }
        guard let value = DecimalDigits.decimal(integer: whole[...], fraction: fraction) else { return Scan.none }
        return .number(Reading(value: value, fractionDigits: fraction.count, isGrouped: true, end: end))
    }

    /// Reads a whole text as one number; nil unless all of it is the number.
    package func parse(_ text: String) -> Reading? {
        let scalars = Array(text.unicodeScalars)
        guard let reading = read(scalars, from: 0), reading.end == scalars.count else { return nil }
        return reading
    }

    package func isGrouping(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == groupingSeparator || groupingAlternatives.contains(scalar) { return true }
        // A region that groups with a space takes every space typography uses for it: the thin
        // and figure spaces too ("1 234", "1 234").
        return groupsWithSpaces && Self.isTypographicSpace(scalar)
    }

    /// The spaces that group digits in print: space, no-break, narrow no-break, thin, figure.
    static func isTypographicSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{00A0}", "\u{202F}", "\u{2009}", "\u{2007}": true
        default: false
        }
    }

    /// Whether the separator at `index`, three digits after it, groups them: the region's
    /// separators, and a plain space where `plainSpaceIsLoose` lets it.
    private func groups(_ scalars: [Unicode.Scalar], at index: Int, amount: Amount, spaceGrouped: Bool) -> Bool {
        guard scalars[index] == " ", plainSpaceIsLoose else { return isGrouping(scalars[index]) }
        switch amount {
        case .none: return spaceGrouped || Self.isLooseGroup(scalars, at: index)
        case .symbolAfter: return spaceGrouped || Self.isLooseGroup(scalars, at: index) || listsPlainSpace
        case .symbolBefore: return true
        }
    }

    /// Whether the plain space at `index` is one of thousands where a plain space groups only
    /// loosely: three zeros follow it ("25 000"), or another group does ("1 250 000").
    private static func isLooseGroup(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        if scalars[(index + 1)...(index + 3)].allSatisfy({ $0 == "0" }) { return true }
        return index + 4 < scalars.count && scalars[index + 4] == " " && exactlyThreeDigits(scalars, at: index + 5)
    }

    private static func exactlyThreeDigits(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 2 < scalars.count,
            scalars[index].isASCIIDigit, scalars[index + 1].isASCIIDigit, scalars[index + 2].isASCIIDigit
        else { return false }
        return index + 3 >= scalars.count || !scalars[index + 3].isASCIIDigit
    }
}

/// The digits of a `Decimal`, exactly: sign, integer digits, fraction digits (no trailing zeros).
struct DecimalDigits {
    let isNegative: Bool
    let integer: [Unicode.Scalar]
    let fraction: [Unicode.Scalar]

    init(_ value: Decimal) {
        isNegative = value.isBelowZero
        if let (mantissa, exponent) = Self.smallParts(value) {
            // Fast path: the mantissa fits 64 bits (every price); no division by 10 per digit.
            var digits: [Unicode.Scalar] = []
            var rest = mantissa
            repeat {
                digits.append(Unicode.Scalar(UInt8(48 + rest % 10)))
                rest /= 10
            } while rest > 0
            digits.reverse()
            if exponent >= 0 {
                digits += repeatElement("0", count: exponent)
                integer = digits
                fraction = []
            } else {
                let shift = -exponent
                if digits.count <= shift { digits = Array(repeatElement("0", count: shift - digits.count + 1)) + digits }
                var tail = Array(digits[(digits.count - shift)...])
                while tail.last == "0" { tail.removeLast() }
                integer = Array(digits[..<(digits.count - shift)])
                fraction = tail
            }
            return
        }
        var text = value.description  // plain digits with "." — never exponent notation
        if text.hasPrefix("-") { text.removeFirst() }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts.first.map(String.init) ?? "0"
        var fractionPart = parts.count > 1 ? Array(parts[1].unicodeScalars) : []
        while fractionPart.last == "0" { fractionPart.removeLast() }
        integer = Array((integerPart.isEmpty ? "0" : integerPart).unicodeScalars)
        fraction = fractionPart
    }

    /// The mantissa and exponent of a finite `Decimal` whose mantissa fits 64 bits.
    static func smallParts(_ value: Decimal) -> (UInt64, Int)? {
        guard !value.isNaN, let mantissa = value.significand.exactInt64, mantissa >= 0 else { return nil }
        return (UInt64(mantissa), value.exponent)
    }

    /// A `Decimal` from its digits, without parsing a string when they fit 64 bits.
    static func decimal<Digits: Collection<Unicode.Scalar>>(integer: Digits, fraction: Digits) -> Decimal? {
        let count = integer.count + fraction.count
        guard count > 0 else { return nil }
        if count <= 19 {
            var mantissa: UInt64 = 0
            for scalar in integer { mantissa = mantissa * 10 + UInt64(scalar.value - 48) }
            for scalar in fraction { mantissa = mantissa * 10 + UInt64(scalar.value - 48) }
            return Decimal(sign: .plus, exponent: -fraction.count, significand: Decimal(mantissa))
        }
        let text = String(scalars: integer) + (fraction.isEmpty ? "" : "." + String(scalars: fraction))
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Decimal {
    /// Whether the value is below zero, read from its sign (NaN is not): `value < 0` compares
    /// two `Decimal`s, which costs a hundred times more.
    var isBelowZero: Bool { sign == .minus && !isNaN && !isZero }

    /// Digits after the decimal point, trailing zeros excluded: 32999.99 has 2, 5.10 has 1.
    var significantFractionDigits: Int {
        if let (mantissa, exponent) = DecimalDigits.smallParts(self) {
            guard exponent < 0, mantissa != 0 else { return 0 }
            var digits = -exponent
            var rest = mantissa
            while digits > 0, rest % 10 == 0 {
                rest /= 10
                digits -= 1
            }
            return digits
        }
        return DecimalDigits(self).fraction.count
    }

    /// The integer part, toward zero.
    var integerPart: Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, self < 0 ? .up : .down)
        return result
    }
}
