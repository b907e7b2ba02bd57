/// Patterns tried together at one position — the top level, the patterns of one name, the `time`
/// patterns a `{value}` tries — with what lets most positions try few of them.
///
/// At a position, only the patterns that can start with its scalar are candidates; a pattern
/// that starts with `{word:…}` only at a word it lists; and a pattern whose first capture ends
/// where it can be known at once (a run of digits, or what is remembered per position) only
/// when what follows it there can start its next element ("{day}/{month}" needs a "/",
/// "{value} {one-of:-,–} {value}" a dash, "{integer} {name}" a letter). Patterns that need the
/// same thing after the same capture are checked together. Which patterns are tried does not
/// change what matches: each skipped one would have failed.
///
/// A class: a group is fetched by name wherever its patterns are read, and copying its lists
/// was a tenth of the time on long lines. What the candidates are looked up in is plain values
/// in flat arrays: a text scanned in parts on several cores reads them at once, and counting
/// references to shared objects from two cores cost more than the lookups themselves.
final class PatternGroup: Sendable {
    let patterns: [Pattern]
    /// `patterns` again, handed to the candidates' closure without counting a reference each
    /// time (`patterns` keeps them alive): two cores retaining the same popular patterns at
    /// every position was a twentieth of the cycles of a long text.
    private let unretained: [Unmanaged<Pattern>]
    /// Every list of buckets, one after another: a list is a range of `buckets`.
    private let buckets: [Bucket]
    /// The ranks of every bucket, one after another.
    private let ranks: [Int32]
    private let gates: [Gate]
    /// The first captures `gates` read through the normalizer, and the scalars past ASCII
    /// their next elements start with.
    private let gateCaptures: [Pattern.Capture]
    private let gateScalars: [Set<Unicode.Scalar>]
    /// Candidates by the ASCII scalar they start with, then by any other scalar.
    private let byASCII: [Range<Int32>]
    private let byScalar: [Unicode.Scalar: Range<Int32>]
    private let byDigit: Range<Int32>
    private let byLetter: Range<Int32>
    private let byAny: Range<Int32>
    /// The patterns that start with a word from a list (`{word:…}`, a month or weekday name, a
    /// named pattern whose patterns all do), by each of their words in lower case: such a pattern
    /// is tried only where the letters at the position are one of them.
    private let byFirstWord: [String: Range<Int32>]

