/// The generated CLDR tables of `voices/cldr/` (units, currencies, calendars), each read once
/// per library and only when a region needs it.
extension RegionLibrary {
    /// A generated table: where it is and its columns.
    enum CLDRTable {
        case units(language: String)
        case currencyNames(language: String)
        /// Only the rows of one locale (`es_AR`) are read.
        case currencySymbols(locale: String)
        case currencyDigits
        case calendar(locale: String)

        var path: String {
            switch self {
            case let .units(language): "cldr/units/\(language).tsv"
            case let .currencyNames(language): "cldr/currencies/\(language).tsv"
            case .currencySymbols: "cldr/currencies/symbols.tsv"
            case .currencyDigits: "cldr/currencies/digits.tsv"
            case let .calendar(locale): "cldr/calendar/\(locale).tsv"
            }
        }

        var columns: [String] {
            switch self {
            case .units: ["unit", "key", "value"]
            case .currencyNames: ["code", "key", "value"]
            case .currencySymbols: ["locale", "code", "symbol", "narrow"]
            case .currencyDigits: ["code", "digits"]
            case .calendar: ["key", "value"]
            }
        }

        var keepingFirst: String? {
            if case let .currencySymbols(locale) = self { return locale }
            return nil
        }

        /// Every table a region of `language` in `locale` reads.
        static func all(language: String, locale: String) -> [CLDRTable] {
            [
                .units(language: language), .currencyNames(language: language), .currencySymbols(locale: locale), .currencyDigits,
                .calendar(locale: locale),
            ]
        }
    }

    /// A table of `voices/cldr/`, nil when the file is not there.
    func cldrTable(_ table: CLDRTable, reader: inout DataReader) -> TabularFile? {
        do {
            return try cached("table|" + table.path + "|" + (table.keepingFirst ?? "")) { source throws(DataError) -> TabularFile? in
                guard let bytes = source.bytes(table.path) else { return nil }
                return try TabularFile(
                    bytes, origin: source.displayName(table.path), columns: table.columns, keepingFirst: table.keepingFirst)
            }
        } catch {
            reader.diagnostics.absorb(error)
            return nil
        }
    }

    /// Every unit CLDR names in `language`, or nil when the language has no unit table.
    func unitCatalog(
        language: String, categories: [PluralCategory], defaultGender: String, afterMillions: AfterMillions?,
        reader: inout DataReader
    ) -> UnitCatalog? {
        guard let table = cldrTable(.units(language: language), reader: &reader) else { return nil }
        let key = "units|\(language)|\(defaultGender)|\(afterMillions.map { "\($0.consonant)|\($0.vowel ?? "")" } ?? "")"
        return try? cached(key) { _ throws(DataError) in
            UnitCatalog(table: table, categories: categories, defaultGender: defaultGender, afterMillions: afterMillions)
        }
    }

    /// The names CLDR gives each currency in `language`, by plural category.
    func cldrCurrencyNames(language: String, reader: inout DataReader) -> [String: [PluralCategory: String]] {
        guard let table = cldrTable(.currencyNames(language: language), reader: &reader) else { return [:] }
        var names: [String: [PluralCategory: String]] = [:]
        for row in table.rows {
            if let category = PluralCategory(rawValue: row.fields[1]) { names[row.fields[0], default: [:]][category] = row.fields[2] }
        }
        return names
    }

    /// Every currency's symbol and narrow symbol as `locale` (`es_AR`) writes them.
    func cldrCurrencySymbols(locale: String, reader: inout DataReader) -> [(code: String, symbol: String, narrow: String)] {
        guard let table = cldrTable(.currencySymbols(locale: locale), reader: &reader) else { return [] }
        return table.rows.map { ($0.fields[1], $0.fields[2], $0.fields[3]) }
    }

    /// Every currency's minor-unit digits, as ICU has them.
    func cldrCurrencyDigits(reader: inout DataReader) -> [CurrencyCode: Int] {
        guard let table = cldrTable(.currencyDigits, reader: &reader) else { return [:] }
        var digits: [CurrencyCode: Int] = [:]
        for row in table.rows {
            if let code = CurrencyCode(row.fields[0]), let count = Int(row.fields[1]) { digits[code] = count }
        }
        return digits
    }

    /// The calendar names and patterns of `locale` (`es_AR`): `month-format-wide-5` → "mayo".
    func cldrCalendar(locale: String, reader: inout DataReader) -> [String: String] {
        guard let table = cldrTable(.calendar(locale: locale), reader: &reader) else { return [:] }
        var values: [String: String] = [:]
        for row in table.rows { values[row.fields[0]] = row.fields[1] }
        return values
    }
}

