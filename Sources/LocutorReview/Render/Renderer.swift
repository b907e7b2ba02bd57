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
/// voice, rate, pitch and engine — keeps its WAV; the key is kept in the folder's audio journal
/// (`.cache/audio.jsonl`, a line per WAV written after the WAV), so an interrupted run (even by
/// SIGKILL) leaves no truncated file and the next run completes it. Every WAV is written to a
/// temporary name and renamed into place.
///
/// A run is a pipeline, so that this process's own work is done while workers speak: the
/// calling thread loads the regions' data ahead of the texts, in the order the items come; one
/// thread says each text, checks the cache and makes the item's temporary file; `jobs` threads
/// each hand one item at a time to a worker process and record what it wrote. Even with one
/// job, the next item is ready the moment a worker has finished.
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
    /// The output folder's path, ending in "/": paths are joined as strings, not URLs (a run
    /// joins several per sample).
    private let folder: String

    package init(library: RegionLibrary, engine: SpeechEngine, catalog: Catalog, options: Options) {
        self.library = library
        self.utterances = Utterances(library: library)
        self.engine = engine
        self.catalog = catalog
        self.options = options
        let path = options.output.path
        folder = path.hasSuffix("/") ? path : path + "/"
    }

    /// The items this run renders, in catalog order.
    package var items: [(sample: Catalog.Sample, region: RegionID)] {
        catalog.items.enumerated().compactMap { index, item in
            if let regions = options.regions, !regions.contains(item.region) { return nil }
            if let shard = options.shard, index % shard.count + 1 != shard.index { return nil }
            return item
        }
    }

    /// Each sample's place in the catalog (the first, for an id given twice).
    private lazy var positions: [String: Int] = {
        var positions: [String: Int] = [:]
        for (index, sample) in catalog.samples.enumerated() where positions[sample.id] == nil { positions[sample.id] = index }
        return positions
    }()

    /// Renders every item, recording failures in the manifest and going on.
    ///
    /// Up to `options.jobs` items are spoken at once, each by its own worker process that
    /// writes its WAV itself; this process reads the regions, says the texts and checks the
    /// cache while the workers speak. Progress is reported one item at a time, in the order
    /// items finish, from the threads that speak them.
    ///
    /// - Throws: `ReviewError` when the output folder cannot be written.
    package func run(progress: @escaping (Progress) -> Void = { _ in }) throws -> Outcome {
        let journal = AudioJournal(folder: options.output)
        // What an earlier run read the same way (same data, same build, same form) and whose WAV
        // is still as it wrote it is taken from its manifest: no region is loaded for it.
        let earlier = earlierEntries(journal: journal)
        let items = self.items.filter { earlier[Self.entryKey($0.sample.id, $0.region.rawValue)] == nil }
        let work = Self.groupedByRegion(items)
        try prepareOutput(for: work)
        _ = positions
        let state = RunState(count: work.count, progress: progress, earlier: Array(earlier.values))
        let jobs = min(max(1, options.jobs), max(1, work.count))
        // Items are prepared a few at a time: each wake-up of a thread costs more than an item's
        // record (a context switch in a virtual machine is tens of microseconds).
        let prepared = BoundedQueue<Job>(capacity: max(8, 4 * jobs))
        let threads = DispatchGroup()
        let regions = work.reduce(into: [RegionID]()) { regions, item in if regions.last != item.region { regions.append(item.region) } }

        // Each item said, checked against the cache and given its temporary file, in order.
        Thread.startSaying(in: threads) {
            for (index, (sample, region)) in work.enumerated() {
                let job = self.prepare(sample, in: region, index: index, journal: journal)
                if state.isStopped || !prepared.put(job) {
                    self.discard(job)
                    break
                }
            }
            prepared.close()
        }
        // The jobs: each speaks one item at a time, then records it (the journal line and the
        // progress; done here rather than handed to another thread, which would have to wake).
        for _ in 0..<jobs {
            Thread.startSaying(in: threads) {
                while var job = prepared.take() {
                    if state.isStopped {
                        self.discard(job)
                        continue
                    }
                    self.speak(&job)
                    if case .written = job.outcome, let record = job.record {
                        do {
                            try journal.append(record)
                        } catch {
                            job.outcome = .outputFailed("\(error)")
                        }
                    }
                    state.finish(
                        job.index, entry: job.entry, outcome: job.outcome, sample: work[job.index].sample.id, region: work[job.index].region
                    )
                }
            }
        }
        // The regions' data, loaded ahead of the texts that need it, on this thread: its
        // allocator grows in larger steps than another thread's (one system call per page there).
        for region in regions where !state.isStopped {
            _ = try? utterances.normalizer(for: region)
            if let voice = try? library.profile(region).voice.name { _ = try? library.mnemonicTable(forVoice: voice) }
        }
        threads.wait()
        try? journal.compactIfLong()
        return try state.outcome(engine: engine, options: options)
    }

    /// One item on its way through a run.
    private struct Job: @unchecked Sendable {
        let index: Int
        var entry: Manifest.Entry
        var outcome: AudioOutcome
        /// The cache's record of the WAV: kept, or written by the job.
        var record: AudioRecord?
        /// What is left to speak, when the item's audio is not kept.
        var speech: Speech?

        /// The job with its entry completed from the record of its WAV.
        func finished(with record: AudioRecord) -> Job {
            var job = self
            job.record = record
            job.entry.wav = record.wav
            job.entry.ipa = record.ipa
            job.entry.duration = record.duration
            job.entry.sha256 = record.sha256
            return job
        }

        /// The job failed with `error`: the item's entry says why, and the run goes on — unless
        /// the output folder cannot be written, which stops it.
        func failed(_ error: any Error) -> Job {
            var job = self
            job.entry.wav = nil
            job.record = nil
            job.speech = nil
            switch error {
            case let error as SpeechError:
                if case .unwritableOutput = error {
                    job.outcome = .outputFailed("\(error)")
                    return job
                }
            case let error as ReviewError:
                if case .unwritable = error {
                    job.outcome = .outputFailed("\(error)")
                    return job
                }
            default: break
            }
            job.entry.error = "\(error)"
            job.outcome = .failed
            return job
        }
    }

    /// An utterance to speak into a temporary file made for it.
    private struct Speech {
        let text: SpeechText
        let voice: VoiceSelection
        let parameters: SpeechParameters
        let key: String
        /// The WAV, relative to the output folder.
        let wav: String
        let temporary: String
    }

    /// What the jobs of one run share, behind a lock.
    private final class RunState: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Manifest.Entry?]
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

        /// Whether an output error has stopped the run.
        var isStopped: Bool { lock.withLock { stop != nil } }

        /// Records a finished item and reports it (under the lock: one report at a time, in order).
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

    /// `items` with those of one region together, regions in the order the catalog first names
    /// them, catalog order within each region (the manifest is sorted by id and region whatever
    /// the order). A region's data is then read once, ahead of its first text, and its voice's
    /// workers are forked ahead of its next utterance.
    static func groupedByRegion(_ items: [(sample: Catalog.Sample, region: RegionID)]) -> [(sample: Catalog.Sample, region: RegionID)] {
        var order: [RegionID: Int] = [:]
        for item in items where order[item.region] == nil { order[item.region] = order.count }
        let keys = items.map { order[$0.region] ?? 0 }
        return items.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { items[$0] }
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
    private func earlierEntries(journal: AudioJournal) -> [String: Manifest.Entry] {
        guard !options.verify, let fingerprint = readingFingerprint,
            let stored = FileManager.default.contents(atPath: readingRecord.path),
            String(decoding: stored, as: UTF8.self) == fingerprint
        else { return [:] }
        let name = options.shard.map { RenderJobs.shardManifestName(index: $0.index, count: $0.count) } ?? "manifest.json"
        guard let data = FileManager.default.contents(atPath: folder + name),
            let manifest = try? Manifest.decode(data), manifest.engine.version == engine.version, manifest.form == options.form.rawValue
        else { return [:] }
        var previous: [String: Manifest.Entry] = [:]
        for entry in manifest.entries where entry.error == nil { previous[Self.entryKey(entry.id, entry.region)] = entry }
        var reusable: [String: Manifest.Entry] = [:]
        for (sample, region) in items {
            let key = Self.entryKey(sample.id, region.rawValue)
            guard var entry = previous[key], entry.input == sample.input(for: region), entry.title == sample.title,
                let wav = entry.wav, let sha256 = entry.sha256, let record = journal.record(for: wav), record.sha256 == sha256,
                let stamp = Self.fileStamp(folder + wav), stamp.size == record.size, stamp.modified == record.modified
            else { continue }
            entry.position = positions[sample.id]
            reusable[key] = entry
        }
        return reusable
    }

    /// What this run's texts were read with, to be noted once its manifest is written (the next
    /// run takes what it would read the same way from that manifest). Worked out now, so that
    /// the renderer and its regions' data can go before the manifest and the page are made.
    package var readingNote: ReadingNote { ReadingNote(fingerprint: readingFingerprint, file: readingRecord) }

    /// What a run's texts were read with, and where it is noted.
    package struct ReadingNote: Sendable {
        let fingerprint: String?
        let file: URL

        /// Notes it (nothing when the data could not be listed).
        ///
        /// - Throws: `ReviewError.unwritable` when the note cannot be written.
        package func write() throws {
            guard let fingerprint else { return }
            try Renderer.writeAtomically(Data(fingerprint.utf8), to: file)
        }
    }

    // MARK: One item

    /// The entry of one sample in one region, with its audio kept, failed, or ready to speak
    /// (its text said and its temporary file made).
    private func prepare(_ sample: Catalog.Sample, in region: RegionID, index: Int, journal: AudioJournal) -> Job {
        let input = sample.input(for: region)
        var job = Job(
            index: index,
            entry: Manifest.Entry(
                id: sample.id, region: region.rawValue, position: positions[sample.id], lang: region.rawValue, title: sample.title,
                input: input, label: nil, words: nil, ssml: nil, hints: [], ipa: nil, voice: "", rate: 0, pitch: 0,
                espeakVersion: engine.version, wav: nil, duration: nil, sha256: nil, error: nil),
            outcome: .failed)
        do {
            let profile = try library.profile(region)
            job.entry.voice = profile.voice.selection
            job.entry.rate = profile.voice.rate
            job.entry.pitch = profile.voice.pitch
            let utterance = try utterances.utterance(of: sample, in: region)
            job.entry.label = utterance.label
            job.entry.words = utterance.words
            job.entry.ssml = utterance.ssml(language: region.rawValue)
            job.entry.hints = utterance.segments.compactMap { segment in segment.ipa.map { Manifest.Hint(text: segment.words, ipa: $0) } }
            let unread = utterance.segments.filter(\.isUnread).map { $0.unreadText ?? $0.words }
            job.entry.unread = unread.isEmpty ? nil : unread
            let table = try library.mnemonicTable(forVoice: profile.voice.name)
            let text = try SpeechText(try utterance.espeakInput(label: options.form == .label, mnemonics: table))
            let voice = VoiceSelection(name: profile.voice.name, variant: profile.voice.variant)
            var parameters = SpeechParameters.standard
            parameters.rate = profile.voice.rate
            parameters.pitch = profile.voice.pitch
            let wav = "\(region)/\(sample.id).wav"
            job.entry.wav = wav
            let key = Self.cacheKey(text: text.string, voice: voice, rate: parameters.rate, pitch: parameters.pitch, engine: engine)
            if let record = journal.record(for: wav), record.key == key, let stamp = Self.fileStamp(folder + wav),
                stamp.size == record.size, stamp.modified == record.modified,
                !options.verify || Self.sha256(ofFile: folder + wav) == record.sha256
            {
                job.outcome = .reused
                return job.finished(with: record)
            }
            removeEarlierResults()
            // The file the worker writes, made here: an interrupted run removes it.
            let temporary: String
            do {
                temporary = try TemporaryFile.create(for: folder + wav)
            } catch {
                throw ReviewError.unwritable(path: folder + wav, reason: error.reason)
            }
            job.speech = Speech(text: text, voice: voice, parameters: parameters, key: key, wav: wav, temporary: temporary)
            job.outcome = .written
            return job
        } catch {
            return job.failed(error)
        }
    }

    /// Speaks a prepared job's utterance into its temporary file, renames it into place and
    /// records what was written.
    private func speak(_ job: inout Job) {
        guard let speech = job.speech else { return }
        job.speech = nil
        // The worker renames the file, or the engine removes it when anything fails.
        defer { TemporaryFile.done(speech.temporary) }
        do {
            let written = try engine.synthesize(
                speech.text, voice: speech.voice, parameters: speech.parameters, toFile: speech.temporary, renamingTo: folder + speech.wav)
            let record = AudioRecord(
                wav: speech.wav, key: speech.key, ipa: written.synthesis.transcript.text,
                duration: (written.synthesis.duration * 1000).rounded() / 1000, sha256: written.sha256, size: written.size,
                modified: Self.milliseconds(written.modified))
            job = job.finished(with: record)
        } catch {
            job = job.failed(error)
        }
    }

    /// Removes the temporary file of a job that will not be spoken (the run stopped).
    private func discard(_ job: Job) {
        guard let speech = job.speech else { return }
        unlink(speech.temporary)
        TemporaryFile.done(speech.temporary)
    }

    /// What the cache keeps of a WAV: its path in the folder, what it was made from, what it
    /// says, and the size, modification time and hash of the file as written, so that a WAV
    /// truncated or edited since is not taken as unchanged.
    struct AudioRecord: Codable, Equatable {
        var wav: String
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
        for name in names { unlink(folder + name) }
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

    /// What decides the audio's bytes, hashed.
    static func cacheKey(text: String, voice: VoiceSelection, rate: Int, pitch: Int, engine: SpeechEngine) -> String {
        let fields = ["locutor-audio-1", engine.version, "\(engine.sampleRate)", voice.description, "\(rate)", "\(pitch)", text]
        return SHA256.hash(data: Data(fields.joined(separator: "\u{1F}").utf8)).hexDigits
    }

    /// Creates the region folders and removes the temporary files an interrupted run left behind
    /// (not those of another process still rendering into the same folder).
    private func prepareOutput(for work: [(sample: Catalog.Sample, region: RegionID)]) throws {
        let manager = FileManager.default
        var folders = [options.output.appendingPathComponent(".cache")]
        for region in Set(work.map(\.region)) { folders.append(options.output.appendingPathComponent(region.rawValue)) }
        for folder in folders {
            try Self.createFolder(folder)
            for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where TemporaryFile.isAbandoned(name) {
                try? manager.removeItem(at: folder.appendingPathComponent(name))
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