    init(_ patterns: [Pattern], context: StartSet.Context) {
        self.patterns = patterns
        unretained = patterns.map { Unmanaged.passUnretained($0) }
        var firstWords: [String: [Int]] = [:]
        var starts = StartIndex()
        for (rank, pattern) in patterns.enumerated() {
            if let words = pattern.elements.first.flatMap({ StartSet.firstWords(of: $0, context: context) }) {
                for word in words { firstWords[word, default: []].append(rank) }
            } else {
                starts.add(rank, StartSet.of(pattern, context: context, depth: 0))
            }
        }
        // Each pattern's gate, made once here: the buckets of every start character group the
        // patterns by its number (-1: none).
        var gates = Numbered<Gate>()
        var captures = Numbered<Pattern.Capture>()
        var scalarSets = Numbered<Set<Unicode.Scalar>>()
        let gateOfRank: [Int32] = patterns.map { pattern in
            guard let (first, digits, spaced, next) = Gate.parts(of: pattern, context: context) else { return -1 }
            let kind: Gate.Kind = first == .digit ? .digits : first.readsWholeDigitRun ? .digitRun : .read
            let capture = kind == .read ? captures.number(of: first) : -1
            let beyondASCII: Set<Unicode.Scalar> = next.map { $0.scalars.filter { $0.value >= 128 } } ?? []
            let others = beyondASCII.isEmpty ? -1 : scalarSets.number(of: beyondASCII)
            let mask = Gate.Mask(next ?? StartSet(), others: others)
            return gates.number(
                of: Gate(kind: kind, capture: capture, digits: Int32(digits), spaced: spaced, whole: next == nil, next: mask))
        }
        mayStart = ScalarSet(starts.all.union(firstWords.isEmpty ? StartSet() : StartSet(letters: true)))
        var buckets: [Bucket] = []
        var ranks: [Int32] = []
        func list(_ listed: [Int]) -> Range<Int32> {
            var order: [Int32] = []
            var grouped: [Int32: [Int]] = [:]
            for rank in listed {
                if grouped[gateOfRank[rank]] == nil { order.append(gateOfRank[rank]) }
                grouped[gateOfRank[rank], default: []].append(rank)
            }
            let first = Int32(buckets.count)
            for gate in order {
                let start = Int32(ranks.count)
                ranks += (grouped[gate] ?? []).map { Int32($0) }
                buckets.append(Bucket(gate: gate, ranks: start..<Int32(ranks.count)))
            }
            return first..<Int32(buckets.count)
        }
        byASCII = (0..<128).map { value in Unicode.Scalar(value).flatMap { starts.scalars[$0] }.map(list) ?? 0..<0 }
        byScalar = starts.scalars.filter { $0.key.value >= 128 }.mapValues(list)
        byDigit = list(starts.digit)
        byLetter = list(starts.letter)
        byAny = list(starts.any)
        // Words that start the same patterns (the names of the months, of the days) share their buckets.
        var listed: [[Int]: Range<Int32>] = [:]
        byFirstWord = firstWords.mapValues { ranks in
            if let known = listed[ranks] { return known }
            let range = list(ranks)
            listed[ranks] = range
            return range
        }
        self.buckets = buckets
        self.ranks = ranks
        self.gates = gates.values
        gateCaptures = captures.values
        gateScalars = scalarSets.values
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// What any of the patterns can start with.
    let mayStart: ScalarSet

    /// Calls `body` with the rank of every pattern that may match at `index`, and the pattern, never twice.
    ///
    /// - Parameter end: where a first capture read at `index` ends, nil when it reads nothing.
    /// - Parameter nested: the group is a part of another pattern, where a time may follow the
    ///   "T" of an ISO date ("2025-11-27T14:30").
    func forEachCandidate(
        _ text: [Unicode.Scalar], at index: Int, nested: Bool = false, end: (Pattern.Capture) -> Int?,
        then body: (Int, Pattern) -> Void
    ) {
        guard !patterns.isEmpty, index < text.count else { return }
        let scalar = text[index]
        // Inside a word no pattern starts ("O2" in "SpO2", "88" in "jen_88"): the match would refuse every one.
        if index > 0, MoneyReader.joinsWord(text[index - 1]), MoneyReader.isWordScalar(scalar),
            !(nested && index >= 2 && text[index - 1] == "T" && text[index - 2].isASCIIDigit)
        {
            return
        }
        var digitsEnd = index
        while digitsEnd < text.count, text[digitsEnd].isASCIIDigit { digitsEnd += 1 }
        // The end of each gate capture at this position, asked once however many buckets it
        // gates (`unknown` until asked, `none` when it reads nothing): on the stack, since this
        // runs at every position.
        let unknown = Int.min
        let none = -1
        withUnsafeTemporaryAllocation(of: Int.self, capacity: max(gateCaptures.count, 1)) { ends in
            ends.initialize(repeating: unknown)
            candidates(text, at: index, digitsEnd: digitsEnd, then: body) { number in
                if ends[number] == unknown { ends[number] = end(gateCaptures[number]) ?? none }
                return ends[number] == none ? nil : ends[number]
            }
        }
    }

    private func candidates(
        _ text: [Unicode.Scalar], at index: Int, digitsEnd: Int, then body: (Int, Pattern) -> Void, end: (Int) -> Int?
    ) {
        let scalar = text[index]
        func attempt(_ list: Range<Int32>) {
            for number in list {
                let bucket = buckets[Int(number)]
                if bucket.gate >= 0 {
                    let gate = gates[Int(bucket.gate)]
                    let firstEnd: Int?
                    switch gate.kind {
                    case .digits:
                        // A match ends where a number ends: a pattern of digits alone takes the whole run.
                        let run = digitsEnd - index
                        let enough = gate.whole ? run == Int(gate.digits) : run >= Int(gate.digits)
                        firstEnd = enough ? index + Int(gate.digits) : nil
                    case .digitRun: firstEnd = digitsEnd > index ? digitsEnd : nil
                    case .read: firstEnd = end(Int(gate.capture))
                    }
                    guard var cursor = firstEnd else { continue }
                    if !gate.whole {
                        if gate.spaced { while cursor < text.count, MoneyReader.isSpace(text[cursor]) { cursor += 1 } }
                        guard cursor < text.count, gate.next.contains(text[cursor], beyondASCII: gateScalars) else { continue }
                    }
                }
                for number in bucket.ranks { call(number) }
            }
        }
        func call(_ number: Int32) {
            let rank = Int(ranks[Int(number)])
            unretained[rank]._withUnsafeGuaranteedRef { body(rank, $0) }
        }
        if scalar.value < 128 { attempt(byASCII[Int(scalar.value)]) } else if let list = byScalar[scalar] { attempt(list) }
        if scalar.isASCIIDigit { attempt(byDigit) } else if scalar.isLetterLike { attempt(byLetter) }
        attempt(byAny)
        if scalar.isLetterLike, !byFirstWord.isEmpty {
            var wordEnd = index
            while wordEnd < text.count, text[wordEnd].isLetterLike { wordEnd += 1 }
            if let list = byFirstWord[String(lowercasing: text, index..<wordEnd)] { attempt(list) }
        }
    }

    /// Distinct values in the order first met, each known by its number.
    private struct Numbered<Value: Hashable> {
        private(set) var values: [Value] = []
        private var numbers: [Value: Int32] = [:]

        /// The number of `value`, given to it the first time.
        mutating func number(of value: Value) -> Int32 {
            if let number = numbers[value] { return number }
            let number = Int32(values.count)
            numbers[value] = number
            values.append(value)
            return number
        }
    }

    /// Patterns that need the same after their first capture (or nothing known), tried together.
    private struct Bucket {
        /// The number of the gate in `gates`, -1 when there is none.
        let gate: Int32
        /// Where the bucket's ranks are in `ranks`.
        let ranks: Range<Int32>
    }

    /// What a pattern needs at a position before it is tried: a first capture whose end is known
    /// at once, whether spaces may follow it, and what can start the element after them.
    private struct Gate: Hashable {
        enum Kind: UInt8 {
            /// `digits` single digits (`{digit}{digit}…`), then what `next` holds; with nothing
            /// after them (`whole`), the run of digits is that long.
            case digits
            /// The whole run of digits at the position.
            case digitRun
            /// What the normalizer reads for the capture in `gateCaptures`.
            case read
        }

        let kind: Kind
        /// The number of the capture in `gateCaptures` (`read` only).
        let capture: Int32
        /// How many `{digit}` the pattern starts with (`digits` only).
        let digits: Int32
        let spaced: Bool
        /// The capture is the whole pattern: only whether it reads is known, nothing after it.
        let whole: Bool
        let next: Mask

        /// A `ScalarSet` without `any`, in plain values: ASCII by a bit of a mask, the rest in
        /// `gateScalars`.
        struct Mask: Hashable {
            private var low: UInt64 = 0
            private var high: UInt64 = 0
            private let letters: Bool
            /// The number of the set in `gateScalars`, -1 when there is none.
            private let others: Int32

            init(_ set: StartSet, others: Int32) {
                letters = set.letters
                self.others = others
                var scalars = set.scalars
                if set.digits { scalars.formUnion((UInt8(ascii: "0")...UInt8(ascii: "9")).map { Unicode.Scalar($0) }) }
                for scalar in scalars {
                    switch scalar.value {
                    case 0..<64: low |= 1 << UInt64(scalar.value)
                    case 64..<128: high |= 1 << UInt64(scalar.value - 64)
                    default: break
                    }
                }
            }

            func contains(_ scalar: Unicode.Scalar, beyondASCII: [Set<Unicode.Scalar>]) -> Bool {
                switch scalar.value {
                case 0..<64: return low & (1 << UInt64(scalar.value)) != 0
                case 64..<128: return high & (1 << UInt64(scalar.value - 64)) != 0 || (letters && scalar.isLetterLike)
                default: return (letters && scalar.isLetterLike) || (others >= 0 && beyondASCII[Int(others)].contains(scalar))
                }
            }
        }

        /// A pattern's first capture (and how many `{digit}` it starts with), whether spaces may
        /// follow them, and what can start the element after them: nil for a pattern of that
        /// capture alone. The whole is nil when that cannot be known at once.
        static func parts(of pattern: Pattern, context: StartSet.Context) -> (Pattern.Capture, Int, Bool, StartSet?)? {
            let elements = pattern.elements
            guard case let .capture(first)? = elements.first, endIsKnown(first) else { return nil }
            let digits = first == .digit ? elements.prefix { $0 == .capture(.digit) }.count : 1
            guard elements.count > digits else { return (first, digits, false, nil) }
            let spaced = elements[digits] == .space
            guard !spaced || elements.count > digits + 1 else { return nil }
            let next = StartSet.of(elements[digits + (spaced ? 1 : 0)], context: context, depth: 0)
            return next.any ? nil : (first, digits, spaced, next)
        }

        /// Whether the end of a first capture is worth knowing before the pattern is tried: a
        /// run of digits, a choice of literals and a word with a capital are read at once, and
        /// what the normalizer remembers per position (numbers, amounts, values, named patterns)
        /// is read once for every pattern starting with it.
        private static func endIsKnown(_ capture: Pattern.Capture) -> Bool {
            switch capture {
            case .number, .amount, .value, .pattern, .digit, .oneOf, .name, .letters: true
            default: capture.readsWholeDigitRun
            }
        }
    }
}

/// The characters a pattern can start with.
struct StartSet: Sendable {
    var any = false
    var digits = false
    var letters = false
    var scalars: Set<Unicode.Scalar> = []

