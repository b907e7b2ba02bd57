import Foundation
import LocutorCore
import Testing

@testable import LocutorReview

@Suite struct CatalogTests {
    static let regions = ["es-AR", "es-MX", "en-US", "pt-BR"].map(RegionID.init)

    @Test("Reads texts, texts per region and price components, each in its regions")
    func reads() throws {
        let catalog = try Catalog(
            yaml: """
                regions: [es-AR, en-US]
                samples:
                  - id: price.basic
                    title: A price
                    text: "$ 9.000"
                  - id: price.regional
                    text: { es-AR: "$ 1.299.900", pt-BR: "R$ 1.299.900,00" }
                  - id: combo
                    price: { previous: "6500", price: "5249", discount: 19 }
                    regions: [es-AR]
                """, origin: "c.yaml", knownRegions: Self.regions)
        #expect(
            catalog.items.map { "\($0.sample.id)@\($0.region)" } == [
                "price.basic@es-AR", "price.basic@en-US", "price.regional@es-AR", "price.regional@pt-BR", "combo@es-AR",
            ])
        #expect(catalog.samples[1].input(for: RegionID("pt-BR")) == "R$ 1.299.900,00")
        #expect(catalog.samples[2].input(for: RegionID("es-AR")) == #"{"discount":19,"previous":"6500","price":"5249"}"#)
    }

    @Test("Every problem is reported at its line and column, ids that could escape the output folder included")
    func problems() {
        do {
            _ = try Catalog(
                yaml: """
                    regions: [es-AR, es-AX]
                    samples:
                      - id: ../etc/passwd
                        text: x
                      - id: a
                        text: x
                      - id: a
                        text: y
                      - id: b
                      - id: c
                        price: { prize: "1" }
                    """, origin: "c.yaml", knownRegions: Self.regions)
            Issue.record("a broken catalog loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "c.yaml:1:18: unknown region 'es-AX' — did you mean es-AR?",
                    "c.yaml:3:9: the id '../etc/passwd' may only use letters, digits, '.', '_' and '-' — rename it, such as ..-etc-passwd",
                    "c.yaml:7:5: the id 'a' is used twice (first at line 5) — give each sample its own id",
                    "c.yaml:9:5: the sample 'b' needs either text or price — give it one of them",
                    "c.yaml:11:12: the price of 'c': unknown key 'prize' in the price component — did you mean 'price'? — write it as the keys of a price component",
                ])
        }
    }

    @Test("An id that names a folder, or too long to name a file, is refused at load, with a fix that works")
    func idsAtLoad() {
        let long = String(repeating: "a", count: 201)
        do {
            _ = try Catalog(
                yaml: """
                    regions: [es-AR]
                    samples:
                      - id: ..
                        text: x
                      - id: \(long)
                        text: y
                      - id: \(String(repeating: "b", count: 200))
                        text: z
                    """, origin: "c.yaml", knownRegions: Self.regions)
            Issue.record("a broken catalog loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "c.yaml:3:9: the id '..' names a folder, not a file — rename it with letters or digits, such as sample-1",
                    "c.yaml:5:9: the id is 201 bytes long; an id names files, and may have at most 200 — shorten it, such as \(long.prefix(40))",
                ])
        }
    }

    @Test("Ids are letters, digits, dots, underscores and hyphens, and never . or ..")
    func ids() {
        #expect(Catalog.isValidID("combo.basic_2-x"))
        for bad in ["", ".", "..", "a/b", "a b", "é", "a\\b"] { #expect(!Catalog.isValidID(bad), "\(bad)") }
    }
}

@Suite struct ManifestTests {
    static func entry(_ id: String, _ region: String) -> Manifest.Entry {
        Manifest.Entry(
            id: id, region: region, lang: region, title: nil, input: "x", label: "x", words: "x", ssml: nil, hints: [],
            ipa: "x", voice: "es-419", rate: 175, pitch: 50, espeakVersion: "1.51", wav: "\(region)/\(id).wav",
            duration: 1, sha256: "00", error: nil)
    }

    static let engine = Manifest.Engine(name: "eSpeak NG", version: "1.51", sampleRate: 22050)

    @Test("Entries are ordered by id and region, whatever order they came in, and encode to the same bytes")
    func order() throws {
        let a = Manifest(
            catalog: "c", engine: Self.engine, form: "words", shard: nil,
            entries: [Self.entry("b", "es-AR"), Self.entry("a", "en-US"), Self.entry("a", "es-AR")])
        let b = Manifest(
            catalog: "c", engine: Self.engine, form: "words", shard: nil,
            entries: [Self.entry("a", "es-AR"), Self.entry("b", "es-AR"), Self.entry("a", "en-US")])
        #expect(a.entries.map { "\($0.id)@\($0.region)" } == ["a@en-US", "a@es-AR", "b@es-AR"])
        #expect(try a.encoded() == b.encoded())
        #expect(try Manifest.decode(a.encoded()) == a)
    }

    @Test("Shards merge into the manifest of one run")
    func merge() throws {
        let whole = Manifest(
            catalog: "c", engine: Self.engine, form: "words", shard: nil,
            entries: [Self.entry("a", "es-AR"), Self.entry("b", "es-AR"), Self.entry("c", "es-AR")])
        let first = Manifest(
            catalog: "c", engine: Self.engine, form: "words", shard: "1/2", entries: [Self.entry("a", "es-AR"), Self.entry("c", "es-AR")])
        let second = Manifest(catalog: "c", engine: Self.engine, form: "words", shard: "2/2", entries: [Self.entry("b", "es-AR")])
        #expect(try Manifest.merging([second, first]) == whole)
        let other = Manifest(catalog: "other", engine: Self.engine, form: "words", shard: "2/2", entries: [])
        #expect(throws: ReviewError.shardsDisagree(first: "c", other: "other")) { try Manifest.merging([first, other]) }
    }
}
