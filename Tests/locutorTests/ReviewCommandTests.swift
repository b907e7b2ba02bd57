import Foundation
import Testing

@testable import locutor

@Suite struct ReviewCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalog = repository.appendingPathComponent("samples/catalog.yaml").path

    @Test("diff is clean on the committed goldens")
    func clean() {
        let run = CommandRun(["diff", Self.catalog] + VerbalizeCommandTests.voices)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.output.last?.hasPrefix("0 changed, 0 added, 0 removed of ") == true)
    }

    @Test("diff fails, keyed and word by word, when a rule changes; --record accepts it")
    func ruleChange() throws {
        let folder = try Self.voices(
            editing: "es.yaml", replacing: "previous: \"antes: {amount}\"", with: "previous: \"precio anterior: {amount}\"")
        let goldens = try TemporaryFolder()
        let golden = goldens.url.appendingPathComponent("catalog.tsv").path
        try FileManager.default.copyItem(atPath: Self.repository.appendingPathComponent("samples/golden/catalog.tsv").path, toPath: golden)
        let run = CommandRun(["diff", Self.catalog, "--golden", golden, "--voices", folder.url.path])
        #expect(run.status == 1)
        #expect(run.output.contains("changed ml.previous [es-AR]"))
        #expect(run.output.contains("  words: [-antes:-] {+precio anterior:+} seis mil quinientos pesos"))
        // ml.previous and ml.combo in the six Spanish regions, and elektra.previous in es-MX.
        #expect(run.output.last?.hasPrefix("13 changed, 0 added, 0 removed of ") == true, "\(run.output.last ?? "")")
        let record = CommandRun(["diff", Self.catalog, "--golden", golden, "--voices", folder.url.path, "--record"])
        #expect(record.status == 0)
        #expect(CommandRun(["diff", Self.catalog, "--golden", golden, "--voices", folder.url.path]).status == 0)
    }

    @Test("diff fails when a region's voice changes: the words stay, the phonemes of its samples do not")
    func voiceChange() throws {
        // Spain's voice says "c" before e and i as /θ/: "cinco" is /θˈiŋko/, not /sˈiŋko/.
        let folder = try Self.voices(editing: "es-AR.yaml", replacing: "voice:\n  name: es-419\n", with: "voice:\n  name: es\n")
        let run = CommandRun(["diff", Self.catalog, "--voices", folder.url.path])
        #expect(run.status == 1)
        let changed = run.output.filter { $0.hasPrefix("changed ") }
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { $0.hasSuffix("[es-AR]") }, "\(changed)")
        #expect(run.output.contains { $0.hasPrefix("  ipa: ") && $0.contains("θ") })
        #expect(!run.output.contains { $0.hasPrefix("  words: ") })
    }

    /// A copy of voices/ with one edit in `file` (which must contain `old`).
    static func voices(editing file: String, replacing old: String, with new: String) throws -> TemporaryFolder {
        try voices(editing: file, replacing: Array(old.utf8), with: Array(new.utf8))
    }

    /// A copy of voices/ with the first `old` bytes in `file` replaced by `new` (which may be
    /// bytes that are not UTF-8); an empty `old` puts `new` at the start.
    static func voices(editing file: String, replacing old: [UInt8], with new: [UInt8]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("voices"), to: folder.url)
        let url = folder.url.appendingPathComponent(file)
        var bytes = [UInt8](try Data(contentsOf: url))
        let range = old.isEmpty ? 0..<0 : bytes.firstRange(of: old)
        #expect(range != nil, "\(file) no longer holds the text this test edits")
        if let range { bytes.replaceSubrange(range, with: new) }
        try Data(bytes).write(to: url)
        return folder
    }

    @Test("diff without goldens exits 2 with the command that records them")
    func missing() throws {
        let run = CommandRun(["diff", Self.catalog, "--golden", "/nonexistent/g.tsv"] + VerbalizeCommandTests.voices)
        #expect(run.status == 2)
        #expect(
            run.errors == ["error: there are no goldens at '/nonexistent/g.tsv' — record them with 'locutor diff \(Self.catalog) --record'"]
        )
    }

    @Test("render writes the WAVs, the manifest and the listening page, and exits 1 naming a sample that cannot be said")
    func render() throws {
        let folder = try TemporaryFolder()
        let catalog = folder.url.appendingPathComponent("c.yaml")
        try
            "samples:\n  - id: ok\n    text: \"$ 1\"\n    regions: [es-AR]\n  - id: bad\n    price: { price: \"1.5\" }\n    regions: [es-CL]\n"
            .write(to: catalog, atomically: true, encoding: .utf8)
        let out = folder.url.appendingPathComponent("out").path
        let run = CommandRun(["render", catalog.path, "--out", out] + VerbalizeCommandTests.voices)
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "error: \(catalog.path):5:5: bad in es-CL: 1.5 has decimals, but CLP has no minor unit — write a whole amount"))
        #expect(FileManager.default.fileExists(atPath: out + "/es-AR/ok.wav"))
        #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("<audio controls preload=\"none\" src=\"es-AR/ok.wav\""))
        #expect(page.contains("<strong>Not rendered:</strong> 1.5 has decimals, but CLP has no minor unit"))
        let badShard = CommandRun(["render", catalog.path, "--out", out, "--shard", "3/2"] + VerbalizeCommandTests.voices)
        #expect(badShard.status == 2)
        #expect(badShard.errors.first == "Error: --shard 3/2 is not i/n with 1 ≤ i ≤ n — write it as 2/4")
    }

    @Test(
        "The binary copied with its resource bundle runs verbalize, say, render and lexicon check from any folder, with no voices folder named"
    )
    func copiedBinary() throws {
        let built = try BuiltTool()
        let place = try TemporaryFolder()
        let bin = place.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: built.url, to: bin.appendingPathComponent("locutor"))
        let bundle = "Locutor_LocutorVoices.resources"
        try FileManager.default.copyItem(
            at: built.url.deletingLastPathComponent().appendingPathComponent(bundle),
            to: bin.appendingPathComponent(bundle))
        let tool = BuiltTool(url: bin.appendingPathComponent("locutor"), workingDirectory: place.url)
        let environment = ["LOCUTOR_VOICES": ""]
        let verbalize = try tool.run(["verbalize", "--region", "es-AR"], environment: environment, input: "$ 1.299.900\n")
        #expect(verbalize.stdout == "un millón doscientos noventa y nueve mil novecientos pesos\n", "\(verbalize.stderr)")
        let say = try tool.run(
            ["say", "100 ₽", "--region", "ru-RU", "--out", place.url.appendingPathComponent("rub.wav").path],
            environment: environment)
        #expect(say.status == 0 && say.stdout.contains("words: сто рублей"), "\(say.stderr)")
        try "regions: [es-AR]\nsamples:\n  - id: a\n    text: \"$ 9.000\"\n".write(
            to: place.url.appendingPathComponent("c.yaml"), atomically: true, encoding: .utf8)
        let render = try tool.run(["render", "c.yaml", "--out", "rendered"], environment: environment)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: place.url.appendingPathComponent("rendered/es-AR/a.wav").path))
        let lexicon = try tool.run(["lexicon", "check"], environment: environment)
        #expect(lexicon.status == 0 && lexicon.stdout.contains("round-trip"), "\(lexicon.stdout)\(lexicon.stderr)")
        // Without its bundle, the binary says where it looked and what to do.
        try FileManager.default.removeItem(at: bin.appendingPathComponent(bundle))
        let lost = try tool.run(["verbalize", "--region", "es-AR"], environment: environment, input: "$ 5\n")
        #expect(lost.status == 2)
        #expect(
            lost.stderr.hasPrefix("error: the voices folder that ships with Locutor is not beside this program (looked in \(bin.path))"),
            "\(lost.stderr)")
    }

    @Test("render started with standard input and output closed still speaks every sample; only the closed output is an error")
    func closedStandardStreams() throws {
        // The engine's sockets then take descriptors 0 and 1: the synthesis processes must not
        // redirect them to /dev/null (they used to, and every sample failed).
        let folder = try TemporaryFolder()
        let catalog = folder.url.appendingPathComponent("c.yaml")
        try "regions: [es-AR, pt-BR]\nsamples:\n  - id: a\n    price: { price: \"1234\" }\n  - id: b\n    text: \"2 m²\"\n"
            .write(to: catalog, atomically: true, encoding: .utf8)
        let out = folder.url.appendingPathComponent("out")
        let result = try BuiltTool().run(
            ["render", catalog.path, "--out", out.path] + VerbalizeCommandTests.voices,
            closingStandardStreams: true)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: cannot write to standard output: Bad file descriptor"), "\(result.stderr)")
        #expect(!result.stderr.contains("synthesis process"), "\(result.stderr)")
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        let entries = manifest?["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 4)
        #expect(entries.allSatisfy { $0["error"] == nil && ($0["sha256"] as? String)?.count == 64 }, "\(entries)")
    }

    @Test("render --jobs 4 matches --jobs 1 byte for byte; killing it stops its workers, and a rerun completes the same files")
    func jobs() throws {
        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        let catalog = folder.url.appendingPathComponent("c.yaml")
        var yaml = "regions: [es-AR, pt-BR]\nsamples:\n"
        for index in 1...60 { yaml += "  - id: p\(index)\n    price: { price: \"\(index * 1_234)\" }\n" }
        try yaml.write(to: catalog, atomically: true, encoding: .utf8)
        let voices = VerbalizeCommandTests.voices
        let single = folder.url.appendingPathComponent("single").path
        #expect(try tool.run(["render", catalog.path, "--out", single, "--jobs", "1"] + voices).status == 0)

        // Kill -9 the parent as soon as the first WAV is written.
        let parallel = folder.url.appendingPathComponent("parallel").path
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["render", catalog.path, "--out", parallel, "--jobs", "4"] + voices
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Self.wavs(in: parallel).isEmpty && process.isRunning && Date() < deadline { usleep(2_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: parallel + "/manifest.json"), "the run finished before it was killed")
        #if os(Linux)
        let stopped = Date().addingTimeInterval(10)
        while !Self.processes(mentioning: parallel).isEmpty && Date() < stopped { usleep(20_000) }
        #expect(Self.processes(mentioning: parallel).isEmpty, "workers still running after their parent was killed")
        #endif

        let rerun = try tool.run(["render", catalog.path, "--out", parallel, "--jobs", "4"] + voices)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let names = Self.wavs(in: single)
        #expect(names.count == 120)
        #expect(Self.wavs(in: parallel) == names)
        for name in names {
            let one = try Data(contentsOf: URL(fileURLWithPath: single + "/" + name))
            let other = try Data(contentsOf: URL(fileURLWithPath: parallel + "/" + name))
            #expect(one == other, "\(name) differs between one job and four")
        }
        let hidden = try FileManager.default.subpathsOfDirectory(atPath: parallel).filter { $0.hasSuffix(".tmp") }
        #expect(hidden.isEmpty, "temporary files left: \(hidden)")
        let manifest = { (folder: String) throws -> String in
            try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8)
        }
        #expect(try manifest(single) == manifest(parallel))
    }

    @Test("An unchanged re-render takes its entries from the manifest; changed data is read again, a damaged WAV is made again")
    func unchangedRerender() throws {
        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        let voices = folder.url.appendingPathComponent("voices")
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("voices"), to: voices)
        let catalog = folder.url.appendingPathComponent("c.yaml")
        try "regions: [es-AR]\nsamples:\n  - id: a\n    text: \"$ 1.500\"\n  - id: b\n    text: \"$ 20\"\n"
            .write(to: catalog, atomically: true, encoding: .utf8)
        let out = folder.url.appendingPathComponent("out").path
        let arguments = ["render", catalog.path, "--out", out, "--voices", voices.path]
        #expect(try tool.run(arguments).stderr.contains("2 synthesized, 0 unchanged"))
        let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        #expect(FileManager.default.fileExists(atPath: out + "/.cache/reading.json"))
        let again = try tool.run(arguments)
        #expect(again.stderr.contains("0 synthesized, 2 unchanged"), "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest)
        // A WAV damaged since is made again, even though its entry could be taken as it was.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: out + "/es-AR/a.wav"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        #expect(try tool.run(arguments).stderr.contains("1 synthesized, 1 unchanged"))
        // Data that says the texts another way is read again: the entries are not taken as they were.
        let spanish = voices.appendingPathComponent("es.yaml")
        let text = try String(contentsOf: spanish, encoding: .utf8)
        try text.replacingOccurrences(of: "other: pesos }", with: "other: pesitos }").write(to: spanish, atomically: true, encoding: .utf8)
        let changed = try tool.run(arguments)
        #expect(changed.stderr.contains("2 synthesized, 0 unchanged"), "\(changed.stderr)")
        let words = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        #expect(words.contains("mil quinientos pesitos"), "\(words)")
    }

    @Test("Three shards rendered into their own folders (as on three machines), then merged, give one run's files and manifest")
    func shardsMerged() throws {
        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        let catalog = folder.url.appendingPathComponent("c.yaml")
        var yaml = "regions: [es-AR, ru-RU]\nsamples:\n"
        for index in 1...10 { yaml += "  - id: p\(index)\n    price: { price: \"\(index * 4_321)\" }\n" }
        try yaml.write(to: catalog, atomically: true, encoding: .utf8)
        let voices = VerbalizeCommandTests.voices
        let whole = folder.url.appendingPathComponent("whole").path
        #expect(try tool.run(["render", catalog.path, "--out", whole] + voices).status == 0)
        var slices: [String] = []
        for index in 0..<3 {
            let slice = folder.url.appendingPathComponent("slice-\(index)").path
            // As a Kubernetes Indexed Job gives it: the index from 0, in an environment variable.
            let run = try tool.run(
                ["render", catalog.path, "--out", slice, "--shard-from-env", "JOB_COMPLETION_INDEX/3"] + voices,
                environment: ["JOB_COMPLETION_INDEX": "\(index)"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: slice + "/manifest.shard-\(index + 1)-of-3.json"))
            slices.append(slice)
        }
        let merged = folder.url.appendingPathComponent("merged").path
        let merge = try tool.run(["render", "--merge", "--out", merged] + slices.flatMap { ["--from", $0] })
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(Self.wavs(in: merged) == Self.wavs(in: whole))
        for name in Self.wavs(in: whole) {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: whole + "/" + name))
                    == Data(contentsOf: URL(fileURLWithPath: merged + "/" + name)))
        }
        let manifest = { (folder: String) throws -> String in try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8) }
        #expect(try manifest(whole) == manifest(merged))
        // The merged folder's records describe its own copies: rendering there again keeps every WAV.
        let again = try tool.run(["render", catalog.path, "--out", merged] + voices)
        #expect(again.stderr.contains("0 synthesized, 20 unchanged"), "\(again.stderr)")
    }

    /// The WAVs under `folder`, as sorted relative paths.
    static func wavs(in folder: String) -> [String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return paths.filter { $0.hasSuffix(".wav") && !$0.hasPrefix(".") && !$0.contains("/.") }.sorted()
    }

    #if os(Linux)
    /// The processes whose command line contains `text`.
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil,
                let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return false }
            let state = (try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)) ?? ""
            let zombie = state.split(separator: ")").last?.split(separator: " ").first == "Z"
            return !zombie && String(decoding: line, as: UTF8.self).contains(text)
        }
    }
    #endif
}
