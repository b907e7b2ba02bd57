import Foundation
import LocutorCore
import LocutorPhonemes
import LocutorSpeech
import LocutorSupport

/// Finds the spans of app strings a screen reader will say wrong.
///
/// Each string is read by Locutor for its region, with a number standing in for each placeholder
/// (`Placeholders`). Every span Locutor reads (money, a unit, a date, an abbreviation…) whose
/// words differ from the written text is said by eSpeak NG — the default voice of NVDA and Orca —
/// twice, in the region's voice: as written, and as Locutor's words. The same phonemes mean the
/// reader already gets it right; different ones are a finding. A span Locutor could not read
/// either (marked unread) is a finding of its own.
package final class Auditor {
    private let library: RegionLibrary
    private let engine: SpeechEngine
    private var readers: [String: Reader] = [:]
    private var phonemes: [String: String] = [:]

    /// A region's reader and voice.
    private struct Reader {
        let locutor: Locutor
        let voice: VoiceSelection
        let mnemonics: MnemonicTable?
    }

    package init(library: RegionLibrary, engine: SpeechEngine) {
        self.library = library
        self.engine = engine
    }

    /// The findings of `string`, read in `region`.
    ///
    /// - Throws: `DataError` when the region's data cannot be loaded, `SpeechError` when its voice
    ///   cannot be used. A string Locutor cannot read is not an error: it has no findings.
    package func audit(_ string: AppString, region: String) throws -> [Finding] {
        let reader = try self.reader(region)
        var findings: [Finding] = []
        var seen: Set<String> = []
        for reading in Placeholders.readings(of: Self.displayed(string.text), plural: string.plural) {
            guard !reading.text.allSatisfy(\.isWhitespace),
                let utterance = try? reader.locutor.utterance(for: reading.text)
            else { continue }
            var found: [Finding] = []
            // The label to suggest: the label form, except where it keeps a misread span as written
            // ("18:30 hs"), which takes the words.
            var labelParts: [String] = []
            for segment in utterance.segments {
                labelParts.append(segment.label)
                guard !segment.isPause, let written = segment.isUnread ? (segment.unreadText ?? segment.words) : segment.written,
                    !reading.isOnlySamples(written)
                else { continue }
                let span = reading.restoring(written)
                let identity = span + "\u{0}" + reading.branch
                if segment.isUnread {
                    guard seen.insert(identity).inserted else { continue }
                    let text = Utterance.espeakLiteral(written)
                    let ipa = try transcribe(text, reader)
                    found.append(
                        Finding(
                            string: string, region: region, span: span, category: "unread", severity: .warning, readerIPA: ipa, words: span,
                            wordsIPA: ipa, label: "", branch: reading.branch, readerText: text, locutorText: text))
                    continue
                }
                guard Self.folded(written) != Self.folded(segment.words) else { continue }
                let readerText = Utterance.espeakLiteral(written)
                let locutorText = try Utterance([segment]).espeakInput(mnemonics: reader.mnemonics)
                let asWritten = try transcribe(readerText, reader)
                let asLocutor = try transcribe(locutorText, reader)
                guard !Self.sameWords(asWritten, asLocutor) else { continue }
                if Self.folded(segment.label) == Self.folded(written) { labelParts[labelParts.count - 1] = segment.words }
                guard seen.insert(identity).inserted else { continue }
                found.append(
                    Finding(
                        string: string, region: region, span: span, category: segment.reading?.rawValue ?? "text",
                        severity: Self.severity(written: written, reading: segment.reading), readerIPA: asWritten,
                        words: span == written ? segment.words : reading.restoring(segment.label), wordsIPA: asLocutor, label: "",
                        branch: reading.branch, readerText: readerText, locutorText: locutorText))
            }
            let label = reading.restoring(Utterance.join(labelParts))
            findings += found.map { finding in
                var finding = finding
                finding.label = label
                return finding
            }
        }
        return findings
    }

    /// An amount, a number, a date or a unit after a number read wrong changes what is heard; a
    /// term or symbol alone is understandable.
    static func severity(written: String, reading: Utterance.Reading?) -> Severity {
        if reading == .currency { return .error }
        if written.unicodeScalars.contains(where: { $0.properties.numericType != nil }) { return .error }
        return .warning
    }

    /// Text compared without case, stress marks, spaces and punctuation.
    static func folded(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.lowercased().unicodeScalars.filter {
                    !$0.properties.isWhitespace && !"ˈˌ.,;:!?¡¿'\"-‿|_()".unicodeScalars.contains($0)
                }))
    }

    /// Whether two transcriptions say the same words: equal once stress, length, spacing and
    /// vowel quality are set aside (eSpeak NG's "ə" and "ø" in "euro", "ɛ" and "e"), allowing one
    /// phoneme more or less in a longer text (a liaison: "cinq mille" with or without its "k").
    static func sameWords(_ a: String, _ b: String) -> Bool {
        let a = phonemeClasses(a)
        let b = phonemeClasses(b)
        if a == b { return true }
        guard max(a.count, b.count) >= 12, abs(a.count - b.count) <= 1 else { return false }
        return EditDistance.between(a, b) <= 1
    }

    private static func phonemeClasses(_ ipa: String) -> String {
        let classes: [Unicode.Scalar: Unicode.Scalar] = [
            "ə": "e", "ø": "e", "œ": "e", "ɛ": "e", "ɐ": "a", "ɑ": "a", "æ": "a", "ʌ": "a", "ɔ": "o", "ɪ": "i", "ʊ": "u", "ɨ": "i",
            "ɚ": "e", "ɜ": "e",
        ]
        return String(
            String.UnicodeScalarView(
                folded(ipa).unicodeScalars.filter { !"ːˑ̃".unicodeScalars.contains($0) }.map { classes[$0] ?? $0 }))
    }

    /// The text a screen reader gets from a string with markup: tags (`<b>`, `<br/>`, `<a href>`)
    /// are not read; a line break is a space.
    static func displayed(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var result = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
            if scalar == "<", let close = scalars.firstIndex(of: ">"),
                let name = scalars.dropFirst().first, name.properties.isAlphabetic || name == "/"
            {
                let tag = String(String.UnicodeScalarView(scalars[scalars.startIndex...close])).lowercased()
                if tag.hasPrefix("<br") || tag.hasPrefix("<p") || tag.hasPrefix("</p") { result.append(" ") }
                scalars = scalars[(close + 1)...]
                continue
            }
            result.append(scalar)
            scalars = scalars.dropFirst()
        }
        return String(result)
    }

    private func reader(_ region: String) throws -> Reader {
        if let known = readers[region] { return known }
        let profile = try library.profile(RegionID(region))
        let reader = Reader(
            locutor: Locutor(profile: profile), voice: VoiceSelection(name: profile.voice.name, variant: profile.voice.variant),
            mnemonics: try library.mnemonicTable(forVoice: profile.voice.name))
        readers[region] = reader
        return reader
    }

    private func transcribe(_ text: String, _ reader: Reader) throws -> String {
        let key = reader.voice.description + "\u{0}" + text
        if let known = phonemes[key] { return known }
        let ipa = try engine.transcribe(try SpeechText(text), voice: reader.voice).text
        phonemes[key] = ipa
        return ipa
    }
}
