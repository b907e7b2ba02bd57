import Crypto
import Foundation
import LocutorCore
import LocutorSpeech
import Testing

@testable import LocutorReview

/// A folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("locutor-review-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

enum ReviewFixtures {
    static let voices = DemoCatalogTests.repository.appendingPathComponent("voices")
    static let library = RegionLibrary(source: DataFolder(url: voices, displayPrefix: "voices"))

    static let catalogText = """
        regions: [es-AR, pt-BR]
        samples:
          - id: a.price
            text: { es-AR: "$ 9.000", pt-BR: "R$ 9.000" }
          - id: b.combo
            price: { previous: "6500", price: "5249", discount: 19 }
          - id: c.full
            text: "Envío Full"
            regions: [es-AR]
          - id: d.chile
            price: { price: "10.5" }
            regions: [es-CL]
        """

    static func catalog(_ text: String = catalogText) throws -> Catalog {
        try Catalog(yaml: text, origin: "test.yaml", knownRegions: library.regionIDs)
    }

    static func render(_ catalog: Catalog, into folder: URL, shard: (Int, Int)? = nil) throws -> Renderer.Outcome {
        try Renderer(
            library: library, engine: try SpeechEngine.shared(), catalog: catalog,
            options: Renderer.Options(catalogName: "test.yaml", output: folder, shard: shard)
        ).run()
    }
}

