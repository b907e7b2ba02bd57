internal import CEspeakNG
internal import CLocutorIsolation
import Foundation
import LocutorSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one owner of espeak-ng's process-wide state.
///
/// espeak-ng keeps its voice, its parameters and its generator in globals and is not
/// thread-safe, so this object initialises it once (synchronous mode, `DONT_EXIT`), and one lock
/// covers every sequence of C calls: set the voice, set every parameter, call, copy the results
/// out. Any thread may call it.
///
/// Reproducible audio: no utterance is synthesized in this process. Each one is spoken by a
/// worker process forked from a zygote that has loaded only its voice, on a fresh stack, so a
/// text with a given voice and parameters renders to the same bytes whatever came before — the
/// same bytes as `espeak-ng -w`. How and why (the generator state eSpeak NG carries between
/// utterances, the zygote forked before any translation, why the children run only C) is written
/// once, at the top of `Sources/CLocutorIsolation/isolation.c`.
///
/// Phoneme transcripts without audio (`transcribe`) run in this process: their result does not
/// depend on what was transcribed before, and `espeak_TextToPhonemes` agrees exactly with the
/// trace of synthesis.
public final class SpeechEngine: @unchecked Sendable {
    /// espeak-ng's version, from `espeak_Info`: `1.51`.
    public let version: String
    /// The espeak-ng-data folder in use.
    public let dataPath: String
    /// Samples per second of the audio, as `espeak_Initialize` reports it (22050).
    public let sampleRate: Int
    /// Every voice in espeak-ng-data/voices, from `espeak_ListVoices`.
    ///
    /// Listed the first time it is asked for: listing reads every voice file (about 20 ms), and
    /// a render or a transcript never needs the list unless a voice does not resolve.
    public var installedVoices: [InstalledVoice] { withLock { listing.voices } }
    /// Every variant in espeak-ng-data/voices/!v (`f3`, `klatt`, …), listed with the voices.
    public var installedVariants: [String] { withLock { listing.variants } }

    private let lock = NSLock()
    private var zygote: Zygote?
    /// Why there is no zygote, when there is none.
    private var zygoteFailure: SystemFailure?
    private var validatedVoices: Set<VoiceSelection> = []
    private var listed: (voices: [InstalledVoice], variants: [String])?

    /// The engine of this process, initialised on first use.
    ///
    /// The espeak-ng-data folder is the one espeak-ng finds by itself, or the folder named by the
    /// environment variable `LOCUTOR_ESPEAK_DATA`.
    ///
    /// - Throws: `SpeechError.dataMissing` when espeak-ng cannot load its data (the same error on
    ///   every call: espeak-ng cannot be initialised twice in one process).
    public static func shared() throws -> SpeechEngine {
        try sharedEngine.get()
    }

    private static let sharedEngine: Result<SpeechEngine, SpeechError> = {
        do throws(SpeechError) {
            return .success(try SpeechEngine(dataFolder: ProcessInfo.processInfo.environment["LOCUTOR_ESPEAK_DATA"]))
        } catch {
            return .failure(error)
        }
    }()

