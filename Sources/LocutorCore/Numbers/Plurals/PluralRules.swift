/// One language's cardinal rules.
///
/// Built from CLDR's rule text once, then evaluated with integer comparisons only: no strings,
/// no `Decimal` arithmetic, no allocation per call. Reads as: with Russian's rules, 21 is `one`
/// ("двадцать один рубль"), 22 `few` ("двадцать два рубля"), 25 `many` ("двадцать пять рублей"),
/// 1.5 `other` ("полтора рубля" takes the genitive singular).
package struct PluralRules: Sendable {
    private struct Rule: Sendable {
        let category: PluralCategory
        let condition: PluralCondition
    }

    /// The rules with a condition, in CLDR order; `other` takes what they leave.
    private let rules: [Rule]

    /// The categories defined, in CLDR order: `[.one, .few, .many, .other]` for Russian.
    package let categories: [PluralCategory]

    /// The samples written after @integer/@decimal, per category (ranges like 2~16 expanded up to a sane limit).
    ///
    /// A range gives at most 1000 values; "…" (the list goes on) is not a sample. Every defined
    /// category has an entry, empty when it lists no samples. Reads as `samples[.one]` of English:
    /// `["1"]`.
    package let samples: [PluralCategory: [String]]

    /// Parses CLDR rule syntax (samples after '@' are read and kept). Each rule comes with where it was written.
    ///
    /// The syntax is Unicode TR35's ("Language Plural Rules"): `v = 0 and i % 10 = 2..4 and
    /// i % 100 != 12..14 @integer 2~4, 22~24, …`; ICU's `getRules()` spelling (`i mod 10 in 2..4`)
    /// is read too. `other` has no condition, only samples. Every sample must fall in its own
    /// category: the rules check themselves.
    /// - Parameter rules: each category's text, and where its first character was written (for a
    ///   quoted YAML scalar, one column after its quote); a problem is reported that many columns
    ///   further on the same line.
    /// - Throws: DataError with every problem, each at the file:line:column of the offending
    ///   character with a fix: unknown operand, bad range, syntax errors, missing `other`, a
    ///   category given twice, a condition on `other` or none elsewhere, malformed samples, and a
    ///   sample that falls in another category. (Unknown category keywords are the file's
    ///   business: `PluralRuleBook` reports them.)
    package init(rules: [(category: PluralCategory, text: String, location: SourceLocation)]) throws(DataError) {
        let sources = rules.map { rule in
            PluralRuleSource(category: rule.category, text: rule.text) { offset in
                SourceLocation(file: rule.location.file, line: rule.location.line, column: rule.location.column + offset)
            }
        }
        try self.init(sources: sources, language: nil, location: nil)
    }

    /// The rules of `language` (named in messages), defined at `location` (where a missing `other` is reported).
    init(sources: [PluralRuleSource], language: String?, location: SourceLocation?) throws(DataError) {
        var diagnostics = DiagnosticCollector()
        var conditions: [PluralCategory: PluralCondition] = [:]
        var samples: [PluralCategory: [PluralSample]] = [:]
        var defined: Set<PluralCategory> = []
        var conditionFailed = false
        for source in sources {
            guard defined.insert(source.category).inserted else {
                diagnostics.report(
                    source.locate(0), "'\(source.category.rawValue)' has two rules",
                    fix: "keep one of them")
                continue
            }
            let parsed = PluralRuleParser.parse(source, into: &diagnostics)
            conditionFailed = conditionFailed || parsed.conditionFailed
            if let condition = parsed.condition { conditions[source.category] = condition }
            samples[source.category] = parsed.samples
        }
        if !defined.contains(.other) {
            let place = location ?? sources.first?.locate(0) ?? SourceLocation(file: "<plural rules>", line: 1, column: 1)
            let owner = language.map { "the rules for '\($0)' have" } ?? "these plural rules have"
            diagnostics.report(
                place, "\(owner) no 'other'",
                fix: "add other: \"\", which takes every number the other rules leave")
        }
        self.rules = PluralCategory.allCases.compactMap { category in
            conditions[category].map { Rule(category: category, condition: $0) }
        }
        categories = PluralCategory.allCases.filter(defined.contains)
        self.samples = samples.mapValues { $0.map(\.text) }

        // The data checks itself, once every condition could be read.
        if !conditionFailed {
            for category in categories {
                var reported: Set<SourceLocation> = []
                for sample in samples[category] ?? [] where !reported.contains(sample.location) {
                    let found = self.category(for: sample.operands)
                    guard found != category else { continue }
                    reported.insert(sample.location)
                    diagnostics.report(
                        sample.location,
                        "sample '\(sample.text)' of '\(category.rawValue)' is '\(found.rawValue)' by these rules",
                        fix: "fix the rule for '\(category.rawValue)' or move the sample to '\(found.rawValue)'")
                }
            }
        }
        try diagnostics.check()
    }

    /// The category of a number as displayed. Reads as CLDR does: category(for: PluralOperands("1.00")!) == .other in English.
    ///
    /// The first category, in CLDR order, whose condition holds; `other` when none does.
    /// Spanish "1.00" is `one` (n = 1), French "1.5" is `one` (i = 1), Portuguese 1000000 is
    /// `many` ("um milhão de reais").
    package func category(for operands: PluralOperands) -> PluralCategory {
        for rule in rules where rule.condition.holds(for: operands) {
            return rule.category
        }
        return .other
    }
}
