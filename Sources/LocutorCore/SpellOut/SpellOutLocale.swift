import Foundation

/// What a rule text needs from its locale that the text itself does not say: the decimal
/// separator (it picks `x,x:` over `x.x:` where a rule set has both, as ICU does) and the CLDR
/// plural categories behind `$(cardinal,one{…}other{…})$`.
///
/// The facts are CLDR 42 as ICU 72 reports them (`DecimalFormatSymbols`, `PluralRules`).
/// Plural rules are carried only for the languages whose spell-out rules use `$(…)$`:
/// Portuguese (`milhão`/`milhões`) and Russian (`тысяча`/`тысячи`/`тысяч`, `целая`/`целых`).
struct SpellOutLocale: Sendable {
    enum PluralCategory: Int, Sendable, CaseIterable {
        case zero, one, two, few, many, other

        init?(keyword: String) {
            switch keyword {
            case "zero": self = .zero
            case "one": self = .one
            case "two": self = .two
            case "few": self = .few
            case "many": self = .many
            case "other": self = .other
            default: return nil
            }
        }
    }

    enum PluralType: Sendable { case cardinal, ordinal }

    let identifier: String
    let language: String
    let decimalSeparator: Unicode.Scalar

    init(_ identifier: String) {
        let normalized = identifier.replacingOccurrences(of: "-", with: "_")
        self.identifier = normalized
        language = String(normalized.split(separator: "_", maxSplits: 1).first ?? "")
        decimalSeparator = SpellOutLocale.commaLocales.contains(normalized)
            ? ","
            : SpellOutLocale.pointLocales.contains(normalized)
                ? "."
                : SpellOutLocale.commaLanguages.contains(language) ? "," : "."
    }

    /// Languages whose CLDR 42 decimal separator is a comma; the locales below differ from their language.
    private static let commaLanguages: Set<String> = ["es", "pt", "ru", "fr", "nl"]
    private static let pointLocales: Set<String> = [
        "es_419", "es_BR", "es_BZ", "es_CU", "es_DO", "es_GT", "es_HN", "es_MX", "es_NI", "es_PA",
        "es_PE", "es_PR", "es_SV", "es_US",
    ]
    private static let commaLocales: Set<String> = [
        "en_AT", "en_BE", "en_DE", "en_DK", "en_FI", "en_NL", "en_SE", "en_SI", "en_ZA",
    ]

    /// Whether plural categories are known for this locale's language.
    var hasPluralRules: Bool { language == "pt" || language == "ru" }

    /// The CLDR plural category of a whole number (the only kind RBNF asks about).
    func category(of value: Int64, _ type: PluralType) -> PluralCategory {
        guard type == .cardinal else { return .other }
        let n = value.magnitude
        switch language {
        case "pt":
            // one: i = 0..1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0
            if n <= 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "ru":
            // one: v = 0 and i % 10 = 1 and i % 100 != 11; few: i % 10 = 2..4 and i % 100 != 12..14;
            // many: i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14
            let units = n % 10, hundreds = n % 100
            if units == 1 && hundreds != 11 { return .one }
            if (2...4).contains(units) && !(12...14).contains(hundreds) { return .few }
            return .many
        default:
            return .other
        }
    }
}
