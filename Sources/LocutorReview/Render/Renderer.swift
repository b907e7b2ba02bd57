import Crypto
import Foundation
import LocutorCore
import LocutorFiles
import LocutorPhonemes
import LocutorSpeech

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders a catalog: a WAV per sample and region, and the manifest of what was said.
///
/// Incremental: a sample whose audio would be the same — the same eSpeak input (words, hints),
/// voice, rate, pitch and engine — keeps its WAV; the key is kept in a small file beside the
/// audio (`.cache/<region>/<id>.json`), written after the WAV, so an interrupted run (even by
/// SIGKILL) leaves no truncated file and the next run completes it. Every file is written to a
/// temporary name and renamed into place.
package final class Renderer: @unchecked Sendable {
    package enum Form: String, Sendable, CaseIterable {
        case words, label
    }

    package struct Options: Sendable {
        /// The catalog as the user named it (for the manifest and messages).
        package var catalogName: String
        package var output: URL
        /// Only these regions (nil: every region of each sample).
        package var regions: Set<RegionID>?
        /// This slice of the catalog's items: item k (from 0) belongs to shard k mod n + 1.
        package var shard: (index: Int, count: Int)?
        package var form: Form
        /// Re-hash every kept WAV and render again any whose hash is not its record's.
        package var verify: Bool
        /// How many items are spoken at once (each by its own worker process).
        package var jobs: Int

        package init(
            catalogName: String, output: URL, regions: Set<RegionID>? = nil, shard: (index: Int, count: Int)? = nil, form: Form = .words,
            verify: Bool = false, jobs: Int = 1
        ) {
            self.catalogName = catalogName
            self.output = output
            self.regions = regions
            self.shard = shard
            self.form = form
            self.verify = verify
            self.jobs = jobs
        }
    }

    /// How far a run has come, for a progress display.
    package struct Progress: Sendable {
        package let done: Int
        package let total: Int
        package let id: String
        package let region: RegionID
        package let reused: Bool
    }

    package struct Outcome: Sendable {
        package let manifest: Manifest
        package let synthesized: Int
        package let reused: Int
    }

    let library: RegionLibrary
    let engine: SpeechEngine
    let catalog: Catalog
    let options: Options
    private let utterances: Utterances

    package init(library: RegionLibrary, engine: SpeechEngine, catalog: Catalog, options: Options) {
        self.library = library
        self.utterances = Utterances(library: library)
        self.engine = engine
        self.catalog = catalog
        self.options = options
    }

    /// The items this run renders, in catalog order.
    package var items: [(sample: Catalog.Sample, region: RegionID)] {
        catalog.items.enumerated().compactMap { index, item in
            if let regions = options.regions, !regions.contains(item.region) { return nil }
            if let shard = options.shard, index % shard.count + 1 != shard.index { return nil }
            return item
        }
    }

    /// Renders every item, recording failures in the manifest and going on.
    ///
    /// Up to `options.jobs` items are in flight at once, each spoken by its own worker process
    /// that writes its WAV itself; this process says the texts, checks the cache and renames.
    /// Progress is reported one item at a time, in the order items finish.
    ///
    /// - Throws: `ReviewError` when the output folder cannot be written.
    package func run(progress: @escaping (Progress) -> Void = { _ in }) throws -> Outcome {
        // What an earlier run read the same way (same data, same build, same form) and whose WAV
        // is still as it wrote it is taken from its manifest: no region is loaded for it.
        let earlier = earlierEntries()
        let items = self.items.filter { earlier[Self.entryKey($0.sample.id, $0.region.rawValue)] == nil }
        utterances.preload(items.map(\.region))
        let work = Self.groupedByVoice(items, library: library)
        try prepareOutput(for: work)
        let state = RunState(count: work.count, progress: progress, earlier: Array(earlier.values))
        // Each job takes the next item until none is left or an output error stops the run.
        DispatchQueue.concurrentPerform(iterations: min(max(1, options.jobs), max(1, work.count))) { _ in
            while let index = state.take() {
                let (sample, region) = work[index]
                let (entry, outcome) = render(sample, in: region)
                state.finish(index, entry: entry, outcome: outcome, sample: sample.id, region: region)
            }
        }
        return try state.outcome(engine: engine, options: options)
    }

    /// What the jobs of one run share, behind a lock.
    private final class RunState: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Manifest.Entry?]
        private var next = 0
        private var done = 0
        private var reused = 0
        private var synthesized = 0
        private var stop: String?
        private let progress: (Progress) -> Void

        /// Entries taken as they are from an earlier run.
        private let earlier: [Manifest.Entry]

        init(count: Int, progress: @escaping (Progress) -> Void, earlier: [Manifest.Entry]) {
            entries = Array(repeating: nil, count: count)
            self.progress = progress
            self.earlier = earlier
            reused = earlier.count
        }

        /// The next item to render, nil when there is none or the run stopped.
        func take() -> Int? {
            lock.withLock {
                guard stop == nil, next < entries.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func finish(_ index: Int, entry: Manifest.Entry, outcome: AudioOutcome, sample: String, region: RegionID) {
            lock.withLock {
                switch outcome {
                case let .outputFailed(error):
                    // A full disk or a lost folder fails every item alike: one message, not hundreds.
                    if stop == nil { stop = error }
                    return
                case .failed: break
                case .reused: reused += 1
                case .written: synthesized += 1
                }
                entries[index] = entry
                done += 1
                progress(Progress(done: done, total: entries.count, id: sample, region: region, reused: outcome == .reused))
            }
        }

        func outcome(engine: SpeechEngine, options: Options) throws -> Outcome {
            try lock.withLock {
                if let stop { throw ReviewError.stopped(first: stop, skipped: entries.count - done - 1) }
                let manifest = Manifest(
                    catalog: options.catalogName,
                    engine: Manifest.Engine(name: "eSpeak NG", version: engine.version, sampleRate: engine.sampleRate),
                    form: options.form.rawValue, shard: options.shard.map { "\($0.index)/\($0.count)" },
                    entries: entries.compactMap { $0 } + earlier)
                return Outcome(manifest: manifest, synthesized: synthesized, reused: reused)
            }
        }
    }

    /// `items` with those of one voice together, in catalog order within each voice (the
    /// manifest is sorted by id and region whatever the order). The engine keeps a worker with
    /// the last voice loaded ready, so a voice change costs a fork and a voice load on the way;
    /// in catalog order, where regions alternate, nearly every item paid it.
    static func groupedByVoice(_ items: [(sample: Catalog.Sample, region: RegionID)], library: RegionLibrary)
        -> [(sample: Catalog.Sample, region: RegionID)]
    {
        var voices: [RegionID: String] = [:]
        for region in Set(items.map(\.region)) {
            // A region that does not load keeps its place at the end, where it fails as usual.
            voices[region] = (try? library.profile(region)).map { "\($0.voice.selection)" } ?? "\u{10FFFF}"
        }
        return items.enumerated()
            .sorted { (voices[$0.element.region] ?? "", $0.offset) < (voices[$1.element.region] ?? "", $1.offset) }
            .map(\.element)
    }

    /// What became of a sample's audio.
    enum AudioOutcome: Equatable {
        case failed, reused, written
        /// The WAV or its record could not be written: the run cannot go on.
        case outputFailed(String)
    }

    // MARK: Reading an earlier run again

    static func entryKey(_ id: String, _ region: String) -> String { id + "\u{1F}" + region }

    /// What the texts are read with: every file of the voices data, this build of Locutor (its
    /// executable's size and modification time) and the form, hashed. Nil when the data cannot
    /// be listed: then nothing is taken from an earlier run.
    private lazy var readingFingerprint: String? = {
        guard let files = library.source.allFiles() else { return nil }
        var hash = SHA256()
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let build = Self.fileStamp(executable).map { "\($0.size)/\($0.modified)" } ?? (Bundle.main.executablePath ?? "")
        hash.update(data: Data("locutor-reading-1\u{1F}\(build)\u{1F}\(options.form.rawValue)\u{1F}\(engine.version)".utf8))
        for path in files {
            guard let bytes = library.source.bytes(path) else { return nil }
            hash.update(data: Data((path + "\u{1F}\(bytes.count)\u{1F}").utf8))
            hash.update(data: bytes)
        }
        return hash.finalize().hexDigits
    }()

    private var readingRecord: URL { options.output.appendingPathComponent(".cache").appendingPathComponent("reading.json") }

    /// The entries of the earlier run's manifest that this run would write the same: read with
    /// the same fingerprint, for the same input and title, with a WAV whose size and time are still
    /// those its record holds. None with `--verify`, which re-hashes every WAV.
    private func earlierEntries() -> [String: Manifest.Entry] {
        guard !options.verify, let fingerprint = readingFingerprint,
            let stored = FileManager.default.contents(atPath: readingRecord.path),
            String(decoding: stored, as: UTF8.self) == fingerprint
        else { return [:] }
        let name = options.shard.map { RenderJobs.shardManifestName(index: $0.index, count: $0.count) } ?? "manifest.json"
        guard let data = FileManager.default.contents(atPath: options.output.appendingPathComponent(name).path),
            let manifest = try? Manifest.decode(data), manifest.engine.version == engine.version, manifest.form == options.form.rawValue
        else { return [:] }
        var previous: [String: Manifest.Entry] = [:]
        for entry in manifest.entries where entry.error == nil { previous[Self.entryKey(entry.id, entry.region)] = entry }
        var positions: [String: Int] = [:]
        for (index, sample) in catalog.samples.enumerated() where positions[sample.id] == nil { positions[sample.id] = index }
        var reusable: [String: Manifest.Entry] = [:]
        for (sample, region) in items {
            let key = Self.entryKey(sample.id, region.rawValue)
            guard var entry = previous[key], entry.input == sample.input(for: region), entry.title == sample.title,
                let wav = entry.wav, let sha256 = entry.sha256,
                let data = FileManager.default.contents(atPath: options.output.appendingPathComponent(".cache/\(wav).json").path),
                let record = try? JSONDecoder().decode(AudioRecord.self, from: data), record.sha256 == sha256,
                let stamp = Self.fileStamp(options.output.appendingPathComponent(wav).path), stamp.size == record.size,
                stamp.modified == record.modified
            else { continue }
            entry.position = positions[sample.id]
            reusable[key] = entry
        }
        return reusable
    }

    /// Notes what this run's texts were read with, once its manifest is written: the next run
    /// takes what it would read the same way from that manifest.
    package func recordReading() throws {
        guard let fingerprint = readingFingerprint else { return }
        try Renderer.writeAtomically(Data(fingerprint.utf8), to: readingRecord)
    }

    /// The entry of one sample in one region, and what became of its audio.
    func render(_ sample: Catalog.Sample, in region: RegionID) -> (Manifest.Entry, AudioOutcome) {
        let input = sample.input(for: region)
        var entry = Manifest.Entry(
            id: sample.id, region: region.rawValue, position: catalog.samples.firstIndex { $0.id == sample.id },
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
            let unread = utterance.segments.filter(\.isUnread).map { $0.unreadText ?? $0.words }
            entry.unread = unread.isEmpty ? nil : unread
            let table = try library.mnemonicTable(forVoice: profile.voice.name)
            let text = try utterance.espeakInput(label: options.form == .label, mnemonics: table)
            let audio = try audio(
                for: text, voice: VoiceSelection(name: profile.voice.name, variant: profile.voice.variant),
                rate: profile.voice.rate, pitch: profile.voice.pitch, path: "\(region)/\(sample.id).wav")
            entry.wav = "\(region)/\(sample.id).wav"
            entry.ipa = audio.record.ipa
            entry.duration = audio.record.duration
            entry.sha256 = audio.record.sha256
            return (entry, audio.reused ? .reused : .written)
        } catch let error as SpeechError {
            if case .unwritableOutput = error { return (entry, .outputFailed("\(error)")) }
            entry.error = "\(error)"
            return (entry, .failed)
        } catch let error as ReviewError {
            if case .unwritable = error { return (entry, .outputFailed("\(error)")) }
            entry.error = "\(error)"
            return (entry, .failed)
        } catch {
            entry.error = "\(error)"
            return (entry, .failed)
        }
    }

    /// What the cache keeps beside a WAV: what it was made from, what it says, and the size,
    /// modification time and hash of the file as written, so that a WAV truncated or edited since
    /// is not taken as unchanged.
    struct AudioRecord: Codable, Equatable {
        var key: String
        var ipa: String
        var duration: Double
        var sha256: String
        var size: Int
        var modified: Double
    }

    /// Whether the results of an earlier run (manifest, page) have been removed: done before the
    /// first WAV is replaced, so that what is in the folder never describes files that changed.
    private var resultsRemoved = false

    private let resultsLock = NSLock()

    private func removeEarlierResults() {
        let first = resultsLock.withLock {
            defer { resultsRemoved = true }
            return !resultsRemoved
        }
        guard first else { return }
        var names = ["manifest.json", "index.html"]
        if let shard = options.shard { names.append(RenderJobs.shardManifestName(index: shard.index, count: shard.count)) }
        for name in names { try? FileManager.default.removeItem(at: options.output.appendingPathComponent(name)) }
    }

    /// The size and modification time (to the millisecond, what every file system and copy tool
    /// keeps) of the file at `path` (`stat(2)`).
    static func fileStamp(_ path: String) -> (size: Int, modified: Double)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return (Int(info.st_size), milliseconds(Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000))
    }

    /// A modification time to the millisecond, as records keep it.
    static func milliseconds(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// The SHA-256 of the file at `path`, read in chunks; nil when it cannot be read.
    static func sha256(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hasher.finalize().hexDigits
    }

    /// The audio of `text`: kept when its record's key matches, otherwise synthesized, hashed as
    /// it is written, and recorded (after the WAV, so a record always describes a whole file).
    func audio(for text: String, voice: VoiceSelection, rate: Int, pitch: Int, path: String) throws -> (record: AudioRecord, reused: Bool) {
        let key = Self.cacheKey(text: text, voice: voice, rate: rate, pitch: pitch, engine: engine)
        let wav = options.output.appendingPathComponent(path)
        let recordURL = options.output.appendingPathComponent(".cache").appendingPathComponent(path + ".json")
        if let data = FileManager.default.contents(atPath: recordURL.path),
            let record = try? JSONDecoder().decode(AudioRecord.self, from: data),
            record.key == key, let stamp = Self.fileStamp(wav.path), stamp.size == record.size, stamp.modified == record.modified,
            !options.verify || Self.sha256(ofFile: wav.path) == record.sha256
        {
            return (record, true)
        }
        removeEarlierResults()
        var parameters = SpeechParameters.standard
        parameters.rate = rate
        parameters.pitch = pitch
        // The worker that speaks writes and hashes the WAV under a temporary name made here, and
        // renames it into place (it is removed if anything fails on the way).
        let temporary: String
        do {
            temporary = try TemporaryFile.create(for: wav.path)
        } catch {
            throw ReviewError.unwritable(path: wav.path, reason: error.reason)
        }
        defer { TemporaryFile.done(temporary) }
        let written = try engine.synthesize(
            try SpeechText(text), voice: voice, parameters: parameters, toFile: temporary, renamingTo: wav.path)
        let record = AudioRecord(
            key: key, ipa: written.synthesis.transcript.text, duration: (written.synthesis.duration * 1000).rounded() / 1000,
            sha256: written.sha256, size: written.size, modified: Self.milliseconds(written.modified))
        try Renderer.writeAtomically(JSONEncoder().encode(record), to: recordURL)
        return (record, false)
    }

    /// What decides the audio's bytes, hashed.
    static func cacheKey(text: String, voice: VoiceSelection, rate: Int, pitch: Int, engine: SpeechEngine) -> String {
        let fields = ["locutor-audio-1", engine.version, "\(engine.sampleRate)", voice.description, "\(rate)", "\(pitch)", text]
        return SHA256.hash(data: Data(fields.joined(separator: "\u{1F}").utf8)).hexDigits
    }

    /// Creates the region folders and removes the temporary files an interrupted run left behind
    /// (not those of another process still rendering into the same folder).
    private func prepareOutput(for work: [(sample: Catalog.Sample, region: RegionID)]) throws {
        let manager = FileManager.default
        for region in Set(work.map(\.region)) {
            for folder in [
                options.output.appendingPathComponent(region.rawValue),
                options.output.appendingPathComponent(".cache").appendingPathComponent(region.rawValue),
            ] {
                try Self.createFolder(folder)
                for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where TemporaryFile.isAbandoned(name) {
                    try? manager.removeItem(at: folder.appendingPathComponent(name))
                }
            }
        }
    }

    /// Creates a folder and its parents.
    ///
    /// - Throws: `ReviewError.unwritable` naming a part of the path that is a file, or why.
    package static func createFolder(_ url: URL) throws {
        do {
            try OutputTarget.createFolder(url.path)
        } catch {
            throw ReviewError.unwritable(path: url.path, reason: error.reason)
        }
    }

    /// Writes to a temporary file beside `url`, then renames it into place.
    package static func writeAtomically(_ data: Data, to url: URL) throws {
        try createFolder(url.deletingLastPathComponent())
        do {
            try TemporaryFile.write(data, to: url.path)
        } catch {
            throw ReviewError.unwritable(path: url.path, reason: error.reason)
        }
    }
}
