import ArgumentParser
import Foundation
import LocutorCore
import LocutorSpeech

/// `locutor verbalize`: display texts and price components in, what to say out, one line each.
struct Verbalize: LocutorCommand {
    static let configuration = CommandConfiguration(
        commandName: "verbalize",
        abstract: "Say what a screen reader should say for each line of standard input.",
        discussion: """
            Each input line is a display text ("$ 1.299.900", "19% OFF") or a price component as one \
            JSON object ({"previous": "6500", "price": "5249", "discount": 19}). Each gives one output \
            line: the words form (or --form label), or with --json \
            {"input","region","label","words","ssml","segments"} — or {"input","error"} when the line \
            cannot be said, and the run goes on. Exit status 1 when any line failed. Text Locutor does \
            not read (a digit, a currency symbol or code, a "/" between digits) is passed on as written, \
            marked "unread" in the JSON segments, and named on standard error with its line and column.
            Example: echo '$ 9.000' | locutor verbalize --region es-AR
            """)

    enum Form: String, ExpressibleByArgument, CaseIterable {
        case words, label
    }

    @Option(help: "The region: es-AR, es-MX, es-CO, es-CL, es-UY, es-PE, es-ES, pt-BR, en-US, ru-RU, fr-BE, nl-BE.")
    var region: String

    @Option(help: "Which form to print without --json: words (everything spelled out) or label (digits in the region's format).")
    var form: Form = .words

    @Flag(help: "Print one JSON object per line.")
    var json = false

    @OptionGroup var voices: DataOptions

    func execute(_ console: Console) throws {
        try Invocation(region: region, form: form, json: json, voicesFolder: voices.folder).run(console)
    }

    /// The options of one `verbalize` run, as plain values.
    struct Invocation: Equatable {
        let region: String
        let form: Form
        let json: Bool
        let voicesFolder: String?

        /// The invocation `arguments` make when they are the plain form scripts run — `verbalize`,
        /// then `--region R`, `--form F`, `--json` and `--voices DIR`, in any order, each at most
        /// once, every value a separate word not starting with "-" — or nil for anything else,
        /// which ArgumentParser parses (help, `--region=R`, a mistake). Building ArgumentParser's
        /// command tree, by reflection, was a tenth of `verbalize`'s start-up; scripts start it
        /// once per stream, often many times in a row.
        init?(plainArguments arguments: [String]) {
            guard arguments.first == Verbalize.configuration.commandName else { return nil }
            var region: String?
            var form: Form?
            var json = false
            var folder: String?
            var index = 1
            func value() -> String? {
                guard index + 1 < arguments.count else { return nil }
                let value = arguments[index + 1]
                guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                index += 2
                return value
            }
            while index < arguments.count {
                switch arguments[index] {
                case "--region" where region == nil:
                    guard let text = value() else { return nil }
                    region = text
                case "--form" where form == nil:
                    guard let text = value(), let chosen = Form(rawValue: text) else { return nil }
                    form = chosen
                case "--voices" where folder == nil:
                    guard let text = value() else { return nil }
                    folder = text
                case "--json" where !json:
                    json = true
                    index += 1
                default:
                    return nil
                }
            }
            guard let region else { return nil }
            self.init(region: region, form: form ?? .words, json: json, voicesFolder: folder)
        }

        init(region: String, form: Form, json: Bool, voicesFolder: String?) {
            self.region = region
            self.form = form
            self.json = json
            self.voicesFolder = voicesFolder
        }

        func run(_ console: Console) throws {
            try Verbalize.run(self, console)
        }
    }

