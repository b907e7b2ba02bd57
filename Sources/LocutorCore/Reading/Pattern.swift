/// A rule of the normalizer, written in a language or region file: what text it matches and
/// what is said for it.
///
/// ```yaml
/// - name: range
///   match: "{value} {one-of:-,–,—} {value}"
///   say: "from {1} to {3}"
/// ```
///
/// In `match`, text in braces captures (numbered from 1, in order), a space matches any run of
/// white space (or none), and everything else must be written as it is. Captures:
///
/// | capture | matches |
/// | --- | --- |
/// | `{number}` | a number in the region's format ("1.299,90") |
/// | `{integer}`, `{digit}` | digits without grouping; one digit |
/// | `{day}`, `{month}`, `{year}` | 1–31, 1–12 (one or two digits); four digits |
/// | `{day2}`, `{month2}` | 01–31, 01–12: always two digits ("22/09" is a date, "3/4" a fraction) |
/// | `{day:13-31}` (any capture of digits) | one whose value is in the range ("20/4" a date, "3/4" a fraction) |
/// | `{roman}` | a Roman numeral in capitals, I to MMMCMXCIX, as its value ("XXI") |
/// | `{roman:2-39}` | one of two letters or more, of a value in the range ("IV", not "V" or "XL") |
/// | `{two-digits}` | exactly two digits, 00–99 ("$9.99" cents, "'85") |
/// | `{name}` | a word that starts with a capital ("Brugge", "Charles", "Main"), kept as written |
/// | `{letters}`, `{letters:а-я,ё}` | a word of three letters or more that starts with a lower-case letter ("комнатная" in "2-комнатная"), every letter in the ranges given, kept as written |
/// | `{hour}`, `{minute}` | 0–23 (one or two digits); 00–59 (two digits) |
/// | `{amount}` | money ("$ 1.000") |
/// | `{value}` | the longest of an amount, a pattern named `time`, or a number with its unit |
/// | `{unit}` | a unit of the language's `units` |
/// | `{word:a,b}` | one of these words, whole, in any case |
/// | `{one-of:a,b}` | one of these texts, exactly |
/// | `{NAME}` | what another pattern named NAME matches (no cycles) |
///
/// A pattern named with a leading "_" (`_pm-hour`) is only a part of others: it is never
/// matched on its own, and it is the language's own (`lexicon check` does not ask the other
/// languages for it).
///
/// In `say`, `{N}` says capture N the usual way, and `{N:FORMAT}` another way: `ordinal`, `year`,
/// `month`, `month-genitive`, `genitive`, `percent`, `discount`, `count:NOUN`, or a spell-out
/// rule set such as `%spellout-ordinal-neuter`. An `{integer}` written with leading zeros says
/// them ("007"). For an hour in a pattern with a `{day-period}`: `24h` is the hour on the 24-hour
/// clock ("8 PM" → 20), followed by another format if needed (`{1:24h:%spellout-cardinal-feminine}`),
/// and `day-part` is what the language calls that time of day ("de la noche"). `plural:one=à,other=às`
/// says the text of the number's plural category; `singular` says a `{unit}` in the singular
/// ("por kilogramo"); `digits` says a number's digits one by one, as written ("4821");
/// `compound` says it as the first part of a compound word (`spellout.compound`: "2-комнатная" →
/// двухкомнатная). The label form is `say` with numbers as digits,
/// or, with `label: written`, the text as written ("2nd"). `alone`, in the same form as `say`, is
/// said instead when the match is the whole text, spaces aside (a time in a cell of its own).
package final class Pattern: Sendable {
    package enum Element: Sendable, Equatable {
        case literal([Unicode.Scalar])
        case space
        case capture(Capture)
    }

    package enum Capture: Sendable, Hashable {
        case number, integer, digit, day, month, year, hour, minute, second, amount, value, unit
        /// A day or month of exactly two digits ("05").
        case day2, month2
        /// A Roman numeral in capitals ("XXI"), as its value; with values (`{roman:2-39}`), only
        /// one of two letters or more in that range ("Rocky IV", never "Vitamina C" or "Talla XL").
        case roman(ClosedRange<Int>?)
        /// Exactly two digits, 00–99.
        case twoDigits
        /// One to three digits, 0–255, with no leading zero: a part of an IPv4 address
        /// ("192.168.0.1"), which no group of thousands past 255 or written "000" can be.
        case byte
        /// Exactly four digits, 0000–9999: a number of that width that need not be a year
        /// ({year} is 1000–2999), such as a colour temperature ("6500K").
        case fourDigits
        /// A word that starts with a capital letter.
        case name
        /// A code of letters and digits read whole ("HX7K2P", "9QH3-7721"), as written.
        case code
        /// A word of three letters or more that starts with a lower-case letter, kept as written;
        /// every letter in these ranges when there are any (`{letters:а-я,ё}`: a Russian word).
        case letters([ClosedRange<Unicode.Scalar>])
        /// A month's name or abbreviation ("agosto", "ago.", "Sept"), as its number.
        case monthName
        /// A weekday's name or abbreviation ("lun.", "Monday"), as its number (Sunday 1).
        case weekday
        /// AM or PM in any of the region's spellings ("a. m.", "PM", "pm"), as 0 or 1.
        case dayPeriod
        case word(Set<String>)
        case oneOf([[Unicode.Scalar]])
        case pattern(PatternName)
        /// A capture of digits limited to values in a range (`{day:13-31}`: a day that can be no
        /// month, so "20/4" is a date where "3/4" is a fraction).
        indirect case within(Capture, ClosedRange<Int>)

        static let simple: [String: Capture] = [
            "number": .number, "integer": .integer, "digit": .digit, "day": .day, "month": .month, "year": .year,
            "hour": .hour, "minute": .minute, "second": .second, "amount": .amount, "value": .value, "unit": .unit,
            "month-name": .monthName, "weekday": .weekday, "day-period": .dayPeriod, "day2": .day2, "month2": .month2,
            "roman": .roman(nil), "two-digits": .twoDigits, "four-digits": .fourDigits, "byte": .byte, "name": .name,
            "letters": .letters([]), "code": .code,
        ]

        /// Whether the capture reads every digit of the run it starts on, or nothing.
        var readsWholeDigitRun: Bool { self == .integer || digitLimits != nil }

        /// How many digits the capture reads and the values it allows, for those that read a
        /// fixed run of digits ({day}: one or two, 1–31).
        var digitLimits: (width: ClosedRange<Int>, values: ClosedRange<Int>)? {
            switch self {
            case .day: (1...2, 1...31)
            case .month: (1...2, 1...12)
            case .day2: (2...2, 1...31)
            case .month2: (2...2, 1...12)
            case .twoDigits: (2...2, 0...99)
            case .fourDigits: (4...4, 0...9999)
            case .byte: (1...3, 0...255)
            case .year: (4...4, 1000...2999)
            case .hour: (1...2, 0...23)
            case .minute, .second: (2...2, 0...59)
            case let .within(inner, values):
                inner.digitLimits.map { limits in
                    (limits.width, max(limits.values.lowerBound, values.lowerBound)...min(limits.values.upperBound, values.upperBound))
                }
            default: nil
            }
        }

        /// The capture a value range limits, or the capture itself.
        var unlimited: Capture { if case let .within(inner, _) = self { inner } else { self } }

        var isNumeric: Bool { self == .number || self == .digit || readsWholeDigitRun }

        var isRoman: Bool { if case .roman = self { true } else { false } }
    }

    package enum Format: Sendable, Equatable {
        case plain, ordinal, year, month, monthGenitive, genitive, percent, discount
        /// A day of the month, the way the language says it in a date ("primero", "first").
        case day
        /// A weekday's full name.
        case weekday
        /// A decade: the year's words in the plural ("nineteen seventies").
        case decade
        /// What the language says for AM or PM ("a m", "de la tarde").
        case dayPeriod
        case count(Noun)
        case ruleSet(String)
        /// The hour on the 24-hour clock, by the pattern's `{day-period}`, then said as `Format`.
        indirect case hour24(Format)
        /// What the language calls the time of day of an hour ("de la noche", "вечера").
        case dayPart
        /// A text by the number's plural category.
        case plural([PluralCategory: String])
        /// A unit in the singular.
        case singular
        /// The digits as written, one by one ("007" → zero zero seven).
        case digits
        /// Character by character: letters as written, each apart; digits as numbers ("HX7K2P" →
        /// H X seven K two P); a hyphen a pause.
        case spelled
        /// The number as the first part of a compound word (`SpellOutRules.compound`).
        case compound
    }

    package enum SayPiece: Sendable {
        case text(String)
        case capture(Int, Format)
    }

    package let name: String?
    package let elements: [Element]
    package let say: [SayPiece]
    /// What is said instead of `say` when the match is the whole text (`alone:`): a time alone
    /// in a cell is "las dieciocho y treinta" where "a las 18:30" writes its article.
    package let alone: [SayPiece]?
    /// With `label: written`, the label form keeps the text as written ("2nd"); otherwise the
    /// label is `say` with numbers as digits.
    package let labelKeepsWritten: Bool
    /// Where the pattern was written, for messages.
    package let location: SourceLocation
    /// Whether `say` says a capture as a discount ("{1:discount}"), which a discount word
    /// before the match turns into its percentage alone.
    package let saysDiscount: Bool
    /// Whether the pattern is named `score`: two numbers that a range would not take ("2-2"),
    /// bare numbers only, never with a minus sign before the second ("35 -1,2 %").
    let isScore: Bool

    /// A class, not a struct: the normalizer passes patterns around at every position it tries,
    /// and a reference is one retain where a struct of arrays and strings is several.
    /// What kind of text the pattern reads, for reports: its name when that says it ("date",
    /// "time", "range", "ordinal", "percent", "fraction"), else what its captures and formats are.
    package let reading: Utterance.Reading

    init(
        name: String?, elements: [Element], say: [SayPiece], alone: [SayPiece]? = nil, labelKeepsWritten: Bool,
        location: SourceLocation
    ) {
        self.name = name
        self.elements = elements
        self.say = say
        self.alone = alone
        self.labelKeepsWritten = labelKeepsWritten
        self.location = location
        reading = Self.reading(name: name, elements: elements, say: say)
        startsWord = elements.first.map(Self.startsWord) ?? false
        saysDiscount = say.contains { if case .capture(_, .discount) = $0 { true } else { false } }
        isScore = name == "score"
    }

    /// Whether the pattern starts with a word, digits or what reads them, so that it never
    /// starts right after a letter or digit. Worked out once: the matcher asks for every
    /// candidate at every position, and looking at the first element there copied it (and
    /// counted a reference to its contents, shared by every core).
    let startsWord: Bool

    private static func startsWord(_ first: Element) -> Bool {
        switch first {
        case let .literal(scalars): scalars.first.map(MoneyReader.isWordScalar) == true
        case let .capture(capture) where capture.isNumeric || capture == .unit: true
        case .capture(.word), .capture(.monthName), .capture(.weekday), .capture(.dayPeriod), .capture(.name), .capture(.letters),
            .capture(.code):
            true
        default: false
        }
    }

    /// Names that say what a pattern reads, found in a pattern's name as bytes (`utf8Offset`: no
    /// locale-aware search, and the generic `firstRange(of:)` was a twentieth of loading a region).
    private static let readingsByName: [(name: String, reading: Utterance.Reading)] = [
        ("date", .date), ("time", .time), ("range", .range), ("ordinal", .ordinal), ("percent", .percent),
        ("discount", .percent), ("fraction", .fraction), ("score", .number), ("phone", .number),
    ]

    /// Worked out once per pattern when the voices load, for every pattern of every language:
    /// no arrays made here, only looks through the pattern's own.
    private static func reading(name: String?, elements: [Element], say: [SayPiece]) -> Utterance.Reading {
        func reading(named name: String) -> Utterance.Reading? {
            readingsByName.first { name.utf8Offset(of: $0.name) != nil }?.reading
        }
        if let name, let match = reading(named: name) { return match }
        var isTime = false
        var isDate = false
        var hasAmount = false
        var hasUnit = false
        var isNumeric = false
        for case let .capture(capture) in elements {
            if case let .pattern(part) = capture, let match = reading(named: part.name) { return match }
            switch capture.unlimited {
            case .hour, .minute, .second, .dayPeriod: isTime = true
            case .day, .month, .year, .day2, .month2, .monthName, .weekday: isDate = true
            case .amount: hasAmount = true
            case .unit, .value: hasUnit = true
            default: break
            }
            if capture.isNumeric || capture.isRoman { isNumeric = true }
        }
        if isTime { return .time }
        if isDate { return .date }
        var isOrdinal = false
        var isPercent = false
        for case let .capture(_, format) in say {
            switch format {
            case .ordinal: isOrdinal = true
            case .percent, .discount: isPercent = true
            default: break
            }
        }
        if isOrdinal { return .ordinal }
        if isPercent { return .percent }
        if hasAmount { return .currency }
        if hasUnit { return .unit }
        if isNumeric { return .number }
        return .abbreviation
    }
}

