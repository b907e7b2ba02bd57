import Foundation
import LocutorCore

/// The phoneme goldens of a catalog: one line per sample and region, sorted, so a git diff of
/// the file reads as what changed.
///
/// ```
/// # locutor golden 1 · eSpeak NG 1.51 · form words · samples/catalog.yaml
/// ml.price	es-AR	un millón doscientos noventa y nueve mil novecientos pesos	ˌun miʝˈon …
/// ```
/// LF line ends, a final newline, text in NFC; a tab or line break inside a field is written as
/// a space.
package struct GoldenFile: Equatable, Sendable {
    package static let formatVersion = 1

    package struct Key: Hashable, Comparable, Sendable, CustomStringConvertible {
        package let id: String
        package let region: String

        package init(id: String, region: String) {
            self.id = id
            self.region = region
        }

        package static func < (a: Key, b: Key) -> Bool { (a.id, a.region) < (b.id, b.region) }
        package var description: String { "\(id) [\(region)]" }
    }

    package struct Line: Equatable, Sendable {
        package var words: String
        package var ipa: String

        package init(words: String, ipa: String) {
            self.words = GoldenFile.field(words)
            self.ipa = GoldenFile.field(ipa)
        }
    }

    package var espeakVersion: String
    package var form: String
    package var catalog: String
    package var lines: [Key: Line]

    package init(espeakVersion: String, form: String, catalog: String, lines: [Key: Line]) {
        self.espeakVersion = espeakVersion
        self.form = form
        self.catalog = catalog
        self.lines = lines
    }

    /// The file's text.
    package var text: String {
        var result = "# locutor golden \(Self.formatVersion) · eSpeak NG \(espeakVersion) · form \(form) · \(catalog)\n"
        for key in lines.keys.sorted() {
            guard let line = lines[key] else { continue }
            result += [key.id, key.region, line.words, line.ipa].joined(separator: "\t") + "\n"
        }
        return result.precomposedStringWithCanonicalMapping
    }

    /// Reads a golden file.
    ///
    /// - Throws: `DataError` at the line and column of every malformed line.
    package init(text: String, origin: String) throws(DataError) {
        var collector = DiagnosticCollector()
        // Rows split on LF bytes, not Characters: "\r\n" is one Character, and a golden saved
        // with CR LF line ends must read as the same lines.
        let rows = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { row in
            String(decoding: row.last == UInt8(ascii: "\r") ? row.dropLast() : row, as: UTF8.self)
        }
        guard let header = rows.first, header.hasPrefix("# locutor golden ") else {
            throw DataError([
                Diagnostic(
                    SourceLocation(file: origin, line: 1, column: 1), "not a Locutor golden file (no '# locutor golden' header)",
                    fix: "record it with locutor diff --record")
            ])
        }
        let parts = header.dropFirst("# locutor golden ".count).components(separatedBy: " · ")
        guard parts.count >= 3, Int(parts[0]) == Self.formatVersion, parts[1].hasPrefix("eSpeak NG "), parts[2].hasPrefix("form ") else {
            throw DataError([
                Diagnostic(
                    SourceLocation(file: origin, line: 1, column: 1),
                    "the header says format '\(parts.first ?? "")', this Locutor writes format \(Self.formatVersion)",
                    fix: "record the goldens again with locutor diff --record")
            ])
        }
        espeakVersion = String(parts[1].dropFirst("eSpeak NG ".count))
        form = String(parts[2].dropFirst("form ".count))
        catalog = parts.count > 3 ? parts[3...].joined(separator: " · ") : ""
        var lines: [Key: Line] = [:]
        for (index, row) in rows.enumerated().dropFirst() where !row.isEmpty {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else {
                collector.report(
                    SourceLocation(file: origin, line: index + 1, column: 1),
                    "a golden line has \(fields.count) fields", fix: "write id, region, words and IPA separated by tabs, or record again")
                continue
            }
            let key = Key(id: fields[0], region: fields[1])
            if lines[key] != nil {
                collector.report(
                    SourceLocation(file: origin, line: index + 1, column: 1), "\(key) appears twice",
                    fix: "keep one line per sample and region")
            }
            lines[key] = Line(words: fields[2], ipa: fields[3])
        }
        try collector.check()
        self.lines = lines
    }

    /// `text` as one field of a line: tabs and line breaks become spaces.
    static func field(_ text: String) -> String {
        let breaks: Set<Unicode.Scalar> = ["\t", "\n", "\r"]
        guard text.unicodeScalars.contains(where: breaks.contains) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { breaks.contains($0) ? " " : $0 }))
    }
}