    private init(dataFolder: String?) throws(SpeechError) {
        var parent: String?
        if let dataFolder {
            // espeak-ng silently falls back to its default data when the folder is wrong.
            let url = URL(fileURLWithPath: dataFolder)
            guard url.lastPathComponent == "espeak-ng-data",
                FileManager.default.fileExists(atPath: url.appendingPathComponent("phontab").path)
            else { throw SpeechError.dataMissing(path: dataFolder, status: 0) }
            parent = url.deletingLastPathComponent().path
        }
        // espeak_Initialize: synchronous output, and DONT_EXIT so bad data is a status, not exit(1).
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, parent, Int32(espeakINITIALIZE_DONT_EXIT))
        var path: UnsafePointer<CChar>?
        let version = espeak_Info(&path).map { String(cString: $0) } ?? "unknown"
        let dataPath = path.map { String(cString: $0) } ?? dataFolder ?? "the default location"
        guard rate > 0 else { throw SpeechError.dataMissing(path: dataPath, status: rate) }
        self.version = version
        self.dataPath = dataPath
        self.sampleRate = Int(rate)
        locutor_install_discard_callback()
        // Started now, before this process loads a voice or translates anything (a fresh process
        // on Linux, a fork of this one elsewhere). If it cannot start, transcription still works
        // and synthesis says why.
        do {
            zygote = try Zygote.start(data: parent)
        } catch {
            zygoteFailure = error
        }
        try prime()
    }

    /// Lets `espeak_TextToPhonemes` read `[[…]]` phoneme input: it honours it only once an
    /// `espeak_Synth` with `espeakPHONEMES` has run in the process. The empty text still makes
    /// 154 samples of silence; the zygote is forked before, so no utterance inherits them.
    /// Any voice will do: `en` is in every espeak-ng-data, and the voices are listed only when it
    /// is not there.
    private func prime() throws(SpeechError) {
        var voice = "en"
        if espeak_SetVoiceByName(voice) != EE_OK {
            guard let first = listing.voices.first?.identifier else {
                throw SpeechError.dataMissing(path: dataPath, status: 0)
            }
            voice = first
            _ = espeak_SetVoiceByName(first)
        }
        let status = espeak_Synth("", 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8 | espeakPHONEMES), nil, nil)
        guard status == EE_OK else {
            throw SpeechError.engineCall(function: "espeak_Synth", status: Int32(status.rawValue), voice: voice, excerpt: "")
        }
    }

    /// The installed voices and variants, listed once (`espeak_ListVoices`). Call with the lock held.
    private var listing: (voices: [InstalledVoice], variants: [String]) {
        if let listed { return listed }
        var variantSpec = espeak_VOICE()
        let variants = "variant".withCString { language in
            variantSpec.languages = language
            return Self.listVoices(&variantSpec).map { voice in
                voice.identifier.split(separator: "/").last.map(String.init) ?? voice.identifier
            }
        }.sorted()
        let listing = (voices: Self.listVoices(nil), variants: variants)
        listed = listing
        return listing
    }

    /// `espeak_ListVoices`, copied out of espeak-ng's static table.
    private static func listVoices(_ spec: UnsafeMutablePointer<espeak_VOICE>?) -> [InstalledVoice] {
        guard var cursor = espeak_ListVoices(spec) else { return [] }
        var voices: [InstalledVoice] = []
        while let voice = cursor.pointee {
            let entry = voice.pointee
            voices.append(
                InstalledVoice(
                    name: entry.name.map { String(cString: $0) } ?? "",
                    identifier: entry.identifier.map { String(cString: $0) } ?? "",
                    languages: entry.languages.map(Self.languages(from:)) ?? []))
            cursor += 1
        }
        return voices
    }

    /// Reads espeak-ng's language list: a priority byte, a NUL-terminated name, again, then a NUL.
    private static func languages(from list: UnsafePointer<CChar>) -> [String] {
        var names: [String] = []
        var cursor = list
        while cursor.pointee != 0 {
            let name = String(cString: cursor + 1)
            names.append(name)
            cursor += 1 + name.utf8.count + 1
        }
        return names
    }

    // MARK: Speaking

    /// Speaks `text` and streams its audio into `sink`.
    ///
    /// Reads as the region's voice says it: `synthesize("ochocientos noventa y nueve mil
    /// novecientos pesos", voice: es-419, …)` is 3.3 s of Latin American Spanish. Calls
    /// `espeak_SetVoiceByName`, `espeak_SetParameter` and `espeak_Synth` in the isolated child.
    ///
    /// - Parameters:
    ///   - text: what to say; `[[…]]` spans are espeak-ng phoneme mnemonics.
    ///   - voice: the voice and variant.
    ///   - parameters: rate, pitch, volume, range and word gap, all set for this utterance.
    ///   - notation: how the transcript is written.
    ///   - sink: receives the samples, block by block, at `sampleRate`.
    /// - Returns: the transcript of exactly what was spoken and the number of samples.
    /// - Throws: `SpeechError` — an unknown voice or variant, a parameter out of range, a failed
    ///   C call, a synthesis process that could not run, or whatever the sink throws.
    public func synthesize<Sink: AudioSink & ~Copyable>(
        _ text: SpeechText, voice: VoiceSelection, parameters: SpeechParameters = .standard,
        notation: PhonemeNotation = .ipa, into sink: inout Sink
    ) throws -> Synthesis {
        let context = SpeechContext(voice: voice.description, excerpt: SpeechError.excerpt(text.string))
        var (worker, request) = try prepare(text, voice: voice, parameters: parameters, notation: notation, context: context)
        defer { worker.close() }
        do {
            try worker.send(request, voice: voice.description, text: text.string)
            let answer = try worker.receive(into: &sink, context: context)
            return Synthesis(
                transcript: PhonemeTranscript(notation: notation, trace: answer.transcript),
                sampleCount: answer.sampleCount, sampleRate: sampleRate)
        } catch let failure as SystemFailure {
            throw context.failure(failure.function, "the synthesis process did not answer: \(failure.reason)")
        }
    }

    /// The SHA-256 the workers compute as they write, in lowercase hex (exposed for its test
    /// against swift-crypto's); `portable` takes the plain C path even where the processor has
    /// SHA extensions.
    package static func workerDigest(_ bytes: [UInt8], portable: Bool = false) -> String {
        locutor_sha256_use_portable(portable ? 1 : 0)
        defer { locutor_sha256_use_portable(0) }
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBytes { raw in
            digest.withUnsafeMutableBufferPointer { locutor_sha256_digest(raw.baseAddress, raw.count, $0.baseAddress) }
        }
        return digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// What a worker wrote: the synthesis, and the SHA-256, size and modification time of the WAV.
    public struct WrittenSynthesis: Hashable, Sendable {
        public let synthesis: Synthesis
        /// The SHA-256 of the whole file, in lowercase hex.
        public let sha256: String
        /// The file's size in bytes.
        public let size: Int
        /// The file's modification time, in seconds since 1970 (`stat`'s, to the nanosecond a
        /// `Double` holds).
        public let modified: Double
    }

    /// Speaks `text` into a WAV file, written, hashed and renamed into place by the worker process
    /// that speaks it: no audio comes back to this process, only the record of what was written.
    /// The worker writes `temporary`, an empty file the caller made (`TemporaryFile.create(for:)`:
    /// a process interrupted while a worker runs removes it, and the worker, which only opens it,
    /// cannot bring it back), then renames it to `destination`; it is removed when anything
    /// fails. A worker whose parent dies finishes its file: a WAV is whole or absent, never
    /// part-written. Several calls may run at once, from different threads (each has its own
    /// worker; only handing out workers is serialized).
    ///
    /// - Parameters:
    ///   - temporary: the empty file to write, in `destination`'s folder.
    ///   - destination: where the finished WAV goes (replaced atomically).
    /// - Throws: `SpeechError`, as `synthesize`; `SpeechError.unwritableOutput` when the file
    ///   cannot be written or renamed.
    public func synthesize(
        _ text: SpeechText, voice: VoiceSelection, parameters: SpeechParameters = .standard,
        notation: PhonemeNotation = .ipa, toFile temporary: String, renamingTo destination: String
    ) throws -> WrittenSynthesis {
        var written = false
        // Gone already when the worker renamed it.
        defer { if !written { unlink(temporary) } }
        var context = SpeechContext(voice: voice.description, excerpt: SpeechError.excerpt(text.string))
        context.path = destination
        var (worker, request) = try prepare(text, voice: voice, parameters: parameters, notation: notation, context: context)
        defer { worker.close() }
        var discard = DiscardingSink()
        do {
            try worker.send(request, voice: voice.description, text: text.string, path: temporary, destination: destination)
            let answer = try worker.receive(into: &discard, context: context)
            guard let file = answer.file else {
                throw context.failure("write", "the synthesis process wrote no file")
            }
            written = true
            let synthesis = Synthesis(
                transcript: PhonemeTranscript(notation: notation, trace: answer.transcript),
                sampleCount: answer.sampleCount, sampleRate: sampleRate)
            return WrittenSynthesis(
                synthesis: synthesis, sha256: file.sha256.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(),
                size: file.size, modified: file.modified)
        } catch let failure as SystemFailure {
            throw context.failure(failure.function, "the synthesis process did not answer: \(failure.reason)")
        }
    }

    /// The checked parameters and a worker for one utterance: the only part done under the
    /// engine's lock (the voice is validated in this process, the zygote hands out one worker).
    private func prepare(
        _ text: SpeechText, voice: VoiceSelection, parameters: SpeechParameters, notation: PhonemeNotation, context: SpeechContext
    ) throws -> (SynthesisWorker, locutor_request) {
        let parameters = try parameters.validated()
        var request = locutor_request()
        request.rate = Int32(parameters.rate)
        request.volume = Int32(parameters.volume)
        request.pitch = Int32(parameters.pitch)
        request.range = Int32(parameters.range)
        request.word_gap = Int32(parameters.wordGap)
        request.phoneme_mode = Int32(notation == .ipa ? espeakPHONEMES_IPA : espeakPHONEMES_SHOW)
        // The command line's flags: UTF-8 text, [[…]] phoneme input, a pause at the end.
        request.synth_flags = UInt32(espeakCHARS_UTF8 | espeakPHONEMES | espeakENDPAUSE)
        request.sample_rate = Int32(sampleRate)
        lock.lock()
        defer { lock.unlock() }
        // A voice is checked once; this process need not select it again to hand out workers.
        if !validatedVoices.contains(voice) { try select(voice) }
        return (try acquireWorker(voice: voice.description, context: context), request)
    }

    /// The phonemes espeak-ng would speak for `text`, without synthesizing audio.
    ///
    /// Calls `espeak_TextToPhonemes` clause by clause; the result equals the transcript of
    /// `synthesize` for the same text and voice.
    ///
    /// - Throws: `SpeechError` for an unknown voice or variant.
    public func transcribe(
        _ text: SpeechText, voice: VoiceSelection, notation: PhonemeNotation = .ipa
    ) throws -> PhonemeTranscript {
        lock.lock()
        defer { lock.unlock() }
        try select(voice)
        let mode = Int32(notation == .ipa ? espeakPHONEMES_IPA : 0)
        var clauses: [String] = []
        text.string.withCString { start in
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
            while cursor != nil {
                guard let phonemes = espeak_TextToPhonemes(&cursor, Int32(espeakCHARS_UTF8), mode) else { break }
                clauses.append(String(cString: phonemes))
            }
        }
        return PhonemeTranscript(notation: notation, trace: clauses.joined(separator: "\n"))
    }

    // MARK: Voices

    /// Makes `voice` espeak-ng's current voice, or explains why it cannot.
    ///
    /// espeak-ng keeps the previous voice when a name is unknown and silently drops an unknown
    /// `+variant`; both are caught here. Call with the lock held.
    private func select(_ voice: VoiceSelection) throws(SpeechError) {
        if !validatedVoices.contains(voice) {
            if let variant = voice.variant, !listing.variants.contains(variant) {
                // Check the name first: an unknown voice is the more useful message.
                if espeak_SetVoiceByName(voice.name) != EE_OK {
                    throw SpeechError.unknownVoice(voice.name, closeMatches: closeVoiceNames(to: voice.name))
                }
                throw SpeechError.unknownVariant(
                    variant, voice: voice.name, closeMatches: Self.closeMatches(to: variant, among: listing.variants))
            }
        }
        let status = espeak_SetVoiceByName(voice.description)
        switch status {
        case EE_OK:
            validatedVoices.insert(voice)
        case EE_NOT_FOUND:
            throw SpeechError.unknownVoice(voice.name, closeMatches: closeVoiceNames(to: voice.name))
        default:
            throw SpeechError.engineCall(
                function: "espeak_SetVoiceByName", status: Int32(status.rawValue), voice: voice.description, excerpt: "")
        }
    }

    /// Whether `voice` resolves to an installed voice and variant.
    public func resolves(_ voice: VoiceSelection) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        do {
            try select(voice)
            return true
        } catch { return false }
    }

    /// Names `espeak_SetVoiceByName` accepts: a voice file's name (`es-419`, `pt-BR`), its path
    /// under voices (`roa/es-419`) and the voice's name. Language aliases in a voice file
    /// (`es-mx`) are not among them.
    private func closeVoiceNames(to name: String) -> [String] {
        let candidates = Set(
            listing.voices.flatMap { voice in
                [voice.identifier.split(separator: "/").last.map(String.init) ?? voice.identifier, voice.identifier]
            })
        return Self.closeMatches(to: name, among: Array(candidates))
    }

    /// Up to five candidates, nearest first: those sharing the language part (before the first
    /// `-`) or within a third of the name's length in edit distance — or, when none is, the three
    /// nearest in edit distance.
    static func closeMatches(to name: String, among candidates: [String]) -> [String] {
        let target = name.lowercased()
        let prefix = target.split(separator: "-").first.map(String.init) ?? target
        let limit = max(2, target.count / 3)
        let scored = candidates.map { candidate -> (distance: Int, samePrefix: Bool, name: String) in
            let lower = candidate.lowercased()
            let samePrefix = (lower.split(separator: "-").first.map(String.init) ?? lower) == prefix
            return (EditDistance.between(target, lower), samePrefix, candidate)
        }.sorted { ($0.samePrefix ? 0 : 1, $0.distance, $0.name) < ($1.samePrefix ? 0 : 1, $1.distance, $1.name) }
        let close = scored.filter { $0.samePrefix || $0.distance <= limit }
        return close.isEmpty ? scored.prefix(3).map(\.name) : close.prefix(5).map(\.name)
    }

    /// The zygote's process id, while it runs (for tests and diagnostics).
    package var zygoteProcess: Int32? { withLock { zygote?.pid } }

    /// Runs `body` holding the engine's lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Workers

    /// A worker from the zygote. A zygote that has died (killed from outside, say) is not
    /// replaced: where it is forked from this process, one forked now, after this process has
    /// loaded voices and translated text, would not speak reproducibly. Call with the lock held.
    private func acquireWorker(voice: String, context: SpeechContext) throws(SpeechError) -> SynthesisWorker {
        guard var current = zygote else {
            let failure = zygoteFailure ?? SystemFailure(function: "fork", code: ECHILD)
            throw context.failure(failure.function, "there is no synthesis process (\(failure.reason)) — run the command again")
        }
        do {
            let worker = try current.acquire(voice: voice)
            zygote = current
            return worker
        } catch {
            current.stop()
            zygote = nil
            zygoteFailure = error
            throw context.failure(error.function, "the synthesis process has stopped (\(error.reason)) — run the command again")
        }
    }
}

/// The result of one utterance.
public struct Synthesis: Hashable, Sendable {
    /// The phonemes of exactly what was spoken.
    public let transcript: PhonemeTranscript
    public let sampleCount: Int
    public let sampleRate: Int

    /// Seconds of audio.
    public var duration: Double { Double(sampleCount) / Double(sampleRate) }
}