    /// What the start sets of patterns depend on besides the patterns.
    struct Context {
        let byName: [String: [Pattern]]
        /// What a unit of the language starts with.
        let unitStarts: Set<Unicode.Scalar>
        /// What an amount can start with: a digit, a minus sign, a currency symbol or code.
        let amount: StartSet
        /// What a `{value}` can start with: an amount, a number, a `time` pattern.
        var value: StartSet
        /// The letters before any "-" of each month and weekday name, in lower case: the word
        /// that starts a `{month-name}` or `{weekday}`.
        let monthWords: Set<String>
        let weekdayWords: Set<String>
        /// The words that start a named pattern, for each name whose patterns all start with one.
        let namedWords: [String: Set<String>]
        /// What a `{day-period}` can start with: the first letter of each of the region's
        /// spellings in either case ("a", "A", "p", "P"), or a dot (only letters are compared).
        let dayPeriodStarts: Set<Unicode.Scalar>

        init(byName: [String: [Pattern]], unitStarts: Set<Unicode.Scalar>, amount: StartSet, value: StartSet, calendar: CalendarNames) {
            self.byName = byName
            self.unitStarts = unitStarts
            self.amount = amount
            self.value = value
            var periodStarts: Set<Unicode.Scalar> = ["."]
            for key in calendar.dayPeriods.keys {
                guard let first = key.unicodeScalars.first else { continue }
                periodStarts.insert(first)
                for mapping in [first.properties.uppercaseMapping, first.properties.titlecaseMapping] {
                    if let scalar = mapping.unicodeScalars.first { periodStarts.insert(scalar) }
                }
            }
            dayPeriodStarts = periodStarts
            func firstWords(_ keys: Dictionary<String, Int>.Keys) -> Set<String> {
                Set(keys.map { key in String(key.unicodeScalars.prefix { $0 != "-" }) })
            }
            let months = firstWords(calendar.months.keys)
            let weekdays = firstWords(calendar.weekdays.keys)
            // Each name worked out once, the names it refers to first (a pattern never refers
            // to itself: the data is refused at load; the depth is a guard all the same).
            var known: [String: Set<String>?] = [:]
            func wordsNamed(_ name: String, depth: Int) -> Set<String>? {
                if let result = known[name] { return result }
                guard depth < 8, let inner = byName[name], !inner.isEmpty else { return nil }
                var found: Set<String> = []
                for pattern in inner {
                    guard case let .capture(capture)? = pattern.elements.first,
                        let more = StartSet.words(
                            starting: capture, months: months, weekdays: weekdays, named: { wordsNamed($0, depth: depth + 1) })
                    else {
                        known[name] = .some(nil)
                        return nil
                    }
                    found.formUnion(more)
                }
                known[name] = found
                return found
            }
            for name in byName.keys { _ = wordsNamed(name, depth: 0) }
            monthWords = months
            weekdayWords = weekdays
            namedWords = known.compactMapValues { $0 }
        }
    }

