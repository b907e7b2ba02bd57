import Foundation
import LocutorCore
import Testing

/// The agreement forms the verbalizer depends on, as exact strings from the pinned CLDR rules.
@Suite struct SpellOutAgreementTests {
    static let cases: [(locale: String, ruleSet: String, value: Decimal, words: String)] = [
        ("es", "%spellout-cardinal-masculine", 1, "un"),
        ("es", "%spellout-cardinal-masculine", 21, "veintiún"),
        ("es", "%spellout-cardinal-masculine", 401, "cuatrocientos un"),
        ("es", "%spellout-cardinal-masculine", 1_000_000, "un millón"),
        ("es", "%spellout-cardinal-masculine", 2_000_000, "dos millones"),
        ("es", "%spellout-cardinal-masculine", 195_401, "ciento noventa y cinco mil cuatrocientos un"),
        ("es", "%spellout-cardinal-masculine", 600, "seiscientos"),
        ("es", "%spellout-cardinal-feminine", 21, "veintiuna"),
        ("pt", "%spellout-cardinal-feminine", 2, "duas"),
        ("pt", "%spellout-cardinal-feminine", 22, "vinte e duas"),
        ("pt", "%spellout-cardinal-masculine", 1_000_000, "um milhão"),
        ("pt", "%spellout-cardinal-masculine", 2_000_000, "dois milhões"),
        ("fr_BE", "%spellout-cardinal-masculine", 75, "septante-cinq"),
        ("fr_BE", "%spellout-cardinal-masculine", 91, "nonante-et-un"),
        ("fr", "%spellout-cardinal-masculine", 75, "soixante-quinze"),
        ("ru", "%spellout-cardinal-masculine-genitive", 500, "пятисот"),
        ("ru", "%spellout-cardinal-feminine", 21, "двадцать одна"),
        ("ru", "%spellout-cardinal-masculine", 2_000, "две тысячи"),
        ("ru", "%spellout-cardinal-masculine", 5_000_000, "пять миллионов"),
        ("nl", "%spellout-cardinal", 75, "vijfenzeventig"),
        ("en", "%spellout-numbering-year", 2020, "twenty twenty"),
        ("en", "%spellout-numbering-year", 1905, "nineteen oh-five"),
        ("en", "%spellout-ordinal", 2, "second"),
        ("es", "%spellout-cardinal-masculine", -19, "menos diecinueve"),
    ]

    @Test("Says the agreement forms Locutor depends on", arguments: cases.indices)
    func agreement(_ index: Int) throws {
        let item = Self.cases[index]
        let format = try SpellOutFixtures.format(item.locale)
        #expect(try format.format(item.value, ruleSet: item.ruleSet) == item.words, "\(item.locale) \(item.ruleSet) \(item.value)")
    }

    @Test("Reads fractions as ICU does, including zeros after the point")
    func fractions() throws {
        let es = try SpellOutFixtures.format("es")
        #expect(try es.format(Decimal(string: "1.5")!, ruleSet: "%spellout-cardinal-masculine") == "un coma cinco")
        #expect(try es.format(Decimal(string: "0.05")!, ruleSet: "%spellout-cardinal-masculine") == "cero coma cero cinco")
        #expect(try es.format(Decimal(string: "100.001")!, ruleSet: "%spellout-cardinal-feminine") == "cien coma cero cero una")
        let en = try SpellOutFixtures.format("en")
        #expect(try en.format(Decimal(string: "3.14159")!, ruleSet: "%spellout-cardinal") == "three point one four one five nine")
        #expect(try en.format(Decimal(string: "-2.50")!, ruleSet: "%spellout-cardinal") == "minus two point five")
    }

    @Test("Picks x,x or x.x by the region's decimal separator: es-AR says coma, es-MX says punto")
    func decimalSeparator() throws {
        let text = try SpellOutFixtures.ruleText("es")
        let mexico = try RuleBasedNumberFormat(rules: text, origin: "es.rbnf", decimalSeparator: ".")
        #expect(try mexico.format(Decimal(string: "1.5")!, ruleSet: "%spellout-cardinal-masculine") == "un punto cinco")
        let argentina = try RuleBasedNumberFormat(rules: text, origin: "es.rbnf", decimalSeparator: ",")
        #expect(try argentina.format(Decimal(string: "1.5")!, ruleSet: "%spellout-cardinal-masculine") == "un coma cinco")
    }

    @Test("Reads Russian fractions exactly where ICU's double arithmetic does not")
    func russianFractions() throws {
        let ru = try SpellOutFixtures.format("ru")
        #expect(try ru.format(Decimal(string: "0.25")!, ruleSet: "%spellout-cardinal-feminine") == "двадцать пять сотых")
        // ICU 72 says "…девятьсот девяносто миллионов миллиардных" here: 32999.99 - 32999 is not 0.99 in binary.
        #expect(
            try ru.format(Decimal(string: "32999.99")!, ruleSet: "%spellout-cardinal-masculine")
                == "тридцать две тысячи девятьсот девяносто девять целых девяносто девять сотых")
    }

    @Test("Lists the public rule sets in file order, without the private ones")
    func ruleSetNames() throws {
        #expect(
            try SpellOutFixtures.format("nl").ruleSetNames
                == ["%spellout-numbering-year", "%spellout-numbering", "%spellout-cardinal", "%spellout-ordinal"])
    }

    @Test("Removes the soft hyphens the rules put inside words")
    func softHyphens() throws {
        let nl = try SpellOutFixtures.format("nl")
        let words = try nl.format(221, ruleSet: "%spellout-cardinal")
        #expect(words == "tweehonderdeenentwintig")
        #expect(!words.unicodeScalars.contains("\u{AD}"))
    }
}
