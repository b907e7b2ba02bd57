import Foundation
import LocutorCore
import LocutorSpeech
import Testing

@testable import LocutorReview

/// What a render folder holds stays true to itself: damaged WAVs are not kept, a manifest never
/// describes replaced files, shards merge only when all are there.
@Suite struct RenderIntegrityTests {
    static func wavs(_ folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent("es-AR"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "wav" }.sorted { $0.path < $1.path }
    }

    static func render(
        _ folder: URL, verify: Bool = false, form: Renderer.Form = .words, progress: @escaping (Renderer.Progress) -> Void = { _ in }
    )
        throws -> Renderer.Outcome
    {
        try Renderer(
            library: ReviewFixtures.library, engine: try SpeechEngine.shared(), catalog: try ReviewFixtures.catalog(),
            options: Renderer.Options(catalogName: "test.yaml", output: folder, form: form, verify: verify)
        ).run(progress: progress)
    }

    @Test("A WAV truncated since the last run is rendered again, and the manifest has its true hash")
    func truncated() throws {
        let folder = try TemporaryFolder()
        let first = try Self.render(folder.url)
        let wav = try #require(try Self.wavs(folder.url).first)
        let original = try Data(contentsOf: wav)
        try original.prefix(1000).write(to: wav)
        let second = try Self.render(folder.url)
        #expect(second.synthesized == 1)
        #expect(try Data(contentsOf: wav) == original)
        #expect(second.manifest.entries.map(\.sha256) == first.manifest.entries.map(\.sha256))
    }

    @Test("A WAV edited with its size and time kept is caught by --verify, which re-hashes")
    func edited() throws {
        let folder = try TemporaryFolder()
        _ = try Self.render(folder.url)
        let wav = try #require(try Self.wavs(folder.url).first)
        let original = try Data(contentsOf: wav)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: wav.path)[.modificationDate] as? Date)
        var edited = original
        edited[edited.count - 1] ^= 0xFF
        try edited.write(to: wav)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: wav.path)
        #expect(try Self.render(folder.url).synthesized == 0, "size and time alone cannot see this edit")
        let verified = try Self.render(folder.url, verify: true)
        #expect(verified.synthesized == 1)
        #expect(try Data(contentsOf: wav) == original)
    }

    @Test("A run removes the earlier manifest and page before it replaces the first WAV")
    func noStaleManifest() throws {
        let folder = try TemporaryFolder()
        let outcome = try Self.render(folder.url)
        try RenderJobs.writeResults(outcome.manifest, output: folder.url)
        let manifest = folder.url.appendingPathComponent("manifest.json")
        let page = folder.url.appendingPathComponent("index.html")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
        // The label form changes every item's audio: the first replaced WAV must find no manifest.
        var checked = false
        _ = try Self.render(folder.url, form: .label) { progress in
            if !checked, !progress.reused {
                checked = true
                #expect(!FileManager.default.fileExists(atPath: manifest.path))
                #expect(!FileManager.default.fileExists(atPath: page.path))
            }
        }
        #expect(checked)
    }

    @Test("An unchanged run keeps the manifest where it is")
    func unchangedKeepsManifest() throws {
        let folder = try TemporaryFolder()
        try RenderJobs.writeResults(try Self.render(folder.url).manifest, output: folder.url)
        _ = try Self.render(folder.url)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("manifest.json").path))
    }

    @Test("--merge refuses a missing shard, naming it, and shards of different counts")
    func mergeChecks() throws {
        let folder = try TemporaryFolder()
        let catalog = try ReviewFixtures.catalog()
        for index in [1, 3] {
            let outcome = try ReviewFixtures.render(catalog, into: folder.url, shard: (index, 3))
            try outcome.manifest.encoded().write(
                to: folder.url.appendingPathComponent(RenderJobs.shardManifestName(index: index, count: 3)))
        }
        #expect(throws: ReviewError.shardsMissing(count: 3, missing: [2])) { try RenderJobs.merge(in: folder.url) }
        #expect(
            ReviewError.shardsMissing(count: 3, missing: [2]).description
                == "1 of 3 shards are missing (manifest.shard-2-of-3.json) — render them with --shard i/3 into this folder, then merge again"
        )
        let other = try ReviewFixtures.render(catalog, into: folder.url, shard: (2, 2))
        try other.manifest.encoded().write(to: folder.url.appendingPathComponent(RenderJobs.shardManifestName(index: 2, count: 2)))
        #expect(throws: ReviewError.shardCountsDiffer([2, 3])) { try RenderJobs.merge(in: folder.url) }
    }

    @Test("An output folder is refused when empty-named, a file, foreign (unless forced) or held by another run")
    func outputFolder() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ReviewError.badOutput(option: "--out", problem: .empty)) { try OutputFolder("", option: "--out", force: false) }
        let file = folder.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(throws: ReviewError.badOutput(option: "--out", problem: .file(file.path))) {
            try OutputFolder(file.path, option: "--out", force: false)
        }
        let foreign = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("index.html"))
        #expect(throws: ReviewError.badOutput(option: "--out", problem: .foreign(foreign.path, "index.html"))) {
            try OutputFolder(foreign.path, option: "--out", force: false)
        }
        let forced = try OutputFolder(foreign.path, option: "--out", force: true)
        // Locutor's now (it has the marker): no force needed again, but it is held.
        do {
            _ = try OutputFolder(foreign.path, option: "--out", force: false)
            Issue.record("a held folder was claimed twice")
        } catch let error as ReviewError {
            guard case .badOutput(_, .busy(foreign.path, _)) = error else {
                Issue.record("\(error)")
                return
            }
        }
        withExtendedLifetime(forced) {}
    }
}
