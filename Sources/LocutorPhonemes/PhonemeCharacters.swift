import Foundation
import LocutorCore

/// Which characters may appear in IPA and in eSpeak NG mnemonics, shared by the table loader,
/// the converter and the normalization (and mirrored by scripts/espeak/derive-mnemonics).
enum PhonemeCharacters {
    /// The syllable break of IPA, `.`; the one punctuation mark an IPA key may be.
    static let syllableBreak: Character = "."

    /// eSpeak's separator between two mnemonics inside `[[…]]`: it says nothing, it only stops
    /// eSpeak from reading `a|I` as the one phoneme `aI`.
    static let mnemonicSeparator = "|"

    /// The combining tie bars of `t͡ʃ` and `t͜ʃ`: typography, not sound.
    static let tieBars: Set<Unicode.Scalar> = ["\u{0361}", "\u{035C}"]

    /// The stress marks of IPA.
    static let stressMarks: Set<Character> = ["ˈ", "ˌ"]

    /// Whether `text` reads as an IPA symbol: lowercase Latin letters and their accented forms
    /// (`ẽ` included), IPA letters, modifier letters, combining diacritics, the Greek letters
    /// IPA uses (β θ χ), phonetic extensions and superscript letters. Capitals, digits, spaces
    /// and ASCII punctuation are not IPA; `.` alone is (the syllable break).
    static func isIPASymbol(_ text: String) -> Bool {
        if text == String(syllableBreak) { return true }
        guard !text.isEmpty else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x61...0x7A: return true  // a–z
            case 0xDF...0xFF: return scalar.value != 0xF7  // ß à … ÿ, not ÷
            case 0x100...0x24F: return true  // Latin Extended-A and -B
            case 0x250...0x36F: return true  // IPA, modifier letters, diacritics
            case 0x3B2, 0x3B8, 0x3C7: return true  // β θ χ
            case 0x1D00...0x1DBF: return true  // phonetic extensions
            case 0x1E00...0x1EFF: return true  // Latin Extended Additional: ẽ ỹ
            case 0x2070...0x209F: return true  // superscript letters
            default: return false
            }
        }
    }

    /// Whether `text` reads as eSpeak mnemonics: printable ASCII without spaces, and without
    /// `]`, which would end `[[…]]` early.
    static func isMnemonic(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) && $0 != "]" }
    }

    /// The base letters of IPA vowels; a syllable's stress goes in front of one of them.
    private static let vowelLetters: Set<Unicode.Scalar> = Set(
        "aeiouyæøœɶɑɒɐɘəɚɛɜɝɞɤɨɪɯɵɔʉʊʌʏᵻᵿɷɩ".unicodeScalars)

    /// Whether a character is the nucleus of a syllable: a vowel, with or without diacritics,
    /// or a consonant marked syllabic (`n̩`).
    static func isNucleus(_ character: Character) -> Bool {
        let scalars = String(character).decomposedStringWithCanonicalMapping.unicodeScalars
        guard let base = scalars.first else { return false }
        return vowelLetters.contains(base) || scalars.contains("\u{0329}") || scalars.contains("\u{030D}")
    }

    /// `text` without tie bars.
    static func removingTieBars(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !tieBars.contains($0) })
        return String(scalars)
    }
}
