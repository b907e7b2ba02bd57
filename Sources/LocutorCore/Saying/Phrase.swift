/// The named sentences a language wraps around amounts.
package enum PhraseKey: String, Sendable, CaseIterable, Codable {
    case amountWithMinor = "amount-with-minor"
    case negative
    case previous
    case current
    case percent
    case discount
    case perUnit = "per-unit"
    case perMonth = "per-month"
    case withText = "with-text"
    case installments
    /// A negative number: "menos {number}".
    case minus
    /// An amount per unit: "{amount} por {text}" ("9 €/kg" → nueve euros por kilogramo).
    case per
    /// A count out of a total, where a fraction would name a part no one says ("28/39" →
    /// veintiocho de treinta y nueve): "{number} de {text}", the total in the genitive where
    /// the language declines numbers ("из тридцати девяти").
    case outOf = "out-of"
    /// A ratio of a small number to a large one, as dilutions and map scales write it ("1:1000",
    /// "1:50 000"): "{number} a {text}", the second number in the dative where the language
    /// declines numbers ("один к тысяче").
    case ratio

    /// The placeholders this phrase must contain, and those it may contain.
    var slots: (required: Set<SlotKind>, optional: Set<SlotKind>) {
        switch self {
        case .amountWithMinor: return ([.major, .minor], [])
        case .negative, .previous, .current, .perUnit, .perMonth: return ([.amount], [])
        case .percent: return ([], [.number, .count])
        case .discount: return ([.percent], [])
        case .withText: return ([.amount, .text], [])
        case .installments: return ([.count, .amount], [])
        case .minus: return ([.number], [])
        case .per: return ([.amount, .text], [])
        case .outOf, .ratio: return ([.number, .text], [])
        }
    }
}

/// The kinds of placeholder a phrase can hold.
enum SlotKind: String, Sendable, CaseIterable {
    case amount, major, minor, number, percent, count, text
}

/// A sentence with placeholders: "{count:cuota} de {amount}".
package struct Phrase: Sendable {
    package enum Piece: Sendable {
        case text(String)
        case slot(Slot)
    }

    package enum Slot: Sendable, Equatable {
        case amount, major, minor, number, percent, text
        /// A number with the noun it counts, agreeing in gender and plural form.
        case count(Noun)

        var kind: SlotKind {
            switch self {
            case .amount: .amount
            case .major: .major
            case .minor: .minor
            case .number: .number
            case .percent: .percent
            case .text: .text
            case .count: .count
            }
        }
    }

    package let pieces: [Piece]

    /// Parses a template, reporting unknown placeholders and nouns at their column.
    static func parse(_ template: String, node: DataNode, key: PhraseKey, nouns: [String: Noun], reader: inout DataReader) -> Phrase? {
        var pieces: [Piece] = []
        var literal = ""
        var kinds: [SlotKind] = []
        var valid = true
        let characters = Array(template)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "{" else {
                if character == "}" {
                    reader.report(
                        node.location(atCharacter: index), "a '}' without its '{' in the phrase '\(key.rawValue)'",
                        fix: "write placeholders as {amount}")
                    valid = false
                }
                literal.append(character)
                index += 1
                continue
            }
            guard let close = characters[index...].firstIndex(of: "}") else {
                reader.report(
                    node.location(atCharacter: index), "a '{' that is never closed in the phrase '\(key.rawValue)'",
                    fix: "close the placeholder with '}'")
                valid = false
                break
            }
            let name = String(characters[(index + 1)..<close])
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            if let slot = slot(named: name, at: node.location(atCharacter: index), key: key, nouns: nouns, reader: &reader) {
                pieces.append(.slot(slot))
                kinds.append(slot.kind)
            } else {
                valid = false
            }
            index = close + 1
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        // A placeholder that could not be read is the problem; what it leaves missing is not.
        guard valid else { return nil }
        let allowed = key.slots.required.union(key.slots.optional)
        for kind in key.slots.required where !kinds.contains(kind) {
            reader.report(
                node.location, "the phrase '\(key.rawValue)' has no {\(kind == .count ? "count:NOUN" : kind.rawValue)}",
                fix: "add the placeholder where it is said")
            valid = false
        }
        for kind in Set(kinds) where !allowed.contains(kind) {
            reader.report(
                node.location, "the phrase '\(key.rawValue)' cannot use {\(kind.rawValue)}",
                fix: "use " + allowed.map { "{\($0.rawValue)}" }.sorted().joined(separator: ", "))
            valid = false
        }
        if key == .percent && !kinds.contains(.number) && !kinds.contains(.count) {
            reader.report(node.location, "the phrase 'percent' has neither {number} nor {count:NOUN}", fix: "add the number")
            valid = false
        }
        return valid ? Phrase(pieces: pieces) : nil
    }

    private static func slot(
        named name: String, at location: @autoclosure () -> SourceLocation, key: PhraseKey, nouns: [String: Noun], reader: inout DataReader
    ) -> Slot? {
        if name.hasPrefix("count:") {
            let nounKey = String(name.dropFirst("count:".count))
            guard let noun = nouns[nounKey] else {
                let hint = DataReader.nearest(nounKey, in: Array(nouns.keys)).map { "did you mean '\($0)'?" } ?? "add it under nouns"
                reader.report(location(), "the phrase '\(key.rawValue)' counts an unknown noun '\(nounKey)'", fix: hint)
                return nil
            }
            return .count(noun)
        }
        switch name {
        case "amount": return .amount
        case "major": return .major
        case "minor": return .minor
        case "number": return .number
        case "percent": return .percent
        case "text": return .text
        default:
            let names = SlotKind.allCases.map { $0 == .count ? "count:NOUN" : $0.rawValue }
            let hint =
                DataReader.nearest(name, in: names).map { "did you mean {\($0)}?" } ?? "use one of "
                + names.map { "{\($0)}" }.joined(separator: ", ")
            reader.report(location(), "unknown placeholder {\(name)} in the phrase '\(key.rawValue)'", fix: hint)
            return nil
        }
    }
}
