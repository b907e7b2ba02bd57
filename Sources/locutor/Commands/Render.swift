import ArgumentParser
import Foundation
import LocutorCore
import LocutorFiles
import LocutorReview
import LocutorSpeech

/// `locutor render`: the batch — WAVs, the manifest, the listening page.
struct Render: LocutorCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a catalog: a WAV per sample and region, manifest.json and the listening page index.html.",
        discussion: """
            Unchanged samples are not synthesized again (same words, hints, voice and engine). A sample \
            that cannot be said is recorded in the manifest and on standard error while the rest go on; \
            the exit status is then 1. --jobs N spreads the work over N processes; --shard i/n renders a \
            deterministic slice (item k of the catalog goes to shard k mod n + 1) and writes \
            manifest.shard-i-of-n.json; --merge joins the shard manifests of a folder into manifest.json. A sample's WAV is the same bytes whatever the order, shard or jobs.
            Example: locutor render samples/catalog.yaml --out out/render --regions es-AR,pt-BR --jobs 2
            """)

    @Argument(help: "The catalog (default: samples/catalog.yaml).")
    var catalog = "samples/catalog.yaml"

    @Option(help: "The output folder.")
    var out = "out/render"

    @Option(help: "Only these regions, comma-separated (default: each sample's regions).")
    var regions: String?

    @Option(help: "Render with this many processes.")
    var jobs = 1

    @Option(help: "Render only slice i of n (1 ≤ i ≤ n), such as 2/4.")
    var shard: String?

    @Flag(help: "Join the shard manifests of --out into manifest.json; synthesize nothing.")
    var merge = false

    @Option(help: "What the audio speaks: words (everything spelled out) or label.")
    var form: Verbalize.Form = .words

    @Flag(help: "Write into a folder that holds files Locutor did not make (its index.html and manifest.json are replaced).")
    var force = false

    @Flag(help: "Re-hash every WAV kept from an earlier run, and render again any that does not match its record.")
    var verify = false

    @OptionGroup var voices: DataOptions

    /// Set on the shards of a --jobs run: standard input is a pipe from the parent.
    @Flag(help: ArgumentHelp("Stop when standard input ends (the shards of a --jobs run).", visibility: .private))
    var exitWithParent = false

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs takes 1 to 64 processes, not \(jobs).") }
        if shard != nil && jobs > 1 { throw ValidationError("Use --shard or --jobs, not both: each job is a shard.") }
        if merge && (shard != nil || jobs > 1) { throw ValidationError("--merge joins finished shards; it renders nothing.") }
        if let shard, Manifest.parseShard(shard) == nil { throw ReviewError.badShard(shard) }
    }

    func execute(_ console: Console) throws {
        if exitWithParent { Self.exitWhenInputEnds() }
        // The shards of a --jobs run write into the folder their parent holds.
        let claim = exitWithParent ? nil : try OutputFolder(out, option: "--out", force: force)
        defer { withExtendedLifetime(claim) {} }
        let output = URL(fileURLWithPath: out)
        if merge { return try mergeShards(output: output, console: console) }
        let library = try voices.library()
        let catalog = try loadCatalog(library: library)
        let regionFilter = try regions.map { try parseRegions($0, library: library) }
        if jobs > 1 { return try runJobs(output: output, console: console) }

        let renderer = Renderer(
            library: library, engine: try SpeechEngine.shared(), catalog: catalog,
            options: Renderer.Options(
                catalogName: self.catalog, output: output, regions: regionFilter,
                shard: shard.flatMap(Manifest.parseShard), form: Renderer.Form(rawValue: form.rawValue) ?? .words,
                verify: verify))
        let display = ProgressDisplay(console: console, label: shard.map { "shard \($0)" })
        let start = Date()
        let outcome = try renderer.run { display.show($0) }
        display.finish()
        try Self.report(outcome.manifest, catalog: catalog, console: console)
        if let shard = shard.flatMap(Manifest.parseShard) {
            try Renderer.writeAtomically(
                outcome.manifest.encoded(),
                to: output.appendingPathComponent(RenderJobs.shardManifestName(index: shard.index, count: shard.count)))
        } else {
            try RenderJobs.writeResults(outcome.manifest, output: output)
        }
        let seconds = Date().timeIntervalSince(start)
        console.error(
            "rendered \(outcome.manifest.entries.count) items in \(String(format: "%.1f", seconds)) s: \(outcome.synthesized) synthesized, \(outcome.reused) unchanged, \(outcome.manifest.failures.count) failed, \(outcome.manifest.unreadEntries.count) with text not read"
        )
        if shard == nil {
            try console.output("WAVs: \(output.path)/<region>/<id>.wav")
            try console.output("manifest: \(output.appendingPathComponent("manifest.json").path)")
            try console.output("listening page: \(output.appendingPathComponent("index.html").path)")
        }
        if !outcome.manifest.failures.isEmpty { throw ExitCode(1) }
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
        let (manifest, parts) = try RenderJobs.merge(in: output)
        try RenderJobs.writeResults(manifest, output: output)
        console.error(
            "merged \(parts) shard manifests: \(manifest.entries.count) items, \(manifest.failures.count) failed, \(manifest.unreadEntries.count) with text not read"
        )
        try console.output("manifest: \(output.appendingPathComponent("manifest.json").path)")
        try console.output("listening page: \(output.appendingPathComponent("index.html").path)")
        if !manifest.failures.isEmpty { throw ExitCode(1) }
    }

    /// Runs `jobs` copies of this program, each on one shard, then joins their manifests.
    private func runJobs(output: URL, console: Console) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let start = Date()
        let manifest = try RenderJobs.run(executable: executable, count: jobs, output: output) { index in
            var arguments = ["render", catalog, "--out", out, "--shard", "\(index)/\(jobs)", "--form", form.rawValue, "--exit-with-parent"]
            if verify { arguments.append("--verify") }
            if let regions { arguments += ["--regions", regions] }
            if let folder = voices.folder { arguments += ["--voices", folder] }
            return arguments
        }
        try RenderJobs.writeResults(manifest, output: output)
        console.error(
            "rendered \(manifest.entries.count) items with \(jobs) processes in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, \(manifest.failures.count) failed, \(manifest.unreadEntries.count) with text not read"
        )
        try console.output("WAVs: \(output.path)/<region>/<id>.wav")
        try console.output("manifest: \(output.appendingPathComponent("manifest.json").path)")
        try console.output("listening page: \(output.appendingPathComponent("index.html").path)")
        if !manifest.failures.isEmpty { throw ExitCode(1) }
    }
}

extension Render {
    /// Ends this process when standard input reaches its end (see `runJobs`). Files are written
    /// under temporary names and renamed into place, so stopping anywhere loses only unfinished
    /// work, which the next run does.
    static func exitWhenInputEnds() {
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                break
            }
            TemporaryFile.removePending()
            _exit(1)
        }
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
            FileHandle.standardError.write(Data(padded.utf8))
        } else {
            console.error("\(prefix)\(progress.done)/\(progress.total) \(state) \(progress.id) \(progress.region)")
        }
    }

    func finish() {
        if isTerminal && lastWidth > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
