/// A JSON value as written, with where each part of it starts: numbers keep their text (an
/// amount must never pass through a Double), a key written twice in one object is refused (where
/// Foundation keeps the last), and every position is an index into the text's Unicode scalars,
/// for messages that name a line and column. Price components (`JSONObject`) and the string files
/// `locutor audit` reads are read with it.
package indirect enum JSONTree {
    case string(String, at: Int)
    /// A number exactly as written: `1000`, `-2.5`, `1e3`.
    case number(String, at: Int)
    case bool(Bool, at: Int)
    case null(at: Int)
    /// `end`: the index after the closing bracket.
    case array([JSONTree], at: Int, end: Int)
    case object([Member], at: Int, end: Int)

    package struct Member {
        package let key: String
        /// Where the key's opening quote is.
        package let keyAt: Int
        package let value: JSONTree
    }

    /// Where the text stops being JSON, and why.
    package struct Failure: Error, Equatable {
        /// The index of the scalar where reading stopped.
        package let index: Int
        package let problem: String
        /// The key, when the problem is a key written twice.
        package let duplicateKey: String?
    }

    /// Where the value starts.
    package var start: Int {
        switch self {
        case let .string(_, at), let .number(_, at), let .bool(_, at), let .null(at), let .array(_, at, _), let .object(_, at, _): at
        }
    }

    package var members: [Member]? {
        if case let .object(members, _, _) = self { return members }
        return nil
    }

    /// The member called `key`, if this is an object that has one.
    package subscript(key: String) -> JSONTree? {
        members?.first { $0.key == key }?.value
    }

    package var string: String? {
        if case let .string(value, _) = self { return value }
        return nil
    }

    /// Reads the one JSON value `scalars` hold (a byte-order mark before it is skipped); nesting
    /// deeper than `maximumDepth` is refused rather than recursed into.
    package static func parse(_ scalars: [Unicode.Scalar], maximumDepth: Int = 64) throws(Failure) -> JSONTree {
        var parser = Parser(text: scalars, maximumDepth: maximumDepth)
        if scalars.first == "\u{FEFF}" { parser.index = 1 }
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == scalars.count else { throw parser.failure("text after the JSON value") }
        return value
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        let maximumDepth: Int
        var index = 0

        init(text: [Unicode.Scalar], maximumDepth: Int) {
            self.text = text
            self.maximumDepth = maximumDepth
        }

        func failure(_ problem: String) -> Failure {
            Failure(index: index, problem: problem, duplicateKey: nil)
        }

        mutating func skipSpace() {
            while index < text.count, [" ", "\t", "\n", "\r"].contains(text[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONTree {
            skipSpace()
            guard index < text.count else { throw failure("the text ends where a value should be") }
            let start = index
            switch text[index] {
            case "{":
                guard depth < maximumDepth else { throw failure("nested more than \(maximumDepth) levels deep") }
                index += 1
                var members: [Member] = []
                var seen: Set<String> = []
                skipSpace()
                if index < text.count, text[index] == "}" {
                    index += 1
                    return .object(members, at: start, end: index)
                }
                while true {
                    skipSpace()
                    let keyAt = index
                    guard index < text.count, text[index] == "\"" else { throw failure("expected a key in double quotes") }
                    let key = try string()
                    guard seen.insert(key).inserted else {
                        throw Failure(index: keyAt, problem: "the key \"\(key)\" is written twice in this object", duplicateKey: key)
                    }
                    skipSpace()
                    guard index < text.count, text[index] == ":" else { throw failure("expected ':' after the key") }
                    index += 1
                    members.append(Member(key: key, keyAt: keyAt, value: try value(depth: depth + 1)))
                    skipSpace()
                    guard index < text.count else { throw failure("the text ends inside an object") }
                    if text[index] == "," {
                        index += 1
                        continue
                    }
                    guard text[index] == "}" else { throw failure("expected ',' or '}'") }
                    index += 1
                    return .object(members, at: start, end: index)
                }
            case "[":
                guard depth < maximumDepth else { throw failure("nested more than \(maximumDepth) levels deep") }
                index += 1
                var items: [JSONTree] = []
                skipSpace()
                if index < text.count, text[index] == "]" {
                    index += 1
                    return .array(items, at: start, end: index)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < text.count else { throw failure("the text ends inside an array") }
                    if text[index] == "," {
                        index += 1
                        continue
                    }
                    guard text[index] == "]" else { throw failure("expected ',' or ']'") }
                    index += 1
                    return .array(items, at: start, end: index)
                }
            case "\"": return .string(try string(), at: start)
            case "t":
                try literal("true")
                return .bool(true, at: start)
            case "f":
                try literal("false")
                return .bool(false, at: start)
            case "n":
                try literal("null")
                return .null(at: start)
            default: return .number(try number(), at: start)
            }
        }

        mutating func literal(_ word: String) throws(Failure) {
            let scalars = Array(word.unicodeScalars)
            guard Normalizer.hasPrefix(text, scalars, at: index) else { throw failure("an unknown value") }
            index += scalars.count
        }

        /// A number's text, checked against JSON's grammar.
        mutating func number() throws(Failure) -> String {
            let start = index
            if index < text.count, text[index] == "-" { index += 1 }
            func digits() -> Int {
                let from = index
                while index < text.count, ("0"..."9").contains(text[index]) { index += 1 }
                return index - from
            }
            guard digits() > 0 else {
                index = start
                throw failure("expected a value")
            }
            if index < text.count, text[index] == "." {
                index += 1
                guard digits() > 0 else { throw failure("no digits after the decimal point") }
            }
            if index < text.count, text[index] == "e" || text[index] == "E" {
                index += 1
                if index < text.count, text[index] == "+" || text[index] == "-" { index += 1 }
                guard digits() > 0 else { throw failure("no digits in the exponent") }
            }
            return String(String.UnicodeScalarView(text[start..<index]))
        }

        /// A string from its opening quote; `index` ends after the closing one.
        mutating func string() throws(Failure) -> String {
            index += 1
            var result = String.UnicodeScalarView()
            while index < text.count {
                let scalar = text[index]
                switch scalar {
                case "\"":
                    index += 1
                    return String(result)
                case "\\":
                    guard index + 1 < text.count else {
                        index += 1
                        throw failure("an unfinished escape")
                    }
                    let escaped = text[index + 1]
                    switch escaped {
                    case "\"", "\\", "/": result.append(escaped)
                    case "b": result.append("\u{08}")
                    case "f": result.append("\u{0C}")
                    case "n": result.append("\n")
                    case "r": result.append("\r")
                    case "t": result.append("\t")
                    case "u":
                        index += 2
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code), index + 1 < text.count, text[index] == "\\", text[index + 1] == "u" {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw failure("a broken surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let decoded = Unicode.Scalar(code) else { throw failure("a lone surrogate") }
                        result.append(decoded)
                        continue
                    default: throw failure("an unknown escape '\\\(escaped)'")
                    }
                    index += 2
                case "\n": throw failure("a line break inside a string (write it as \\n)")
                case _ where scalar.value < 0x20: throw failure("a control character inside a string")
                default:
                    result.append(scalar)
                    index += 1
                }
            }
            throw failure("a string that is never closed")
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < text.count, let digit = UInt32(String(text[index]), radix: 16) else {
                    throw failure("a \\u escape needs four hex digits")
                }
                value = value * 16 + digit
                index += 1
            }
            return value
        }
    }
}
