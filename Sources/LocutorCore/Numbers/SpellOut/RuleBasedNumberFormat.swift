import Foundation

/// A parsed set of RBNF rules (one locale): the CLDR/ICU rule-based number format that spells
/// numbers out, interpreted exactly on `Decimal`.
///
/// The rule text is what ICU's `RuleBasedNumberFormat.getRules()` returns (Locutor pins CLDR 42
/// via ICU 72 in `voices/cldr/rbnf/`), and the words are ICU's: in Spanish
/// `format(21, ruleSet: "%spellout-cardinal-masculine")` reads as "veintiún", in Belgian
/// French `format(75, ruleSet: "%spellout-cardinal-masculine")` reads as "septante-cinq", in
/// Russian `format(500, ruleSet: "%spellout-cardinal-masculine-genitive")` reads as "пятисот".
///
/// Everything is parsed when the value is made; `format` only walks pre-built rules (binary
/// search by base value) and appends to one string. The soft hyphens (U+00AD) some rule sets
/// put inside words are removed. Values the rules would write as digits are refused with
/// ``SpellOutError/tooLarge(_:)``: nothing is ever rounded.
package struct RuleBasedNumberFormat: Sendable {
    /// The package rule set names, in file order (`%spellout-cardinal-masculine`, …); `%%private` ones excluded.
    package let ruleSetNames: [String]

    let ruleSets: [RBNFRuleSet]
    let publicIndex: [String: Int]
    let locale: SpellOutLocale

    /// Parses ICU/CLDR rule text (the format `getRules()` returns).
    ///
    /// - Parameters:
    ///   - rules: the rule text: rule-set headers `%name:` / `%%private:`, then rules `base: text;`.
    ///   - origin: the file name used in diagnostics (`voices/cldr/rbnf/es.rbnf`).
    ///   - firstLine: the line of `origin` the text starts on, for a caller that embeds it.
    ///   - decimalSeparator: the region's decimal separator, which picks `x,x:` over `x.x:`
    ///     as ICU does (es-AR reads 1.5 as "uno coma cinco", es-MX as "uno punto cinco").
    ///   - plurals: the language's CLDR plural rules, which choose the `$(cardinal,…)$` forms
    ///     (pt, ru); rules that use such patterns without them are a load error.
    /// - Throws: ``DataError`` with one ``Diagnostic`` per problem, each with file:line:column
    ///   and the fix, collected over the whole text.
    package init(
        rules: String, origin: String, firstLine: Int = 1, decimalSeparator: Unicode.Scalar = ".",
        plurals: PluralRules? = nil
    ) throws(DataError) {
        let locale = SpellOutLocale(decimalSeparator: decimalSeparator, plurals: plurals)
        var parser = RBNFParser(text: rules, origin: origin, firstLine: firstLine, locale: locale)
        let sets = parser.parse()
        try parser.diagnostics.check()
        self.locale = locale
        ruleSets = sets
        var names: [String] = []
        var index: [String: Int] = [:]
        for (position, set) in sets.enumerated() where set.isPublic {
            names.append(set.name)
            index[set.name] = position
        }
        guard !names.isEmpty else {
            throw DataError([
                Diagnostic(
                    SourceLocation(file: origin, line: firstLine, column: 1),
                    "there are no rule sets in the file (it is empty or all private)",
                    fix: "restore it from CLDR: python3 scripts/cldr/extract-rbnf.py writes voices/cldr/rbnf/")
            ])
        }
        ruleSetNames = names
        publicIndex = index
    }

    /// Spells `value` with `ruleSet`.
    ///
    /// Reads as ICU does: `format(21, ruleSet: "%spellout-cardinal-masculine")` is "veintiún"
    /// (es), `format(2, ruleSet: "%spellout-cardinal-feminine")` is "duas" (pt),
    /// `format(1.5, ruleSet: "%spellout-cardinal-masculine")` is "un coma cinco" (es); negative
    /// values use the rule set's `-x:` rule ("menos …").
    /// - Throws: ``SpellOutError/unknownRuleSet(_:available:)`` for a name that is not a public
    ///   rule set; ``SpellOutError/tooLarge(_:)`` where the rules would fall back to digits;
    ///   ``SpellOutError/notANumber`` for `Decimal.nan`.
    ///
    /// - Parameter fractionDigits: how many decimals the number is written with; digit-by-digit
    ///   rules then say every one of them: "9.30" is "nine point three zero" and "1.0" "one point
    ///   zero" (ICU, formatting a double, would say "nine point three" and "one").
    package func format(_ value: Decimal, ruleSet: String, fractionDigits: Int = 0) throws(SpellOutError) -> String {
        guard let set = publicIndex[ruleSet] else {
            throw .unknownRuleSet(ruleSet, available: ruleSetNames)
        }
        if value.isNaN { throw .notANumber }
        var out = ""
        out.reserveCapacity(64)
        do throws(RBNFFailure) {
            if fractionDigits == 0, let whole = value.exactInt64 {
                try formatInteger(whole, set, &out, 0)
            } else if value.isInteger, value.exactInt64 == nil {
                throw RBNFFailure.digits
            } else {
                try formatFraction(value, set, &out, 0, shown: fractionDigits)
            }
        } catch {
            switch error {
            case .digits: throw .tooLarge(value)
            case let .cycle(index): throw .ruleCycle(ruleSets[index].name)
            }
        }
        return out
    }
}

