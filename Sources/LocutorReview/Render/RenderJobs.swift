import Foundation

/// A render spread over processes: each renders one shard of the catalog into the same folder and
/// writes `manifest.shard-i-of-n.json`; their manifests are then joined into `manifest.json`,
/// with the listening page.
package enum RenderJobs {
    /// The file a shard's manifest is written to.
    package static func shardManifestName(index: Int, count: Int) -> String {
        "manifest.shard-\(index)-of-\(count).json"
    }

    /// Runs `count` processes of `executable`, process `i` with `arguments(i)` (from 1), waits for
    /// them, and joins the shard manifests they wrote in `output` (removing them).
    ///
    /// Each process's standard input is a pipe whose other end only this process holds, never
    /// written: when this process ends — finished, interrupted or killed — the shards read the end
    /// of their input and stop (`render --exit-with-parent`), instead of rendering on unseen.
    ///
    /// - Returns: the joined manifest, not yet written.
    /// - Throws: `ReviewError.jobsFailed` when a process could not run or exited with status 2 or
    ///   more (its own messages are on standard error); `ReviewError` when a manifest is missing or
    ///   unreadable, or the manifests disagree.
    package static func run(executable: URL, count: Int, output: URL, arguments: (Int) -> [String]) throws -> Manifest {
        var processes: [Process] = []
        var lifelines: [Pipe] = []
        defer { for lifeline in lifelines { try? lifeline.fileHandleForWriting.close() } }
        for index in 1...count {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments(index)
            let lifeline = Pipe()
            process.standardInput = lifeline
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                for started in processes { started.terminate() }
                throw ReviewError.jobsFailed(failed: count - index + 1, of: count, statuses: [])
            }
            try? lifeline.fileHandleForReading.close()
            processes.append(process)
            lifelines.append(lifeline)
        }
        for process in processes { process.waitUntilExit() }
        let failed = processes.filter { $0.terminationStatus > 1 || $0.terminationReason == .uncaughtSignal }
        if !failed.isEmpty {
            throw ReviewError.jobsFailed(failed: failed.count, of: count, statuses: failed.map(\.terminationStatus))
        }
        let names = (1...count).map { shardManifestName(index: $0, count: count) }
        let parts = try names.map { try readManifest(output.appendingPathComponent($0), missing: "the shard wrote no manifest") }
        for name in names { try? FileManager.default.removeItem(at: output.appendingPathComponent(name)) }
        return try Manifest.merging(parts)
    }

    /// Joins the shard manifests found in `output` (`--merge`).
    ///
    /// - Returns: the joined manifest, not yet written, and how many shard manifests it joins.
    /// - Throws: `ReviewError.noShards` when there is none; `ReviewError` when one is unreadable or
    ///   they disagree.
    package static func merge(in output: URL) throws -> (manifest: Manifest, parts: Int) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [])
            .filter { $0.hasPrefix("manifest.shard-") && $0.hasSuffix(".json") }.sorted()
        let parts = try names.map { try readManifest(output.appendingPathComponent($0), missing: "it vanished") }
        return (try Manifest.merging(parts), parts.count)
    }

    /// The manifest and the listening page of a finished render, each written atomically.
    package static func writeResults(_ manifest: Manifest, output: URL) throws {
        try Renderer.writeAtomically(manifest.encoded(), to: output.appendingPathComponent("manifest.json"))
        let page = ListeningPage.html(for: manifest, title: "Locutor listening session: \(manifest.catalog)")
        try Renderer.writeAtomically(Data(page.utf8), to: output.appendingPathComponent("index.html"))
    }

    private static func readManifest(_ url: URL, missing: String) throws -> Manifest {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ReviewError.unreadable(path: url.path, reason: missing)
        }
        do {
            return try Manifest.decode(data)
        } catch {
            throw ReviewError.unreadable(path: url.path, reason: "not a Locutor manifest (\(error))")
        }
    }
}
