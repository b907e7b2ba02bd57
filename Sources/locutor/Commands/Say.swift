import ArgumentParser
import Foundation
import LocutorSpeech

/// `locutor say`: one utterance, its phonemes and its WAV.
struct Say: LocutorCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak one text: print its phoneme transcript and write a WAV.",
        discussion: """
            The audio is reproducible: the same text, voice and parameters give the same bytes \
            in any process, whatever was spoken before (the same bytes as 'espeak-ng --stdout').
            Example: locutor say "ochocientos noventa y nueve mil novecientos pesos" --voice es-419 --out x.wav
            """)

    @Argument(help: "The text to speak, or '-' to read it from standard input. [[…]] spans are espeak-ng phoneme mnemonics.")
    var text: String

    @Option(help: "An espeak-ng voice, with an optional variant: es-419, pt-br, en-us+f3 ('locutor voices' lists them).")
    var voice: String

    @Option(help: "Write the audio to this WAV file (16-bit PCM mono at the engine's rate).")
    var out: String?

    @Option(help: "Words per minute, \(SpeechParameters.rateRange.lowerBound)–\(SpeechParameters.rateRange.upperBound).")
    var rate: Int = SpeechParameters.standard.rate

    @Option(help: "Base pitch, 0–100.")
    var pitch: Int = SpeechParameters.standard.pitch

    @Option(help: "Volume, 0–200.")
    var volume: Int = SpeechParameters.standard.volume

    @Option(help: "Extra pause between words, in units of 10 ms.")
    var wordGap: Int = SpeechParameters.standard.wordGap

    @Flag(help: "Print the transcript in espeak-ng's mnemonics instead of IPA.")
    var mnemonics = false

    func execute(_ console: Console) throws {
        let speech = try speechText(console)
        let engine = try SpeechEngine.shared()
        let parameters = try SpeechParameters(
            rate: rate, pitch: pitch, volume: volume, range: SpeechParameters.standard.range, wordGap: wordGap
        ).validated()
        let selection = VoiceSelection(parsing: voice)
        let notation: PhonemeNotation = mnemonics ? .mnemonics : .ipa
        if let out {
            var writer = try WAVFileWriter(path: out, sampleRate: engine.sampleRate)
            do {
                let synthesis = try engine.synthesize(speech, voice: selection, parameters: parameters, notation: notation, into: &writer)
                let info = try writer.finish()
                console.output("\(notation.rawValue): \(synthesis.transcript)")
                console.output("wav: \(out) (\(info.sampleRate) Hz, mono, 16-bit, \(String(format: "%.2f", info.duration)) s)")
            } catch {
                writer.cancel()
                throw error
            }
        } else {
            var counter = SampleCounter()
            let synthesis = try engine.synthesize(speech, voice: selection, parameters: parameters, notation: notation, into: &counter)
            console.output("\(notation.rawValue): \(synthesis.transcript)")
            console.output("audio: \(String(format: "%.2f", synthesis.duration)) s, not saved (pass --out FILE.wav)")
        }
    }

    /// The text as the user gave it, checked byte by byte: the shell may pass bytes that are not
    /// UTF-8, which Swift would quietly repair and espeak-ng would quietly drop.
    private func speechText(_ console: Console) throws -> SpeechText {
        if text == "-" { return try SpeechText(utf8: console.input()) }
        return try SpeechText(utf8: RawArguments.bytes(of: text) ?? Array(text.utf8))
    }
}

/// The process's arguments as the bytes the shell passed.
enum RawArguments {
    /// The bytes of the argument that reads as `argument` once repaired, if there is one.
    static func bytes(of argument: String) -> [UInt8]? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let raw = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            if String(decoding: raw, as: UTF8.self) == argument { return raw }
        }
        return nil
    }
}
