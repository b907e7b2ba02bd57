import Foundation
import LocutorCore
import Testing

/// Categories of voices/cldr/plurals.yaml (CLDR 42) for numbers as displayed.
@Suite struct PluralRulesTests {
    private func category(_ language: String, _ number: String) throws -> PluralCategory {
        let operands = try #require(PluralOperands(number), "'\(number)' is not a number")
        return try PluralFixtures.rules(language).category(for: operands)
    }

    @Test("Russian: один рубль, два рубля, пять рублей, одиннадцать рублей, двадцать один рубль, полтора рубля")
    func russian() throws {
        #expect(try category("ru", "1") == .one)
        #expect(try category("ru", "2") == .few)
        #expect(try category("ru", "5") == .many)
        #expect(try category("ru", "11") == .many)
        #expect(try category("ru", "21") == .one)
        #expect(try category("ru", "22") == .few)
        #expect(try category("ru", "1.5") == .other)
        #expect(try category("ru", "111") == .many)
        #expect(try category("ru", "1.00") == .other)
        #expect(try PluralFixtures.rules("ru").categories == [.one, .few, .many, .other])
    }

    @Test("English: 1 dollar, but 1.00 dollars")
    func english() throws {
        #expect(try category("en", "1") == .one)
        #expect(try category("en", "1.00") == .other)
        #expect(try category("en", "-1") == .one)
        #expect(try category("en", "0") == .other)
        #expect(try PluralFixtures.rules("en").categories == [.one, .other])
    }

    @Test("Portuguese (pt, Brazilian usage): zero real and um real are one; 1.00 too, since CLDR 42 looks only at i")
    func portuguese() throws {
        #expect(try category("pt", "0") == .one)
        #expect(try category("pt", "1") == .one)
        // CLDR 42's pt rule is `one: i = 0..1`, so "1,00" displayed (1.00) is one, as ICU 72 says
        // (Tests/Fixtures/icu-plurals.tsv). Only pt_PT ("i = 1 and v = 0") makes it other.
        #expect(try category("pt", "1.00") == .one)
        #expect(try category("pt", "1.5") == .one)
        #expect(try category("pt", "2") == .other)
        #expect(try category("pt", "1000000") == .many)
        #expect(try category("pt", "1000000.0") == .other)
    }

    @Test("Spanish: 1.00 is one (n = 1), un millón de pesos is many")
    func spanish() throws {
        #expect(try category("es", "1.00") == .one)
        #expect(try category("es", "1") == .one)
        #expect(try category("es", "1.5") == .other)
        #expect(try category("es", "1000000") == .many)
        #expect(try category("es", "2000000") == .many)
        #expect(try category("es", "1000001") == .other)
        #expect(try category("es", "1c6") == .many)
        #expect(try category("es", "1c3") == .other)
    }

    @Test("French: zéro euro and 1,5 euro are one, un million d'euros is many")
    func french() throws {
        #expect(try category("fr", "0") == .one)
        #expect(try category("fr", "1.5") == .one)
        #expect(try category("fr", "1.00") == .one)
        #expect(try category("fr", "2") == .other)
        #expect(try category("fr", "1000000") == .many)
    }

    @Test("Dutch: 1 euro, but 1.0 euro's other")
    func dutch() throws {
        #expect(try category("nl", "1") == .one)
        #expect(try category("nl", "1.0") == .other)
    }

    @Test("Decimal operands select like their text")
    func decimals() throws {
        let english = try PluralFixtures.rules("en")
        #expect(english.category(for: PluralOperands(Decimal(1), visibleFractionDigits: 0)) == .one)
        #expect(english.category(for: PluralOperands(Decimal(1), visibleFractionDigits: 2)) == .other)
        let russian = try PluralFixtures.rules("ru")
        #expect(russian.category(for: PluralOperands(Decimal(-21), visibleFractionDigits: 0)) == .one)
    }

    @Test("Numbers beyond ICU's doubles follow CLDR's definition exactly")
    func hugeNumbers() throws {
        // ICU 72 reads 123456789012345671 as a double and says few; i % 10 = 1 and i % 100 = 71 make it one.
        #expect(try category("ru", "123456789012345671") == .one)
        #expect(try category("ru", "1234567890123456789012345671") == .one)
        #expect(try category("ru", "1234567890123456789012345611") == .many)
        #expect(try category("ru", "12345678901234567890123456789012345672") == .few)
        #expect(try category("es", "123456789012345678901234000000") == .many)
        #expect(try category("es", "123456789012345678901234000001") == .other)
        #expect(try category("en", "1.000000000000000000000000000000000001") == .other)
    }

    @Test("Reads rules written in ICU's getRules() spelling, 'within' and 'is' included")
    func icuSpelling() throws {
        let here = SourceLocation(file: "test", line: 1, column: 1)
        let rules = try PluralRules(rules: [
            (.one, "v  in 0..0 and i mod 10 in 1..1 and i mod 100 not in 11..11", here),
            (.few, "n within 2..4 or n is 7", here),
            (.many, "n is not 0 and n not within 0..100", here),
            (.other, "", here),
        ])
        #expect(rules.categories == [.one, .few, .many, .other])
        #expect(rules.category(for: PluralOperands("21")!) == .one)
        #expect(rules.category(for: PluralOperands("11")!) == .other)
        #expect(rules.category(for: PluralOperands("2.5")!) == .few)
        #expect(rules.category(for: PluralOperands("4.5")!) == .other)
        #expect(rules.category(for: PluralOperands("7")!) == .few)
        #expect(rules.category(for: PluralOperands("100.5")!) == .many)
        #expect(rules.category(for: PluralOperands("100")!) == .other)
    }

    @Test("Keeps the samples, ranges expanded")
    func samples() throws {
        let russian = try PluralFixtures.rules("ru")
        #expect(russian.samples[.one] == ["1", "21", "31", "41", "51", "61", "71", "81", "101", "1001"])
        #expect(russian.samples[.few]?.prefix(6) == ["2", "3", "4", "22", "23", "24"])
        #expect(russian.samples[.other]?.prefix(3) == ["0.0", "0.1", "0.2"])
        let spanish = try PluralFixtures.rules("es")
        #expect(spanish.samples[.many]?.contains("1.0000001c6") == true)
        #expect(spanish.samples[.one] == ["1", "1.0", "1.00", "1.000", "1.0000"])
    }

    @Test("Finds a language by region or spelling")
    func lookup() throws {
        let book = try PluralFixtures.book.get()
        #expect(book["pt-BR"] != nil)
        #expect(book["es_AR"] != nil)
        #expect(book["NL-be"] != nil)
        #expect(book["de"] == nil)
        let rules = try #require(book["ru-RU"])
        #expect(rules.category(for: PluralOperands("22")!) == .few)
    }
}
