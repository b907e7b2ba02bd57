import Foundation
import LocutorCore
import Yams

extension MnemonicTable {
    /// Reads a table written by scripts/espeak/derive-mnemonics (voices/espeak/<voice>.yaml).
    ///
    /// The file has `voice`, `espeak` and `made` at the top, then `marks`, `phonemes` and
    /// `inventory` (each `"IPA": "mnemonics"`) and `fallbacks` (each IPA symbol with `espeak`,
    /// `why` and optionally `says`). An IPA symbol may appear once in the whole file.
    ///
    /// - Parameters:
    ///   - yaml: The text of the file.
    ///   - origin: The name diagnostics give the file, such as `voices/espeak/es-419.yaml`.
    /// - Throws: `DataError` with file:line:column and the fix for every problem: YAML syntax,
    ///   unknown keys, empty entries, an IPA key that is not IPA-ish, a mnemonic with
    ///   characters eSpeak mnemonics never use, a duplicate.
    package init(yaml: String, origin: String) throws(DataError) {
        var reader = MnemonicTableReader(text: yaml, origin: origin)
        let table = reader.read()
        try reader.diagnostics.check()
        guard let table else {
            preconditionFailure("MnemonicTableReader returned no table without a diagnostic")
        }
        self = table
    }
}

/// Reads the YAML of a mnemonic table, collecting every problem as a diagnostic.
private struct MnemonicTableReader {
    static let topKeys = ["voice", "espeak", "made", "marks", "phonemes", "inventory", "fallbacks"]
    static let fallbackKeys = ["espeak", "why", "says"]

    let text: String
    let origin: String
    var diagnostics = DiagnosticCollector()
    /// Where each IPA symbol was first listed, to name both places of a duplicate.
    var firstListed: [String: SourceLocation] = [:]

    init(text: String, origin: String) {
        self.text = text
        self.origin = origin
    }

    // MARK: The file

    mutating func read() -> MnemonicTable? {
        guard let root = compose() else { return nil }
        guard case let .mapping(top) = root else {
            report(root, "the file is not a table of keys", fix: "start with `voice: es-419` and `espeak: \"1.51\"` on their own lines")
            return nil
        }
        var voice: String?
        var version: String?
        var made: String?
        var symbols: [String: String] = [:]
        var fallbacks: [MnemonicTable.Fallback] = []
        var seen: Set<String> = []
        for (key, value) in top {
            guard let name = key.scalar?.string else {
                report(key, "a key of the file is not a word", fix: "use one of \(Self.list(Self.topKeys))")
                continue
            }
            if seen.contains(name) { continue }  // YAML itself reports a repeated key
            seen.insert(name)
            switch name {
            case "voice": voice = scalarText(of: value, named: "voice", example: "voice: es-419")
            case "espeak": version = scalarText(of: value, named: "espeak", example: "espeak: \"1.51\"")
            case "made": made = scalarText(of: value, named: "made", example: "made: \"2026-11-21\"")
            case "marks", "phonemes", "inventory":
                for (symbol, mnemonics) in entries(of: value, section: name) { symbols[symbol] = mnemonics }
            case "fallbacks":
                for fallback in fallbackEntries(of: value) {
                    symbols[fallback.ipa] = fallback.mnemonics
                    fallbacks.append(fallback)
                }
            default:
                report(key, "unknown key '\(name)'", fix: "use one of \(Self.list(Self.topKeys))")
            }
        }
        for (name, fix) in [("voice", "add `voice: es-419` at the top level"),
                            ("espeak", "add `espeak: \"1.51\"` at the top level"),
                            ("phonemes", "add `phonemes:` at the top level, then one `\"ipa\": \"mnemonics\"` line per symbol")]
        where !seen.contains(name) {
            report(root, "the file has no '\(name)'", fix: fix)
        }
        guard let voice, let version, diagnostics.isEmpty else { return nil }
        return MnemonicTable(voice: voice, espeakVersion: version, made: made,
                             mnemonicsBySymbol: symbols, fallbacks: fallbacks)
    }