/// Genders a language gives nouns by their ending, for the currency names CLDR gives without
/// one (Spanish "libra" is feminine: "veintiuna libras").
package struct GenderByEnding: Sendable {
    struct Rule: Sendable {
        let ending: String
        let gender: String
        /// Only names currencies (Russian "-а", which ends feminine names but also masculine nouns
        /// after "2": "2 окна")…
        let currenciesOnly: Bool
        /// …or any noun after a number said in its `one` form ("1 передача", "21 шайба"), which
        /// stands in the nominative singular, whose ending tells…
        let afterOne: Bool
        /// …or, with a case, in that case, which the words before the number govern ("от 1
        /// балла": a genitive in "-а" is masculine or neuter).
        let afterCase: GrammaticalCase?
        /// After one, where nothing governs, a noun with the ending is in this case, not the
        /// nominative, and the number agrees with it ("Стоимость 1 акции" одной акции).
        let formCase: GrammaticalCase?
    }

    let rules: [Rule]
    /// The rules (by index, in order) that can fit a word ending in a character: those whose
    /// ending ends in it and those with no ending. Trying all two hundred Spanish endings on
    /// every word after a number was a tenth of a line's time.
    private let byLast: [Character: [Int]]
    /// The rules with no ending, for a word whose last character no ending ends in.
    private let withoutEnding: [Int]

    init(rules: [Rule]) {
        self.rules = rules
        let withoutEnding = rules.indices.filter { rules[$0].ending.isEmpty }
        self.withoutEnding = withoutEnding
        var byLast: [Character: [Int]] = [:]
        for (index, rule) in rules.enumerated() {
            guard let last = rule.ending.last else { continue }
            byLast[last, default: []].append(index)
        }
        self.byLast = byLast.mapValues { ($0 + withoutEnding).sorted() }
    }

    /// The gender of a name by its first word's ending, nil when no rule says; `category` is the
    /// plural category of the number before it, when one is, `governed` the case of that number.
    func gender(
        of name: String, currency: Bool = false, category: PluralCategory? = nil, governed: GrammaticalCase = .nominative
    ) -> String? {
        rule(of: name, currency: currency, category: category, governed: governed)?.gender
    }

    /// The case a noun written after one stands in, where its ending says it is not the
    /// nominative the number would be in (nil when it says nothing).
    func formCase(of word: String) -> GrammaticalCase? {
        rule(of: word, category: .one, governed: .nominative)?.formCase
    }

    private func rule(of name: String, currency: Bool = false, category: PluralCategory?, governed: GrammaticalCase) -> Rule? {
        let word = name.split(separator: " ").first.map { $0.lowercased() } ?? ""
        let fitting = word.last.flatMap { byLast[$0] } ?? withoutEnding
        return fitting.lazy.map { rules[$0] }.first { rule in
            guard word.hasSuffix(rule.ending) else { return false }
            if currency || !rule.currenciesOnly { return rule.afterCase == nil }
            return rule.afterOne && category == .one && governed == (rule.afterCase ?? .nominative)
        }
    }
}

extension RegionLibrary {
    /// `after-millions: { consonant: "de {noun}", vowel: "d’{noun}" }`.
    func readAfterMillions(_ node: DataNode?, reader: inout DataReader) -> AfterMillions? {
        guard let node, let fields = reader.fields(node, "after-millions", required: ["consonant"], optional: ["vowel"]),
            let consonant = reader.string(fields["consonant"], "after-millions' consonant form")
        else { return nil }
        for (name, text) in [("consonant", consonant), ("vowel", fields["vowel"]?.scalar ?? "{noun}")] where !text.contains("{noun}") {
            reader.report(
                (fields[name] ?? node).location, "the \(name) form of after-millions has no {noun}", fix: "write it as \"de {noun}\"")
        }
        return AfterMillions(consonant: consonant, vowel: reader.string(fields["vowel"], "after-millions' vowel form"))
    }

