import Foundation

/// Finds amounts of money in a region's display text: "$ 1.299.900", "R$ 1.299,90",
/// "1 234,56 ₽", "-$ 1.000", "$-1.000", "- R$ 5,00", "US$ 100", "S/ 49.90".
///
/// The symbol may come before or after the number, with or without a space (plain, no-break or
/// narrow no-break); a minus (hyphen-minus or U+2212) may come before the symbol or between the
/// symbol and the number. Symbols are the region's (`$` is pesos in es-AR, dollars in en-US) and
/// every ISO code of a known currency.
struct MoneyReader: Sendable {
    struct Reading {
        let value: Decimal
        let currency: CurrencyCode
        let fractionDigits: Int
        let end: Int
        /// A scale written after the number: "$12 billion", "4,5 тыс. ₽".
        var scale: Scale? = nil
        /// What a `{value}` amount is per, as said ("~$180/mo": month).
        var per: String? = nil
    }

    private let numbers: NumberFormat
    /// `MoneyConventions.dotGroupsAmounts`, where the region's decimal separator is the dot.
    private let dotGroupsAmounts: Bool
    /// Whether the region writes the symbol before the amount (`display` "¤ #"): there a symbol
    /// between two numbers is the second one's ("Combo 2 $ 5.990", "iPhone 15 $799").
    private let symbolFirst: Bool
    let scales: ScaleTable
    /// The currencies the language names, which a code after an amount may state.
    private let knownCodes: Set<CurrencyCode>
    /// Longest first, so "US$" wins over "$".
    /// The symbols by their first character, longest first: a position tries only those that can
    /// start there (CLDR gives a region hundreds of symbols).
    private let symbolsByFirst: [Unicode.Scalar: [(scalars: [Unicode.Scalar], currency: CurrencyCode)]]
    /// What an amount can start with besides a digit or a minus: the symbols' first characters.
    private let symbolStarts: Set<Unicode.Scalar>
    /// The words that join a scale to the currency after it, from `after-millions` ("de", "d’"):
    /// "1 millón de $", "3 bilhões de US$".
    private let scaleJoiners: [[Unicode.Scalar]]

    init(profile: RegionProfile) {
        numbers = profile.numbers
        dotGroupsAmounts = profile.money.dotGroupsAmounts && profile.numbers.decimalSeparator == "."
        symbolFirst = profile.money.display.hasPrefix("¤")
        scales = ScaleTable(profile.writing.scales)
        var table = profile.money.symbols.map { (Array($0.key.unicodeScalars), $0.value) }
        for code in profile.currencyDigits.keys
        where profile.money.symbols[code.rawValue] == nil && !profile.money.noCurrency.contains(code.rawValue) {
            table.append((Array(code.rawValue.unicodeScalars), code))
        }
        // Longest first, then by text (each symbol's text made once, not at every comparison).
        let symbols = table.map { (written: String(scalars: $0.0), entry: $0) }
            .sorted { ($0.entry.0.count, $0.written) > ($1.entry.0.count, $1.written) }.map(\.entry)
        symbolsByFirst = Dictionary(grouping: symbols.filter { !$0.0.isEmpty }) { $0.0[0] }
        knownCodes = Set(profile.currencies.keys.filter { !profile.money.noCurrency.contains($0.rawValue) })
        symbolStarts = Set(symbolsByFirst.keys)
        scaleJoiners = profile.afterMillions?.joiners ?? []
    }

    /// Whether a symbol is a currency's name in words: four lower-case letters or more ("euros",
    /// "reais"; "usd" is a code).
    private static func isName(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        range.count >= 4 && text[range.lowerBound].properties.isLowercase && range.allSatisfy { text[$0].isLetterLike }
    }

    /// What an amount can start with: a digit, a minus sign, the first character of a symbol.
    var startSet: StartSet { StartSet(digits: true, scalars: symbolStarts.union(["-", "\u{2212}", "\u{2013}"])) }

