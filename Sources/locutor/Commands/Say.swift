import ArgumentParser
import Foundation
import LocutorCore
import LocutorPhonemes
import LocutorSpeech

/// `locutor say`: one utterance, its phonemes and its WAV.
struct Say: LocutorCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speak one text: print its phoneme transcript and write a WAV.",
        discussion: """
            With --region, the text is a display text or a JSON price component, and what is spoken \
            is the region's words form, with the region's voice. With --voice alone, the text is \
            spoken as it is.
            The audio is reproducible: the same text, voice and parameters give the same bytes \
            in any process, whatever was spoken before (the same bytes as 'espeak-ng -w').
            Examples: locutor say '$ 899.900' --region es-AR --out x.wav
                      locutor say "ochocientos noventa y nueve mil novecientos pesos" --voice es-419 --out x.wav
            """)

    @Argument(help: "The text to speak, or '-' to read it from standard input. [[…]] spans are espeak-ng phoneme mnemonics.")
    var text: String

    @Option(
        help:
            "An espeak-ng voice, with an optional variant: es-419, pt-br, en-us+f3 ('locutor voices' lists them). With --region, replaces the region's voice."
    )
    var voice: String?

    @Option(help: "A region (es-AR, pt-BR, ru-RU, …): say the region's words for the text, with its voice.")
    var region: String?

    @Option(help: "With --region, which form to speak: words (everything spelled out) or label (what an app's label would hold).")
    var form: Verbalize.Form = .words

    @OptionGroup var voices: DataOptions

    @Option(help: "Write the audio to this WAV file (16-bit PCM mono at the engine's rate).")
    var out: String?

    // .unconditional: "--rate -5" is a value (then refused by its range), not a missing one.
    @Option(
        parsing: .unconditional,
        help:
            "Words per minute, \(SpeechParameters.rateRange.lowerBound)–\(SpeechParameters.rateRange.upperBound) (default: the region's, else 175)."
    )
    var rate: Int?

    @Option(parsing: .unconditional, help: "Base pitch, 0–100 (default: the region's, else 50).")
    var pitch: Int?

    @Option(parsing: .unconditional, help: "Volume, 0–200.")
    var volume: Int = SpeechParameters.standard.volume

    @Option(parsing: .unconditional, help: "Extra pause between words, in units of 10 ms.")
    var wordGap: Int = SpeechParameters.standard.wordGap

    @Flag(help: "Print the transcript in espeak-ng's mnemonics instead of IPA.")
    var mnemonics = false

    func validate() throws {
        if voice == nil && region == nil {
            throw ValidationError("Say which voice speaks: pass --voice NAME or --region R.")
        }
        if region == nil && form != .words {
            throw ValidationError("--form chooses a region's form: pass --region too (with --voice alone the text is spoken as written).")
        }
    }

    func execute(_ console: Console) throws {
        var speech = try speechText(console)
        var selection = voice.map(VoiceSelection.init(parsing:))
        var defaults = SpeechParameters.standard
        if let region {
            let profile = try voices.profile(region)
            let result = Verbalize.say(Array(speech.string.utf8), locutor: Locutor(profile: profile))
            let utterance: Utterance
            switch result {
            case let .success((_, said)): utterance = said
            case let .failure(failure): throw CommandFailure(failure.message)
            }
            try console.output("label: \(utterance.label)")
            try console.output("words: \(utterance.words)")
            if selection == nil { selection = VoiceSelection(name: profile.voice.name, variant: profile.voice.variant) }
            // Hinted words are spoken from the IPA hint, in the voice's phoneme mnemonics.
            let table = try voices.library().mnemonicTable(forVoice: selection?.name ?? profile.voice.name)
            speech = try SpeechText(utterance.espeakInput(label: form == .label, mnemonics: table))
            defaults.rate = profile.voice.rate
            defaults.pitch = profile.voice.pitch
        }
        guard let selection else { throw ValidationError("Say which voice speaks: pass --voice NAME or --region R.") }
        let engine = try SpeechEngine.shared()
        let parameters = try SpeechParameters(
            rate: rate ?? defaults.rate, pitch: pitch ?? defaults.pitch, volume: volume, range: defaults.range, wordGap: wordGap
        ).validated()
        let notation: PhonemeNotation = mnemonics ? .mnemonics : .ipa
        if let out {
            // A writer that does not finish removes its temporary file: the destination is untouched.
            var writer = try WAVFileWriter(path: out, sampleRate: engine.sampleRate)
            let synthesis = try engine.synthesize(speech, voice: selection, parameters: parameters, notation: notation, into: &writer)
            let info = try writer.finish().info
            try console.output("\(notation.rawValue): \(synthesis.transcript)")
            try console.output("wav: \(out) (\(info.sampleRate) Hz, mono, 16-bit, \(String(format: "%.2f", info.duration)) s)")
        } else {
            var counter = SampleCounter()
            let synthesis = try engine.synthesize(speech, voice: selection, parameters: parameters, notation: notation, into: &counter)
            try console.output("\(notation.rawValue): \(synthesis.transcript)")
            try console.output("audio: \(String(format: "%.2f", synthesis.duration)) s, not saved (pass --out FILE.wav)")
        }
    }

    /// The text as the user gave it, checked byte by byte: the shell may pass bytes that are not
    /// UTF-8, which Swift would quietly repair and espeak-ng would quietly drop.
    private func speechText(_ console: Console) throws -> SpeechText {
        if text == "-" { return try SpeechText(utf8: try console.input()) }
        return try SpeechText(utf8: RawArguments.bytes(of: text) ?? Array(text.utf8))
    }
}

/// The process's arguments as the bytes the shell passed.
enum RawArguments {
    /// The bytes of the argument that reads as `argument` once repaired, if there is one.
    static func bytes(of argument: String) -> [UInt8]? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let raw = Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            if String(decoding: raw, as: UTF8.self) == argument { return raw }
        }
        return nil
    }
}
