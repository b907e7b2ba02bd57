import LocutorSupport

/// Reads typed values out of `DataNode`s, collecting every problem instead of stopping at the first.
///
/// Each accessor returns nil when the value is missing or wrong and has reported why, so a loader
/// reads a whole file and then throws all its diagnostics together.
package struct DataReader: Sendable {
    package var diagnostics = DiagnosticCollector()

    package init() {}

    package mutating func report(_ location: SourceLocation, _ problem: String, fix: String) {
        diagnostics.report(location, problem, fix: fix)
    }

    /// Reports what `other` reported, after what this reader has.
    mutating func append(_ other: DataReader) {
        for diagnostic in other.diagnostics.diagnostics { diagnostics.report(diagnostic) }
    }

    /// The entries of a mapping whose keys are all in `required` or `optional`; reports unknown keys
    /// (with the nearest allowed key), duplicates, and missing required keys.
    package mutating func fields(
        _ node: DataNode, _ what: String, required: [String] = [], optional: [String] = []
    ) -> [String: DataNode]? {
        guard case let .mapping(entries) = node.value else {
            report(node.location, "\(what) must be a mapping of keys to values", fix: "write 'key: value' lines under it")
            return nil
        }
        let allowed = required + optional
        var result: [String: DataNode] = [:]
        for (key, value) in entries {
            guard let name = key.scalar else {
                report(key.location, "a key in \(what) must be plain text", fix: "write the key as a word")
                continue
            }
            if !allowed.isEmpty && !allowed.contains(name) {
                let hint =
                    Self.nearest(name, in: allowed).map { "did you mean '\($0)'?" }
                    ?? "allowed keys: \(allowed.joined(separator: ", "))"
                report(key.location, "unknown key '\(name)' in \(what)", fix: hint)
                continue
            }
            if result[name] != nil {
                report(key.location, "'\(name)' appears twice in \(what)", fix: "keep one of them")
                continue
            }
            result[name] = value
        }
        for name in required where result[name] == nil {
            report(node.location, "\(what) has no '\(name)'", fix: "add '\(name): …'")
        }
        return result
    }

    /// The entries of a mapping with free keys, in file order.
    package mutating func entries(_ node: DataNode, _ what: String) -> [(key: String, keyNode: DataNode, value: DataNode)]? {
        guard case let .mapping(pairs) = node.value else {
            report(node.location, "\(what) must be a mapping", fix: "write 'key: value' lines under it")
            return nil
        }
        var seen: Set<String> = []
        var result: [(String, DataNode, DataNode)] = []
        for (key, value) in pairs {
            guard let name = key.scalar, !name.isEmpty else {
                report(key.location, "a key in \(what) must be plain text", fix: "write the key as a word")
                continue
            }
            guard seen.insert(name).inserted else {
                report(key.location, "'\(name)' appears twice in \(what)", fix: "keep one of them")
                continue
            }
            result.append((name, key, value))
        }
        return result
    }

    /// A non-empty text.
    package mutating func string(_ node: DataNode?, _ what: String, allowEmpty: Bool = false) -> String? {
        guard let node else { return nil }
        guard let text = node.scalar else {
            report(node.location, "\(what) must be text", fix: "write a single value, not a list or mapping")
            return nil
        }
        if text.isEmpty && !allowEmpty {
            report(node.location, "\(what) is empty", fix: "write its value")
            return nil
        }
        return text
    }

    /// A whole number within `range`.
    package mutating func integer(_ node: DataNode?, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard let node, let text = string(node, what) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            report(
                node.location, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
                fix: "write a number in that range")
            return nil
        }
        return value
    }

    /// A list of texts.
    package mutating func strings(_ node: DataNode?, _ what: String) -> [String]? {
        guard let node else { return nil }
        guard case let .sequence(items) = node.value else {
            report(node.location, "\(what) must be a list", fix: "write it as [a, b] or as '- a' lines")
            return nil
        }
        return items.compactMap { string($0, "an entry of \(what)") }
    }

    /// One of `choices`.
    package mutating func choice(_ node: DataNode?, _ what: String, from choices: [String]) -> String? {
        guard let node, let text = string(node, what) else { return nil }
        guard choices.contains(text) else {
            let hint =
                Self.nearest(text, in: choices).map { "did you mean '\($0)'?" }
                ?? "use one of \(choices.joined(separator: ", "))"
            report(node.location, "\(what) '\(text)' is not one of \(choices.joined(separator: ", "))", fix: hint)
            return nil
        }
        return text
    }

    /// The range written "least-greatest" ("13-31", "1900-2099"), when both bounds are whole
    /// numbers inside `allowed` and the least comes first; nil otherwise.
    package static func range(_ text: some StringProtocol, within allowed: ClosedRange<Int>) -> ClosedRange<Int>? {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1], allowed.contains(bounds[0]), allowed.contains(bounds[1]) else { return nil }
        return bounds[0]...bounds[1]
    }

    /// The closest candidate within two edits (a third of the word for long words), if any.
    package static func nearest(_ word: String, in candidates: [String]) -> String? {
        EditDistance.nearest(word, in: candidates)
    }
}
