import Foundation

/// A region Locutor speaks for: `es-AR`, `pt-BR`, `ru-RU`.
public struct RegionID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (a: RegionID, b: RegionID) -> Bool { a.rawValue < b.rawValue }
}

/// An ISO 4217 currency code: `ARS`, `BRL`.
public struct CurrencyCode: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    /// - Returns: nil unless `rawValue` is three capital ASCII letters.
    public init?(_ rawValue: String) {
        guard rawValue.unicodeScalars.count == 3, rawValue.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (a: CurrencyCode, b: CurrencyCode) -> Bool { a.rawValue < b.rawValue }
}

/// Grammatical cases a noun can be declined in. Nominative is the form after a bare number;
/// genitive follows prepositions that govern it ("до 500 ₽" → "до пятисот рублей").
public enum GrammaticalCase: String, Sendable, CaseIterable, Codable {
    case nominative, genitive
}

/// A noun a number can count, with its gender and one form per plural category (and case).
///
/// Reads as "peso" for one and "pesos" for other in Spanish, "de pesos" after exact millions.
public struct Noun: Hashable, Sendable {
    public let key: String
    public let gender: String
    public let forms: [GrammaticalCase: [PluralCategory: String]]

    /// The form for `category` in `grammaticalCase` (nominative when the noun has no such case).
    public func form(_ category: PluralCategory, case grammaticalCase: GrammaticalCase = .nominative) -> String {
        let table = forms[grammaticalCase] ?? forms[.nominative] ?? [:]
        return table[category] ?? table[.other] ?? key
    }
}

/// How a language names a currency: the noun of its major unit and of its minor unit.
public struct CurrencyNames: Hashable, Sendable {
    public let major: Noun
    public let minor: Noun
}

/// The spell-out rule sets a language uses, by purpose and gender.
public struct SpellOutRules: Sendable {
    public let format: RuleBasedNumberFormat
    public let defaultGender: String
    public let cardinal: [String: String]
    public let ordinal: [String: String]
    public let year: String?
    /// For numbers that count nothing ("veintiuno", not "veintiún").
    public let numbering: String?
    /// Cardinal rule sets in the genitive, by gender (Russian).
    public let genitive: [String: String]
    /// Fixes applied to every spelled number, in order.
    public let rewrites: [SpellOutRewrite]

    /// The cardinal rule set for a gender and case, falling back to the default gender and to
    /// the nominative.
    public func cardinalRuleSet(gender: String?, case grammaticalCase: GrammaticalCase = .nominative) -> String {
        let gender = gender ?? defaultGender
        if grammaticalCase == .genitive, let set = genitive[gender] ?? genitive[defaultGender] { return set }
        return cardinal[gender] ?? cardinal[defaultGender] ?? cardinal.values.sorted().first ?? "%spellout-numbering"
    }
}

/// Everything Locutor knows about speaking in one region: its language's words and rules, with
/// the region's own number format, voice, currency and overrides applied.
public struct RegionProfile: Sendable {
    public let id: RegionID
    public let language: String
    public let name: String
    public let voice: RegionVoice
    public let numbers: NumberFormat
    public let money: MoneyConventions
    public let spellout: SpellOutRules
    public let plurals: PluralRules
    public let nouns: [String: Noun]
    public let currencies: [CurrencyCode: CurrencyNames]
    /// Minor-unit digits of every known currency (ISO 4217).
    public let currencyDigits: [CurrencyCode: Int]
    public let phrases: [PhraseKey: Phrase]
    public let listSeparator: String
    public let writing: WritingConventions
}

/// The eSpeak NG voice of a region and how it speaks.
public struct RegionVoice: Hashable, Sendable {
    public let name: String
    public let variant: String?
    public let rate: Int
    public let pitch: Int
    /// Where the voice is named, for messages.
    public let location: SourceLocation

    /// `name+variant`, as eSpeak NG takes it.
    public var selection: String { variant.map { "\(name)+\($0)" } ?? name }
}

/// A region's money: its home currency, what each symbol means there, how amounts are displayed.
public struct MoneyConventions: Sendable {
    public let home: CurrencyCode
    /// Symbols to currencies: "$" is ARS in es-AR and USD in en-US.
    public let symbols: [String: CurrencyCode]
    /// The display pattern: ¤ the symbol, # the number ("¤ #", "# ¤", "¤#").
    public let display: String

    /// The symbol this region writes for `currency`: the first one the data lists for it.
    public func symbol(for currency: CurrencyCode) -> String? {
        symbols.filter { $0.value == currency }.keys.sorted { ($0.count, $0) < ($1.count, $1) }.first
    }
}
