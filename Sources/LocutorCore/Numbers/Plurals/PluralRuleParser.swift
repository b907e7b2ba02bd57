/// One rule's text with where each of its characters was written.
struct PluralRuleSource {
    let category: PluralCategory
    let text: String
    /// Where the character at a Unicode scalar offset of `text` was written (`text.unicodeScalars.count`
    /// is the place just after the last one).
    let locate: (Int) -> SourceLocation
}

/// A sample number written after `@integer` or `@decimal`, with where it was written.
struct PluralSample {
    let text: String
    let operands: PluralOperands
    let location: SourceLocation
}

/// Reads one rule in CLDR's syntax (Unicode TR35, "Plural rules syntax"): a condition, then samples.
///
/// ```
/// condition  = and_condition ('or' and_condition)*
/// and_condition = relation ('and' relation)*
/// relation   = expr ('=' | '!=' | 'not'? 'in' | 'not'? 'within' | 'is' 'not'?) range_list
/// expr       = operand (('%' | 'mod') value)?
/// range_list = (value | value '..' value) (',' range_list)*
/// samples    = ('@integer' sample_list)? ('@decimal' sample_list)?
/// sample_list = sample ('~' sample)? (',' sample ('~' sample)?)* (',' '…')?
/// ```
/// Both the CLDR spelling (`i % 10 = 2..4`) and ICU's `getRules()` spelling
/// (`i mod 10 in 2..4`) are read. Every problem goes to `diagnostics`.
struct PluralRuleParser {
    /// How many values one sample range ("2~16", "0.0~1.5") is expanded to, at most.
    static let sampleRangeLimit = 1000

    private let source: PluralRuleSource
    private let scalars: [Unicode.Scalar]
    private var diagnostics: DiagnosticCollector

    private init(_ source: PluralRuleSource) {
        self.source = source
        scalars = Array(source.text.unicodeScalars)
        diagnostics = DiagnosticCollector()
    }

    /// Parses `source`; the condition is nil when it could not be read (the diagnostics say why)
    /// and for a rule without one (`other`).
    static func parse(_ source: PluralRuleSource, into diagnostics: inout DiagnosticCollector)
        -> (condition: PluralCondition?, conditionFailed: Bool, samples: [PluralSample])
    {
        var parser = PluralRuleParser(source)
        let samplesStart = parser.scalars.firstIndex(of: "@") ?? parser.scalars.count
        let (condition, failed) = parser.parseCondition(upTo: samplesStart)
        let samples = parser.parseSamples(from: samplesStart)
        for diagnostic in parser.diagnostics.diagnostics { diagnostics.report(diagnostic) }
        return (condition, failed, samples)
    }

    private var ruleName: String { "the rule for '\(source.category.rawValue)'" }

    private mutating func report(at offset: Int, _ problem: String, fix: String) {
        diagnostics.report(source.locate(offset), problem, fix: fix)
    }

    private func excerpt(_ range: Range<Int>) -> String {
        var text = String(scalars: scalars[range])
        if text.unicodeScalars.count > 40 { text = String(text.prefix(37)) + "…" }
        return text
    }

    // MARK: Condition

    private enum TokenKind: Equatable {
        case word(String)
        case number(String)
        case equals, notEquals, percent, comma, dots, end
        case unexpected(Unicode.Scalar)
    }

    private struct Token {
        let kind: TokenKind
        let start: Int
        let end: Int
    }