    /// The amount that starts at `start`, if one does.
    func read(_ text: [Unicode.Scalar], at start: Int) -> Reading? {
        guard start < text.count else { return nil }
        let first = text[start]
        let enDash = Self.isEnDashMinus(text, at: start)
        guard first.isASCIIDigit || Self.isMinus(first) || enDash || symbolStarts.contains(first) else { return nil }
        var index = start
        var negative = false
        if enDash {
            negative = true
            index += 1
        } else if Self.isMinus(text[index]) {
            let after = skipSpaces(text, from: index + 1)
            // A dash with a space after it that follows a word separates the two ("1º lugar -
            // R$ 10 mil"): a minus sign is glued to its amount, or starts what is said ("- R$ 89,90").
            if after > index + 1, Self.follows(text, at: index, Self.isWordScalar) { return nil }
            negative = true
            index = after
        }
        // Symbol first: "$ 1.000", "-$ 1.000", "$-1.000". A currency's name in words stands only
        // after the amount ("9,99 euros"; "les euros 2024" is no amount).
        if let (currency, afterCode) = symbol(text, at: index), !Self.isName(text, index..<afterCode) {
            // A code before a sign says which currency the sign is: "USD $20", "MXN $1,299", "BRL R$ 20".
            var afterSymbol = afterCode
            if isCurrencyCode(text, index..<afterCode), let (_, end) = symbol(text, at: skipSpaces(text, from: afterCode)) {
                afterSymbol = end
            }
            var cursor = skipSpaces(text, from: afterSymbol)
            // A single letter glued to digits is a name ("L1" a metro line, "Q1" a quarter), and a
            // number led by a zero no amount ("MAD 07:15" an airport and a time).
            if afterSymbol - index == 1, text[index].isASCII, text[index].properties.isAlphabetic, cursor == afterSymbol { return nil }
            if cursor + 1 < text.count, text[cursor] == "0", text[cursor + 1].isASCIIDigit { return nil }
            var sign = negative
            if !sign, cursor < text.count, Self.isMinus(text[cursor]) {
                // A symbol of letters joined by a hyphen to digits is a reference ("#R-55812").
                if cursor == afterSymbol, text[afterSymbol - 1].isLetterLike { return nil }
                sign = true
                cursor = skipSpaces(text, from: cursor + 1)
            }
            guard var number = numbers.read(text, from: cursor, amount: .symbolBefore) else { return nil }
            Self.addSuperscriptCents(&number, text)
            addDotCents(&number, text)
            groupThousands(&number)
            let scale = scales.longest(text, after: number.end, afterSymbol: true)
            let end = scale?.end ?? number.end
            guard scale != nil || endsWord(text, at: number.end) else { return nil }
            if scale == nil {
                let isCode = isCurrencyCode(text, index..<afterCode)
                // A code of letters before a number with one decimal is a measure's name, no price:
                // "INR 2.4" is a blood test's ratio, never two rupees forty.
                if number.fractionDigits == 1, isCode, afterSymbol == afterCode { return nil }
                // A time or a date goes on after the digits: "MAD 10:20" is Madrid's airport at ten
                // twenty, "CAD 12/05" no amount.
                if number.end + 1 < text.count, text[number.end + 1].isASCIIDigit,
                    text[number.end] == ":" || (text[number.end] == "/" && isCode)
                {
                    return nil
                }
            }
            // "$ 2.300.000 COP": a code after the amount says which currency the symbol is.
            var stated = currency
            var finalEnd = end
            let codeStart = skipSpaces(text, from: end)
            if let (code, codeEnd) = isoCode(text, at: codeStart) {
                stated = code
                finalEnd = codeEnd
            }
            return Reading(
                value: sign ? -number.value : number.value, currency: stated,
                fractionDigits: number.fractionDigits, end: finalEnd, scale: scale?.scale)
        }
        // Number first: "1 234,56 ₽", "32,99 €".
        guard index < text.count, text[index].isASCIIDigit,
            start == 0 || negative || !Self.isWordScalar(text[start - 1])
        else { return nil }
        guard var number = numbers.read(text, from: index, amount: .symbolAfter) else { return nil }
        Self.addSuperscriptCents(&number, text)
        addDotCents(&number, text)
        groupThousands(&number)
        let scale = scales.longest(text, after: number.end)
        var cursor = skipSpaces(text, from: scale?.end ?? number.end)
        if scale != nil, symbol(text, at: cursor) == nil, let joined = afterJoiner(text, at: cursor) { cursor = joined }
        guard let (currency, afterSymbol) = symbol(text, at: cursor) else { return nil }
        if symbolFirst, !Self.isName(text, cursor..<afterSymbol), read(text, at: cursor) != nil { return nil }
        return Reading(
            value: negative ? -number.value : number.value, currency: currency,
            fractionDigits: number.fractionDigits, end: afterSymbol, scale: scale?.scale)
    }

