import Foundation

/// A region Locutor speaks for: `es-AR`, `pt-BR`, `ru-RU`.
package struct RegionID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    package let rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    package static func < (a: RegionID, b: RegionID) -> Bool { a.rawValue < b.rawValue }
}

/// An ISO 4217 currency code: `ARS`, `BRL`.
package struct CurrencyCode: Hashable, Sendable, CustomStringConvertible {
    /// The three letters.
    package let rawValue: String

    /// - Returns: nil unless `rawValue` is three capital ASCII letters.
    package init?(_ rawValue: String) {
        guard rawValue.unicodeScalars.count == 3, rawValue.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    /// The three letters.
    package var description: String { rawValue }
}

/// Grammatical cases a noun can be declined in. Nominative is the form after a bare number;
/// the others follow the prepositions that govern them ("до 500 ₽" → "до пятисот рублей",
/// "к 5 мая" → "к пятому мая").
package enum GrammaticalCase: String, Sendable, CaseIterable, Codable {
    case nominative, genitive, dative, accusative, instrumental, prepositional

    /// The names CLDR's unit data gives the case (`genitive-few`, `locative-one`).
    var cldrNames: [String] {
        switch self {
        case .prepositional: ["prepositional", "locative"]
        default: [rawValue]
        }
    }
}

/// A noun a number can count, with its gender and one form per plural category (and case).
///
/// Reads as "peso" for one and "pesos" for other in Spanish, "de pesos" after exact millions.
package struct Noun: Hashable, Sendable {
    package let key: String
    package let gender: String
    package let forms: [GrammaticalCase: [PluralCategory: String]]

    /// The form for `category` in `grammaticalCase` (nominative when the noun has no such case).
    package func form(_ category: PluralCategory, case grammaticalCase: GrammaticalCase = .nominative) -> String {
        let table = forms[grammaticalCase] ?? forms[.nominative] ?? [:]
        return table[category] ?? table[.other] ?? key
    }
}

/// How a language names a currency: the noun of its major unit and of its minor unit.
package struct CurrencyNames: Hashable, Sendable {
    package let major: Noun
    /// The minor unit ("centavo"), when the language names it; without one, an amount with
    /// decimals is said as a decimal number of the major unit.
    package let minor: Noun?
}

/// The spell-out rule sets a language uses, by purpose and gender.
package struct SpellOutRules: Sendable {
    package let format: RuleBasedNumberFormat
    package let defaultGender: String
    package let cardinal: [String: String]
    package let ordinal: [String: String]
    package let year: String?
    /// For numbers that count nothing ("veintiuno", not "veintiún").
    package let numbering: String?
    /// For the day of the month in a date (the numbering rule set when nil; en: the ordinal).
    package let day: String?
    /// What the first day of a month is called in a date, when not its number ("primero").
    package let firstDay: String?
    /// Cardinal rule sets in the other cases, by case and gender (Russian).
    package let cases: [GrammaticalCase: [String: String]]
    /// Fixes applied to every spelled number, in order.
    package let rewrites: [SpellOutRewrite]
    /// When set, decimals are said as a number after the first of these words the rules say
    /// ("deux virgule vingt-cinq"; Spanish "coma" or "punto" by the region's decimal separator),
    /// not digit by digit as CLDR's rules say them ("deux virgule deux cinq").
    package var decimalsAsNumberAfter: [String]? = nil
    /// Said before a fraction below one that the rules say without its zero (Russian "ноль
    /// целых": CLDR's `0.x` rule gives "пять десятых" for 0,5), by case ("от нуля целых пяти
    /// десятых"); the nominative serves a case not listed.
    package var zeroWhole: [GrammaticalCase: String] = [:]
    /// A number as the first part of a compound word ("2-комнатная" → двухкомнатная): the words
    /// of this rule set (the numbering one when nil), each replaced as `compoundWords` says
    /// ("одного" → "одно"), written together.
    package var compound: String? = nil
    package var compoundWords: [String: String] = [:]
    /// Four digits in this range, written alone (no grouping, no word after them), are a year
    /// and said with `year` ("Property tax (2024)" twenty twenty-four, "Rijwoning 1930").
    package var yearsAlone: ClosedRange<Int>? = nil

    /// The cardinal rule set for a gender and case, falling back to the default gender and to
    /// the nominative.
    package func cardinalRuleSet(gender: String?, case grammaticalCase: GrammaticalCase = .nominative) -> String {
        let gender = gender ?? defaultGender
        if grammaticalCase != .nominative, let sets = cases[grammaticalCase], let set = sets[gender] ?? sets[defaultGender] { return set }
        return cardinal[gender] ?? cardinal[defaultGender] ?? cardinal.values.sorted().first ?? "%spellout-numbering"
    }
}

/// Everything Locutor knows about speaking in one region: its language's words and rules, with
/// the region's own number format, voice, currency and overrides applied.
package struct RegionProfile: Sendable {
    package let id: RegionID
    package let language: String
    package let name: String
    package let voice: RegionVoice
    package let numbers: NumberFormat
    package let money: MoneyConventions
    package let spellout: SpellOutRules
    package let plurals: PluralRules
    package let nouns: [String: Noun]
    package let currencies: [CurrencyCode: CurrencyNames]
    /// Minor-unit digits of every known currency (ISO 4217).
    package let currencyDigits: [CurrencyCode: Int]
    /// The currencies `voices/currencies.yaml` lists: every language names these itself.
    package let listedCurrencies: Set<CurrencyCode>
    package let phrases: [PhraseKey: Phrase]
    package let listSeparator: String
    package let writing: WritingConventions
    /// How fractions are said, when the language says.
    package let fractions: FractionRules?
    /// The gender of a word by its ending, for nouns the data does not list ("21 noches" →
    /// veintiuna noches).
    package let genderByEnding: GenderByEnding
    /// Words a number may stand before that are not nouns ("21 de mayo", "3 a 5").
    package let notNouns: Set<String>
    /// How a noun follows a number said with a million-scale word ("dos coma tres millones de
    /// suscriptores"), when the language joins them.
    package var afterMillions: AfterMillions? = nil
    /// The form of a noun counted by a number that ends in a scale word (a thousand, a
    /// million), in every case but the nominative, when the scale word governs it (Russian: the
    /// genitive plural, "к пяти тысячам рублей").
    package var nounAfterScales: (case: GrammaticalCase, category: PluralCategory)? = nil
    /// Endings of adjectives that say no gender: a number before such a word agrees with the
    /// noun after it (Russian "2 новые заявки" → две).
    package var genderlessAdjectiveEndings: [String] = []
    /// Words that name a code sent or shown to the user, when the language lists them (`codes`).
    package var codeWords: CodeWords? = nil
    /// Words that name a discount, when the language lists them (`discount-words`).
    package var discountWords: DiscountWords? = nil
    /// Words that name a place numbered with letters, when the language lists them (`place-words`).
    package var placeWords: PlaceWords? = nil
    /// Words that name a street, after which "N/M" is a house and a part of it, with what is said
    /// between (`house-slash`: "Rue de Namur 10/12" dix boîte douze, "ул. Гагарина, 15/2"
    /// пятнадцать дробь два).
    package var houseSlash: PlaceWords? = nil
    /// Two words the language joins when said one after the other ("de un" → "d’un").
    package var contractions = Contractions([])
    /// Words between two numbers of a range or a choice (`range-words`: "a", "o"): the first
    /// number agrees with the noun after the second ("1 a 2 cucharadas" → una a dos).
    package var rangeWords: Set<String> = []
    /// Words after which a "." or "," and one or two digits end a number's decimals whatever the
    /// region writes (`decimal-point-words`): a bookmaker's odds ("Кэф 2.05", "Quotering 1.07",
    /// "Cuota 2.10"), which are neither a date nor a time, in lower case.
    package var decimalPointWords: Set<String> = []
    /// Units before which a dot and three digits group thousands where shops group with a dot
    /// (`dot-groups-before`, with `dot-groups-amounts`): "3.400 m.s.n.m." tres mil cuatrocientos
    /// metros, where a scale's "12.500 kg" keeps its decimals.
    package var dotGroupsBefore: Set<String> = []
    /// How the language says a power ("10²³", "1,6e-19"), when its data says (`powers`).
    package var powers: Powers? = nil
    /// Articles that give a number with no noun after it their gender, by the article in lower
    /// case (`article-genders`: "a las 21" veintiuna, the hours it leaves out; "das 21 às 23").
    package var articleGenders: [String: String] = [:]
}

/// Words that name a place numbered with letters — a street, a dwelling, a seat, a gate ("calle",
/// "rue", "дом", "asiento") — or end such a word (Dutch "-straat", "-laan"): one capital letter
/// written right after a number at most `within` words after one is the place's letter
/// ("Kerkstraat 12A": twaalf A, "Asiento: 14A" catorce A), never amperes or billions.
package struct PlaceWords: Sendable {
    /// In lower case.
    package let words: Set<String>
    /// In lower case.
    package let endings: [String]
    package let within: Int
    /// What is said between the two numbers (`house-slash` only).
    package var say = ""

    func names(_ word: String) -> Bool {
        words.contains(word) || endings.contains { word.hasSuffix($0) && word.count > $0.count }
    }
}

/// Two words said one after the other that the language writes as one: French "de un" is
/// "d’un" ("à partir de 1 €" à partir d’un euro), "que une" is "qu’une".
package struct Contraction: Sendable, Hashable {
    package let first: String
    package let second: String
    package let joined: String
}

/// A language's contractions, by their first word: every said word of the language is looked
/// up, so the lookup is one hash of a short word.
package struct Contractions: Sendable {
    /// The contractions by their first word (in lower case).
    private let byFirst: [String: [Contraction]]
    /// The most UTF-8 bytes of a first word: longer words are no first word.
    private let longestFirst: Int

    package init(_ all: [Contraction]) {
        byFirst = Dictionary(grouping: all, by: \.first)
        longestFirst = all.map { $0.first.utf8.count }.max() ?? 0
    }

    package var isEmpty: Bool { byFirst.isEmpty }

    /// The contraction `first` and `second` make, nil when none; `second` may go on with
    /// punctuation ("un," is read as "un", the comma stays after).
    func contraction(_ first: Substring, _ second: Substring) -> Contraction? {
        guard first.utf8.count <= longestFirst, !first.isEmpty,
            let candidates = byFirst[String(first)] ?? byFirst[first.lowercased()]
        else { return nil }
        let second = second.lowercased().utf8
        return candidates.first { candidate in
            guard second.starts(with: candidate.second.utf8) else { return false }
            let after = second.dropFirst(candidate.second.utf8.count).first
            // A letter after it makes another word ("unique" is no "une"), as does any byte past ASCII.
            return after.map { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A || $0 >= 0x61 && $0 <= 0x7A) } ?? true
        }
    }
}

