extension Utterance {
    /// The utterance as one JSON object, keys in a fixed order:
    /// `{"input", "region", "label", "words", "ssml", "segments"}` (`input` only when given).
    ///
    /// Each segment is `{"text", "label", "written", "ipa", "pause", "unread", "lang"}`, each key only when
    /// it says something. This is what `locutor verbalize --json` prints for a line.
    public func json(input: String? = nil) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        if let input { writer.string("input", input) }
        writer.string("region", region)
        writer.string("label", label)
        writer.string("words", words)
        writer.string("ssml", ssml)
        writeSegments(to: &writer)
        writer.endObject()
        return writer.text
    }

    /// The JSON object of an input that cannot be said: `{"input", "error"}`.
    package static func failureJSON(input: String, error: String) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("input", input)
        writer.string("error", error)
        writer.endObject()
        return writer.text
    }

    /// The segments as JSON: `[{"text": …, "label": …, "written": …, "ipa": …, "pause": true, "lang": …}]`,
    /// each key only when it says something.
    func writeSegments(to writer: inout JSONWriter) {
        writer.beginArray("segments")
        for segment in segments {
            writer.beginObject()
            writer.string("text", segment.words)
            if segment.label != segment.words { writer.string("label", segment.label) }
            if let written = segment.written { writer.string("written", written) }
            if let ipa = segment.ipa { writer.string("ipa", ipa) }
            if segment.isPause { writer.bool("pause", true) }
            if segment.isUnread { writer.bool("unread", true) }
            if let lang = segment.lang { writer.string("lang", lang) }
            writer.endObject()
        }
        writer.endArray()
    }
}
