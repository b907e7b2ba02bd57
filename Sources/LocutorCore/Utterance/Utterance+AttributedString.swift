#if canImport(Darwin)
import Foundation

extension Utterance {
    /// The label form as an attributed string for `accessibilityAttributedLabel`: each hinted
    /// span carries its IPA as `accessibilitySpeechPhoneticNotation`, and its language (BCP 47)
    /// as Foundation's `languageIdentifier` when it is not the region's.
    ///
    /// Reads as "Envío Full" (es-AR) → "Envío Full", with /ˈful/ on "Full", so VoiceOver says
    /// "ful" instead of reading the Spanish "ll". Apple platforms only.
    public var attributedLabel: AttributedString {
        var result = AttributedString()
        Self.forEachJoined(segments.map(\.label)) { index, spaced, text in
            if spaced { result += AttributedString(" ") }
            var piece = AttributedString(text)
            let segment = segments[index]
            if let ipa = segment.ipa { piece.accessibilitySpeechPhoneticNotation = ipa }
            if let lang = segment.lang { piece.languageIdentifier = lang }
            result += piece
        }
        return result
    }
}
#endif
