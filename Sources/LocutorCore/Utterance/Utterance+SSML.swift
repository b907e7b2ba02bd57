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
                ![",", ".", ";", ":", "!", "?", ")"].contains(first)
            {
                body += " "
            }
            var element: String
            if let ipa = segment.ipa {
                element = "<phoneme alphabet=\"ipa\" ph=\"\(MarkupText.escaped(ipa))\">\(MarkupText.escaped(words))</phoneme>"
            } else if let written = segment.written, written != words {
                element = "<sub alias=\"\(MarkupText.escaped(words))\">\(MarkupText.escaped(written))</sub>"
            } else {
                element = MarkupText.escaped(words)
            }
            if let lang = segment.lang {
                element = "<lang xml:lang=\"\(MarkupText.escaped(lang))\">\(element)</lang>"
            }
            body += element
            previousText = words
        }
        return "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"\(MarkupText.escaped(language))\">"
            + body + "</speak>"
    }
}