    /// Cents written as two superscript digits right after a whole amount, as shelf labels and
    /// flyers print them ("€ 12⁹⁹", "$4⁹⁹"): read into the amount.
    static func addSuperscriptCents(_ number: inout NumberFormat.Reading, _ text: [Unicode.Scalar]) {
        let at = number.end
        // A tenth of a cent after cents, as a pump prints it: "$3.45⁹", "$3.29 ⁹⁄₁₀", "$4.09 9/10"
        // (three point four five nine dollars).
        if number.fractionDigits == 2, let (tenth, end) = tenthOfCent(text, at: at) {
            let value = Decimal(tenth) / 1000
            number = NumberFormat.Reading(
                value: number.value.isBelowZero ? number.value - value : number.value + value, fractionDigits: 3,
                isGrouped: number.isGrouped, end: end)
            return
        }
        guard number.fractionDigits == 0, at + 2 <= text.count, let tens = superscriptDigit(text[at]),
            let ones = superscriptDigit(text[at + 1]),
            at + 2 == text.count || (superscriptDigit(text[at + 2]) == nil && !isWordScalar(text[at + 2]))
        else { return }
        let cents = Decimal(tens * 10 + ones) / 100
        number = NumberFormat.Reading(
            value: number.value.isBelowZero ? number.value - cents : number.value + cents, fractionDigits: 2,
            isGrouped: number.isGrouped, end: at + 2)
    }

    /// "S/ 2.500", "$15.000" where the shop's dot groups thousands (`dotGroupsAmounts`).
    private func groupThousands(_ number: inout NumberFormat.Reading) {
        guard dotGroupsAmounts, let thousands = Self.dotGroupedThousands(number) else { return }
        number = thousands
    }

    /// A number read with three digits after a point, as the thousands the point groups where a
    /// region's shops group with it: two digits or more stand before the point or the three end
    /// in "00" ("2.500", "15.000"); nil otherwise, an exchange rate keeping its decimals ("3.745").
    /// With `anyValue`, every such number (a unit says the point groups: "6.768 m" in Peru).
    static func dotGroupedThousands(_ number: NumberFormat.Reading, anyValue: Bool = false) -> NumberFormat.Reading? {
        guard number.fractionDigits == 3, !number.isGrouped else { return nil }
        let thousands = number.value * 1000
        guard anyValue || number.value >= 10 || thousands.exactInt64.map({ $0 % 100 == 0 }) == true else { return nil }
        return NumberFormat.Reading(value: thousands, fractionDigits: 0, isGrouped: true, end: number.end)
    }

    /// Cents after a dot where the region writes neither decimals nor groups with one: a price
    /// copied as the US writes it ("$1.99" in Russian text) is one dollar ninety-nine.
    private func addDotCents(_ number: inout NumberFormat.Reading, _ text: [Unicode.Scalar]) {
        let at = number.end
        guard number.fractionDigits == 0, numbers.decimalSeparator != ".", numbers.groupingSeparator != ".",
            !numbers.groupingAlternatives.contains("."), at + 3 <= text.count, text[at] == ".", text[at + 1].isASCIIDigit,
            text[at + 2].isASCIIDigit, at + 3 == text.count || !Self.isWordScalar(text[at + 3])
        else { return }
        let cents = Decimal(Int(text[at + 1].value - 48) * 10 + Int(text[at + 2].value - 48)) / 100
        number = NumberFormat.Reading(
            value: number.value.isBelowZero ? number.value - cents : number.value + cents, fractionDigits: 2,
            isGrouped: number.isGrouped, end: at + 3)
    }

    /// A tenth of a cent written after a price's cents, and where it ends: one superscript digit
    /// ("⁹"), one over ten in small digits ("⁹⁄₁₀"), or "9/10" after a space.
    private static func tenthOfCent(_ text: [Unicode.Scalar], at start: Int) -> (Int, Int)? {
        func ends(_ end: Int) -> Bool { end == text.count || !isWordScalar(text[end]) && superscriptDigit(text[end]) == nil }
        var at = start
        while at < text.count, isSpace(text[at]), at - start < 2 { at += 1 }
        guard at < text.count else { return nil }
        if let digit = superscriptDigit(text[at]) {
            if at + 3 < text.count, text[at + 1] == "\u{2044}", text[at + 2] == "\u{2081}", text[at + 3] == "\u{2080}", ends(at + 4) {
                return (digit, at + 4)
            }
            return at == start && ends(at + 1) ? (digit, at + 1) : nil
        }
        guard at > start, at + 4 <= text.count, text[at].isASCIIDigit, text[at] != "0", text[at + 1] == "/", text[at + 2] == "1",
            text[at + 3] == "0", at + 4 == text.count || !isWordScalar(text[at + 4]) && text[at + 4] != "/"
        else { return nil }
        return (Int(text[at].value - 48), at + 4)
    }

