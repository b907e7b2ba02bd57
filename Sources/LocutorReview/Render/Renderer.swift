import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocutorCore
import LocutorSpeech

/// Renders a catalog: a WAV per sample and region, and the manifest of what was said.
///
/// Incremental: a sample whose audio would be the same — the same eSpeak input (words, hints),
/// voice, rate, pitch and engine — keeps its WAV; the key is kept in a small file beside the
/// audio (`.cache/<region>/<id>.json`), written after the WAV, so an interrupted run (even by
/// SIGKILL) leaves no truncated file and the next run completes it. Every file is written to a
/// temporary name and renamed into place.
public final class Renderer {
    public enum Form: String, Sendable, CaseIterable {
        case words, label
    }

    public struct Options: Sendable {
        /// The catalog as the user named it (for the manifest and messages).
        public var catalogName: String
        public var output: URL
        /// Only these regions (nil: every region of each sample).
        public var regions: Set<RegionID>?
        /// This slice of the catalog's items: item k (from 0) belongs to shard k mod n + 1.
        public var shard: (index: Int, count: Int)?
        public var form: Form

        public init(catalogName: String, output: URL, regions: Set<RegionID>? = nil, shard: (index: Int, count: Int)? = nil, form: Form = .words) {
            self.catalogName = catalogName
            self.output = output
            self.regions = regions
            self.shard = shard
            self.form = form
        }
    }

    /// How far a run has come, for a progress display.
    public struct Progress: Sendable {
        public let done: Int
        public let total: Int
        public let id: String
        public let region: RegionID
        public let reused: Bool
    }

    public struct Outcome: Sendable {
        public let manifest: Manifest
        public let synthesized: Int
        public let reused: Int
    }

    let library: VoiceLibrary
    let engine: SpeechEngine
    let catalog: Catalog
    let options: Options
    private let utterances: Utterances

    public init(library: VoiceLibrary, engine: SpeechEngine, catalog: Catalog, options: Options) {
        self.library = library
        self.utterances = Utterances(library: library)
        self.engine = engine
        self.catalog = catalog
        self.options = options
    }

    /// The items this run renders, in catalog order.
    public var items: [(sample: Catalog.Sample, region: RegionID)] {
        catalog.items.enumerated().compactMap { index, item in
            if let regions = options.regions, !regions.contains(item.region) { return nil }
            if let shard = options.shard, index % shard.count + 1 != shard.index { return nil }
            return item
        }
    }

    /// Renders every item, recording failures in the manifest and going on.
    ///
    /// - Throws: `ReviewError` when the output folder cannot be written.
    public func run(progress: (Progress) -> Void = { _ in }) throws -> Outcome {
        let work = items
        try prepareOutput(for: work)
        var entries: [Manifest.Entry] = []
        var synthesized = 0, reused = 0
        for (index, (sample, region)) in work.enumerated() {
            let (entry, wasReused) = render(sample, in: region)
            if entry.error == nil { if wasReused { reused += 1 } else { synthesized += 1 } }
            entries.append(entry)
            progress(Progress(done: index + 1, total: work.count, id: sample.id, region: region, reused: wasReused))
        }
        let manifest = Manifest(
            catalog: options.catalogName,
            engine: Manifest.Engine(name: "eSpeak NG", version: engine.version, sampleRate: engine.sampleRate),
            form: options.form.rawValue, shard: options.shard.map { "\($0.index)/\($0.count)" }, entries: entries)
        return Outcome(manifest: manifest, synthesized: synthesized, reused: reused)
    }