    private func conditionTokens(upTo limit: Int) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < limit {
            let scalar = scalars[index]
            let start = index
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            if scalar.isASCIILetter {
                while index < limit, scalars[index].isASCIILetter { index += 1 }
                tokens.append(Token(kind: .word(excerpt(start..<index)), start: start, end: index))
            } else if scalar.isASCIIDigit {
                while index < limit, scalars[index].isASCIIDigit { index += 1 }
                tokens.append(
                    Token(
                        kind: .number(String(scalars: scalars[start..<index])),
                        start: start, end: index))
            } else if scalar == "=" {
                index += 1
                tokens.append(Token(kind: .equals, start: start, end: index))
            } else if scalar == "!", index + 1 < limit, scalars[index + 1] == "=" {
                index += 2
                tokens.append(Token(kind: .notEquals, start: start, end: index))
            } else if scalar == "%" {
                index += 1
                tokens.append(Token(kind: .percent, start: start, end: index))
            } else if scalar == "," {
                index += 1
                tokens.append(Token(kind: .comma, start: start, end: index))
            } else if scalar == ".", index + 1 < limit, scalars[index + 1] == "." {
                index += 2
                tokens.append(Token(kind: .dots, start: start, end: index))
            } else {
                index += 1
                tokens.append(Token(kind: .unexpected(scalar), start: start, end: index))
            }
        }
        tokens.append(Token(kind: .end, start: limit, end: limit))
        return tokens
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .word(let word): return "'\(word)'"
        case .number(let digits): return "'\(digits)'"
        case .equals: return "'='"
        case .notEquals: return "'!='"
        case .percent: return "'%'"
        case .comma: return "','"
        case .dots: return "'..'"
        case .end: return "the end of the condition"
        case .unexpected(let scalar): return scalar == "'" ? "\"'\"" : "'\(scalar)'"
        }
    }

    private static let operandList = "n, i, v, w, f, t, e, c"

    /// A hard syntax error: the rest of the condition cannot be read.
    private struct Stop: Error {}

    private mutating func parseCondition(upTo limit: Int) -> (PluralCondition?, Bool) {
        let tokens = conditionTokens(upTo: limit)
        let isEmpty = tokens.count == 1
        if source.category == .other {
            if !isEmpty {
                let start = tokens[0].start
                let end = tokens[tokens.count - 2].end
                report(
                    at: start, "\(ruleName) has a condition",
                    fix: "'other' takes every number the other rules leave; remove '\(excerpt(start..<end))'")
                return (nil, true)
            }
            return (nil, false)
        }
        if isEmpty {
            report(
                at: 0, "\(ruleName) has no condition",
                fix: "only 'other' goes without one; write it before the samples, as in 'i = 1 and v = 0'")
            return (nil, true)
        }
        var position = 0
        var relations: [PluralRelation] = []
        var softErrors = false
        do {
            while true {
                let relation = try parseRelation(tokens, &position, &softErrors)
                let token = tokens[position]
                if case .word("and") = token.kind {
                    position += 1
                    relations.append(relation)
                    continue
                }
                guard token.kind == .word("or") || token.kind == .end else {
                    report(
                        at: token.start, "expected 'and', 'or' or the samples in \(ruleName), found \(describe(token))",
                        fix: "join relations with 'and' or 'or', as in 'v = 0 and i % 10 = 1'")
                    throw Stop()
                }
                relations.append(relation.endingConjunction())
                if token.kind == .end { break }
                position += 1
            }
        } catch {
            return (nil, true)
        }
        if softErrors { return (nil, true) }
        return (PluralCondition(relations: relations), false)
    }

    private mutating func parseRelation(_ tokens: [Token], _ position: inout Int, _ softErrors: inout Bool) throws(Stop)
        -> PluralRelation
    {
        // The operand.
        let operandToken = tokens[position]
        var operand = PluralOperand.n
        switch operandToken.kind {
        case .word(let name):
            if let known = PluralOperand(name: name) {
                operand = known
            } else {
                report(
                    at: operandToken.start, "unknown operand '\(name)' in \(ruleName)",
                    fix: "use one of \(Self.operandList)")
                softErrors = true
            }
        default:
            report(
                at: operandToken.start, "expected an operand in \(ruleName), found \(describe(operandToken))",
                fix: "a relation starts with one of \(Self.operandList), as in 'i = 1'")
            throw Stop()
        }
        position += 1

        // An optional modulus.
        var modulus: UInt64 = 0
        let modulusToken = tokens[position]
        if modulusToken.kind == .percent || modulusToken.kind == .word("mod") {
            position += 1
            let symbol = modulusToken.kind == .percent ? "%" : "mod"
            guard let value = parseValue(tokens, &position, after: "'\(symbol)'", softErrors: &softErrors) else {
                throw Stop()
            }
            if value == 0 {
                report(
                    at: modulusToken.start, "'\(symbol) 0' in \(ruleName) divides by zero",
                    fix: "use a modulus of 1 or more, as in 'i % 10'")
                softErrors = true
            }
            modulus = value
        }

        // The operator.
        let operatorToken = tokens[position]
        var isNegated = false
        var isWithin = false
        var takesOneValue = false
        let operatorName: String
        switch operatorToken.kind {
        case .equals:
            operatorName = "'='"
        case .notEquals:
            isNegated = true
            operatorName = "'!='"
        case .word("is"):
            takesOneValue = true
            if case .word("not") = tokens[position + 1].kind {
                position += 1
                isNegated = true
                operatorName = "'is not'"
            } else {
                operatorName = "'is'"
            }
        case .word("not"):
            isNegated = true
            switch tokens[position + 1].kind {
            case .word("in"):
                operatorName = "'not in'"
            case .word("within"):
                isWithin = true
                operatorName = "'not within'"
            default:
                report(
                    at: tokens[position + 1].start,
                    "expected 'in' or 'within' after 'not' in \(ruleName), found \(describe(tokens[position + 1]))",
                    fix: "write 'not in 2..4', or '!= 2..4'")
                throw Stop()
            }
            position += 1
        case .word("in"):
            operatorName = "'in'"
        case .word("within"):
            isWithin = true
            operatorName = "'within'"
        default:
            let operandText = excerpt(operandToken.start..<tokens[position - 1].end)
            report(
                at: operatorToken.start,
                "expected '=' or '!=' after '\(operandText)' in \(ruleName), found \(describe(operatorToken))",
                fix: "compare the operand with values, as in 'i = 1' or 'i % 10 = 2..4'")
            throw Stop()
        }
        position += 1

        // The values and ranges.
        var ranges: [ClosedRange<UInt64>] = []
        var after = operatorName
        while true {
            let startToken = tokens[position]
            guard let low = parseValue(tokens, &position, after: after, softErrors: &softErrors) else { throw Stop() }
            var high = low
            if tokens[position].kind == .dots {
                if takesOneValue {
                    report(
                        at: tokens[position].start, "'is' takes a single value in \(ruleName)",
                        fix: "use '=' for ranges, as in 'n = 1..3'")
                    throw Stop()
                }
                let dots = tokens[position]
                position += 1
                guard case .number = tokens[position].kind else {
                    report(
                        at: startToken.start, "bad range '\(excerpt(startToken.start..<dots.end))' in \(ruleName)",
                        fix: "write both ends, as in 2..4")
                    throw Stop()
                }
                guard let end = parseValue(tokens, &position, after: "'..'", softErrors: &softErrors) else {
                    throw Stop()
                }
                high = end
                if high < low {
                    report(
                        at: startToken.start,
                        "bad range '\(excerpt(startToken.start..<tokens[position - 1].end))' in \(ruleName)",
                        fix: "write the smaller end first, as in \(high)..\(low)")
                    softErrors = true
                    high = low
                }
            }
            ranges.append(low...high)
            guard tokens[position].kind == .comma else { break }
            after = "','"
            position += 1
        }
        return PluralRelation(
            operand: operand, modulus: modulus, isNegated: isNegated, isWithin: isWithin,
            ranges: ranges, endsConjunction: false)
    }

    /// A whole number in a condition; nil (reported) when there is none.
    private mutating func parseValue(
        _ tokens: [Token], _ position: inout Int, after: String,
        softErrors: inout Bool
    ) -> UInt64? {
        let token = tokens[position]
        guard case .number(let digits) = token.kind else {
            report(
                at: token.start, "expected a value after \(after) in \(ruleName), found \(describe(token))",
                fix: "write a whole number or a range, as in 'i = 1' or 'i % 10 = 2..4'")
            return nil
        }
        position += 1
        if let value = UInt64(digits) { return value }
        report(
            at: token.start, "value \(digits) is too large in \(ruleName)",
            fix: "values go up to \(UInt64.max)")
        softErrors = true
        return 0
    }
}

