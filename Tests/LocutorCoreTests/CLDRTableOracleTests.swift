import Foundation
import Testing

@testable import LocutorCore

/// The pinned CLDR tables of voices/cldr/ against ICU's own formatted output
/// (Tests/Fixtures/icu-units*.tsv, icu-currencies.tsv, written by scripts/cldr/): for every unit
/// and currency, in every language, at numbers of every plural category, the table's pattern for
/// the category our plural rules pick reproduces ICU's text around the number.
@Suite struct CLDRTableOracleTests {
    static let repository = VoiceFixtures.folder.deletingLastPathComponent()
    static let book: PluralRuleBook? = {
        guard let text = VoiceFixtures.files["cldr/plurals.yaml"] else { return nil }
        return try? PluralRuleBook(yaml: text, origin: "voices/cldr/plurals.yaml")
    }()

    static func rows(_ path: String) throws -> [[String]] {
        let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// `{key: {unit: value}}` of a language's table.
    static func table(_ path: String) throws -> [String: [String: String]] {
        var facts: [String: [String: String]] = [:]
        for row in try rows(path) where row.count == 3 { facts[row[0], default: [:]][row[1]] = row[2] }
        return facts
    }

    /// Whether `output` is `pattern` with a number written from the digits of `sample` in `{0}`.
    static func matches(_ output: String, _ pattern: String, sample: String) -> Bool {
        // CLDR may leave the number out ("dot" for one dot in Dutch).
        if !pattern.contains("{0}") { return output == pattern }
        let parts = pattern.components(separatedBy: "{0}")
        guard parts.count == 2, output.hasPrefix(parts[0]), output.hasSuffix(parts[1]),
            output.count >= parts[0].count + parts[1].count
        else { return false }
        let middle = output.dropFirst(parts[0].count).dropLast(parts[1].count)
        let digits = { (text: Substring) in String(text.filter(\.isNumber)) }
        return digits(middle).trimmingTrailingZeros == digits(Substring(sample)).trimmingTrailingZeros
    }

    @Test("Every unit's long pattern reproduces ICU's full name, in every language, at every plural category")
    func units() throws {
        let rules = try #require(Self.book)
        var tables: [String: [String: [String: String]]] = [:]
        var checked = 0
        for row in try Self.rows("Tests/Fixtures/icu-units.tsv") {
            let (language, unit, sample, output) = (row[0], row[1], row[2], row[3])
            if tables[language] == nil { tables[language] = try Self.table("voices/cldr/units/\(language).tsv") }
            let operands = try #require(PluralOperands(sample))
            let category = try #require(rules[language]?.category(for: operands))
            let pattern = tables[language]?[unit]?[category.rawValue] ?? ""
            #expect(Self.matches(output, pattern, sample: sample), "\(language) \(unit) \(sample): table '\(pattern)', ICU '\(output)'")
            checked += 1
        }
        #expect(checked > 10_000)
    }

    @Test("Russian case forms reproduce ICU's declined unit names")
    func russianCases() throws {
        let rules = try #require(Self.book?["ru"])
        let table = try Self.table("voices/cldr/units/ru.tsv")
        var checked = 0
        for row in try Self.rows("Tests/Fixtures/icu-units-case.tsv") where row[0] == "ru" {
            let (unit, grammaticalCase, sample, output) = (row[1], row[2], row[3], row[4])
            let operands = try #require(PluralOperands(sample))
            let category = rules.category(for: operands)
            let pattern = table[unit]?["\(grammaticalCase)-\(category.rawValue)"] ?? table[unit]?[category.rawValue] ?? ""
            #expect(Self.matches(output, pattern, sample: sample), "ru \(unit) \(grammaticalCase) \(sample): '\(pattern)' vs '\(output)'")
            checked += 1
        }
        #expect(checked > 5_000)
    }

    @Test("Every currency's plural names reproduce ICU's full-name formatting, at the currency's decimals")
    func currencies() throws {
        let book = try #require(Self.book)
        var digits: [String: Int] = [:]
        for row in try Self.rows("voices/cldr/currencies/digits.tsv") where row.count == 2 { digits[row[0]] = Int(row[1]) }
        var tables: [String: [String: [String: String]]] = [:]
        var checked = 0
        for row in try Self.rows("Tests/Fixtures/icu-currencies.tsv") {
            let (language, code, sample, output) = (row[0], row[1], row[2], row[3])
            if tables[language] == nil { tables[language] = try Self.table("voices/cldr/currencies/\(language).tsv") }
            // ICU shows an amount with the currency's decimals: 1.5 dollars is "1.50".
            let places = digits[code] ?? 2
            var decimal = Decimal(string: sample) ?? 0
            var rounded = Decimal()
            NSDecimalRound(&rounded, &decimal, places, .bankers)
            let digitsShown = NSDecimalNumber(decimal: rounded).stringValue
            let fraction = digitsShown.split(separator: ".").dropFirst().first.map(String.init) ?? ""
            let shown =
                places == 0
                ? digitsShown
                : digitsShown.split(separator: ".")[0] + "." + fraction + String(repeating: "0", count: places - fraction.count)
            let operands = try #require(PluralOperands(shown))
            let category = try #require(book[language]?.category(for: operands))
            let table = tables[language] ?? [:]
            let name = table[code]?[category.rawValue] ?? table[code]?["other"] ?? ""
            let pattern = (table["*"]?["pattern-\(category.rawValue)"] ?? "{0} {1}").replacingOccurrences(of: "{1}", with: name)
            #expect(Self.matches(output, pattern, sample: shown), "\(language) \(code) \(sample): '\(pattern)' vs '\(output)'")
            checked += 1
        }
        #expect(checked > 10_000)
    }

    @Test("The unit catalog Locutor builds says what the table says: the words after the number")
    func catalog() throws {
        let profile = try VoiceFixtures.profile("es-ES")
        let meter = try #require(profile.nouns["length-meter"])
        #expect(meter.form(.one) == "metro" && meter.form(.other) == "metros" && meter.form(.many) == "de metros")
        let russian = try VoiceFixtures.profile("ru-RU")
        let kilometer = try #require(russian.nouns["length-kilometer"])
        #expect(kilometer.form(.few) == "километра" && kilometer.form(.many, case: .genitive) == "километров")
    }
}

extension String {
    fileprivate var trimmingTrailingZeros: String {
        var text = self
        while text.count > 1, text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
