import LocutorFiles

/// What goes wrong in the review workflow that is not a data error of a file.
package enum ReviewError: Error, Equatable, Sendable, CustomStringConvertible {
    case noShards
    case shardsDisagree(first: String, other: String)
    case badShard(String)
    case unwritable(path: String, reason: String)
    case unreadable(path: String, reason: String)
    /// Render processes of a `--jobs` run that could not run or failed (exit status 2 or more).
    case jobsFailed(failed: Int, of: Int, statuses: [Int32])
    /// An output folder that cannot be used.
    case badOutput(option: String, problem: OutputProblem)
    /// Shard manifests that are not every shard of one run.
    case shardsMissing(count: Int, missing: [Int])
    case shardCountsDiffer([Int])
    /// A run stopped at its first output error.
    case stopped(first: String, skipped: Int)

    package enum OutputProblem: Equatable, Sendable {
        case empty
        case file(String)
        case foreign(String, String)
        case busy(String, holder: Int32?)
    }

    package var description: String {
        switch self {
        case .noShards:
            return "there are no shard manifests to merge — run 'locutor render --shard i/n' first"
        case let .shardsDisagree(first, other):
            return
                "the shard manifests come from different runs (\(first) and \(other)) — render every shard of one catalog with one engine and form"
        case let .badShard(text):
            return "--shard \(text) is not i/n with 1 ≤ i ≤ n — write it as 2/4"
        case let .unwritable(path, reason):
            return "cannot write '\(path)': \(reason) — \(OutputTarget.fix(forReason: reason))"
        case let .unreadable(path, reason):
            return "cannot read '\(path)': \(reason)"
        case let .badOutput(option, .empty):
            return "\(option) is empty — name a folder, such as out/render"
        case let .badOutput(option, .file(path)):
            return "\(option) '\(path)' is a file, not a folder — name a folder"
        case let .badOutput(option, .foreign(path, names)):
            return
                "\(option) '\(path)' holds files Locutor did not make (\(names)…) — name an empty or new folder, or pass --force to write index.html and manifest.json there anyway"
        case let .badOutput(option, .busy(path, holder)):
            return
                "another locutor (\(holder.map { "process \($0)" } ?? "a process")) is writing into \(option) '\(path)' — wait for it to finish, or choose another folder"
        case let .shardsMissing(count, missing):
            let names = missing.map { RenderJobs.shardManifestName(index: $0, count: count) }.joined(separator: ", ")
            return
                "\(missing.count) of \(count) shards are missing (\(names)) — render them with --shard i/\(count) into this folder, then merge again"
        case let .shardCountsDiffer(counts):
            return
                "the shard manifests come from runs with different shard counts (\(counts.map(String.init).joined(separator: " and "))) — remove the stale manifest.shard-*.json files and render again"
        case let .stopped(first, skipped):
            return first + (skipped > 0 ? " (stopped there: \(skipped) more items were not rendered)" : "")
        case let .jobsFailed(failed, count, statuses):
            let exits = statuses.isEmpty ? "could not start" : "exit " + statuses.map(String.init).joined(separator: ", ")
            return "\(failed) of \(count) render processes failed (\(exits)) — see their messages above"
        }
    }
}
