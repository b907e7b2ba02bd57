import CEspeakNG
import CLocutorBench
import Foundation
import LocutorSpeech

extension SpeechEngine {
    /// espeak-ng's own speed on these utterances, for benchmarks: a child process synthesizes
    /// them one after another in-process, without isolation, and discards the audio.
    ///
    /// This engine's state is untouched (see `locutor_benchmark_in_process` in Sources/CLocutorBench).
    ///
    /// - Returns: the seconds spent and the samples produced.
    /// - Throws: `SpeechError` when a voice does not resolve or a C call fails.
    func measureUnisolatedSynthesis(
        _ utterances: [(voice: VoiceSelection, text: SpeechText)], parameters: SpeechParameters = .standard
    ) throws -> (seconds: Double, samples: Int) {
        let parameters = try parameters.validated()
        for voice in Set(utterances.map(\.voice)) where !resolves(voice) {
            _ = try transcribe(SpeechText("a"), voice: voice)  // throws the voice's own error
        }
        let voices = utterances.map { strdup($0.voice.description) }
        let texts = utterances.map { strdup($0.text.string) }
        defer { for copy in voices + texts { free(copy) } }
        let values: [Int32] = [parameters.rate, parameters.volume, parameters.pitch, parameters.range, parameters.wordGap].map(Int32.init)
        var result = locutor_benchmark_result()
        let flags = UInt32(espeakCHARS_UTF8 | espeakPHONEMES | espeakENDPAUSE)
        let status = voices.map { UnsafePointer($0) }.withUnsafeBufferPointer { voicePointers in
            texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { textPointers in
                values.withUnsafeBufferPointer { valuePointer in
                    withLock {
                        locutor_benchmark_in_process(
                            voicePointers.baseAddress, textPointers.baseAddress, Int32(utterances.count),
                            valuePointer.baseAddress, flags, &result)
                    }
                }
            }
        }
        guard status == 0 else {
            throw SpeechError.synthesisProcess(function: "fork", reason: String(cString: strerror(errno)), voice: "", excerpt: "")
        }
        guard result.status == Int32(EE_OK.rawValue) else {
            throw SpeechError.engineCall(function: "espeak_Synth", status: result.status, voice: "", excerpt: "")
        }
        return (Double(result.nanoseconds) / 1e9, Int(result.samples))
    }
}
