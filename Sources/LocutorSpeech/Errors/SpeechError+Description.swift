import LocutorFiles

extension SpeechError: CustomStringConvertible {
    /// The message a user reads after `error: `: what is wrong, then how to fix it.
    public var description: String {
        switch self {
        case let .dataMissing(path, status):
            return "espeak_Initialize: no usable espeak-ng data in '\(path)' (status \(status)) — "
                + "install it with 'sudo apt-get install espeak-ng-data' (Debian, Ubuntu) or "
                + "'brew install espeak-ng' (macOS), or set ESPEAK_DATA_PATH to the folder that "
                + "contains espeak-ng-data"
        case let .unknownVoice(name, matches):
            return "espeak_SetVoiceByName: unknown voice '\(name)' — "
                + Self.suggestion(matches) + "; 'locutor voices' lists every installed voice"
        case let .unknownVariant(variant, voice, matches):
            return "espeak_SetVoiceByName: unknown variant '+\(variant)' for voice '\(voice)' — "
                + Self.suggestion(matches) + "; 'locutor voices --variants' lists every installed variant"
        case let .parameterOutOfRange(name, value, range, unit):
            return "espeak_SetParameter: \(name) \(value) is outside \(range.lowerBound)...\(range.upperBound)"
                + (unit.isEmpty ? "" : " \(unit)") + " — pass a value in that range"
        case .emptyText:
            return "nothing to say: the text is empty — pass the words to speak"
        case let .invalidUTF8(offset, bytes):
            let hex = bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return "the text is not valid UTF-8 at byte \(offset) (\(hex)) — save or pass the text as UTF-8"
        case let .unwritableOutput(path, reason):
            return "cannot write '\(path)': \(reason) — \(OutputTarget.fix(forReason: reason))"
        case let .engineCall(function, status, voice, excerpt):
            return "\(function) failed with status \(status) (voice \(voice), text \"\(excerpt)\")"
        case let .synthesisProcess(function, reason, voice, excerpt):
            return "\(function): \(reason) (voice \(voice), text \"\(excerpt)\")"
        }
    }

    private static func suggestion(_ matches: [String]) -> String {
        matches.isEmpty
            ? "none is installed"
            : "close matches: " + matches.joined(separator: ", ")
    }

    /// The first characters of a text, for messages: at most `limit` characters, then "…".
    static func excerpt(_ text: String, limit: Int = 40) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count <= limit ? flat : String(flat.prefix(limit)) + "…"
    }
}
