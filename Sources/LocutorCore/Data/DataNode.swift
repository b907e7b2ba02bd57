import Foundation
import Yams

/// A YAML value with the place it was written, so every problem names its file, line and column.
package struct DataNode: Sendable {
    package enum Value: Sendable {
        case scalar(String)
        case mapping([(key: DataNode, value: DataNode)])
        case sequence([DataNode])
    }

    package let value: Value
    package let location: SourceLocation
    /// Whether the scalar was written in quotes (its text then starts one column after the mark).
    package let isQuoted: Bool

    /// The scalar's text, or nil for a mapping or sequence.
    package var scalar: String? {
        if case let .scalar(text) = value { return text }
        return nil
    }

    /// The location of the `offset`-th character of a one-line scalar, for problems inside it.
    package func location(atCharacter offset: Int) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + (isQuoted ? 1 : 0) + offset)
    }

    /// Parses a YAML document.
    ///
    /// - Parameters:
    ///   - yaml: the text.
    ///   - origin: the file name used in diagnostics (`voices/es-AR.yaml`).
    /// - Returns: the root node, or nil for an empty document.
    /// - Throws: `DataError` for a syntax error, with the line and column libYAML reports.
    package static func parse(_ yaml: String, origin: String) throws(DataError) -> DataNode? {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            throw DataError([YAMLSource(yaml, origin: origin).diagnostic(for: error)])
        }
        return node.map { DataNode($0, origin: origin) }
    }

    private init(_ node: Node, origin: String) {
        let mark = node.mark
        location = SourceLocation(file: origin, line: mark?.line ?? 1, column: mark?.column ?? 1)
        switch node {
        case let .scalar(scalar):
            // `~`, `null` and an empty value read as an empty string: a key with nothing after it.
            let text = scalar.tag.description == Tag.Name.null.rawValue && scalar.style == .plain ? "" : scalar.string
            value = .scalar(text)
            isQuoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        case let .mapping(mapping):
            value = .mapping(mapping.map { (DataNode($0.key, origin: origin), DataNode($0.value, origin: origin)) })
            isQuoted = false
        case let .sequence(sequence):
            value = .sequence(sequence.map { DataNode($0, origin: origin) })
            isQuoted = false
        case let .alias(alias):
            value = .scalar(alias.anchor.rawValue)
            isQuoted = false
        }
    }
}
