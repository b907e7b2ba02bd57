/// Roman numerals in capitals, I to MMMCMXCIX, in their one canonical spelling: "XXI" is 21,
/// "IIII" and "IC" are not numerals.
enum RomanNumeral {
    static let digits: [Unicode.Scalar: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
    /// The greatest value written so.
    static let maximum = 3999

    private static let places: [(Int, String)] = [
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]

    /// The numeral of `value` (1…3999).
    static func written(_ value: Int) -> String {
        var rest = value
        var result = ""
        for (amount, letters) in places {
            while rest >= amount {
                result += letters
                rest -= amount
            }
        }
        return result
    }

    /// The value of `text`, nil unless it is the canonical numeral of a number from 1 to 3999.
    static func value(_ text: String) -> Int? {
        guard !text.isEmpty, text.unicodeScalars.count <= 15 else { return nil }
        var total = 0
        var previous = 0
        for scalar in text.unicodeScalars.reversed() {
            guard let digit = digits[scalar] else { return nil }
            total += digit < previous ? -digit : digit
            previous = max(previous, digit)
        }
        // Additive reading, then the round trip: only the canonical spelling comes back.
        guard (1...maximum).contains(total), written(total) == text else { return nil }
        return total
    }
}
