/// How a language writes what is not a plain word: units, abbreviations, symbols, dates, and
/// the patterns the normalizer recognizes.
package struct WritingConventions: Sendable {
    /// What a written term stands for.
    package enum Term: Sendable {
        /// A noun a number can count: "m²" is metro cuadrado, "bd." is bedroom.
        case noun(Noun)
        /// Words said instead of the term: "±" is "más o menos".
        case say(String)
        /// A pause between items: "•".
        case pause

        /// What the term stands for, to tell two written forms of one term from two terms.
        var identity: String {
            switch self {
            case let .noun(noun): "noun:" + noun.key
            case let .say(words): "say:" + words
            case .pause: "pause"
            }
        }
    }

    /// Said only right after a number: "75 m²", "3 мин" — the language's own and every CLDR unit.
    package let units: [String: Term]
    /// The units the language and region files write themselves (the rest come from CLDR).
    package let ownUnits: Set<String>
    /// Units matched in any case ("15 KG", "Kg"): lower-cased symbols whose case changes nothing.
    package let foldedUnits: [String: Term]
    /// Unit symbols that are also words, taken as units only when no number follows ("6 in", not
    /// "1 in 5 adults").
    package let unitsNotBeforeNumbers: Set<String>
    /// Unit symbols that are also words the language writes after numbers, taken as units only
    /// when no word in lower case follows ("Votre colis 323299912345678 a été livré", "3 in
    /// behandeling").
    package let unitsNotBeforeWords: Set<String>
    /// The language's compound "per" pattern ("{0} por {1}"), for "X/Y" of two units.
    package let perPattern: String?
    /// A unit's own "per" pattern, by CLDR id ("{0} por hora").
    package let unitPerPatterns: [String: String]
    /// Scale words and their abbreviations written after a number: "millones", "M", "k",
    /// "тыс.": "3 millones" → tres millones, "$12 billion" → twelve billion dollars.
    package let scales: [String: Scale]
    /// Said wherever they stand as a word: "bd.", "c/u".
    package let abbreviations: [String: Term]
    /// Said wherever they appear: "±", "n°", "•".
    package let symbols: [String: Term]
    /// January to December.
    package let months: [String]
    /// The months in the genitive ("мая"), when the language declines them.
    package let monthsGenitive: [String]
    /// Month and weekday names to recognize, AM and PM, decades.
    package let calendar: CalendarNames
    /// Words after which a number and what it counts go in another case: the genitive after
    /// "до", "от"; the dative after "к"; … (lower case).
    package let governedCases: [String: GrammaticalCase]
    /// Endings of the noun after a number that say its case better than the word before it
    /// (`case-by-ending`: "с 3 подходами" is no genitive "с трёх", "в 3 подходах" no accusative).
    package var caseByEnding: [CaseByEnding] = []
    /// The normalizer's patterns, the region's before the language's.
    package let patterns: [Pattern]
    /// Pronunciation hints for words the region's voice gets wrong, the region's over the language's.
    package let lexicon: [LexiconEntry]

    /// Every form of every noun (lower case), to find the noun a written word is a form of.
    /// Worked out when first asked: with CLDR's units in every case and plural form it is
    /// thousands of words (a tenth of Russian's start-up), and most texts never ask.
    var nounsByForm: [String: Noun] { formsIndex.value }
    let formsIndex: Lazy<[String: Noun]>
}

/// A scale after a number ("millón", "thousand", "тысяча"): the noun said for it, which the
/// number agrees with, and the plural form a noun takes after it ("un millón *de pesos*",
/// "три тысячи *рублей*", but "tres mil *pesos*").
package struct Scale: Sendable {
    package let noun: Noun
    /// The form of what follows the scale: `many` after a noun like millón, `other` after mil.
    package let then: PluralCategory
    /// Only after an amount whose currency sign comes first: "$2m" is two million dollars, "2m"
    /// alone two metres.
    package var afterSymbolOnly = false
    /// Only right after the digits, no space between: Russian "80к" is eighty thousand, but "к"
    /// after a space is the preposition ("50 % к празднику").
    package var gluedOnly = false
    /// Where a number with decimals is said as the thousands it writes (`multiplied`).
    package enum Multiplied: Sendable {
        case never
        /// In money only (`multiplied: amounts`): Portuguese "R$ 2,5 mil" dois mil e quinhentos
        /// reais, where "2,3 mil espectadores" stays dois vírgula três mil.
        case amounts
        /// Everywhere (`multiplied: true`): French "1,2 k" mille deux cents, never "un virgule
        /// deux mille".
        case always
    }

    package var multiplied = Multiplied.never
}

