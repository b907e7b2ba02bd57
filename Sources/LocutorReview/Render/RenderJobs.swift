import Foundation

/// A render spread over machines: each renders one shard of the catalog and writes
/// `manifest.shard-i-of-n.json`; the shards' files are gathered into one folder and their
/// manifests joined into `manifest.json`, with the listening page.
package enum RenderJobs {
    /// The file a shard's manifest is written to.
    package static func shardManifestName(index: Int, count: Int) -> String {
        "manifest.shard-\(index)-of-\(count).json"
    }

    /// Copies what a shard rendered into its own folder (on another machine, say) into `output`:
    /// its WAVs, their cache records (with the copies' sizes and times, so a later render keeps
    /// them) and its shard manifest. Each file is copied under a temporary name and renamed.
    ///
    /// - Throws: `ReviewError` when `folder` holds no shard manifest or a file cannot be copied.
    package static func gather(from folder: URL, into output: URL) throws {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        let manifests = names.filter { $0.hasPrefix("manifest.shard-") && $0.hasSuffix(".json") }
        guard !manifests.isEmpty else {
            throw ReviewError.unreadable(
                path: folder.path, reason: "there is no manifest.shard-*.json here — name the folder a shard rendered into (--out)")
        }
        let records = AudioJournal(folder: folder)
        let journal = AudioJournal(folder: output)
        for name in names.sorted()
        where !name.hasPrefix(".") && !manifests.contains(name) && name != "manifest.json" && name != "index.html" {
            let region = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: region.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for wav in ((try? manager.contentsOfDirectory(atPath: region.path)) ?? []).sorted()
            where wav.hasSuffix(".wav") && !wav.hasPrefix(".") {
                let relative = name + "/" + wav
                try copy(folder.appendingPathComponent(relative), to: output.appendingPathComponent(relative))
                guard var record = records.record(for: relative),
                    let stamp = Renderer.fileStamp(output.appendingPathComponent(relative).path)
                else { continue }
                record.size = stamp.size
                record.modified = stamp.modified
                try journal.append(record)
            }
        }
        for name in manifests { try copy(folder.appendingPathComponent(name), to: output.appendingPathComponent(name)) }
    }

    /// Copies one file under a temporary name beside `destination`, then renames it there.
    private static func copy(_ source: URL, to destination: URL) throws {
        guard let data = FileManager.default.contents(atPath: source.path) else {
            throw ReviewError.unreadable(path: source.path, reason: "it cannot be read")
        }
        try Renderer.writeAtomically(data, to: destination)
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
        // A run that changed nothing leaves the manifest and page as they are (the page is made
        // from the manifest alone). The manifest's bytes go before the page is made.
        let changed = try { () throws -> Bool in
            let encoded = try manifest.encoded()
            let manifestURL = output.appendingPathComponent("manifest.json")
            if FileManager.default.contents(atPath: manifestURL.path) == encoded,
                FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path)
            {
                return false
            }
            try Renderer.writeAtomically(encoded, to: manifestURL)
            return true
        }()
        guard changed else { return }
        var page = ListeningPage.html(for: manifest, title: "Locutor listening session: \(manifest.catalog)")
        // Written from the text's own bytes, not a copy of them.
        try page.withUTF8 { bytes in
            let data = bytes.baseAddress.map {
                Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: bytes.count, deallocator: .none)
            }
            try Renderer.writeAtomically(data ?? Data(), to: output.appendingPathComponent("index.html"))
        }
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