extension PluralRuleParser {
    // MARK: Samples

    private enum SampleList: String {
        case integer = "@integer"
        case decimal = "@decimal"
    }

    private enum SampleTokenKind: Equatable {
        case keyword(String)
        case sample(String)
        case comma, tilde, ellipsis
    }

    private struct SampleToken {
        let kind: SampleTokenKind
        let start: Int

        var isKeyword: Bool {
            if case .keyword = kind { return true }
            return false
        }
    }

    private func sampleTokens(from start: Int) -> [SampleToken] {
        var tokens: [SampleToken] = []
        var index = start
        let separators: Set<Unicode.Scalar> = [",", "~", "…", "@"]
        while index < scalars.count {
            let scalar = scalars[index]
            let tokenStart = index
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "," {
                index += 1
                tokens.append(SampleToken(kind: .comma, start: tokenStart))
            } else if scalar == "~" {
                index += 1
                tokens.append(SampleToken(kind: .tilde, start: tokenStart))
            } else if scalar == "…" {
                index += 1
                tokens.append(SampleToken(kind: .ellipsis, start: tokenStart))
            } else if scalar == "@" {
                index += 1
                while index < scalars.count, scalars[index].isASCIILetter { index += 1 }
                tokens.append(SampleToken(kind: .keyword(excerpt(tokenStart..<index)), start: tokenStart))
            } else {
                while index < scalars.count, !scalars[index].properties.isWhitespace,
                    !separators.contains(scalars[index])
                {
                    index += 1
                }
                let text = excerpt(tokenStart..<index)
                tokens.append(SampleToken(kind: text == "..." ? .ellipsis : .sample(text), start: tokenStart))
            }
        }
        return tokens
    }