/// Words that name a discount ("descuento", "korting", "скидка"): a discount badge written at
/// most `within` words after one, in the same sentence, says its percentage alone ("Скидка
/// -30%" → скидка тридцать процентов, not "скидка скидка тридцать процентов").
package struct DiscountWords: Sendable {
    /// In lower case.
    package let words: Set<String>
    package let within: Int
}

/// Words that name a code ("código", "verificatiecode", "код"): a number of four to eight
/// digits written near one, in the same sentence, is said digit by digit ("Seu código de acesso
/// ao Gov.br é 5839", "482913 est votre code de vérification").
package struct CodeWords: Sendable {
    /// In lower case.
    package let words: Set<String>
    /// Words that make the code word before them name something else ("code postal 1000").
    package let except: Set<String>
    /// How many words may stand between the number and the code word, on either side.
    package let within: Int
    /// Signs that number what follows ("#", "n°", "№"): six digits or more after one are a code.
    package var signs: [[Unicode.Scalar]] = []
}

/// The eSpeak NG voice of a region and how it speaks.
package struct RegionVoice: Hashable, Sendable {
    package let name: String
    package let variant: String?
    package let rate: Int
    package let pitch: Int
    /// Where the voice is named, for messages.
    package let location: SourceLocation

    /// `name+variant`, as eSpeak NG takes it.
    package var selection: String { variant.map { "\(name)+\($0)" } ?? name }
}

