import ArgumentParser
import Foundation
import LocutorCore

/// `--voices DIR`: where region profiles are read from.
struct VoicesOptions: ParsableArguments {
    @Option(name: .customLong("voices"), help: ArgumentHelp(
        "The voices folder with the region profiles.",
        discussion: "Default: $LOCUTOR_VOICES, else ./voices, else the voices folder of the checkout this locutor was built in.",
        valueName: "dir"))
    var folder: String?

    /// The library of the folder named, or found.
    func library() throws -> VoiceLibrary {
        VoiceLibrary(source: try Self.locate(explicit: folder))
    }

    /// The region profile of `region`, or a failure that lists the known regions.
    func profile(_ region: String) throws -> RegionProfile {
        try library().profile(RegionID(region))
    }

    static func locate(explicit: String?) throws -> VoiceFolder {
        let manager = FileManager.default
        func isVoices(_ path: String) -> Bool {
            manager.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("currencies.yaml").path)
        }
        if let explicit {
            guard isVoices(explicit) else {
                throw CommandFailure("'\(explicit)' is not a voices folder (it has no currencies.yaml) — pass the folder that holds es-AR.yaml, es.yaml and currencies.yaml")
            }
            return VoiceFolder(url: URL(fileURLWithPath: explicit), displayPrefix: explicit)
        }
        if let environment = ProcessInfo.processInfo.environment["LOCUTOR_VOICES"], !environment.isEmpty {
            guard isVoices(environment) else {
                throw CommandFailure("LOCUTOR_VOICES='\(environment)' is not a voices folder — point it at the folder that holds currencies.yaml")
            }
            return VoiceFolder(url: URL(fileURLWithPath: environment), displayPrefix: environment)
        }
        if isVoices("voices") {
            return VoiceFolder(url: URL(fileURLWithPath: "voices"), displayPrefix: "voices")
        }
        // Beside the checkout: .build/<config>/locutor → <checkout>/voices.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("voices")
            if isVoices(candidate.path) { return VoiceFolder(url: candidate) }
            folder = folder.deletingLastPathComponent()
        }
        throw CommandFailure("no voices folder found — pass --voices DIR or set LOCUTOR_VOICES")
    }
}
