import Foundation
import LocutorCore

/// The string files apps ship, and what each holds.
package enum StringFileFormat: String, CaseIterable, Sendable {
    /// Apple String Catalog: every locale in one JSON file.
    case xcstrings
    /// Apple `.strings`: `"key" = "value";`, UTF-8 or UTF-16, in an `xx.lproj` folder.
    case strings
    /// Apple `.stringsdict`: plural rules as a property list.
    case stringsdict
    /// Android `res/values-xx/strings.xml` (any XML file under a `values*` folder with `<resources>`).
    case android
    /// JSON translations: flat or nested (i18next), or ARB with `@@locale`.
    case json

    /// The format of the file at `path`, from its name; nil for a file that is none of these.
    package static func of(_ path: String) -> StringFileFormat? {
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "xcstrings": return .xcstrings
        case "strings": return .strings
        case "stringsdict": return .stringsdict
        case "xml": return url.deletingLastPathComponent().lastPathComponent.hasPrefix("values") ? .android : nil
        case "json", "arb": return .json
        default: return nil
        }
    }

    /// Reads the strings of one file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: its path, for the locale (`es-AR.lproj/`, `values-es-rAR/`, `es_AR.arb`) and messages.
    ///   - name: the file as messages name it.
    /// - Throws: `StringFileError` at the line and column where the file stops being readable.
    package func read(_ data: Data, path: String, name: String) throws(StringFileError) -> [AppString] {
        switch self {
        case .xcstrings: return try XCStringsReader.read(try Self.utf8(data, name), file: name)
        case .strings: return try StringsReader.read(try Self.text(data, name), file: name, locale: LocaleName.ofFolder(path))
        case .stringsdict: return try StringsDictReader.read(data, file: name, locale: LocaleName.ofFolder(path))
        case .android: return try AndroidReader.read(data, file: name, locale: LocaleName.ofAndroidFolder(path))
        case .json: return try TranslationJSONReader.read(try Self.utf8(data, name), file: name, path: path)
        }
    }

    static func utf8(_ data: Data, _ name: String) throws(StringFileError) -> ScalarText {
        do {
            return ScalarText(try TextFile.decode([UInt8](data), origin: name), file: name)
        } catch {
            let first = error.diagnostics.first
            throw StringFileError(
                first?.location ?? SourceLocation(file: name, line: 1, column: 1),
                (first?.problem ?? "not UTF-8") + " — save the file as UTF-8")
        }
    }

    /// UTF-16 (with a byte-order mark, or without one when every other byte is zero, as Xcode
    /// writes it) or UTF-8.
    static func text(_ data: Data, _ name: String) throws(StringFileError) -> ScalarText {
        try decode(data, name).text
    }

    /// `text(_:_:)`, and whether the bytes were UTF-16.
    static func decode(_ data: Data, _ name: String) throws(StringFileError) -> (text: ScalarText, utf16: Bool) {
        let bytes = [UInt8](data)
        var littleEndian: Bool?
        var start = 0
        if bytes.starts(with: [0xFF, 0xFE]) {
            littleEndian = true
            start = 2
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            littleEndian = false
            start = 2
        } else if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[1] == 0, bytes[0] != 0 { littleEndian = true } else if bytes[0] == 0, bytes[1] != 0 { littleEndian = false }
        }
        guard let littleEndian else { return (try utf8(data, name), false) }
        guard (bytes.count - start) % 2 == 0 else {
            throw StringFileError(
                SourceLocation(file: name, line: 1, column: 1), "UTF-16 text with an odd number of bytes — save the file again")
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            units.append(
                littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        var scalars = String.UnicodeScalarView()
        var line = 1
        var column = 1
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                scalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput: break loop
            case .error:
                throw StringFileError(
                    SourceLocation(file: name, line: line, column: column),
                    "a lone UTF-16 surrogate — save the file as UTF-8 or UTF-16 again")
            }
        }
        return (ScalarText(String(scalars), file: name), true)
    }
}

/// Locale names as string files write them, as BCP 47 tags: `es_AR`, `es-AR`, `es-rAR`, `b+es+419`.
package enum LocaleName {
    /// `es_AR`, `es-AR`, `pt-BR`, `es-419`, `zh-Hans`, `es` as a tag (`es-AR`); nil for anything
    /// that is not a locale name.
    package static func tag(_ name: String) -> String? {
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first?.lowercased(), languages.contains(language), parts.count <= 3 else { return nil }
        var tag = [language]
        var rest = parts.dropFirst()
        // language[-Script][-REGION]
        if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            tag.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            rest = rest.dropFirst()
        }
        if let region = rest.first {
            if region.count == 2, region.allSatisfy({ $0.isASCII && $0.isLetter }) {
                tag.append(region.uppercased())
            } else if region.count == 3, region.allSatisfy(\.isNumber) {
                tag.append(region)
            } else {
                return nil
            }
            rest = rest.dropFirst()
        }
        return rest.isEmpty ? tag.joined(separator: "-") : nil
    }

    /// ISO 639 language codes, so that "app" in `app_es_AR.arb` is not taken for one.
    private static let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// The locale of an Apple string file from its `xx.lproj` folder; nil for `Base.lproj` or none.
    package static func ofFolder(_ path: String) -> String? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        guard folder.hasSuffix(".lproj") else { return nil }
        return tag(String(folder.dropLast(6)))
    }

    /// The locale of Android's `values-es-rAR`, `values-b+es+419`, `values-es`; nil for `values`
    /// (the default strings, in whatever language the app chose).
    package static func ofAndroidFolder(_ path: String) -> String? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        guard folder.hasPrefix("values-") else { return nil }
        let qualifiers = folder.dropFirst(7)
        if qualifiers.hasPrefix("b+") { return tag(qualifiers.dropFirst(2).replacingOccurrences(of: "+", with: "-")) }
        let parts = qualifiers.split(separator: "-")
        guard let language = parts.first, language.count == 2 || language.count == 3, let base = tag(String(language)) else { return nil }
        if parts.count > 1, parts[1].hasPrefix("r"), parts[1].count == 3 { return base + "-" + parts[1].dropFirst().uppercased() }
        return base
    }
}
