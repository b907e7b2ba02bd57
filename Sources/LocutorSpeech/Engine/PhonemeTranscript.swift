import Foundation

/// The phonemes espeak-ng spoke, one entry per clause (espeak-ng splits at commas, periods and
/// the like).
public struct PhonemeTranscript: Hashable, Sendable, CustomStringConvertible {
    public let notation: PhonemeNotation
    /// The clauses, trimmed, in order.
    public let clauses: [String]

    public init(notation: PhonemeNotation, clauses: [String]) {
        self.notation = notation
        self.clauses = clauses
    }

    /// Reads espeak-ng's phoneme trace: one line per clause, without the spaces around it.
    ///
    /// Scalar by scalar, not character by character: a render reads one trace per sample.
    init(notation: PhonemeNotation, trace: String) {
        var clauses: [String] = []
        for line in trace.unicodeScalars.split(whereSeparator: Self.isLineBreak) {
            guard let first = line.firstIndex(where: { !Self.isSpace($0) }), let last = line.lastIndex(where: { !Self.isSpace($0) })
            else { continue }
            clauses.append(String(String.UnicodeScalarView(line[first...last])))
        }
        self.init(notation: notation, clauses: clauses)
    }

    /// The line breaks `Character.isNewline` knows.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// What `CharacterSet.whitespaces` holds: the tab and the space separators.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// The clauses joined by a space.
    public var text: String { clauses.joined(separator: " ") }
    public var description: String { text }
}
