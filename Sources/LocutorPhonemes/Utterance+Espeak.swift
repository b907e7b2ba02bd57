import LocutorCore

extension Utterance {
    /// The text eSpeak NG should speak: the words (or label) form, with every hinted segment as
    /// its IPA in the voice's phoneme mnemonics inside `[[…]]`, and pauses as commas.
    ///
    /// eSpeak NG ignores `<phoneme alphabet="ipa">`; `[[…]]` is how it takes phonemes. Reads as
    /// "Envío Full" (es-AR) → `Envío [[f'ul]]`.
    /// - Parameters:
    ///   - label: speak the label form instead of the words form.
    ///   - table: the voice's IPA → mnemonic table; without one, hinted segments are spoken as written.
    /// - Throws: `HintError` when a hint uses a symbol the voice cannot say.
    package func espeakInput(label: Bool = false, mnemonics table: MnemonicTable?) throws(HintError) -> String {
        var parts: [String] = []
        for segment in segments {
            if let ipa = segment.ipa, let table {
                do {
                    parts.append("[[" + (try table.mnemonics(for: ipa)) + "]]")
                } catch {
                    throw HintError(term: segment.label, ipa: ipa, voice: table.voice, problem: error, location: segment.hintLocation)
                }
            } else {
                parts.append(Self.espeakLiteral(label ? segment.label : segment.words))
            }
        }
        return Self.join(parts)
    }

    /// `text` as eSpeak NG should read it as written: with a zero-width space between two
    /// opening brackets, so that "[[" in an app's or a catalog's text cannot switch eSpeak NG to
    /// phoneme input (only Locutor's own hints may). eSpeak NG says "[\u{200B}[" as it says "[".
    package static func espeakLiteral(_ text: String) -> String {
        guard text.contains("[[") else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "[", previous == "[" { result.append("\u{200B}") }
            result.append(scalar)
            previous = scalar
        }
        return String(result)
    }
}

/// A pronunciation hint a voice cannot say.
package struct HintError: Error, Equatable, Sendable, CustomStringConvertible {
    package let term: String
    package let ipa: String
    package let voice: String
    package let problem: MnemonicError
    /// Where the hint is written.
    package let location: SourceLocation?

    package init(term: String, ipa: String, voice: String, problem: MnemonicError, location: SourceLocation?) {
        self.term = term
        self.ipa = ipa
        self.voice = voice
        self.problem = problem
        self.location = location
    }

    package var description: String {
        let symbol: String
        switch problem {
        case let .unknownSymbol(text, _, _): symbol = text
        }
        return (location.map { "\($0): " } ?? "")
            + "the hint for '\(term)' /\(ipa)/ uses '\(symbol)', which the voice \(voice) cannot say — "
            + "write it with the symbols of voices/espeak/\(voice).yaml, or add a fallback there"
    }
}
