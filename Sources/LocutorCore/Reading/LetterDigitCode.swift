/// Codes written as one word of letters and digits: a booking reference "HX7K2P", a model
/// "WH-1000XM5", a reference "7XK9-2M", an error "0x80070005". No number in one is a number
/// ("2M" there is no two million, "0x8…" no multiplication): the normalizer reads such a word
/// whole, by a pattern, or leaves it as written, marked for the reviewer.
enum LetterDigitCode {
    /// The longest word looked at: past it a run of letters and digits is no code ("digits" of a
    /// hostile megabyte), and the question stays cheap at every position.
    static let longest = 40

    /// Where the code that starts at `index` ends, nil when none starts there: a word of letters
    /// and digits, or several joined by hyphens, not inside a longer word, in which
    /// - a number, two letters or more and a number follow one another ("1000XM5", "7XK9", "9QH3"),
    /// - or letters and digits take turns four times or more ("HX7K2P", "BX7-24Q9"), digits on
    ///   both sides of a hyphen counting once ("2025-11-27T14" is a date and a time),
    /// - or it is a hexadecimal number ("0x80070005").
    ///
    /// A single letter between numbers is a unit or a separator ("2x1", "18h30", "1m80",
    /// "12u30"), and "i7-12700H", "A320neo", "COVID-19" take turns three times at most: no codes.
    static func end(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        guard index < text.count, MoneyReader.isWordScalar(text[index]), !continuesWord(text, at: index) else { return nil }
        var end = index
        // Runs of one kind (digits or letters), hyphens inside runs of digits not breaking them.
        var turns = 0
        var previousKind: Bool?
        // The last three runs within one hyphen-free part, oldest first, and how many there are
        // (up to three): in plain values, since this is asked at the start of every word.
        var runs = ThreeRuns()
        var numberLettersNumber = false
        while end < text.count, end - index <= longest {
            let scalar = text[end]
            if scalar == "-", end + 1 < text.count, end > index, MoneyReader.isWordScalar(text[end + 1]) {
                runs = ThreeRuns()
                end += 1
                continue
            }
            guard MoneyReader.isWordScalar(scalar) else { break }
            let isDigit = scalar.isASCIIDigit
            if isDigit != previousKind {
                turns += 1
                previousKind = isDigit
            }
            runs.add(digit: isDigit)
            if runs.areNumberLettersNumber { numberLettersNumber = true }
            end += 1
        }
        guard end - index <= longest else { return nil }
        return numberLettersNumber || turns >= 4 || hexadecimalEnd(text, at: index) == end ? end : nil
    }

    /// Where a code that a word before it names ends ("Localizador ABC12D", "Folio: 8F3K-22QX"),
    /// nil when none starts at `index`: besides what `end` takes, a word of four characters or
    /// more of capitals (of any script: a Russian plate "Е001КХ") and digits that take turns three
    /// times at least, parts joined by hyphens, not inside a longer word.
    /// Only a `{code}` after such a word asks: elsewhere "A320neo" or "COVID-19" are no codes.
    static func namedEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        guard index < text.count, !continuesWord(text, at: index) else { return nil }
        var end = index
        // Runs of digits and of capitals: three at least, so both ("ABC12D"); a word and a number
        // ("FRETE10", "SAVE20") is a coupon, said as its word and its number.
        var turns = 0
        var previousKind: Bool?
        while end < text.count, end - index <= longest {
            let scalar = text[end]
            let isDigit = scalar.isASCIIDigit
            if isDigit || (scalar.properties.isUppercase && scalar.isLetterLike) {
                if isDigit != previousKind {
                    turns += 1
                    previousKind = isDigit
                }
            } else if scalar != "-" || end == index || end + 1 >= text.count
                || !(text[end + 1].isASCIIDigit || text[end + 1].properties.isUppercase)
            {
                // Only a hyphen between parts of the code goes on.
                break
            }
            end += 1
        }
        guard turns >= 3, end - index >= 4, end - index <= longest,
            end == text.count || !MoneyReader.isWordScalar(text[end])
        else { return nil }
        return end
    }

    /// The last three runs of one kind in a word, each digits or letters and its length.
    private struct ThreeRuns {
        private var digits: (Bool, Bool, Bool) = (false, false, false)
        private var lengths: (Int, Int, Int) = (0, 0, 0)
        private var count = 0

        /// One more scalar, a digit or not: it lengthens the last run or starts one.
        mutating func add(digit: Bool) {
            if count > 0, digits.2 == digit {
                lengths.2 += 1
                return
            }
            digits = (digits.1, digits.2, digit)
            lengths = (lengths.1, lengths.2, 1)
            count = min(count + 1, 3)
        }

        /// A number, two letters or more, and a number ("1000XM5").
        var areNumberLettersNumber: Bool { count == 3 && digits.0 && !digits.1 && lengths.1 >= 2 && digits.2 }
    }

    /// Where a hexadecimal number that starts at `index` ends ("0x80070005", "0xFF"), nil when
    /// none starts there: it is never read as a number, whatever a pattern makes of "0x8".
    static func hexadecimalEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        guard index + 3 < text.count, text[index] == "0", text[index + 1] == "x" || text[index + 1] == "X",
            !continuesWord(text, at: index)
        else { return nil }
        var end = index + 2
        while end < text.count, end - index <= longest, text[end].properties.isASCIIHexDigit { end += 1 }
        guard end - index >= 4, end - index <= longest, end == text.count || !MoneyReader.isWordScalar(text[end]) else { return nil }
        return end
    }

    /// Whether `index` is inside a word, or right after a hyphen inside one ("2M" of "7XK9-2M").
    static func continuesWord(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0 else { return false }
        if MoneyReader.isWordScalar(text[index - 1]) { return true }
        return text[index - 1] == "-" && index > 1 && MoneyReader.isWordScalar(text[index - 2])
    }

    /// Whether a match that ends at `end` stops inside a code: the word before `end` goes on
    /// after it (a letter or digit, or a hyphen and one), and that word is a code.
    static func cuts(_ text: [Unicode.Scalar], at end: Int) -> Bool {
        guard end > 0, end < text.count, MoneyReader.isWordScalar(text[end - 1]) || text[end - 1] == "-" else { return false }
        let goesOn =
            MoneyReader.isWordScalar(text[end])
            ? continuesWord(text, at: end)
            : text[end] == "-" && end + 1 < text.count && MoneyReader.isWordScalar(text[end + 1])
        guard goesOn else { return false }
        // Back to where the word starts, no further than a code reaches.
        var start = end - 1
        while start > 0, end - start <= longest, continuesWord(text, at: start) { start -= 1 }
        guard let codeEnd = Self.end(text, at: start) else { return false }
        return codeEnd > end
    }
}
