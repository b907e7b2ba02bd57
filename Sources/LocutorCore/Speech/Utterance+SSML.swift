extension Utterance {
    /// SSML 1.1 for engines that take it: the words a segment stands for go in `<sub alias>`
    /// around its written form, IPA hints in `<phoneme alphabet="ipa">`, pauses in `<break>`,
    /// foreign spans in `<lang>`; all text is XML-escaped.
    ///
    /// Reads as `<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis"
    /// xml:lang="es-AR"><sub alias="mil pesos">$ 1.000</sub></speak>`.
    public func ssml(language: String) -> String {
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

    /// Text safe inside XML content and attribute values.
    public static func xmlEscaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // XML 1.0 cannot carry most control characters, even escaped.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
