import LocutorSupport

/// Every language's rules, read from voices/cldr/plurals.yaml.
///
/// The file maps language codes to categories to CLDR rule text:
///
/// ```yaml
/// en:
///   one: "i = 1 and v = 0 @integer 1"
///   other: " @integer 0, 2~16, 100, … @decimal 0.0~1.5, 10.0, …"
/// ```
///
/// Reads as `book["ru"]?.category(for: PluralOperands("22")!)` → `.few` ("двадцать два рубля").
package struct PluralRuleBook: Sendable {
    private let rules: [String: PluralRules]
    /// Each language under its normalised code (lower case, "_" for "-"), for lookups like "pt-BR".
    private let normalised: [String: String]

    /// The languages of the file, in the file's order.
    package let languages: [String]

    /// Reads a plural rule file and checks every rule against its own samples.
    ///
    /// Every problem of the file is reported together, each at `origin:line:column` with its fix;
    /// columns inside a rule point at the offending character, through quotes, escapes and folded
    /// lines: `voices/cldr/plurals.yaml:4:15: unknown operand 'x' in the rule for 'one' — use one
    /// of n, i, v, w, f, t, e, c`.
    /// - Parameters:
    ///   - yaml: the file's text.
    ///   - origin: the file's name as messages should show it: `voices/cldr/plurals.yaml`.
    /// - Throws: DataError for YAML syntax errors (with the line and column Yams reports), unknown keys
    ///   (a language that is not a language code, an unknown category keyword), non-string values,
    ///   and every rule problem `PluralRules` reports — all collected, never a crash.
    package init(yaml: String, origin: String) throws(DataError) {
        guard let root = try DataNode.parse(yaml, origin: origin) else {
            throw DataError([
                Diagnostic(
                    SourceLocation(file: origin, line: 1, column: 1), "no plural rules in the file",
                    fix: "add a language, as in en: { one: \"i = 1 and v = 0\", other: \"\" }")
            ])
        }
        guard case .mapping(let mapping) = root.value else {
            throw DataError([
                Diagnostic(
                    root.location,
                    "the file is \(root.kind.described), not a mapping of languages to their rules",
                    fix: "start each language at the beginning of a line, as in en: then its categories indented")
            ])
        }

        var diagnostics = DiagnosticCollector()
        var rules: [String: PluralRules] = [:]
        var normalised: [String: String] = [:]
        var languages: [String] = []
        for (key, value) in mapping {
            guard let language = key.scalar else {
                diagnostics.report(
                    key.location, "a language is named by \(key.kind.described)",
                    fix: "name each language by its code, as in es or pt_PT")
                continue
            }
            guard Self.isLanguageCode(language) else {
                diagnostics.report(
                    key.location, "'\(language)' is not a language code",
                    fix: "name each language by its code, as in es or pt_PT")
                continue
            }
            guard case .mapping(let categories) = value.value else {
                diagnostics.report(
                    value.location,
                    "the rules for '\(language)' are \(value.kind.described), not a mapping of categories to rules",
                    fix: "indent one line per category under '\(language):', as in   one: \"i = 1 and v = 0\"")
                continue
            }
            var sources: [PluralRuleSource] = []
            for (categoryKey, ruleNode) in categories {
                guard let name = categoryKey.scalar else {
                    diagnostics.report(
                        categoryKey.location,
                        "a plural category of '\(language)' is named by \(categoryKey.kind.described)",
                        fix: "use one of \(Self.categoryList)")
                    continue
                }
                guard let category = PluralCategory(rawValue: name) else {
                    diagnostics.report(
                        categoryKey.location,
                        "unknown plural category '\(name)' in '\(language)'",
                        fix: Self.suggestion(for: name))
                    continue
                }
                guard let rule = ruleNode.scalar, ruleNode.kind == .text else {
                    let found = ruleNode.kind.described
                    let example = category == .other ? "other: \"\"" : "\(name): \"i = 1 and v = 0\""
                    diagnostics.report(
                        ruleNode.location,
                        "the rule for '\(name)' in '\(language)' is \(found == "empty" ? found : found + ", not text")",
                        fix: "write the rule in quotes, as in \(example)")
                    continue
                }
                sources.append(PluralRuleSource(category: category, text: rule, locate: LazyLocator(ruleNode).locate))
            }
            do {
                let languageRules = try PluralRules(sources: sources, language: language, location: key.location)
                rules[language] = languageRules
                normalised[Self.normalise(language)] = language
                languages.append(language)
            } catch {
                diagnostics.absorb(error)
            }
        }
        try diagnostics.check()
        self.rules = rules
        self.normalised = normalised
        self.languages = languages
    }

    /// The rules of `language`: its own entry, else the entry of its language alone.
    ///
    /// "pt-BR" and "pt_BR" find "pt" unless the file has an entry of their own; case and "-"
    /// versus "_" do not matter. Reads as `book["es-AR"]` → the rules of `es`.
    package subscript(language: String) -> PluralRules? {
        if let exact = rules[language] { return exact }
        let key = Self.normalise(language)
        if let name = normalised[key] { return rules[name] }
        guard let base = key.split(separator: "_").first, let name = normalised[String(base)] else { return nil }
        return rules[name]
    }

    // MARK: Wording

    private static let categoryList = PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")

    private static func suggestion(for name: String) -> String {
        let close = EditDistance.nearest(name, in: PluralCategory.allCases.map(\.rawValue), limit: 2)
        if let close { return "did you mean '\(close)'? The categories are \(categoryList)" }
        return "use one of \(categoryList)"
    }

    /// A BCP 47-like language code: two or three lower-case letters, then subtags after "-" or "_".
    private static func isLanguageCode(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count),
            first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count)
                && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }

    private static func normalise(_ language: String) -> String {
        String(language.lowercased().map { $0 == "-" ? "_" : $0 })
    }
}

/// Finds where the characters of a rule were written, working the positions out on the first
/// question only: most rules load without one.
private final class LazyLocator: @unchecked Sendable {
    private let node: DataNode
    private var locator: ((Int) -> SourceLocation)?

    init(_ node: DataNode) {
        self.node = node
    }

    func locate(_ offset: Int) -> SourceLocation {
        if let locator { return locator(offset) }
        let made = node.locator()
        locator = made
        return made(offset)
    }
}
