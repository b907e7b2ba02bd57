import Foundation
import Testing

@testable import LocutorReview

@Suite struct RenderJobsTests {
    static func shard(_ index: Int, of count: Int, ids: [String]) -> Manifest {
        Manifest(
            catalog: "samples/catalog.yaml", engine: PageFixtures.engine, form: "words", shard: "\(index)/\(count)",
            entries: ids.map { PageFixtures.entry($0, "es-AR") })
    }

    @Test("Runs one process per shard, joins the manifests they write and removes them")
    func runsAndJoins() throws {
        let folder = try TemporaryFolder()
        for (index, ids) in [(1, ["a", "c"]), (2, ["b"])] {
            try Self.shard(index, of: 2, ids: ids).encoded().write(to: folder.url.appendingPathComponent("made-\(index).json"))
        }
        var seen: [Int] = []
        let manifest = try RenderJobs.run(executable: URL(fileURLWithPath: "/bin/sh"), count: 2, output: folder.url) { index in
            seen.append(index)
            let made = folder.url.appendingPathComponent("made-\(index).json").path
            let target = folder.url.appendingPathComponent(RenderJobs.shardManifestName(index: index, count: 2)).path
            return ["-c", "cp '\(made)' '\(target)'"]
        }
        #expect(seen == [1, 2])
        #expect(manifest.entries.map(\.id).sorted() == ["a", "b", "c"])
        #expect(manifest.shard == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["made-1.json", "made-2.json"])
    }

    @Test("A process that fails with status 2 fails the run, naming how many and their statuses")
    func failedProcess() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ReviewError.jobsFailed(failed: 1, of: 2, statuses: [2])) {
            _ = try RenderJobs.run(executable: URL(fileURLWithPath: "/bin/sh"), count: 2, output: folder.url) { index in
                ["-c", index == 2 ? "exit 2" : "exit 0"]
            }
        }
        #expect(
            ReviewError.jobsFailed(failed: 1, of: 2, statuses: [2]).description
                == "1 of 2 render processes failed (exit 2) — see their messages above")
    }

    @Test("A shard that writes no manifest is named")
    func missingManifest() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("manifest.shard-1-of-1.json").path
        #expect(throws: ReviewError.unreadable(path: path, reason: "the shard wrote no manifest")) {
            _ = try RenderJobs.run(executable: URL(fileURLWithPath: "/bin/sh"), count: 1, output: folder.url) { _ in ["-c", "true"] }
        }
    }

    @Test("--merge joins the shard manifests of a folder; none is an error that says what to run")
    func merge() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ReviewError.noShards) { _ = try RenderJobs.merge(in: folder.url) }
        try Self.shard(1, of: 2, ids: ["a"]).encoded()
            .write(to: folder.url.appendingPathComponent(RenderJobs.shardManifestName(index: 1, count: 2)))
        try Self.shard(2, of: 2, ids: ["b"]).encoded()
            .write(to: folder.url.appendingPathComponent(RenderJobs.shardManifestName(index: 2, count: 2)))
        let (manifest, parts) = try RenderJobs.merge(in: folder.url)
        #expect(parts == 2)
        #expect(manifest.entries.map(\.id) == ["a", "b"])
        try RenderJobs.writeResults(manifest, output: folder.url)
        let written = try Manifest.decode(Data(contentsOf: folder.url.appendingPathComponent("manifest.json")))
        #expect(written.entries.map(\.id) == ["a", "b"])
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("index.html").path))
    }
}
