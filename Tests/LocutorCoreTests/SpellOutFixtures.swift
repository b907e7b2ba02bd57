import Foundation
import LocutorCore

/// The pinned CLDR rule files and the ICU oracle table, found from this file's path so the
/// tests do not depend on the working directory.
enum SpellOutFixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let locales = ["es", "pt", "en", "ru", "fr", "fr_BE", "nl"]

    /// The cardinal rule set each locale's amounts are counted with.
    static let cardinalSets = [
        "es": ["%spellout-cardinal-masculine", "%spellout-cardinal-feminine"],
        "pt": ["%spellout-cardinal-masculine", "%spellout-cardinal-feminine"],
        "fr": ["%spellout-cardinal-masculine", "%spellout-cardinal-feminine"],
        "fr_BE": ["%spellout-cardinal-masculine", "%spellout-cardinal-feminine"],
        "en": ["%spellout-cardinal"],
        "nl": ["%spellout-cardinal"],
        "ru": [
            "%spellout-cardinal-masculine", "%spellout-cardinal-feminine", "%spellout-cardinal-neuter",
            "%spellout-cardinal-plural", "%spellout-cardinal-masculine-genitive",
        ],
    ]

    static func rulePath(_ locale: String) -> String { "voices/cldr/rbnf/\(locale).rbnf" }

    /// CLDR 42's decimal separator of each ICU locale the oracle was made with (what a region
    /// file's numbers.decimal says in Locutor).
    static let decimalSeparators: [String: Unicode.Scalar] = [
        "es": ",", "pt": ",", "en": ".", "ru": ",", "fr": ",", "fr_BE": ",", "nl": ",", "es_MX": ".",
    ]

    /// The pinned CLDR plural rules (voices/cldr/plurals.yaml).
    static let plurals: Result<PluralRuleBook, any Error> = Result {
        let path = "voices/cldr/plurals.yaml"
        return try PluralRuleBook(yaml: String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8), origin: path)
    }

    /// Rules read as a region of `locale` reads them: its decimal separator and plural rules.
    static func make(_ text: String, origin: String, firstLine: Int = 1, locale: String) throws -> RuleBasedNumberFormat {
        let language = String(locale.split(separator: "_").first ?? "")
        return try RuleBasedNumberFormat(
            rules: text, origin: origin, firstLine: firstLine,
            decimalSeparator: decimalSeparators[locale] ?? ".", plurals: try plurals.get()[language])
    }

    static func ruleText(_ locale: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(rulePath(locale)), encoding: .utf8)
    }

    /// Every locale's rules, parsed once for the whole test run.
    static let formats: Result<[String: RuleBasedNumberFormat], any Error> = Result {
        var formats: [String: RuleBasedNumberFormat] = [:]
        for locale in locales {
            formats[locale] = try make(ruleText(locale), origin: rulePath(locale), locale: locale)
        }
        return formats
    }

    static func format(_ locale: String) throws -> RuleBasedNumberFormat {
        guard let format = try formats.get()[locale] else { throw MissingLocale(locale: locale) }
        return format
    }

    struct MissingLocale: Error { var locale: String }
}
