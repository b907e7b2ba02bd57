import Foundation

/// How a language says fractions ("5/8", "¾", "3 1/4", "1/2 kg"), from its `fractions:` section.
///
/// Reads as es "5/8" → cinco octavos, "1/2 taza" → media taza, "2 1/2 horas" → dos horas y
/// media; en "3 1/4" → three and one quarter; ru "2/3" → две третьих.
package struct FractionRules: Sendable {
    /// The gender the numerator agrees with ("una" in Russian: "одна восьмая").
    let numeratorGender: String?
    /// Denominators with a word of their own: 2 → medio/medios, 4 → quarter/quarters.
    let denominators: [Int: [PluralCategory: String]]
    /// The ordinal rule sets that say the other denominators, by the numerator's category
    /// (`one` for 1, `other` for the rest): "quinto", "quintos".
    let ordinal: [PluralCategory: String]
    /// Appended to the ordinal when the numerator is not one and the rule set has no plural
    /// ("eighth" → "eighths").
    let pluralSuffix: String
    /// From this denominator on, `over` says it instead of the ordinal ("onceavos").
    let overFrom: Int?
    /// Templates with `{cardinal}`: `{one: "{cardinal}avo", other: "{cardinal}avos"}`.
    let over: [PluralCategory: String]
    /// `{whole} y {fraction}`.
    let mixed: String
    /// A whole number and a half: `{whole} y medio` (the mixed template when nil).
    let mixedHalf: String?
    /// A fraction of a unit or noun: `{fraction} de {noun}`.
    let withNoun: String
    /// Half of a unit or noun, by the noun's gender: `medio {noun}`, `media {noun}`.
    let halfWithNoun: [String: String]
    /// The gender `halfWithNoun` is written for when it says every gender alike (Russian
    /// «половина {plural}»): a half is then said before a noun whose gender is not known.
    var halfWithAnyNoun: String? {
        guard let (gender, first) = halfWithNoun.min(by: { $0.key < $1.key }), halfWithNoun.values.allSatisfy({ $0 == first }) else {
            return nil
        }
        return gender
    }
    /// A whole number and a fraction of a noun: `{whole} {nouns} y {fraction}`.
    let mixedWithNoun: String
    /// A whole number and a half of a noun, by the noun's gender: `{whole} {nouns} y media`.
    let mixedHalfWithNoun: [String: String]
    /// Words written between a whole number and its fraction ("1 e 1/2 xícara", "1 y 1/2 taza"),
    /// in lower case.
    var mixedJoins: [[Unicode.Scalar]] = []
    /// The word `withNoun` writes between a fraction and its noun ("de" of `{fraction} de {noun}`),
    /// in lower case: a text that writes it too ("1/4 de c. à café") is read with its noun.
    var nounJoin: [Unicode.Scalar] = []
    /// What says a numerator of one after a whole number, before a denominator written with a
    /// consonant and with a vowel: English "three and a quarter", "one and an eighth".
    var mixedOne: (consonant: String, vowel: String)?
    /// What says a numerator of one elsewhere, when not the spelled number: Dutch "een kwart",
    /// where the number alone is "één".
    var numeratorOne: String?
    /// Endings of a plural no data knows (`count-plural-endings`): after a fraction such a word
    /// counts out of a total ("2/5 assignments submitted" two of five assignments).
    var countPluralEndings: [String] = []
}

