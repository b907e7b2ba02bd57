import Foundation
import LocutorCore
import LocutorSpeech

/// A WAV of one text in a region's voice, for the pages that play a before and an after.
package enum AudioClip {
    /// Speaks `text` (eSpeak NG input: words, or `[[…]]` phonemes) with `voice`'s rate and pitch
    /// into a WAV at `url`, creating its folder; the file appears whole or not at all.
    package static func write(_ text: String, voice: RegionVoice, engine: SpeechEngine, to url: URL) throws {
        try Renderer.createFolder(url.deletingLastPathComponent())
        var writer = try WAVFileWriter(path: url.path, sampleRate: engine.sampleRate)
        var parameters = SpeechParameters.standard
        parameters.rate = voice.rate
        parameters.pitch = voice.pitch
        _ = try engine.synthesize(
            try SpeechText(text), voice: VoiceSelection(name: voice.name, variant: voice.variant), parameters: parameters, into: &writer)
        _ = try writer.finish()
    }
}
