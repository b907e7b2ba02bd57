import ArgumentParser
import Foundation
import LocutorCore
import LocutorSpeech

/// `locutor voices`: what espeak-ng has installed.
struct Voices: LocutorCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List the regions with their eSpeak NG voices and whether each resolves, then the installed voices.")

    @Flag(help: "List the variants (the part after '+' in es-419+f3) instead of the voices.")
    var variants = false

    @OptionGroup var voices: DataOptions

    func execute(_ console: Console) throws {
        let engine = try SpeechEngine.shared()
        if variants {
            try console.output("\(engine.installedVariants.count) variants in \(engine.dataPath)/voices/!v:")
            try console.output(engine.installedVariants.joined(separator: " "))
            return
        }
        try console.output("espeak-ng \(engine.version), data in \(engine.dataPath), \(engine.sampleRate) Hz")
        var unresolved = 0
        if let library = try? voices.library() {
            let ids = library.regionIDs.sorted()
            try console.output("\(ids.count) regions (region, voice, rate, pitch, resolves):")
            for id in ids {
                do {
                    let voice = try library.profile(id).voice
                    let resolves = engine.resolves(VoiceSelection(name: voice.name, variant: voice.variant))
                    if !resolves { unresolved += 1 }
                    try console.output(
                        "  \(id.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  \(voice.selection.padding(toLength: 10, withPad: " ", startingAt: 0))  \(voice.rate)  \(voice.pitch)  \(resolves ? "yes" : "NO — 'locutor voices' below lists the names that do")"
                    )
                } catch {
                    unresolved += 1
                    try console.output("  \(id.rawValue)  cannot be read: \(error)")
                }
            }
        }
        try console.output("\(engine.installedVoices.count) voices (language, identifier, name):")
        let width = engine.installedVoices.map { $0.languages.first?.count ?? 0 }.max() ?? 0
        let idWidth = engine.installedVoices.map(\.identifier.count).max() ?? 0
        for voice in engine.installedVoices.sorted(by: { ($0.languages.first ?? "") < ($1.languages.first ?? "") }) {
            let language = voice.languages.first ?? ""
            try console.output(
                "  " + language.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "  " + voice.identifier.padding(toLength: idWidth, withPad: " ", startingAt: 0)
                    + "  " + voice.name)
        }
        if unresolved > 0 { throw ExitCode(1) }
    }
}
