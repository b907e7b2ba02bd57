import Foundation
import LocutorCore

/// Android's `res/values*/strings.xml`: `<string>`, `<plurals>` with their `<item quantity>`, and
/// `<string-array>`; CDATA, inline markup (`<b>`, `<xliff:g>`) kept as its text, Android's escapes
/// (`\'`, `\"`, `\n`, `\@`, `\uXXXX`) resolved, and whitespace collapsed outside double quotes.
/// Strings marked `translatable="false"` are skipped.
enum AndroidReader {
    static func read(_ data: Data, file: String, locale: String?) throws(StringFileError) -> [AppString] {
        let tree = try XMLTree(data, file: file)
        guard tree.root.name == "resources" else {
            throw StringFileError(tree.root.contentStart, "an Android string file has <resources> at its root, not <\(tree.root.name)>")
        }
        var result: [AppString] = []
        for element in tree.root.children where element.attributes["translatable"] != "false" {
            guard let name = element.attributes["name"] else { continue }
            switch element.name {
            case "string":
                result.append(AppString(key: name, locale: locale, text: unescape(element.text), location: element.contentStart))
            case "plurals":
                for item in element.children where item.name == "item" {
                    let quantity = item.attributes["quantity"] ?? "other"
                    result.append(
                        AppString(
                            key: name, variant: "plural." + quantity, locale: locale, text: unescape(item.text),
                            location: item.contentStart, plural: PluralCategory(rawValue: quantity)))
                }
            case "string-array":
                for (index, item) in element.children.filter({ $0.name == "item" }).enumerated() {
                    result.append(
                        AppString(key: name + "[\(index)]", locale: locale, text: unescape(item.text), location: item.contentStart))
                }
            default: continue
            }
        }
        return result
    }

    /// What Android shows for a resource's text.
    static func unescape(_ raw: String) -> String {
        var result = String.UnicodeScalarView()
        var quoted = false
        var pendingSpace = false
        var scalars = raw.unicodeScalars.makeIterator()
        func append(_ scalar: Unicode.Scalar) {
            if pendingSpace, !result.isEmpty { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        while let scalar = scalars.next() {
            switch scalar {
            case "\"": quoted.toggle()
            case "\\":
                guard let escaped = scalars.next() else { break }
                switch escaped {
                case "n": append("\n")
                case "t": append("\t")
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                    if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) { append(decoded) } else { append("u") }
                default: append(escaped)
                }
            case _ where scalar.properties.isWhitespace && !quoted:
                pendingSpace = true
            default: append(scalar)
            }
        }
        return String(result)
    }
}

/// Apple's `.stringsdict`: for each key, its `NSStringLocalizedFormatKey` and, for each variable
/// it names (`%#@items@`), the plural forms (`zero`, `one`, … `other`), each a string.
enum StringsDictReader {
    static func read(_ data: Data, file: String, locale: String?) throws(StringFileError) -> [AppString] {
        let tree = try XMLTree(data, file: file)
        guard tree.root.name == "plist", let top = tree.root.children.first, top.name == "dict" else {
            throw StringFileError(tree.root.contentStart, "a .stringsdict is a property list whose root is a <dict>")
        }
        var result: [AppString] = []
        for (key, entry) in try pairs(top) {
            guard entry.name == "dict" else { continue }
            for (name, value) in try pairs(entry) {
                if name == "NSStringLocalizedFormatKey", value.name == "string" {
                    result.append(AppString(key: key, variant: "format", locale: locale, text: value.text, location: value.contentStart))
                } else if value.name == "dict" {
                    for (form, string) in try pairs(value) where string.name == "string" && !form.hasPrefix("NSString") {
                        result.append(
                            AppString(
                                key: key, variant: name + "." + form, locale: locale, text: string.text, location: string.contentStart,
                                plural: PluralCategory(rawValue: form)))
                    }
                }
            }
        }
        return result
    }

    /// A property list `<dict>`'s keys and values, in order.
    private static func pairs(_ dict: XMLTree.Element) throws(StringFileError) -> [(String, XMLTree.Element)] {
        let children = dict.children
        var result: [(String, XMLTree.Element)] = []
        var index = 0
        while index < children.count {
            guard children[index].name == "key", index + 1 < children.count else {
                throw StringFileError(children[index].contentStart, "a <dict> must alternate <key> and a value")
            }
            result.append((children[index].text, children[index + 1]))
            index += 2
        }
        return result
    }
}
