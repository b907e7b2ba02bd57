import ArgumentParser
import Foundation
import LocutorCore
import LocutorSpeech

/// `locutor verbalize`: display texts and price components in, what to say out, one line each.
struct Verbalize: LocutorCommand {
    static let configuration = CommandConfiguration(
        abstract: "Say what a screen reader should say for each line of standard input.",
        discussion: """
            Each input line is a display text ("$ 1.299.900", "19% OFF") or a price component as one \
            JSON object ({"previous": "6500", "price": "5249", "discount": 19}). Each gives one output \
            line: the words form (or --form label), or with --json \
            {"input","region","label","words","ssml","segments"} — or {"input","error"} when the line \
            cannot be said, and the run goes on. Exit status 1 when any line failed.
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

    @OptionGroup var voices: VoicesOptions

    func execute(_ console: Console) throws {
        let profile = try voices.profile(region)
        let normalizer = Normalizer(profile: profile)
        var failures = 0
        var pending = ""
        for (index, bytes) in console.inputLines().enumerated() {
            let result = Self.say(bytes, normalizer: normalizer)
            if case .failure = result { failures += 1 }
            pending += json ? Self.json(result, region: profile.id) : text(result, line: index + 1, console: console)
            pending += "\n"
            if console.isInteractive || pending.utf8.count >= 1 << 16 {
                console.write(pending)
                pending = ""
            }
        }
        console.write(pending)
        if failures > 0 { throw ExitCode(1) }
    }

    /// The utterance of one input line, or why there is none.
    static func say(_ bytes: [UInt8], normalizer: Normalizer) -> Result<(input: String, utterance: Utterance), LineFailure> {
        let input = String(decoding: bytes, as: UTF8.self)
        if let offset = SpeechText.firstInvalidUTF8Offset(in: bytes) {
            return .failure(LineFailure(input: input, message: "the line is not valid UTF-8 at byte \(offset) — save the input as UTF-8"))
        }
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success((input, Utterance())) }
        do {
            if trimmed.hasPrefix("{") {
                let component = try PriceComponent(json: trimmed)
                return .success((input, try normalizer.verbalizer.utterance(for: component)))
            }
            return .success((input, try normalizer.utterance(for: input)))
        } catch {
            return .failure(LineFailure(input: input, message: error.description))
        }
    }

    struct LineFailure: Error {
        let input: String
        let message: String
    }

    private func text(_ result: Result<(input: String, utterance: Utterance), LineFailure>, line: Int, console: Console) -> String {
        switch result {
        case let .success((_, utterance)):
            return form == .words ? utterance.words : utterance.label
        case let .failure(failure):
            console.error("error: <stdin>:\(line): \(failure.message)")
            return ""
        }
    }

    static func json(_ result: Result<(input: String, utterance: Utterance), LineFailure>, region: RegionID) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        switch result {
        case let .success((input, utterance)):
            writer.string("input", input)
            writer.string("region", region.rawValue)
            writer.string("label", utterance.label)
            writer.string("words", utterance.words)
            writer.string("ssml", utterance.ssml(language: region.rawValue))
            utterance.writeSegments(to: &writer)
        case let .failure(failure):
            writer.string("input", failure.input)
            writer.string("error", failure.message)
        }
        writer.endObject()
        return writer.text
    }
}
