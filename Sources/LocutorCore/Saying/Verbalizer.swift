import Foundation

/// Turns amounts and price components into utterances for one region.
///
/// Agreement comes from the data: a number is spelled with the rule set of the gender of the
/// noun it counts ("veintiún pesos", "veintiuna cuotas", "двадцать одна копейка"), and the noun
/// takes the form of the number's CLDR plural category ("un peso", "dos pesos", "un millón de
/// pesos"; "два рубля", "пять рублей").
package struct Verbalizer: Sendable {
    package let profile: RegionProfile
    /// Numbers already spelled: text repeats the same ones ("1", "2", "12"), and spelling one
    /// (rule sets on exact decimals, then the language's rewrites) costs more than finding it.
    private let spelled = SpellCache()
    /// The region's lexicon, ready to be looked for.
    let lexicon: PreparedLexicon

    package init(profile: RegionProfile) {
        self.profile = profile
        lexicon = PreparedLexicon(profile.writing.lexicon)
    }

    // MARK: Price components

    /// The utterance of a price component.
    ///
    /// Reads as `{"price": "1000", "type": "negative"}` → "menos mil pesos" in es-AR and
    /// "minus one thousand dollars" in en-US.
    /// - Throws: `InputError` for a currency the language cannot name, more decimals than the
    ///   currency has, or an amount too large to spell exactly.
    package func utterance(for component: PriceComponent) throws(InputError) -> Utterance {
        var currency = profile.money.home
        if let code = component.currency {
            guard let named = CurrencyCode(code) else { throw InputError.unknownCurrency(code) }
            currency = named
        }
        var parts: [Utterance] = []
        if let previous = component.previous {
            parts.append(render(.previous, [.amount: try money(previous, currency: currency)]))
        }
        if let price = component.price {
            let value = component.kind == .negative && price > 0 ? -price : price
            var phrase = try money(value, currency: currency)
            if let count = component.installments {
                phrase = try render(.installments, [.amount: phrase], count: (Decimal(count), 0))
            }
            switch component.suffix {
            case nil: break
            case .unit: phrase = render(.perUnit, [.amount: phrase])
            case .month: phrase = render(.perMonth, [.amount: phrase])
            case let .text(text):
                phrase = render(.withText, [.amount: phrase, .text: Utterance([.text(text.replacingControlCharacters())])])
            }
            if component.kind == .previous {
                phrase = render(.previous, [.amount: phrase])
            } else if component.previous != nil {
                phrase = render(.current, [.amount: phrase])
            }
            parts.append(phrase)
        }
        if let discount = component.discount {
            parts.append(try self.discount(Decimal(discount), fractionDigits: 0))
        }
        return list(parts).hinted(by: lexicon)
    }

    /// Parts joined by the language's list separator.
    func list(_ parts: [Utterance]) -> Utterance {
        var result = Utterance()
        for (index, part) in parts.enumerated() {
            if index > 0 { result.append(.text(profile.listSeparator)) }
            result.append(contentsOf: part)
        }
        return result
    }

    /// "diecinueve por ciento de descuento".
    func discount(_ value: Decimal, fractionDigits: Int) throws(InputError) -> Utterance {
        render(.discount, [.percent: try percent(value, fractionDigits: fractionDigits)])
    }

    /// "diecinueve por ciento"; in `case` where the phrase counts its noun (ru "до тридцати процентов").
    func percent(_ value: Decimal, fractionDigits: Int, case grammaticalCase: GrammaticalCase = .nominative) throws(InputError)
        -> Utterance
    {
        let phrase = phrase(.percent)
        let counts = phrase.pieces.contains { if case .slot(.count) = $0 { return true } else { return false } }
        let number = counts ? Utterance() : Utterance([try number(value, fractionDigits: fractionDigits)])
        return try render(.percent, [.number: number], count: (value, fractionDigits), case: grammaticalCase)
    }

    // MARK: Money

    /// An amount of money as one segment, or the negative phrase around one.
    ///
    /// Reads as 32999.99 ARS → "treinta y dos mil novecientos noventa y nueve pesos con noventa y
    /// nueve centavos" (label "32.999,99 pesos"); zero cents are not spoken, and a currency without
    /// minor unit (CLP) speaks cents only where two decimals are written and its minor unit is named.
    ///
    /// With `moreDecimals`, an amount with more decimals than the currency has (a fuel price
    /// "1,739 €/l", an exchange rate "R$ 5,3420") is said as a decimal number of the currency
    /// ("uno coma setecientos treinta y nueve euros"); without it, that is an error: nothing is
    /// rounded.
    package func money(
        _ value: Decimal, currency: CurrencyCode, scale: Scale? = nil, written: String? = nil,
        case grammaticalCase: GrammaticalCase = .nominative, moreDecimals: Bool = false, fractionDigits writtenDigits: Int? = nil
    ) throws(InputError) -> Utterance {
        guard let names = profile.currencies[currency] else {
            throw InputError.unnamedCurrency(currency.rawValue, language: profile.language)
        }
        // Signs and zeros are asked of the value's parts: comparing `Decimal`s costs more.
        let negative = value.isBelowZero
        let magnitude = negative ? -value : value
        /// The amount, said; below zero the language's negative phrase around it, which stands for
        /// the written text as a whole.
        func signed(words: String, label: String) -> Utterance {
            let amount = Utterance([Utterance.Segment(words: words, label: label, written: negative ? nil : written)])
            guard negative else { return amount }
            var negative = render(.negative, [.amount: amount])
            if let written, let index = negative.segments.indices.first { negative.segments[index].written = written }
            return negative
        }
        if let scale, scale.multiplied != .never, scale.then == .other, (1...3).contains(magnitude.significantFractionDigits) {
            // Thousands with decimals where the scale says so, as the amount of the thousands written
            // out: "R$ 2,5 mil" dois mil e quinhentos reais (never "dois vírgula cinco mil reais").
            return try money(value * 1000, currency: currency, written: written, case: grammaticalCase)
        }
        if let scale {
            // "$12 billion" → twelve billion dollars; "4,5 тыс. ₽" → четыре целых пять десятых тысячи рублей.
            let number = try counted(
                magnitude, noun: scale.noun, fractionDigits: magnitude.significantFractionDigits, case: grammaticalCase)
            let noun = formAfterScale(names.major, case: grammaticalCase) ?? names.major.form(scale.then, case: grammaticalCase)
            return signed(words: number.words + " " + noun, label: number.label + " " + noun)
        }
        // The decimals as written where the text gives them: the value has lost a written last zero.
        let shown = writtenDigits ?? magnitude.significantFractionDigits
        // In text, a currency without a minor unit in cash (CLP) whose language still names one:
        // two decimals are its hundredths ("$ 38.432,15", the UF in pesos: … pesos con quince
        // centavos; "$ 37.500,50" con cincuenta centavos). A price component's amount stays whole.
        var digits = profile.currencyDigits[currency] ?? 2
        if digits == 0, shown == 2, moreDecimals, names.minor != nil { digits = 2 }
        if shown > digits, !moreDecimals {
            throw InputError.tooManyDecimals(amount: "\(value)", currency: currency.rawValue, allowed: digits)
        }
        let (major, minor) = Self.units(of: magnitude, digits: digits)
        var words: String
        var shownDigits = minor.isZero ? 0 : digits
        if shown > digits {
            // More decimals than the currency has (a fuel price): a decimal number of the currency.
            words = try countedWords(magnitude, noun: names.major, fractionDigits: shown, case: grammaticalCase)
            shownDigits = shown
        } else if !minor.isZero, names.minor == nil {
            // No name for the minor unit: "35,5 libras esterlinas" is said as a decimal number,
            // with the currency's decimals, or as written where it has more than two (the unidad
            // de fomento's four: "UF 36,12" treinta y seis coma doce, not coma mil doscientos).
            shownDigits = digits > 2 ? shown : digits
            words = try countedWords(magnitude, noun: names.major, fractionDigits: shownDigits, case: grammaticalCase)
        } else if !minor.isZero, let minorNoun = names.minor {
            let majorWords = try countedWords(major, noun: names.major, fractionDigits: 0, case: grammaticalCase)
            let minorWords = try countedWords(minor, noun: minorNoun, fractionDigits: 0, case: grammaticalCase)
            words =
                major.isZero
                ? minorWords
                : render(.amountWithMinor, [.major: Utterance([.text(majorWords)]), .minor: Utterance([.text(minorWords)])]).words
        } else {
            words = try countedWords(major, noun: names.major, fractionDigits: 0, case: grammaticalCase)
        }
        let label =
            profile.numbers.format(magnitude, fractionDigits: shownDigits) + " "
            + names.major.form(category(magnitude, fractionDigits: shownDigits), case: grammaticalCase)
        return signed(words: words, label: label)
    }

    // MARK: Numbers

    /// A number with the noun it counts: "veintiuna cuotas" (label "21 cuotas").
    package func counted(_ value: Decimal, noun: Noun, fractionDigits: Int, case grammaticalCase: GrammaticalCase = .nominative)
        throws(InputError) -> Utterance.Segment
    {
        let (spelled, form) = try spelledCount(value, noun: noun, fractionDigits: fractionDigits, case: grammaticalCase)
        let digits = profile.numbers.format(value, fractionDigits: max(fractionDigits, value.significantFractionDigits))
        return Utterance.Segment(words: spelled + " " + form, label: digits + " " + form)
    }

    /// The words of `counted` alone, for a phrase with a label of its own: "veintiuna cuotas".
    func countedWords(_ value: Decimal, noun: Noun, fractionDigits: Int, case grammaticalCase: GrammaticalCase) throws(InputError)
        -> String
    {
        let (spelled, form) = try spelledCount(value, noun: noun, fractionDigits: fractionDigits, case: grammaticalCase)
        return spelled + " " + form
    }

    /// A number spelled to agree with the noun it counts, and the noun's form after it.
    private func spelledCount(_ value: Decimal, noun: Noun, fractionDigits: Int, case grammaticalCase: GrammaticalCase)
        throws(InputError) -> (spelled: String, form: String)
    {
        let form =
            formAfterScale(noun, case: grammaticalCase, spelling: value)
            ?? noun.form(category(value, fractionDigits: fractionDigits), case: grammaticalCase)
        return (try spell(value, gender: noun.gender, case: grammaticalCase, fractionDigits: fractionDigits), form)
    }

    /// The form of a noun after a scale word in a case other than the nominative, when the
    /// language says the scale word governs it (`noun-after-scales`: "к 100 тыс. ₽" → к ста
    /// тысячам рублей); nil otherwise. With `value`, only when its words end in a scale word (a
    /// whole number of thousands: "к 5 000 ₽" → к пяти тысячам рублей).
    private func formAfterScale(_ noun: Noun, case grammaticalCase: GrammaticalCase, spelling value: Decimal? = nil) -> String? {
        guard grammaticalCase != .nominative, let rule = profile.nounAfterScales else { return nil }
        if let value {
            guard let whole = value.exactInt64, whole >= 1000, whole % 1000 == 0 else { return nil }
        }
        return noun.form(rule.category, case: rule.case)
    }

    /// The whole units of an amount (not below zero) and its minor units with `digits` decimals:
    /// 32999.99 with 2 → (32999, 99). Integer arithmetic where the amount's digits fit 64 bits
    /// (every price); `Decimal` arithmetic, which is far slower, elsewhere.
    static func units(of magnitude: Decimal, digits: Int) -> (major: Decimal, minor: Decimal) {
        if let (mantissa, exponent) = DecimalDigits.smallParts(magnitude), exponent <= 0, -exponent <= digits,
            digits < PluralInteger.powersOfTen.count
        {
            let point = PluralInteger.powersOfTen[-exponent]
            let minor = (mantissa % point) * PluralInteger.powersOfTen[digits + exponent]
            return (Decimal(mantissa / point), Decimal(minor))
        }
        let major = magnitude.integerPart
        return (major, (magnitude - major) * power(of: 10, digits))
    }

    /// A bare number: "diecinueve" (label "19"). With no noun to agree with, the language's
    /// numbering rule set says it ("veintiuno"); with one, the noun's gender does ("veintiuna").
    package func number(_ value: Decimal, fractionDigits: Int, gender: String? = nil, case grammaticalCase: GrammaticalCase = .nominative)
        throws(InputError) -> Utterance.Segment
    {
        let words: String
        if gender == nil, grammaticalCase == .nominative, let numbering = profile.spellout.numbering {
            words = try spell(value, ruleSet: numbering, fractionDigits: fractionDigits)
        } else {
            words = try spell(value, gender: gender, case: grammaticalCase, fractionDigits: fractionDigits)
        }
        return Utterance.Segment(
            words: words, label: profile.numbers.format(value, fractionDigits: max(fractionDigits, value.significantFractionDigits)))
    }

    /// The CLDR plural category of a number as displayed.
    package func category(_ value: Decimal, fractionDigits: Int) -> PluralCategory {
        let shown = max(fractionDigits, value.significantFractionDigits)
        return profile.plurals.category(for: PluralOperands(value.isBelowZero ? -value : value, visibleFractionDigits: shown))
    }

    /// Spells a number with the cardinal rule set of `gender` in `case`.
    package func spell(
        _ value: Decimal, gender: String?, case grammaticalCase: GrammaticalCase = .nominative, fractionDigits: Int = 0
    ) throws(InputError) -> String {
        try spell(
            value, ruleSet: profile.spellout.cardinalRuleSet(gender: gender?.isEmpty == false ? gender : nil, case: grammaticalCase),
            fractionDigits: fractionDigits)
    }

    /// The words said before a fraction below one (`zero-whole`) in the case `ruleSet` spells.
    private func zeroWhole(ruleSet: String) -> String? {
        let spellout = profile.spellout
        guard !spellout.zeroWhole.isEmpty else { return nil }
        let grammaticalCase = spellout.cases.first { $0.value.values.contains(ruleSet) }?.key ?? .nominative
        return spellout.zeroWhole[grammaticalCase] ?? spellout.zeroWhole[.nominative]
    }

    /// The most decimals `decimals-as-number-after` says as a number.
    static let decimalsAsNumber = 3

    /// Spells a number with a rule set of the language, then applies the language's rewrites.
    /// `fractionDigits`: the decimals as written, each said ("1.50" is "one point five zero").
    package func spell(_ value: Decimal, ruleSet: String, fractionDigits: Int = 0) throws(InputError) -> String {
        let key = SpellCache.Key(value, ruleSet: ruleSet, fractionDigits: fractionDigits)
        if let known = spelled[key] { return known }
        let spellout = profile.spellout
        do {
            var words: String
            let said = try spellout.format.format(value, ruleSet: ruleSet, fractionDigits: fractionDigits)
            // A whole number (the key holds it as an integer) has no decimals, and is not between -1 and 1 unless 0.
            let isWhole = key.other == nil
            if let separators = spellout.decimalsAsNumberAfter, !isWhole || fractionDigits > 0, case let digits = DecimalDigits(value),
                !digits.isNegative, !digits.fraction.isEmpty || fractionDigits > 0,
                let word = said.split(separator: " ").first(where: { separators.contains(String($0)) })
            {
                // "2,25" → "deux virgule vingt-cinq", "2,05" → "deux virgule zéro cinq". More than
                // three decimals are digits, each a number that counts nothing ("0,00271500 BTC": cero
                // coma cero cero dos siete uno cinco cero cero, never doscientos setenta y un mil).
                var fraction = String(String.UnicodeScalarView(digits.fraction))
                fraction += String(repeating: "0", count: max(0, fractionDigits - fraction.count))
                let numbering = spellout.numbering ?? ruleSet
                var parts = [try spellout.format.format(value.floored, ruleSet: ruleSet), String(word)]
                if fraction.count > Self.decimalsAsNumber {
                    for digit in fraction.unicodeScalars {
                        parts.append(try spellout.format.format(Decimal(Int(digit.value) - 48), ruleSet: numbering))
                    }
                } else {
                    let zeros = fraction.prefix { $0 == "0" }.count
                    let rest = fraction.dropFirst(zeros)
                    parts += Array(repeating: try spellout.format.format(0, ruleSet: numbering), count: rest.isEmpty ? zeros - 1 : zeros)
                    if let rest = Decimal(string: rest.isEmpty ? "0" : String(rest)) {
                        parts.append(try spellout.format.format(rest, ruleSet: numbering))
                    }
                }
                words = parts.joined(separator: " ")
            } else {
                words = said
                if !isWhole, value != 0, value > -1, value < 1, let zero = zeroWhole(ruleSet: ruleSet), !words.hasPrefix(zero) {
                    words = value < 0 ? words : zero + " " + words
                }
            }
            for rewrite in spellout.rewrites where rewrite.ruleSets?.contains(ruleSet) != false { words = rewrite.apply(words) }
            spelled[key] = words
            return words
        } catch .tooLarge {
            throw InputError.tooLarge(profile.numbers.format(value, fractionDigits: value.significantFractionDigits))
        } catch .notANumber {
            throw InputError.tooLarge("NaN")
        } catch {
            preconditionFailure("the loader checked that \(ruleSet) exists in \(profile.id)'s spell-out rules")
        }
    }

    // MARK: Phrases

    func phrase(_ key: PhraseKey) -> Phrase {
        guard let phrase = profile.phrases[key] else {
            preconditionFailure("the loader requires every phrase; \(profile.id) has no '\(key.rawValue)'")
        }
        return phrase
    }

    /// A phrase with its placeholders filled. The fillings are a list, not a dictionary: there
    /// are one or two, and hashing them cost more than looking through them.
    func render(_ key: PhraseKey, _ slots: KeyValuePairs<SlotKind, Utterance>) -> Utterance {
        renderPieces(phrase(key), slots, count: nil)
    }

    /// A phrase whose {count:NOUN} counts `count`.
    func render(
        _ key: PhraseKey, _ slots: KeyValuePairs<SlotKind, Utterance>, count: (value: Decimal, fractionDigits: Int),
        case grammaticalCase: GrammaticalCase = .nominative
    ) throws(InputError) -> Utterance {
        let phrase = phrase(key)
        var countSegment: Utterance.Segment?
        for piece in phrase.pieces {
            if case let .slot(.count(noun)) = piece {
                countSegment = try counted(count.value, noun: noun, fractionDigits: count.fractionDigits, case: grammaticalCase)
            }
        }
        return renderPieces(phrase, slots, count: countSegment)
    }

    private func renderPieces(_ phrase: Phrase, _ slots: KeyValuePairs<SlotKind, Utterance>, count: Utterance.Segment?) -> Utterance {
        var result = Utterance()
        for piece in phrase.pieces {
            switch piece {
            case let .text(text):
                result.append(.text(text))
            case let .slot(slot):
                if slot.kind == .count, let count {
                    result.append(count)
                } else if let filling = slots.first(where: { $0.key == slot.kind }) {
                    result.append(contentsOf: filling.value)
                }
            }
        }
        return result
    }

    static func power(of base: Decimal, _ exponent: Int) -> Decimal {
        (0..<exponent).reduce(Decimal(1)) { value, _ in value * base }
    }
}