extension Pattern {
    /// Reads one entry of a `patterns` list, reporting every problem at its column.
    static func read(_ node: DataNode, context: PatternContext, reader: inout DataReader) -> Pattern? {
        guard let fields = reader.fields(node, "a pattern", required: ["match", "say"], optional: ["name", "label", "alone"]) else {
            return nil
        }
        let labelKeepsWritten = fields["label"].flatMap { reader.choice($0, "the pattern's label", from: ["written"]) } == "written"
        let name = fields["name"].flatMap { reader.string($0, "the pattern name") }
        guard let matchNode = fields["match"], let match = reader.string(matchNode, "the pattern's match"),
            let sayNode = fields["say"], let say = reader.string(sayNode, "the pattern's say")
        else { return nil }
        guard let elements = parseMatch(match, node: matchNode, context: context, reader: &reader) else { return nil }
        let captures = elements.filter { if case .capture = $0 { return true } else { return false } }.count
        guard let pieces = parseSay(say, node: sayNode, captures: captures, context: context, reader: &reader) else { return nil }
        var alone: [SayPiece]?
        if let aloneNode = fields["alone"] {
            guard let text = reader.string(aloneNode, "what the pattern says alone"),
                let parsed = parseSay(text, node: aloneNode, captures: captures, context: context, reader: &reader)
            else { return nil }
            alone = parsed
        }
        return Pattern(
            name: name, elements: elements, say: pieces, alone: alone, labelKeepsWritten: labelKeepsWritten, location: node.location)
    }

