import Foundation

extension PluralOperands {
    /// The operands of a plain decimal string with "." as separator ("1.00", "-21", "0.5"); nil if not a number.
    ///
    /// Every digit written counts: "1.00" has v = 2 and reads as `other` in English, "1" as `one`.
    /// CLDR's compact sample form is read too: "1.1c6" (or "1.1e6") is 1 100 000 with e = 6, and
    /// "1.0000001c6" is 1 000 000.1 with v = 1.
    ///
    /// - Returns: nil for anything but `-?digits(.digits)?([ce]digits)?`: no spaces, no "+", no
    ///   grouping separators, no "," as decimal separator ("1,00" is the display of "1.00": pass that),
    ///   and nil for numbers a `Decimal` cannot hold exactly (more than 38 significant digits, more
    ///   than 127 fraction digits).
    package init?(_ text: String) {
        guard let parsed = ParsedNumber(text) else { return nil }
        self.init(parsed.value, visibleFractionDigits: parsed.visibleFractionDigits, exponent: parsed.exponent)
    }
}

/// A number as CLDR writes it in samples, read exactly: `-?digits(.digits)?([ce]digits)?`.
struct ParsedNumber {
    let value: Decimal
    let visibleFractionDigits: Int
    let exponent: Int
    /// The digits before the point, then after it, as written.
    let integerDigits: [UInt8]
    let fractionDigits: [UInt8]
    let isNegative: Bool

    init?(_ text: String) {
        var bytes = text.utf8[...]
        isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }

        func digitRun() -> [UInt8] {
            var run: [UInt8] = []
            while let byte = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                run.append(byte - UInt8(ascii: "0"))
                bytes = bytes.dropFirst()
            }
            return run
        }

        integerDigits = digitRun()
        guard !integerDigits.isEmpty else { return nil }
        var fractionDigits: [UInt8] = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = digitRun()
            guard !fractionDigits.isEmpty else { return nil }
        }
        self.fractionDigits = fractionDigits
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "c") || marker == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            let exponentDigits = digitRun()
            guard !exponentDigits.isEmpty, exponentDigits.count <= 4 else { return nil }
            exponent = exponentDigits.reduce(0) { $0 * 10 + Int($1) }
        }
        guard bytes.isEmpty else { return nil }
        self.exponent = exponent

        let visible = max(0, fractionDigits.count - exponent)
        guard visible <= PluralOperands.maximumFractionDigits else { return nil }
        visibleFractionDigits = visible

        // value = (all digits) × 10^(exponent − fraction digits), built exactly.
        var significant = (integerDigits + fractionDigits).drop { $0 == 0 }
        var scale = exponent - fractionDigits.count
        while significant.last == 0 {
            significant.removeLast()
            scale += 1
        }
        if significant.isEmpty {
            value = 0
        } else {
            guard significant.count <= 38, (-128...127).contains(scale) else { return nil }
            let magnitude = Decimal(sign: .plus, exponent: scale, significand: PluralInteger(digits: significant).decimal)
            value = isNegative ? -magnitude : magnitude
        }
    }
}
