import LocutorCore

/// A JSON value with where each of its parts is written, for the string files that are JSON
/// (`.xcstrings`, i18next and ARB translations): Foundation's parser gives no positions.
indirect enum PositionedJSON {
    case string(String, at: Int)
    case scalar(String, at: Int)
    case array([PositionedJSON], at: Int)
    /// Members in the order written; the index is that of the key's opening quote.
    case object([(key: String, keyAt: Int, value: PositionedJSON)], at: Int)

    var start: Int {
        switch self {
        case let .string(_, at), let .scalar(_, at), let .array(_, at), let .object(_, at): at
        }
    }

    var members: [(key: String, keyAt: Int, value: PositionedJSON)]? {
        if case let .object(members, _) = self { return members }
        return nil
    }

    /// The member called `key`, if this is an object that has one.
    subscript(key: String) -> PositionedJSON? {
        members?.first { $0.key == key }?.value
    }

    var string: String? {
        if case let .string(value, _) = self { return value }
        return nil
    }

    /// Parses `text`; nesting deeper than `maximumDepth` is refused rather than recursed into.
    static func parse(_ text: ScalarText, maximumDepth: Int = 64) throws(StringFileError) -> PositionedJSON {
        var parser = Parser(text: text, maximumDepth: maximumDepth)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == text.scalars.count else { throw text.error(parser.index, "text after the JSON value — remove it") }
        return value
    }

    private struct Parser {
        let text: ScalarText
        let maximumDepth: Int
        var index = 0
        var scalars: [Unicode.Scalar] { text.scalars }

        init(text: ScalarText, maximumDepth: Int) {
            self.text = text
            self.maximumDepth = maximumDepth
            if text.scalars.first == "\u{FEFF}" { index = 1 }
        }

        mutating func skipSpace() {
            while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
        }

        func failure(_ problem: String) -> StringFileError {
            text.error(index, "not valid JSON: \(problem)")
        }

        mutating func value(depth: Int) throws(StringFileError) -> PositionedJSON {
            skipSpace()
            guard index < scalars.count else { throw failure("the file ends where a value should be") }
            let start = index
            switch scalars[index] {
            case "{":
                guard depth < maximumDepth else { throw failure("nested more than \(maximumDepth) levels deep") }
                index += 1
                var members: [(key: String, keyAt: Int, value: PositionedJSON)] = []
                var seen: Set<String> = []
                skipSpace()
                if index < scalars.count, scalars[index] == "}" {
                    index += 1
                    return .object(members, at: start)
                }
                while true {
                    skipSpace()
                    let keyAt = index
                    guard index < scalars.count, scalars[index] == "\"" else { throw failure("expected a key in double quotes") }
                    let key = try string()
                    guard seen.insert(key).inserted else {
                        throw text.error(keyAt, "the key \"\(key)\" is written twice in this object — keep one")
                    }
                    skipSpace()
                    guard index < scalars.count, scalars[index] == ":" else { throw failure("expected ':' after the key") }
                    index += 1
                    members.append((key, keyAt, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < scalars.count else { throw failure("the file ends inside an object — close it with '}'") }
                    if scalars[index] == "," {
                        index += 1
                        continue
                    }
                    guard scalars[index] == "}" else { throw failure("expected ',' or '}'") }
                    index += 1
                    return .object(members, at: start)
                }
            case "[":
                guard depth < maximumDepth else { throw failure("nested more than \(maximumDepth) levels deep") }
                index += 1
                var items: [PositionedJSON] = []
                skipSpace()
                if index < scalars.count, scalars[index] == "]" {
                    index += 1
                    return .array(items, at: start)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < scalars.count else { throw failure("the file ends inside an array — close it with ']'") }
                    if scalars[index] == "," {
                        index += 1
                        continue
                    }
                    guard scalars[index] == "]" else { throw failure("expected ',' or ']'") }
                    index += 1
                    return .array(items, at: start)
                }
            case "\"":
                return .string(try string(), at: start)
            default:
                while index < scalars.count, !",}] \t\r\n".unicodeScalars.contains(scalars[index]) { index += 1 }
                let word = String(String.UnicodeScalarView(scalars[start..<index]))
                guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
                    index = start
                    throw failure("expected a value, found '\(word.prefix(20))'")
                }
                return .scalar(word, at: start)
            }
        }

        /// A string from its opening quote; `index` ends after the closing one.
        mutating func string() throws(StringFileError) -> String {
            index += 1
            var result = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\"":
                    index += 1
                    return String(result)
                case "\\":
                    index += 1
                    guard index < scalars.count else { break }
                    let escaped = scalars[index]
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
                        if (0xD800..<0xDC00).contains(code), index + 1 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in \\u escapes") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let decoded = Unicode.Scalar(code) else { throw failure("a lone surrogate in \\u escapes") }
                        result.append(decoded)
                    default:
                        index -= 2
                        throw failure("unknown escape '\\\(escaped)'")
                    }
                case "\n":
                    throw failure("a line break inside a string — write it as \\n")
                default:
                    result.append(scalar)
                    index += 1
                }
            }
            throw failure("the file ends inside a string — close it with '\"'")
        }

        mutating func hex4() throws(StringFileError) -> UInt32 {
            guard index + 4 <= scalars.count else { throw failure("a \\u escape needs four hex digits") }
            var code: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = UInt32(String(scalars[index]), radix: 16) else { throw failure("a \\u escape needs four hex digits") }
                code = code * 16 + digit
                index += 1
            }
            return code
        }
    }
}
