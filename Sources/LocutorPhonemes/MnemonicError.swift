import LocutorCore

/// Why an IPA hint cannot be turned into eSpeak NG mnemonics.
///
/// The wording lives in `description`, so a test can check the message as an exact string.
package enum MnemonicError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The hint holds a symbol the voice's table does not map, `offset` characters from its
    /// start (counting characters as a person sees them: `ɐ̃` is one).
    case unknownSymbol(String, offset: Int, voice: String)

    /// The message a user reads after `error: `: what is wrong, then how to fix it.
    ///
    /// Reads as `the IPA symbol 'ʁ' at offset 2 has no eSpeak mnemonic for the voice es-419 —
    /// write the hint with the symbols of voices/espeak/es-419.yaml, or add a fallback there`.
    package var description: String {
        switch self {
        case let .unknownSymbol(symbol, offset, voice):
            return "the IPA symbol '\(symbol)' at offset \(offset) has no eSpeak mnemonic for the voice \(voice) — "
                + "write the hint with the symbols of voices/espeak/\(voice).yaml, or add a fallback there"
        }
    }
}
