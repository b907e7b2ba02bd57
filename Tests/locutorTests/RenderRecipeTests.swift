import Foundation
import Testing

/// The recipes in Examples/RenderAtScale, run as written: their `locutor render` lines, through
/// `sh`, with the variables their CI matrix or Kubernetes Job sets, render slices that join into
/// what one run writes.
@Suite struct RenderRecipeTests {
    static let recipes = ReviewCommandTests.repository.appendingPathComponent("Examples/RenderAtScale")

    /// The shell lines of a recipe that run `locutor render`, in the order they appear.
    static func renderLines(_ file: String) throws -> [String] {
        let text = try String(contentsOf: recipes.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("locutor render") || $0.hasPrefix("- locutor render") }
            .map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
    }

    /// The first whole number after `key` in a recipe (its shard count), or the count of a
    /// YAML flow list after it.
    static func number(after key: String, in file: String) throws -> Int? {
        let text = try String(contentsOf: recipes.appendingPathComponent(file), encoding: .utf8)
        guard let range = text.range(of: key) else { return nil }
        let rest = text[range.upperBound...].prefix { $0 != "\n" }
        if let open = rest.firstIndex(of: "["), let close = rest.firstIndex(of: "]") {
            return rest[rest.index(after: open)..<close].split(separator: ",").count
        }
        return Int(rest.filter(\.isNumber))
    }

    @Test(
        "A recipe's slices, rendered and joined as its lines say, give one run's WAVs and manifest",
        arguments: [
            ("github-actions.yml", ["SHARD_INDEX"], "SHARDS:", "shard:"),
            ("kubernetes-indexed-job.yaml", ["JOB_COMPLETION_INDEX"], "completions:", "parallelism:"),
        ])
    func recipe(file: String, indexVariables: [String], countKey: String, otherCountKey: String) throws {
        let lines = try Self.renderLines(file)
        let slicing = lines.filter { $0.contains("--shard-from-env") }
        let joining = lines.filter { $0.contains("--merge") }
        try #require(slicing.count == 1 && joining.count == 1, "\(lines)")
        let shards = try #require(try Self.number(after: countKey, in: file))
        #expect(try Self.number(after: otherCountKey, in: file) == shards, "the matrix or parallelism disagrees with \(countKey)")
        #expect(slicing[0].contains("/\(shards) ") || slicing[0].contains("/$SHARDS "), "\(slicing[0])")

        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("samples"), withIntermediateDirectories: true)
        var yaml = "regions: [es-AR, pt-BR]\nsamples:\n"
        for index in 1...7 { yaml += "  - id: p\(index)\n    price: { price: \"\(index * 1_234)\" }\n" }
        try yaml.write(to: folder.url.appendingPathComponent("samples/catalog.yaml"), atomically: true, encoding: .utf8)
        let voices = VerbalizeCommandTests.voices[1]
        var environment = [
            "PATH": tool.url.deletingLastPathComponent().path + ":/usr/bin:/bin", "LOCUTOR_VOICES": voices,
            "CATALOG": "samples/catalog.yaml", "SHARDS": "\(shards)",
        ]
        let shell = { (line: String, environment: [String: String]) throws -> BuiltTool.Result in
            try BuiltTool(url: URL(fileURLWithPath: "/bin/sh"), workingDirectory: folder.url).run(["-c", line], environment: environment)
        }
        for index in 0..<shards {
            for variable in indexVariables { environment[variable] = "\(index)" }
            let run = try shell(slicing[0], environment)
            #expect(run.status == 0, "slice \(index): \(run.stderr)")
        }
        let join = try shell(joining[0], environment)
        #expect(join.status == 0, "\(join.stderr)")
        let joined = folder.url.appendingPathComponent(joining[0].contains("out/render") ? "out/render" : "render").path

        let whole = folder.url.appendingPathComponent("whole").path
        let one = try BuiltTool(url: tool.url, workingDirectory: folder.url).run(
            ["render", "samples/catalog.yaml", "--out", whole], environment: ["LOCUTOR_VOICES": voices])
        #expect(one.status == 0, "\(one.stderr)")
        let wavs = ReviewCommandTests.wavs(in: whole)
        #expect(wavs.count == 14)
        #expect(ReviewCommandTests.wavs(in: joined) == wavs)
        for name in wavs {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: whole + "/" + name))
                    == Data(contentsOf: URL(fileURLWithPath: joined + "/" + name)), "\(name)")
        }
        let manifest = { (folder: String) throws -> String in try String(contentsOfFile: folder + "/manifest.json", encoding: .utf8) }
        #expect(try manifest(whole) == manifest(joined))
    }

    @Test("A join with a slice missing fails and names it, so a retried merge Job waits for it")
    func missingSlice() throws {
        let joining = try Self.renderLines("kubernetes-indexed-job.yaml").filter { $0.contains("--merge") }
        try #require(joining.count == 1)
        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("samples"), withIntermediateDirectories: true)
        try "regions: [es-AR]\nsamples:\n  - id: a\n    price: { price: \"10\" }\n  - id: b\n    price: { price: \"20\" }\n"
            .write(to: folder.url.appendingPathComponent("samples/catalog.yaml"), atomically: true, encoding: .utf8)
        let environment = [
            "PATH": tool.url.deletingLastPathComponent().path + ":/usr/bin:/bin", "LOCUTOR_VOICES": VerbalizeCommandTests.voices[1],
            "JOB_COMPLETION_INDEX": "0",
        ]
        let sh = BuiltTool(url: URL(fileURLWithPath: "/bin/sh"), workingDirectory: folder.url)
        let slice = try Self.renderLines("kubernetes-indexed-job.yaml").filter { $0.contains("--shard-from-env") }
        try #require(slice.count == 1)
        #expect(try sh.run(["-c", slice[0]], environment: environment).status == 0)
        let join = try sh.run(["-c", joining[0]], environment: environment)
        #expect(join.status == 2)
        #expect(join.stderr.contains("3 of 4 shards are missing (manifest.shard-2-of-4.json,"), "\(join.stderr)")
    }
}
