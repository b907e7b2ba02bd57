import Foundation
import LocutorCore
import Testing

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
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count) of \(checked) rows differ from ICU:\n\(mismatches.prefix(200).map(\.description).joined(separator: "\n"))")
    }

    @Test("The oracle covers every rule set voices/ names, in the locale that names it")
    func coversVoices() throws {
        let root = SpellOutFixtures.repository
        let table = try String(contentsOf: root.appendingPathComponent("Tests/Fixtures/icu-spellout.tsv"), encoding: .utf8)
        let covered = Set(
            table.split(separator: "\n").dropFirst().map { line in
                line.split(separator: "\t", maxSplits: 2).prefix(2).joined(separator: "\t")
            })
        let folder = root.appendingPathComponent("voices")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".yaml") && name != "currencies.yaml" && name != "currency-symbols.yaml" {
            files[String(name.dropLast(".yaml".count))] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        func locale(_ text: String) -> String? {
            text.firstMatch(of: /rules:\s*cldr\/rbnf\/(\w+)\.rbnf/).map { String($0.output.1) }
        }
        func ruleSets(_ text: String) -> Set<String> {
            Set(text.matches(of: /%spellout[\w-]*/).map { String($0.output) })
        }
        var missing: [String] = []
        for (stem, text) in files {
            // A region speaks its language's rule sets with its own rules file when it has one.
            let language = String(stem.prefix { $0 != "-" })
            guard let languageText = files[language], let languageLocale = locale(languageText) else {
                Issue.record("voices/\(stem).yaml: no language file with a rules: line for '\(language)'")
                continue
            }
            let named = stem == language ? ruleSets(text) : ruleSets(text).union(ruleSets(languageText))
            let used = locale(text) ?? languageLocale
            missing += named.filter { !covered.contains("\(used)\t\($0)") }.map { "\(stem): \(used) \($0)" }
        }
        #expect(
            missing.isEmpty, "rule sets with no ICU rows — run /usr/bin/python3 scripts/cldr/make-spellout-oracle.py: \(missing.sorted())")
    }
}