    private static let sampleFix = "write samples as numbers with '.' for decimals, as in 1, 1.5 or 1.1c6"

    /// Reads every `@integer` and `@decimal` list from `start` to the end of the text.
    fileprivate mutating func parseSamples(from start: Int) -> [PluralSample] {
        let tokens = sampleTokens(from: start)
        var samples: [PluralSample] = []
        var seen: Set<SampleList> = []
        var position = 0
        while position < tokens.count {
            let keyword = tokens[position]
            guard case .keyword(let name) = keyword.kind else {
                // Only reached after an error inside a list: skip to the next list.
                position += 1
                continue
            }
            position += 1
            guard let list = SampleList(rawValue: name) else {
                report(at: keyword.start, "unknown sample list '\(name)' in \(ruleName)", fix: "use @integer or @decimal")
                position = nextKeyword(tokens, from: position)
                continue
            }
            if !seen.insert(list).inserted {
                report(
                    at: keyword.start, "\(name) appears twice in \(ruleName)",
                    fix: "list all of its samples after one \(name)")
            }
            position = parseSampleList(list, tokens, from: position, keywordStart: keyword.start, into: &samples)
        }
        return samples
    }

    private func nextKeyword(_ tokens: [SampleToken], from position: Int) -> Int {
        var position = position
        while position < tokens.count {
            if tokens[position].isKeyword { return position }
            position += 1
        }
        return position
    }

    /// One list's samples, up to the next keyword; returns the position of that keyword.
    private mutating func parseSampleList(
        _ list: SampleList, _ tokens: [SampleToken], from start: Int,
        keywordStart: Int, into samples: inout [PluralSample]
    ) -> Int {
        var position = start
        var count = 0
        while position < tokens.count {
            let token = tokens[position]
            switch token.kind {
            case .keyword:
                if count == 0 {
                    report(
                        at: keywordStart, "\(list.rawValue) has no samples in \(ruleName)",
                        fix: "list at least one number after it, or remove it")
                }
                return position
            case .ellipsis:
                position += 1
                count += 1
                if position < tokens.count, !tokens[position].isKeyword {
                    report(
                        at: token.start, "'…' must end the sample list in \(ruleName)",
                        fix: "move it after the last sample")
                    return nextKeyword(tokens, from: position)
                }
            case .comma, .tilde:
                report(
                    at: token.start, "expected a sample in \(ruleName), found '\(token.kind == .comma ? "," : "~")'",
                    fix: Self.sampleFix)
                return nextKeyword(tokens, from: position + 1)
            case .sample(let text):
                position += 1
                if position < tokens.count, tokens[position].kind == .tilde {
                    guard position + 1 < tokens.count, case .sample(let endText) = tokens[position + 1].kind else {
                        report(at: token.start, "bad sample range '\(text)~' in \(ruleName)", fix: "write both ends, as in 2~16")
                        return nextKeyword(tokens, from: position + 1)
                    }
                    position += 2
                    expandRange(text, endText, in: list, at: token.start, into: &samples)
                } else if let sample = sample(text, in: list, at: token.start) {
                    samples.append(sample)
                }
                count += 1
                if position < tokens.count {
                    switch tokens[position].kind {
                    case .comma: position += 1
                    case .keyword: break
                    default:
                        report(
                            at: tokens[position].start, "expected ',' between samples in \(ruleName)",
                            fix: "separate samples with commas, as in 0, 2~16, 100")
                        return nextKeyword(tokens, from: position)
                    }
                }
            }
        }
        if count == 0 {
            report(
                at: keywordStart, "\(list.rawValue) has no samples in \(ruleName)",
                fix: "list at least one number after it, or remove it")
        }
        return position
    }

