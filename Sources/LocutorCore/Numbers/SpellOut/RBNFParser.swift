import Foundation

/// Reads ICU/CLDR rule text into ``RBNFRuleSet``s, following ICU's own parser (rbnf.cpp,
/// nfrs.cpp, nfrule.cpp, nfsubs.cpp) but reporting every problem as a ``Diagnostic`` with its
/// line and column instead of failing on the first one.
///
/// Phases: cut the text into rule sets and rules (`;` ends a rule, `%name:` starts a set);
/// find the fraction rule sets (those a fraction rule's `>%set>` hands its fraction to); build
/// each rule — brackets, base values and divisors, substitutions, plural forms; then look for
/// rule sets that hand a value back to themselves unchanged.
struct RBNFParser {
    private let scalars: [Unicode.Scalar]
    private let origin: String
    private let firstLine: Int
    private let locale: SpellOutLocale
    private var lineStarts: [Int] = [0]
    var diagnostics = DiagnosticCollector()

    private struct RawRule {
        var start: Int
        var kind: RBNFRule.Kind = .normal
        var base: Int64?
        var radix: Int64 = 10
        var decrements = 0
        var decimalPoint: Unicode.Scalar?
        var text: [Int] = []
    }

    private struct RawSet {
        var name: String
        var start: Int
        var isPublic: Bool
        var ignored: Bool
        var rules: [RawRule] = []
    }

    private enum TokenSearch {
        case none
        case unclosed(Int)
        case token(start: Int, end: Int)
    }

    /// Where a substitution goes: its position in the rule text once every token is taken out.
    private struct PlacedSubstitution {
        var position: Int
        var substitution: RBNFSubstitution
    }

    static let descriptorFix =
        "write a base value (`100:`, `1000/1000:`) or a special rule name (`-x:`, `x.x:`, `0.x:`, `x.0:`, `Inf:`, `NaN:`)"

