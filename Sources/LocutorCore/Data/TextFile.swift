import LocutorSupport

/// The text of a file Locutor reads (a region profile, spell-out rules, a catalog, a golden):
/// UTF-8, with a byte-order mark at the start accepted and dropped.
///
/// A byte that is not UTF-8 is an error at its line and column, never a replacement character:
/// a bad byte in a noun would otherwise be spoken ("pes�os") without a word of warning.
package enum TextFile {
    /// The text of `bytes`.
    ///
    /// - Parameters:
    ///   - origin: the file as messages name it.
    ///   - fix: what to do about a bad byte, for this kind of file.
    /// - Throws: `DataError` at the line and column (counted in characters) of the first byte that
    ///   is not part of a UTF-8 sequence.
    package static func decode(
        _ bytes: [UInt8], origin: String, fix: String = "save the file as UTF-8"
    ) throws(DataError) -> String {
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        let body = bytes[start...]
        // The standard library validates as it copies; only a file that is not UTF-8 is scanned
        // again, for where.
        if let text = String(validating: body, as: UTF8.self) { return text }
        if let offset = UTF8Validation.firstInvalidOffset(in: body) {
            let lineStart = body[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? body.startIndex
            let line = body[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let column = String(decoding: body[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
            throw DataError([
                Diagnostic(
                    SourceLocation(file: origin, line: line, column: column),
                    "the byte 0x\(String(body[offset], radix: 16, uppercase: true)) is not UTF-8 text", fix: fix)
            ])
        }
        return String(decoding: body, as: UTF8.self)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