    /// The entry of one sample in one region, and whether its audio was kept from an earlier run.
    func render(_ sample: Catalog.Sample, in region: RegionID) -> (Manifest.Entry, Bool) {
        let input = sample.input(for: region)
        var entry = Manifest.Entry(id: sample.id, region: region.rawValue, position: catalog.samples.firstIndex { $0.id == sample.id },
                                   lang: region.rawValue, title: sample.title, input: input,
                                   label: nil, words: nil, ssml: nil, hints: [], ipa: nil, voice: "", rate: 0, pitch: 0,
                                   espeakVersion: engine.version, wav: nil, duration: nil, sha256: nil, error: nil)
        do {
            let profile = try library.profile(region)
            entry.voice = profile.voice.selection
            entry.rate = profile.voice.rate
            entry.pitch = profile.voice.pitch
            let utterance = try utterances.utterance(of: sample, in: region)
            entry.label = utterance.label
            entry.words = utterance.words
            entry.ssml = utterance.ssml(language: region.rawValue)
            entry.hints = utterance.segments.compactMap { segment in segment.ipa.map { Manifest.Hint(text: segment.words, ipa: $0) } }
            let table = try library.mnemonicTable(forVoice: profile.voice.name)
            let text = try utterance.espeakInput(label: options.form == .label, mnemonics: table)
            let audio = try audio(for: text, voice: VoiceSelection(name: profile.voice.name, variant: profile.voice.variant),
                                  rate: profile.voice.rate, pitch: profile.voice.pitch, path: "\(region)/\(sample.id).wav")
            entry.ipa = audio.record.ipa
            entry.duration = audio.record.duration
            entry.sha256 = audio.record.sha256
            entry.wav = "\(region)/\(sample.id).wav"
            return (entry, audio.reused)
        } catch {
            entry.error = "\(error)"
            return (entry, false)
        }
    }

    /// What the cache keeps beside a WAV.
    struct AudioRecord: Codable, Equatable {
        var key: String
        var ipa: String
        var duration: Double
        var sha256: String
    }

    /// The audio of `text`: kept when its record's key matches, otherwise synthesized.
    func audio(for text: String, voice: VoiceSelection, rate: Int, pitch: Int, path: String) throws -> (record: AudioRecord, reused: Bool) {
        let key = Self.cacheKey(text: text, voice: voice, rate: rate, pitch: pitch, engine: engine)
        let wav = options.output.appendingPathComponent(path)
        let recordURL = options.output.appendingPathComponent(".cache").appendingPathComponent(path + ".json")
        if let data = FileManager.default.contents(atPath: recordURL.path),
           let record = try? JSONDecoder().decode(AudioRecord.self, from: data),
           record.key == key, FileManager.default.fileExists(atPath: wav.path) {
            return (record, true)
        }
        var parameters = SpeechParameters.standard
        parameters.rate = rate
        parameters.pitch = pitch
        var writer = try WAVFileWriter(path: wav.path, sampleRate: engine.sampleRate)
        let synthesis: Synthesis
        let info: WAVInfo
        do {
            synthesis = try engine.synthesize(try SpeechText(text), voice: voice, parameters: parameters, into: &writer)
            info = try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        guard let bytes = FileManager.default.contents(atPath: wav.path) else {
            throw ReviewError.unreadable(path: wav.path, reason: "the file just written is gone")
        }
        var hasher = SHA256()
        hasher.update(bytes as Data)
        let record = AudioRecord(key: key, ipa: synthesis.transcript.text, duration: (info.duration * 1000).rounded() / 1000,
                                 sha256: hasher.hexDigest())
        try Self.writeAtomically(JSONEncoder().encode(record), to: recordURL)
        return (record, false)
    }

    /// What decides the audio's bytes, hashed.
    static func cacheKey(text: String, voice: VoiceSelection, rate: Int, pitch: Int, engine: SpeechEngine) -> String {
        SHA256.hex(["locutor-audio-1", engine.version, "\(engine.sampleRate)", voice.description, "\(rate)", "\(pitch)", text]
            .joined(separator: "\u{1F}"))
    }

    /// Creates the region folders and removes the temporary files an interrupted run left behind
    /// (not those of another process still rendering into the same folder).
    private func prepareOutput(for work: [(sample: Catalog.Sample, region: RegionID)]) throws {
        let manager = FileManager.default
        for region in Set(work.map(\.region)) {
            for folder in [options.output.appendingPathComponent(region.rawValue),
                           options.output.appendingPathComponent(".cache").appendingPathComponent(region.rawValue)] {
                do {
                    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw ReviewError.unwritable(path: folder.path, reason: (error as NSError).localizedDescription)
                }
                for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where TemporaryFile.isAbandoned(name) {
                    try? manager.removeItem(at: folder.appendingPathComponent(name))
                }
            }
        }
    }

    /// Writes to a temporary file beside `url`, then renames it into place.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = URL(fileURLWithPath: TemporaryFile.path(for: url.path))
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: temporary)
            // rename(2) replaces the destination in one step: a reader sees the old file or the new one.
            guard rename(temporary.path, url.path) == 0 else {
                throw ReviewError.unwritable(path: url.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as ReviewError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ReviewError.unwritable(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }
}