    /// A top-level value that must be one line of text.
    mutating func scalarText(of node: Node, named name: String, example: String) -> String? {
        guard let scalar = node.scalar, node.null == nil, !scalar.string.isEmpty else {
            report(node, "'\(name)' is empty or not text", fix: "write it as `\(example)`")
            return nil
        }
        return scalar.string
    }

    // MARK: Entries

    /// The `"IPA": "mnemonics"` lines of `marks`, `phonemes` or `inventory`.
    mutating func entries(of node: Node, section: String) -> [(String, String)] {
        guard case let .mapping(mapping) = node else {
            if node.null != nil { return [] }
            report(node, "'\(section)' does not list IPA symbols", fix: "write one `\"ipa\": \"mnemonics\"` line per symbol, indented under \(section):")
            return []
        }
        var result: [(String, String)] = []
        for (key, value) in mapping {
            guard let symbol = symbol(key, section: section) else { continue }
            guard let scalar = value.scalar else {
                report(value, "the mnemonics of '\(symbol)' are not text", fix: "write them in quotes: `\"\(symbol)\": \"…\"`")
                continue
            }
            guard let mnemonics = mnemonics(scalar, of: value, symbol: symbol) else { continue }
            if listOnce(symbol, at: key) { result.append((symbol, mnemonics)) }
        }
        return result
    }

    /// The entries of `fallbacks`: each IPA symbol with `espeak`, `why` and maybe `says`.
    mutating func fallbackEntries(of node: Node) -> [MnemonicTable.Fallback] {
        guard case let .mapping(mapping) = node else {
            if node.null != nil { return [] }
            report(node, "'fallbacks' does not list IPA symbols", fix: "write each symbol with `espeak:` and `why:` indented under it")
            return []
        }
        var result: [MnemonicTable.Fallback] = []
        for (key, value) in mapping {
            guard let symbol = symbol(key, section: "fallbacks") else { continue }
            guard case let .mapping(fields) = value else {
                report(value, "the fallback '\(symbol)' has no `espeak` and `why`", fix: "write `espeak: \"…\"` and `why: \"…\"` indented under it")
                continue
            }
            var espeak: String?
            var why: String?
            var says: String?
            var problems = false
            for (fieldKey, fieldValue) in fields {
                let field = fieldKey.scalar?.string ?? ""
                guard Self.fallbackKeys.contains(field) else {
                    report(fieldKey, "unknown key '\(field)' in the fallback '\(symbol)'", fix: "use one of \(Self.list(Self.fallbackKeys))")
                    problems = true
                    continue
                }
                guard let scalar = fieldValue.scalar, fieldValue.null == nil, !scalar.string.isEmpty else {
                    report(fieldValue, "'\(field)' of the fallback '\(symbol)' is empty", fix: Self.fieldFix(field))
                    problems = true
                    continue
                }
                switch field {
                case "espeak":
                    espeak = mnemonics(scalar, of: fieldValue, symbol: symbol)
                    if espeak == nil { problems = true }
                case "why": why = scalar.string
                default: says = scalar.string
                }
            }
            for (field, present) in [("espeak", espeak != nil), ("why", why != nil)] where !present {
                if fields[field] == nil {
                    report(key, "the fallback '\(symbol)' has no '\(field)'", fix: Self.fieldFix(field))
                }
                problems = true
            }
            guard !problems, let espeak, let why, listOnce(symbol, at: key) else { continue }
            result.append(MnemonicTable.Fallback(ipa: symbol, mnemonics: espeak, why: why, says: says))
        }
        return result
    }

    static func fieldFix(_ field: String) -> String {
        switch field {
        case "espeak": return "add `espeak: \"…\"` with eSpeak's mnemonics for it"
        case "why": return "add `why: \"…\"` saying why a hint needs this symbol"
        default: return "write how eSpeak's IPA says the mnemonics, or leave `says` out"
        }
    }