    private static func run(_ invocation: Invocation, _ console: Console) throws {
        let locutor = Locutor(profile: try DataOptions.library(folder: invocation.voicesFolder).profile(RegionID(invocation.region)))
        let json = invocation.json
        let form = invocation.form
        let cache = LineCache()
        let say: SpeakerPool.Say = { bytes in
            let key = LineCache.key(bytes)
            if let key, let known = cache[key] { return known }
            let result = Self.result(of: bytes, locutor: locutor, json: json, form: form)
            if let key { cache.remember(result, for: key) }
            return result
        }
        // Long input is said by every core, all with this one locutor.
        var pool: SpeakerPool?
        defer { pool?.close() }
        let helpers = ProcessInfo.processInfo.activeProcessorCount - 1
        var failures = 0
        var lineNumber = 0
        // A person typing gets each answer at once; a stream is read in batches, written back in
        // input order.
        let batchSize = console.isInteractive ? 1 : 4096
        var lines = console.inputLines()
        var batch: [[UInt8]] = []
        batch.reserveCapacity(batchSize)
        func run() throws {
            if pool == nil, batch.count >= 256, helpers > 0 {
                pool = SpeakerPool(helpers: helpers, say: say)
            }
            let results = pool?.run(batch) ?? batch.map(say)
            var out = ""
            out.reserveCapacity(results.reduce(0) { $0 + $1.text.utf8.count + 1 })
            for result in results {
                lineNumber += 1
                if let failure = result.failure {
                    failures += 1
                    if !json { console.error("error: <stdin>:\(lineNumber): \(failure)") }
                }
                // A few warnings per line say where to look; thousands would bury everything else.
                for (column, text) in result.unread.prefix(Self.warningsPerLine) {
                    console.error("warning: <stdin>:\(lineNumber):\(column): '\(text)' is not read — the voice will say it as written")
                }
                if result.unread.count > Self.warningsPerLine {
                    console.error(
                        "warning: <stdin>:\(lineNumber): \(result.unread.count - Self.warningsPerLine) more texts on this line are not read (--json lists them all)"
                    )
                }
                out += result.text
                out += "\n"
            }
            try console.write(out)
            batch.removeAll(keepingCapacity: true)
        }
        while let line = try lines.next() {
            batch.append(line)
            if batch.count == batchSize { try run() }
        }
        if !batch.isEmpty { try run() }
        if failures > 0 { throw ExitCode(1) }
    }

    /// The output line of one input line, with why it failed and what it does not read.
    static func result(of bytes: [UInt8], locutor: Locutor, json: Bool, form: Form) -> LineResult {
        let result = say(bytes, locutor: locutor)
        let failure: String? = if case let .failure(failure) = result { failure.message } else { nil }
        var unread: [(Int, String)] = []
        if case let .success((_, utterance)) = result {
            for segment in utterance.segments where segment.isUnread {
                unread.append(((segment.unreadOffset ?? 0) + 1, segment.unreadText ?? segment.words))
            }
        }
        if json { return LineResult(text: Self.json(result), failure: failure, unread: unread) }
        switch result {
        case let .success((_, utterance)):
            return LineResult(text: form == .words ? utterance.words : utterance.label, failure: nil, unread: unread)
        case .failure: return LineResult(text: "", failure: failure, unread: [])
        }
    }

    /// The most "not read" warnings printed for one line.
    static let warningsPerLine = 5

    /// What one input line gives: its output line, why it failed, and where it holds text that
    /// is not read (column from 1, the text).
    struct LineResult: Sendable {
        let text: String
        let failure: String?
        let unread: [(column: Int, text: String)]
    }

    /// The utterance of one input line, or why there is none.
    static func say(_ bytes: [UInt8], locutor: Locutor) -> Result<(input: String, utterance: Utterance), LineFailure> {
        // The standard library's check is the fast one; where it fails, the offset is found for the message.
        guard let input = String(validating: bytes, as: UTF8.self) else {
            let offset = SpeechText.firstInvalidUTF8Offset(in: bytes) ?? 0
            return .failure(
                LineFailure(
                    input: String(decoding: bytes, as: UTF8.self),
                    message: "the line is not valid UTF-8 at byte \(offset) — save the input as UTF-8"))
        }
        // A line of spaces and control characters says nothing: an empty line, as for a blank one.
        guard !input.isBlankWhenSaid else {
            var blank = Utterance()
            blank.region = locutor.region
            return .success((input, blank))
        }
        do {
            return .success((input, try locutor.utterance(forLine: input)))
        } catch {
            return .failure(LineFailure(input: input, message: error.description))
        }
    }

    struct LineFailure: Error {
        let input: String
        let message: String
    }

    static func json(_ result: Result<(input: String, utterance: Utterance), LineFailure>) -> String {
        switch result {
        case let .success((input, utterance)):
            return utterance.json(input: input)
        case let .failure(failure):
            return Utterance.failureJSON(input: failure.input, error: failure.message)
        }
    }
}
