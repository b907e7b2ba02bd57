import Foundation
import LocutorCore

/// The documented normalization under which a hint "round-trips": eSpeak's IPA for the injected
/// mnemonics equals the hint after normalizing both.
///
/// The rules undo only differences of writing that eSpeak NG 1.51 was seen to make or that
/// carry no sound, so that two transcriptions that differ after normalizing say different
/// things:
///
/// 1. Unicode NFC: `ẽ` typed as `e` + U+0303 is the precomposed `ẽ`.
/// 2. Tie bars go: `t͡ʃ` is `tʃ` (eSpeak writes them only with `--tie`).
/// 3. Syllable dots go: `ˈblak.ˈfɾai.ðei` is `ˈblakˈfɾaiðei`; eSpeak never writes them.
/// 4. ASCII `g` is IPA `ɡ` (U+0261), the same letter in another font; eSpeak writes `ɡ`.
/// 5. A stress mark stands just before its syllable's nucleus (the next vowel, or a consonant
///    marked syllabic, in the same word): eSpeak writes `blˈak` and `pʲˈatʲ` where hints write
///    `ˈblak` and `ˈpʲatʲ`. A mark with no nucleus after it stays where it is.
/// 6. Spaces: a run of whitespace is one space, and none at the ends; a diacritic that starts
///    a word, with no letter to sit on, goes.
///
/// Kept as written, on purpose:
/// - Secondary stress. eSpeak keeps `ˌ` from `[[…]]`, except that a word with no `ˈ` gets its
///   first `ˌ` made primary (`[[,of]]` is said `ˈof`): such a hint does not round-trip, and
///   should say `ˈ`.
/// - Length marks: `ɑ` and `ɑː` are different vowels in Dutch and English.
/// - Every symbol: `ɾ` is not `r`, and eSpeak's Brazilian `æ` for the `ɐ` of casa is not `ɐ`
///   (the table's fallbacks say what eSpeak writes back for such symbols).
///
/// ```swift
/// IPANormalization.normalize("ˈblak ˈfɾai.ðei")   // "blˈak fɾˈaiðei", as eSpeak writes it
/// IPANormalization.normalize("ˈt͡ʃiko")           // "tʃˈiko"
/// ```
package enum IPANormalization {
    /// Normalizes an IPA transcription by the rules above.
    ///
    /// - Parameter ipa: A hint, or eSpeak's IPA for the mnemonics it became.
    /// - Returns: The transcription to compare with `==`.
    package static func normalize(_ ipa: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in ipa.unicodeScalars where !PhonemeCharacters.tieBars.contains(scalar) {
            scalars.append(scalar == "g" ? "\u{0261}" : scalar)
        }
        let composed = String(scalars).precomposedStringWithCanonicalMapping
        return composed.unicodeScalars
            .split(whereSeparator: \.properties.isWhitespace)
            .map { word in
                let letters = String(scalars: word.drop(while: attachesToPrevious))
                return stressBeforeNucleus(letters.filter { $0 != PhonemeCharacters.syllableBreak })
            }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Whether a scalar joins the character before it (a diacritic, a joiner): at the start of
    /// a word it has no letter to sit on, and after a space it would swallow the space.
    private static func attachesToPrevious(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isGraphemeExtend || scalar == "\u{200D}" || scalar.properties.generalCategory == .spacingMark
    }

    /// The word with every stress mark moved past the onset it precedes, onto the nucleus.
    private static func stressBeforeNucleus(_ word: String) -> String {
        let characters = Array(word)
        var result = ""
        var index = 0
        while index < characters.count {
            guard PhonemeCharacters.stressMarks.contains(characters[index]) else {
                result.append(characters[index])
                index += 1
                continue
            }
            var afterMarks = index
            while afterMarks < characters.count, PhonemeCharacters.stressMarks.contains(characters[afterMarks]) {
                afterMarks += 1
            }
            var nucleus = afterMarks
            while nucleus < characters.count, !PhonemeCharacters.isNucleus(characters[nucleus]),
                !PhonemeCharacters.stressMarks.contains(characters[nucleus])
            {
                nucleus += 1
            }
            if nucleus < characters.count, PhonemeCharacters.isNucleus(characters[nucleus]) {
                result.append(contentsOf: characters[afterMarks..<nucleus])
                result.append(contentsOf: characters[index..<afterMarks])
                index = nucleus
            } else {
                result.append(contentsOf: characters[index..<afterMarks])
                index = afterMarks
            }
        }
        return result
    }
}