/// The spelled numbers of one verbalizer, which the cores saying lines share: a table of slots
/// found by mixing the key's parts (no `Hasher`: hashing the key cost more than half of spelling
/// the number), in shards with a lock each, so that two cores rarely wait for each other. A new
/// number takes its slot from the one before.
final class SpellCache: @unchecked Sendable {
    struct Key: Equatable {
        /// A whole number as an integer: comparing `Decimal`s costs more than spelling most
        /// numbers. Other numbers (decimals, past Int64) as they are, and their hash here.
        let whole: Int64
        let other: Decimal?
        let ruleSet: String
        let fractionDigits: Int

        init(_ value: Decimal, ruleSet: String, fractionDigits: Int) {
            let whole = value.exactInt64
            self.whole = whole ?? Int64(value.hashValue)
            other = whole == nil ? value : nil
            self.ruleSet = ruleSet
            self.fractionDigits = fractionDigits
        }

        /// Where the key's slot is: the top bits of its parts mixed (Fibonacci hashing).
        var mixed: UInt64 {
            let parts = UInt64(bitPattern: whole) ^ UInt64(fractionDigits) << 56 ^ UInt64(ruleSet.utf8.count) << 48
            return parts &* 0x9E37_79B9_7F4A_7C15
        }
    }

    private final class Shard {
        let lock = NSLock()
        var slots: [(key: Key, words: String)?] = Array(repeating: nil, count: SpellCache.slotsPerShard)
    }