    /// The words (in lower case) one of which the letters at a position must be for an element
    /// to match there, nil when the element can match elsewhere too. "Letters" are the whole run
    /// of letters at the position, as `{word:…}` reads them; a month or weekday name read up to
    /// a "-" ("segunda-feira") starts with the letters before it.
    static func firstWords(of element: Pattern.Element, context: Context) -> Set<String>? {
        guard case let .capture(capture) = element else { return nil }
        return words(starting: capture, months: context.monthWords, weekdays: context.weekdayWords) { context.namedWords[$0] }
    }

    /// The words one of which a capture starts with: its list, the month or weekday names, or
    /// the words of the named pattern (`named`); nil for any other capture.
    private static func words(
        starting capture: Pattern.Capture, months: Set<String>, weekdays: Set<String>, named: (String) -> Set<String>?
    ) -> Set<String>? {
        switch capture {
        case let .word(words): words
        case .monthName: months
        case .weekday: weekdays
        case let .pattern(reference): named(reference.name)
        default: nil
        }
    }

    static func of(_ pattern: Pattern, context: Context, depth: Int) -> StartSet {
        guard let first = pattern.elements.first else { return StartSet(any: true) }
        return of(first, context: context, depth: depth)
    }

    /// What can start the text an element matches.
    static func of(_ element: Pattern.Element, context: Context, depth: Int) -> StartSet {
        var set = StartSet()
        guard depth < 8 else { return StartSet(any: true) }
        switch element {
        case let .literal(scalars): if let head = scalars.first { set.scalars.insert(head) }
        case .space: set.any = true
        case let .capture(capture):
            switch capture {
            case .number, .integer, .digit, .day, .month, .year, .hour, .minute, .second, .day2, .month2, .twoDigits, .fourDigits, .byte,
                .within:
                set.digits = true
            case .monthName, .weekday, .name, .letters: set.letters = true
            case .code:
                set.letters = true
                set.digits = true
            case .dayPeriod: set.scalars = context.dayPeriodStarts
            case .roman: set.scalars = ["I", "V", "X", "L", "C", "D", "M"]
            case .amount: set = context.amount
            case .value: set = context.value
            case .unit: set.scalars = context.unitStarts
            case .word: set.letters = true
            case let .oneOf(choices): set.scalars = Set(choices.compactMap(\.first))
            case let .pattern(reference):
                for inner in context.byName[reference.name] ?? [] { set = set.union(of(inner, context: context, depth: depth + 1)) }
            }
        }
        return set
    }