    init(text: String, origin: String, firstLine: Int, locale: SpellOutLocale) {
        scalars = Array(text.unicodeScalars)
        self.origin = origin
        self.firstLine = firstLine
        self.locale = locale
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" {
            lineStarts.append(offset + 1)
        }
    }

    // MARK: Locations

    private func location(_ offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) >> 1
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let line = max(low - 1, 0)
        return SourceLocation(file: origin, line: firstLine + line, column: offset - lineStarts[line] + 1)
    }

    private mutating func report(_ offset: Int, _ problem: String, fix: String) {
        diagnostics.report(location(min(max(offset, 0), max(scalars.count, 0))), problem, fix: fix)
    }

    private func string(_ range: Range<Int>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        for offset in range { Self.appendUTF8(scalars[offset], to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func string(offsets: ArraySlice<Int>, droppingSoftHyphens: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(offsets.count)
        for offset in offsets {
            let scalar = scalars[offset]
            if droppingSoftHyphens, scalar == "\u{AD}" { continue }
            Self.appendUTF8(scalar, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func string(_ scalars: [Unicode.Scalar]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars { appendUTF8(scalar, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value))
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }

    /// An excerpt for a message: at most 40 scalars, on one line.
    private func excerpt(_ range: Range<Int>) -> String {
        let end = min(range.upperBound, range.lowerBound + 40)
        var text = string(range.lowerBound..<end)
        if let newline = text.firstIndex(of: "\n") { text = String(text[..<newline]) }
        return end < range.upperBound ? text + "…" : text
    }

    /// ICU's pattern white space (`PatternProps::isWhiteSpace`).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int64? {
        scalar.value >= 0x30 && scalar.value <= 0x39 ? Int64(scalar.value - 0x30) : nil
    }

    // MARK: Parsing

    mutating func parse() -> [RBNFRuleSet] {
        let raw = splitIntoSets()
        var index: [String: Int] = [:]
        for (position, set) in raw.enumerated() where !set.ignored && index[set.name] == nil {
            index[set.name] = position
        }
        let fractionSets = findFractionSets(raw, index)
        let defaultSet =
            ["%spellout-numbering", "%digits-ordinal", "%duration"].lazy.compactMap { index[$0] }.first
            ?? raw.indices.last { raw[$0].isPublic && !raw[$0].ignored }
        var built: [RBNFRuleSet] = []
        var origins: [[Int]] = []
        for (position, set) in raw.enumerated() {
            let (ruleSet, ruleOrigins) = build(set, position, index, fractionSets.contains(position), defaultSet)
            built.append(ruleSet)
            origins.append(ruleOrigins)
        }
        findCycles(built, origins)
        return built
    }

    /// Cuts the text at `;` (skipping white space and empty rules, as ICU's `stripWhitespace`
    /// does) and groups the rules under their `%name:` headers.
    private mutating func splitIntoSets() -> [RawSet] {
        var sets: [RawSet] = []
        var firstSeen: [String: Int] = [:]
        var reportedOutside = false
        let count = scalars.count
        var cursor = 0
        while cursor < count {
            while cursor < count, Self.isWhitespace(scalars[cursor]) || scalars[cursor] == ";" { cursor += 1 }
            guard cursor < count else { break }
            let start = cursor
            var end = cursor
            while end < count, scalars[end] != ";" { end += 1 }
            cursor = end + 1
            var ruleStart = start
            if scalars[start] == "%" {
                guard let colon = (start..<end).first(where: { scalars[$0] == ":" }) else {
                    report(
                        start, "rule-set header '\(excerpt(start..<end))' has no ':'",
                        fix: "end the rule-set name with a colon, as in `%spellout-numbering:`")
                    sets.append(RawSet(name: "", start: start, isPublic: false, ignored: true))
                    continue
                }
                let name = string(start..<colon)
                let isPrivate = name.hasPrefix("%%")
                let body = name.unicodeScalars.dropFirst(isPrivate ? 2 : 1)
                var ignored = name == "%%lenient-parse"
                if body.isEmpty || body.contains(where: { Self.isWhitespace($0) || $0 == "%" }) {
                    report(
                        start, "'\(excerpt(start..<colon))' is not a rule-set name",
                        fix: "name a rule set with % (public) or %% (private) and a word without spaces, then ':' — `%spellout-numbering:`")
                    ignored = true
                } else if let first = firstSeen[name] {
                    report(
                        start, "rule set \(name) is defined twice (first on line \(location(first).line))",
                        fix: "rename one of them or merge their rules")
                    ignored = true
                } else {
                    firstSeen[name] = start
                }
                sets.append(RawSet(name: name, start: start, isPublic: !isPrivate, ignored: ignored))
                ruleStart = colon + 1
                while ruleStart < end, Self.isWhitespace(scalars[ruleStart]) { ruleStart += 1 }
                if ruleStart >= end { continue }
            }
            guard !sets.isEmpty else {
                if !reportedOutside {
                    report(
                        start, "rule '\(excerpt(start..<end))' comes before any rule-set header",
                        fix: "start the text with a rule-set header such as `%spellout-numbering:`")
                    reportedOutside = true
                }
                continue
            }
            if sets[sets.count - 1].ignored { continue }
            if let rule = parseRule(ruleStart, end) {
                sets[sets.count - 1].rules.append(rule)
            }
        }
        for set in sets where !set.ignored && set.rules.isEmpty {
            report(set.start, "rule set \(set.name) has no rules", fix: "add its rules after the header, or remove the header")
        }
        return sets
    }

    /// Reads a rule's descriptor (`100:`, `1000/1000:`, `x.x:`, …) the way ICU's
    /// `NFRule::parseRuleDescriptor` does, and keeps the text after it.
    private mutating func parseRule(_ start: Int, _ end: Int) -> RawRule? {
        var rule = RawRule(start: start)
        var textStart = start
        if let colon = (start..<end).first(where: { scalars[$0] == ":" }) {
            guard parseDescriptor(start, colon, &rule) else { return nil }
            textStart = colon + 1
            while textStart < end, Self.isWhitespace(scalars[textStart]) { textStart += 1 }
        }
        // A leading apostrophe keeps the white space after it (`1: ' and =%set=;`).
        if textStart < end, scalars[textStart] == "'" { textStart += 1 }
        rule.text = Array(textStart..<end)
        return rule
    }

    private mutating func parseDescriptor(_ start: Int, _ colon: Int, _ rule: inout RawRule) -> Bool {
        let length = colon - start
        guard length > 0 else {
            report(start, "empty rule descriptor before ':'", fix: Self.descriptorFix)
            return false
        }
        let first = scalars[start]
        let last = scalars[colon - 1]
        if Self.digit(first) != nil, last != "x" {
            var position = start
            guard let base = readNumber(&position, colon, what: "base value") else { return false }
            rule.base = base
            if position < colon, scalars[position] == "/" {
                position += 1
                guard let radix = readNumber(&position, colon, what: "radix") else { return false }
                guard radix >= 2 else {
                    report(
                        start, "radix \(radix) in '\(excerpt(start..<colon))' is below 2",
                        fix: "use a radix of 2 or more, as in `100/1000:`")
                    return false
                }
                rule.radix = radix
            }
            while position < colon {
                guard scalars[position] == ">" else {
                    report(
                        position, "unexpected '\(scalars[position])' in rule descriptor '\(excerpt(start..<colon))'",
                        fix: "after the base value only `/radix` and `>` marks may follow, as in `1000/1000>:`")
                    return false
                }
                rule.decrements += 1
                position += 1
            }
            return true
        }
        let descriptor = string(start..<colon)
        if descriptor == "-x" {
            rule.kind = .negative
        } else if length == 3, first == "0", last == "x" {
            rule.kind = .properFraction
        } else if length == 3, first == "x", last == "x" {
            rule.kind = .improperFraction
        } else if length == 3, first == "x", last == "0" {
            rule.kind = .master
        } else if descriptor == "NaN" {
            rule.kind = .notANumber
        } else if descriptor == "Inf" {
            rule.kind = .infinity
        } else {
            report(start, "'\(excerpt(start..<colon))' is not a rule descriptor", fix: Self.descriptorFix)
            return false
        }
        if length == 3, rule.kind != .notANumber, rule.kind != .infinity {
            rule.decimalPoint = scalars[start + 1]
        }
        return true
    }

    /// Digits, skipping white space, ',' and '.', up to '/', '>' or the end.
    private mutating func readNumber(_ position: inout Int, _ end: Int, what: String) -> Int64? {
        let start = position
        var value: Int64 = 0
        var digits = 0
        while position < end {
            let scalar = scalars[position]
            if let digit = Self.digit(scalar) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = product.addingReportingOverflow(digit)
                guard !overflow, !overflow2 else {
                    report(start, "\(what) '\(excerpt(start..<end))' is too large", fix: "keep base values below 2^63")
                    return nil
                }
                value = sum
                digits += 1
            } else if scalar == "/" || scalar == ">" {
                break
            } else if !(Self.isWhitespace(scalar) || scalar == "," || scalar == ".") {
                report(
                    position, "illegal character '\(scalar.escaped(asASCII: false))' in \(what)",
                    fix: "a base value is digits, optionally followed by `/radix` and `>` marks, as in `100:` or `1000/1000:`")
                return nil
            }
            position += 1
        }
        guard digits > 0 else {
            report(start, "\(what) in '\(excerpt(start..<end))' has no digits", fix: Self.descriptorFix)
            return nil
        }
        return value
    }

    // MARK: Substitution tokens

    /// ICU's `NFRule::extractSubstitution` search: the first of `<<` `<%` `<#` `<0` `>>` `>%`
    /// `>#` `>0` `=%` `=#` `=0`, up to the same character again (`>>>` is one token, and
    /// `<%set<<` keeps its second `<`).
    private func findToken(_ text: [Int]) -> TokenSearch {
        guard text.count >= 2 else { return .none }
        for start in 0..<(text.count - 1) {
            let opening = scalars[text[start]]
            let next = scalars[text[start + 1]]
            let isPrefix: Bool
            switch opening {
            case "<": isPrefix = next == "<" || next == "%" || next == "#" || next == "0"
            case ">": isPrefix = next == ">" || next == "%" || next == "#" || next == "0"
            case "=": isPrefix = next == "%" || next == "#" || next == "0"
            default: isPrefix = false
            }
            guard isPrefix else { continue }
            if opening == ">", start + 2 < text.count, next == ">", scalars[text[start + 2]] == ">" {
                return .token(start: start, end: start + 2)
            }
            guard var end = ((start + 1)..<text.count).first(where: { scalars[text[$0]] == opening }) else {
                return .unclosed(start)
            }
            if opening == "<", end < text.count - 1, scalars[text[end + 1]] == "<" { end += 1 }
            return .token(start: start, end: end)
        }
        return .none
    }

    /// The rule text with a matched `[…]` either kept (brackets removed) or dropped, or nil
    /// when the text has no matched pair. ICU pairs the first `[` with the first `]`.
    private func brackets(_ text: [Int]) -> (with: [Int], without: [Int])? {
        guard let open = text.firstIndex(where: { scalars[$0] == "[" }),
            let close = text.firstIndex(where: { scalars[$0] == "]" }), open < close
        else { return nil }
        let with = Array(text[..<open]) + Array(text[(open + 1)..<close]) + Array(text[(close + 1)...])
        let without = Array(text[..<open]) + Array(text[(close + 1)...])
        return (with, without)
    }

    /// Rule sets that a fraction rule (`x.x:`, `0.x:`, `x.0:`) hands its fraction to with
    /// `>%set>`: ICU makes them fraction rule sets, where `<<` is a numerator.
    private func findFractionSets(_ sets: [RawSet], _ index: [String: Int]) -> Set<Int> {
        var result = Set<Int>()
        for (position, set) in sets.enumerated() where !set.ignored {
            for rule in set.rules where rule.kind == .improperFraction || rule.kind == .properFraction || rule.kind == .master {
                var text = brackets(rule.text)?.with ?? rule.text
                for _ in 0..<2 {
                    guard case let .token(start, end) = findToken(text) else { break }
                    let token = text[start...end].map { scalars[$0] }
                    text.removeSubrange(start...end)
                    guard token.first == ">", token.count > 3, token[1] == "%" else { continue }
                    if let target = index[Self.string(Array(token[1..<(token.count - 1)]))], target != position {
                        result.insert(target)
                    }
                }
            }
        }
        return result
    }

    // MARK: Building rules

    private mutating func build(
        _ set: RawSet, _ position: Int, _ index: [String: Int], _ isFractionSet: Bool,
        _ defaultSet: Int?
    ) -> (RBNFRuleSet, [Int]) {
        var rules: [RBNFRule] = []
        var origins: [Int] = []
        var negative: RBNFRule?
        var improper: [RBNFRule] = []
        var proper: [RBNFRule] = []
        var master: [RBNFRule] = []
        var nextBase: Int64 = 0
        let context = RuleContext(set: position, index: index, isFractionSet: isFractionSet, defaultSet: defaultSet)
        for raw in set.rules where !set.ignored {
            let predecessor = rules.last
            switch raw.kind {
            case .normal:
                // ICU treats an explicit `0:` like a rule without a base value.
                let explicit = raw.base == 0 ? nil : raw.base
                var variants: [(base: Int64?, text: [Int])] = [(explicit, raw.text)]
                if let split = brackets(raw.text) {
                    variants = [(explicit, split.with)]
                    if let base = explicit, let divisor = divisor(base, raw, report: false), base % divisor == 0 {
                        variants = [(base, split.without), (isFractionSet ? base : base &+ 1, split.with)]
                    }
                }
                for (variantBase, text) in variants {
                    let base = variantBase ?? nextBase
                    if let given = variantBase, given < nextBase {
                        report(
                            raw.start, "base value \(given) is out of order: this rule set's rules must reach at least \(nextBase) here",
                            fix: "list the rules of a rule set by increasing base value")
                        continue
                    }
                    guard isFractionSet || base < Int64.max else {
                        report(
                            raw.start, "base value \(base) leaves no room for the rules after it", fix: "keep base values below 2^63 - 1")
                        continue
                    }
                    nextBase = isFractionSet ? base : base + 1
                    // The divisor comes from the written base value (ICU does not recompute it for
                    // the `[…]` copy at base + 1), or from the assigned one when none was written.
                    guard let divisor = divisor(explicit ?? base, raw, report: true),
                        let parts = buildParts(text, raw, context, predecessor, divisor: divisor, base: base)
                    else { continue }
                    rules.append(RBNFRule(kind: .normal, baseValue: base, divisor: divisor, parts: parts, decimalPoint: nil))
                    origins.append(raw.start)
                }
            case .improperFraction, .master:
                if let split = brackets(raw.text) {
                    // `x.x: a[ b]` is also `0.x: a`; `x.0: a[ b]` is also `x.x: a b`.
                    let withoutKind: RBNFRule.Kind = raw.kind == .improperFraction ? .properFraction : .master
                    if let parts = buildParts(split.without, raw, context, predecessor, divisor: 1, base: 0, kind: withoutKind) {
                        let rule = RBNFRule(kind: withoutKind, baseValue: 0, divisor: 1, parts: parts, decimalPoint: raw.decimalPoint)
                        if withoutKind == .properFraction { proper.append(rule) } else { master.append(rule) }
                    }
                    if let parts = buildParts(split.with, raw, context, predecessor, divisor: 1, base: 0, kind: .improperFraction) {
                        improper.append(
                            RBNFRule(kind: .improperFraction, baseValue: 0, divisor: 1, parts: parts, decimalPoint: raw.decimalPoint))
                    }
                } else if let parts = buildParts(raw.text, raw, context, predecessor, divisor: 1, base: 0) {
                    let rule = RBNFRule(kind: raw.kind, baseValue: 0, divisor: 1, parts: parts, decimalPoint: raw.decimalPoint)
                    if raw.kind == .improperFraction { improper.append(rule) } else { master.append(rule) }
                }
            case .properFraction, .negative, .infinity, .notANumber:
                guard let parts = buildParts(raw.text, raw, context, predecessor, divisor: 1, base: 0) else { continue }
                let rule = RBNFRule(kind: raw.kind, baseValue: 0, divisor: 1, parts: parts, decimalPoint: raw.decimalPoint)
                switch raw.kind {
                case .properFraction: proper.append(rule)
                case .negative: negative = rule
                default: break  // Decimal has no infinity, and NaN is refused before any rule.
                }
            }
        }
        var lcm: Int64 = 1
        if isFractionSet, !set.ignored {
            if rules.isEmpty {
                report(
                    set.start, "fraction rule set \(set.name) has no rules with a base value",
                    fix: "give it rules such as `10: << tenths;` and `100: << hundredths;`")
            }
            for (rule, origin) in zip(rules, origins) {
                guard rule.baseValue > 0 else {
                    report(
                        origin, "fraction rule set \(set.name) has a rule with base value 0",
                        fix: "a fraction rule's base value is its denominator: use 10, 100, …")
                    lcm = 1
                    break
                }
                var a = lcm
                var b = rule.baseValue
                while b != 0 { (a, b) = (b, a % b) }
                let (product, overflow) = (lcm / a).multipliedReportingOverflow(by: rule.baseValue)
                guard !overflow else {
                    report(
                        origin, "the denominators of fraction rule set \(set.name) have no common multiple below 2^63",
                        fix: "use denominators that divide one another, such as powers of ten")
                    lcm = 1
                    break
                }
                lcm = product
            }
        }
        let ruleSet = RBNFRuleSet(
            name: set.name, isPublic: set.isPublic && !set.ignored, isFractionSet: isFractionSet, rules: rules,
            negative: negative, improperFraction: best(improper), properFraction: best(proper), master: best(master),
            leastCommonMultiple: Decimal(lcm))
        return (ruleSet, origins)
    }

    /// ICU's `setBestFractionRule`: the first such rule, unless a later one uses the locale's
    /// decimal separator (es has `x.x: … punto …` and `x,x: … coma …`).
    private func best(_ candidates: [RBNFRule]) -> RBNFRule? {
        guard var chosen = candidates.first else { return nil }
        for candidate in candidates.dropFirst() where candidate.decimalPoint == locale.decimalSeparator {
            chosen = candidate
        }
        return chosen
    }

    /// `radix ^ exponent`, the exponent being the largest whose power does not pass the base
    /// value, less one per `>` in the descriptor.
    private mutating func divisor(_ base: Int64, _ raw: RawRule, report shouldReport: Bool) -> Int64? {
        var exponent = 0
        var power: Int64 = 1
        while true {
            let (next, overflow) = power.multipliedReportingOverflow(by: raw.radix)
            if overflow || next > base { break }
            power = next
            exponent += 1
        }
        guard raw.decrements <= exponent else {
            if shouldReport {
                report(
                    raw.start, "too many '>' in the rule descriptor: the divisor of \(base) cannot go below 1",
                    fix: "use at most \(exponent) '>' after this base value")
            }
            return nil
        }
        for _ in 0..<raw.decrements { power /= raw.radix }
        return power
    }

    private struct RuleContext {
        var set: Int
        var index: [String: Int]
        var isFractionSet: Bool
        var defaultSet: Int?
    }

    /// Takes the substitutions and the plural pattern out of a rule's text and returns the
    /// rule's parts in output order, as ICU's `doFormat` inserts them.
    private mutating func buildParts(
        _ text: [Int], _ raw: RawRule, _ context: RuleContext, _ predecessor: RBNFRule?,
        divisor: Int64, base: Int64, kind: RBNFRule.Kind? = nil
    ) -> [RBNFPart]? {
        let kind = kind ?? raw.kind
        var remaining = text
        var placed: [PlacedSubstitution] = []
        var failed = false
        for _ in 0..<2 {
            switch findToken(remaining) {
            case .none:
                break
            case let .unclosed(start):
                report(
                    remaining[start], "substitution '\(scalars[remaining[start]])' is not closed",
                    fix: "close it with the same character, as in `<<`, `>>` or `=%spellout-numbering=`")
                return nil
            case let .token(start, end):
                let origin = remaining[start]
                let token = remaining[start...end].map { scalars[$0] }
                remaining.removeSubrange(start...end)
                if let substitution = makeSubstitution(token, origin, kind, context, predecessor) {
                    placed.append(PlacedSubstitution(position: start, substitution: substitution))
                } else {
                    failed = true
                }
                continue
            }
            break
        }
        if failed { return nil }
        if placed.count == 2, placed[1].position < placed[0].position {
            report(
                raw.start, "the substitutions in '\(excerpt(raw.start..<(raw.text.last.map { $0 + 1 } ?? raw.start)))' run into each other",
                fix: "separate the two substitutions with text or a space")
            return nil
        }
        if let equals = (0..<max(remaining.count - 1, 0)).first(where: {
            scalars[remaining[$0]] == "=" && scalars[remaining[$0 + 1]] == "="
        }) {
            report(
                remaining[equals], "'==' is not a substitution: ICU would print it as text",
                fix: "name the rule set that formats the same value, as in `=%spellout-numbering=`")
            return nil
        }
        // `$(cardinal,one{…}other{…})$`
        var pluralSpan: Range<Int>?
        var plural: RBNFPlural?
        let dollarOpen = (0..<max(remaining.count - 1, 0)).first { scalars[remaining[$0]] == "$" && scalars[remaining[$0 + 1]] == "(" }
        if let open = dollarOpen {
            guard
                let close = ((open + 2)..<max(remaining.count - 1, open + 2)).first(where: {
                    scalars[remaining[$0]] == ")" && scalars[remaining[$0 + 1]] == "$"
                })
            else {
                report(
                    remaining[open], "plural pattern '$(' is not closed",
                    fix: "end it with ')$', as in `$(cardinal,one{milhão}other{milhões})$`")
                return nil
            }
            guard let parsed = parsePlural(Array(remaining[(open + 2)..<close]), at: remaining[open]) else { return nil }
            plural = parsed
            pluralSpan = open..<(close + 2)
            if placed.contains(where: { $0.position > open && $0.position < close + 2 }) {
                report(
                    remaining[open], "a substitution sits inside the plural pattern", fix: "move the substitution before or after `$(…)$`")
                return nil
            }
        }
        // Cut the remaining text at the substitution and plural positions.
        var parts: [RBNFPart] = []
        var cursor = 0
        func appendText(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let text = string(offsets: remaining[range], droppingSoftHyphens: true)
            if !text.isEmpty { parts.append(.text(text)) }
        }
        var events: [(position: Int, part: RBNFPart, end: Int)] = placed.map { ($0.position, .substitution($0.substitution), $0.position) }
        if let span = pluralSpan, let plural {
            let insertAt = events.firstIndex { $0.position > span.lowerBound } ?? events.count
            events.insert((span.lowerBound, .plural(plural), span.upperBound), at: insertAt)
        }
        for event in events {
            appendText(cursor..<event.position)
            parts.append(event.part)
            cursor = event.end
        }
        appendText(cursor..<remaining.count)
        return parts
    }

    /// ICU's `NFSubstitution::makeSubstitution` and constructor.
    private mutating func makeSubstitution(
        _ token: [Unicode.Scalar], _ origin: Int, _ kind: RBNFRule.Kind,
        _ context: RuleContext, _ predecessor: RBNFRule?
    ) -> RBNFSubstitution? {
        var description = token
        var ownSet = context.set
        var ruleToUse: RBNFRule?
        var substitutionKind: RBNFSubstitution.Kind
        let tokenText = Self.string(token)
        let isFractionRule = kind == .improperFraction || kind == .properFraction || kind == .master
        switch token[0] {
        case "<":
            if kind == .negative {
                report(
                    origin, "'\(tokenText)' cannot be used in a -x: rule",
                    fix: "use >> for the number without its sign, as in `-x: minus >>;`")
                return nil
            } else if isFractionRule {
                substitutionKind = .integralPart
            } else if context.isFractionSet {
                let withZeros = token.count >= 2 && token[token.count - 1] == "<" && token[token.count - 2] == "<"
                if withZeros { description.removeLast() }
                substitutionKind = .numerator(withZeros: withZeros)
                guard let defaultSet = context.defaultSet else {
                    report(
                        origin, "'\(tokenText)' needs a default rule set, and the rules have no package one",
                        fix: "name the rule set, as in `<%spellout-cardinal-feminine<`")
                    return nil
                }
                ownSet = defaultSet
            } else {
                substitutionKind = .multiplier
            }
        case ">":
            if kind == .negative {
                substitutionKind = .absoluteValue
            } else if isFractionRule {
                substitutionKind = .fractionalPart(byDigits: true, spaces: true)
            } else if context.isFractionSet {
                report(
                    origin, "'\(tokenText)' cannot be used in a fraction rule set (one that a fraction rule's >%set> formats)",
                    fix: "a fraction rule set's rules take the numerator with <<, as in `100: << hundredths;`")
                return nil
            } else {
                substitutionKind = .modulus
                if tokenText == ">>>" { ruleToUse = predecessor }
            }
        default:
            substitutionKind = .sameValue
        }
        guard description.count >= 2, description.first == description.last else {
            report(
                origin, "malformed substitution '\(tokenText)'",
                fix: "a substitution starts and ends with the same character: `<<`, `>>`, `>>>`, `<%set<`, `=%set=`, `=#,##0=`")
            return nil
        }
        let inner = description[1..<(description.count - 1)]
        let target: RBNFSubstitution.Target
        if inner.isEmpty || inner.first == ">" {
            target = .ruleSet(ownSet)
        } else if inner.first == "%" {
            let name = Self.string(Array(inner))
            guard let set = context.index[name] else {
                let fix =
                    SpellOutError.closest(to: name, in: Array(context.index.keys).sorted()).map { "did you mean \($0)?" }
                    ?? "define a rule set with that name, or name an existing one"
                report(origin + 1, "unknown rule set '\(name)'", fix: fix)
                return nil
            }
            target = .ruleSet(set)
        } else if inner.first == "#" || inner.first == "0" {
            target = .digits
        } else {
            report(
                origin, "malformed substitution '\(tokenText)'",
                fix: "between the marks put nothing, a rule set name (`%spellout-numbering`) or a digit pattern (`#,##0`)")
            return nil
        }
        if case .fractionalPart = substitutionKind {
            let byDigits =
                tokenText == ">>" || tokenText == ">>>"
                || {
                    if case let .ruleSet(set) = target { return set == context.set }
                    return false
                }()
            guard
                byDigits
                    || {
                        if case .ruleSet = target { return true }
                        return false
                    }()
            else {
                report(
                    origin, "'\(tokenText)' in a fraction rule must name a rule set",
                    fix: "use >> to read the digits one by one, or >%set> for a fraction rule set")
                return nil
            }
            substitutionKind = .fractionalPart(byDigits: byDigits, spaces: tokenText != ">>>")
        }
        return RBNFSubstitution(kind: substitutionKind, target: target, ruleToUse: ruleToUse)
    }

    /// `cardinal,one{milhão}other{milhões}` (what sits between `$(` and `)$`).
    private mutating func parsePlural(_ text: [Int], at origin: Int) -> RBNFPlural? {
        let example = "`$(cardinal,one{milhão}other{milhões})$`"
        guard let comma = text.firstIndex(where: { scalars[$0] == "," }) else {
            report(origin, "plural pattern has no ',' after its type", fix: "write the type, a comma, then the forms: \(example)")
            return nil
        }
        let type = string(offsets: text[..<comma])
        let pluralType: SpellOutLocale.PluralType
        if type.hasPrefix("cardinal") {
            pluralType = .cardinal
        } else if type.hasPrefix("ordinal") {
            pluralType = .ordinal
        } else {
            report(
                origin, "plural type '\(type)' is neither cardinal nor ordinal",
                fix: "start the pattern with cardinal or ordinal: \(example)")
            return nil
        }
        guard locale.plurals != nil else {
            report(
                origin, "plural pattern needs the language's CLDR plural rules, which were not given",
                fix:
                    "load these rules with the language's plural rules (voices/cldr/plurals.yaml), or spell the forms out as separate rules"
            )
            return nil
        }
        var forms: [PluralCategory: String] = [:]
        var explicit: [(value: Int64, text: String)] = []
        var position = comma + 1
        func skipSpace() { while position < text.count, Self.isWhitespace(scalars[text[position]]) { position += 1 } }
        skipSpace()
        while position < text.count {
            let selectorStart = position
            while position < text.count, scalars[text[position]] != "{", !Self.isWhitespace(scalars[text[position]]) { position += 1 }
            let selector = string(offsets: text[selectorStart..<position])
            skipSpace()
            guard position < text.count, scalars[text[position]] == "{" else {
                report(
                    text[min(position, text.count - 1)], "plural form '\(selector)' has no '{…}'",
                    fix: "write each form as keyword{text}: \(example)")
                return nil
            }
            position += 1
            let formStart = position
            while position < text.count, scalars[text[position]] != "}" {
                let scalar = scalars[text[position]]
                guard scalar != "{", scalar != "#" else {
                    report(
                        text[position], "plural form '\(selector)' contains '\(scalar)'",
                        fix: "write the form as plain words: nested patterns and # (digits) are not spoken")
                    return nil
                }
                position += 1
            }
            guard position < text.count else {
                report(text[selectorStart], "plural form '\(selector)' is not closed", fix: "end it with '}': \(example)")
                return nil
            }
            let form = string(offsets: text[formStart..<position], droppingSoftHyphens: true)
            position += 1
            if selector.hasPrefix("="), let value = Int64(selector.dropFirst()) {
                explicit.append((value, form))
            } else if let category = PluralCategory(rawValue: selector) {
                forms[category] = form
            } else {
                report(
                    text[selectorStart], "'\(selector)' is not a plural keyword",
                    fix: "use zero, one, two, few, many, other or =N")
                return nil
            }
            skipSpace()
        }
        guard forms[.other] != nil else {
            report(origin, "plural pattern has no other{…} form", fix: "add the form every other number takes: \(example)")
            return nil
        }
        return RBNFPlural(type: pluralType, explicit: explicit, forms: forms)
    }

    // MARK: Cycles

    /// Finds rule sets that hand a value on unchanged (`=%set=`, or `<<` with divisor 1) until it
    /// comes back to where it started: formatting such a value would never end. Follows the value
    /// ranges the rules cover, within a fixed budget of steps.
    private mutating func findCycles(_ sets: [RBNFRuleSet], _ origins: [[Int]]) {
        struct Edge {
            var target: Int
            var low: Int64
            var high: Int64
            var origin: Int
        }
        var edges: [[[Edge]]] = []
        for (setIndex, set) in sets.enumerated() {
            var setEdges: [[Edge]] = []
            for (ruleIndex, rule) in set.rules.enumerated() {
                let low = rule.baseValue
                let high = ruleIndex + 1 < set.rules.count ? set.rules[ruleIndex + 1].baseValue : Int64.max
                var ruleEdges: [Edge] = []
                if !set.isFractionSet {
                    for case let .substitution(substitution) in rule.parts {
                        guard case let .ruleSet(target) = substitution.target, !sets[target].isFractionSet else { continue }
                        switch substitution.kind {
                        case .sameValue:
                            ruleEdges.append(Edge(target: target, low: low, high: high, origin: origins[setIndex][ruleIndex]))
                        case .multiplier where rule.divisor == 1:
                            ruleEdges.append(Edge(target: target, low: low, high: high, origin: origins[setIndex][ruleIndex]))
                        case .modulus where rule.baseValue == 0 && substitution.ruleToUse == nil:
                            ruleEdges.append(Edge(target: target, low: 0, high: 1, origin: origins[setIndex][ruleIndex]))
                        default:
                            break
                        }
                    }
                }
                setEdges.append(ruleEdges)
            }
            edges.append(setEdges)
        }
        var budget = 20_000
        var reported = Set<Set<Int>>()
        var finished = Set<[Int64]>()
        var stack: [(set: Int, low: Int64, high: Int64)] = []

        func visit(_ set: Int, _ low: Int64, _ high: Int64) {
            guard budget > 0, stack.count < 200 else { return }
            budget -= 1
            let key = [Int64(set), low, high]
            if finished.contains(key) { return }
            stack.append((set, low, high))
            defer {
                stack.removeLast()
                finished.insert(key)
            }
            let bases = sets[set].baseValues
            for (ruleIndex, ruleEdges) in edges[set].enumerated() {
                let ruleLow = bases[ruleIndex]
                let ruleHigh = ruleIndex + 1 < bases.count ? bases[ruleIndex + 1] : Int64.max
                guard ruleLow < high, low < ruleHigh else { continue }
                for edge in ruleEdges {
                    let from = max(low, edge.low, ruleLow)
                    let to = min(high, edge.high, ruleHigh)
                    guard from < to else { continue }
                    if let loop = stack.firstIndex(where: { $0.set == edge.target && $0.low < to && from < $0.high }) {
                        let members = Set(stack[loop...].map(\.set))
                        if !reported.contains(members) {
                            reported.insert(members)
                            let path = (stack[loop...].map { sets[$0.set].name } + [sets[edge.target].name]).joined(separator: " → ")
                            let range = to == Int64.max ? "\(from) and up" : "\(from)–\(to - 1)"
                            report(
                                edge.origin,
                                "rule hands values \(range) on unchanged in a cycle (\(path)), so formatting them would never end",
                                fix:
                                    "make the rule divide the value (<<), take a remainder (>>), or name a rule set that does not lead back"
                            )
                        }
                        continue
                    }
                    visit(edge.target, from, to)
                }
            }
        }
        for set in sets.indices where !sets[set].isFractionSet { visit(set, Int64.min, Int64.max) }
    }
}
