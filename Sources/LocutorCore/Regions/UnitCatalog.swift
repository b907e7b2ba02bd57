/// Every unit CLDR names in a language (`voices/cldr/units/<language>.tsv`): the noun a number
/// counts ("metros cuadrados", "квадратных метров" in each case) and the symbols written for it
/// ("m²", "km/h", "mph").
///
/// A language file's own `nouns` and `units` come first; these fill in the rest, so "15 KG", "8 ft"
/// and "250 GB" are said although no language file lists them.
package struct UnitCatalog: Sendable {
    /// The unit nouns, by CLDR id (`length-meter`).
    package let nouns: [String: Noun]
    /// What is written after a number → the unit's id, as CLDR writes it (`km/h`).
    package let symbols: [String: String]
    /// A unit's "per" pattern: `{0} por hora` (after another unit: "kilómetros por hora").
    package let perPatterns: [String: String]
    /// The language's compound "per" pattern: `{0} por {1}`.
    package let perPattern: String?

    /// Units CLDR lists twice under another name, and units of persons ("day-person"), which
    /// only repeat the plain unit.
    static func isSkipped(_ id: String) -> Bool {
        id.hasSuffix("-person") || id == "concentr-milligram-ofglucose-per-deciliter"
    }

    /// Whether a noun's key is a CLDR unit that measures an amount of something (a length, a
    /// volume, a mass…), not a span of time: "3/4 cups" is loose writing of three quarters of a
    /// cup, where "5/7 days" counts days.
    static func measures(_ key: String) -> Bool {
        guard let dash = key.firstIndex(of: "-") else { return false }
        return key[..<dash] != "duration" && measureCategories.contains(String(key[..<dash]))
    }

    private static let measureCategories: Set<String> = [
        "volume", "length", "mass", "area", "digital", "pressure", "concentr", "energy", "graphics", "power", "angle",
        "temperature", "speed", "light", "frequency", "electric", "consumption", "force", "torque", "acceleration",
    ]

    /// Between units that share a symbol, the one a listing or a shop means (metre before minute
    /// and month, cup before century, second before century).
    static let preferred = [
        "length-meter", "duration-second", "duration-minute", "duration-day", "duration-week", "duration-year",
        "temperature-generic", "volume-cup", "mass-tonne", "temperature-kelvin", "length-foot", "length-inch",
        "mass-carat", "energy-kilocalorie", "volume-pint", "graphics-pixel", "energy-calorie",
    ]

    /// - Parameters:
    ///   - table: the language's unit table.
    ///   - categories: the language's plural categories.
    ///   - defaultGender: the gender of a unit CLDR gives none.
    ///   - afterMillions: how a noun is written after an exact million when CLDR has no form for
    ///     it (Spanish "de {noun}"), from the language file.
    package init(table: TabularFile, categories: [PluralCategory], defaultGender: String, afterMillions: AfterMillions?) {
        var facts: [String: [String: String]] = [:]
        var order: [String] = []
        for row in table.rows {
            let unit = row.fields[0]
            if facts[unit] == nil { order.append(unit) }
            facts[unit, default: [:]][row.fields[1]] = row.fields[2]
        }
        func word(_ pattern: String) -> String? {
            guard pattern.hasPrefix("{0}") else { return nil }
            let text = String(pattern.dropFirst(3)).trimmingSpaces()
            return text.isEmpty ? nil : text
        }
        var nouns: [String: Noun] = [:]
        var symbols: [String: String] = [:]
        var symbolRank: [String: (Int, Int)] = [:]
        var perPatterns: [String: String] = [:]
        let preferredRank = Dictionary(uniqueKeysWithValues: Self.preferred.enumerated().map { ($1, $0) })
        // The table's keys for each case and category ("genitive-few"), made once, not per unit.
        let formKeys: [(GrammaticalCase, PluralCategory, String)] = categories.flatMap { category in
            [(GrammaticalCase.nominative, category, category.rawValue)]
                + GrammaticalCase.allCases.filter { $0 != .nominative }.flatMap { grammaticalCase in
                    grammaticalCase.cldrNames.map { (grammaticalCase, category, "\($0)-\(category.rawValue)") }
                }
        }
        let symbolKeys = [0, 1].flatMap { source in
            categories.map { (source, (source == 0 ? "short-" : "narrow-") + $0.rawValue) }
        }
        for unit in order where unit != "*" && !Self.isSkipped(unit) {
            guard let keys = facts[unit] else { continue }
            var table: [GrammaticalCase: [PluralCategory: String]] = [:]
            for (grammaticalCase, category, key) in formKeys {
                if let form = keys[key].flatMap(word) { table[grammaticalCase, default: [:]][category] = form }
            }
            guard var nominative = table[.nominative], let other = nominative[.other] else { continue }
            // A name written with digits ("liters per 100 kilometers") is left to the reader,
            // which says a unit per a quantity in words ("l/100 km": per one hundred kilometers).
            if other.unicodeScalars.contains(where: \.isASCIIDigit) { continue }
            if let afterMillions, categories.contains(.many), nominative[.many] == nil || nominative[.many] == other {
                nominative[.many] = afterMillions.form(of: other)
                table[.nominative] = nominative
            }
            let gender = keys["gender"] ?? keys["derived-gender"] ?? defaultGender
            nouns[unit] = Noun(key: unit, gender: gender, forms: table)
            if let per = keys["per"] { perPatterns[unit] = per }
            for (source, key) in symbolKeys {
                guard let symbol = keys[key].flatMap(word) else { continue }
                let rank = (source, preferredRank[unit] ?? Self.preferred.count)
                if let current = symbolRank[symbol], current <= rank { continue }
                symbols[symbol] = unit
                symbolRank[symbol] = rank
            }
        }
        self.nouns = nouns
        self.symbols = symbols
        self.perPatterns = perPatterns
        self.perPattern = facts["*"]?["per"]
    }
}

/// How a language writes a noun after an exact million, for nouns it has no such form for:
/// Spanish and Portuguese "de pesos", French "de dollars" and "d’euros".
package struct AfterMillions: Sendable, Hashable {
    /// Before a consonant: "de {noun}".
    package let consonant: String
    /// Before a vowel or a mute h: "d’{noun}"; the consonant form when nil.
    package let vowel: String?

    private static let vowels = Set("aeiouhàâéèêëîïôûüœæ".unicodeScalars)

    /// The words before the noun in each form, spaces trimmed: "de", "d’".
    var joiners: [[Unicode.Scalar]] {
        [consonant, vowel].compactMap { form in
            guard let form, let range = form.range(of: "{noun}") else { return nil }
            let words = form[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            return words.isEmpty ? nil : Array(words.unicodeScalars)
        }
    }

    package func form(of noun: String) -> String {
        let startsWithVowel = noun.unicodeScalars.first.map { Self.vowels.contains($0.lowercased) } ?? false
        let template = startsWithVowel ? (vowel ?? consonant) : consonant
        return template.replacingEvery("{noun}", with: noun)
    }
}