@Suite struct RenderTests {
    @Test("Renders a WAV per sample and region, records failures and goes on")
    func render() throws {
        let folder = try TemporaryFolder()
        let outcome = try ReviewFixtures.render(try ReviewFixtures.catalog(), into: folder.url)
        let manifest = outcome.manifest
        #expect(
            manifest.entries.map { "\($0.id)@\($0.region)" } == [
                "a.price@es-AR", "a.price@pt-BR", "b.combo@es-AR", "b.combo@pt-BR", "c.full@es-AR", "d.chile@es-CL",
            ])
        #expect(outcome.synthesized == 5)
        let failure = try #require(manifest.failures.first)
        #expect(failure.id == "d.chile")
        #expect(failure.error == "10.5 has decimals, but CLP has no minor unit — write a whole amount")
        #expect(failure.wav == nil)
        let combo = try #require(manifest.entries.first { $0.id == "b.combo" && $0.region == "es-AR" })
        #expect(
            combo.words
                == "antes: seis mil quinientos pesos, ahora: cinco mil doscientos cuarenta y nueve pesos, diecinueve por ciento de descuento"
        )
        #expect(combo.input == #"{"discount":19,"previous":"6500","price":"5249"}"#)
        #expect(combo.voice == "es-419")
        let full = try #require(manifest.entries.first { $0.id == "c.full" })
        #expect(full.hints == [Manifest.Hint(text: "Full", ipa: "ˈful")])
        #expect(full.ipa == "embˈio fˈul")
        for entry in manifest.entries where entry.error == nil {
            let bytes = try #require(FileManager.default.contents(atPath: folder.url.appendingPathComponent(entry.wav ?? "").path))
            let info = try #require(WAVInfo(header: [UInt8](bytes.prefix(44))))
            #expect(info.sampleRate == 22050 && info.channels == 1)
            #expect(abs(info.duration - (entry.duration ?? 0)) < 0.001)
            #expect(SHA256.hash(data: bytes).hexDigits == entry.sha256)
        }
    }

    @Test("An unchanged sample is not synthesized again; a changed one is")
    func incremental() throws {
        let folder = try TemporaryFolder()
        let first = try ReviewFixtures.render(try ReviewFixtures.catalog(), into: folder.url)
        let again = try ReviewFixtures.render(try ReviewFixtures.catalog(), into: folder.url)
        #expect(again.synthesized == 0 && again.reused == 5)
        #expect(try again.manifest.encoded() == first.manifest.encoded())
        let changed = try ReviewFixtures.catalog(
            ReviewFixtures.catalogText.replacingOccurrences(of: "es-AR: \"$ 9.000\"", with: "es-AR: \"$ 9.001\""))
        let third = try ReviewFixtures.render(changed, into: folder.url)
        #expect(third.synthesized == 1, "synthesized \(third.synthesized) reused \(third.reused)")
        #expect(third.reused == 4)
    }

    @Test("A sample's WAV is the same bytes whatever the order, and shards merge into one run")
    func determinism() throws {
        let whole = try TemporaryFolder()
        let shards = try TemporaryFolder()
        let reversed = try TemporaryFolder()
        let catalog = try ReviewFixtures.catalog()
        let one = try ReviewFixtures.render(catalog, into: whole.url)
        let parts = try [1, 2, 3].map { try ReviewFixtures.render(catalog, into: shards.url, shard: ($0, 3)).manifest }
        #expect(parts.map { $0.entries.count } == [2, 2, 2])
        #expect(try Manifest.merging(parts).encoded() == one.manifest.encoded())
        let backwards = catalog.samples.reversed().map { sample -> String in
            "  - id: \(sample.id)\n    text: \"\(sample.input(for: sample.regions[0]).replacingOccurrences(of: "\"", with: "\\\""))\"\n    regions: [\(sample.regions[0])]"
        }.joined(separator: "\n")
        let reversedCatalog = try ReviewFixtures.catalog("samples:\n" + backwards)
        _ = try ReviewFixtures.render(reversedCatalog, into: reversed.url)
        for path in ["es-AR/a.price.wav", "es-AR/c.full.wav"] {
            #expect(
                FileManager.default.contents(atPath: whole.url.appendingPathComponent(path).path)
                    == FileManager.default.contents(atPath: reversed.url.appendingPathComponent(path).path), "\(path)")
        }
    }

    @Test("Work is grouped by region, regions in the order the catalog names them, catalog order within each")
    func groupedByRegion() throws {
        let catalog = try ReviewFixtures.catalog(
            """
            samples:
              - { id: a, text: "$ 1", regions: [es-AR, pt-BR, es-MX] }
              - { id: b, text: "$ 2", regions: [pt-BR, en-US, es-AR] }
            """)
        // Each region is one run: its data is read once, ahead of its first text.
        let grouped = Renderer.groupedByRegion(catalog.items).map { "\($0.sample.id) \($0.region)" }
        #expect(grouped == ["a es-AR", "b es-AR", "a pt-BR", "b pt-BR", "a es-MX", "b en-US"])
    }

    @Test("Leftovers of an interrupted run are removed and the run completes")
    func interrupted() throws {
        let folder = try TemporaryFolder()
        let catalog = try ReviewFixtures.catalog()
        _ = try ReviewFixtures.render(catalog, into: folder.url)
        // What SIGKILL can leave: a half-written temporary file, and a WAV without its record.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let leftover = folder.url.appendingPathComponent("es-AR/.a.price.wav.\(finished.processIdentifier)-1234abcd.tmp")
        let olderLeftover = folder.url.appendingPathComponent("es-AR/.a.price.wav.1234abcd.tmp")
        // A file another live process (pid 1) is still writing stays.
        let inProgress = folder.url.appendingPathComponent("es-AR/.b.price.wav.1-1234abcd.tmp")
        for file in [leftover, olderLeftover, inProgress] { try Data("RIFF".utf8).write(to: file) }
        let journal = folder.url.appendingPathComponent(AudioJournal.name)
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5)
        let kept = lines.filter { !$0.contains(#""wav":"es-AR/c.full.wav""#) }
        #expect(kept.count == 4)
        // ... and a line cut short: what it says is not taken, and the next line still reads.
        try (kept.joined(separator: "\n") + "\n" + #"{"wav":"es-AR/c.full.wav","key":"#).write(
            to: journal, atomically: true, encoding: .utf8)
        let rerun = try ReviewFixtures.render(catalog, into: folder.url)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(!FileManager.default.fileExists(atPath: olderLeftover.path))
        #expect(FileManager.default.fileExists(atPath: inProgress.path))
        #expect(rerun.synthesized == 1)
        #expect(rerun.manifest.failures.map(\.id) == ["d.chile"])
        #expect(AudioJournal(folder: folder.url).record(for: "es-AR/c.full.wav")?.sha256 != nil)
        #expect(try ReviewFixtures.render(catalog, into: folder.url).synthesized == 0)
    }
}

@Suite struct GoldenTests {
    static let lines: [GoldenFile.Key: GoldenFile.Line] = [
        GoldenFile.Key(id: "b", region: "es-AR"): GoldenFile.Line(words: "mil pesos", ipa: "mˈil pˈesos"),
        GoldenFile.Key(id: "a", region: "pt-BR"): GoldenFile.Line(words: "um real", ipa: "ˈũ xeˈaw"),
    ]

