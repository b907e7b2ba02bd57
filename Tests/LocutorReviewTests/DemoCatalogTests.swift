import Foundation
import LocutorCore
import Testing

@testable import LocutorReview

@Suite struct DemoCatalogTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("The demo catalog loads, covers the seed scenarios, and every item is said with no digit left")
    func demo() throws {
        let library = RegionLibrary(source: DataFolder(url: Self.repository.appendingPathComponent("voices"), displayPrefix: "voices"))
        let text = try String(contentsOf: Self.repository.appendingPathComponent("samples/catalog.yaml"), encoding: .utf8)
        let catalog = try Catalog(yaml: text, origin: "samples/catalog.yaml", knownRegions: library.regionIDs)
        let regions = Set(catalog.items.map(\.region.rawValue))
        #expect(regions == ["es-AR", "es-MX", "es-CO", "es-CL", "es-UY", "es-PE", "pt-BR", "en-US", "fr-BE", "nl-BE", "ru-RU"])
        for prefix in ["ml.", "immo.", "yandex.", "elektra."] {
            #expect(catalog.samples.contains { $0.id.hasPrefix(prefix) }, "\(prefix)")
        }
        for (sample, region) in catalog.items {
            let utterance = try Utterances.utterance(of: sample, in: region, library: library)
            #expect(!utterance.words.isEmpty)
            #expect(!utterance.words.contains { $0.isASCII && $0.isNumber }, "\(sample.id) \(region): \(utterance.words)")
        }
    }
}