extension FractionRules {
    /// Reads a `fractions:` section, reporting every problem at its place.
    ///
    /// - Parameter ruleSets: the spell-out rule sets, nil when the rules did not load (their
    ///   error is reported; names are then not checked, so as not to add false ones).
    static func read(_ node: DataNode, ruleSets: Set<String>?, reader: inout DataReader) -> FractionRules? {
        let keys = [
            "numerator-gender", "denominators", "ordinal", "plural-suffix", "over-from", "over", "mixed", "mixed-half", "with-noun",
            "half-with-noun", "mixed-with-noun", "mixed-half-with-noun", "mixed-joined-by", "mixed-one", "numerator-one",
            "count-plural-endings",
        ]
        guard let fields = reader.fields(node, "fractions", required: ["ordinal", "mixed", "with-noun", "mixed-with-noun"], optional: keys)
        else { return nil }
        func byCategory(_ node: DataNode?, _ what: String, isRuleSet: Bool = false) -> [PluralCategory: String] {
            guard let node else { return [:] }
            var result: [PluralCategory: String] = [:]
            for (name, keyNode, value) in reader.entries(node, what) ?? [] {
                guard let category = PluralCategory(rawValue: name) else {
                    reader.report(keyNode.location, "'\(name)' is not a plural category in \(what)", fix: "use one and other")
                    continue
                }
                guard let text = reader.string(value, "the \(name) form of \(what)") else { continue }
                if isRuleSet, let ruleSets, !ruleSets.contains(text) {
                    let hint =
                        DataReader.nearest(text, in: Array(ruleSets)).map { "did you mean '\($0)'?" }
                        ?? "the spell-out rules have no such rule set"
                    reader.report(value.location, "unknown rule set '\(text)'", fix: hint)
                    continue
                }
                result[category] = text
            }
            return result
        }
        func byGender(_ node: DataNode?, _ what: String) -> [String: String] {
            guard let node else { return [:] }
            var result: [String: String] = [:]
            for (gender, _, value) in reader.entries(node, what) ?? [] {
                if let text = reader.string(value, "the \(gender) form of \(what)") { result[gender] = text }
            }
            return result
        }
        var denominators: [Int: [PluralCategory: String]] = [:]
        if let node = fields["denominators"] {
            for (written, keyNode, value) in reader.entries(node, "denominators") ?? [] {
                guard let number = Int(written), number >= 2 else {
                    reader.report(keyNode.location, "'\(written)' is not a denominator", fix: "write a whole number from 2, such as 4")
                    continue
                }
                denominators[number] = byCategory(value, "the denominator \(written)")
            }
        }
        let ordinal = byCategory(fields["ordinal"], "the fractions' ordinal", isRuleSet: true)
        if ordinal[.one] == nil || ordinal[.other] == nil, let node = fields["ordinal"] {
            reader.report(node.location, "the fractions' ordinal needs a rule set for one and for other", fix: "write { one: …, other: … }")
        }
        let overFrom = fields["over-from"].flatMap { reader.integer($0, "over-from", in: 2...1000) }
        guard let mixed = reader.string(fields["mixed"], "the mixed-number template"),
            let withNoun = reader.string(fields["with-noun"], "the with-noun template"),
            let mixedWithNoun = reader.string(fields["mixed-with-noun"], "the mixed-with-noun template")
        else { return nil }
        var rules = FractionRules(
            numeratorGender: fields["numerator-gender"].flatMap { reader.string($0, "the numerator's gender") },
            denominators: denominators, ordinal: ordinal,
            pluralSuffix: fields["plural-suffix"].flatMap { reader.string($0, "the plural suffix") } ?? "",
            overFrom: overFrom, over: byCategory(fields["over"], "over"), mixed: mixed,
            mixedHalf: fields["mixed-half"].flatMap { reader.string($0, "the mixed-half template") }, withNoun: withNoun,
            halfWithNoun: byGender(fields["half-with-noun"], "half-with-noun"), mixedWithNoun: mixedWithNoun,
            mixedHalfWithNoun: byGender(fields["mixed-half-with-noun"], "mixed-half-with-noun"))
        let joins = fields["mixed-joined-by"].flatMap { reader.strings($0, "mixed-joined-by") } ?? []
        rules.mixedJoins = joins.map { Array($0.lowercased().unicodeScalars) }
        if let node = fields["mixed-one"], let one = reader.fields(node, "mixed-one", required: ["consonant"], optional: ["vowel"]),
            let consonant = reader.string(one["consonant"], "mixed-one's consonant")
        {
            rules.mixedOne = (consonant, one["vowel"].flatMap { reader.string($0, "mixed-one's vowel") } ?? consonant)
        }
        rules.numeratorOne = fields["numerator-one"].flatMap { reader.string($0, "numerator-one") }
        rules.countPluralEndings = (fields["count-plural-endings"].flatMap { reader.strings($0, "count-plural-endings") } ?? [])
            .map { $0.lowercased() }
        let afterFraction = withNoun.components(separatedBy: "{fraction}").dropFirst().first ?? ""
        if afterFraction.contains("{noun}"), let between = afterFraction.components(separatedBy: "{noun}").first {
            rules.nounJoin = Array(between.trimmingSpaces().lowercased().unicodeScalars)
        }
        return rules
    }
}

