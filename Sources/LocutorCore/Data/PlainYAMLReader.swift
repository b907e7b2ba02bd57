import Yams

/// Reads the YAML the data files are written in straight into `DataNode`s — the same values,
/// styles and places Yams gives — without composing Yams's nodes first, which was most of the
/// time of loading a region (es.yaml: 19 ms of a 70 ms start-up, on the slower test machine).
///
/// It reads block mappings and sequences (a sequence may stand at its key's indentation, and a
/// sequence item may start a mapping: `- match: …`), flow sequences and mappings (over several
/// lines too), plain scalars on one line, single- and double-quoted scalars on one line, and
/// comments.
/// Anything else gives nil, and the file is read by Yams: anchors, aliases, tags, block scalars
/// (`|`, `>`), text that runs over several lines, tabs, line breaks other than LF, a repeated key,
/// a character YAML refuses, directives and document markers. Yams stays the reference for what
/// a file means and for every syntax error; the tests check both readers give the same nodes.
package struct PlainYAMLReader {
    /// Something this reader leaves to Yams.
    private struct Unsupported: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private let source: YAMLSource
    private var position = 0
    /// The current line, from 1, and where it starts.
    private var line = 1
    private var lineStart = 0
    /// The indentation of the line `position` stands on, at its first character; nil after the text.
    private var pending: Int?

    /// The document in `yaml`, or nil when it is not written in the YAML this reader knows.
    package static func read(_ yaml: String, source: YAMLSource) -> DataNode? {
        var yaml = yaml
        return yaml.withUTF8 { bytes -> DataNode? in
            guard isPlainText(bytes) else { return nil }
            var reader = PlainYAMLReader(bytes: bytes, source: source)
            return try? reader.document()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, source: YAMLSource) {
        self.bytes = bytes
        self.source = source
    }

    /// Whether every character is one YAML takes as it is, with LF as the only line break: no
    /// tab, no other control character, no NEL, LS or PS, no byte order mark and no noncharacter
    /// U+FFFE or U+FFFF. (The text is valid UTF-8: it is a `String`.)
    private static func isPlainText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A, 0x20...0x7E: index += 1
            case 0xC2:
                // U+0080…U+009F are C1 controls and NEL.
                guard index + 1 < bytes.count, bytes[index + 1] >= 0xA0 else { return false }
                index += 2
            case 0xE2:
                // U+2028 and U+2029 end lines in YAML 1.1.
                guard index + 2 < bytes.count, !(bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
                else { return false }
                index += 3
            case 0xEF:
                // U+FEFF, U+FFFE and U+FFFF.
                guard index + 2 < bytes.count else { return false }
                let (second, third) = (bytes[index + 1], bytes[index + 2])
                if second == 0xBB && third == 0xBF { return false }
                if second == 0xBF && (third == 0xBE || third == 0xBF) { return false }
                index += 3
            case 0xC3...0xDF: index += 2
            case 0xE0...0xEF: index += 3
            case 0xF0...0xF4: index += 4
            default: return false
            }
        }
        return true
    }

    // MARK: Lines

    private func byte(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    /// Whether the byte `ahead` of the position ends a token: a space, a line break or the end.
    private func isBlank(_ ahead: Int) -> Bool {
        guard let byte = byte(ahead) else { return true }
        return byte == 0x20 || byte == 0x0A
    }

    /// The place of `index` on the current line; libYAML counts columns in Unicode scalars.
    private func place(_ index: Int) -> YAMLSource.Place {
        var column = 1
        for offset in lineStart..<index where bytes[offset] & 0xC0 != 0x80 { column += 1 }
        return YAMLSource.Place(line: line, column: column)
    }

    private mutating func skipSpaces() {
        while byte() == 0x20 { position += 1 }
    }

    /// Ends the line a value ended on (spaces and a comment may follow it), then moves to the
    /// first character of the next line that holds one, and sets `pending`.
    private mutating func finishLine() throws(Unsupported) {
        skipSpaces()
        if byte() == UInt8(ascii: "#") {
            // A comment needs a space before it: "\"a\"#b" is not one.
            guard position == lineStart || bytes[position - 1] == 0x20 else { throw Unsupported() }
            while let byte = byte(), byte != 0x0A { position += 1 }
        }
        guard let byte = byte() else {
            pending = nil
            return
        }
        guard byte == 0x0A else { throw Unsupported() }
        position += 1
        line += 1
        lineStart = position
        try findContent()
    }

    /// From the start of a line, skips blank and comment lines to the first character of one
    /// that holds a value, and sets `pending`.
    private mutating func findContent() throws(Unsupported) {
        while true {
            skipSpaces()
            switch byte() {
            case nil:
                pending = nil
                return
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            case UInt8(ascii: "#"):
                while let byte = byte(), byte != 0x0A { position += 1 }
            default:
                let indent = position - lineStart
                if indent == 0 {
                    // Directives and document markers: the parts of a stream Yams handles.
                    if byte() == UInt8(ascii: "%") { throw Unsupported() }
                    for marker in [UInt8(ascii: "-"), UInt8(ascii: ".")]
                    where byte() == marker && byte(1) == marker && byte(2) == marker && isBlank(3) {
                        throw Unsupported()
                    }
                }
                pending = indent
                return
            }
        }
    }

    // MARK: Block nodes

    private mutating func document() throws(Unsupported) -> DataNode {
        try findContent()
        guard let indent = pending else { throw Unsupported() }  // an empty document
        let root = try blockCollection(indent: indent)
        guard pending == nil else { throw Unsupported() }  // text after the root, less indented
        return root
    }

    /// The mapping or sequence whose first entry starts at the position, on a line indented `indent`.
    private mutating func blockCollection(indent: Int) throws(Unsupported) -> DataNode {
        if isSequenceEntry { return try blockSequence(indent: indent) }
        guard startsKey() else { throw Unsupported() }  // a scalar or flow node on a line of its own
        return try blockMapping(indent: indent)
    }

    private var isSequenceEntry: Bool { byte() == UInt8(ascii: "-") && isBlank(1) }

    /// Whether a mapping key starts at the position: a plain or quoted scalar on this line,
    /// then ":" and a space or the line's end.
    private func startsKey() -> Bool {
        guard let first = byte() else { return false }
        var index = position
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            index += 1
            while index < bytes.count, bytes[index] != 0x0A {
                if first == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if bytes[index] == first {
                    if first == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == first {
                        index += 2
                        continue
                    }
                    break
                }
                index += 1
            }
            guard index < bytes.count, bytes[index] == first else { return false }
            index += 1
            return index < bytes.count && bytes[index] == UInt8(ascii: ":")
                && (index + 1 == bytes.count || bytes[index + 1] == 0x20 || bytes[index + 1] == 0x0A)
        default:
            guard Self.startsPlain(first, next: position + 1 < bytes.count ? bytes[position + 1] : nil) else { return false }
            while index < bytes.count, bytes[index] != 0x0A {
                let byte = bytes[index]
                if byte == UInt8(ascii: ":") {
                    let next = index + 1 < bytes.count ? bytes[index + 1] : 0x0A
                    if next == 0x20 || next == 0x0A { return true }
                }
                if byte == UInt8(ascii: "#"), index > position, bytes[index - 1] == 0x20 { return false }
                index += 1
            }
            return false
        }
    }

    /// Whether a plain scalar may start with `first`: not with an indicator, and with "-", "?"
    /// or ":" only when a character other than a space follows.
    private static func startsPlain(_ first: UInt8, next: UInt8?) -> Bool {
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            guard let next else { return false }
            return next != 0x20 && next != 0x0A && next != UInt8(ascii: ",") && next != UInt8(ascii: "[")
                && next != UInt8(ascii: "]") && next != UInt8(ascii: "{") && next != UInt8(ascii: "}")
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            return false
        default:
            return true
        }
    }

    /// A block mapping whose keys stand at `indent`; the position is at its first key.
    private mutating func blockMapping(indent: Int) throws(Unsupported) -> DataNode {
        let start = place(position)
        var pairs: [(key: DataNode, value: DataNode)] = []
        var keys: Set<String> = []
        while true {
            guard !isSequenceEntry else { throw Unsupported() }
            let key = try scalar(flow: false, key: true)
            // A key Yams would refuse (repeated) or read otherwise (longer than libYAML's simple keys).
            guard let text = key.scalar, keys.insert(text).inserted, position - lineStart < 1024,
                byte() == UInt8(ascii: ":"), isBlank(1)
            else { throw Unsupported() }
            position += 1
            let afterColon = place(position)
            skipSpaces()
            let value: DataNode
            if byte() == nil || byte() == 0x0A || byte() == UInt8(ascii: "#") {
                try finishLine()
                if let next = pending, next > indent {
                    value = try blockCollection(indent: next)
                } else if pending == indent, isSequenceEntry {
                    value = try blockSequence(indent: indent)
                } else {
                    value = DataNode(scalar: "", style: .plain, at: afterColon, source: source)
                }
            } else {
                value = try inlineNode(flow: false)
                try finishLine()
            }
            pairs.append((key, value))
            guard let next = pending, next >= indent else { break }
            guard next == indent else { throw Unsupported() }
        }
        return DataNode(.mapping(pairs), at: start, source: source)
    }

    /// A block sequence whose "-" stand at `indent`; the position is at the first "-".
    private mutating func blockSequence(indent: Int) throws(Unsupported) -> DataNode {
        let start = place(position)
        var items: [DataNode] = []
        while true {
            position += 1
            let afterDash = place(position)
            skipSpaces()
            if byte() == nil || byte() == 0x0A || byte() == UInt8(ascii: "#") {
                try finishLine()
                if let next = pending, next > indent {
                    items.append(try blockCollection(indent: next))
                } else {
                    items.append(DataNode(scalar: "", style: .plain, at: afterDash, source: source))
                }
            } else if isSequenceEntry {
                throw Unsupported()  // "- - a"
            } else if startsKey() {
                // "- key: value": a mapping whose keys stand where this one does.
                items.append(try blockMapping(indent: position - lineStart))
            } else {
                items.append(try inlineNode(flow: false))
                try finishLine()
            }
            guard let next = pending, next >= indent else { break }
            guard next == indent, isSequenceEntry else {
                // The next key of the mapping that holds this sequence at its own indentation,
                // or text Yams must judge.
                if next == indent { break }
                throw Unsupported()
            }
        }
        return DataNode(.sequence(items), at: start, source: source)
    }

    // MARK: Nodes on one line

    /// A flow collection or a scalar that starts at the position and ends on its line.
    private mutating func inlineNode(flow: Bool) throws(Unsupported) -> DataNode {
        switch byte() {
        case UInt8(ascii: "["): return try flowSequence()
        case UInt8(ascii: "{"): return try flowMapping()
        default: return try scalar(flow: flow)
        }
    }

    /// A plain, single-quoted or double-quoted scalar that starts at the position; a `key` ends
    /// at its ":".
    private mutating func scalar(flow: Bool, key: Bool = false) throws(Unsupported) -> DataNode {
        let start = place(position)
        switch byte() {
        case UInt8(ascii: "\""):
            return DataNode(scalar: try quoted(UInt8(ascii: "\"")), style: .doubleQuoted, at: start, source: source)
        case UInt8(ascii: "'"):
            return DataNode(scalar: try quoted(UInt8(ascii: "'")), style: .singleQuoted, at: start, source: source)
        case let first?:
            guard Self.startsPlain(first, next: byte(1)) else { throw Unsupported() }
            return DataNode(scalar: try plain(flow: flow, key: key), style: .plain, at: start, source: source)
        case nil:
            throw Unsupported()
        }
    }

    /// A plain scalar: up to the line's end, a comment (" #"), or ":" and a space, which ends a
    /// key and may not follow a value in a block; in a flow collection also up to ",", "]" or
    /// "}". Spaces at its end are not part of it.
    private mutating func plain(flow: Bool, key: Bool) throws(Unsupported) -> String {
        let start = position
        var end = position
        while let byte = byte(), byte != 0x0A {
            switch byte {
            case 0x20:
                position += 1
                continue
            case UInt8(ascii: "#") where bytes[position - 1] == 0x20:
                break
            case UInt8(ascii: ":") where isBlank(1):
                guard key || flow else { throw Unsupported() }
            case UInt8(ascii: ":") where flow:
                throw Unsupported()  // libYAML reads ":" in a flow collection in its own ways
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "?"):
                guard flow else {
                    position += 1
                    end = position
                    continue
                }
                guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") else { throw Unsupported() }
            default:
                position += 1
                end = position
                continue
            }
            break
        }
        position = end
        return text(start, end)
    }

    /// The text of the bytes from `start` up to `end`.
    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A scalar in single or double quotes that ends on its line: `''` stands for `'` in single
    /// quotes, and libYAML's escapes are decoded in double quotes.
    private mutating func quoted(_ quote: UInt8) throws(Unsupported) -> String {
        position += 1
        var start = position
        var text = ""
        while let byte = byte() {
            switch byte {
            case 0x0A: throw Unsupported()  // folded over lines
            case quote:
                text += self.text(start, position)
                position += 1
                guard quote == UInt8(ascii: "'"), self.byte() == quote else { return text }
                start = position
                position += 1
            case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
                text += self.text(start, position)
                guard let letter = self.byte(1),
                    let (decoded, length) = YAMLSource.escape(Unicode.Scalar(letter), at: { self.byte($0).map(Unicode.Scalar.init) })
                else { throw Unsupported() }
                text.unicodeScalars.append(decoded)
                position += length
                start = position
            default: position += 1
            }
        }
        throw Unsupported()
    }

    /// Moves past spaces, comments and line breaks inside a flow collection. A line inside one
    /// must be indented: libYAML reads a line at the margin as the end of the document or an error.
    private mutating func skipFlowSpace() throws(Unsupported) {
        while let byte = byte() {
            switch byte {
            case 0x20:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
                guard self.byte() == 0x20 else { throw Unsupported() }
            case UInt8(ascii: "#") where position == lineStart || bytes[position - 1] == 0x20:
                while let byte = self.byte(), byte != 0x0A { position += 1 }
            default:
                return
            }
        }
    }

    private mutating func flowSequence() throws(Unsupported) -> DataNode {
        let start = place(position)
        var items: [DataNode] = []
        try flowEntries(closer: UInt8(ascii: "]")) { reader throws(Unsupported) in
            items.append(try reader.inlineNode(flow: true))
        }
        return DataNode(.sequence(items), at: start, source: source)
    }

    private mutating func flowMapping() throws(Unsupported) -> DataNode {
        let start = place(position)
        var pairs: [(key: DataNode, value: DataNode)] = []
        var keys: Set<String> = []
        try flowEntries(closer: UInt8(ascii: "}")) { reader throws(Unsupported) in
            let key = try reader.scalar(flow: true, key: true)
            reader.skipSpaces()  // a key and its ":" share a line
            guard let text = key.scalar, keys.insert(text).inserted, reader.byte() == UInt8(ascii: ":"), reader.isBlank(1) else {
                throw Unsupported()
            }
            reader.position += 1
            try reader.skipFlowSpace()
            pairs.append((key, try reader.inlineNode(flow: true)))
        }
        return DataNode(.mapping(pairs), at: start, source: source)
    }

    /// Reads the entries of the flow collection whose bracket is at the position with `entry`,
    /// up to its `closer`: entries are separated by commas, and spaces, comments and line
    /// breaks may stand between them.
    private mutating func flowEntries(
        closer: UInt8, _ entry: (inout PlainYAMLReader) throws(Unsupported) -> Void
    ) throws(Unsupported) {
        position += 1
        try skipFlowSpace()
        if byte() == closer {
            position += 1
            return
        }
        while true {
            try entry(&self)
            try skipFlowSpace()
            switch byte() {
            case UInt8(ascii: ","):
                position += 1
                try skipFlowSpace()
                // A trailing comma, or an entry a comment or the line's end cuts: Yams's.
                if byte() == closer { throw Unsupported() }
            case closer:
                position += 1
                return
            default:
                throw Unsupported()
            }
        }
    }
}
