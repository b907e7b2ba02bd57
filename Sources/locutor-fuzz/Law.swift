import Foundation
import LocutorCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The laws every target checks beyond "does not crash". A broken law traps, so libFuzzer saves
/// the input exactly as it saves a crash.
enum Law {
    static func violated(_ law: String, input: String, _ detail: String = "") -> Never {
        fatalError("law broken: \(law)\ninput: \(input.debugDescription)\n\(detail)")
    }

    /// An utterance's four exports: the words and label forms are not empty, the JSON the CLI
    /// writes parses back to the same words, and the SSML is well-formed XML.
    static func checkExports(_ utterance: Utterance, region: RegionID, input: String) {
        let words = utterance.words
        let label = utterance.label
        if words.isEmpty { violated("the words form of a non-blank input is never empty", input: input, "region \(region)") }
        if label.isEmpty { violated("the label form of a non-blank input is never empty", input: input, "region \(region)") }
        let ssml = utterance.ssml(language: region.rawValue)
        let json = utterance.json(input: input)
        // Foundation's parser drops a U+FEFF that starts a string value (it decodes each string
        // as a document that may begin with a byte order mark), so the texts are compared without it.
        func same(_ parsed: Any?, _ written: String) -> Bool {
            guard let parsed = parsed as? String else { return false }
            return parsed.unicodeScalars.filter { $0 != "\u{FEFF}" }.elementsEqual(written.unicodeScalars.filter { $0 != "\u{FEFF}" })
        }
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        guard let object, same(object["words"], words), same(object["input"], input),
            (object["segments"] as? [Any])?.count == utterance.segments.count
        else {
            violated("the JSON export parses back to what was written", input: input, "region \(region)\n\(json)")
        }
        #if canImport(FoundationXML)
        let parser = XMLParser(data: Data(ssml.utf8))
        if !parser.parse() {
            violated(
                "the SSML export is well-formed XML", input: input,
                "region \(region)\n\(ssml)\n\(parser.parserError.map { "\($0)" } ?? "")")
        }
        #endif
    }

    /// What `PlainYAMLReader` reads from a YAML text is what Yams reads: the same values, styles
    /// and places. (The reader leaves everything else to Yams.)
    static func checkYAMLReaders(_ text: String) {
        guard let plain = PlainYAMLReader.read(text, source: YAMLSource(text, origin: "fuzz.yaml")) else { return }
        let yams: DataNode?
        do {
            yams = try DataNode.parseWithYams(text, origin: "fuzz.yaml")
        } catch {
            violated("Yams reads what the plain YAML reader reads", input: text, "\(error)")
        }
        guard let yams, plain.isSameReading(as: yams) else {
            violated("the plain YAML reader reads what Yams reads", input: text)
        }
    }

    /// Every diagnostic about `file` points at a line the text has (libYAML's line breaks: LF,
    /// CR, CR LF, NEL, LS, PS) and a column from 1, and says what to do.
    static func checkDiagnostics(_ error: DataError, file: String, text: String) {
        let lines = YAMLSource(text, origin: file).lineCount
        for diagnostic in error.diagnostics {
            if diagnostic.problem.isEmpty || diagnostic.fix.isEmpty {
                violated("every diagnostic says what is wrong and how to fix it", input: text, "\(diagnostic)")
            }
            guard diagnostic.location.file == file else { continue }
            if !(1...lines).contains(diagnostic.location.line) || diagnostic.location.column < 1 {
                violated("every diagnostic's line lies inside the input (\(lines) lines)", input: text, "\(diagnostic)")
            }
        }
    }

    /// `json` with every number outside a string put in quotes; nil when its strings do not close.
    static func quotingNumbers(_ json: String) -> String? {
        var result = ""
        var inString = false
        var escaped = false
        var number = ""
        func flush() {
            if !number.isEmpty { result += "\"" + number + "\"" }
            number = ""
        }
        for character in json {
            if inString {
                result.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character.isNumber || (number.isEmpty ? character == "-" : "+-.eE".contains(character)) {
                number.append(character)
                continue
            }
            flush()
            if character == "\"" { inString = true }
            result.append(character)
        }
        flush()
        return inString ? nil : result
    }
}