    /// The IPA symbol of an entry's key, if it is one.
    mutating func symbol(_ key: Node, section: String) -> String? {
        guard let scalar = key.scalar, key.null == nil, !scalar.string.isEmpty else {
            report(key, "an entry of '\(section)' has no IPA symbol", fix: "write the IPA symbol in quotes before the colon: `\"a\": \"a\"`")
            return nil
        }
        let symbol = scalar.string
        guard PhonemeCharacters.isIPASymbol(symbol) else {
            report(key, "'\(symbol)' is not an IPA symbol", fix: "write IPA (lowercase letters, IPA letters and diacritics, such as ʃ or ɐ̃), not eSpeak mnemonics or capitals")
            return nil
        }
        return symbol
    }

    /// The mnemonics of an entry, if they are text eSpeak could read.
    mutating func mnemonics(_ scalar: Node.Scalar, of node: Node, symbol: String) -> String? {
        let mnemonics = scalar.string
        guard node.null == nil, !mnemonics.isEmpty else {
            report(node, "'\(symbol)' has no mnemonics", fix: "write eSpeak's mnemonics after the colon, such as `\"a\": \"a\"`")
            return nil
        }
        guard PhonemeCharacters.isMnemonic(mnemonics) else {
            report(node, "'\(mnemonics)' is not eSpeak mnemonics: they are ASCII letters, digits and marks, without spaces or ]",
                   fix: "write eSpeak's name for the sound (the table's other lines show them, such as S for ʃ)")
            return nil
        }
        return mnemonics
    }

    /// Whether `symbol` is listed for the first time; reports it otherwise.
    mutating func listOnce(_ symbol: String, at key: Node) -> Bool {
        let place = location(key)
        if let first = firstListed[symbol] {
            report(place, "'\(symbol)' is already listed on line \(first.line)", fix: "keep one entry for each IPA symbol")
            return false
        }
        firstListed[symbol] = place
        return true
    }

    // MARK: YAML

    /// The document's root, or nil after reporting why there is none. A key repeated inside one
    /// mapping is reported at its second place, then blanked so the rest is still checked.
    mutating func compose() -> Node? {
        var source = text
        for _ in 0..<100 {
            do {
                guard let root = try Yams.compose(yaml: source) else {
                    report(SourceLocation(file: origin, line: 1, column: 1), "the file is empty",
                           fix: "start with `voice: es-419` and `espeak: \"1.51\"` on their own lines")
                    return nil
                }
                return root
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                let repeated = RepeatedKeys(text: source, keys: duplicates, near: context.mark.line)
                guard !repeated.places.isEmpty else {
                    report(place(line: context.mark.line, column: context.mark.column),
                           "a key is repeated in one section: \(Self.list(duplicates.map { "'\($0)'" }))",
                           fix: "keep one entry for each key")
                    return nil
                }
                for duplicate in repeated.places {
                    report(place(line: duplicate.line, column: duplicate.column),
                           "'\(duplicate.key)' is already listed on line \(duplicate.firstLine)",
                           fix: "keep one entry for each key")
                }
                source = repeated.blanked
            } catch let error as YamlError {
                reportSyntax(error)
                return nil
            } catch {
                report(SourceLocation(file: origin, line: 1, column: 1), "the file cannot be read as YAML: \(error)",
                       fix: "save it as UTF-8 text")
                return nil
            }
        }
        return nil
    }

    mutating func reportSyntax(_ error: YamlError) {
        diagnostics.report(YAMLSource(text, origin: origin).diagnostic(for: error))
    }

    // MARK: Places

    mutating func report(_ node: Node, _ problem: String, fix: String) {
        report(location(node), problem, fix: fix)
    }

    mutating func report(_ location: SourceLocation, _ problem: String, fix: String) {
        diagnostics.report(location, problem, fix: fix)
    }