    private static func parseMatch(_ text: String, node: DataNode, context: PatternContext, reader: inout DataReader) -> [Element]? {
        var elements: [Element] = []
        var literal: [Unicode.Scalar] = []
        var valid = true
        let scalars = Array(text.unicodeScalars)
        func flush() {
            if !literal.isEmpty { elements.append(.literal(literal)) }
            literal = []
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " {
                flush()
                if elements.last != .space { elements.append(.space) }
                index += 1
            } else if scalar == "{" {
                guard let close = scalars[index...].firstIndex(of: "}") else {
                    reader.report(
                        node.location(atCharacter: index), "a '{' that is never closed in the pattern '\(text)'",
                        fix: "close the capture with '}'")
                    return nil
                }
                flush()
                let body = String(scalars: scalars[(index + 1)..<close])
                if let capture = parseCapture(body, at: node.location(atCharacter: index), context: context, reader: &reader) {
                    elements.append(.capture(capture))
                } else {
                    valid = false
                }
                index = close + 1
            } else {
                literal.append(scalar)
                index += 1
            }
        }
        flush()
        while elements.first == .space { elements.removeFirst() }
        while elements.last == .space { elements.removeLast() }
        if elements.isEmpty {
            reader.report(node.location, "the pattern matches nothing", fix: "write what it matches, such as \"{number}%\"")
            return nil
        }
        return valid ? elements : nil
    }

    private static func parseCapture(
        _ body: String, at location: @autoclosure () -> SourceLocation, context: PatternContext, reader: inout DataReader
    )
        -> Capture?
    {
        if let simple = Capture.simple[body] { return simple }
        if let colon = body.firstIndex(of: ":") {
            let kind = String(body[..<colon])
            let items = body[body.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !items.isEmpty, items.allSatisfy({ !$0.isEmpty }) else {
                reader.report(location(), "{\(body)} has an empty choice", fix: "write the choices between commas: {\(kind):a,b}")
                return nil
            }
            switch kind {
            case "word": return .word(Set(items.map { $0.lowercased() }))
            case "one-of": return .oneOf(items.map { Array($0.unicodeScalars) }.sorted { $0.count > $1.count })
            case let kind where Capture.simple[kind]?.digitLimits != nil:
                let values = Capture.simple[kind]?.digitLimits?.values ?? 0...0
                guard items.count == 1, let range = DataReader.range(items[0], within: values), let inner = Capture.simple[kind] else {
                    reader.report(
                        location(), "{\(body)} is not a range of values of {\(kind)} (\(values.lowerBound)–\(values.upperBound))",
                        fix: "write the least and the greatest value: {\(kind):\(values.lowerBound)-\(values.upperBound)}")
                    return nil
                }
                return .within(inner, range)
            case "roman":
                guard items.count == 1, let range = DataReader.range(items[0], within: 1...RomanNumeral.maximum) else {
                    reader.report(
                        location(), "{\(body)} is not a range of values", fix: "write the least and the greatest value: {roman:2-39}")
                    return nil
                }
                return .roman(range)
            case "letters":
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                for item in items {
                    let scalars = Array(item.unicodeScalars)
                    if scalars.count == 1 {
                        ranges.append(scalars[0]...scalars[0])
                    } else if scalars.count == 3, scalars[1] == "-", scalars[0] <= scalars[2] {
                        ranges.append(scalars[0]...scalars[2])
                    } else {
                        reader.report(
                            location(), "'\(item)' in {\(body)} is not a letter or a range of letters",
                            fix: "write a letter, or the first and last of a range joined by '-': {letters:а-я,ё}")
                        return nil
                    }
                }
                return .letters(ranges)
            default: break
            }
        }
        if let number = context.patternNames.firstIndex(of: body) { return .pattern(PatternName(name: body, number: number)) }
        let known = Array(Capture.simple.keys) + ["word:…", "one-of:…", "letters:…", "roman:…", "day:…"] + context.patternNames
        let hint =
            DataReader.nearest(body, in: known).map { "did you mean {\($0)}?" } ?? "use one of "
            + known.sorted().map { "{\($0)}" }.joined(separator: ", ")
        reader.report(location(), "unknown capture {\(body)}", fix: hint)
        return nil
    }

    private static func parseSay(_ text: String, node: DataNode, captures: Int, context: PatternContext, reader: inout DataReader)
        -> [SayPiece]?
    {
        var pieces: [SayPiece] = []
        var valid = true
        // Scalars, as the locations count them: text between references is taken whole.
        let scalars = Array(text.unicodeScalars)
        var literalStart = 0
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "{" else {
                index += 1
                continue
            }
            guard let close = scalars[index...].firstIndex(of: "}") else {
                reader.report(
                    node.location(atCharacter: index), "a '{' that is never closed in '\(text)'", fix: "close the reference with '}'")
                return nil
            }
            if literalStart < index { pieces.append(.text(String(scalars: scalars, literalStart..<index))) }
            let body = String(scalars: scalars, (index + 1)..<close)
            // Located only for a message: walking the source for every reference was a sixth of
            // loading a region.
            let location = { node.location(atCharacter: index) }
            let parts = body.split(separator: ":", maxSplits: 1).map(String.init)
            if let number = Int(parts.first ?? ""), number >= 1, number <= captures {
                if let format = parseFormat(parts.count > 1 ? parts[1] : "", at: location(), context: context, reader: &reader) {
                    pieces.append(.capture(number, format))
                } else {
                    valid = false
                }
            } else {
                reader.report(
                    location(), "{\(body)} does not name a capture of the match (it has \(captures))",
                    fix: captures == 0 ? "add a capture to match, or remove the reference" : "refer to {1}…{\(captures)}")
                valid = false
            }
            index = close + 1
            literalStart = index
        }
        if literalStart < scalars.count { pieces.append(.text(String(scalars: scalars, literalStart..<scalars.count))) }
        return valid ? pieces : nil
    }

    private static func parseFormat(
        _ text: String, at location: @autoclosure () -> SourceLocation, context: PatternContext, reader: inout DataReader
    )
        -> Format?
    {
        switch text {
        case "": return .plain
        case "ordinal": return .ordinal
        case "year": return .year
        case "month": return .month
        case "month-genitive": return .monthGenitive
        case "genitive": return .genitive
        case "percent": return .percent
        case "discount": return .discount
        case "day": return .day
        case "weekday": return .weekday
        case "decade": return .decade
        case "day-period": return .dayPeriod
        case "day-part": return .dayPart
        case "singular": return .singular
        case "digits": return .digits
        case "spelled": return .spelled
        case "compound": return .compound
        case "24h": return .hour24(.plain)
        default: break
        }
        if text.hasPrefix("24h:") {
            return parseFormat(String(text.dropFirst("24h:".count)), at: location(), context: context, reader: &reader).map { .hour24($0) }
        }
        if text.hasPrefix("plural:") {
            var texts: [PluralCategory: String] = [:]
            for choice in text.dropFirst("plural:".count).split(separator: ",", omittingEmptySubsequences: false) {
                let parts = choice.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let category = PluralCategory(rawValue: String(parts[0]).trimmingSpaces()) else {
                    reader.report(
                        location(), "'\(choice)' is not a plural choice in {…:\(text)}",
                        fix: "write category=text between commas, such as plural:one=à,other=às")
                    return nil
                }
                texts[category] = String(parts[1])
            }
            guard texts[.other] != nil else {
                reader.report(location(), "{…:\(text)} has no 'other' choice", fix: "add other=…, said for every category not listed")
                return nil
            }
            return .plural(texts)
        }
        if text.hasPrefix("count:") {
            let key = String(text.dropFirst("count:".count))
            if let noun = context.nouns[key] { return .count(noun) }
            let hint = DataReader.nearest(key, in: Array(context.nouns.keys)).map { "did you mean '\($0)'?" } ?? "add it under nouns"
            reader.report(location(), "count:\(key) counts an unknown noun '\(key)'", fix: hint)
            return nil
        }
        if text.hasPrefix("%") {
            guard let ruleSets = context.ruleSets, !ruleSets.contains(text) else { return .ruleSet(text) }
            let hint =
                DataReader.nearest(text, in: ruleSets).map { "did you mean '\($0)'?" }
                ?? "the spell-out rules have no such rule set"
            reader.report(location(), "unknown rule set '\(text)'", fix: hint)
            return nil
        }
        let formats = [
            "ordinal", "year", "month", "month-genitive", "genitive", "percent", "discount", "day", "weekday", "decade", "day-period",
            "day-part", "24h", "singular", "digits", "compound", "plural:one=…,other=…", "count:NOUN", "%rule-set",
        ]
        let hint = DataReader.nearest(text, in: formats).map { "did you mean '\($0)'?" } ?? "use one of " + formats.joined(separator: ", ")
        reader.report(location(), "unknown format '\(text)'", fix: hint)
        return nil
    }
}

/// What a pattern may refer to while it is read.
struct PatternContext {
    let nouns: [String: Noun]
    /// The spell-out rule sets; nil when the rules did not load, and names are not checked.
    let ruleSets: [String]?
    /// The names of the region's patterns, in order: a `{NAME}` is numbered by its place here.
    let patternNames: [String]
}

/// What `{NAME}` refers to: the patterns of that name, and a number that tells the name from the
/// region's others (the normalizer finds their group by it, without hashing the name).
package struct PatternName: Sendable, Hashable {
    package let name: String
    package let number: Int
}
