extension Utterance {
    /// SSML 1.1 in the utterance's region, for engines that take it — on Apple platforms
    /// `AVSpeechUtterance(ssmlRepresentation:)` (iOS 16, macOS 13).
    ///
    /// Reads as `<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis"
    /// xml:lang="es-AR"><sub alias="mil pesos">$ 1.000</sub></speak>`; see `ssml(language:)`.
    public var ssml: String { ssml(language: region) }

    /// SSML 1.1 for engines that take it: the words a segment stands for go in `<sub alias>`
    /// around its written form, IPA hints in `<phoneme alphabet="ipa">`, pauses in `<break>`,
    /// foreign spans in `<lang>`; all text is XML-escaped.
    ///
    /// Reads as `<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis"
    /// xml:lang="es-AR"><sub alias="mil pesos">$ 1.000</sub></speak>`.
    package func ssml(language: String) -> String {
        var body = ""
        var previousText: String?
        for segment in segments {
            if segment.isPause {
                body += "<break strength=\"medium\"/>"
                previousText = nil
                continue
            }
            let words = segment.words.trimmingSpaces()
            guard !words.isEmpty else { continue }
            if let previousText, !previousText.isEmpty, let first = words.unicodeScalars.first,
               ![",", ".", ";", ":", "!", "?", ")"].contains(first) {
                body += " "
            }
            var element: String
            if let ipa = segment.ipa {
                element = "<phoneme alphabet=\"ipa\" ph=\"\(Self.xmlEscaped(ipa))\">\(Self.xmlEscaped(words))</phoneme>"
            } else if let written = segment.written, written != words {
                element = "<sub alias=\"\(Self.xmlEscaped(words))\">\(Self.xmlEscaped(written))</sub>"
            } else {
                element = Self.xmlEscaped(words)
            }
            if let lang = segment.lang {
                element = "<lang xml:lang=\"\(Self.xmlEscaped(lang))\">\(element)</lang>"
            }
            body += element
            previousText = words
        }
        return "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"\(Self.xmlEscaped(language))\">"
            + body + "</speak>"
    }

    /// Text safe inside XML content and attribute values. Runs that need no escape are copied whole.
    ///
    /// What XML 1.0 cannot carry at all, even escaped — control characters other than tab and
    /// line breaks, and the noncharacters U+FFFE and U+FFFF — becomes a space.
    package static func xmlEscaped(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0xEF }) else { return text }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let escape: String?
            var next = utf8.index(after: index)
            switch utf8[index] {
            case UInt8(ascii: "&"): escape = "&amp;"
            case UInt8(ascii: "<"): escape = "&lt;"
            case UInt8(ascii: ">"): escape = "&gt;"
            case UInt8(ascii: "\""): escape = "&quot;"
            case UInt8(ascii: "'"): escape = "&apos;"
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): escape = nil
            case 0..<0x20: escape = " "
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
            case 0xEF:
                if let third = utf8.index(index, offsetBy: 2, limitedBy: utf8.index(before: utf8.endIndex)),
                   utf8[next] == 0xBF, utf8[third] == 0xBE || utf8[third] == 0xBF {
                    escape = " "
                    next = utf8.index(after: third)
                } else {
                    escape = nil
                }
            default: escape = nil
            }
            if let escape {
                result += text[start..<index]
                result += escape
                start = next
            }
            index = next
        }
        result += text[start..<utf8.endIndex]
        return result
    }
}
