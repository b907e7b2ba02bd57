/// How a language says a power (`powers`): "10²³", "x⁻¹", "2^5", and the scientific notation
/// "1,6e-19" that writes a power of ten with an "e".
///
/// ```yaml
/// powers: { say: "elevado a {exponent}", rule-set: "%spellout-numbering", times-ten: "por diez" }
/// ```
///
/// The exponent is spelled with `rule-set` (an ordinal where the language says "to the
/// twenty-third", "в двадцать третьей степени") and put in `say`; a negative one takes the
/// language's `minus` phrase first ("elevado a menos diecinueve", "to the minus nineteenth").
/// `times-ten` joins a number to the power of ten scientific notation gives it.
package struct Powers: Sendable {
    /// The words around the exponent, with `{exponent}` where it goes.
    package let say: String
    package let ruleSet: String
    package let timesTen: String

    static func read(_ node: DataNode, ruleSets: Set<String>?, reader: inout DataReader) -> Powers? {
        guard let fields = reader.fields(node, "powers", required: ["say", "rule-set", "times-ten"]),
            let say = reader.string(fields["say"], "what is said around a power's exponent"),
            let ruleSet = reader.string(fields["rule-set"], "the rule set that spells a power's exponent"),
            let timesTen = reader.string(fields["times-ten"], "what joins a number to a power of ten")
        else { return nil }
        if !say.contains("{exponent}") {
            reader.report(
                fields["say"]?.location ?? node.location, "the say of powers has no {exponent}", fix: "write it as \"elevado a {exponent}\""
            )
            return nil
        }
        if let ruleSets, !ruleSets.contains(ruleSet) {
            let hint =
                DataReader.nearest(ruleSet, in: Array(ruleSets)).map { "did you mean '\($0)'?" }
                ?? "the spell-out rules have no such rule set"
            reader.report(fields["rule-set"]?.location ?? node.location, "unknown rule set '\(ruleSet)'", fix: hint)
            return nil
        }
        return Powers(say: say, ruleSet: ruleSet, timesTen: timesTen)
    }

    /// The exponent written at `index` and where it ends: superscript digits, a superscript minus
    /// before them ("⁻³"), or a caret and digits ("^2", "^-3"); at most three digits. A lone "²"
    /// or "³" is nil (the language's symbols say "squared"), and so is a charge ("²⁺" of "Ca²⁺").
    static func exponent(_ text: [Unicode.Scalar], at index: Int) -> (value: Int, end: Int)? {
        guard index < text.count else { return nil }
        if text[index] == "^" {
            guard let (value, _, end) = signedDigits(text, at: index + 1, plus: false) else { return nil }
            return (value, end)
        }
        var cursor = index
        var negative = false
        var value = 0
        var digits = 0
        if text[cursor] == "\u{207B}" {
            negative = true
            cursor += 1
        }
        while cursor < text.count, let digit = MoneyReader.superscriptDigit(text[cursor]), digits < 4 {
            value = value * 10 + digit
            digits += 1
            cursor += 1
        }
        guard (1...3).contains(digits), cursor == text.count || (text[cursor] != "\u{207A}" && text[cursor] != "\u{207B}") else {
            return nil
        }
        if !negative, digits == 1, text[index] == "²" || text[index] == "³" { return nil }
        return (negative ? -value : value, cursor)
    }

    /// A whole number of one to three ASCII digits at `index`, after a minus (or a plus where
    /// `plus`), standing as its own word: a caret's exponent ("^-3") or scientific notation's
    /// ("e-19", "E+08"). `signed`: whether a sign was written.
    static func signedDigits(_ text: [Unicode.Scalar], at index: Int, plus: Bool) -> (value: Int, signed: Bool, end: Int)? {
        var cursor = index
        var sign = 1
        if cursor < text.count, MoneyReader.isMinus(text[cursor]) {
            sign = -1
            cursor += 1
        } else if plus, cursor < text.count, text[cursor] == "+" {
            cursor += 1
        }
        guard let (value, end) = Normalizer.digits(text, at: cursor, (width: 1...3, values: 0...999)),
            end == text.count || !MoneyReader.isWordScalar(text[end])
        else { return nil }
        return (sign * value, cursor > index, end)
    }
}
