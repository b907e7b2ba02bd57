import Foundation

/// Escaping for the listening page: text, attribute values, URLs and JSON inside `<script>`.
///
/// Every string that reaches the page from a manifest goes through one of these: a catalog is
/// user data, and an input may well be `</script><script>alert(1)</script>`.
enum HTMLText {
    /// `text` safe as element content and as a quoted attribute value: `& < > " '` become
    /// character references.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A relative path as a URL path: characters that would end or redirect a URL (`#`, `?`,
    /// `%`, spaces, controls) are percent-encoded; `/` and ordinary file-name characters stay
    /// as they are, so `es-AR/ml.price.wav` is written unchanged. The result still needs
    /// `escape` to stand in an attribute.
    static func urlPath(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? path
    }

    private static let pathCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%;?#")
        return allowed
    }()

    /// JSON text safe inside `<script type="application/json">`: `<`, `>` and `&` become
    /// `\u003c`, `\u003e`, `\u0026`, so no `</script>` or `<!--` can appear, and U+2028/U+2029
    /// are escaped for older JavaScript parsers. `JSON.parse` reads the same value back.
    ///
    /// Only valid JSON may be passed: outside strings JSON has none of these characters, so
    /// every replacement lands inside a string, where the escape means the same character.
    static func scriptJSON(_ json: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": escaped += "\\u003c"
            case ">": escaped += "\\u003e"
            case "&": escaped += "\\u0026"
            case "\u{2028}": escaped += "\\u2028"
            case "\u{2029}": escaped += "\\u2029"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The CSP source for an inline script or style: `'sha256-…'` with the digest in base64.
    static func cspHash(_ text: String) -> String {
        var hasher = SHA256()
        hasher.update(text)
        let hex = Array(hasher.hexDigest().utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var index = 0
        while index + 1 < hex.count {
            bytes.append(nibble(hex[index]) << 4 | nibble(hex[index + 1]))
            index += 2
        }
        return "'sha256-" + Data(bytes).base64EncodedString() + "'"
    }

    private static func nibble(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: preconditionFailure("SHA256.hexDigest() writes lowercase hex digits only")
        }
    }
}
