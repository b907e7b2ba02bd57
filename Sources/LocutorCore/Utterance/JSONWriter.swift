/// Writes JSON by hand: the verbalizer emits hundreds of thousands of small objects a second,
/// and keys must come in a fixed order so output can be diffed.
package struct JSONWriter {
    /// The JSON so far as UTF-8: appending bytes costs a fraction of appending to a `String`,
    /// and an object is many small appends.
    private var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    package init() {}

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    package mutating func beginArray(_ key: String) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    package mutating func string(_ key: String, _ value: String) {
        self.key(key)
        Self.appendQuoted(value, to: &bytes)
    }

    /// A value written as it is: a number, or JSON made elsewhere.
    package mutating func raw(_ key: String, _ json: String) {
        self.key(key)
        bytes += json.utf8
    }

    package mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        bytes += (value ? "true" : "false").utf8
    }

    private mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func separate() {
        guard !needsComma.isEmpty else { return }
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, and U+FEFF
    /// (Foundation's reader drops one that starts a string, taking it for a byte-order mark);
    /// everything else written as UTF-8. Runs that need no escape are copied whole.
    static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let escape: String
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escape = #"\""#
                case UInt8(ascii: "\\"): escape = #"\\"#
                case UInt8(ascii: "\n"): escape = #"\n"#
                case UInt8(ascii: "\r"): escape = #"\r"#
                case UInt8(ascii: "\t"): escape = #"\t"#
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBB && utf8[index + 2] == 0xBF:
                    escape = #"\ufeff"#
                    width = 3
                default:
                    index += 1
                    continue
                }
                bytes += UnsafeBufferPointer(rebasing: utf8[start..<index])
                bytes += escape.utf8
                index += width
                start = index
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[start...])
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
