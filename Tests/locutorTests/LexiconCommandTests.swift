import Foundation
import Testing

@testable import locutor

@Suite struct LexiconCommandTests {
    /// A copy of the voices folder with `change` applied to one file.
    func voices(changing file: String, _ change: (String) -> String) throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: VerbalizeCommandTests.voices[1]), to: folder.url)
        let path = folder.url.appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try change(text).write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, text)
    }

    static func line(of needle: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    @Test("Every shipped hint round-trips on its voice and the data agrees with itself")
    func clean() throws {
        let run = CommandRun(["lexicon", "check"] + VerbalizeCommandTests.voices)
        #expect(run.status == 0, "\(run.stdout)")
        let summary = try #require(run.output.last)
        let numbers = summary.split(separator: " ").compactMap { Int($0) }
        #expect(summary.hasPrefix("hints: ") && summary.hasSuffix(" round-trip"))
        #expect(numbers.count == 2 && numbers[0] == numbers[1] && numbers[0] >= 20, "\(summary)")
        #expect(run.output.count == 1)
    }

    @Test("A symbol the voice cannot say names the symbol, the voice and the lexicon line")
    func unknownSymbol() throws {
        let (folder, text) = try voices(changing: "es.yaml") { $0.replacingOccurrences(of: "ipa: \"ˈful\"", with: "ipa: \"ˈfuʕ\"") }
        let line = Self.line(of: "\"Full\":", in: text)
        let run = CommandRun(["lexicon", "check", "--voices", folder.url.path])
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "error: \(folder.url.path)/es.yaml:\(line):3: the hint for 'Full' /ˈfuʕ/ uses 'ʕ', which the voice es-419 cannot say — write it with the symbols of voices/espeak/es-419.yaml, or add a fallback there"
            ))
        #expect(run.output.last?.hasSuffix("round-trip") == true)
        #expect(run.output.last?.hasPrefix("hints: 25 of ") == true)
    }

    @Test("A hint eSpeak says otherwise is reported with what it said")
    func noRoundTrip() throws {
        let (folder, text) = try voices(changing: "es.yaml") {
            $0.replacingOccurrences(of: "ipa: \"ˈblak ˈfɾaiðei\"", with: "ipa: \"ˈblak ˈfɾaidei\"")
        }
        let line = Self.line(of: "\"Black Friday\":", in: text)
        let run = CommandRun(["lexicon", "check", "--voices", folder.url.path])
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "error: \(folder.url.path)/es.yaml:\(line):3: the hint for 'Black Friday' /ˈblak ˈfɾaidei/ does not round-trip on es-419: spoken as [[bl'ak f**'aidei]], eSpeak says /blˈak fɾˈaiðei/ where /ˈblak ˈfɾaidei/ was expected — write the IPA with the symbols of voices/espeak/es-419.yaml"
            ))
    }

    @Test("Data that disagrees with itself is reported: a language without a currency, a region without a sibling's entry")
    func parity() throws {
        let (folder, _) = try voices(changing: "es-MX.yaml") {
            $0 + "\nlexicon:\n  \"Buen Fin\": { ipa: \"ˈbwen ˈfin\", note: \"Mexico's sale weekend\" }\n"
        }
        let run = CommandRun(["lexicon", "check", "--voices", folder.url.path])
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "error: \(folder.url.path)/es-AR.yaml:1:1: es-AR lacks the lexicon 'Buen Fin' that other es regions add — add them here, or move them to es.yaml"
            ))
    }

    @Test("A hinted word is spoken from its mnemonics: the transcript shows the hint")
    func spokenHint() {
        let hinted = CommandRun(["say", "Envío Full", "--region", "es-AR"] + VerbalizeCommandTests.voices)
        #expect(hinted.output.contains("ipa: embˈio fˈul"))
        let plain = CommandRun(["say", "Envío Full", "--voice", "es-419"])
        #expect(plain.output.contains("ipa: embˈio fˈuʎ"))
        let english = CommandRun(["say", "R$1,000", "--region", "en-US"] + VerbalizeCommandTests.voices)
        #expect(english.output.contains("ipa: wˈʌn θˈaʊzənd ɹeɪˈaɪs"))
    }
}
