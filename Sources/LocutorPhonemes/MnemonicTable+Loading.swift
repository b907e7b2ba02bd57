import Foundation
import LocutorCore

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
        let parsed: DataNode?
        do {
            parsed = try DataNode.parse(text, origin: origin)
        } catch {
            diagnostics.absorb(error)
            return nil
        }
        guard let root = parsed else {
            report(
                SourceLocation(file: origin, line: 1, column: 1), "the file is empty",
                fix: "start with `voice: es-419` and `espeak: \"1.51\"` on their own lines")
            return nil
        }
        guard case let .mapping(top) = root.value else {
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
            guard let name = key.scalar else {
                report(key, "a key of the file is not a word", fix: "use one of \(Self.list(Self.topKeys))")
                continue
            }
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
        for (name, fix) in [
            ("voice", "add `voice: es-419` at the top level"),
            ("espeak", "add `espeak: \"1.51\"` at the top level"),
            ("phonemes", "add `phonemes:` at the top level, then one `\"ipa\": \"mnemonics\"` line per symbol"),
        ]
        where !seen.contains(name) {
            report(root, "the file has no '\(name)'", fix: fix)
        }
        guard let voice, let version, diagnostics.isEmpty else { return nil }
        return MnemonicTable(
            voice: voice, espeakVersion: version, made: made,
            mnemonicsBySymbol: symbols, fallbacks: fallbacks)
    }

    /// A top-level value that must be one line of text.
    mutating func scalarText(of node: DataNode, named name: String, example: String) -> String? {
        guard let text = node.scalar, !text.isEmpty else {
            report(node, "'\(name)' is empty or not text", fix: "write it as `\(example)`")
            return nil
        }
        return text
    }

    // MARK: Entries

    /// The `"IPA": "mnemonics"` lines of `marks`, `phonemes` or `inventory`.
    mutating func entries(of node: DataNode, section: String) -> [(String, String)] {
        guard case let .mapping(mapping) = node.value else {
            if node.kind == .empty { return [] }
            report(
                node, "'\(section)' does not list IPA symbols",
                fix: "write one `\"ipa\": \"mnemonics\"` line per symbol, indented under \(section):")
            return []
        }
        var result: [(String, String)] = []
        for (key, value) in mapping {
            guard let symbol = symbol(key, section: section) else { continue }
            guard value.scalar != nil else {
                report(value, "the mnemonics of '\(symbol)' are not text", fix: "write them in quotes: `\"\(symbol)\": \"…\"`")
                continue
            }
            guard let mnemonics = mnemonics(of: value, symbol: symbol) else { continue }
            if listOnce(symbol, at: key) { result.append((symbol, mnemonics)) }
        }
        return result
    }

    /// The entries of `fallbacks`: each IPA symbol with `espeak`, `why` and maybe `says`.
    mutating func fallbackEntries(of node: DataNode) -> [MnemonicTable.Fallback] {
        guard case let .mapping(mapping) = node.value else {
            if node.kind == .empty { return [] }
            report(node, "'fallbacks' does not list IPA symbols", fix: "write each symbol with `espeak:` and `why:` indented under it")
            return []
        }
        var result: [MnemonicTable.Fallback] = []
        for (key, value) in mapping {
            guard let symbol = symbol(key, section: "fallbacks") else { continue }
            guard case let .mapping(fields) = value.value else {
                report(
                    value, "the fallback '\(symbol)' has no `espeak` and `why`",
                    fix: "write `espeak: \"…\"` and `why: \"…\"` indented under it")
                continue
            }
            var espeak: String?
            var why: String?
            var says: String?
            var problems = false
            for (fieldKey, fieldValue) in fields {
                let field = fieldKey.scalar ?? ""
                guard Self.fallbackKeys.contains(field) else {
                    report(
                        fieldKey, "unknown key '\(field)' in the fallback '\(symbol)'", fix: "use one of \(Self.list(Self.fallbackKeys))")
                    problems = true
                    continue
                }
                guard let fieldText = fieldValue.scalar, !fieldText.isEmpty else {
                    report(fieldValue, "'\(field)' of the fallback '\(symbol)' is empty", fix: Self.fieldFix(field))
                    problems = true
                    continue
                }
                switch field {
                case "espeak":
                    espeak = mnemonics(of: fieldValue, symbol: symbol)
                    if espeak == nil { problems = true }
                case "why": why = fieldText
                default: says = fieldText
                }
            }
            for (field, present) in [("espeak", espeak != nil), ("why", why != nil)] where !present {
                if !fields.contains(where: { $0.key.scalar == field }) {
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
    mutating func symbol(_ key: DataNode, section: String) -> String? {
        guard let symbol = key.scalar, !symbol.isEmpty else {
            report(
                key, "an entry of '\(section)' has no IPA symbol", fix: "write the IPA symbol in quotes before the colon: `\"a\": \"a\"`")
            return nil
        }
        guard PhonemeCharacters.isIPASymbol(symbol) else {
            report(
                key, "'\(symbol)' is not an IPA symbol",
                fix: "write IPA (lowercase letters, IPA letters and diacritics, such as ʃ or ɐ̃), not eSpeak mnemonics or capitals")
            return nil
        }
        return symbol
    }

    /// The mnemonics of an entry, if they are text eSpeak could read.
    mutating func mnemonics(of node: DataNode, symbol: String) -> String? {
        let mnemonics = node.scalar ?? ""
        guard !mnemonics.isEmpty else {
            report(node, "'\(symbol)' has no mnemonics", fix: "write eSpeak's mnemonics after the colon, such as `\"a\": \"a\"`")
            return nil
        }
        guard PhonemeCharacters.isMnemonic(mnemonics) else {
            report(
                node, "'\(mnemonics)' is not eSpeak mnemonics: they are ASCII letters, digits and marks, without spaces or ]",
                fix: "write eSpeak's name for the sound (the table's other lines show them, such as S for ʃ)")
            return nil
        }
        return mnemonics
    }

    /// Whether `symbol` is listed for the first time; reports it otherwise.
    mutating func listOnce(_ symbol: String, at key: DataNode) -> Bool {
        let place = key.location
        if let first = firstListed[symbol] {
            report(place, "'\(symbol)' is already listed on line \(first.line)", fix: "keep one entry for each IPA symbol")
            return false
        }
        firstListed[symbol] = place
        return true
    }

    // MARK: Places

    mutating func report(_ node: DataNode, _ problem: String, fix: String) {
        report(node.location, problem, fix: fix)
    }

    mutating func report(_ location: SourceLocation, _ problem: String, fix: String) {
        diagnostics.report(location, problem, fix: fix)
    }

    static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
