/// Everything that can go wrong between Locutor and espeak-ng.
///
/// Each case carries what its message needs; the wording lives in
/// `SpeechError+Description.swift`, so a test can check a message as an exact string.
public enum SpeechError: Error, Equatable, Sendable {
    /// `espeak_Initialize` failed: the data folder is missing or unreadable.
    case dataMissing(path: String, status: Int32)
    /// `espeak_SetVoiceByName` does not know the voice (espeak-ng would silently keep the previous one).
    case unknownVoice(String, closeMatches: [String])
    /// The `+variant` is not installed (espeak-ng would silently fall back to the base voice).
    case unknownVariant(String, voice: String, closeMatches: [String])
    /// A speech parameter lies outside the range espeak-ng documents (it would not check).
    case parameterOutOfRange(name: String, value: Int, range: ClosedRange<Int>, unit: String)
    /// The text has nothing to speak.
    case emptyText
    /// The text is not UTF-8 (espeak-ng would silently drop the bad bytes).
    case invalidUTF8(byteOffset: Int, bytes: [UInt8])
    /// The output file cannot be created or written.
    case unwritableOutput(path: String, reason: String)
    /// A C function of espeak-ng returned a failure status.
    case engineCall(function: String, status: Int32, voice: String, excerpt: String)
    /// The isolated synthesis process could not be started or ended abnormally.
    case synthesisProcess(function: String, reason: String, voice: String, excerpt: String)
}
