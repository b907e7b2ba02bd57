/// An operand a plural rule can look at. CLDR's `c` is `e`.
enum PluralOperand: UInt8, Sendable {
    case n, i, v, w, f, t, e

    /// The operand a rule names, or nil: "n" is `.n`, "c" is `.e`.
    init?(name: String) {
        switch name {
        case "n": self = .n
        case "i": self = .i
        case "v": self = .v
        case "w": self = .w
        case "f": self = .f
        case "t": self = .t
        case "e", "c": self = .e
        default: return nil
        }
    }
}

/// One comparison of a plural rule: `i % 10 = 2..4`, `v != 0`, `n within 0..2`.
struct PluralRelation: Sendable {
    let operand: PluralOperand
    /// The `%` modulus; 0 when there is none.
    let modulus: UInt64
    /// `!=`, `not in`, `is not`, `not within`.
    let isNegated: Bool
    /// `within`: any value between the ends matches, not only whole ones.
    let isWithin: Bool
    /// The first value or range after the operator (a single value is a range of one), kept
    /// inline because most relations have only one…
    let first: ClosedRange<UInt64>
    /// …and the others.
    let more: [ClosedRange<UInt64>]
    /// The last relation of an `and` chain: an `or` (or the end of the condition) follows.
    let endsConjunction: Bool

    init(
        operand: PluralOperand, modulus: UInt64, isNegated: Bool, isWithin: Bool, ranges: [ClosedRange<UInt64>],
        endsConjunction: Bool
    ) {
        precondition(!ranges.isEmpty, "a relation compares with at least one value")
        self.operand = operand
        self.modulus = modulus
        self.isNegated = isNegated
        self.isWithin = isWithin
        first = ranges[0]
        more = Array(ranges.dropFirst())
        self.endsConjunction = endsConjunction
    }

    /// The same relation, as the last of its `and` chain.
    func endingConjunction() -> PluralRelation {
        PluralRelation(
            operand: operand, modulus: modulus, isNegated: isNegated, isWithin: isWithin,
            ranges: [first] + more, endsConjunction: true)
    }

    /// Whether the relation holds for these operands: integer arithmetic, no allocation.
    @inline(__always)
    func holds(for operands: PluralOperands) -> Bool {
        var hasFraction = false
        let value: UInt64
        switch operand {
        case .n:
            guard case .small(let whole) = operands.whole else { return holdsLarge(operands.whole, operands.hasFraction) }
            value = whole
            hasFraction = operands.hasFraction
        case .i:
            guard case .small(let whole) = operands.whole else { return holdsLarge(operands.whole, false) }
            value = whole
        case .f:
            guard case .small(let fraction) = operands.fraction else { return holdsLarge(operands.fraction, false) }
            value = fraction
        case .t:
            guard case .small(let fraction) = operands.trimmedFraction else {
                return holdsLarge(operands.trimmedFraction, false)
            }
            value = fraction
        case .v: value = UInt64(operands.v)
        case .w: value = UInt64(operands.w)
        case .e: value = UInt64(operands.e)
        }
        return matches(modulus == 0 ? value : value % modulus, hasFraction: hasFraction)
    }

    /// An operand above `UInt64.max`: beyond every value a rule can write, unless a modulus brings it back.
    private func holdsLarge(_ integer: PluralInteger, _ hasFraction: Bool) -> Bool {
        guard modulus != 0 else { return isNegated }
        return matches(integer.remainder(dividingBy: modulus), hasFraction: hasFraction)
    }

    /// Whether `value` (plus a fraction, when `hasFraction`) is in the ranges, `!=` applied.
    @inline(__always)
    private func matches(_ value: UInt64, hasFraction: Bool) -> Bool {
        // `in` (and `=`) takes whole values only: n = 1.5 is not in 1..2; `within` takes any
        // value between the ends: 1.5 is within 1..2, and so is 1.99 but not 2.01.
        var found: Bool
        if hasFraction {
            found = isWithin && first.lowerBound <= value && value < first.upperBound
            for range in more where !found {
                found = isWithin && range.lowerBound <= value && value < range.upperBound
            }
        } else {
            found = first.contains(value)
            for range in more where !found {
                found = range.contains(value)
            }
        }
        return found != isNegated
    }
}

/// A plural rule's condition: relations joined by `and`, then by `or` (`and` binds tighter).
struct PluralCondition: Sendable {
    /// The relations in the order written; `endsConjunction` marks each `or`.
    let relations: [PluralRelation]

    /// Whether any `and` chain holds entirely.
    @inline(__always)
    func holds(for operands: PluralOperands) -> Bool {
        var chainHolds = true
        for relation in relations {
            if chainHolds, !relation.holds(for: operands) { chainHolds = false }
            if relation.endsConjunction {
                if chainHolds { return true }
                chainHolds = true
            }
        }
        return false
    }
}
