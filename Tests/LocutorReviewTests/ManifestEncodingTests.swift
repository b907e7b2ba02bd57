import Foundation
import Testing

@testable import LocutorReview

@Suite struct ManifestEncodingTests {
    static func encodedByJSONEncoder(_ manifest: Manifest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(manifest) + Data("\n".utf8)
    }

    @Test("The manifest, encoded an entry at a time, is the bytes JSONEncoder writes for all of it")
    func sameBytes() throws {
        var full = PageFixtures.entry("a/b", "es-AR", title: PageFixtures.hostile, input: "línea\nnueva\t\u{1}")
        full.position = 3
        full.unread = ["A4", "USD"]
        full.hints = [Manifest.Hint(text: "OFF", ipa: "ˈof"), Manifest.Hint(text: "Full", ipa: "ˈful")]
        full.duration = 0.1
        var failed = PageFixtures.entry("z", "pt-BR", error: "\"entries\" : [\n\n  ]")
        failed.duration = 3.0
        let manifests = [
            PageFixtures.manifest,
            Manifest(catalog: "c.yaml", engine: PageFixtures.engine, form: "label", shard: "2/3", entries: [full, failed]),
            Manifest(catalog: "\n  \"entries\" : [\n\n  ]", engine: PageFixtures.engine, form: "words", shard: nil, entries: [failed]),
            Manifest(catalog: "empty.yaml", engine: PageFixtures.engine, form: "words", shard: nil, entries: []),
        ]
        for manifest in manifests {
            let encoded = try manifest.encoded()
            #expect(encoded == (try Self.encodedByJSONEncoder(manifest)), "\(String(decoding: encoded, as: UTF8.self))")
            #expect(try Manifest.decode(encoded) == manifest)
        }
    }
}
