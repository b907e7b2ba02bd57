import Foundation

/// The interpreter: ICU's RBNF formatting algorithm on pre-parsed rules.
///
/// Whole numbers take ICU's `int64` path (`NFRuleSet::format(int64_t)`), fractions its `double`
/// path — but on exact `Decimal`s, so a fraction is read from the decimal digits the caller
/// gave, never from a binary approximation.
extension RuleBasedNumberFormat {
    /// ICU's recursion limit (`RECURSION_LIMIT` in nfrs.cpp).
    static let recursionLimit = 64

    // MARK: Whole numbers

    func formatInteger(_ value: Int64, _ set: Int, _ out: inout String, _ depth: Int) throws(RBNFFailure) {
        guard depth < Self.recursionLimit else { throw .cycle(set) }
        let rule = try normalRule(for: value, in: ruleSets[set])
        try apply(rule, value, set, &out, depth + 1)
    }

    /// The rule for a whole number: the `-x:` rule for a negative one, else the last rule whose
    /// base value is not above it — one rule earlier when ICU's rollback applies (`200` must not
    /// use `101: << hundred >>`).
    func normalRule(for value: Int64, in set: RBNFRuleSet) throws(RBNFFailure) -> RBNFRule {
        if set.isFractionSet { return fractionSetRule(for: Decimal(value), in: set) }
        var number = value
        if number < 0 {
            if let negative = set.negative { return negative }
            guard number != .min else { throw .digits }
            number = -number
        }
        let bases = set.baseValues
        guard !bases.isEmpty else {
            if let master = set.master { return master }
            throw .digits
        }
        var low = 0
        var high = bases.count
        while low < high {
            let middle = (low + high) >> 1
            if bases[middle] <= number { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { throw .digits }
        let rule = set.rules[low - 1]
        if rule.hasModulus, number % rule.divisor == 0, rule.baseValue % rule.divisor != 0 {
            guard low > 1 else { throw .digits }
            return set.rules[low - 2]
        }
        return rule
    }

    func apply(_ rule: RBNFRule, _ value: Int64, _ set: Int, _ out: inout String, _ depth: Int) throws(RBNFFailure) {
        for part in rule.parts {
            switch part {
            case let .text(text):
                out += text
            case let .plural(plural):
                out += plural.text(for: value / rule.divisor, locale: locale)
            case let .substitution(substitution):
                switch substitution.kind {
                case .sameValue, .integralPart:
                    try substitute(value, substitution.target, &out, depth)
                case .multiplier:
                    try substitute(value / rule.divisor, substitution.target, &out, depth)
                case .modulus:
                    let remainder = value % rule.divisor
                    if let predecessor = substitution.ruleToUse {
                        guard depth < Self.recursionLimit else { throw .cycle(set) }
                        try apply(predecessor, remainder, set, &out, depth + 1)
                    } else {
                        try substitute(remainder, substitution.target, &out, depth)
                    }
                case .absoluteValue:
                    guard value != .min else { throw .digits }
                    try substitute(value < 0 ? -value : value, substitution.target, &out, depth)
                case .fractionalPart, .numerator:
                    // ICU's int64 path leaves these empty: a whole number has no fraction.
                    break
                }
            }
        }
    }

    private func substitute(_ value: Int64, _ target: RBNFSubstitution.Target, _ out: inout String, _ depth: Int) throws(RBNFFailure) {
        switch target {
        case let .ruleSet(set): try formatInteger(value, set, &out, depth)
        case .digits: throw .digits
        }
    }

    // MARK: Fractions

    /// - Parameter shown: how many decimals the number was written with ("9.30": 2), so that
    ///   digit-by-digit rules say its trailing zeros ("nine point three zero") and "1.0" is
    ///   "one point zero", as its plural category ("pounds") expects.
    func formatFraction(_ value: Decimal, _ set: Int, _ out: inout String, _ depth: Int, shown: Int = 0) throws(RBNFFailure) {
        guard depth < Self.recursionLimit else { throw .cycle(set) }
        let rule = try fractionRule(for: value, in: ruleSets[set], shown: shown)
        try apply(rule, value, set, &out, depth + 1, shown: shown)
    }

    /// ICU's `findDoubleRule`: `-x:`, then `0.x:` below one, `x.x:`, `x.0:`, else the normal rule
    /// for the value rounded half up.
    func fractionRule(for value: Decimal, in set: RBNFRuleSet, shown: Int = 0) throws(RBNFFailure) -> RBNFRule {
        if set.isFractionSet { return fractionSetRule(for: value, in: set, shown: shown) }
        var number = value
        if number < 0 {
            if let negative = set.negative { return negative }
            number = -number
        }
        if !number.isInteger || shown > 0 {
            if number < 1, let proper = set.properFraction { return proper }
            if let improper = set.improperFraction { return improper }
        }
        if let master = set.master { return master }
        guard let rounded = (number + Decimal.half).floored.exactInt64 else { throw .digits }
        return try normalRule(for: rounded, in: set)
    }

    /// ICU's `findFractionRuleSetRule`: the rule whose base value makes the fraction closest to a
    /// whole numerator (0.25 → `100:`, "twenty-five hundredths"), computed exactly. A number
    /// written with `shown` decimals takes the denominator it was written with when the set has
    /// one: Russian "1,50" is "пятьдесят сотых", "2,0" "ноль десятых".
    func fractionSetRule(for value: Decimal, in set: RBNFRuleSet, shown: Int = 0) -> RBNFRule {
        if shown > 0, shown < 19 {
            let denominator = (0..<shown).reduce(Int64(1)) { product, _ in product * 10 }
            if let index = set.baseValues.firstIndex(of: denominator) { return set.rules[index] }
        }
        let lcm = set.leastCommonMultiple
        let numerator = (value * lcm + Decimal.half).floored
        var winner = 0
        var best = Decimal.greatestFiniteMagnitude
        for (index, base) in set.baseValues.enumerated() {
            let product = numerator * Decimal(base)
            var difference = product - lcm * (product / lcm).floored
            if lcm - difference < difference { difference = lcm - difference }
            if difference < best {
                best = difference
                winner = index
                if difference == 0 { break }
            }
        }
        if winner + 1 < set.rules.count, set.baseValues[winner + 1] == set.baseValues[winner] {
            let scaled = Decimal(set.baseValues[winner]) * value
            if scaled < Decimal.half || scaled >= 2 { winner += 1 }
        }
        return set.rules[winner]
    }

    func apply(_ rule: RBNFRule, _ value: Decimal, _ set: Int, _ out: inout String, _ depth: Int, shown: Int = 0) throws(RBNFFailure) {
        for part in rule.parts {
            switch part {
            case let .text(text):
                out += text
            case let .plural(plural):
                let scaled: Decimal
                if value >= 0, value < 1 {
                    scaled = (value * Decimal(rule.divisor) + Decimal.half).floored
                } else {
                    scaled = (value / Decimal(rule.divisor)).truncated
                }
                out += plural.text(for: scaled.exactInt64 ?? 0, locale: locale)
            case let .substitution(substitution):
                let target = substitution.target
                switch substitution.kind {
                case .sameValue:
                    try substitute(value, target, &out, depth, shown: shown)
                case .multiplier:
                    try substitute((value / Decimal(rule.divisor)).floored, target, &out, depth)
                case .modulus:
                    let divisor = Decimal(rule.divisor)
                    let remainder = value - divisor * (value / divisor).truncated
                    if let predecessor = substitution.ruleToUse {
                        guard depth < Self.recursionLimit else { throw .cycle(set) }
                        try apply(predecessor, remainder, set, &out, depth + 1)
                    } else {
                        try substitute(remainder, target, &out, depth)
                    }
                case .integralPart:
                    try substitute(value.floored, target, &out, depth)
                case let .fractionalPart(byDigits, spaces):
                    if byDigits {
                        guard case let .ruleSet(digitSet) = target else { throw .digits }
                        var digits = value.fractionDigits
                        if digits.count < shown { digits += repeatElement(0, count: shown - digits.count) }
                        if digits.isEmpty {
                            try formatInteger(0, digitSet, &out, depth)
                        }
                        for (position, digit) in digits.enumerated() {
                            if position > 0, spaces { out += " " }
                            try formatInteger(digit, digitSet, &out, depth)
                        }
                    } else {
                        try substitute(value - value.floored, target, &out, depth, shown: shown)
                    }
                case .absoluteValue:
                    try substitute(value < 0 ? -value : value, target, &out, depth, shown: shown)
                case let .numerator(withZeros):
                    let numerator = (value * Decimal(rule.baseValue) + Decimal.half).floored
                    guard let whole = numerator.exactInt64, case let .ruleSet(numeratorSet) = target else {
                        throw .digits
                    }
                    if withZeros, whole > 0 {
                        var scaled = whole
                        while true {
                            let (next, overflow) = scaled.multipliedReportingOverflow(by: 10)
                            guard !overflow, next < rule.baseValue else { break }
                            scaled = next
                            try formatInteger(0, numeratorSet, &out, depth)
                            out += " "
                        }
                    }
                    try formatInteger(whole, numeratorSet, &out, depth)
                }
            }
        }
    }

    /// ICU's `NFSubstitution::doSubstitution(double)`: a whole result goes back to the integer path.
    private func substitute(
        _ value: Decimal, _ target: RBNFSubstitution.Target, _ out: inout String, _ depth: Int, shown: Int = 0
    ) throws(RBNFFailure) {
        guard case let .ruleSet(set) = target else { throw .digits }
        if value.isInteger && shown == 0 {
            guard let whole = value.exactInt64 else { throw .digits }
            try formatInteger(whole, set, &out, depth)
        } else {
            try formatFraction(value, set, &out, depth, shown: shown)
        }
    }
}
