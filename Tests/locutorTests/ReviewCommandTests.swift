import Foundation
import Testing
@testable import locutor

@Suite struct ReviewCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog = repository.appendingPathComponent("samples/catalog.yaml").path

    @Test("diff is clean on the committed goldens")
    func clean() {
        let run = CommandRun(["diff", Self.catalog] + VerbalizeCommandTests.voices)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.output.last?.hasPrefix("0 changed, 0 added, 0 removed of ") == true)
    }

    @Test("diff fails, keyed and word by word, when a rule changes; --record accepts it")
    func ruleChange() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("voices"), to: folder.url)
        let spanish = folder.url.appendingPathComponent("es.yaml")
        try String(contentsOf: spanish, encoding: .utf8)
            .replacingOccurrences(of: "previous: \"antes: {amount}\"", with: "previous: \"precio anterior: {amount}\"")
            .write(to: spanish, atomically: true, encoding: .utf8)
        let goldens = try TemporaryFolder()
        let golden = goldens.url.appendingPathComponent("catalog.tsv").path
        try FileManager.default.copyItem(atPath: Self.repository.appendingPathComponent("samples/golden/catalog.tsv").path, toPath: golden)
        let run = CommandRun(["diff", Self.catalog, "--golden", golden, "--voices", folder.url.path])
        #expect(run.status == 1)
        #expect(run.output.contains("changed ml.previous [es-AR]"))
        #expect(run.output.contains("  words: [-antes:-] {+precio anterior:+} seis mil quinientos pesos"))
        // ml.previous and ml.combo in the six Spanish regions, and elektra.previous in es-MX.
        #expect(run.output.last?.hasPrefix("13 changed, 0 added, 0 removed of ") == true, "\(run.output.last ?? "")")
        let record = CommandRun(["diff", Self.catalog, "--golden", golden, "--voices", folder.url.path, "--record"])
        #expect(record.status == 0)
        #expect(CommandRun(["diff", Self.catalog, "--golden", golden, "--voices", folder.url.path]).status == 0)
    }

    @Test("diff without goldens exits 2 with the command that records them")
    func missing() throws {
        let run = CommandRun(["diff", Self.catalog, "--golden", "/nonexistent/g.tsv"] + VerbalizeCommandTests.voices)
        #expect(run.status == 2)
        #expect(run.errors == ["error: there are no goldens at '/nonexistent/g.tsv' — record them with 'locutor diff \(Self.catalog) --record'"])
    }

    @Test("render writes the WAVs, the manifest and the listening page, and exits 1 naming a sample that cannot be said")
    func render() throws {
        let folder = try TemporaryFolder()
        let catalog = folder.url.appendingPathComponent("c.yaml")
        try "samples:\n  - id: ok\n    text: \"$ 1\"\n    regions: [es-AR]\n  - id: bad\n    price: { price: \"1.5\" }\n    regions: [es-CL]\n"
            .write(to: catalog, atomically: true, encoding: .utf8)
        let out = folder.url.appendingPathComponent("out").path
        let run = CommandRun(["render", catalog.path, "--out", out] + VerbalizeCommandTests.voices)
        #expect(run.status == 1)
        #expect(run.errors.contains("error: \(catalog.path):5:5: bad in es-CL: 1.5 has decimals, but CLP has no minor unit — write a whole amount"))
        #expect(FileManager.default.fileExists(atPath: out + "/es-AR/ok.wav"))
        #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("<audio controls preload=\"none\" src=\"es-AR/ok.wav\""))
        #expect(page.contains("<strong>Not rendered:</strong> 1.5 has decimals, but CLP has no minor unit"))
        let badShard = CommandRun(["render", catalog.path, "--out", out, "--shard", "3/2"] + VerbalizeCommandTests.voices)
        #expect(badShard.status == 2)
        #expect(badShard.errors.first == "Error: --shard 3/2 is not i/n with 1 ≤ i ≤ n — write it as 2/4")
    }
}
