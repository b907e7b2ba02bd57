import Foundation

/// Reads region profiles from a voices folder, validating everything as it goes.
///
/// A region file (`es-AR.yaml`) names its language (`es.yaml`), which names its spell-out rules
/// (`cldr/rbnf/es.rbnf`); plural rules come from `cldr/plurals.yaml` and currency digits from
/// `currencies.yaml`. A region may override any language entry (a noun, a currency, a phrase,
/// spell-out keys). Every problem in every file involved is reported together, each with its
/// file, line and column and the fix. Parsed files are cached, so loading a second region of the
/// same language reads only its own file.
package final class RegionLibrary: @unchecked Sendable {
    package let source: DataSource
    private let lock = NSLock()
    private var documents: [String: Result<DataNode?, DataError>] = [:]
    private var spellOutFormats: [String: Result<RuleBasedNumberFormat, DataError>] = [:]
    private var pluralBooks: [String: Result<PluralRuleBook, DataError>] = [:]
    private var profiles: [String: Result<RegionProfile, DataError>] = [:]
    /// Values other layers load from the same files (eSpeak NG mnemonic tables), by key.
    private var extensions: [String: any Sendable] = [:]

    package init(source: DataSource) {
        self.source = source
    }

    /// The regions with a file in the folder: every `xx-YY.yaml`.
    package var regionIDs: [RegionID] {
        source.topLevelFiles().compactMap { name in
            let stem = String(name.dropLast(".yaml".count))
            return Self.isRegionName(stem) ? RegionID(stem) : nil
        }
    }

    /// A BCP 47 language and region: `es-AR`, `pt-BR` (two or three lower-case letters, a dash,
    /// two capitals or three digits) — not `currency-symbols`.
    static func isRegionName(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            return false
        }
        return (parts[1].count == 2 && parts[1].allSatisfy { $0.isASCII && $0.isUppercase })
            || (parts[1].count == 3 && parts[1].allSatisfy { $0.isASCII && $0.isNumber })
    }

    /// The profile of one region.
    ///
    /// - Throws: `DataError` with every problem found in the files the region uses.
    package func profile(_ id: RegionID) throws(DataError) -> RegionProfile {
        try memo(\.profiles, id.rawValue) { () throws(DataError) in try loadProfile(id) }.get()
    }

    /// Every region's profile.
    ///
    /// - Throws: `DataError` with the problems of all regions together (each reported once).
    package func allProfiles() throws(DataError) -> [RegionProfile] {
        var collector = DiagnosticCollector()
        var loaded: [RegionProfile] = []
        for id in regionIDs {
            do throws(DataError) {
                loaded.append(try profile(id))
            } catch {
                collector.absorb(error)
            }
        }
        if !collector.isEmpty { throw DataError(Array(Set(collector.diagnostics))) }
        return loaded
    }

    /// A value loaded once from this library's files by another layer, keyed by `key`: later
    /// calls get the same result, errors included. The eSpeak NG bridge keeps its mnemonic tables
    /// here, so the data they come from is read through one source.
    package func cached<Value: Sendable>(_ key: String, _ load: (any DataSource) throws(DataError) -> Value) throws(DataError) -> Value {
        if let cached = lock.withLock({ extensions[key] }) as? Result<Value, DataError> { return try cached.get() }
        let result: Result<Value, DataError>
        do throws(DataError) {
            result = .success(try load(source))
        } catch {
            result = .failure(error)
        }
        lock.withLock { extensions[key] = result }
        return try result.get()
    }

    /// The keys a region file adds or replaces in each section it may override
    /// (`lexicon: ["Hot Sale"]`), for checks that sibling regions agree.
    package func overrides(of id: RegionID) -> [String: [String]] {
        var reader = DataReader()
        guard let root = document(id.rawValue + ".yaml", reader: &reader), case let .mapping(entries) = root.value else { return [:] }
        var result: [String: [String]] = [:]
        for (key, value) in entries {
            guard let section = key.scalar, Self.overridableKeys.contains(section), case let .mapping(pairs) = value.value else { continue }
            result[section] = pairs.compactMap(\.key.scalar)
        }
        return result
    }

    /// How messages name a file of the voices folder.
    package func displayName(_ path: String) -> String {
        source.displayName(path)
    }

    // MARK: Files

    /// Loads a value once per key: later calls get the same result, errors included.
    private func memo<Value>(
        _ table: ReferenceWritableKeyPath<RegionLibrary, [String: Result<Value, DataError>]>, _ key: String,
        _ load: () throws(DataError) -> Value
    ) -> Result<Value, DataError> {
        if let cached = lock.withLock({ self[keyPath: table][key] }) { return cached }
        let result: Result<Value, DataError>
        do throws(DataError) {
            result = .success(try load())
        } catch {
            result = .failure(error)
        }
        lock.withLock { self[keyPath: table][key] = result }
        return result
    }

    /// The value of a result, or nil after handing its diagnostics to `reader`.
    private func value<Value>(_ result: Result<Value, DataError>, reader: inout DataReader) -> Value? {
        switch result {
        case let .success(value): return value
        case let .failure(error):
            for diagnostic in error.diagnostics { reader.diagnostics.report(diagnostic) }
            return nil
        }
    }

    func document(_ path: String, reader: inout DataReader) -> DataNode? {
        value(
            memo(\.documents, path) { () throws(DataError) -> DataNode? in
                guard let text = try source.read(path) else { return nil }
                return try DataNode.parse(text, origin: source.displayName(path))
            }, reader: &reader) ?? nil
    }

    /// Reads the plural rules and `tables` into the library's caches on another thread; wait for
    /// the group before using them, so that nothing is read twice. Their problems are reported
    /// where they are used (the caches keep them).
    private func readAhead(_ tables: [CLDRTable]) -> DispatchGroup {
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            var problems = DataReader()
            _ = self.plurals(reader: &problems)
            for table in tables { _ = self.cldrTable(table, reader: &problems) }
        }
        return group
    }

    private func plurals(reader: inout DataReader) -> PluralRuleBook? {
        let path = "cldr/plurals.yaml"
        return value(
            memo(\.pluralBooks, path) { () throws(DataError) in
                guard let text = try source.read(path) else {
                    throw DataError([
                        Diagnostic(
                            SourceLocation(file: source.displayName(path), line: 1, column: 1), "the plural rules are missing",
                            fix: "restore voices/cldr/plurals.yaml (scripts/cldr/extract-plurals writes it)")
                    ])
                }
                return try PluralRuleBook(yaml: text, origin: source.displayName(path))
            }, reader: &reader)
    }

    /// The spell-out rules at `path`, read for a region's decimal separator and its language's
    /// plural rules (both decide what the rule text leaves open).
    private func spellOutFormat(
        _ path: String, node: DataNode, decimalSeparator: Unicode.Scalar, plurals: PluralRules?,
        language: String, reader: inout DataReader
    ) -> RuleBasedNumberFormat? {
        let text: String?
        do {
            text = try source.read(path)
        } catch {
            reader.diagnostics.absorb(error)
            return nil
        }
        guard let text else {
            reader.report(
                node.location, "no spell-out rules at '\(path)'", fix: "name a file under the voices folder, such as cldr/rbnf/es.rbnf")
            return nil
        }
        return value(
            memo(\.spellOutFormats, "\(path)|\(decimalSeparator)|\(language)") { () throws(DataError) in
                try RuleBasedNumberFormat(
                    rules: text, origin: source.displayName(path), decimalSeparator: decimalSeparator, plurals: plurals)
            }, reader: &reader)
    }

    // MARK: Profiles

    private static let overridableKeys = [
        "spellout", "nouns", "currencies", "phrases", "list-separator",
        "units", "abbreviations", "symbols", "months", "months-genitive",
        "genitive-prepositions", "case-prepositions", "patterns", "lexicon", "after-millions", "gender-by-ending",
        "units-not-before-numbers", "units-not-before-words", "scales", "fractions", "not-nouns", "month-abbreviations",
        "weekday-abbreviations", "day-periods", "day-parts", "decade-plurals", "currency-names", "genderless-adjective-endings",
        "noun-after-scales", "codes", "unit-per", "discount-words", "contractions", "range-words", "place-words", "house-slash", "powers",
        "article-genders", "case-by-ending", "decimal-point-words", "dot-groups-before",
    ]
    private static let languageOptionalKeys = [
        "units", "abbreviations", "symbols", "months-genitive", "genitive-prepositions", "case-prepositions",
        "patterns", "lexicon", "after-millions", "gender-by-ending", "units-not-before-numbers", "units-not-before-words", "scales",
        "fractions", "not-nouns", "month-abbreviations", "weekday-abbreviations", "day-periods", "day-parts", "decade-plurals",
        "currency-names", "genderless-adjective-endings", "noun-after-scales", "codes", "unit-per", "discount-words", "contractions",
        "range-words", "place-words", "house-slash", "powers", "article-genders", "case-by-ending", "decimal-point-words",
        "dot-groups-before",
    ]

    /// The entries of a map keyed by case names (`{ dative: …, genitive: … }`), each case one of
    /// `cases`; another key is reported at its place with the cases to use.
    private static func entriesByCase(
        _ node: DataNode, _ what: String, among cases: [GrammaticalCase], unknown: (String) -> String, reader: inout DataReader
    ) -> [(GrammaticalCase, DataNode)] {
        var result: [(GrammaticalCase, DataNode)] = []
        for (name, keyNode, value) in reader.entries(node, what) ?? [] {
            guard let grammaticalCase = GrammaticalCase(rawValue: name), cases.contains(grammaticalCase) else {
                reader.report(keyNode.location, unknown(name), fix: "use one of " + cases.map(\.rawValue).joined(separator: ", "))
                continue
            }
            result.append((grammaticalCase, value))
        }
        return result
    }

    private func loadProfile(_ id: RegionID) throws(DataError) -> RegionProfile {
        var reader = DataReader()
        let regionPath = id.rawValue + ".yaml"
        guard let regionRoot = document(regionPath, reader: &reader) else {
            try reader.diagnostics.check()  // a syntax error, if that is why
            let location = SourceLocation(file: source.displayName(regionPath), line: 1, column: 1)
            if source.bytes(regionPath) != nil {
                throw DataError([
                    Diagnostic(
                        location, "the region file is empty",
                        fix: "write region:, language:, name:, voice:, numbers: and money: (voices/README.md describes them)")
                ])
            }
            if let problem = source.problem(reading: regionPath) {
                throw DataError([
                    Diagnostic(
                        location, "the region file \(regionPath) is there but \(problem)", fix: "make it a readable YAML file")
                ])
            }
            let known = regionIDs.map(\.rawValue)
            let hint =
                DataReader.nearest(id.rawValue, in: known).map { "did you mean \($0)?" }
                ?? "known regions: \(known.joined(separator: ", "))"
            throw DataError([
                Diagnostic(
                    SourceLocation(file: source.displayName(regionPath), line: 1, column: 1),
                    "there is no region '\(id)'", fix: hint)
            ])
        }
        let region =
            reader.fields(
                regionRoot, "the region file",
                required: ["region", "language", "name", "voice", "numbers", "money"],
                optional: Self.overridableKeys) ?? [:]
        if let node = region["region"], let written = reader.string(node, "region"), written != id.rawValue {
            reader.report(
                node.location, "the file \(regionPath) says it is region '\(written)'", fix: "write 'region: \(id)' or rename the file")
        }
        let languageCode = reader.string(region["language"], "language") ?? ""
        let languagePath = languageCode + ".yaml"
        let locale = id.rawValue.replacingOccurrences(of: "-", with: "_")
        // The generated tables and the plural rules do not depend on the language file: the
        // rules and the largest table (CLDR's units) are read on another thread while this one
        // parses the language file, then reads the other tables.
        let unitsTable = CLDRTable.units(language: languageCode)
        let tablesRead = readAhead([unitsTable])
        defer { tablesRead.wait() }
        var language: [String: DataNode] = [:]
        if !languageCode.isEmpty {
            if let root = document(languagePath, reader: &reader) {
                language =
                    reader.fields(
                        root, "the language file",
                        required: ["language", "name", "spellout", "nouns", "currencies", "phrases", "list-separator", "months"],
                        optional: Self.languageOptionalKeys) ?? [:]
                if let node = language["language"], let written = reader.string(node, "language"), written != languageCode {
                    reader.report(
                        node.location, "the file \(languagePath) says it is language '\(written)'", fix: "write 'language: \(languageCode)'"
                    )
                }
            } else if source.bytes(languagePath) != nil {
                // The file is there but is not YAML, and its syntax error is reported: what the
                // region would then miss from it ("no names for ARS", …) would only be noise.
                try reader.diagnostics.check()
            } else if let node = region["language"] {
                reader.report(
                    node.location, "there is no language file \(languagePath)",
                    fix: "add voices/\(languagePath) or name an existing language")
            }
        }
        // Without a language, everything the region takes from it would be reported missing
        // too: only the cause is worth reading.
        if language.isEmpty { try reader.diagnostics.check() }
        var tableProblems = DataReader()  // reported where each table is used: the cache keeps them
        for table in CLDRTable.all(language: languageCode, locale: locale) where table.path != unitsTable.path {
            _ = cldrTable(table, reader: &tableProblems)
        }
        tablesRead.wait()

        let listedDigits = currencyDigits(reader: &reader)
        if listedDigits.isEmpty { try reader.diagnostics.check() }  // the same for the currency list
        let digits = cldrCurrencyDigits(reader: &reader).merging(listedDigits) { $1 }
        let plurals = plurals(reader: &reader)
        if plurals == nil { try reader.diagnostics.check() }  // and for broken plural rules
        let rules = plurals?[languageCode]
        if plurals != nil && rules == nil, let node = region["language"] {
            reader.report(
                node.location, "cldr/plurals.yaml has no plural rules for '\(languageCode)'",
                fix: "add the language's CLDR rules with scripts/cldr/extract-plurals")
        }
        let categories = rules?.categories ?? PluralCategory.allCases

        let numbers = readNumbers(region["numbers"], reader: &reader)
        let spellout = readSpellOut(
            language: language["spellout"], region: region["spellout"],
            decimalSeparator: numbers?.decimalSeparator ?? ".", plurals: rules, languageCode: languageCode,
            reader: &reader)
        let ownNouns = readNouns(
            merge(language["nouns"], region["nouns"], "nouns", reader: &reader),
            categories: categories, genders: declaredGenders(language["spellout"], region["spellout"]),
            language: languageCode, reader: &reader)
        let afterMillions = readAfterMillions(region["after-millions"] ?? language["after-millions"], reader: &reader)
        // CLDR's units and CLDR's currency names are made into nouns at once; their problems are
        // reported in the order of a one-thread load (units, the language's currencies, then
        // the rules and names the CLDR currencies need).
        let defaultGender = spellout?.defaultGender ?? ""
        let genderNode = region["gender-by-ending"] ?? language["gender-by-ending"]
        // CLDR names currencies as a list heading writes them in some languages ("Franco suíço").
        let lowercaseNames =
            (region["currency-names"] ?? language["currency-names"])
            .flatMap { reader.choice($0, "currency-names", from: ["as-cldr", "lowercase"]) } == "lowercase"
        let ((units, unitProblems), (genderRules, cldrCurrencies, currencyProblems)) = inParallel(
            {
                var problems = DataReader()
                let units = self.unitCatalog(
                    language: languageCode, categories: categories, defaultGender: defaultGender,
                    afterMillions: afterMillions, reader: &problems)
                return (units, problems)
            },
            {
                var problems = DataReader()
                let genderRules = self.readGenderByEnding(genderNode, reader: &problems)
                var nouns: [(CurrencyCode, Noun)] = []
                for (code, names) in self.cldrCurrencyNames(language: languageCode, reader: &problems) {
                    guard let currency = CurrencyCode(code), digits[currency] != nil,
                        let noun = Self.currencyNoun(
                            code: code, names: lowercaseNames ? names.mapValues(Self.lowercasingFirstWord) : names,
                            categories: categories, afterMillions: afterMillions,
                            gender: { genderRules.gender(of: $0, currency: true) ?? defaultGender })
                    else { continue }
                    nouns.append((currency, noun))
                }
                return (genderRules, nouns, problems)
            })
        reader.append(unitProblems)
        // A language's own nouns come first; CLDR's units (`length-meter`) fill in the rest.
        let nouns = (units?.nouns ?? [:]).merging(ownNouns) { $1 }
        var currencies = readCurrencies(
            merge(language["currencies"], region["currencies"], "currencies", reader: &reader),
            nouns: nouns, digits: digits, reader: &reader)
        reader.append(currencyProblems)
        for (currency, noun) in cldrCurrencies where currencies[currency] == nil {
            currencies[currency] = CurrencyNames(major: noun, minor: nil)
        }
        let phrases = readPhrases(merge(language["phrases"], region["phrases"], "phrases", reader: &reader), nouns: nouns, reader: &reader)
        let separator = reader.string(region["list-separator"] ?? language["list-separator"], "list-separator")
        let voice = readVoice(region["voice"], reader: &reader)
        var money = readMoney(region["money"], currencies: currencies, digits: digits, listed: Set(listedDigits.keys), reader: &reader)
        if let own = money {
            let (cldr, noCurrency) = cldrSymbols(locale: locale, currencies: currencies, reader: &reader)
            money = MoneyConventions(
                home: own.home, symbols: cldr.merging(own.symbols) { $1 }, display: own.display,
                dotGroupsAmounts: own.dotGroupsAmounts, noCurrency: noCurrency.subtracting(own.symbols.keys))
        }
        let writing = readWriting(
            locale: locale,
            language: language, region: region, nouns: nouns, units: units,
            ruleSets: spellout?.format.ruleSetNames, reader: &reader)

        let fractions = (region["fractions"] ?? language["fractions"]).flatMap {
            FractionRules.read($0, ruleSets: spellout.map { Set($0.format.ruleSetNames) }, reader: &reader)
        }
        /// A list of words under `key`, the region's over the language's, empty when neither has one.
        func words(_ key: String) -> [String] {
            (region[key] ?? language[key]).flatMap { reader.strings($0, key) } ?? []
        }
        let notNouns = words("not-nouns")
        let rangeWords = words("range-words")
        let decimalPointWords = words("decimal-point-words")
        let dotGroupsBefore = words("dot-groups-before")
        let nounAfterScales = (region["noun-after-scales"] ?? language["noun-after-scales"]).flatMap {
            readNounAfterScales($0, categories: categories, reader: &reader)
        }
        let adjectiveEndings = words("genderless-adjective-endings")
        let codeWords = (region["codes"] ?? language["codes"]).flatMap { readCodeWords($0, reader: &reader) }
        let discountWords = (region["discount-words"] ?? language["discount-words"]).flatMap { readDiscountWords($0, reader: &reader) }
        let placeWords = (region["place-words"] ?? language["place-words"]).flatMap { readPlaceWords($0, reader: &reader) }
        let houseSlash = (region["house-slash"] ?? language["house-slash"]).flatMap {
            readPlaceWords($0, key: "house-slash", reader: &reader)
        }
        let powers = (region["powers"] ?? language["powers"]).flatMap {
            Powers.read($0, ruleSets: spellout.map { Set($0.format.ruleSetNames) }, reader: &reader)
        }
        var articleGenders: [String: String] = [:]
        if let node = region["article-genders"] ?? language["article-genders"] {
            for (gender, _, value) in reader.entries(node, "article-genders") ?? [] {
                for word in reader.strings(value, "the articles of the \(gender) gender") ?? [] {
                    articleGenders[word.lowercased()] = gender
                }
            }
        }
        let contractionNode = region["contractions"] ?? language["contractions"]
        let contractions = Contractions(contractionNode.map { readContractions($0, reader: &reader) } ?? [])
        try reader.diagnostics.check()
        guard let spellout, let rules, let voice, let numbers, let money, let separator, let writing else {
            throw DataError([
                Diagnostic(
                    SourceLocation(file: source.displayName(regionPath), line: 1, column: 1),
                    "the region could not be read", fix: "see the messages above")
            ])
        }
        return RegionProfile(
            id: id, language: languageCode, name: reader.string(region["name"], "name") ?? id.rawValue,
            voice: voice, numbers: numbers, money: money, spellout: spellout, plurals: rules, nouns: nouns,
            currencies: currencies, currencyDigits: digits, listedCurrencies: Set(listedDigits.keys), phrases: phrases,
            listSeparator: separator, writing: writing, fractions: fractions, genderByEnding: genderRules,
            notNouns: Set(notNouns.map { $0.lowercased() }), afterMillions: afterMillions,
            nounAfterScales: nounAfterScales, genderlessAdjectiveEndings: adjectiveEndings.map { $0.lowercased() },
            codeWords: codeWords, discountWords: discountWords, placeWords: placeWords, houseSlash: houseSlash, contractions: contractions,
            rangeWords: Set(rangeWords.map { $0.lowercased() }), decimalPointWords: Set(decimalPointWords.map { $0.lowercased() }),
            dotGroupsBefore: Set(dotGroupsBefore), powers: powers, articleGenders: articleGenders)
    }

    /// `contractions: { "de un": "d’un" }`: two words said one after the other, and what they
    /// become together.
    private func readContractions(_ node: DataNode, reader: inout DataReader) -> [Contraction] {
        var result: [Contraction] = []
        for (pair, keyNode, value) in reader.entries(node, "contractions") ?? [] {
            let words = pair.split(separator: " ")
            guard words.count == 2 else {
                reader.report(
                    keyNode.location, "'\(pair)' is not two words", fix: "write the two words the contraction joins, such as \"de un\"")
                continue
            }
            guard let joined = reader.string(value, "what '\(pair)' becomes") else { continue }
            result.append(Contraction(first: words[0].lowercased(), second: words[1].lowercased(), joined: joined))
        }
        return result
    }

    /// `place-words: { words: [calle, av], endings: [straat], within: 4 }`; with `say`, the
    /// `house-slash` that reads "N/M" after a street (`say: boîte`).
    private func readPlaceWords(_ node: DataNode, key: String = "place-words", reader: inout DataReader) -> PlaceWords? {
        let required = key == "place-words" ? ["words", "within"] : ["words", "within", "say"]
        guard let fields = reader.fields(node, key, required: required, optional: ["endings"]),
            let words = reader.strings(fields["words"], "the words that name a place numbered with letters"),
            let within = reader.integer(fields["within"], "how many words may stand between", in: 0...12)
        else { return nil }
        let endings = fields["endings"].flatMap { reader.strings($0, "the endings of words that name a place") } ?? []
        var places = PlaceWords(words: Set(words.map { $0.lowercased() }), endings: endings.map { $0.lowercased() }, within: within)
        if let node = fields["say"] {
            guard let say = reader.string(node, "what is said between the house's number and the other") else { return nil }
            places.say = say
        }
        return places
    }

    /// `discount-words: { words: [descuento, descuentos], within: 3 }`.
    private func readDiscountWords(_ node: DataNode, reader: inout DataReader) -> DiscountWords? {
        guard let fields = reader.fields(node, "discount-words", required: ["words", "within"]),
            let words = reader.strings(fields["words"], "the words that name a discount"),
            let within = reader.integer(fields["within"], "how many words may stand between", in: 0...12)
        else { return nil }
        return DiscountWords(words: Set(words.map { $0.lowercased() }), within: within)
    }

    /// `codes: { words: [código, pin], except: [postal], within: 6, signs: ["#", "n°"] }`.
    private func readCodeWords(_ node: DataNode, reader: inout DataReader) -> CodeWords? {
        guard let fields = reader.fields(node, "codes", required: ["words", "within"], optional: ["except", "signs"]),
            let words = reader.strings(fields["words"], "the words that name a code"),
            let within = reader.integer(fields["within"], "how many words may stand between", in: 0...12)
        else { return nil }
        let except = fields["except"].flatMap { reader.strings($0, "the words after which a code word names none") } ?? []
        let signs = fields["signs"].flatMap { reader.strings($0, "the signs that number what follows") } ?? []
        var codes = CodeWords(words: Set(words.map { $0.lowercased() }), except: Set(except.map { $0.lowercased() }), within: within)
        codes.signs = signs.map { Array($0.unicodeScalars) }
        return codes
    }

    /// `noun-after-scales: { case: genitive, category: many }`.
    private func readNounAfterScales(_ node: DataNode, categories: [PluralCategory], reader: inout DataReader)
        -> (case: GrammaticalCase, category: PluralCategory)?
    {
        guard let fields = reader.fields(node, "noun-after-scales", required: ["case", "category"]),
            let caseName = fields["case"].flatMap({ reader.choice($0, "the case", from: GrammaticalCase.allCases.map(\.rawValue)) }),
            let categoryName = fields["category"].flatMap({ reader.choice($0, "the plural category", from: categories.map(\.rawValue)) }),
            let grammaticalCase = GrammaticalCase(rawValue: caseName), let category = PluralCategory(rawValue: categoryName)
        else { return nil }
        return (grammaticalCase, category)
    }

    /// The genders the spell-out section declares a cardinal rule set for, whether or not the
    /// rule set exists (a wrong rule set is reported once, where it is written).
    private func declaredGenders(_ language: DataNode?, _ region: DataNode?) -> [String]? {
        var genders: Set<String> = []
        for section in [language, region] {
            guard let section, case let .mapping(entries) = section.value,
                let cardinal = entries.first(where: { $0.key.scalar == "cardinal" })?.value,
                case let .mapping(pairs) = cardinal.value
            else { continue }
            for gender in pairs.compactMap(\.key.scalar) { genders.insert(gender) }
        }
        return genders.isEmpty ? nil : Array(genders)
    }

    /// A language's entries with the region's on top, key by key.
    func merge(_ language: DataNode?, _ region: DataNode?, _ what: String, reader: inout DataReader) -> [(
        key: String, keyNode: DataNode, value: DataNode
    )] {
        var merged: [(key: String, keyNode: DataNode, value: DataNode)] = []
        if let language { merged = reader.entries(language, what) ?? [] }
        if let region {
            // An index by key keeps this linear: lexicons and unit lists may hold 100,000 entries.
            var positions: [String: Int] = [:]
            for (index, entry) in merged.enumerated() where positions[entry.key] == nil { positions[entry.key] = index }
            for entry in reader.entries(region, what) ?? [] {
                if let index = positions[entry.key] {
                    merged[index] = entry
                } else {
                    positions[entry.key] = merged.count
                    merged.append(entry)
                }
            }
        }
        return merged
    }

    private func currencyDigits(reader: inout DataReader) -> [CurrencyCode: Int] {
        guard let root = document("currencies.yaml", reader: &reader) else {
            if source.bytes("currencies.yaml") == nil {
                reader.report(
                    SourceLocation(file: source.displayName("currencies.yaml"), line: 1, column: 1),
                    "the currency list is missing", fix: "restore voices/currencies.yaml")
            }
            return [:]
        }
        var digits: [CurrencyCode: Int] = [:]
        for (key, keyNode, value) in reader.entries(root, "currencies.yaml") ?? [] {
            guard let code = CurrencyCode(key) else {
                reader.report(keyNode.location, "'\(key)' is not an ISO 4217 code", fix: "write three capital letters, such as ARS")
                continue
            }
            if let count = reader.integer(value, "the digits of \(key)", in: 0...4) { digits[code] = count }
        }
        return digits
    }

    private func readSpellOut(
        language: DataNode?, region: DataNode?, decimalSeparator: Unicode.Scalar, plurals: PluralRules?,
        languageCode: String, reader: inout DataReader
    ) -> SpellOutRules? {
        let caseKeys = GrammaticalCase.allCases.filter { $0 != .nominative }.map(\.rawValue)
        let keys =
            [
                "rules", "default-gender", "cardinal", "ordinal", "year", "numbering", "rewrites", "day", "first-day",
                "decimals-as-number-after", "zero-whole", "compound", "compound-words", "years-alone",
            ]
            + caseKeys
        var fields =
            language.flatMap { reader.fields($0, "spellout", required: ["rules", "default-gender", "cardinal"], optional: keys) } ?? [:]
        if let region, let overrides = reader.fields(region, "spellout", optional: keys) {
            fields.merge(overrides) { $1 }
        }
        guard let rulesNode = fields["rules"], let path = reader.string(rulesNode, "spellout rules"),
            let format = spellOutFormat(
                path, node: rulesNode, decimalSeparator: decimalSeparator, plurals: plurals,
                language: languageCode, reader: &reader)
        else { return nil }
        let available = Set(format.ruleSetNames)
        func ruleSet(_ node: DataNode, _ what: String) -> String? {
            guard let name = reader.string(node, what) else { return nil }
            guard available.contains(name) else {
                let hint =
                    DataReader.nearest(name, in: format.ruleSetNames).map { "did you mean '\($0)'?" }
                    ?? "\(path) has " + format.ruleSetNames.joined(separator: ", ")
                reader.report(node.location, "\(path) has no rule set '\(name)'", fix: hint)
                return nil
            }
            return name
        }
        func byGender(_ key: String) -> [String: String] {
            guard let node = fields[key] else { return [:] }
            var result: [String: String] = [:]
            for (gender, _, value) in reader.entries(node, "spellout \(key)") ?? [] {
                if let name = ruleSet(value, "the \(key) rule set for \(gender)") { result[gender] = name }
            }
            return result
        }
        let cardinal = byGender("cardinal")
        let defaultGender = reader.string(fields["default-gender"], "default-gender") ?? ""
        if let node = fields["default-gender"], !defaultGender.isEmpty, fields["cardinal"] != nil, cardinal[defaultGender] == nil,
            !cardinal.isEmpty
        {
            reader.report(
                node.location, "default-gender '\(defaultGender)' has no cardinal rule set",
                fix: "use one of " + cardinal.keys.sorted().joined(separator: ", "))
        }
        var rewrites: [SpellOutRewrite] = []
        if let node = fields["rewrites"] {
            if case let .sequence(items) = node.value {
                for item in items {
                    guard
                        let entry = reader.fields(
                            item, "a rewrite", required: ["from", "to"],
                            optional: ["at-start", "at-end", "whole-word", "rule-sets", "before", "stops"]),
                        let from = reader.string(entry["from"], "a rewrite's from"),
                        let to = reader.string(entry["to"], "a rewrite's to", allowEmpty: true)
                    else { continue }
                    let atStart = entry["at-start"].flatMap { reader.choice($0, "at-start", from: ["true", "false"]) } == "true"
                    let wholeWord = entry["whole-word"].flatMap { reader.choice($0, "whole-word", from: ["true", "false"]) } == "true"
                    if wholeWord, let node = entry["from"], from.contains(" ") || atStart {
                        reader.report(
                            node.location, "a whole-word rewrite replaces one word, anywhere in the number",
                            fix: "write one word without spaces in from, and leave out at-start")
                        continue
                    }
                    // `rule-sets: [...]`: only numbers spelled with these.
                    var ruleSets: Set<String>?
                    if let node = entry["rule-sets"] {
                        guard case let .sequence(names) = node.value else {
                            reader.report(node.location, "a rewrite's rule-sets must be a list", fix: "write them as [\"%spellout-…\"]")
                            continue
                        }
                        ruleSets = Set(names.compactMap { ruleSet($0, "a rewrite's rule set") })
                    }
                    var rewrite = SpellOutRewrite(from: from, to: to, atStart: atStart, wholeWord: wholeWord, ruleSets: ruleSets)
                    rewrite.atEnd = entry["at-end"].flatMap { reader.choice($0, "at-end", from: ["true", "false"]) } == "true"
                    // `before: mil`, `stops: [...]`: only at the end of a word of a group that word ends.
                    if let node = entry["before"] {
                        guard let word = reader.string(node, "a rewrite's before"), !word.contains(" "), !atStart, !wholeWord,
                            !from.contains(" ")
                        else {
                            reader.report(
                                node.location, "a rewrite with before replaces the end of one word, where a later word ends its group",
                                fix: "write one word in before and in from, and leave out at-start and whole-word")
                            continue
                        }
                        rewrite.before = word
                        rewrite.stops = Set(entry["stops"].flatMap { reader.strings($0, "a rewrite's stops") } ?? [])
                    } else if let node = entry["stops"] {
                        reader.report(
                            node.location, "stops end the search for a rewrite's before word", fix: "add before: or leave out stops")
                        continue
                    }
                    rewrites.append(rewrite)
                }
            } else {
                reader.report(node.location, "rewrites must be a list", fix: "write each as '- { from: …, to: … }'")
            }
        }
        var rules = SpellOutRules(
            format: format, defaultGender: defaultGender, cardinal: cardinal, ordinal: byGender("ordinal"),
            year: fields["year"].flatMap { ruleSet($0, "the year rule set") },
            numbering: fields["numbering"].flatMap { ruleSet($0, "the numbering rule set") },
            day: fields["day"].flatMap { ruleSet($0, "the day rule set") },
            firstDay: fields["first-day"].flatMap { reader.string($0, "first-day") },
            cases: Dictionary(
                uniqueKeysWithValues: GrammaticalCase.allCases.filter { $0 != .nominative }.map { ($0, byGender($0.rawValue)) }),
            rewrites: rewrites,
            decimalsAsNumberAfter: fields["decimals-as-number-after"].flatMap { node in
                if case .sequence = node.value { return reader.strings(node, "decimals-as-number-after") }
                return reader.string(node, "decimals-as-number-after").map { [$0] }
            },
            zeroWhole: fields["zero-whole"].map { node in
                // One text for every case, or one per case: { nominative: ноль целых, genitive: нуля целых }.
                if node.scalar != nil { return reader.string(node, "zero-whole").map { [.nominative: $0] } ?? [:] }
                var byCase: [GrammaticalCase: String] = [:]
                for (grammaticalCase, value) in Self.entriesByCase(
                    node, "zero-whole", among: GrammaticalCase.allCases, unknown: { "zero-whole names an unknown case '\($0)'" },
                    reader: &reader)
                {
                    if let words = reader.string(value, "zero-whole \(grammaticalCase.rawValue)") { byCase[grammaticalCase] = words }
                }
                if byCase[.nominative] == nil, !byCase.isEmpty {
                    reader.report(node.location, "zero-whole says no nominative", fix: "add nominative: the words said with no case")
                }
                return byCase
            } ?? [:],
            compound: fields["compound"].flatMap { ruleSet($0, "the compound rule set") },
            compoundWords: fields["compound-words"].map { node in
                var words: [String: String] = [:]
                for (word, _, value) in reader.entries(node, "compound-words") ?? [] {
                    if let replacement = reader.string(value, "the compound form of '\(word)'") { words[word] = replacement }
                }
                return words
            } ?? [:])
        if let node = fields["years-alone"], let text = reader.string(node, "years-alone") {
            if let years = DataReader.range(text, within: 1000...9999) {
                rules.yearsAlone = years
            } else {
                reader.report(node.location, "years-alone '\(text)' is not a range of four-digit years", fix: "write it as \"1900-2099\"")
            }
        }
        return rules
    }

    private func readNouns(
        _ entries: [(key: String, keyNode: DataNode, value: DataNode)], categories: [PluralCategory],
        genders: [String]?, language: String, reader: inout DataReader
    ) -> [String: Noun] {
        let categoryNames = categories.map(\.rawValue)
        let caseNames = GrammaticalCase.allCases.filter { $0 != .nominative }.map(\.rawValue)
        var nouns: [String: Noun] = [:]
        for (key, _, node) in entries {
            guard let fields = reader.fields(node, "the noun '\(key)'", optional: ["gender"] + categoryNames + caseNames) else { continue }
            var gender = ""
            if let genderNode = fields["gender"], let written = reader.string(genderNode, "the gender of '\(key)'") {
                if let genders, !genders.contains(written) {
                    reader.report(
                        genderNode.location, "the noun '\(key)' has gender '\(written)', which has no cardinal rule set",
                        fix: "use one of " + genders.sorted().joined(separator: ", "))
                }
                gender = written
            }
            func forms(_ fields: [String: DataNode], _ what: String) -> [PluralCategory: String] {
                var result: [PluralCategory: String] = [:]
                for category in categories {
                    if let text = reader.string(fields[category.rawValue], "the \(category.rawValue) form of '\(key)'") {
                        result[category] = text
                    }
                }
                let missing = categories.filter { fields[$0.rawValue] == nil }
                if !missing.isEmpty {
                    reader.report(
                        node.location, "\(what) has no \(missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")) form",
                        fix: "\(language) needs the forms \(categoryNames.joined(separator: ", "))")
                }
                return result
            }
            var table: [GrammaticalCase: [PluralCategory: String]] = [.nominative: forms(fields, "the noun '\(key)'")]
            for grammaticalCase in GrammaticalCase.allCases where grammaticalCase != .nominative {
                if let caseNode = fields[grammaticalCase.rawValue],
                    let caseFields = reader.fields(caseNode, "the \(grammaticalCase.rawValue) of '\(key)'", optional: categoryNames)
                {
                    table[grammaticalCase] = forms(caseFields, "the \(grammaticalCase.rawValue) of '\(key)'")
                }
            }
            nouns[key] = Noun(key: key, gender: gender, forms: table)
        }
        return nouns
    }

    private func readCurrencies(
        _ entries: [(key: String, keyNode: DataNode, value: DataNode)], nouns: [String: Noun],
        digits: [CurrencyCode: Int], reader: inout DataReader
    ) -> [CurrencyCode: CurrencyNames] {
        var result: [CurrencyCode: CurrencyNames] = [:]
        for (key, keyNode, node) in entries {
            guard let code = CurrencyCode(key), digits[code] != nil else {
                let hint =
                    DataReader.nearest(key, in: digits.keys.map(\.rawValue)).map { "did you mean \($0)?" }
                    ?? "add it to voices/currencies.yaml"
                reader.report(keyNode.location, "unknown currency '\(key)'", fix: hint)
                continue
            }
            guard let fields = reader.fields(node, "the currency \(key)", required: ["major"], optional: ["minor"]) else { continue }
            func noun(_ role: String) -> Noun? {
                guard let valueNode = fields[role], let name = reader.string(valueNode, "the \(role) unit of \(key)") else { return nil }
                guard let noun = nouns[name] else {
                    let hint = DataReader.nearest(name, in: Array(nouns.keys)).map { "did you mean '\($0)'?" } ?? "add it under nouns"
                    reader.report(valueNode.location, "the \(role) unit of \(key) is an unknown noun '\(name)'", fix: hint)
                    return nil
                }
                return noun
            }
            if let major = noun("major") {
                let minor = fields["minor"] == nil ? nil : noun("minor")
                if fields["minor"] == nil || minor != nil { result[code] = CurrencyNames(major: major, minor: minor) }
            }
        }
        return result
    }

    private func readPhrases(
        _ entries: [(key: String, keyNode: DataNode, value: DataNode)], nouns: [String: Noun],
        reader: inout DataReader
    ) -> [PhraseKey: Phrase] {
        var phrases: [PhraseKey: Phrase] = [:]
        let names = PhraseKey.allCases.map(\.rawValue)
        for (key, keyNode, node) in entries {
            guard let phraseKey = PhraseKey(rawValue: key) else {
                let hint =
                    DataReader.nearest(key, in: names).map { "did you mean '\($0)'?" } ?? "phrases are " + names.joined(separator: ", ")
                reader.report(keyNode.location, "unknown phrase '\(key)'", fix: hint)
                continue
            }
            if let template = reader.string(node, "the phrase '\(key)'"),
                let phrase = Phrase.parse(template, node: node, key: phraseKey, nouns: nouns, reader: &reader)
            {
                phrases[phraseKey] = phrase
            }
        }
        if let last = entries.last?.keyNode {
            for key in PhraseKey.allCases where !entries.contains(where: { $0.key == key.rawValue }) {
                reader.report(last.location, "the phrase '\(key.rawValue)' is missing", fix: "add '\(key.rawValue): \"…\"' to phrases")
            }
        }
        return phrases
    }

    private func readVoice(_ node: DataNode?, reader: inout DataReader) -> RegionVoice? {
        guard let node, let fields = reader.fields(node, "voice", required: ["name", "rate", "pitch"], optional: ["variant"]) else {
            return nil
        }
        guard let name = reader.string(fields["name"], "the voice name"),
            let rate = reader.integer(fields["rate"], "the voice rate", in: 80...450),
            let pitch = reader.integer(fields["pitch"], "the voice pitch", in: 0...100)
        else { return nil }
        return RegionVoice(
            name: name, variant: reader.string(fields["variant"], "the voice variant"), rate: rate, pitch: pitch,
            location: fields["name"]?.location ?? node.location)
    }

    private func readNumbers(_ node: DataNode?, reader: inout DataReader) -> NumberFormat? {
        guard let node, let fields = reader.fields(node, "numbers", required: ["decimal", "grouping"], optional: ["grouping-also"]) else {
            return nil
        }
        func character(_ valueNode: DataNode?, _ what: String) -> Unicode.Scalar? {
            guard let valueNode, let text = reader.string(valueNode, what) else { return nil }
            guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, !scalar.isASCIIDigit else {
                reader.report(
                    valueNode.location, "\(what) must be one character that is not a digit, not '\(text)'",
                    fix: "write it in quotes, such as \",\" or \"\\u00A0\"")
                return nil
            }
            return scalar
        }
        let decimal = character(fields["decimal"], "the decimal separator")
        let grouping = character(fields["grouping"], "the grouping separator")
        var alternatives: [Unicode.Scalar] = []
        if let alsoNode = fields["grouping-also"], case let .sequence(items) = alsoNode.value {
            alternatives = items.compactMap { character($0, "an alternative grouping separator") }
        } else if let alsoNode = fields["grouping-also"] {
            reader.report(alsoNode.location, "grouping-also must be a list", fix: "write it as [\" \", \"\\u202F\"]")
        }
        guard let decimal, let grouping else { return nil }
        guard decimal != grouping, !alternatives.contains(decimal) else {
            reader.report(node.location, "the decimal separator is also a grouping separator", fix: "use distinct characters")
            return nil
        }
        return NumberFormat(decimal: decimal, grouping: grouping, groupingAlternatives: alternatives)
    }

    private func readMoney(
        _ node: DataNode?, currencies: [CurrencyCode: CurrencyNames], digits: [CurrencyCode: Int],
        listed: Set<CurrencyCode>, reader: inout DataReader
    ) -> MoneyConventions? {
        guard let node,
            let fields = reader.fields(node, "money", required: ["currency", "display", "symbols"], optional: ["dot-groups-amounts"])
        else { return nil }
        func known(_ valueNode: DataNode, _ what: String) -> CurrencyCode? {
            guard let text = reader.string(valueNode, what) else { return nil }
            guard let code = CurrencyCode(text), digits[code] != nil else {
                // The currencies the data lists are the likelier meaning than ICU's historic codes.
                let hint =
                    (DataReader.nearest(text, in: listed.map(\.rawValue)) ?? DataReader.nearest(text, in: digits.keys.map(\.rawValue)))
                    .map { "did you mean \($0)?" } ?? "add it to voices/currencies.yaml"
                reader.report(valueNode.location, "unknown currency '\(text)'", fix: hint)
                return nil
            }
            if currencies[code] == nil {
                reader.report(
                    valueNode.location, "the language has no names for \(code)", fix: "add \(code) under currencies in the language file")
            }
            return code
        }
        let home = fields["currency"].flatMap { known($0, "the home currency") }
        var display: String?
        if let displayNode = fields["display"], let text = reader.string(displayNode, "the display pattern") {
            if text.filter({ $0 == "¤" }).count == 1 && text.filter({ $0 == "#" }).count == 1 {
                display = text
            } else {
                reader.report(
                    displayNode.location, "the display pattern '\(text)' needs one ¤ (the symbol) and one # (the number)",
                    fix: "write it as \"¤ #\", \"¤#\" or \"# ¤\"")
            }
        }
        var symbols: [String: CurrencyCode] = [:]
        for (symbol, _, valueNode) in reader.entries(fields["symbols"] ?? node, "symbols") ?? [] {
            if let code = known(valueNode, "the currency of '\(symbol)'") { symbols[symbol] = code }
        }
        let dotGroups = fields["dot-groups-amounts"].flatMap { reader.choice($0, "dot-groups-amounts", from: ["true", "false"]) } == "true"
        guard let home, let display else { return nil }
        return MoneyConventions(home: home, symbols: symbols, display: display, dotGroupsAmounts: dotGroups)
    }

    private func readWriting(
        locale: String, language: [String: DataNode], region: [String: DataNode], nouns: [String: Noun], units catalog: UnitCatalog?,
        ruleSets: [String]?, reader: inout DataReader
    ) -> WritingConventions? {
        func terms(_ key: String) -> [String: WritingConventions.Term] {
            var result: [String: WritingConventions.Term] = [:]
            for (written, _, node) in merge(language[key], region[key], key, reader: &reader) {
                if let text = node.scalar {
                    if text == "pause" {
                        result[written] = .pause
                    } else if let noun = nouns[text] {
                        result[written] = .noun(noun)
                    } else {
                        let hint =
                            DataReader.nearest(text, in: Array(nouns.keys)).map { "did you mean '\($0)'?" }
                            ?? "write a noun of nouns, 'pause', or { say: \"…\" }"
                        reader.report(node.location, "'\(written)' stands for an unknown noun '\(text)'", fix: hint)
                    }
                } else if let fields = reader.fields(node, "'\(written)'", required: ["say"]),
                    let say = reader.string(fields["say"], "what '\(written)' says")
                {
                    result[written] = .say(say)
                }
            }
            return result
        }
        func twelve(_ key: String) -> [String]? {
            guard let node = region[key] ?? language[key], let list = reader.strings(node, key) else { return nil }
            guard list.count == 12 else {
                reader.report(node.location, "\(key) lists \(list.count) months", fix: "list the twelve months, January first")
                return nil
            }
            return list
        }
        var units = terms("units")
        let ownUnits = Set(units.keys)
        for (symbol, id) in catalog?.symbols ?? [:] where units[symbol] == nil {
            if let noun = nouns[id] { units[symbol] = .noun(noun) }
        }
        // "KG" and "Kg" are kg; "MB" and "Mb" stay apart (megabyte, megabit), and one letter
        // ("M", "m") is never folded.
        var folded: [String: (key: String, term: WritingConventions.Term)?] = [:]
        for (symbol, term) in units where symbol.unicodeScalars.count >= 2 && symbol.unicodeScalars.contains(where: \.isLetterLike) {
            let lower = symbol.lowercased()
            let key = term.identity
            if let existing = folded[lower] {
                if existing?.key != key { folded[lower] = .some(nil) }
            } else {
                folded[lower] = (key, term)
            }
        }
        let foldedUnits = folded.compactMapValues { $0?.term }
        /// A list of words the region gives, or else its language.
        func words(_ key: String) -> [String] {
            (region[key] ?? language[key]).flatMap { reader.strings($0, key) } ?? []
        }
        let notBeforeNumbers = words("units-not-before-numbers")
        let notBeforeWords = words("units-not-before-words")
        let abbreviations = terms("abbreviations")
        let symbols = terms("symbols")
        var scales: [String: Scale] = [:]
        let categories = Set(nouns.values.flatMap { $0.forms[.nominative]?.keys.map { $0 } ?? [] })
        for (written, _, node) in merge(language["scales"], region["scales"], "scales", reader: &reader) {
            guard
                let fields = reader.fields(
                    node, "the scale '\(written)'", required: ["noun"], optional: ["then", "after-symbol", "glued", "multiplied"]),
                let key = reader.string(fields["noun"], "the noun of '\(written)'")
            else { continue }
            guard let noun = nouns[key] else {
                let hint = DataReader.nearest(key, in: Array(nouns.keys)).map { "did you mean '\($0)'?" } ?? "add it under nouns"
                reader.report(fields["noun"]?.location ?? node.location, "the scale '\(written)' is an unknown noun '\(key)'", fix: hint)
                continue
            }
            var then: PluralCategory = categories.contains(.many) ? .many : .other
            if let thenNode = fields["then"], let name = reader.choice(thenNode, "what follows '\(written)'", from: ["many", "other"]) {
                then = PluralCategory(rawValue: name) ?? then
            }
            let afterSymbol = fields["after-symbol"].flatMap { reader.choice($0, "after-symbol", from: ["true", "false"]) } == "true"
            let glued = fields["glued"].flatMap { reader.choice($0, "glued", from: ["true", "false"]) } == "true"
            let multiplied: Scale.Multiplied =
                switch fields["multiplied"].flatMap({ reader.choice($0, "multiplied", from: ["true", "amounts", "false"]) }) {
                case "true": .always
                case "amounts": .amounts
                default: .never
                }
            scales[written] = Scale(noun: noun, then: then, afterSymbolOnly: afterSymbol, gluedOnly: glued, multiplied: multiplied)
        }
        let months = twelve("months")
        let monthsGenitive = (region["months-genitive"] ?? language["months-genitive"]) == nil ? [] : twelve("months-genitive")
        var governedCases: [String: GrammaticalCase] = [:]
        for word in (region["genitive-prepositions"] ?? language["genitive-prepositions"])
            .flatMap({ reader.strings($0, "genitive-prepositions") }) ?? []
        {
            governedCases[word.lowercased()] = .genitive
        }
        // `case-prepositions: { dative: [к], accusative: [через, за] }`, beside the genitive's list.
        if let node = region["case-prepositions"] ?? language["case-prepositions"] {
            for (grammaticalCase, value) in Self.entriesByCase(
                node, "case-prepositions", among: GrammaticalCase.allCases.filter { $0 != .nominative },
                unknown: { "'\($0)' is not a case words can govern" }, reader: &reader)
            {
                for word in reader.strings(value, "the words governing the \(grammaticalCase.rawValue)") ?? [] {
                    governedCases[word.lowercased()] = grammaticalCase
                }
            }
        }

        // `case-by-ending: { instrumental: { after: [с, со], endings: [ами, ями] } }`.
        var caseByEnding: [CaseByEnding] = []
        if let node = region["case-by-ending"] ?? language["case-by-ending"] {
            for (grammaticalCase, value) in Self.entriesByCase(
                node, "case-by-ending", among: GrammaticalCase.allCases.filter { $0 != .nominative },
                unknown: { "'\($0)' is not a case a noun's ending can say" }, reader: &reader)
            {
                guard
                    let fields = reader.fields(value, "the \(grammaticalCase.rawValue) of case-by-ending", required: ["after", "endings"]),
                    let after = reader.strings(fields["after"], "the words before the number"),
                    let endings = reader.strings(fields["endings"], "the endings of the noun after it")
                else { continue }
                caseByEnding.append(
                    CaseByEnding(after: Set(after.map { $0.lowercased() }), endings: endings, grammaticalCase: grammaticalCase))
            }
        }

        // Patterns: the region's first, so a region's date order wins over the language's.
        var patternNodes: [DataNode] = []
        for key in [region["patterns"], language["patterns"]] {
            guard let node = key else { continue }
            if case let .sequence(items) = node.value {
                patternNodes += items
            } else {
                reader.report(node.location, "patterns must be a list", fix: "write each pattern as '- match: …' with its say")
            }
        }
        var names: Set<String> = []
        for node in patternNodes {
            if case let .mapping(entries) = node.value,
                let name = entries.first(where: { $0.key.scalar == "name" })?.value.scalar
            {
                names.insert(name)
            }
        }
        let context = PatternContext(nouns: nouns, ruleSets: ruleSets, patternNames: names.sorted())
        // The two halves of the list are read at once, their problems reported in list order.
        let half = patternNodes.count / 2
        let (firstHalf, secondHalf) = (patternNodes[..<half], patternNodes[half...])
        let halves = inParallel(
            { Self.readPatterns(firstHalf, context: context) }, { Self.readPatterns(secondHalf, context: context) })
        reader.append(halves.0.problems)
        reader.append(halves.1.problems)
        let patterns = halves.0.patterns + halves.1.patterns
        checkCycles(patterns, reader: &reader)
        var lexicon: [LexiconEntry] = []
        for (term, keyNode, node) in merge(language["lexicon"], region["lexicon"], "lexicon", reader: &reader) {
            guard let fields = reader.fields(node, "the hint '\(term)'", required: ["ipa", "note"], optional: ["lang"]),
                let ipa = reader.string(fields["ipa"], "the IPA of '\(term)'"),
                let note = reader.string(fields["note"], "the note of '\(term)'")
            else { continue }
            lexicon.append(
                LexiconEntry(
                    term: term, ipa: ipa, note: note, lang: reader.string(fields["lang"], "the language of '\(term)'"),
                    location: keyNode.location))
        }
        guard let months, let monthsGenitive else { return nil }
        let calendar = readCalendar(
            locale: locale, language: language, region: region, months: months, genitive: monthsGenitive, reader: &reader)
        let formsIndex = Lazy {
            var byForm: [String: Noun] = [:]
            // A language's own nouns first, then CLDR's units, each in key order.
            let cldrUnits = Set(catalog?.nouns.keys.filter { nouns[$0] == catalog?.nouns[$0] } ?? [])
            let ordered = nouns.values.map { (cldr: cldrUnits.contains($0.key), noun: $0) }
                .sorted { ($0.cldr ? 1 : 0, $0.noun.key) < ($1.cldr ? 1 : 0, $1.noun.key) }
            for (_, noun) in ordered {
                for table in noun.forms.values {
                    for form in table.values {
                        let lower = form.lowercased()
                        if byForm[lower] == nil { byForm[lower] = noun }
                    }
                }
            }
            return byForm
        }
        // The language's own compound "per" where CLDR's is written, not said (ru "{0}/{1}").
        var perPattern: String?
        if let node = region["unit-per"] ?? language["unit-per"], let pattern = reader.string(node, "unit-per") {
            if pattern.contains("{0}") && pattern.contains("{1}") {
                perPattern = pattern
            } else {
                reader.report(node.location, "unit-per '\(pattern)' lacks {0} or {1}", fix: "write both: \"{0} на {1}\"")
            }
        }
        var conventions = WritingConventions(
            units: units, ownUnits: ownUnits, foldedUnits: foldedUnits, unitsNotBeforeNumbers: Set(notBeforeNumbers),
            unitsNotBeforeWords: Set(notBeforeWords),
            perPattern: perPattern ?? catalog?.perPattern, unitPerPatterns: catalog?.perPatterns ?? [:],
            scales: scales, abbreviations: abbreviations, symbols: symbols, months: months,
            monthsGenitive: monthsGenitive, calendar: calendar, governedCases: governedCases,
            patterns: patterns, lexicon: lexicon, formsIndex: formsIndex)
        conventions.caseByEnding = caseByEnding
        return conventions
    }

    /// The patterns of `nodes`, with the problems found in them.
    private static func readPatterns(
        _ nodes: ArraySlice<DataNode>, context: PatternContext
    ) -> (patterns: [Pattern], problems: DataReader) {
        var problems = DataReader()
        let patterns = nodes.compactMap { Pattern.read($0, context: context, reader: &problems) }
        return (patterns, problems)
    }

    /// Reports a named pattern that refers to itself, directly or through others.
    private func checkCycles(_ patterns: [Pattern], reader: inout DataReader) {
        var references: [String: Set<String>] = [:]
        for pattern in patterns {
            guard let name = pattern.name else { continue }
            for case let .capture(.pattern(other)) in pattern.elements { references[name, default: []].insert(other.name) }
        }
        for pattern in patterns {
            guard let name = pattern.name else { continue }
            var seen: Set<String> = []
            var frontier = references[name] ?? []
            while let next = frontier.popFirst() {
                if next == name {
                    reader.report(
                        pattern.location, "the pattern '\(name)' refers to itself through {\(name)} or other patterns",
                        fix: "a pattern may only use patterns that do not use it")
                    break
                }
                if seen.insert(next).inserted { frontier.formUnion(references[next] ?? []) }
            }
        }
    }
}