extension Verbalizer {
    /// A fraction, a mixed number, either with the noun or unit it counts.
    ///
    /// Reads as "5/8" → cinco octavos, "3 1/4" → tres y un cuarto, "1/2 taza" → media taza,
    /// "2 1/2 horas" → dos horas y media, "¾ cup" → three quarters cup (es-AR, en-US).
    package func fraction(whole: Decimal?, numerator: Int, denominator: Int, noun: Noun?, written: String?) throws(InputError)
        -> Utterance.Segment
    {
        guard let rules = profile.fractions else {
            let value = Decimal(numerator) / Decimal(denominator) + (whole ?? 0)
            return Utterance.Segment(words: try spell(value, gender: nil), label: written ?? "", written: written)
        }
        if whole == nil, !Self.namesParts(denominator, numerator: numerator) || numerator == denominator {
            // "28/39", "Этаж 5/9" is no part of a whole: a count out of a total.
            let said = render(
                .outOf,
                [
                    .number: Utterance([.text(try spell(Decimal(numerator), gender: noun?.gender))]),
                    .text: Utterance([.text(try spell(Decimal(denominator), gender: nil, case: .genitive))]),
                ])
            let words = said.words + (noun.map { " " + $0.form(.other) } ?? "")
            return Utterance.Segment(words: words, label: written ?? words, written: written)
        }
        let category = category(Decimal(numerator), fractionDigits: 0)
        var numeratorWords = try spell(Decimal(numerator), gender: rules.numeratorGender)
        if numerator == 1, let one = rules.numeratorOne { numeratorWords = one }
        let denominatorWords: String
        if let own = rules.denominators[denominator] {
            denominatorWords = own[category] ?? own[.other] ?? own[.one] ?? ""
        } else if let from = rules.overFrom, denominator >= from, let template = rules.over[category == .one ? .one : .other] {
            let cardinal = try spell(
                Decimal(denominator), ruleSet: profile.spellout.numbering ?? profile.spellout.cardinalRuleSet(gender: nil))
            // "{cardinal-plain}": without its accents once a suffix follows ("dieciseisavos").
            denominatorWords = Self.fill(
                template,
                [
                    "cardinal": cardinal,
                    "cardinal-plain": cardinal.folding(options: .diacriticInsensitive, locale: nil),
                ])
        } else {
            let key: PluralCategory = category == .one ? .one : .other
            let ruleSet = rules.ordinal[key] ?? rules.ordinal[.other] ?? profile.spellout.cardinalRuleSet(gender: nil)
            let ordinal = try spell(Decimal(denominator), ruleSet: ruleSet)
            denominatorWords = ordinal + (key == .other && rules.ordinal[.one] == rules.ordinal[.other] ? rules.pluralSuffix : "")
        }
        var fraction = numeratorWords + " " + denominatorWords
        if whole != nil, numerator == 1, let article = rules.mixedOne {
            let vowel = denominatorWords.first.map { "aeiouAEIOU".contains($0) } ?? false
            fraction = (vowel ? article.vowel : article.consonant) + " " + denominatorWords
        }
        let isHalf = numerator == 1 && denominator == 2
        var words: String
        if let noun {
            let gender = noun.gender.isEmpty ? profile.spellout.defaultGender : noun.gender
            if let whole {
                let wholeWords = try spell(whole, gender: gender)
                let nouns = noun.form(self.category(whole, fractionDigits: 0))
                let template = isHalf ? (rules.mixedHalfWithNoun[gender] ?? rules.mixedWithNoun) : rules.mixedWithNoun
                words = Self.fill(template, ["whole": wholeWords, "nouns": nouns, "plural": noun.form(.other), "fraction": fraction])
            } else {
                let template = isHalf ? (rules.halfWithNoun[gender] ?? rules.withNoun) : rules.withNoun
                words = Self.fill(template, ["fraction": fraction, "noun": noun.form(.one), "plural": noun.form(.other)])
            }
        } else if let whole {
            let template = isHalf ? (rules.mixedHalf ?? rules.mixed) : rules.mixed
            words = Self.fill(template, ["whole": try number(whole, fractionDigits: 0).words, "fraction": fraction])
        } else {
            words = fraction
        }
        words = Normalizer.concatenate([words])
        return Utterance.Segment(words: words, label: written ?? words, written: written)
    }

    /// Whether a denominator names parts people say as a fraction: up to twelfths, the
    /// sixteenths, thirty-seconds and sixty-fourths of inches, hundredths, and one part of more
    /// than a hundred, as rates are written ("1/300" одна трёхсотая, "1/1000"). Others count out
    /// of a total ("18/20", "45/60", "28/39").
    static func namesParts(_ denominator: Int, numerator: Int) -> Bool {
        denominator <= 12 || [16, 32, 64, 100].contains(denominator) || (numerator == 1 && denominator > 100)
    }

    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = template
        for (key, value) in values { result = result.replacingOccurrences(of: "{\(key)}", with: value) }
        return result
    }
}
