/// What goes wrong in the review workflow that is not a data error of a file.
package enum ReviewError: Error, Equatable, Sendable, CustomStringConvertible {
    case noShards
    case shardsDisagree(first: String, other: String)
    case badShard(String)
    case unwritable(path: String, reason: String)
    case unreadable(path: String, reason: String)
    /// Render processes of a `--jobs` run that could not run or failed (exit status 2 or more).
    case jobsFailed(failed: Int, of: Int, statuses: [Int32])

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
            return "cannot write '\(path)': \(reason) — choose a folder that exists and is writable"
        case let .unreadable(path, reason):
            return "cannot read '\(path)': \(reason)"
        case let .jobsFailed(failed, count, statuses):
            let exits = statuses.isEmpty ? "could not start" : "exit " + statuses.map(String.init).joined(separator: ", ")
            return "\(failed) of \(count) render processes failed (\(exits)) — see their messages above"
        }
    }
}