    /// One sample, checked against its list; nil (reported) when it is not a number.
    private mutating func sample(_ text: String, in list: SampleList, at offset: Int) -> PluralSample? {
        guard let number = ParsedNumber(text) else {
            report(at: offset, "bad sample '\(text)' in \(ruleName)", fix: Self.sampleFix)
            return nil
        }
        switch list {
        case .integer where !number.fractionDigits.isEmpty:
            report(at: offset, "sample '\(text)' is under @integer in \(ruleName)", fix: "move it to @decimal")
        case .decimal where number.fractionDigits.isEmpty:
            report(
                at: offset, "sample '\(text)' is under @decimal in \(ruleName)",
                fix: "write it with decimals, as in \(text).0, or move it to @integer")
        default:
            break
        }
        let operands = PluralOperands(
            number.value, visibleFractionDigits: number.visibleFractionDigits,
            exponent: number.exponent)
        return PluralSample(text: text, operands: operands, location: source.locate(offset))
    }

    /// "2~16" or "0.0~1.5": every value from one end to the other in steps of the last digit,
    /// at most `sampleRangeLimit` of them.
    private mutating func expandRange(
        _ lowText: String, _ highText: String, in list: SampleList, at offset: Int,
        into samples: inout [PluralSample]
    ) {
        let written = "\(lowText)~\(highText)"
        guard let low = ParsedNumber(lowText), let high = ParsedNumber(highText) else {
            report(at: offset, "bad sample range '\(written)' in \(ruleName)", fix: Self.sampleFix)
            return
        }
        guard low.exponent == 0, high.exponent == 0, !low.isNegative, !high.isNegative,
            !lowText.contains("c"), !lowText.contains("e"), !highText.contains("c"), !highText.contains("e")
        else {
            report(
                at: offset, "bad sample range '\(written)' in \(ruleName)",
                fix: "write ranges of plain positive numbers, as in 2~16 or 0.0~1.5")
            return
        }
        guard low.fractionDigits.count == high.fractionDigits.count else {
            report(
                at: offset, "bad sample range '\(written)' in \(ruleName)",
                fix: "write both ends with the same number of decimals, as in 0.0~1.5")
            return
        }
        let decimals = low.fractionDigits.count
        guard case .small(let first) = PluralInteger(digits: low.integerDigits + low.fractionDigits),
            case .small(let last) = PluralInteger(digits: high.integerDigits + high.fractionDigits)
        else {
            report(at: offset, "bad sample range '\(written)' in \(ruleName)", fix: "use shorter numbers, as in 2~16")
            return
        }
        guard first <= last else {
            report(
                at: offset, "bad sample range '\(written)' in \(ruleName)",
                fix: "write the smaller end first, as in \(highText)~\(lowText)")
            return
        }
        let count = min(last - first, UInt64(Self.sampleRangeLimit - 1))
        for step in 0...count {
            var digits = PluralInteger.digits(of: first + step)
            if digits.count <= decimals { digits = [UInt8](repeating: 0, count: decimals + 1 - digits.count) + digits }
            var text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
            if decimals > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals)) }
            if let sample = sample(text, in: list, at: offset) { samples.append(sample) }
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