/// A region's money: its home currency, what each symbol means there, how amounts are displayed.
package struct MoneyConventions: Sendable {
    package let home: CurrencyCode
    /// Symbols to currencies: "$" is ARS in es-AR and USD in en-US.
    package let symbols: [String: CurrencyCode]
    /// The display pattern: ¤ the symbol, # the number ("¤ #", "# ¤", "¤#").
    package let display: String
    /// Whether an amount with three digits after the decimal point groups its thousands there
    /// (`dot-groups-amounts`): Peruvian and Mexican shops and job ads write "S/ 2.500" and "$15.000"
    /// for 2,500 and 15,000, where the region's own separator says 2.5 (exchange rates such as
    /// "S/ 3.745" keep their decimals).
    package var dotGroupsAmounts = false
    /// Symbols and codes that stand for no currency here although CLDR gives them one
    /// (`none` in `currency-symbols.yaml`): a withdrawn currency's ("Lt 5", a lot), a letter or
    /// two ("P 2" a parking level, "R 0" a ring road), a code that is a word ("TOP 10").
    package var noCurrency: Set<String> = []

    /// The symbol this region writes for `currency`: the first one the data lists for it.
    package func symbol(for currency: CurrencyCode) -> String? {
        symbols.filter { $0.value == currency }.keys.sorted { ($0.count, $0) < ($1.count, $1) }.first
    }
}
