import ArgumentParser
import Foundation
import LocutorCore
import LocutorReview
import LocutorSpeech

/// `locutor diff`: the phoneme regression of a catalog against its goldens.
struct Diff: LocutorCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare what a catalog says now, in words and phonemes, with its goldens.",
        discussion: """
            Computes phonemes only (no audio) and prints each changed, added or removed sample with a \
            word-level diff ([-removed-] {+added+}), then 'N changed, M added, K removed of T'. \
            Exit status 0 when nothing changed, 1 on differences (a different eSpeak NG version counts), \
            2 on errors. --record rewrites the goldens (atomically); --html DIR writes a page of the \
            changes with their audio before (the golden's words, rendered now) and after.
            The goldens of samples/catalog.yaml are samples/golden/catalog.tsv.
            """)

    @Argument(help: "The catalog (default: samples/catalog.yaml).")
    var catalog = "samples/catalog.yaml"

    @Option(help: "The golden file (default: golden/<catalog name>.tsv beside the catalog).")
    var golden: String?

    @Flag(help: "Accept what the catalog says now: rewrite the goldens.")
    var record = false

    @Option(help: "Also write a page of the changes, with before and after audio, into this folder.")
    var html: String?

    @Flag(help: "With --html, write into a folder that holds files Locutor did not make.")
    var force = false

    @Option(help: "Which form the goldens hold: words or label.")
    var form: Verbalize.Form = .words

    @OptionGroup var voices: DataOptions

    var goldenPath: String {
        if let golden { return golden }
        let url = URL(fileURLWithPath: catalog)
        return url.deletingLastPathComponent().appendingPathComponent("golden")
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".tsv").relativePath(to: catalog)
    }

    func execute(_ console: Console) throws {
        let library = try voices.library()
        let parsed = try InputFiles.catalog(catalog, library: library)
        let engine = try SpeechEngine.shared()
        let renderForm = Renderer.Form(rawValue: form.rawValue) ?? .words
        let now = PhonemeDiff.current(catalog: parsed, library: library, engine: engine, form: renderForm)
        if !now.failures.isEmpty {
            for failure in now.failures { console.error("error: \(failure.location): \(failure.key): \(failure.message)") }
            throw CommandFailure("\(now.failures.count) samples cannot be said — fix them; nothing was compared or written")
        }
        let path = goldenPath
        if record {
            let file = GoldenFile(espeakVersion: engine.version, form: form.rawValue, catalog: catalog, lines: now.lines)
            try Renderer.writeAtomically(Data(file.text.utf8), to: URL(fileURLWithPath: path))
            try console.output("recorded \(now.lines.count) lines in \(path) (eSpeak NG \(engine.version))")
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("there are no goldens at '\(path)' — record them with 'locutor diff \(catalog) --record'")
        }
        let text = try InputFiles.text(at: path, what: "the goldens", fix: "record them with 'locutor diff \(catalog) --record'")
        let goldens = try GoldenFile(text: text, origin: path)
        guard goldens.form == form.rawValue else {
            throw CommandFailure(
                "\(path) holds the \(goldens.form) form, not \(form.rawValue) — pass --form \(goldens.form), or record again")
        }
        var differs = false
        if goldens.espeakVersion != engine.version {
            try console.output(
                "ENGINE CHANGED: the goldens were recorded with eSpeak NG \(goldens.espeakVersion), this is eSpeak NG \(engine.version) — phonemes may differ for that alone; listen to the changes, then run 'locutor diff --record'"
            )
            differs = true
        }
        let changes = PhonemeDiff.compare(golden: goldens.lines, current: now.lines)
        let total = Set(goldens.lines.keys).union(now.lines.keys).count
        for line in PhonemeDiff.report(changes, total: total) { try console.output(line) }
        for (key, texts) in now.unread.sorted(by: { $0.key < $1.key }) {
            try console.output("not read \(key): " + texts.map { "'\($0)'" }.joined(separator: ", ") + " — the voice says it as written")
        }
        if let html {
            let claim = try OutputFolder(html, option: "--html", force: force)
            defer { withExtendedLifetime(claim) {} }
            try writePage(
                changes, folder: URL(fileURLWithPath: html), parsed: parsed, library: library, engine: engine, total: total,
                console: console)
        }
        if differs || !changes.isEmpty { throw ExitCode(1) }
    }

    /// The changes with audio: the golden's words and the current ones, rendered now.
    private func writePage(
        _ changes: [PhonemeDiff.Change], folder: URL, parsed: Catalog, library: RegionLibrary, engine: SpeechEngine,
        total: Int, console: Console
    ) throws {
        var items: [DiffPage.Item] = []
        for change in changes {
            let region = RegionID(change.key.region)
            let voice = try? library.profile(region).voice
            func audio(_ line: GoldenFile.Line?, _ name: String) throws -> String? {
                guard let line, let voice, !line.words.isEmpty else { return nil }
                let relative = "\(change.key.region)/\(change.key.id).\(name).wav"
                try AudioClip.write(line.words, voice: voice, engine: engine, to: folder.appendingPathComponent(relative))
                return relative
            }
            items.append(
                DiffPage.Item(change: change, beforeAudio: try audio(change.before, "before"), afterAudio: try audio(change.after, "after"))
            )
        }
        let page = DiffPage.html(items: items, summary: PhonemeDiff.summary(changes, total: total), catalog: catalog)
        try Renderer.writeAtomically(Data(page.utf8), to: folder.appendingPathComponent("index.html"))
        try console.output("changes page: \(folder.appendingPathComponent("index.html").path)")
    }
}

extension URL {
    /// The path as the user would write it from where the catalog was named.
    fileprivate func relativePath(to catalog: String) -> String {
        catalog.hasPrefix("/") ? path : relativePath
    }
}