/// A fix applied to every spelled number of a language, after the CLDR rules.
///
/// Reads as Dutch "tweeduizendtwintig" → "tweeduizend twintig" (`from: duizend`, `to: "duizend "`)
/// or Russian "одной тысячи" → "тысячи" at the start of a number.
package struct SpellOutRewrite: Sendable, Hashable {
    package let from: String
    package let to: String
    /// Only when the number starts with `from`.
    package let atStart: Bool
    /// Only where `from` is a whole word of the number: Dutch "een" is "één" alone ("een komma
    /// vijf"), never inside "eenentwintig".
    package var wholeWord = false
    /// Only for numbers spelled with one of these rule sets; every number when nil.
    package var ruleSets: Set<String>? = nil
    /// Only at the end of a word whose group `before` ends: after it, `before` comes before any
    /// word of `stops`, and no word of `stops` follows `before` at once. Spanish hundreds agree with a
    /// feminine noun across "mil" ("doscientas cincuenta mil personas"), never with "millones"
    /// ("doscientos millones", "doscientos cincuenta mil millones").
    package var before: String? = nil
    package var stops: Set<String> = []
    /// Only where the number ends with `from` as its last word(s): CLDR's Russian ordinals of a
    /// round hundred are its cardinal ("300-я" триста, трёхсотая), but "триста шестьдесят пятая"
    /// is right.
    package var atEnd = false

    func apply(_ text: String) -> String {
        if atEnd {
            guard text.hasSuffix(from), text.count == from.count || text.dropLast(from.count).hasSuffix(" ") else { return text }
            return String(text.dropLast(from.count)) + to
        }
        if let before {
            guard text.utf8Offset(of: from) != nil else { return text }
            var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            for index in words.indices where words[index].hasSuffix(from) {
                for next in (index + 1)..<words.count {
                    if stops.contains(words[next]) { break }
                    guard words[next] == before else { continue }
                    if next + 1 == words.count || !stops.contains(words[next + 1]) {
                        words[index] = String(words[index].dropLast(from.count)) + to
                    }
                    break
                }
            }
            return words.joined(separator: " ")
        }
        if wholeWord {
            guard text.utf8Offset(of: from) != nil else { return text }
            return text.split(separator: " ", omittingEmptySubsequences: false).map { $0 == from ? to : String($0) }
                .joined(separator: " ")
        }
        if atStart {
            guard text.hasPrefix(from) else { return text }
            return (to + text.dropFirst(from.count)).trimmingSpaces()
        }
        guard text.utf8Offset(of: from) != nil else { return text }
        return text.replacingEvery(from, with: to).trimmingSpaces()
    }
}

/// A word or phrase with the IPA its region's voice should say it with, and why.
///
/// Reads as Spanish "Full" → /ˈful/: eSpeak's es-419 voice says /fˈuʎ/ (Spanish "ll").
package struct LexiconEntry: Hashable, Sendable {
    /// The text as written ("Black Friday").
    package let term: String
    /// How to say it, in IPA.
    package let ipa: String
    /// Why the entry exists.
    package let note: String
    /// The term's language (BCP 47) when it is not the region's.
    package let lang: String?
    /// Where the entry is written, for messages.
    package let location: SourceLocation
}

/// A case the ending of a noun after a number gives it, after one of the words that may govern
/// it otherwise (`case-by-ending`): "с 21 участником" (с with the instrumental, not "from"), "в 3
/// подходах", "по 2 подходам".
package struct CaseByEnding: Sendable {
    /// The words before the number, in lower case.
    package let after: Set<String>
    package let endings: [String]
    package let grammaticalCase: GrammaticalCase
}
