import Foundation
import Testing

@testable import locutor

/// Input an app, a catalog or a careless edit can hold, which must never reach the voice in a
/// way the words do not show, nor be decoded lossily.
@Suite struct HostileInputTests {
    static let voices = VerbalizeCommandTests.voices

    @Test("A NUL in the text is a space in the words and in the audio, which goes on to the end")
    func nulInText() {
        let run = CommandRun(["say", "-", "--region", "es-AR"] + Self.voices, input: "hola\u{0}adios")
        #expect(run.status == 0)
        #expect(run.output.contains("words: hola adios"))
        // Before: eSpeak NG stopped at the NUL and said "ˈola".
        #expect(run.output.contains("ipa: ˈola ˈaðjos"), "\(run.output)")
    }

    @Test(
        "Control characters are spaces in the words, the label and the SSML alike",
        arguments: ["\u{0}", "\u{7}", "\u{8}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\t"])
    func controlCharacters(control: String) throws {
        let run = CommandRun(["verbalize", "--region", "es-AR", "--json"] + Self.voices, input: "hola\(control)$ 5\n")
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["words"] as? String == "hola cinco pesos")
        #expect(object["label"] as? String == "hola 5 pesos")
        #expect((object["ssml"] as? String)?.contains(">hola <sub alias=\"cinco pesos\">$ 5</sub>") == true, "\(object)")
    }

    @Test("'[[…]]' written in a display text is read as written, not taken as eSpeak NG phonemes")
    func phonemeMarkupInText() {
        let run = CommandRun(["say", "$ 9.000 [[h@l'oU]]", "--region", "es-AR"] + Self.voices)
        #expect(run.status == 0)
        let ipa = run.output.first { $0.hasPrefix("ipa: ") } ?? ""
        // Before: "… pˈesos həlˈoʊ", the text steering the voice.
        #expect(!ipa.contains("həlˈoʊ"), "\(ipa)")
        #expect(ipa.contains("arˈoβa"), "the '@' is said as written: \(ipa)")
        // The same as eSpeak NG says a single bracket: nothing of the markup is lost or added.
        let single = CommandRun(["say", "$ 9.000 [h@l'oU]", "--region", "es-AR"] + Self.voices)
        #expect(single.output.first { $0.hasPrefix("ipa: ") } == ipa)
    }

    @Test("A pronunciation hint of the lexicon still reaches eSpeak NG as phonemes")
    func hintsStillPhonemes() {
        let run = CommandRun(["say", "Envío Full", "--region", "es-AR", "--mnemonics"] + Self.voices)
        #expect(run.status == 0)
        #expect(run.output.contains { $0.hasPrefix("mnemonics: ") && $0.contains("f'ul") }, "\(run.output)")
    }

    @Test("A byte that is not UTF-8 in a region's language file is an error at its line and column")
    func nonUTF8Voices() throws {
        let folder = try ReviewCommandTests.voices(
            editing: "es.yaml", replacing: Array("one: peso,".utf8), with: Array("one: pes".utf8) + [0xFF] + Array("o,".utf8))
        let run = CommandRun(["verbalize", "--region", "es-AR", "--voices", folder.url.path], input: "$ 1\n")
        #expect(run.status == 2)
        let line = try #require(run.errors.first)
        #expect(line.hasSuffix(": the byte 0xFF is not UTF-8 text — save the file as UTF-8"), "\(line)")
        // Where the bad byte was put: after "one: pes" on the line of the noun peso.
        let lines = try String(contentsOf: ReviewCommandTests.repository.appendingPathComponent("voices/es.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let number = try #require(lines.firstIndex { $0.contains("one: peso,") }) + 1
        let prefix = try #require(lines[number - 1].range(of: "one: pes"))
        let column = lines[number - 1][..<prefix.upperBound].count + 1
        #expect(line.contains("/es.yaml:\(number):\(column):"), "\(line)")
        #expect(run.stdout.isEmpty, "nothing is said with a damaged noun")
    }

    @Test("A byte that is not UTF-8 in a catalog is an error at its line and column")
    func nonUTF8Catalog() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("catalog.yaml")
        try Data("samples:\n  - id: a\n    text: \"$ 1\"\n    regions: [es-AR]\n  - id: b\n    text: \"pes".utf8 + [0xFF] + "os\"\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let run = CommandRun(["render", path, "--out", folder.path("out")] + Self.voices)
        #expect(run.status == 2)
        #expect(run.errors == ["error: \(path):6:15: the byte 0xFF is not UTF-8 text — save the file as UTF-8"], "\(run.errors)")
    }

    @Test("A byte-order mark is accepted in spell-out rules and in goldens, as in YAML")
    func byteOrderMarks() throws {
        let folder = try ReviewCommandTests.voices(editing: "cldr/rbnf/es.rbnf", replacing: [], with: [0xEF, 0xBB, 0xBF])
        let run = CommandRun(["verbalize", "--region", "es-AR", "--voices", folder.url.path], input: "$ 1\n")
        #expect(run.output == ["un peso"], "\(run.errors)")

        let goldens = try TemporaryFolder()
        let golden = goldens.path("catalog.tsv")
        let committed = try Data(contentsOf: ReviewCommandTests.repository.appendingPathComponent("samples/golden/catalog.tsv"))
        try (Data([0xEF, 0xBB, 0xBF]) + committed).write(to: URL(fileURLWithPath: golden))
        let diff = CommandRun(["diff", ReviewCommandTests.catalog, "--golden", golden] + Self.voices)
        #expect(diff.status == 0, "\(diff.stderr)")
    }

    /// What `verbalize` prints on standard error for "$ 1" in es-AR with the voices of `folder`.
    static func loadErrors(_ folder: TemporaryFolder) -> [String] {
        let run = CommandRun(["verbalize", "--region", "es-AR", "--voices", folder.url.path], input: "$ 1\n")
        #expect(run.status == 2)
        return run.errors.map { $0.replacingOccurrences(of: folder.url.path + "/", with: "") }
    }

    @Test("An empty spell-out file is one error that says so, not a rule set list with nothing in it")
    func emptyRBNF() throws {
        let folder = try ReviewCommandTests.voices(editing: "cldr/rbnf/es.rbnf", replacing: [], with: [])
        try Data().write(to: folder.url.appendingPathComponent("cldr/rbnf/es.rbnf"))
        #expect(
            Self.loadErrors(folder) == [
                "error: cldr/rbnf/es.rbnf:1:1: there are no rule sets in the file (it is empty or all private) — restore it from CLDR: python3 scripts/cldr/extract-rbnf.py writes voices/cldr/rbnf/"
            ])
    }

    @Test("Broken plural rules are reported alone, without a false error for every noun")
    func brokenPlurals() throws {
        let folder = try ReviewCommandTests.voices(editing: "cldr/plurals.yaml", replacing: [], with: Array("[\n".utf8))
        let errors = Self.loadErrors(folder)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("error: cldr/plurals.yaml:") == true, "\(errors)")
    }

    @Test("A region file without 'language' is that one error, not one per currency it then lacks")
    func missingLanguage() throws {
        let folder = try ReviewCommandTests.voices(editing: "es-AR.yaml", replacing: "\nlanguage: es\n", with: "\n")
        #expect(Self.loadErrors(folder) == ["error: es-AR.yaml:4:1: the region file has no 'language' — add 'language: …'"])
    }

    @Test("A region file that is empty, a folder, or a symbolic link loop says what it is")
    func unreadableRegionFile() throws {
        let folder = try ReviewCommandTests.voices(editing: "es-AR.yaml", replacing: [], with: [])
        let file = folder.url.appendingPathComponent("es-AR.yaml")
        try Data().write(to: file)
        #expect(
            Self.loadErrors(folder) == [
                "error: es-AR.yaml:1:1: the region file is empty — write region:, language:, name:, voice:, numbers: and money: (voices/README.md describes them)"
            ])
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        #expect(
            Self.loadErrors(folder) == [
                "error: es-AR.yaml:1:1: the region file es-AR.yaml is there but it is a folder, not a file — make it a readable YAML file"
            ])
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "es-AR.yaml")
        #expect(
            Self.loadErrors(folder) == [
                "error: es-AR.yaml:1:1: the region file es-AR.yaml is there but it cannot be read (Too many levels of symbolic links) — make it a readable YAML file"
            ])
    }

    @Test("A line with many texts that are not read gets five warnings and a count, not thousands")
    func warningCap() {
        let line = Array(repeating: "A1B2 $ 5", count: 8).joined(separator: " ")
        let run = CommandRun(["verbalize", "--region", "es-AR"] + Self.voices, input: line + "\n")
        #expect(run.status == 0)
        #expect(run.errors.count == 6, "\(run.errors)")
        #expect(run.errors.last == "warning: <stdin>:1: 3 more texts on this line are not read (--json lists them all)")
    }
}
