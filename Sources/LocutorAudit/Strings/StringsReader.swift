import LocutorCore

/// Apple's `.strings` files: `"key" = "value";` pairs, with C comments, `\"` `\\` `\n` `\t` `\r`
/// and `\U`/`\u` escapes; keys may also be written without quotes.
enum StringsReader {
    static func read(_ text: ScalarText, file: String, locale: String?) throws(StringFileError) -> [AppString] {
        var reader = Cursor(text: text)
        var strings: [AppString] = []
        var seen: Set<String> = []
        while true {
            try reader.skipSpaceAndComments()
            guard reader.index < text.scalars.count else { return strings }
            let keyAt = reader.index
            let key = try reader.token("a key")
            try reader.skipSpaceAndComments()
            guard reader.take("=") else { throw text.error(reader.index, "expected '=' after the key — write \"key\" = \"value\";") }
            try reader.skipSpaceAndComments()
            guard reader.index < text.scalars.count, text.scalars[reader.index] == "\"" else {
                throw text.error(reader.index, "expected the value in double quotes — write \"key\" = \"value\";")
            }
            let valueAt = reader.index + 1
            let value = try reader.token("a value")
            try reader.skipSpaceAndComments()
            guard reader.take(";") else { throw text.error(reader.index, "expected ';' after the value") }
            guard seen.insert(key).inserted else {
                throw text.error(keyAt, "the key \"\(key)\" is written twice — keep one")
            }
            strings.append(AppString(key: key, locale: locale, text: value, location: text.location(valueAt)))
        }
    }

    private struct Cursor {
        let text: ScalarText
        var index = 0
        var scalars: [Unicode.Scalar] { text.scalars }

        init(text: ScalarText) {
            self.text = text
            if text.scalars.first == "\u{FEFF}" { index = 1 }
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        mutating func skipSpaceAndComments() throws(StringFileError) {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar.properties.isWhitespace {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let start = index
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                    guard index + 1 < scalars.count else { throw text.error(start, "a comment that is never closed — end it with */") }
                    index += 2
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else {
                    return
                }
            }
        }

        /// A quoted string, or a key written without quotes.
        mutating func token(_ what: String) throws(StringFileError) -> String {
            guard index < scalars.count else { throw text.error(index, "the file ends where \(what) should be") }
            guard scalars[index] == "\"" else {
                let start = index
                while index < scalars.count,
                    scalars[index].properties.isAlphabetic || scalars[index].properties.numericType != nil
                        || "_.-:/$".unicodeScalars.contains(scalars[index])
                {
                    index += 1
                }
                guard index > start else { throw text.error(index, "expected \(what) in double quotes") }
                return String(String.UnicodeScalarView(scalars[start..<index]))
            }
            let start = index
            index += 1
            var result = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"": return String(result)
                case "\\":
                    guard index < scalars.count else { break }
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    case "r": result.append("\r")
                    case "U", "u":
                        var code: UInt32 = 0
                        var digits = 0
                        while digits < 4, index < scalars.count, let digit = UInt32(String(scalars[index]), radix: 16) {
                            code = code * 16 + digit
                            index += 1
                            digits += 1
                        }
                        guard digits == 4, let decoded = Unicode.Scalar(code) else {
                            throw text.error(index - digits - 2, "a \\U escape needs four hex digits of a character")
                        }
                        result.append(decoded)
                    default: result.append(escaped)
                    }
                default: result.append(scalar)
                }
            }
            throw text.error(start, "a string that is never closed — end it with \"")
        }
    }
}
