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
/// was a tenth of the time on long lines.
final class PatternGroup: Sendable {
    let patterns: [Pattern]
    /// Candidates by the ASCII scalar they start with, then by any other scalar.
    private let byASCII: [[Bucket]]
    private let byScalar: [Unicode.Scalar: [Bucket]]
    private let byDigit: [Bucket]
    private let byLetter: [Bucket]
    private let byAny: [Bucket]
    /// The patterns that start with a word from a list (`{word:…}`, a month or weekday name, a
    /// named pattern whose patterns all do), by each of their words in lower case: such a pattern
    /// is tried only where the letters at the position are one of them.
    private let byFirstWord: [String: [Bucket]]

    init(_ patterns: [Pattern], context: StartSet.Context) {
        self.patterns = patterns
        var firstWords: [String: [Int]] = [:]
        var starts = StartIndex()
        for (rank, pattern) in patterns.enumerated() {
            if let words = pattern.elements.first.flatMap({ StartSet.firstWords(of: $0, context: context, depth: 0) }) {
                for word in words { firstWords[word, default: []].append(rank) }
            } else {
                starts.add(rank, StartSet.of(pattern, context: context, depth: 0))
            }
        }
        // Each pattern's `Following`, hashed once here: the buckets of every start character
        // group the patterns by its number.
        var distinct: [Following?] = []
        var numbers: [Following?: Int] = [:]
        let following = patterns.map { pattern in
            let value = Following.of(pattern, context: context)
            if let number = numbers[value] { return number }
            numbers[value] = distinct.count
            distinct.append(value)
            return distinct.count - 1
        }
        mayStart = ScalarSet(starts.all.union(firstWords.isEmpty ? StartSet() : StartSet(letters: true)))
        func buckets(_ ranks: [Int]) -> [Bucket] {
            var order: [Int] = []
            var grouped: [Int: [Int]] = [:]
            for rank in ranks {
                if grouped[following[rank]] == nil { order.append(following[rank]) }
                grouped[following[rank], default: []].append(rank)
            }
            return order.map { Bucket(following: distinct[$0], ranks: grouped[$0] ?? []) }
        }
        byASCII = (0..<128).map { value in Unicode.Scalar(value).flatMap { starts.scalars[$0] }.map(buckets) ?? [] }
        byScalar = starts.scalars.filter { $0.key.value >= 128 }.mapValues(buckets)
        byDigit = buckets(starts.digit)
        byLetter = buckets(starts.letter)
        byAny = buckets(starts.any)
        byFirstWord = firstWords.mapValues(buckets)
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// What any of the patterns can start with.
    let mayStart: ScalarSet

    /// Calls `body` with the rank of every pattern that may match at `index`, never twice.
    ///
    /// - Parameter end: where a first capture read at `index` ends, nil when it reads nothing.
    func forEachCandidate(
        _ text: [Unicode.Scalar], at index: Int, end: (Pattern.Capture) -> Int?, then body: (Int) -> Void
    ) {
        guard !patterns.isEmpty, index < text.count else { return }
        let scalar = text[index]
        // Inside a word no pattern starts ("O2" in "SpO2"): the match would refuse every one.
        if index > 0, MoneyReader.isWordScalar(text[index - 1]), MoneyReader.isWordScalar(scalar) { return }
        var digitsEnd = index
        while digitsEnd < text.count, text[digitsEnd].isASCIIDigit { digitsEnd += 1 }
        func attempt(_ buckets: [Bucket]) {
            for bucket in buckets {
                if let following = bucket.following {
                    let captureEnd: Int?
                    switch following.capture {
                    case .digit: captureEnd = digitsEnd > index ? index + 1 : nil
                    case let capture where capture.readsWholeDigitRun: captureEnd = digitsEnd > index ? digitsEnd : nil
                    case let capture: captureEnd = end(capture)
                    }
                    guard var cursor = captureEnd else { continue }
                    if following.spaced { while cursor < text.count, MoneyReader.isSpace(text[cursor]) { cursor += 1 } }
                    guard cursor < text.count, following.next.contains(text[cursor]) else { continue }
                }
                for rank in bucket.ranks { body(rank) }
            }
        }
        if scalar.value < 128 { attempt(byASCII[Int(scalar.value)]) } else if let buckets = byScalar[scalar] { attempt(buckets) }
        if scalar.isASCIIDigit { attempt(byDigit) } else if scalar.isLetterLike { attempt(byLetter) }
        attempt(byAny)
        if scalar.isLetterLike, !byFirstWord.isEmpty {
            var wordEnd = index
            while wordEnd < text.count, text[wordEnd].isLetterLike { wordEnd += 1 }
            if let buckets = byFirstWord[String(scalars: text[index..<wordEnd]).lowercased()] { attempt(buckets) }
        }
    }

    /// Patterns that need the same after their first capture (or nothing known), tried together.
    private struct Bucket: Sendable {
        let following: Following?
        let ranks: [Int]
    }

    /// A first capture whose end is known at once, whether spaces may follow it, and what can
    /// start the element after them. A class: buckets are looked at for every position, and
    /// copying the capture and the set out of a list was a tenth of the time.
    private final class Following: Hashable, Sendable {
        let capture: Pattern.Capture
        let spaced: Bool
        let next: ScalarSet

        private init(_ capture: Pattern.Capture, spaced: Bool, next: ScalarSet) {
            self.capture = capture
            self.spaced = spaced
            self.next = next
        }

        /// What a pattern needs after its first capture, nil when that cannot be known at once.
        static func of(_ pattern: Pattern, context: StartSet.Context) -> Following? {
            let elements = pattern.elements
            guard case let .capture(first)? = elements.first, endIsKnown(first), elements.count > 1 else { return nil }
            let spaced = elements[1] == .space
            guard !spaced || elements.count > 2 else { return nil }
            let next = StartSet.of(elements[spaced ? 2 : 1], context: context, depth: 0)
            return next.any ? nil : Following(first, spaced: spaced, next: ScalarSet(next))
        }

        /// Whether the end of a first capture is worth knowing before the pattern is tried: a
        /// run of digits and a choice of literals are read at once, and what the normalizer
        /// remembers per position (numbers, amounts, values, named patterns) is read once for
        /// every pattern starting with it.
        private static func endIsKnown(_ capture: Pattern.Capture) -> Bool {
            switch capture {
            case .number, .amount, .value, .pattern, .digit, .oneOf: true
            default: capture.readsWholeDigitRun
            }
        }

        static func == (lhs: Following, rhs: Following) -> Bool {
            lhs.capture == rhs.capture && lhs.spaced == rhs.spaced && lhs.next == rhs.next
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(capture)
            hasher.combine(spaced)
            hasher.combine(next)
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
        let value: StartSet
        /// The letters before any "-" of each month and weekday name, in lower case: the word
        /// that starts a `{month-name}` or `{weekday}`.
        let monthWords: Set<String>
        let weekdayWords: Set<String>

        init(byName: [String: [Pattern]], unitStarts: Set<Unicode.Scalar>, amount: StartSet, value: StartSet, calendar: CalendarNames) {
            self.byName = byName
            self.unitStarts = unitStarts
            self.amount = amount
            self.value = value
            func firstWords(_ keys: Dictionary<String, Int>.Keys) -> Set<String> {
                Set(keys.map { key in String(key.unicodeScalars.prefix { $0 != "-" }) })
            }
            monthWords = firstWords(calendar.months.keys)
            weekdayWords = firstWords(calendar.weekdays.keys)
        }
    }

    /// The words (in lower case) one of which the letters at a position must be for an element
    /// to match there, nil when the element can match elsewhere too. "Letters" are the whole run
    /// of letters at the position, as `{word:…}` reads them; a month or weekday name read up to
    /// a "-" ("segunda-feira") starts with the letters before it.
    static func firstWords(of element: Pattern.Element, context: Context, depth: Int) -> Set<String>? {
        guard depth < 8, case let .capture(capture) = element else { return nil }
        switch capture {
        case let .word(words): return words
        case .monthName: return context.monthWords
        case .weekday: return context.weekdayWords
        case let .pattern(name):
            guard let inner = context.byName[name], !inner.isEmpty else { return nil }
            var words: Set<String> = []
            for pattern in inner {
                guard let first = pattern.elements.first, let more = firstWords(of: first, context: context, depth: depth + 1) else {
                    return nil
                }
                words.formUnion(more)
            }
            return words
        default: return nil
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
            case .number, .integer, .digit, .day, .month, .year, .hour, .minute, .second, .day2, .month2, .twoDigits: set.digits = true
            case .monthName, .weekday, .name: set.letters = true
            case .dayPeriod:
                set.letters = true
                set.scalars = ["."]
            case .roman: set.scalars = ["I", "V", "X", "L", "C", "D", "M"]
            case .amount: set = context.amount
            case .value: set = context.value
            case .unit: set.scalars = context.unitStarts
            case .word: set.letters = true
            case let .oneOf(choices): set.scalars = Set(choices.compactMap(\.first))
            case let .pattern(name):
                for inner in context.byName[name] ?? [] { set = set.union(of(inner, context: context, depth: depth + 1)) }
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