    func location(_ node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: origin, line: 1, column: 1) }
        return place(line: mark.line, column: mark.column)
    }

    /// A location inside the text: libYAML may point one line past the last line break.
    func place(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: origin, line: min(max(line, 1), lineCount), column: max(column, 1))
    }

    /// The lines of the text, counting line breaks as libYAML does (\n, \r\n, \r, NEL, LS, PS).
    var lineCount: Int {
        var count = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": if previous != "\r" { count += 1 }
            case "\r", "\u{85}", "\u{2028}", "\u{2029}": count += 1
            default: break
            }
            previous = scalar
        }
        return count
    }

    static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// The second and later places of keys that one block mapping repeats, found in the text
/// (libYAML reports only the first), and the text with those entries blanked out.
private struct RepeatedKeys {
    struct Place {
        let key: String
        let line: Int
        let column: Int
        let firstLine: Int
    }

    private(set) var places: [Place] = []
    private(set) var blanked: String

    /// - Parameters:
    ///   - keys: The repeated keys, as libYAML's composer names them.
    ///   - near: A line of the mapping that repeats them (the first place of one of the keys).
    init(text: String, keys: [String], near: Int) {
        var (lines, breaks) = Self.lines(of: text)
        blanked = text
        let index = near - 1
        guard lines.indices.contains(index), let indent = Self.indent(lines[index]) else { return }
        // The mapping: the lines around `near` indented at least as deep, blanks and comments included.
        var start = index
        while start > 0, Self.indent(lines[start - 1]).map({ $0 >= indent }) ?? true { start -= 1 }
        var end = index
        while end + 1 < lines.count, Self.indent(lines[end + 1]).map({ $0 >= indent }) ?? true { end += 1 }
        var first: [String: Int] = [:]
        var drop: [Int] = []
        for number in start...end where Self.indent(lines[number]) == indent {
            guard let key = Self.key(lines[number], indent: indent), keys.contains(key) else { continue }
            if let firstLine = first[key] {
                places.append(Place(key: key, line: number + 1, column: indent + 1, firstLine: firstLine))
                drop.append(number)
            } else {
                first[key] = number + 1
            }
        }
        for number in drop {
            lines[number] = ""
            var next = number + 1
            while next <= end, Self.indent(lines[next]).map({ $0 > indent }) ?? true {
                lines[next] = ""
                next += 1
            }
        }
        blanked = zip(lines, breaks + [""]).map { $0 + $1 }.joined()
    }

    /// The lines of a text and the line break after each, split as libYAML splits them
    /// (\n, \r\n, \r, NEL, LS, PS), so that line numbers agree with its marks.
    static func lines(of text: String) -> (lines: [String], breaks: [String]) {
        let scalars = Array(text.unicodeScalars)
        var lines: [String] = []
        var breaks: [String] = []
        var line = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var lineBreak: String?
            switch scalar {
            case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n":
                lineBreak = "\r\n"
                index += 1
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lineBreak = String(scalar)
            default:
                line.append(scalar)
            }
            if let lineBreak {
                lines.append(String(line))
                breaks.append(lineBreak)
                line = String.UnicodeScalarView()
            }
            index += 1
        }
        lines.append(String(line))
        return (lines, breaks)
    }

    /// The spaces before a line's content; nil for a blank line or a comment.
    static func indent(_ line: String) -> Int? {
        let content = line.drop { $0 == " " }
        if content.isEmpty || content.first == "#" || content.allSatisfy(\.isWhitespace) { return nil }
        return line.unicodeScalars.count - content.unicodeScalars.count
    }

    /// The key of a `key: value` line, plain or quoted.
    static func key(_ line: String, indent: Int) -> String? {
        let content = Substring(line.unicodeScalars.dropFirst(indent))
        if let quote = content.first, quote == "\"" || quote == "'" {
            let body = content.dropFirst()
            guard let close = body.firstIndex(of: quote), body[close...].dropFirst().first == ":" else { return nil }
            return String(body[..<close])
        }
        guard let colon = content.range(of: ": ")?.lowerBound ?? (content.hasSuffix(":") ? content.index(before: content.endIndex) : nil)
        else { return nil }
        return String(content[..<colon]).trimmingCharacters(in: .whitespaces)
    }
}
