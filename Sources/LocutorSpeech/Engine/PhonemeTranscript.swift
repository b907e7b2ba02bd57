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

    /// Reads espeak-ng's phoneme trace: one line per clause.
    init(notation: PhonemeNotation, trace: String) {
        self.init(
            notation: notation,
            clauses: trace.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty })
    }

    /// The clauses joined by a space.
    public var text: String { clauses.joined(separator: " ") }
    public var description: String { text }
}