    /// `gender-by-ending: [{ ending: a, gender: feminine }]`, in order.
    func readGenderByEnding(_ node: DataNode?, reader: inout DataReader) -> GenderByEnding {
        guard let node else { return GenderByEnding(rules: []) }
        guard case let .sequence(items) = node.value else {
            reader.report(node.location, "gender-by-ending must be a list", fix: "write each as '- { ending: a, gender: feminine }'")
            return GenderByEnding(rules: [])
        }
        var rules: [GenderByEnding.Rule] = []
        for item in items {
            guard
                let fields = reader.fields(
                    item, "a gender-by-ending rule", required: ["ending", "gender"],
                    optional: ["currencies-only", "after-one", "after-case", "form-case"]),
                let ending = reader.string(fields["ending"], "the ending", allowEmpty: true),
                let gender = reader.string(fields["gender"], "the gender")
            else { continue }
            func flag(_ name: String) -> Bool { fields[name].flatMap { reader.choice($0, name, from: ["true", "false"]) } == "true" }
            func grammaticalCase(_ name: String) -> GrammaticalCase? {
                let names = GrammaticalCase.allCases.map(\.rawValue)
                return fields[name].flatMap { reader.choice($0, name, from: names) }.flatMap(GrammaticalCase.init)
            }
            rules.append(
                .init(
                    ending: ending.lowercased(), gender: gender, currenciesOnly: flag("currencies-only"), afterOne: flag("after-one"),
                    afterCase: grammaticalCase("after-case"), formCase: grammaticalCase("form-case")))
        }
        return GenderByEnding(rules: rules)
    }

    /// The noun of a currency CLDR names (`libras esterlinas`), or nil when CLDR only repeats
    /// its code.
    static func currencyNoun(
        code: String, names: [PluralCategory: String], categories: [PluralCategory], afterMillions: AfterMillions?,
        gender: (String) -> String
    ) -> Noun? {
        guard let other = names[.other], other != code, let one = names[.one] ?? names[.other] else { return nil }
        var forms: [PluralCategory: String] = [:]
        for category in categories { forms[category] = names[category] ?? other }
        if let afterMillions, categories.contains(.many) { forms[.many] = afterMillions.form(of: forms[.many] ?? other) }
        return Noun(key: "currency-" + code, gender: gender(one), forms: [.nominative: forms])
    }

    /// A name with its first word in lower case, unless the word is all capitals ("Franco
    /// suíço" → "franco suíço"; "CFA" stays).
    static func lowercasingFirstWord(_ name: String) -> String {
        let word = name.prefix { $0 != " " }
        guard word.contains(where: \.isLowercase) else { return name }
        return word.lowercased() + name.dropFirst(word.count)
    }

    /// The symbols a region's locale writes for currencies the language names: the symbols
    /// `currency-symbols.yaml` assigns ("£" is GBP, "¥" JPY), then each symbol that stands for one
    /// currency only in the locale; and the symbols and codes that file says stand for none.
    func cldrSymbols(locale: String, currencies: [CurrencyCode: CurrencyNames], reader: inout DataReader)
        -> (symbols: [String: CurrencyCode], none: Set<String>)
    {
        var byCode: [String: Set<String>] = [:]
        let rows = cldrCurrencySymbols(locale: locale, reader: &reader)
        for row in rows {
            for symbol in [row.symbol, row.narrow] where symbol != row.code && !symbol.isEmpty {
                byCode[symbol, default: []].insert(row.code)
            }
        }
        // The curated list first ("C$" is the Canadian dollar, not the córdoba some locales write
        // it for), then every symbol only one currency uses in the locale.
        var result: [String: CurrencyCode] = [:]
        let (preferred, withdrawn) = preferredSymbols(reader: &reader)
        for (symbol, code) in preferred where currencies[code] != nil {
            result[symbol] = code
        }
        for (symbol, codes) in byCode where codes.count == 1 && result[symbol] == nil && !withdrawn.contains(symbol) {
            if let code = codes.first.flatMap(CurrencyCode.init), currencies[code] != nil { result[symbol] = code }
        }
        return (result, withdrawn)
    }

    /// `voices/currency-symbols.yaml`: which currency a symbol many share means when a region
    /// says nothing else ("£" → GBP), and the symbols and codes that stand for none (`none`: "Lt"
    /// of the withdrawn Lithuanian litas is a lot, "Lt 5", in an address; "P 2" a parking level;
    /// "TOP 10" a chart).
    private func preferredSymbols(reader: inout DataReader) -> (preferred: [String: CurrencyCode], withdrawn: Set<String>) {
        let path = "currency-symbols.yaml"
        guard let root = document(path, reader: &reader) else { return ([:], []) }
        var result: [String: CurrencyCode] = [:]
        var withdrawn: Set<String> = []
        for (symbol, _, node) in reader.entries(root, path) ?? [] {
            guard let text = reader.string(node, "the currency of '\(symbol)'") else { continue }
            if text == "none" {
                withdrawn.insert(symbol)
                continue
            }
            guard let code = CurrencyCode(text) else {
                reader.report(
                    node.location, "'\(text)' is not an ISO 4217 code",
                    fix: "write three capital letters, such as GBP, or none for a withdrawn currency's symbol")
                continue
            }
            result[symbol] = code
        }
        return (result, withdrawn)
    }
}
