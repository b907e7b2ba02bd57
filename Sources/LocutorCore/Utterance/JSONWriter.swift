/// Writes JSON by hand: the verbalizer emits hundreds of thousands of small objects a second,
/// and keys must come in a fixed order so output can be diffed.
package struct JSONWriter {
    package private(set) var text = ""
    private var needsComma: [Bool] = []

    package init() {}

    package mutating func beginObject() {
        separate()
        text += "{"
        needsComma.append(false)
    }

    package mutating func endObject() {
        text += "}"
        needsComma.removeLast()
    }

    package mutating func beginArray(_ key: String) {
        self.key(key)
        text += "["
        needsComma.append(false)
    }

    package mutating func endArray() {
        text += "]"
        needsComma.removeLast()
    }

    package mutating func string(_ key: String, _ value: String) {
        self.key(key)
        Self.appendQuoted(value, to: &text)
    }

    /// A value written as it is: a number, or JSON made elsewhere.
    package mutating func raw(_ key: String, _ json: String) {
        self.key(key)
        text += json
    }

    package mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        text += value ? "true" : "false"
    }

    private mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &text)
        text += ":"
    }

    private mutating func separate() {
        guard !needsComma.isEmpty else { return }
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; everything
    /// else written as UTF-8. Runs that need no escape are copied whole.
    package static func appendQuoted(_ value: String, to text: inout String) {
        text += "\""
        var utf8 = value.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text += value
        } else {
            var start = utf8.startIndex
            var index = start
            while index < utf8.endIndex {
                let byte = utf8[index]
                let escape: String?
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: escape = nil
                }
                if let escape {
                    text += value[start..<index]
                    text += escape
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            text += value[start..<utf8.endIndex]
            utf8 = value.utf8
        }
        text += "\""
    }
}
