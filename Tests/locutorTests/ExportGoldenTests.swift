import Foundation
import LocutorCore
import Testing

@testable import locutor

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The JSON (with SSML) of `locutor verbalize --json` for the seed cases and more, per region,
/// kept in Tests/Fixtures/exports/<region>.jsonl. Record with `LOCUTOR_RECORD=exports swift test
/// --filter ExportGoldenTests`; a run that records fails, so a changed golden is always read.
@Suite struct ExportGoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let folder = repository.appendingPathComponent("Tests/Fixtures/exports")
    static let regions = ["es-AR", "es-MX", "es-CO", "es-CL", "es-UY", "es-PE", "es-ES", "pt-BR", "en-US", "ru-RU", "fr-BE", "nl-BE"]
    static let header = "# locutor verbalize --json goldens, format 1: one JSON object per line, keyed by \"input\""

    /// Inputs beyond the seed cases: hints, pauses and text that must be escaped.
    static let extra: [String: [String]] = [
        "es-AR": [
            "Envío Full • Black Friday", "<script>alert(\"x\")</script> & $ 5", "Hot Sale: 19% OFF", "Cyber Monday -20%",
            #"{"price": "99.5", "suffix": "<b>envío</b>"}"#, "{\"prize\": 1}",
        ],
        "es-MX": ["Hot Sale $1,299.00", "2 amb. • 1.º piso"], "es-ES": ["32,99 €", "1.º piso"], "es-CL": ["$9.990"],
        "es-CO": ["$ 1.299.900 • Outlet"], "es-UY": ["U$S 1.500", "$ 10,05"], "es-PE": ["S/ 49.90"],
        "pt-BR": ["Black Friday: 12x de R$ 108,32", "Mercado Livre"], "en-US": ["Mercado Libre: R$1,000 & more", "Immoweb • 2 bd."],
        "ru-RU": ["Black Friday: до 500 ₽", "Яндекс Go • 21 мин"], "fr-BE": ["Immoweb • 2 ch. • 75 m²", "1er étage"],
        "nl-BE": ["Black Friday • 3 slpk.", "€ 1.250,25"],
    ]

    static var recording: Bool { ProcessInfo.processInfo.environment["LOCUTOR_RECORD"]?.split(separator: ",").contains("exports") == true }

    static func goldenLines(_ region: String) -> [String] {
        let url = folder.appendingPathComponent("\(region).jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    static func input(of line: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return object["input"] as? String
    }

    /// The seed cases of a region, when ../shared is there (it is beside every checkout and in CI).
    static func seeds(_ region: String) -> [String] {
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/cases/seeds.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            return columns.count == 3 && columns[0] == region ? String(columns[1]) : nil
        }
    }

    @Test("JSON and SSML exports match the goldens", arguments: regions)
    func exports(region: String) throws {
        let profile = try RegionLibrary(source: DataFolder(url: Self.repository.appendingPathComponent("voices"), displayPrefix: "voices"))
            .profile(RegionID(region))
        let locutor = Locutor(profile: profile)
        let golden = Self.goldenLines(region)
        var inputs = golden.compactMap(Self.input(of:))
        if Self.recording {
            for input in Self.seeds(region) + (Self.extra[region] ?? []) where !inputs.contains(input) { inputs.append(input) }
        }
        let lines = inputs.map { Verbalize.json(Verbalize.say(Array($0.utf8), locutor: locutor)) }
        if Self.recording {
            let text = ([Self.header] + lines).joined(separator: "\n") + "\n"
            try text.write(to: Self.folder.appendingPathComponent("\(region).jsonl"), atomically: true, encoding: .utf8)
            Issue.record(
                "recorded Tests/Fixtures/exports/\(region).jsonl — review it with git diff, then run the tests without LOCUTOR_RECORD")
            return
        }
        #expect(!golden.isEmpty, "no goldens for \(region): record them with LOCUTOR_RECORD=exports swift test --filter ExportGoldenTests")
        for (line, expected) in zip(lines, golden) {
            #expect(line == expected)
        }
    }

    @Test("Every golden's SSML is well-formed XML: <speak> with the region's xml:lang", arguments: regions)
    func ssmlIsXML(region: String) throws {
        for line in Self.goldenLines(region) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let ssml = object["ssml"] as? String else {
                #expect(object["error"] != nil, "\(line)")
                continue
            }
            let checker = SpeakChecker()
            let parser = XMLParser(data: Data(ssml.utf8))
            parser.delegate = checker
            #expect(parser.parse(), "\(ssml): \(parser.parserError.map { "\($0)" } ?? "")")
            #expect(checker.root == "speak" && checker.language == region, "\(ssml)")
            // Text that looks like markup ("<script>") stays text: only SSML's own elements appear.
            #expect(checker.elements.isSubset(of: ["speak", "sub", "phoneme", "break", "lang"]), "\(ssml)")
        }
    }
}

/// Notes the root element and its xml:lang while a parser reads SSML.
final class SpeakChecker: NSObject, XMLParserDelegate {
    var root: String?
    var language: String?
    var text = ""
    var elements: Set<String> = []

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.insert(name)
        if root == nil {
            root = name
            language = attributes["xml:lang"]
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
