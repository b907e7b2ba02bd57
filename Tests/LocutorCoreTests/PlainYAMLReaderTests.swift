import Foundation
import PropertyBased
import Testing

@testable import LocutorCore

/// `PlainYAMLReader` reads the data files without Yams: whatever it reads must be what Yams
/// reads, value for value and place for place, and everything else must be left to Yams.
@Suite struct PlainYAMLReaderTests {
    /// What the plain reader makes of `yaml` (nil: it leaves the text to Yams), checked against Yams.
    private func agree(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> DataNode? {
        guard let plain = PlainYAMLReader.read(yaml, source: YAMLSource(yaml, origin: "t.yaml")) else { return nil }
        do {
            let yams = try DataNode.parseWithYams(yaml, origin: "t.yaml")
            guard let yams else {
                Issue.record("Yams reads an empty document from \(yaml.debugDescription)", sourceLocation: sourceLocation)
                return plain
            }
            #expect(plain.isSameReading(as: yams), "the readers differ on \(yaml.debugDescription)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Yams refuses what the plain reader read: \(yaml.debugDescription): \(error)", sourceLocation: sourceLocation)
        }
        return plain
    }

    @Test("Every YAML file shipped is read without Yams, exactly as Yams reads it")
    func shippedFiles() throws {
        let root = VoiceFixtures.folder.deletingLastPathComponent()
        var texts = VoiceFixtures.files.filter { $0.key.hasSuffix(".yaml") }.map { ("voices/" + $0.key, $0.value) }
        texts.append(("samples/catalog.yaml", try String(contentsOf: root.appendingPathComponent("samples/catalog.yaml"), encoding: .utf8)))
        #expect(texts.count > 20)
        for (path, text) in texts {
            #expect(agree(text) != nil, "\(path) is left to Yams")
        }
    }

    @Test(
        "The YAML the data files use is read as Yams reads it",
        arguments: [
            "a: 1\nb: two words\n",
            "a:\n  b: 1\n  c:\n    d: x\ne: 2",
            "a:\n- 1\n- 2\nb: 3\n",
            "a:\n  - 1\n  -\n  - x: 1\n    y: [1, 2]\n  - { k: v, l: 'q''s' }\nb:\n",
            "- a\n- b: 1\n  c: 2\n-\n- [x, \"y\\u00e9\", {z: 1}]\n",
            "# comment\n\n  # indented comment\na: 1 # trailing\nb: '#not' #c\nc: x#y\nd: \"\\\"\\\\\\/\\0\\a\\x41\\U0001F600\\N\\_\\L\\P\"\n",
            "ключ: значение\n\"\\\"\": length-inch\n'€': euro\ne: ₽ — 1 000\n",
            "a: []\nb: {}\nc: [ ]\nd: ~\ne: null\nf: yes\ng: 1.5e3\nh: -7\ni: 'yes'\n",
            "a: http://x.y/z\nb: 12:30\nc: -x\nd: ?x\ne: :x\nf: a [b] {c}, d\n",
            "a:   \nb:    # nothing\nc:\n",
            "a: [x,\n  y, # c\n  z]\nb: {k: v,\n  l: [1,\n    2]}\nc: [\n  {a: 1},\n  {a: 2}\n  ]\n",
            "  a: 1\n  b: 2\n",
            "a: 1",
            "a:",
            "- x",
        ])
    func readsTheSubset(_ yaml: String) {
        #expect(agree(yaml) != nil, "left to Yams: \(yaml.debugDescription)")
    }

    @Test(
        "What the plain reader does not know, or what is not YAML, is left to Yams",
        arguments: [
            "", "# only a comment\n", "a: &x 1\nb: *x\n", "a: !!int 1\n", "a: |\n  text\n", "a: >\n  text\n",
            "a: folded\n  over lines\n", "a: 'two\n  lines'\n", "a: [1,\n  2]\n", "a:\tb\n", "a: 1\r\nb: 2\r\n",
            "\u{FEFF}a: 1\n", "a: 1\na: 2\n", "{a: 1, a: 2}", "---\na: 1\n", "a: 1\n...\n", "%YAML 1.1\n---\na: 1\n",
            "a: b: c\n", "a: [1, 2,]\n", "a: {b}\n", "? a\n: b\n", "a: 1\n b: 2\n", "a:\n  b: 1\n c: 2\n",
            "- - a\n", "a: \"\\q\"\n", "a: \"\\uD800\"\n", "a: x\u{85}y\n", "a: \u{7}\n", "plain text\n", "[1, 2]\n",
            "a: 1\n- b\n", "a: [a:b]\n", "a: {b: c:d}\n", "a: \"x\"y\n", "a: \"x\" # c\n  b: 1\n",
        ])
    func leavesTheRest(_ yaml: String) {
        // Either reader may refuse these; what the plain one reads must still be Yams's reading.
        _ = agree(yaml)
    }

    @Test("Only what libYAML would refuse or read otherwise is left to Yams, in these")
    func refusesTheRest() {
        for yaml in ["a: &x 1\nb: *x\n", "a: |\n  text\n", "a: folded\n  over lines\n", "a: 1\na: 2\n", "a: b: c\n", "a:\tb\n"] {
            #expect(PlainYAMLReader.read(yaml, source: YAMLSource(yaml, origin: "t.yaml")) == nil, "\(yaml.debugDescription)")
        }
    }

    @Test("Random documents built from YAML's structure: whatever the plain reader reads, Yams reads the same")
    func randomDocuments() async {
        let keys = Gen<String?>.element(of: [
            "a", "b", "ключ", "x y", "\"q\"", "'s'", "\"\\\"\"", "-k", "k:v", "#", "a #b", "?", "1", "~", "é€",
        ]).map { $0 ?? "a" }
        let values = Gen<String?>.element(of: [
            "", " ", "1", "two words", "'it''s'", "\"\\u00e9\\n\"", "[a, b]", "{ a: 1, b: [x] }", "[]", "x # c", "x#c", "a: b",
            "&a x", "*a", "|", ">", "\"open", "'open", "[a,", "{a", "-", "- x", "? x", ": x", "₽ 1 000", "\t", "\\", "😀",
            "a, b", "[a b]", "{a: b, c}", "!t x", "%", "@", "`", "12:30", "http://x", "[a,\n  b]", "{a: 1,\n   b: [2,\n 3]}",
            "[a\n  b]", "[\na]", "[a, # c\n  b]", "{a:\n  b}", "[\n\n  a]", "x\n  y", "'a\n  b'",
        ]).map { $0 ?? "" }
        let indents = Gen<Int?>.element(of: [0, 0, 0, 2, 2, 4, 1, 3]).map { $0 ?? 0 }
        let shapes = Gen<Int?>.element(of: Array(0..<7)).map { $0 ?? 0 }
        let line = zip(indents, shapes, keys, values).map { indent, shape, key, value -> String in
            let pad = String(repeating: " ", count: indent)
            switch shape {
            case 0: return "\(pad)\(key): \(value)"
            case 1: return "\(pad)- \(value)"
            case 2: return "\(pad)- \(key): \(value)"
            case 3: return "\(pad)\(key):"
            case 4: return "\(pad)# \(value)"
            case 5: return ""
            default: return "\(pad)\(value)"
            }
        }
        let documents = line.array(of: 1...12).map { $0.joined(separator: "\n") + "\n" }
        await propertyCheck(count: 3000, input: documents) { yaml in
            _ = agree(yaml)
        }
    }
}