/// Why the interpreter stopped; ``RuleBasedNumberFormat/format(_:ruleSet:)`` turns it into a
/// ``SpellOutError`` that names the value.
enum RBNFFailure: Error {
    /// The rules reached a decimal-format substitution (`=#,##0=`), or had no rule for the value.
    case digits
    /// The recursion guard tripped in this rule set.
    case cycle(Int)
}

/// One rule set, parsed: normal rules sorted by base value and the special rules.
final class RBNFRuleSet: Sendable {
    let name: String
    let isPublic: Bool
    /// A rule set that a fraction rule's `>%set>` formats fractions with (Russian `%%fractions-feminine`).
    let isFractionSet: Bool
    let rules: [RBNFRule]
    let baseValues: [Int64]
    let negative: RBNFRule?
    let improperFraction: RBNFRule?
    let properFraction: RBNFRule?
    let master: RBNFRule?
    /// For a fraction set: the least common multiple of its base values.
    let leastCommonMultiple: Decimal

    init(
        name: String, isPublic: Bool, isFractionSet: Bool, rules: [RBNFRule], negative: RBNFRule?,
        improperFraction: RBNFRule?, properFraction: RBNFRule?, master: RBNFRule?, leastCommonMultiple: Decimal
    ) {
        self.name = name
        self.isPublic = isPublic
        self.isFractionSet = isFractionSet
        self.rules = rules
        baseValues = rules.map(\.baseValue)
        self.negative = negative
        self.improperFraction = improperFraction
        self.properFraction = properFraction
        self.master = master
        self.leastCommonMultiple = leastCommonMultiple
    }
}

/// One rule: its base value and divisor, and its text cut into literal text, substitutions and
/// plural forms, in output order.
final class RBNFRule: Sendable {
    enum Kind: Sendable { case normal, negative, improperFraction, properFraction, master, infinity, notANumber }

    let kind: Kind
    let baseValue: Int64
    /// `radix ^ exponent`: what `<<` divides by and `>>` takes the remainder of.
    let divisor: Int64
    let parts: [RBNFPart]
    let hasModulus: Bool
    /// For `x.x`, `0.x`, `x.0`: the character between (`.` or `,`).
    let decimalPoint: Unicode.Scalar?

    init(kind: Kind, baseValue: Int64, divisor: Int64, parts: [RBNFPart], decimalPoint: Unicode.Scalar?) {
        self.kind = kind
        self.baseValue = baseValue
        self.divisor = divisor
        self.parts = parts
        hasModulus = parts.contains {
            if case let .substitution(substitution) = $0, case .modulus = substitution.kind { return true }
            return false
        }
        self.decimalPoint = decimalPoint
    }
}

enum RBNFPart: Sendable {
    case text(String)
    case substitution(RBNFSubstitution)
    case plural(RBNFPlural)
}

struct RBNFSubstitution: Sendable {
    enum Kind: Sendable {
        /// `=…=`: the value itself.
        case sameValue
        /// `<<` in a normal rule: the value divided by the rule's divisor.
        case multiplier
        /// `>>` in a normal rule: the remainder; `>>>` formats it with the preceding rule (`ruleToUse`).
        case modulus
        /// `<<` in a fraction rule: the integer part.
        case integralPart
        /// `>>` in a fraction rule: the fraction, digit by digit or through a fraction rule set.
        case fractionalPart(byDigits: Bool, spaces: Bool)
        /// `>>` in a `-x:` rule.
        case absoluteValue
        /// `<<` in a fraction rule set: the numerator over the rule's base value.
        case numerator(withZeros: Bool)
    }

    enum Target: Sendable {
        case ruleSet(Int)
        /// A decimal-format pattern (`#,##0`, `0.0`): digits, which a spell-out refuses.
        case digits
    }

    let kind: Kind
    let target: Target
    /// For `>>>`: the rule that precedes the owning rule in its rule set.
    let ruleToUse: RBNFRule?
}

/// `$(cardinal,one{milhão}other{milhões})$`: forms chosen by the plural category of the value
/// divided by the rule's divisor.
struct RBNFPlural: Sendable {
    let type: SpellOutLocale.PluralType
    let explicit: [(value: Int64, text: String)]
    /// `other` is always there.
    let forms: [PluralCategory: String]

    func text(for value: Int64, locale: SpellOutLocale) -> String {
        for entry in explicit where entry.value == value { return entry.text }
        return forms[locale.category(of: value, type)] ?? forms[.other] ?? ""
    }
}
