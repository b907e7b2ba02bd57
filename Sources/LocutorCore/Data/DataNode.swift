import Foundation
import Yams

/// A YAML value with the place it was written, so every problem names its file, line and column.
///
/// The one YAML front end of the project: region and language files, plural rules, catalogs and
/// eSpeak NG mnemonic tables are all read through `parse`.
package struct DataNode: Sendable {
    package enum Value: Sendable {
        case scalar(String)
        case mapping([(key: DataNode, value: DataNode)])
        case sequence([DataNode])
    }

    /// What a value was written as, for messages ("… is a number, not text").
    package enum Kind: String, Sendable {
        case text, number, boolean, empty, mapping, list
        case other = "a value of another type"

        /// "text", "a number", "a list", "empty", ….
        package var described: String {
            switch self {
            case .text: "text"
            case .number: "a number"
            case .boolean: "a yes/no value"
            case .empty: "empty"
            case .mapping: "a mapping"
            case .list: "a list"
            case .other: rawValue
            }
        }
    }

    package let value: Value
    package let location: SourceLocation
    /// Whether the scalar was written in quotes.
    package let isQuoted: Bool
    package let kind: Kind
    /// For a scalar: how to find where each of its characters was written, worked out only when
    /// a message needs it.
    private let scalarSource: ScalarSource?

    /// The scalar's text, or nil for a mapping or sequence.
    package var scalar: String? {
        if case let .scalar(text) = value { return text }
        return nil
    }

    /// Where the `offset`-th Unicode scalar of this scalar's value was written — through quotes,
    /// escapes and folded lines — for problems inside a value.
    package func location(atCharacter offset: Int) -> SourceLocation {
        locator()(offset)
    }

    /// `location(atCharacter:)` for many characters of one scalar: the walk through the source
    /// is done once, when the locator is made.
    package func locator() -> (Int) -> SourceLocation {
        if let scalarSource {
            return scalarSource.source.locator(style: scalarSource.style, mark: scalarSource.mark, text: scalarSource.text)
        }
        let location = location
        let shift = isQuoted ? 1 : 0
        return { offset in SourceLocation(file: location.file, line: location.line, column: location.column + shift + offset) }
    }

    /// Parses a YAML document.
    ///
    /// Aliases (`*name`) are read where they stand, but a file may not expand to more values than
    /// it has characters: a few nested aliases would otherwise expand to billions of values (a
    /// "billion laughs" file). No data file needs aliases; a file that overflows is refused.
    ///
    /// - Parameters:
    ///   - yaml: the text.
    ///   - origin: the file name used in diagnostics (`voices/es-AR.yaml`).
    /// - Returns: the root node, or nil for an empty document.
    /// - Throws: `DataError` for a syntax error (with the line and column libYAML reports, a
    ///   repeated key included) or a file that aliases expand beyond its size.
    ///
    /// The YAML the data files are written in is read by `PlainYAMLReader`, to the same nodes in
    /// a fraction of the time; the rest of YAML, and every error, is Yams's.
    package static func parse(_ yaml: String, origin: String) throws(DataError) -> DataNode? {
        let source = YAMLSource(yaml, origin: origin)
        if let root = PlainYAMLReader.read(yaml, source: source) { return root }
        return try parseWithYams(yaml, source: source)
    }

    /// `parse` through Yams alone: the reference `PlainYAMLReader` is checked against.
    package static func parseWithYams(_ yaml: String, origin: String) throws(DataError) -> DataNode? {
        try parseWithYams(yaml, source: YAMLSource(yaml, origin: origin))
    }

    private static func parseWithYams(_ yaml: String, source: YAMLSource) throws(DataError) -> DataNode? {
        let node: Node?
        do {
            // The basic resolver tags every scalar a string: no regular expression per value
            // (a third of loading a region went there). What a plain scalar looks like — a
            // number, a yes/no — is worked out below, for messages only.
            // No constructor maps (only nodes are made here) and UTF-8 named outright: Yams's
            // defaults build a dictionary of closures and read the environment on every call.
            node = try Yams.compose(yaml: yaml, .basic, Constructor([:], [:], [:]), .utf8)
        } catch {
            throw DataError([source.diagnostic(for: error)])
        }
        guard let node else { return nil }
        // Every value takes at least one character, or is an empty value after a key.
        var budget = 2 * yaml.utf8.count + 16
        var overflow: Diagnostic?
        let root = DataNode(node, source: source, budget: &budget, overflow: &overflow)
        if let overflow { throw DataError([overflow]) }
        return root
    }

    /// What YAML 1.1's core schema would take a plain scalar for: null, a yes/no, a number, or text.
    static func plainKind(_ text: String) -> Kind {
        // Every word below is short ASCII; comparing other text with each of them would take the
        // slow path of Unicode comparison (most of the Russian file's values).
        let utf8 = text.utf8
        guard utf8.count <= 5, utf8.allSatisfy({ $0 < 0x80 }) else { return numericKind(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .empty
        case "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off",
            "OFF":
            return .boolean
        case ".inf", ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN": return .number
        default: return numericKind(text)
        }
    }

    /// A number for YAML 1.1's core schema, or text.
    private static func numericKind(_ text: String) -> Kind {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "-" || first == "+" { scalars = scalars.dropFirst() }
        var digits = 0
        var seenPoint = false
        var seenExponent = false
        var previous: Unicode.Scalar?
        for scalar in scalars {
            switch scalar {
            case "0"..."9": digits += 1
            case "_" where digits > 0 && !seenExponent: break
            case "." where !seenPoint && !seenExponent: seenPoint = true
            case "e",
                "E" where digits > 0 && !seenExponent:
                seenExponent = true
            case "-",
                "+" where previous == "e" || previous == "E":
                break
            default: return .text
            }
            previous = scalar
        }
        return digits > 0 && previous != "e" && previous != "E" ? .number : .text
    }

    /// A scalar as written in `style` at `mark`; `tagged` when a tag made it another type than text.
    init(scalar text: String, style: Node.Scalar.Style, at mark: YAMLSource.Place?, source: YAMLSource, tagged: Bool = false) {
        location = source.location(mark)
        let looks = style == .plain ? Self.plainKind(text) : .text
        // `~`, `null` and an empty value read as an empty string: a key with nothing after it.
        value = .scalar(looks == .empty ? "" : text)
        isQuoted = style == .singleQuoted || style == .doubleQuoted
        kind = tagged ? .other : looks
        scalarSource = mark.map { ScalarSource(source: source, style: style, mark: $0, text: text) }
    }

    /// A mapping or a sequence that starts at `mark`.
    init(_ value: Value, at mark: YAMLSource.Place?, source: YAMLSource) {
        location = source.location(mark)
        self.value = value
        isQuoted = false
        kind = if case .mapping = value { .mapping } else { .list }
        scalarSource = nil
    }

    /// A value that stands for one Yams could not give: `location` is where it was written.
    private init(unusable location: SourceLocation) {
        self.location = location
        value = .scalar("")
        isQuoted = false
        kind = .other
        scalarSource = nil
    }

    private init(_ node: Node, source: YAMLSource, budget: inout Int, overflow: inout Diagnostic?) {
        let mark = node.mark.map(YAMLSource.Place.init)
        budget -= 1
        if budget < 0 {
            let location = source.location(mark)
            if overflow == nil {
                overflow = Diagnostic(
                    location, "aliases expand this file to more values than it has characters",
                    fix: "write the values out instead of repeating them with *aliases")
            }
            self.init(unusable: location)
            return
        }
        switch node {
        case let .scalar(scalar):
            let tag = node.tag.rawValue
            let text = tag == Tag.Name.str.rawValue || tag.isEmpty || tag == "!"
            self.init(scalar: scalar.string, style: scalar.style, at: mark, source: source, tagged: !text)
        case let .mapping(mapping):
            var pairs: [(key: DataNode, value: DataNode)] = []
            for (key, value) in mapping where budget >= 0 {
                pairs.append(
                    (
                        DataNode(key, source: source, budget: &budget, overflow: &overflow),
                        DataNode(value, source: source, budget: &budget, overflow: &overflow)
                    ))
            }
            self.init(.mapping(pairs), at: mark, source: source)
        case let .sequence(sequence):
            var items: [DataNode] = []
            for item in sequence where budget >= 0 {
                items.append(DataNode(item, source: source, budget: &budget, overflow: &overflow))
            }
            self.init(.sequence(items), at: mark, source: source)
        case let .alias(alias):
            // Yams resolves aliases while it composes; an unresolved one is reported as written.
            let location = source.location(mark)
            if overflow == nil {
                overflow = Diagnostic(
                    location, "the alias *\(alias.anchor.rawValue) is not supported here",
                    fix: "write the value out where it is used")
            }
            self.init(unusable: location)
        }
    }

    /// Whether `other` is the same value written the same way at the same places: its scalars,
    /// their kinds and styles, and every node's location. The two YAML readers are checked by it.
    package func isSameReading(as other: DataNode) -> Bool {
        guard location == other.location, isQuoted == other.isQuoted, kind == other.kind,
            scalarSource?.style == other.scalarSource?.style, scalarSource?.mark == other.scalarSource?.mark,
            scalarSource?.text == other.scalarSource?.text
        else { return false }
        switch (value, other.value) {
        case let (.scalar(text), .scalar(otherText)):
            return text == otherText
        case let (.mapping(pairs), .mapping(otherPairs)):
            return pairs.count == otherPairs.count
                && zip(pairs, otherPairs).allSatisfy { $0.key.isSameReading(as: $1.key) && $0.value.isSameReading(as: $1.value) }
        case let (.sequence(items), .sequence(otherItems)):
            return items.count == otherItems.count && zip(items, otherItems).allSatisfy { $0.isSameReading(as: $1) }
        default:
            return false
        }
    }

    /// What a scalar's character locations are worked out from. (Yams's `Style` is a plain
    /// enum that does not say it is Sendable.)
    private struct ScalarSource: @unchecked Sendable {
        let source: YAMLSource
        let style: Node.Scalar.Style
        let mark: YAMLSource.Place
        let text: String
    }
}
