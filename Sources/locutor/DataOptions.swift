import ArgumentParser
import Foundation
import LocutorCore
import LocutorVoices

/// `--voices DIR`: where region profiles are read from.
struct DataOptions: ParsableArguments {
    @Option(
        name: .customLong("voices"),
        help: ArgumentHelp(
            "The voices folder with the region profiles.",
            discussion:
                "Default: $LOCUTOR_VOICES, else ./voices when there is one, else the voices folder bundled with locutor (Locutor_LocutorVoices beside the binary).",
            valueName: "dir"))
    var folder: String?

    /// The library of the folder named, or found.
    func library() throws -> RegionLibrary {
        try Self.library(folder: folder)
    }

    /// The library of `folder`, or of the voices folder found when it is nil.
    static func library(folder: String?) throws -> RegionLibrary {
        RegionLibrary(source: try locate(explicit: folder))
    }

    /// The region profile of `region`, or a failure that lists the known regions.
    func profile(_ region: String) throws -> RegionProfile {
        try library().profile(RegionID(region))
    }

    static func locate(explicit: String?) throws -> DataFolder {
        let manager = FileManager.default
        func isVoices(_ path: String) -> Bool {
            manager.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("currencies.yaml").path)
        }
        if let explicit {
            guard isVoices(explicit) else {
                throw CommandFailure(
                    "'\(explicit)' is not a voices folder (it has no currencies.yaml) — pass the folder that holds es-AR.yaml, es.yaml and currencies.yaml"
                )
            }
            return DataFolder(url: URL(fileURLWithPath: explicit), displayPrefix: explicit)
        }
        if let environment = ProcessInfo.processInfo.environment["LOCUTOR_VOICES"], !environment.isEmpty {
            guard isVoices(environment) else {
                throw CommandFailure(
                    "LOCUTOR_VOICES='\(environment)' is not a voices folder — point it at the folder that holds currencies.yaml")
            }
            return DataFolder(url: URL(fileURLWithPath: environment), displayPrefix: environment)
        }
        if isVoices("voices") {
            return DataFolder(url: URL(fileURLWithPath: "voices"), displayPrefix: "voices")
        }
        // The voices folder bundled with Locutor, beside this binary.
        if let bundled = BundledVoices.folder { return DataFolder(url: bundled, displayPrefix: bundled.path) }
        throw CommandFailure(
            Locutor.missingBundle.diagnostics.map { "\($0.problem) — \($0.fix), or pass --voices DIR, or set LOCUTOR_VOICES" }.joined())
    }
}
