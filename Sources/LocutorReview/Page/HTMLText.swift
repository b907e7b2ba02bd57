import Crypto
import Foundation
import LocutorCore

/// Escaping for the pages beyond text (which `MarkupText.escaped` does): URLs, JSON inside
/// `<script>`, CSP hashes.
///
/// Every string that reaches the page from a manifest goes through one of these: a catalog is
/// user data, and an input may well be `</script><script>alert(1)</script>`.
package enum HTMLText {
    /// A relative path as a URL path: characters that would end or redirect a URL (`#`, `?`,
    /// `%`, spaces, controls) are percent-encoded; `/` and ordinary file-name characters stay
    /// as they are, so `es-AR/ml.price.wav` is written unchanged. The result still needs
    /// `escape` to stand in an attribute.
    package static func urlPath(_ path: String) -> String {
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
        replacing(json) { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }

    /// `text` with each scalar for which `replacement` has a string replaced by it.
    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The CSP source for an inline script or style: `'sha256-…'` with the digest in base64.
    package static func cspHash(_ text: String) -> String {
        "'sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() + "'"
    }
}
