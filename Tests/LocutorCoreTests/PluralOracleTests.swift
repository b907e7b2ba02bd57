import LocutorCore
import Testing

/// The rules against ICU 72 (Tests/Fixtures/icu-plurals.tsv, from scripts/cldr/extract-plurals),
/// and against their own samples.
@Suite struct PluralOracleTests {
    @Test("Agrees with ICU 72 on every number of Tests/Fixtures/icu-plurals.tsv, as displayed")
    func agreesWithICU() throws {
        let table = try PluralFixtures.text("Tests/Fixtures/icu-plurals.tsv")
        var lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        #expect(lines.first == "locale\tnumber\tcategory")
        var checked = 0
        var mismatches: [String] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let operands = PluralOperands(fields[1]),
                let expected = PluralCategory(rawValue: fields[2])
            else {
                mismatches.append("line \(index + 1): cannot read '\(line)'")
                continue
            }
            let found = try PluralFixtures.rules(fields[0]).category(for: operands)
            if found != expected {
                mismatches.append("line \(index + 1): \(fields[0]) \(fields[1]) is \(found.rawValue), ICU says \(expected.rawValue)")
            }
            checked += 1
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) disagreements:\n\(mismatches.joined(separator: "\n"))")
        #expect(checked == lines.count - 1)
        #expect(checked > 0)
    }

    @Test("Every sample in voices/cldr/plurals.yaml falls in its own category")
    func samplesCheckThemselves() throws {
        let book = try PluralFixtures.book.get()
        #expect(book.languages == ["es", "pt", "en", "ru", "fr", "nl"])
        var checked = 0
        for language in book.languages {
            let rules = try PluralFixtures.rules(language)
            #expect(rules.categories.last == .other)
            for category in rules.categories {
                let samples = rules.samples[category] ?? []
                #expect(!samples.isEmpty, "\(language) \(category) lists no samples")
                for sample in samples {
                    let operands = try #require(PluralOperands(sample), "\(language) \(category): '\(sample)'")
                    #expect(rules.category(for: operands) == category, "\(language) sample \(sample)")
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }
}