    /// The digit a superscript digit writes ("⁹" 9), nil for any other scalar.
    static func superscriptDigit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x2070: 0
        case 0xB9: 1
        case 0xB2: 2
        case 0xB3: 3
        case 0x2074...0x2079: Int(scalar.value - 0x2070)
        default: nil
        }
    }

    /// Whether `range` of `text` spells a currency code the region knows ("USD").
    func isCurrencyCode(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        range.count == 3 && CurrencyCode(String(scalars: text, range)).map(knownCodes.contains) == true
    }

    /// An ISO 4217 code the region knows, standing as its own word at `index`.
    private func isoCode(_ text: [Unicode.Scalar], at index: Int) -> (CurrencyCode, Int)? {
        guard index + 3 <= text.count, index + 3 == text.count || !Self.isWordScalar(text[index + 3]),
            let code = CurrencyCode(String(scalars: text, index..<(index + 3))), knownCodes.contains(code)
        else { return nil }
        return (code, index + 3)
    }

    /// A symbol at `index` that stands as its own word.
    private func symbol(_ text: [Unicode.Scalar], at index: Int) -> (CurrencyCode, Int)? {
        guard index < text.count, let candidates = symbolsByFirst[text[index]] else { return nil }
        for (scalars, currency) in candidates where index + scalars.count <= text.count {
            guard Normalizer.hasPrefix(text, scalars, at: index) else { continue }
            let end = index + scalars.count
            // A symbol of letters starts a word, or follows its amount's digits ("100р", "20USD").
            if let first = scalars.first, first.isLetterLike, index > 0, Self.isWordScalar(text[index - 1]),
                !text[index - 1].isASCIIDigit
            {
                continue
            }
            if let last = scalars.last, last.isLetterLike, end < text.count, text[end].isLetterLike { continue }
            return (currency, end)
        }
        return nil
    }

    /// Whether a number ending at `index` is not glued to a following word ("$1000abc").
    private func endsWord(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        index >= text.count || !text[index].isLetterLike
    }

    /// Where the currency starts after a word that joins it to a scale ("de $", "d’€"), nil when
    /// none is written at `index`: a joiner that ends in a letter has a space after it.
    private func afterJoiner(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        for joiner in scaleJoiners where index + joiner.count < text.count {
            guard joiner.indices.allSatisfy({ text[index + $0] == joiner[$0] || joiner[$0] == "’" && text[index + $0] == "'" }) else {
                continue
            }
            let end = index + joiner.count
            let cursor = skipSpaces(text, from: end)
            if joiner.last?.isLetterLike == true, cursor == end { continue }
            return cursor
        }
        return nil
    }

    private func skipSpaces(_ text: [Unicode.Scalar], from index: Int) -> Int {
        var cursor = index
        while cursor < text.count, Self.isSpace(text[cursor]) { cursor += 1 }
        return cursor
    }

    static func isMinus(_ scalar: Unicode.Scalar) -> Bool { scalar == "-" || scalar == "\u{2212}" }

    /// Whether the en dash at `index` is a minus sign, as word processors make of a typed
    /// hyphen: glued to what follows, at the start of the text or of a word, no number before it
    /// ("Température –3 °C", "Saldo –€ 125,60"). Between numbers it joins a range ("10–20",
    /// "10 – 20", "10 –20").
    static func isEnDashMinus(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard text[index] == "\u{2013}", index + 1 < text.count, !isSpace(text[index + 1]) else { return false }
        guard index == 0 || isSpace(text[index - 1]) || text[index - 1] == "(" else { return false }
        return !follows(text, at: index) { $0.isASCIIDigit || $0 == "%" }
    }

    /// Whether the scalar before `index`, spaces between allowed, is one `kind` is true of.
    static func follows(_ text: [Unicode.Scalar], at index: Int, _ kind: (Unicode.Scalar) -> Bool) -> Bool {
        var before = index
        while before > 0, isSpace(text[before - 1]) { before -= 1 }
        return before > 0 && kind(text[before - 1])
    }

    /// A space between words or a symbol and its amount: any of the spaces typography uses.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}" || scalar == "\t" || (0x2002...0x200A).contains(scalar.value)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isLetterLike || scalar.isASCIIDigit
    }

    /// Whether what comes after `scalar` is inside the same word: a letter or digit, or the
    /// underscore of a user name or a file ("jen_88", "IMG_0042").
    static func joinsWord(_ scalar: Unicode.Scalar) -> Bool {
        isWordScalar(scalar) || scalar == "_"
    }
}
