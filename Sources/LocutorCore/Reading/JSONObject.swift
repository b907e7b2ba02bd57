/// One JSON object read from its text, numbers kept as they are written.
///
/// Foundation's parser turns every number into a Double, so `99.9999999999999999` arrives as
/// 100: an amount must never pass through a Double. This reader keeps each number's text, so a
/// price component reads it exactly or refuses it, and it refuses a key written twice, which
/// Foundation would silently resolve to the last value.
package struct JSONObject {
    package enum Value {
        case string(String)
        /// A number as written: `1000`, `-2.5`, `1e3`.
        case number(String)
        case bool(Bool)
        case null
        /// An array or object, which a price component never holds; kept as written for messages.
        case nested(String)
    }

    package let fields: [String: Value]

    /// - Throws: `InputError.malformedJSON` naming the character where the text stops being one
    ///   JSON object; `InputError.duplicateKey` for a key written twice.
    package init(_ text: String) throws(InputError) {
        var parser = Parser(Array(text.unicodeScalars))
        fields = try parser.object()
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        var index = 0

        init(_ text: [Unicode.Scalar]) {
            self.text = text
        }

        func failure(_ problem: String) -> InputError {
            .malformedJSON("not valid JSON (\(problem) at character \(index + 1))")
        }

        mutating func skipSpace() {
            while index < text.count, [" ", "\t", "\n", "\r"].contains(text[index]) { index += 1 }
        }

        mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(InputError) {
            skipSpace()
            guard index < text.count, text[index] == scalar else { throw failure("expected \(what)") }
            index += 1
        }

        mutating func object() throws(InputError) -> [String: Value] {
            skipSpace()
            guard index < text.count, text[index] == "{" else {
                throw InputError.malformedJSON("a price component is one JSON object, such as {\"price\": \"1000\"}")
            }
            index += 1
            var fields: [String: Value] = [:]
            skipSpace()
            if index < text.count, text[index] == "}" {
                index += 1
            } else {
                while true {
                    skipSpace()
                    guard index < text.count, text[index] == "\"" else { throw failure("expected a key in quotes") }
                    let key = try string()
                    try expect(":", "':' after the key")
                    let value = try self.value()
                    guard fields[key] == nil else { throw InputError.duplicateKey(key) }
                    fields[key] = value
                    skipSpace()
                    guard index < text.count else { throw failure("unexpected end of text") }
                    if text[index] == "," {
                        index += 1
                        continue
                    }
                    try expect("}", "',' or '}'")
                    break
                }
            }
            skipSpace()
            guard index == text.count else { throw failure("unexpected text after the object") }
            return fields
        }

        mutating func value() throws(InputError) -> Value {
            skipSpace()
            guard index < text.count else { throw failure("unexpected end of text") }
            switch text[index] {
            case "\"": return .string(try string())
            case "{", "[":
                let start = index
                try skipNested()
                return .nested(String(scalars: text[start..<index]))
            case "t":
                try literal("true")
                return .bool(true)
            case "f":
                try literal("false")
                return .bool(false)
            case "n":
                try literal("null")
                return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws(InputError) {
            let scalars = Array(word.unicodeScalars)
            guard Normalizer.hasPrefix(text, scalars, at: index) else { throw failure("unknown value") }
            index += scalars.count
        }

        /// A JSON number's text, checked against JSON's grammar.
        mutating func number() throws(InputError) -> String {
            let start = index
            if index < text.count, text[index] == "-" { index += 1 }
            func digits() -> Int {
                let from = index
                while index < text.count, text[index].isASCIIDigit { index += 1 }
                return index - from
            }
            guard digits() > 0 else { throw failure("not a number") }
            if index < text.count, text[index] == "." {
                index += 1
                guard digits() > 0 else { throw failure("no digits after the decimal point") }
            }
            if index < text.count, text[index] == "e" || text[index] == "E" {
                index += 1
                if index < text.count, text[index] == "+" || text[index] == "-" { index += 1 }
                guard digits() > 0 else { throw failure("no digits in the exponent") }
            }
            return String(scalars: text[start..<index])
        }

        mutating func string() throws(InputError) -> String {
            index += 1  // the opening quote
            var result = String.UnicodeScalarView()
            while index < text.count {
                let scalar = text[index]
                index += 1
                switch scalar {
                case "\"": return String(result)
                case "\\":
                    guard index < text.count else { throw failure("unfinished escape") }
                    let escaped = text[index]
                    index += 1
                    switch escaped {
                    case "\"", "\\", "/": result.append(escaped)
                    case "b": result.append("\u{08}")
                    case "f": result.append("\u{0C}")
                    case "n": result.append("\n")
                    case "r": result.append("\r")
                    case "t": result.append("\t")
                    case "u":
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code), index + 1 < text.count, text[index] == "\\", text[index + 1] == "u" {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw failure("a broken surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let decoded = Unicode.Scalar(code) else { throw failure("a lone surrogate") }
                        result.append(decoded)
                    default: throw failure("unknown escape \\\(escaped)")
                    }
                case _ where scalar.value < 0x20: throw failure("a control character inside a string")
                default: result.append(scalar)
                }
            }
            throw failure("a string that is never closed")
        }

        mutating func hex4() throws(InputError) -> UInt32 {
            guard index + 4 <= text.count else { throw failure("a short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = UInt32(String(text[index]), radix: 16) else { throw failure("a bad \\u escape") }
                value = value * 16 + digit
                index += 1
            }
            return value
        }

        /// Skips an array or object (a value a price component never has), strings included.
        mutating func skipNested() throws(InputError) {
            var depth = 0
            while index < text.count {
                let scalar = text[index]
                if scalar == "\"" {
                    _ = try string()
                    continue
                }
                index += 1
                if scalar == "{" || scalar == "[" { depth += 1 }
                if scalar == "}" || scalar == "]" {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
            throw failure("an array or object that is never closed")
        }
    }
}