    static let shardBits = 4
    static let slotBits = 8
    static let slotsPerShard = 1 << slotBits
    private let shards: [Shard] = (0..<(1 << SpellCache.shardBits)).map { _ in Shard() }
    /// `shards` again, read without counting a reference each time (`shards` keeps them alive):
    /// every core would count references to the same few objects.
    private let unretained: [Unmanaged<Shard>]

    init() {
        unretained = shards.map { Unmanaged.passUnretained($0) }
    }

    subscript(key: Key) -> String? {
        get {
            let (shard, slot) = Self.place(key)
            return unretained[shard]._withUnsafeGuaranteedRef { shard in
                shard.lock.withLock { shard.slots[slot].flatMap { $0.key == key ? $0.words : nil } }
            }
        }
        set {
            let (shard, slot) = Self.place(key)
            unretained[shard]._withUnsafeGuaranteedRef { shard in
                shard.lock.withLock { shard.slots[slot] = newValue.map { (key, $0) } }
            }
        }
    }

    private static func place(_ key: Key) -> (shard: Int, slot: Int) {
        let mixed = key.mixed
        return (Int(mixed >> UInt64(64 - shardBits)), Int(mixed >> UInt64(64 - shardBits - slotBits)) & (slotsPerShard - 1))
    }
}