    @Test("Writes a sorted, line-oriented file that reads back the same")
    func roundTrip() throws {
        let file = GoldenFile(espeakVersion: "1.51", form: "words", catalog: "c.yaml", lines: Self.lines)
        #expect(
            file.text
                == "# locutor golden 1 · eSpeak NG 1.51 · form words · c.yaml\na\tpt-BR\tum real\tˈũ xeˈaw\nb\tes-AR\tmil pesos\tmˈil pˈesos\n"
        )
        #expect(try GoldenFile(text: file.text, origin: "g.tsv") == file)
    }

    @Test("A golden saved with CR LF line ends reads as the same lines; tabs and breaks in a field become spaces")
    func lineEnds() throws {
        let file = GoldenFile(espeakVersion: "1.51", form: "words", catalog: "c.yaml", lines: Self.lines)
        let crlf = file.text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(crlf.utf8.count == file.text.utf8.count + 3)
        #expect(try GoldenFile(text: crlf, origin: "g.tsv") == file)
        #expect(GoldenFile.Line(words: "mil\r\npesos\tya", ipa: "a\nb").words == "mil  pesos ya")
        #expect(GoldenFile.Line(words: "mil\r\npesos\tya", ipa: "a\nb").ipa == "a b")
    }

    @Test("A malformed golden names its line")
    func malformed() {
        do {
            _ = try GoldenFile(text: "# locutor golden 1 · eSpeak NG 1.51 · form words · c\na\tes-AR\tx\nb\tes-AR\tx\ty\n", origin: "g.tsv")
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == "g.tsv:2:1: a golden line has 3 fields — write id, region, words and IPA separated by tabs, or record again")
        }
    }

    @Test(
        "Word-level diffs in git's style",
        arguments: [
            ("mil pesos", "dos mil pesos", "{+dos+} mil pesos"),
            ("antes: mil pesos", "precio anterior: mil pesos", "[-antes:-] {+precio anterior:+} mil pesos"),
            ("a b c", "a c", "a [-b-] c"), ("a b", "a b", "a b"), ("", "a", "{+a+}"),
        ])
    func wordDiff(before: String, after: String, diff: String) {
        #expect(PhonemeDiff.wordDiff(before, after) == diff)
    }

    @Test("The diff page escapes what the words hold, keeps ids apart and percent-encodes audio paths")
    func diffPage() {
        let hostile = "[-a-] {+b+} <script>x</script> & \"q\""
        let items = [
            DiffPage.Item(
                change: PhonemeDiff.Change(
                    key: GoldenFile.Key(id: "a.b", region: "es-AR"), kind: .changed,
                    before: GoldenFile.Line(words: "mil pesos", ipa: "mˈil"),
                    after: GoldenFile.Line(words: hostile + " mil pesos", ipa: "mˈil")),
                beforeAudio: "before/es-AR/a.b.wav", afterAudio: "after/es-AR/a#b?.wav"),
            DiffPage.Item(
                change: PhonemeDiff.Change(
                    key: GoldenFile.Key(id: "a-b", region: "es-AR"), kind: .removed,
                    before: GoldenFile.Line(words: "<b>", ipa: "b"), after: nil),
                beforeAudio: nil, afterAudio: nil),
        ]
        let html = DiffPage.html(items: items, summary: "1 changed, 0 added, 1 removed of 2", catalog: "<c>.yaml")
        #expect(html.contains("<ins>[-a-] {+b+} &lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot;</ins> mil pesos"))
        #expect(html.contains("<del>&lt;b&gt;</del>"))
        #expect(!html.contains("<script"))
        #expect(html.contains("<title>Locutor diff: &lt;c&gt;.yaml</title>"))
        #expect(html.contains(#"src="after/es-AR/a%23b%3F.wav""#))
        #expect(html.contains(#"<h2 id="change-1">"#) && html.contains(#"<h2 id="change-2">"#))
    }

    @Test("Reports changed, added and removed samples, keyed, then the summary")
    func report() {
        var current = Self.lines
        current[GoldenFile.Key(id: "b", region: "es-AR")] = GoldenFile.Line(words: "dos mil pesos", ipa: "dˈos mˈil pˈesos")
        current[GoldenFile.Key(id: "a", region: "pt-BR")] = nil
        current[GoldenFile.Key(id: "c", region: "en-US")] = GoldenFile.Line(words: "one dollar", ipa: "wˈʌn dˈɑːlɚ")
        let changes = PhonemeDiff.compare(golden: Self.lines, current: current)
        #expect(
            PhonemeDiff.report(changes, total: 3) == [
                "removed a [pt-BR]",
                "changed b [es-AR]",
                "  words: {+dos+} mil pesos",
                "  ipa:   {+dˈos+} mˈil pˈesos",
                "added c [en-US]",
                "  words: one dollar",
                "  ipa:   wˈʌn dˈɑːlɚ",
                "1 changed, 1 added, 1 removed of 3",
            ])
    }
}
