import Foundation
import Yams

/// A YAML value with the place it was written, so every problem names its file, line and column.
public struct DataNode: Sendable {
    public enum Value: Sendable {
        case scalar(String)
        case mapping([(key: DataNode, value: DataNode)])
        case sequence([DataNode])
    }

    public let value: Value
    public let location: SourceLocation
    /// Whether the scalar was written in quotes (its text then starts one column after the mark).
    public let isQuoted: Bool

    /// The scalar's text, or nil for a mapping or sequence.
    public var scalar: String? {
        if case let .scalar(text) = value { return text }
        return nil
    }

    /// The location of the `offset`-th character of a one-line scalar, for problems inside it.
    public func location(atCharacter offset: Int) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + (isQuoted ? 1 : 0) + offset)
    }

    /// Parses a YAML document.
    ///
    /// - Parameters:
    ///   - yaml: the text.
    ///   - origin: the file name used in diagnostics (`voices/es-AR.yaml`).
    /// - Returns: the root node, or nil for an empty document.
    /// - Throws: `DataError` for a syntax error, with the line and column libYAML reports.
    public static func parse(_ yaml: String, origin: String) throws(DataError) -> DataNode? {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw DataError([diagnostic(for: error, origin: origin, text: yaml)])
        } catch {
            throw DataError([Diagnostic(SourceLocation(file: origin, line: 1, column: 1),
                                        "cannot read the YAML: \(error)", fix: "check the file is UTF-8 YAML")])
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

    private static func diagnostic(for error: YamlError, origin: String, text: String) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation {
            // libYAML counts lines and columns from 0 in its marks and Yams adds 1; clamp to the text,
            // whose lines end as libYAML ends them (LF, CR LF, CR, NEL, LS, PS).
            let lines = YAMLSource(text, origin: origin).lineCount
            return SourceLocation(file: origin, line: min(max(mark.line, 1), lines), column: max(mark.column, 1))
        }
        let fix = "fix the YAML syntax (indentation, quotes, a ':' after each key)"
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return Diagnostic(at(mark), "YAML syntax: \(problem)", fix: fix)
        case let .reader(problem, offset, _, _):
            let prefix = text.utf8.prefix(offset ?? 0)
            let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return Diagnostic(SourceLocation(file: origin, line: line, column: 1), "YAML: \(problem)", fix: "save the file as UTF-8")
        case let .duplicatedKeysInMapping(duplicates, context):
            return Diagnostic(at(context.mark), "duplicate key \(duplicates.joined(separator: ", "))", fix: "keep one of them")
        default:
            return Diagnostic(SourceLocation(file: origin, line: 1, column: 1), "YAML: \(error)", fix: fix)
        }
    }
}
