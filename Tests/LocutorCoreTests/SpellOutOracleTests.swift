import Foundation
import Testing
import LocutorCore

/// Every row of `Tests/Fixtures/icu-spellout.tsv` (ICU 72's own output, written by
/// `scripts/cldr/make-spellout-oracle.py`) must come out word for word.
@Suite struct SpellOutOracleTests {
    struct Mismatch: CustomStringConvertible {
        var locale, ruleSet, value, expected, got: String
        var description: String { "\(locale) \(ruleSet) \(value): expected '\(expected)', got '\(got)'" }
    }

    @Test("Agrees with ICU 72 on every row of the oracle table")
    func agreesWithICU() throws {
        let path = SpellOutFixtures.repository.appendingPathComponent("Tests/Fixtures/icu-spellout.tsv")
        let table = try String(contentsOf: path, encoding: .utf8)
        var lines = table.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.first == "locale\trule_set\tvalue\ttext")
        lines.removeFirst()
        var checked = 0
        var mismatches: [Mismatch] = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let value = Decimal(string: fields[2], locale: Locale(identifier: "en_US_POSIX")) else {
                Issue.record("malformed oracle row: \(line)")
                continue
            }
            let got: String
            do {
                got = try SpellOutFixtures.format(fields[0]).format(value, ruleSet: fields[1])
            } catch {
                got = "error: \(error)"
            }
            if got != fields[3] {
                mismatches.append(Mismatch(locale: fields[0], ruleSet: fields[1], value: fields[2], expected: fields[3], got: got))
            }
            checked += 1
        }
        #expect(checked > 0)
        #expect(checked == lines.count)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked) rows differ from ICU:\n\(mismatches.prefix(200).map(\.description).joined(separator: "\n"))")
    }
}