    func union(_ other: StartSet) -> StartSet {
        StartSet(
            any: any || other.any, digits: digits || other.digits, letters: letters || other.letters,
            scalars: scalars.union(other.scalars))
    }
}

/// A `StartSet` to test scalars against: ASCII by a bit of a mask, the rest in a set.
struct ScalarSet: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private let letters: Bool
    private let any: Bool
    private var others: Set<Unicode.Scalar> = []

    init(_ set: StartSet) {
        letters = set.letters
        any = set.any
        for scalar in set.scalars { insert(scalar) }
        if set.digits { for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { insert(Unicode.Scalar(digit)) } }
    }

    private mutating func insert(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0..<64: low |= 1 << UInt64(scalar.value)
        case 64..<128: high |= 1 << UInt64(scalar.value - 64)
        default: others.insert(scalar)
        }
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        if any { return true }
        switch scalar.value {
        case 0..<64: return low & (1 << UInt64(scalar.value)) != 0
        case 64..<128: return high & (1 << UInt64(scalar.value - 64)) != 0 || (letters && scalar.isLetterLike)
        default: return (letters && scalar.isLetterLike) || others.contains(scalar)
        }
    }
}

/// The patterns (by rank) that can start with a scalar: one list per scalar a pattern's first
/// literal starts with, one for any digit, one for any letter, one for anything.
struct StartIndex: Sendable {
    var scalars: [Unicode.Scalar: [Int]] = [:]
    var digit: [Int] = []
    var letter: [Int] = []
    var any: [Int] = []
    /// What any of the patterns can start with.
    var all = StartSet()

    mutating func add(_ rank: Int, _ set: StartSet) {
        all = all.union(set)
        if set.any {
            any.append(rank)
            return
        }
        if set.digits { digit.append(rank) }
        if set.letters { letter.append(rank) }
        // A scalar the digit or letter list already covers is not listed again.
        for scalar in set.scalars where !(set.digits && scalar.isASCIIDigit) && !(set.letters && scalar.isLetterLike) {
            scalars[scalar, default: []].append(rank)
        }
    }
}
