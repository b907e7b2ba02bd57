import ArgumentParser
import Foundation
import LocutorSpeech

/// `locutor voices`: what espeak-ng has installed.
struct Voices: LocutorCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed espeak-ng voices (and variants).")

    @Flag(help: "List the variants (the part after '+' in es-419+f3) instead of the voices.")
    var variants = false

    func execute(_ console: Console) throws {
        let engine = try SpeechEngine.shared()
        if variants {
            console.output("\(engine.installedVariants.count) variants in \(engine.dataPath)/voices/!v:")
            console.output(engine.installedVariants.joined(separator: " "))
            return
        }
        console.output("espeak-ng \(engine.version), data in \(engine.dataPath), \(engine.sampleRate) Hz")
        console.output("\(engine.installedVoices.count) voices (language, identifier, name):")
        let width = engine.installedVoices.map { $0.languages.first?.count ?? 0 }.max() ?? 0
        let idWidth = engine.installedVoices.map(\.identifier.count).max() ?? 0
        for voice in engine.installedVoices.sorted(by: { ($0.languages.first ?? "") < ($1.languages.first ?? "") }) {
            let language = voice.languages.first ?? ""
            console.output("  " + language.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  " + voice.identifier.padding(toLength: idWidth, withPad: " ", startingAt: 0)
                + "  " + voice.name)
        }
    }
}
