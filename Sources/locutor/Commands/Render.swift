import ArgumentParser
import Foundation
import LocutorCore
import LocutorFiles
import LocutorReview
import LocutorSpeech

/// `locutor render`: the batch — WAVs, the manifest, the listening page.
struct Render: LocutorCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a catalog: a WAV per sample and region, manifest.json and the listening page index.html.",
        discussion: """
            Unchanged samples are not synthesized again (same words, hints, voice and engine). A sample \
            that cannot be said is recorded in the manifest and on standard error while the rest go on; \
            the exit status is then 1. Every core is used: --jobs N speaks N samples at once (default: the \
            number of cores), each by its own eSpeak NG process that writes its WAV. Past one machine, \
            --shard i/n renders a deterministic slice (item k of the catalog goes to shard k mod n + 1) and \
            writes manifest.shard-i-of-n.json; --shard-from-env VAR/n takes i from an environment variable \
            counting from 0 (Kubernetes' JOB_COMPLETION_INDEX, a CI matrix index); --merge joins the \
            shard manifests of --out, or of the folders given with --from, into manifest.json and the \
            listening page. A sample's WAV is the same bytes whatever the order, shard or jobs.
            Example: locutor render samples/catalog.yaml --out out/render --regions es-AR,pt-BR
            """)

    @Argument(help: "The catalog (default: samples/catalog.yaml).")
    var catalog = "samples/catalog.yaml"

    @Option(help: "The output folder.")
    var out = "out/render"

    @Option(help: "Only these regions, comma-separated (default: each sample's regions).")
    var regions: String?

    @Option(help: "How many samples to speak at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Render only slice i of n (1 ≤ i ≤ n), such as 2/4.")
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "Render the slice named by an environment variable that counts from 0, such as JOB_COMPLETION_INDEX/4.",
            valueName: "VAR/n"))
    var shardFromEnv: String?

    @Flag(help: "Join the shard manifests of --out (and of the --from folders) into manifest.json; synthesize nothing.")
    var merge = false

    @Option(
        name: .customLong("from"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "With --merge: folders shards rendered into (--from out/shard-*); their files are copied into --out first.", valueName: "dir"))
    var from: [String] = []

    @Option(help: "What the audio speaks: words (everything spelled out) or label.")
    var form: Verbalize.Form = .words

    @Flag(help: "Write into a folder that holds files Locutor did not make (its index.html and manifest.json are replaced).")
    var force = false

    @Flag(help: "Re-hash every WAV kept from an earlier run, and render again any that does not match its record.")
    var verify = false

    @OptionGroup var voices: DataOptions

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256, not \(jobs).") }
        if shard != nil && shardFromEnv != nil { throw ValidationError("Use --shard or --shard-from-env, not both.") }
        if merge && (shard != nil || shardFromEnv != nil) { throw ValidationError("--merge joins finished shards; it renders nothing.") }
        if !from.isEmpty && !merge { throw ValidationError("--from names shard folders to merge: pass --merge too.") }
        if let shard, Manifest.parseShard(shard) == nil { throw ReviewError.badShard(shard) }
    }

    /// The slice to render: --shard, or --shard-from-env read now.
    func slice() throws -> (index: Int, count: Int)? {
        if let shard { return Manifest.parseShard(shard) }
        guard let spec = shardFromEnv else { return nil }
        let parts = spec.split(separator: "/")
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else {
            throw CommandFailure("--shard-from-env \(spec) is not VAR/n — write it as JOB_COMPLETION_INDEX/4")
        }
        let name = String(parts[0])
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw CommandFailure("the environment variable \(name) is not set — set it to this shard's index, from 0 to \(count - 1)")
        }
        guard let index = Int(value.trimmingCharacters(in: .whitespaces)), (0..<count).contains(index) else {
            throw CommandFailure("\(name) is '\(value)', not an index from 0 to \(count - 1) — set it to this shard's index")
        }
        return (index + 1, count)
    }

    func execute(_ console: Console) throws {
        let claim = try OutputFolder(out, option: "--out", force: force)
        defer { withExtendedLifetime(claim) {} }
        let output = URL(fileURLWithPath: out)
        if merge { return try mergeShards(output: output, console: console) }
        let slice = try slice()
        let start = Date()
        // The renderer and the regions' data are gone before the manifest and the page are
        // made, which then reuse their memory (the peak of a large render).
        let (catalog, outcome, reading) = try render(slice: slice, output: output, console: console)
        try Self.report(outcome.manifest, catalog: catalog, console: console)
        if let shard = slice {
            try Renderer.writeAtomically(
                outcome.manifest.encoded(),
                to: output.appendingPathComponent(RenderJobs.shardManifestName(index: shard.index, count: shard.count)))
        } else {
            try RenderJobs.writeResults(outcome.manifest, output: output)
        }
        try reading.write()
        let seconds = Date().timeIntervalSince(start)
        console.error(
            "rendered \(outcome.manifest.entries.count) items in \(String(format: "%.1f", seconds)) s: \(outcome.synthesized) synthesized, \(outcome.reused) unchanged, \(outcome.manifest.failures.count) failed, \(outcome.manifest.unreadEntries.count) with text not read"
        )
        if slice == nil {
            try console.output("WAVs: \(output.path)/<region>/<id>.wav")
            try console.output("manifest: \(output.appendingPathComponent("manifest.json").path)")
            try console.output("listening page: \(output.appendingPathComponent("index.html").path)")
        }
        if !outcome.manifest.failures.isEmpty { throw ExitCode(1) }
    }

    /// Renders the catalog; returns it, the outcome and what its texts were read with.
    private func render(slice: (index: Int, count: Int)?, output: URL, console: Console) throws -> (
        catalog: Catalog, outcome: Renderer.Outcome, reading: Renderer.ReadingNote
    ) {
        let library = try voices.library()
        let catalog = try loadCatalog(library: library)
        let regionFilter = try regions.map { try parseRegions($0, library: library) }
        let renderer = Renderer(
            library: library, engine: try SpeechEngine.shared(), catalog: catalog,
            options: Renderer.Options(
                catalogName: self.catalog, output: output, regions: regionFilter,
                shard: slice, form: Renderer.Form(rawValue: form.rawValue) ?? .words,
                verify: verify, jobs: jobs))
        let display = ProgressDisplay(console: console, label: slice.map { "shard \($0.index)/\($0.count)" })
        let outcome = try renderer.run { display.show($0) }
        display.finish()
        return (catalog, outcome, renderer.readingNote)
    }

    private func loadCatalog(library: RegionLibrary) throws -> Catalog {
        try InputFiles.catalog(catalog, library: library)
    }

    private func parseRegions(_ text: String, library: RegionLibrary) throws -> Set<RegionID> {
        let known = library.regionIDs
        var result: Set<RegionID> = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard known.contains(RegionID(name)) else {
                throw CommandFailure(
                    "unknown region '\(name)' in --regions — the regions are \(known.map(\.rawValue).joined(separator: ", "))")
            }
            result.insert(RegionID(name))
        }
        return result
    }

    /// Lists the failed items like a compiler would.
    static func report(_ manifest: Manifest, catalog: Catalog, console: Console) throws {
        for entry in manifest.failures {
            let location = catalog.samples.first { $0.id == entry.id }?.location
            console.error("error: \(location.map { "\($0): " } ?? "")\(entry.id) in \(entry.region): \(entry.error ?? "")")
        }
        for entry in manifest.unreadEntries {
            let location = catalog.samples.first { $0.id == entry.id }?.location
            let texts = (entry.unread ?? []).map { "'\($0)'" }.joined(separator: ", ")
            console.error(
                "warning: \(location.map { "\($0): " } ?? "")\(entry.id) in \(entry.region): \(texts) not read — the voice says it as written"
            )
        }
    }

    private func mergeShards(output: URL, console: Console) throws {
        for folder in from { try RenderJobs.gather(from: URL(fileURLWithPath: folder), into: output) }
        let (manifest, parts) = try RenderJobs.merge(in: output)
        try RenderJobs.writeResults(manifest, output: output)
        console.error(
            "merged \(parts) shard manifests: \(manifest.entries.count) items, \(manifest.failures.count) failed, \(manifest.unreadEntries.count) with text not read"
        )
        try console.output("manifest: \(output.appendingPathComponent("manifest.json").path)")
        try console.output("listening page: \(output.appendingPathComponent("index.html").path)")
        if !manifest.failures.isEmpty { throw ExitCode(1) }
    }

}

/// Progress on standard error: a bar on a terminal, a plain line per item otherwise.
final class ProgressDisplay {
    private let console: Console
    private let label: String?
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastWidth = 0

    init(console: Console, label: String?) {
        self.console = console
        self.label = label
    }

    func show(_ progress: Renderer.Progress) {
        let prefix = label.map { "[\($0)] " } ?? ""
        let state = progress.reused ? "unchanged" : "rendered"
        if isTerminal {
            let width = 24
            let filled = progress.total == 0 ? width : progress.done * width / progress.total
            let line =
                "\r\(prefix)[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(progress.done)/\(progress.total) \(progress.id) \(progress.region)"
            let padded = line + String(repeating: " ", count: max(0, lastWidth - line.count))
            lastWidth = line.count
            // A progress line is not worth a trap: a terminal that went away loses it.
            _ = Console.writeAll(STDERR_FILENO, padded)
        } else {
            console.error("\(prefix)\(progress.done)/\(progress.total) \(state) \(progress.id) \(progress.region)")
        }
    }

    func finish() {
        if isTerminal && lastWidth > 0 { _ = Console.writeAll(STDERR_FILENO, "\n") }
    }
}
