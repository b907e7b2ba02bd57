import LocutorCore

/// Apple String Catalogs (`.xcstrings`): every key's localizations, with their plural, device and
/// width variations and substitutions, each a string of its own.
enum XCStringsReader {
    static func read(_ text: ScalarText, file: String) throws(StringFileError) -> [AppString] {
        let root = try text.json()
        guard root.members != nil else { throw text.error(root.start, "a String Catalog is a JSON object with \"strings\"") }
        guard let strings = root["strings"], let entries = strings.members else {
            throw text.error(root.start, "there is no \"strings\" object — is this a String Catalog?")
        }
        let source = root["sourceLanguage"]?.string.flatMap(LocaleName.tag)
        var result: [AppString] = []
        for (key, keyAt, entry) in entries.map({ ($0.key, $0.keyAt, $0.value) }) {
            guard entry.members != nil else { throw text.error(entry.start, "the entry of \"\(key)\" is not an object") }
            if case .bool(false, _)? = entry["shouldTranslate"] { continue }
            let localizations = entry["localizations"]?.members ?? []
            // Without a localization in the source language, the key is the source text.
            if let source, !key.isEmpty, !localizations.contains(where: { LocaleName.tag($0.key) == source }) {
                result.append(AppString(key: key, locale: source, text: key, location: text.location(keyAt + 1)))
            }
            for localization in localizations {
                let locale = LocaleName.tag(localization.key) ?? localization.key
                try collect(localization.value, key: key, locale: locale, path: [], plural: nil, text: text, into: &result)
            }
        }
        return result
    }

    /// A localization or a variation: its `stringUnit`, then its variations and substitutions.
    private static func collect(
        _ node: JSONTree, key: String, locale: String, path: [String], plural: PluralCategory?, text: ScalarText,
        into result: inout [AppString]
    ) throws(StringFileError) {
        if let unit = node["stringUnit"] {
            guard let value = unit["value"], case let .string(string, at) = value else {
                throw text.error(unit.start, "a stringUnit without a \"value\" string")
            }
            result.append(
                AppString(
                    key: key, variant: path.joined(separator: "."), locale: locale, text: string, location: text.location(at + 1),
                    plural: plural))
        }
        for (kind, cases) in (node["variations"]?.members ?? []).map({ ($0.key, $0.value) }) {
            for (name, variation) in (cases.members ?? []).map({ ($0.key, $0.value) }) {
                let category = kind == "plural" ? PluralCategory(rawValue: name) : nil
                try collect(
                    variation, key: key, locale: locale, path: path + [kind, name], plural: category ?? plural, text: text, into: &result)
            }
        }
        for (name, substitution) in (node["substitutions"]?.members ?? []).map({ ($0.key, $0.value) }) {
            try collect(
                substitution, key: key, locale: locale, path: path + ["substitutions", name], plural: plural, text: text, into: &result)
        }
    }
}

/// JSON translation files: flat (`{"key": "value"}`) or nested (`{"cart": {"total": "…"}}`, keys
/// joined with "."), i18next's plural suffixes (`items_one`), arrays, and ARB (`@@locale`, with
/// `@key` metadata skipped). The locale is `@@locale`, or the file's name (`es-AR.json`,
/// `app_es_AR.arb`), or its folder's (`locales/es-AR/common.json`).
enum TranslationJSONReader {
    static func read(_ text: ScalarText, file: String, path: String) throws(StringFileError) -> [AppString] {
        let root = try text.json()
        guard root.members != nil else { throw text.error(root.start, "a translation file is a JSON object of keys and strings") }
        let locale = root["@@locale"]?.string.flatMap(LocaleName.tag) ?? locale(ofPath: path)
        var result: [AppString] = []
        walk(root, key: [], locale: locale, text: text, into: &result)
        return result
    }

    static func locale(ofPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return nil }
        let stem = name.split(separator: ".").first.map(String.init) ?? String(name)
        if let tag = LocaleName.tag(stem) { return tag }
        // app_es_AR, intl_es, strings-pt-BR: the longest ending that is a locale.
        let pieces = stem.split(whereSeparator: { $0 == "_" || $0 == "-" })
        for count in stride(from: min(3, pieces.count - 1), through: 1, by: -1) {
            if let tag = LocaleName.tag(pieces.suffix(count).joined(separator: "-")) { return tag }
        }
        if parts.count >= 2 { return LocaleName.tag(String(parts[parts.count - 2])) }
        return nil
    }

    private static func walk(_ node: JSONTree, key: [String], locale: String?, text: ScalarText, into result: inout [AppString]) {
        switch node {
        case let .string(string, at):
            let name = key.joined(separator: ".")
            result.append(
                AppString(key: name, locale: locale, text: string, location: text.location(at + 1), plural: pluralSuffix(key.last)))
        case let .object(members, _, _):
            for member in members where !member.key.hasPrefix("@") {
                walk(member.value, key: key + [member.key], locale: locale, text: text, into: &result)
            }
        case let .array(items, _, _):
            for (index, item) in items.enumerated() {
                walk(item, key: key.dropLast() + [(key.last ?? "") + "[\(index)]"], locale: locale, text: text, into: &result)
            }
        case .number, .bool, .null: break
        }
    }

    /// i18next's `items_one`, `items_other`: the plural category a key is for.
    private static func pluralSuffix(_ key: String?) -> PluralCategory? {
        guard let key, let underscore = key.lastIndex(of: "_") else { return nil }
        return PluralCategory(rawValue: String(key[key.index(after: underscore)...]))
    }
}
