import Foundation
import Testing

@testable import LocutorCore

/// The project's own spoken-form case tables (Tests/Cases/*.tsv), written from each language's
/// rules, run in-process.
///
/// A table is `region<TAB>input<TAB>expected` after a header line; `#` lines are comments;
/// `a | b` lists accepted readings. Comparison ignores case, the punctuation `. , : ; ! ? ¡ ¿`,
/// hyphen against space and runs of white space — as `../shared/tools/check-cases` does.
///
/// Cases the code does not say right yet are listed in Tests/Cases/known-failures.tsv: a case
/// that fails and is not listed fails the test, and so does a listed case that now passes (take
/// it off the list). `LOCUTOR_RECORD=cases swift test --filter CaseTableTests` rewrites the list
/// (and fails, so nothing passes silently).
@Suite struct CaseTableTests {
    static let folder = VoiceFixtures.folder.deletingLastPathComponent().appendingPathComponent("Tests/Cases")
    static let knownFailuresURL = folder.appendingPathComponent("known-failures.tsv")

    struct Case: Hashable {
        let file: String
        let line: Int
        let region: String
        let input: String
        let expected: [String]
    }

    static func tables() throws -> [Case] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".tsv") && $0 != "known-failures.tsv" }.sorted()
        var cases: [Case] = []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            var sawHeader = false
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                if !sawHeader {
                    sawHeader = true
                    continue
                }
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard columns.count == 3 else {
                    Issue.record("Tests/Cases/\(name):\(index + 1): a case has three tab-separated columns")
                    continue
                }
                let expected = columns[2].components(separatedBy: "|").map(normalized)
                cases.append(Case(file: name, line: index + 1, region: columns[0], input: columns[1], expected: expected))
            }
        }
        return cases
    }

    /// The comparison's folding: lower case, NFC, no `. , : ; ! ? ¡ ¿`, hyphens and soft hyphens
    /// as spaces, white space folded.
    static func normalized(_ text: String) -> String {
        var folded = text.precomposedStringWithCanonicalMapping.lowercased()
        folded = String(
            folded.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case ".", ",", ":", ";", "!", "?", "¡", "¿", "-": " "
                default: Character(scalar)
                }
            })
        folded = folded.replacingOccurrences(of: "\u{AD}", with: "")
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What the code says for a case, or why it says nothing.
    static func said(_ item: Case) -> String {
        do {
            return try VoiceFixtures.words(item.input, item.region)
        } catch {
            return "error: \(error)"
        }
    }

    static func key(_ item: Case) -> String { item.region + "\t" + item.input }

    @Test("Every case of every table is said right, or listed as a known failure; no listed case passes")
    func cases() throws {
        let all = try Self.tables()
        #expect(all.count > 1000)
        var failing: [(Case, String)] = []
        for item in all {
            let words = Self.said(item)
            if !item.expected.contains(Self.normalized(words)) { failing.append((item, words)) }
        }
        if ProcessInfo.processInfo.environment["LOCUTOR_RECORD"] == "cases" {
            let lines = failing.map { "\(Self.key($0.0))\t\($0.1)" }
            let header =
                "# Cases of Tests/Cases/*.tsv not said right yet: region, input, what is said today.\n"
                + "# Written by LOCUTOR_RECORD=cases swift test --filter CaseTableTests; shrink it, never grow it by hand.\n"
                + "region\tinput\tsaid\n"
            try (header + lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
                .write(to: Self.knownFailuresURL, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(failing.count) known failures of \(all.count) cases in Tests/Cases/known-failures.tsv — review it with git diff"
            )
            return
        }
        let known = Set(
            ((try? String(contentsOf: Self.knownFailuresURL, encoding: .utf8)) ?? "")
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst()
                .map { $0.split(separator: "\t", omittingEmptySubsequences: false).prefix(2).joined(separator: "\t") })
        for (item, words) in failing where !known.contains(Self.key(item)) {
            Issue.record(
                "Tests/Cases/\(item.file):\(item.line): \(item.region) \(item.input.debugDescription) is said \(words.debugDescription), expected \(item.expected.joined(separator: " | "))"
            )
        }
        let failingKeys = Set(failing.map { Self.key($0.0) })
        for key in known.sorted() where !failingKeys.contains(key) {
            Issue.record("\(key.debugDescription) is said right now: take it off Tests/Cases/known-failures.tsv")
        }
        print("cases: \(all.count - failing.count) of \(all.count) said right (\(failing.count) known failures)")
    }
}
