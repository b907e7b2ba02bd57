/// A tab-separated table of generated data (`voices/cldr/units/es.tsv`): `#` comment lines, a
/// header line naming the columns, then one row per line.
///
/// Read byte by byte on UTF-8, so the large CLDR tables cost little at start-up; a row with the
/// wrong number of columns, or a file that is not UTF-8, is a diagnostic at its line and column.
package struct TabularFile: Sendable {
    package struct Row: Sendable {
        package let fields: [String]
        package let line: Int
    }

    package let rows: [Row]

    /// - Parameters:
    ///   - text: the file's bytes.
    ///   - origin: the file's name in messages.
    ///   - columns: the header's column names, in order.
    /// - Throws: `DataError` when the header is not `columns`, a row has another number of fields,
    ///   or the bytes are not UTF-8.
    package init(_ bytes: [UInt8], origin: String, columns: [String], keepingFirst first: String? = nil) throws(DataError) {
        var collector = DiagnosticCollector()
        var rows: [Row] = []
        rows.reserveCapacity(bytes.count / 24)
        var sawHeader = false
        var line = 0
        func location(_ column: Int) -> SourceLocation { SourceLocation(file: origin, line: line, column: column) }
        // A file that is UTF-8 as a whole (every generated one) is not checked line by line.
        let isText = String(validating: bytes, as: UTF8.self) != nil
        let key = first.map { Array($0.utf8) + [0x09] }
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                line += 1
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd == start || bytes[start] == UInt8(ascii: "#") { continue }
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
                // Only the rows of one key, when asked (one locale of symbols.tsv), are made into text.
                if sawHeader, let key, !slice.starts(with: key) { continue }
                guard isText || String(validating: slice, as: UTF8.self) != nil else {
                    collector.report(location(1), "the line is not UTF-8 text", fix: "regenerate the file (voices/cldr/TABLES.md says how)")
                    continue
                }
                var fields: [String] = []
                fields.reserveCapacity(columns.count)
                var fieldStart = 0
                for index in 0...slice.count where index == slice.count || slice[index] == 0x09 {
                    fields.append(String(decoding: UnsafeBufferPointer(rebasing: slice[fieldStart..<index]), as: UTF8.self))
                    fieldStart = index + 1
                }
                if !sawHeader {
                    sawHeader = true
                    if fields != columns {
                        collector.report(
                            location(1), "the header is '\(fields.joined(separator: " "))'",
                            fix: "the columns are \(columns.joined(separator: ", ")), separated by tabs")
                    }
                    continue
                }
                guard fields.count == columns.count else {
                    collector.report(
                        location(1), "the row has \(fields.count) fields, not \(columns.count)",
                        fix: "separate \(columns.joined(separator: ", ")) by single tabs")
                    continue
                }
                rows.append(Row(fields: fields, line: line))
            }
        }
        if !sawHeader {
            collector.report(SourceLocation(file: origin, line: 1, column: 1), "the table is empty", fix: "regenerate the file")
        }
        try collector.check()
        self.rows = rows
    }
}
