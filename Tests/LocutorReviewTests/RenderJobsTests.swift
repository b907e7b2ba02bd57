import Foundation
import Testing

@testable import LocutorReview

@Suite struct RenderJobsTests {
    static func shard(_ index: Int, of count: Int, ids: [String]) -> Manifest {
        Manifest(
            catalog: "samples/catalog.yaml", engine: PageFixtures.engine, form: "words", shard: "\(index)/\(count)",
            entries: ids.map { PageFixtures.entry($0, "es-AR") })
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

    @Test("A folder with no shard manifest is named when gathered")
    func gatherNothing() throws {
        let folder = try TemporaryFolder()
        let output = try TemporaryFolder()
        #expect(
            throws: ReviewError.unreadable(
                path: folder.url.path, reason: "there is no manifest.shard-*.json here — name the folder a shard rendered into (--out)")
        ) { try RenderJobs.gather(from: folder.url, into: output.url) }
    }
}
