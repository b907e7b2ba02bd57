import Foundation
import LocutorCore

/// What one fuzzing run exercises.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Bytes as a display text, said in every region; every export of the utterance is checked.
    case normalizer
    /// Bytes as `es-AR.yaml` and then as `es.yaml` among the real voice files; a profile that
    /// loads is then used to say a few probe texts.
    case voices
    /// Bytes as RBNF rule text; a format that parses spells a few values in each rule set.
    case rbnf
    /// Bytes as `cldr/plurals.yaml`; a book that loads classifies a few numbers in each language.
    case plurals
    /// Bytes as a JSON price component, said in every region.
    case priceComponent = "price-component"
    /// Bytes as a catalog YAML file; every sample of a catalog that loads is said in its regions.
    case catalog
    /// Bytes as each string file `locutor audit` reads (.strings, .stringsdict, .xcstrings,
    /// Android XML, JSON); every string read has its placeholders taken apart.
    case strings

    /// The target `LOCUTOR_FUZZ_TARGET` names; the process stops with a usage message otherwise.
    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["LOCUTOR_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("error: LOCUTOR_FUZZ_TARGET is '\(name)' — set it to one of \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// Loads what the target needs, once.
    func prepare() {
        switch self {
        case .normalizer, .priceComponent, .catalog: _ = Voices.normalizers
        case .voices: _ = Voices.source
        case .rbnf, .plurals: _ = Voices.plurals
        case .strings: break
        }
    }

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        if self == .strings { return StringsTarget.run(Data(bytes)) }
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .normalizer: NormalizerTarget.run(text)
        case .voices: VoicesTarget.run(text)
        case .rbnf: RBNFTarget.run(text)
        case .plurals: PluralsTarget.run(text)
        case .priceComponent: PriceComponentTarget.run(text)
        case .catalog: CatalogTarget.run(text)
        case .strings: break
        }
    }
}

/// The repository's voice files, read once from `LOCUTOR_VOICES` (default: the checkout's `voices/`).
enum Voices {
    static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["LOCUTOR_VOICES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("voices")
    }()

    /// Every `.yaml` and `.rbnf` file of the folder, by relative path.
    static let source: InMemoryFiles = {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard ["yaml", "rbnf", "tsv"].contains(url.pathExtension), let data = FileManager.default.contents(atPath: url.path) else {
                continue
            }
            files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = String(
                decoding: data, as: UTF8.self)
        }
        guard files["es-AR.yaml"] != nil else { stop("no voice files in \(folder.path) — set LOCUTOR_VOICES to the voices folder") }
        return InMemoryFiles(files)
    }()

    /// A normalizer for every region of the folder.
    static let normalizers: [Normalizer] = {
        do {
            return try RegionLibrary(source: source).allProfiles().map { Normalizer(profile: $0) }
        } catch {
            stop("the voices do not load:\n\(error)")
        }
    }()

    /// The real plural rules, for rule text that uses `$(cardinal,…)$`.
    static let plurals: PluralRuleBook = {
        guard let text = source.files["cldr/plurals.yaml"] else { stop("no cldr/plurals.yaml in \(folder.path)") }
        do {
            return try PluralRuleBook(yaml: text, origin: "voices/cldr/plurals.yaml")
        } catch {
            stop("the plural rules do not load:\n\(error)")
        }
    }()

    static func stop(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(2)
    }
}
