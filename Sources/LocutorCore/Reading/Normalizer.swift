import Foundation

/// Turns a region's display text into an utterance: what it recognizes becomes words, the rest
/// passes through unchanged.
///
/// Reads as "2 bd. • 75 m²" → "two bedrooms, seventy-five square meters" in en-US and "до 1812" →
/// "до тысячи восьмисот двенадцати" in ru-RU.
///
/// The text is scanned once, left to right. At each position every recognizer is tried and the
/// longest match wins; between matches of the same length, precedence is: the region's and then
/// the language's patterns in the order they are written, money, a number with its unit, a bare
/// number, an abbreviation, a symbol. So "photo 1/3" is the fraction pattern, never "1" and a
/// "/" symbol. Text nothing recognizes is kept as written: the normalizer never deletes what the
/// user wrote, except the symbols it says in words. Each attempt reads a bounded amount of text
/// past its start (a number no further than its 39th digit; words are read once per run), so
/// time grows linearly with the text. A number longer than 38 digits cannot be said exactly:
/// the text is refused as too large, quoting its first digits. A long text (twice `partLength`
/// and more) is scanned in parts on the device's cores, which says what one scan would (`Scan`).
///
/// A class: the matcher hands closures that use it to the pattern groups at every position, and
/// a closure holding a struct of this size copied (and retained) all of it.
package final class Normalizer: Sendable {
    package let verbalizer: Verbalizer
    private let money: MoneyReader
    private let units: TermTable
    /// Units matched in any case ("KG").
    private let foldedUnits: TermTable
    private let abbreviations: TermTable
    private let symbols: TermTable
    /// The patterns matched on their own (every one not named with a leading "_").
    private let patterns: PatternGroup
    /// The patterns of each name that `{NAME}` tries, by the name's number (`PatternName`),
    /// handed out without counting references (`groups` keeps them): every core reads them at
    /// nearly every position.
    private let named: [Unmanaged<PatternGroup>?]
    private let groups: [PatternGroup]
    /// The patterns named `time`, which `{value}` tries at every place it is tried, and their
    /// name's number when a pattern refers to them too (`{time}`): then both share what the
    /// memo remembers of them.
    private let timePatterns: PatternGroup
    private let timeReference: PatternName?
    /// What an amount and a `{value}` can start with: elsewhere neither is looked for.
    private let amountStart: ScalarSet
    private let valueStart: ScalarSet
    /// The last words of the cardinal numbers of a million and above ("millón", "millones",
    /// "billones"): a noun after them takes the language's `after-millions` form.
    private let millionWords: Set<String>
    /// What the scans remember, kept for the next ones.
    private let memos: Memos
    /// Whether the language declines its numbers (Russian): a word after a unit's "/" would want
    /// a case, so it is not said as written ("мкг/доза").
    private let declines: Bool

    package init(profile: RegionProfile) {
        verbalizer = Verbalizer(profile: profile)
        money = MoneyReader(profile: profile)
        units = TermTable(profile.writing.units)
        foldedUnits = TermTable(profile.writing.foldedUnits, folding: true)
        abbreviations = TermTable(profile.writing.abbreviations, capitalizing: true)
        symbols = TermTable(profile.writing.symbols)
        // A pattern whose name starts with "_" is a part of others, never matched on its own.
        let byName = Dictionary(grouping: profile.writing.patterns.filter { $0.name != nil }) { $0.name ?? "" }
        let unitStarts = Set(profile.writing.units.keys.compactMap(\.unicodeScalars.first))
        let amountStarts = money.startSet
        // A `time` pattern starting with a {value} could start with anything.
        let timeContext = StartSet.Context(
            byName: byName, unitStarts: unitStarts, amount: amountStarts, value: StartSet(any: true), calendar: profile.writing.calendar)
        let timeStarts = (byName["time"] ?? []).reduce(StartSet()) { $0.union(StartSet.of($1, context: timeContext, depth: 0)) }
        // The other patterns know what a {value} starts with.
        var valueContext = timeContext
        valueContext.value = amountStarts.union(StartSet(digits: true)).union(timeStarts)
        let context = valueContext
        amountStart = ScalarSet(amountStarts)
        valueStart = ScalarSet(context.value)
        // The patterns matched on their own, and those of each name, are grouped at once.
        let matched = profile.writing.patterns.filter { $0.name?.hasPrefix("_") != true }
        let (patterns, groups) = inParallel(
            { PatternGroup(matched, context: context) }, { byName.mapValues { PatternGroup($0, context: context) } })
        self.patterns = patterns
        var named: [Unmanaged<PatternGroup>?] = []
        var timeReference: PatternName?
        for pattern in profile.writing.patterns {
            for case let .capture(.pattern(reference)) in pattern.elements {
                if reference.name == "time" { timeReference = reference }
                if named.count <= reference.number { named += repeatElement(nil, count: reference.number + 1 - named.count) }
                named[reference.number] = groups[reference.name].map { Unmanaged.passUnretained($0) }
            }
        }
        self.named = named
        self.groups = Array(groups.values)
        timePatterns = groups["time"] ?? PatternGroup([], context: context)
        self.timeReference = timeReference
        var millionWords: Set<String> = []
        if profile.afterMillions != nil {
            for power in [6, 9, 12] {
                for leading in [1, 2] {
                    let value = Decimal(leading) * pow(Decimal(10), power)
                    if let words = try? verbalizer.number(value, fractionDigits: 0).words, let last = words.split(separator: " ").last {
                        millionWords.insert(String(last))
                    }
                }
            }
        }
        self.millionWords = millionWords
        memos = Memos(names: named.count)
        declines = profile.spellout.cases.values.contains { !$0.isEmpty }
    }

    package var profile: RegionProfile { verbalizer.profile }

    /// The utterance of a display text.
    ///
    /// - Throws: `InputError` for an amount the region cannot say (a currency without words, too
    ///   many decimals, too large to spell) or an empty text.
    package func utterance(for text: String) throws(InputError) -> Utterance {
        // A short text is one part: its length in bytes bounds its length in scalars.
        let parts = text.utf8.count < 2 * Self.partLength ? 1 : Self.parts(ofLength: text.unicodeScalars.count)
        return try utterance(for: text, parts: parts)
    }

    /// How deep patterns are read inside each other at most.
    static let maximumDepth = 8

    /// A part of a text scanned on its own core is at least this long, in scalars.
    static let partLength = 1 << 15
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// How many parts a text is scanned in: one per core, each at least `partLength` long.
    static func parts(ofLength length: Int) -> Int {
        max(1, min(cores, length / partLength))
    }

    /// The utterance of a text scanned in `parts` parts at once, which gives what one scan
    /// gives (see `Scan`).
    package func utterance(for text: String, parts: Int) throws(InputError) -> Utterance {
        guard !text.isBlankWhenSaid else { throw InputError.emptyText }
        let scalars = Array(text.replacingControlCharacters().unicodeScalars)
        var scan: Scan
        if parts > 1 {
            let starts = (0..<parts).map { scalars.count / parts * $0 }
            let scans = Scans(count: parts)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var scan = Scan(at: starts[part], recording: part > 0)
                advance(&scan, scalars, to: part + 1 < parts ? starts[part + 1] : scalars.count)
                scans.put(scan, at: part)
            }
            scan = scans.take(0) ?? Scan(at: 0, recording: false)
            for part in 1..<parts {
                guard scan.failure == nil, let ahead = scans.take(part) else { break }
                advance(&scan, scalars, to: scalars.count, joining: ahead)
            }
        } else {
            scan = Scan(at: 0, recording: false)
        }
        advance(&scan, scalars, to: scalars.count)
        if let failure = scan.failure { throw failure.error }
        flush(&scan, scalars)
        Self.pauseBetweenNumbers(&scan.said)
        if !profile.contractions.isEmpty { Self.contract(&scan.said, profile.contractions) }
        return scan.said.hinted(by: verbalizer.lexicon)
    }

    /// What a number is read as, for `pauseBetweenNumbers`.
    private static let numericReadings: Set<Utterance.Reading> = [
        .number, .unit, .currency, .range, .percent, .fraction, .ordinal, .date, .time,
    ]

    /// A pause between two numbers read one after the other: said without one, they run together
    /// into another number ("Bencina 97 $1.349" would be heard as noventa y siete mil trescientos
    /// cuarenta y nueve pesos, "Omega-3 1000 мг" as three thousand). It goes where what was
    /// read of the text ends with a digit and the next reading starts with one, or is an amount
    /// whose sign comes first ("R$ 6,19", said from its number). A quantity whose unit ends it
    /// ("1 h 30 min") and one reading ("3 1/4", "1 234") have none.
    static func pauseBetweenNumbers(_ said: inout Utterance) {
        func runsOn(_ before: Utterance.Segment, _ after: Utterance.Segment) -> Bool {
            guard let first = before.reading, numericReadings.contains(first), before.written?.unicodeScalars.last?.isASCIIDigit == true,
                let second = after.reading, numericReadings.contains(second), let start = after.written?.unicodeScalars.first
            else { return false }
            return start.isASCIIDigit || second == .currency
        }
        guard said.segments.indices.dropFirst().contains(where: { runsOn(said.segments[$0 - 1], said.segments[$0]) }) else { return }
        // Built anew, not inserted into: a long line has hundreds of thousands of segments.
        var segments: [Utterance.Segment] = []
        segments.reserveCapacity(said.segments.count + said.segments.count / 2)
        for (index, segment) in said.segments.enumerated() {
            if index > 0, runsOn(said.segments[index - 1], segment) { segments.append(.pause()) }
            segments.append(segment)
        }
        said.segments = segments
    }

    /// Joins the words the language contracts (`contractions`): where a word of the text ends one
    /// segment and a said word starts the next ("à partir de" + "un euro" → "à partir d’un euro"),
    /// and inside a segment ("в втором подъезде" → "во втором подъезде"); a capital stays ("De" +
    /// "un" → "D’un"). A range keeps the words its pattern writes ("de une à deux chambres").
    ///
    /// Runs on every text of the language, long ones too: only the segments said for a match are
    /// looked at, and their words split only where a contraction is in them.
    static func contract(_ said: inout Utterance, _ contractions: Contractions) {
        func joined(_ contraction: Contraction, _ first: Substring, _ second: Substring) -> String {
            let word =
                first.first?.isUppercase == true
                ? contraction.joined.prefix(1).uppercased() + contraction.joined.dropFirst() : contraction.joined
            return word + second.dropFirst(contraction.second.count)
        }
        /// The words of `text` with every contraction inside it joined, nil when there is none.
        func contracted(_ text: String) -> String? {
            // Split by bytes: splitting a String by characters walked grapheme clusters.
            let words = text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { Substring($0) }
            guard words.indices.dropLast().contains(where: { contractions.contraction(words[$0], words[$0 + 1]) != nil })
            else { return nil }
            var result: [Substring] = []
            var position = 0
            while position < words.count {
                if position + 1 < words.count, let match = contractions.contraction(words[position], words[position + 1]) {
                    result.append(Substring(joined(match, words[position], words[position + 1])))
                    position += 2
                } else {
                    result.append(words[position])
                    position += 1
                }
            }
            return result.joined(separator: " ")
        }
        // Only what was said for a match is looked at: the text between is as its writer wrote it.
        for index in said.segments.indices where said.segments[index].written != nil && !said.segments[index].isPause {
            if said.segments[index].reading != .range, said.segments[index].words.utf8.contains(UInt8(ascii: " ")),
                let words = contracted(said.segments[index].words)
            {
                said.segments[index].words = words
            }
            // The last word of the segment before and the first of this one.
            guard index > 0, !said.segments[index - 1].isPause else { continue }
            let words = said.segments[index].words
            let before = said.segments[index - 1].words
            let lastStart = before.lastIndex(of: " ").map { before.index(after: $0) } ?? before.startIndex
            let first = words[..<(words.firstIndex(of: " ") ?? words.endIndex)]
            guard let match = contractions.contraction(before[lastStart...], first) else { continue }
            said.segments[index].words = joined(match, before[lastStart...], first) + words[first.endIndex...]
            said.segments[index - 1].words = String(before[..<lastStart]).trimmingSpaces()
        }
    }

    /// A left-to-right scan of a text: at each position the best match is said, and the scan
    /// goes on after it; text no match starts in is kept as written.
    ///
    /// What a scan says from a position on depends only on the text and that position, so a
    /// long text is scanned in parts at once: each part from its start, and the scan before it
    /// goes on into it until it comes to a position where the part said a match (from there on
    /// both say the same) or past the part's end (then the part is of no use).
    struct Scan {
        var said = Utterance()
        /// The next position to read.
        var index: Int
        /// Where the text not read since the last match starts (`index` when there is none).
        var pendingStart: Int
        /// For a part scanned ahead: where each match starts and the first of the segments said
        /// for it, in the order of the text.
        var matches: [(start: Int, segment: Int)]?
        /// The error saying a match threw, and where that match started.
        var failure: (start: Int, error: InputError)?

        init(at start: Int, recording: Bool) {
            index = start
            pendingStart = start
            matches = recording ? [] : nil
        }
    }

    /// The scans of a text's parts, filled in by the threads that make them.
    private final class Scans: @unchecked Sendable {
        private let lock = NSLock()
        private var scans: [Scan?]

        init(count: Int) { scans = Array(repeating: nil, count: count) }

        func put(_ scan: Scan, at part: Int) { lock.withLock { scans[part] = scan } }

        /// The scan of a part, given up: the caller holds the only copy of its segments.
        func take(_ part: Int) -> Scan? {
            lock.withLock {
                defer { scans[part] = nil }
                return scans[part]
            }
        }
    }

    /// Scans on from `scan.index` and stops at the first position at or after `limit`, at an
    /// error, or, `joining` a part scanned ahead, where the two meet: the part's matches from
    /// there on are taken, and the scan stands where the part stopped.
    private func advance(_ scan: inout Scan, _ scalars: [Unicode.Scalar], to limit: Int, joining ahead: Scan? = nil) {
        let memo = memos.take()
        defer { memos.put(memo) }
        // The part's next match at or after the scan, found by walking its matches as the scan goes.
        let aheadMatches = ahead?.matches ?? []
        var next = 0
        while scan.index < scalars.count, scan.failure == nil {
            if let ahead {
                while next < aheadMatches.count, aheadMatches[next].start < scan.index { next += 1 }
                if next < aheadMatches.count, aheadMatches[next].start == scan.index {
                    flush(&scan, scalars)
                    let first = aheadMatches[next].segment
                    // Room for the part's segments and the few said after it: growing by doubling
                    // for one more segment would hold the text's segments three times over.
                    scan.said.segments.reserveCapacity(scan.said.segments.count + ahead.said.segments.count - first + 64)
                    scan.said.segments += ahead.said.segments[first...]
                    scan.index = ahead.index
                    scan.pendingStart = ahead.pendingStart
                    scan.failure = ahead.failure
                    return
                }
                if scan.index >= ahead.index { return }
            } else if scan.index >= limit {
                return
            }
            if let end = LetterDigitCode.hexadecimalEnd(scalars, at: scan.index) {
                scan.index = end
                continue
            }
            guard let match = bestMatch(scalars, at: scan.index, memo: memo) else {
                // A code nothing reads whole stays as written, all of it ("HX7K2P", "WH-1000XM5").
                scan.index = LetterDigitCode.end(scalars, at: scan.index) ?? scan.index + 1
                continue
            }
            flush(&scan, scalars)
            do {
                let alone = Self.isWholeText(scalars, match.start..<match.end)
                let governed = caseByEnding(governingCase(scalars, before: scan.index), scalars, match)
                let said = try say(match, scalars, case: governed, alone: alone)
                scan.matches?.append((scan.index, scan.said.segments.count))
                scan.said.append(contentsOf: said)
            } catch .tooLarge where match.isPatternWithoutMoney {
                // A pattern whose rule set cannot say its number (CLDR's Russian ordinals stop
                // short of 100 000, and skip some below): its text stays as written, marked.
                scan.index = match.end
                continue
            } catch {
                scan.failure = (scan.index, error)
                return
            }
            scan.index = match.end
            scan.pendingStart = match.end
        }
    }

    /// Says the text not read before `scan.index` as written, marked where a voice would guess.
    private func flush(_ scan: inout Scan, _ scalars: [Unicode.Scalar]) {
        let range = scan.pendingStart..<scan.index
        scan.pendingStart = scan.index
        // A hyphen that joins letters to the number read next is said as neither ("COVID-19",
        // "BR-101": COVID diecinueve, BR cento e um), nor left hanging ("COVID- diecinueve").
        let joinsNumber =
            range.count >= 2 && range.upperBound < scalars.count && scalars[range.upperBound].isASCIIDigit
            && scalars[range.upperBound - 1] == "-" && Self.endsWordWithLetters(scalars, range.upperBound - 1)
        let literal = String(scalars: scalars, joinsNumber ? range.dropLast() : range).trimmingSpaces()
        guard !literal.isEmpty else { return }
        var segment = Utterance.Segment.text(literal)
        if let offset = unreadOffset(scalars, range) {
            segment.isUnread = true
            var start = offset
            while start > range.lowerBound, !MoneyReader.isSpace(scalars[start - 1]) { start -= 1 }
            var stop = offset
            while stop < range.upperBound, !MoneyReader.isSpace(scalars[stop]) { stop += 1 }
            segment.unreadOffset = start
            segment.unreadText = String(scalars: scalars, start..<max(stop, offset + 1))
        }
        scan.said.append(segment)
    }

    /// Whether the word that ends at `end` has a letter: "COVID", "i7", "DDR5" (a hyphen after it
    /// joins the number that follows: "DDR5-5600").
    private static func endsWordWithLetters(_ text: [Unicode.Scalar], _ end: Int) -> Bool {
        var index = end - 1
        while index >= 0, MoneyReader.isWordScalar(text[index]) {
            if text[index].isLetterLike { return true }
            index -= 1
        }
        return false
    }

    /// Where text nothing read holds what a voice would guess at, nil when it holds none: a digit
    /// ("A4"), a currency symbol or a currency code standing alone ("en $", "USD"), or a "/", "-",
    /// "." or ":" between two numbers ("1.2.3.4").
    private func unreadOffset(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Int? {
        var wordStart: Int?
        for index in range {
            let scalar = text[index]
            // "$" is the one currency symbol in ASCII: the property lookup only past it.
            // Superscript and subscript digits too: "10⁻³", "H₂O" unread are digits the voice guesses at.
            if scalar.isASCIIDigit || scalar == "$"
                || (scalar.value >= 0x80 && (scalar.properties.generalCategory == .currencySymbol || Self.isSmallDigit(scalar)))
            {
                return index
            }
            if scalar.isLetterLike {
                if wordStart == nil { wordStart = index }
            } else if let start = wordStart {
                if index - start == 3, money.isCurrencyCode(text, start..<index) { return start }
                wordStart = nil
            }
        }
        if let start = wordStart, range.upperBound - start == 3, money.isCurrencyCode(text, start..<range.upperBound) { return start }
        // Separators alone, no space among them, right between two digits; a slash with spaces
        // around it there ("5 / 8").
        if !range.isEmpty, range.allSatisfy({ Self.isSeparator(text[$0]) }),
            range.lowerBound > 0, text[range.lowerBound - 1].isASCIIDigit, range.upperBound < text.count,
            text[range.upperBound].isASCIIDigit
        {
            return range.lowerBound
        }
        if Self.isSlashBetweenNumbers(text, range), let slash = range.first(where: { text[$0] == "/" }) { return slash }
        return nil
    }

    /// Whether `range` is a slash, with or without spaces around it, right between two digits:
    /// no pause there ("5 / 8" is no list of two), and unread when nothing reads it.
    private static func isSlashBetweenNumbers(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard range.lowerBound > 0, text[range.lowerBound - 1].isASCIIDigit, range.upperBound < text.count,
            text[range.upperBound].isASCIIDigit
        else { return false }
        var slashes = 0
        for index in range {
            if text[index] == "/" { slashes += 1 } else if !MoneyReader.isSpace(text[index]) { return false }
        }
        return slashes == 1
    }

    /// The digit a subscript digit writes ("₂" 2), nil for any other scalar.
    static func subscriptDigit(_ scalar: Unicode.Scalar) -> Int? {
        (0x2080...0x2089).contains(scalar.value) ? Int(scalar.value - 0x2080) : nil
    }

    /// A superscript or subscript digit, or the superscript minus.
    static func isSmallDigit(_ scalar: Unicode.Scalar) -> Bool {
        MoneyReader.superscriptDigit(scalar) != nil || scalar == "\u{207B}" || subscriptDigit(scalar) != nil
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "/", "-", ".", ":", ",", "\u{2212}", "\u{2013}": true
        default: false
        }
    }

    // MARK: Matching

    /// What was read at each position of one text: patterns try the same amount, number or named
    /// pattern at a position again and again ({value} alone is in dozens of them).
    ///
    /// A memo serves one scan at a time and is used again for the next (`Memos`): its tables are
    /// made once, and starting a text only moves them to a new generation.
    final class Memo {
        // Asked and told by the normalizer itself, without closures: a closure's context holds
        // the normalizer and the pattern group, whose reference counts every core shares.
        var amounts = Readings<MoneyReader.Reading>()
        var numbers = Readings<NumberFormat.Reading>()
        var values = Readings<(Captured, Int)>()
        /// The word of letters at a position, lowercased, and its end: `{word:…}` lists ask for
        /// it in dozens of patterns.
        var words = Readings<(String, Int)>()
        /// By the name's number.
        var named: [Readings<(Captured, Int)>]
        /// A list for the captures of a pattern tried at each depth, kept from one try to the next.
        private var scratch: [[Captured]] = Array(repeating: [], count: Normalizer.maximumDepth)

        /// The list for a try at `depth`, empty; given back with `putCaptures` when the try fails.
        func captures(depth: Int) -> [Captured] {
            var list: [Captured] = []
            swap(&list, &scratch[depth])
            list.removeAll(keepingCapacity: true)
            return list
        }

        func putCaptures(_ list: [Captured], depth: Int) {
            scratch[depth] = list
        }

        /// The generation of the text being read, which every reading remembered for it carries
        /// (0 is no text's): starting a text is one increment, whatever the number of names.
        private(set) var generation: UInt32 = 1

        /// A memo for a region whose patterns have `names` names.
        init(names: Int) {
            named = Array(repeating: Readings(), count: names)
        }

        /// Forgets what was read in the text before.
        func start() {
            generation &+= 1
            guard generation == 0 else { return }
            // After 2^32 texts: the oldest generations' slots would look current again.
            generation = 1
            amounts.clear()
            numbers.clear()
            values.clear()
            words.clear()
            for index in named.indices { named[index].clear() }
        }
    }

    /// The memos not in use, for the next scans: one per core at most, each in a slot with a lock
    /// of its own that is only ever tried. A core skips a slot another holds instead of waiting
    /// for it: with one lock for all, the cores saying short lines waited for each other at
    /// every line.
    final class Memos: @unchecked Sendable {
        private final class Slot {
            let lock = NSLock()
            var memo: Memo?
        }

        private let slots: [Slot]
        /// `slots` again, read without counting a reference each time (`slots` keeps them alive):
        /// every core would count references to the same few objects.
        private let unretained: [Unmanaged<Slot>]
        private let names: Int

        init(names: Int) {
            self.names = names
            slots = (0..<max(1, Normalizer.cores)).map { _ in Slot() }
            unretained = slots.map { Unmanaged.passUnretained($0) }
        }

        /// A memo that remembers nothing yet.
        func take() -> Memo {
            for slot in unretained {
                let kept: Memo? = slot._withUnsafeGuaranteedRef { slot in
                    guard slot.lock.try() else { return nil }
                    defer { slot.lock.unlock() }
                    let memo = slot.memo
                    slot.memo = nil
                    return memo
                }
                if let kept {
                    kept.start()
                    return kept
                }
            }
            let memo = Memo(names: names)
            memo.start()
            return memo
        }

        /// Keeps `memo` for a later scan, in the first free slot (or not at all).
        func put(_ memo: Memo) {
            for slot in unretained {
                let kept = slot._withUnsafeGuaranteedRef { slot in
                    guard slot.lock.try() else { return false }
                    defer { slot.lock.unlock() }
                    guard slot.memo == nil else { return false }
                    slot.memo = memo
                    return true
                }
                if kept { return }
            }
        }
    }

    /// What was read where, by position: slots chosen by the position's low bits, each keeping
    /// the last reading put there and the generation (`Memo.generation`: the text) it was read
    /// in. A reading another took the slot of is read again when asked, which gives the same.
    /// Positions behind the scan are never asked again and those asked from one place lie close
    /// together (far fewer than `window` apart), so the slots find what is asked again; nothing
    /// is hashed, the memory is the same whatever the length of the text, and forgetting a text
    /// is the memo's one increment. Reading and remembering are two steps, because a reading may
    /// ask the memo for others.
    struct Readings<Value> {
        /// The positions the slots cover.
        static var window: Int { 256 }

        private struct Slot {
            var generation: UInt32
            var position: Int
            var reading: Value?
        }

        /// Made when the first reading is remembered: most texts ask for few kinds of reading.
        private var slots: [Slot] = []

        /// Forgets every reading of every generation.
        mutating func clear() { slots = [] }

        /// `.some(nil)` when nothing was read there in `generation`, nil when it was not asked yet.
        subscript(position: Int, generation: UInt32) -> Value?? {
            guard !slots.isEmpty else { return nil }
            let slot = slots[position & (Self.window - 1)]
            return slot.generation == generation && slot.position == position ? .some(slot.reading) : nil
        }

        mutating func remember(_ reading: Value?, at position: Int, generation: UInt32) {
            if slots.isEmpty { slots = Array(repeating: Slot(generation: 0, position: -1, reading: nil), count: Self.window) }
            slots[position & (Self.window - 1)] = Slot(generation: generation, position: position, reading: reading)
        }
    }

    /// One thing recognized at a position.
    struct Match {
        indirect enum Kind {
            case pattern(Pattern, [Captured])
            case money(MoneyReader.Reading)
            /// An amount per unit: "9 €/kg", "$ 500/mes"; the unit or word as it is said.
            case moneyPer(MoneyReader.Reading, per: String)
            /// "5/8", "¾", "3 1/4", with the noun or unit it counts ("1/2 taza").
            case fraction(whole: Decimal?, numerator: Int, denominator: Int, noun: Noun?)
            /// A number, quantity or numeric pattern after a minus sign: "-4 °C", "−7".
            case negative(Match)
            case quantity(NumberFormat.Reading, WritingConventions.Term)
            case number(NumberFormat.Reading)
            /// Digits too many to be a number: the text is refused as too large to say.
            case tooLong
            /// Groups of digits joined by hyphens that name something: said digit by digit.
            case identifier
            case term(WritingConventions.Term)
        }

        let kind: Kind
        let start: Int
        let end: Int
        /// Lower wins between matches of the same length.
        let rank: Int

        /// Whether the match is a pattern that reads no amount of money: what its rule sets
        /// cannot say may stay as written, where money too large to say is refused.
        var isPatternWithoutMoney: Bool {
            guard case let .pattern(_, captured) = kind else { return false }
            func holdsMoney(_ captured: [Captured]) -> Bool {
                captured.contains {
                    switch $0 {
                    case .money: true
                    case let .pattern(_, inner, _): holdsMoney(inner)
                    default: false
                    }
                }
            }
            return !holdsMoney(captured)
        }
    }

    /// What a pattern's capture read. Only the whole match keeps the text it was written as: a
    /// capture is tried at many positions, and most tries are thrown away.
    enum Captured {
        /// `leadingZeros`: the zeros written before an `{integer}`'s first other digit ("007": 2).
        case number(Decimal, fractionDigits: Int, capture: Pattern.Capture, leadingZeros: Int = 0)
        case money(MoneyReader.Reading)
        case quantity(NumberFormat.Reading, WritingConventions.Term)
        /// Text said as written: where it is, made a string only when the match is said.
        case text(Range<Int>)
        case unit(WritingConventions.Term)
        /// A nested pattern and where it matched, for `label: written`.
        case pattern(Pattern, [Captured], Range<Int>)
    }

    /// What a `{value}` read. Two values a pattern joins are never an amount and a percentage
    /// ("1.499 € -13 %" is a price and a discount); two a range joins across a spaced dash are of
    /// one kind, or one is a bare number and the other no time ("Andén 3 - 18:45" is a platform
    /// and a time, "USD 95.000 - 2 amb. - 45 m²" three fields; "10 - 20 kg", "9 - 18 hs", "8:30 -
    /// 17 h" are ranges, and so is "2–6 PM", written tight).
    private enum ValueKind: Equatable {
        case number, percentage, time
        /// An amount, its currency's sign before the number or not ("$ 371,13", "20 €").
        case money(signFirst: Bool)
        /// A quantity, by what its unit stands for.
        case unit(String)

        init(_ captured: Captured, _ text: [Unicode.Scalar], start: Int, end: Int) {
            switch captured {
            case .money: self = .money(signFirst: !text[start].isASCIIDigit)
            case .quantity where text[end - 1] == "%": self = .percentage
            case let .quantity(_, term): self = .unit(term.identity)
            case let .pattern(pattern, _, _) where pattern.reading == .time: self = .time
            default: self = .number
            }
        }

        /// Whether a pattern may join the two at all.
        func joins(_ other: ValueKind) -> Bool {
            switch (self, other) {
            case (.money, .percentage), (.percentage, .money): false
            default: true
            }
        }

        /// Whether a range may join the two across a spaced dash.
        func ranges(to other: ValueKind) -> Bool {
            switch (self, other) {
            case (.number, .time), (.time, .number): false
            // A bare number before an amount with its sign first is a field ("Línea 60 - $ 371,13");
            // before "20 €" it shares the sign ("10 – 20 €"), and so does a number after "$ 10".
            case (.number, .money(signFirst: true)): false
            case (.money, .money): true
            // A quantity with its unit before a bare number is two fields ("85 m² – 2e verdieping",
            // "500 mg – 30 tabletten"): a range writes its unit after both or after the second.
            case (.unit, .number): false
            case (.number, _), (_, .number): true
            case (.time, .unit), (.unit, .time): true
            default: self == other
            }
        }
    }

    /// The ranks of the top-level and named patterns that match at each position of `text`:
    /// among the pattern groups' candidates, or (`everyPattern`) trying each pattern of each
    /// group. The two agree when the groups skip only patterns that would fail; for tests.
    func matchingRanks(in text: String, everyPattern: Bool) -> [[Int]] {
        let scalars = Array(text.unicodeScalars)
        let memo = memos.take()
        defer { memos.put(memo) }
        var found: [[Int]] = []
        for group in [patterns] + groups {
            for index in scalars.indices {
                var ranks: [Int] = []
                func attempt(_ rank: Int, _ pattern: Pattern) {
                    if match(pattern, scalars, at: index, depth: 0, memo: memo) != nil { ranks.append(rank) }
                }
                if everyPattern {
                    for (rank, pattern) in group.patterns.enumerated() { attempt(rank, pattern) }
                } else {
                    group.forEachCandidate(
                        scalars, at: index, end: { end(of: $0, scalars, at: index, depth: 0, memo: memo) }, then: attempt)
                }
                found.append(ranks.sorted())
            }
        }
        return found
    }

    private func bestMatch(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> Match? {
        // Inside a word of letters nothing starts: no pattern (`forEachCandidate`), no amount (a
        // symbol of letters does not start inside a word), no number, no term. Most positions
        // of a text are there, so they are passed by at once.
        if index > 0, text[index].isLetterLike, text[index - 1].isLetterLike { return nil }
        var best: Match?
        func consider(_ candidate: Match?) {
            // No match ends inside a code ("7" of "7XK9-2M"): the code is read whole or not at all.
            guard let candidate, candidate.end > index, !LetterDigitCode.cuts(text, at: candidate.end),
                !Self.endsBeforeNumberSign(text, candidate.end), !Self.splitsDigitGroups(candidate, text)
            else { return }
            if let current = best, (current.end, -current.rank) >= (candidate.end, -candidate.rank) { return }
            best = candidate
        }
        let atBoundary = index == 0 || !MoneyReader.joinsWord(text[index - 1])
        let scalar = text[index]
        patterns.forEachCandidate(
            text, at: index, end: { end(of: $0, text, at: index, depth: 0, memo: memo) },
            then: { rank, pattern in
                // No pattern ends inside a run of digits ("Motor 2.000 W" is no engine's "2.0").
                if let (end, captured) = match(pattern, text, at: index, depth: 0, memo: memo), !Self.cutsSlashedDigits(text, end),
                    end == text.count || end == 0 || !text[end].isASCIIDigit || !text[end - 1].isASCIIDigit
                {
                    let end = Self.endsWithDigitSuffix(text, end) && Self.abbreviationDot(text, at: end) ? end + 1 : end
                    consider(Match(kind: .pattern(pattern, captured), start: index, end: end, rank: rank))
                }
            })
        let base = patterns.patterns.count
        if amountStart.contains(scalar), let reading = amount(text, at: index, memo: memo) {
            consider(Match(kind: .money(reading), start: index, end: reading.end, rank: base))
            if let (per, end) = perWord(after: reading.end, text) {
                consider(Match(kind: .moneyPer(reading, per: per), start: index, end: end, rank: base))
            }
        }
        // After a number a dash is a minus only with a space before it and none after ("S&P 500
        // -1.2%"); "10-20" and "10 - 20" are ranges.
        if atBoundary, index + 1 < text.count, text[index + 1].isASCIIDigit,
            Self.isMinusSign(scalar) && (!followsNumber(text, at: index) || MoneyReader.isSpace(text[index - 1]))
                || MoneyReader.isEnDashMinus(text, at: index),
            let inner = bestMatch(text, at: index + 1, memo: memo)
        {
            switch inner.kind {
            case .number, .quantity, .fraction, .pattern:
                // A pattern that reads the sign itself knows more ("−5…0 °C" from minus five to zero).
                consider(Match(kind: .negative(inner), start: index, end: inner.end, rank: inner.rank + base))
            default: break
            }
        }
        // An identifier is read whole: one of three groups or more before any pattern of the same
        // text (a won-lost-tied record is no "123-45-6789"), one of two where no pattern but a
        // range reads it (a Brazilian CEP's pattern says its "traço").
        if atBoundary, scalar.isASCIIDigit, let (end, groups) = Self.identifierEnd(text, at: index) {
            consider(Match(kind: .identifier, start: index, end: end, rank: groups >= 3 ? -1 : base + 3))
        }
        if atBoundary, scalar.isASCIIDigit, let end = namedIdentifierEnd(text, at: index) {
            consider(Match(kind: .identifier, start: index, end: end, rank: -1))
        }
        if atBoundary, let (fraction, end) = readFraction(text, at: index) {
            consider(Match(kind: fraction, start: index, end: end, rank: base + 1))
        }
        if atBoundary, scalar.isASCIIDigit, let (count, end) = countOfTotal(text, at: index, memo: memo) {
            consider(Match(kind: count, start: index, end: end, rank: base + 1))
        }
        // "/yr" after a number that another reading ended ("$45–60K/yr", "60,000/yr"): per year.
        if scalar == "/", index > 0,
            text[index - 1].isASCIIDigit || (index > 1 && text[index - 1].isLetterLike && text[index - 2].isASCIIDigit),
            let (per, end) = perWord(after: index, text), !text[(index + 1)..<end].contains(where: \.properties.isUppercase)
        {
            // A word in capitals after the slash is a reference's ("2024/AB/123456"), no unit.
            let said = verbalizer.render(.per, [.amount: Utterance(), .text: Utterance([.text(per)])]).words.trimmingSpaces()
            consider(Match(kind: .term(.say(said)), start: index, end: end, rank: base + 5))
        }
        if atBoundary, scalar.isASCIIDigit, let (said, end) = spacedCountOfTotal(text, at: index, memo: memo) {
            consider(Match(kind: .term(.say(said)), start: index, end: end, rank: base + 1))
        }
        if atBoundary, scalar.isASCIIDigit, let (said, end) = houseSlash(text, at: index, memo: memo) {
            // Before a date or a fraction the same digits would be ("Meir 24/1" is no January).
            consider(Match(kind: .term(.say(said)), start: index, end: end, rank: -1))
        }
        if atBoundary, scalar.isASCIIDigit, let (said, end, grouped) = ratio(text, at: index, memo: memo) {
            // Grouped as the region groups thousands, the second number is no seconds with
            // decimals ("1:10.000" in Spain is a dilution, not a lap time).
            consider(Match(kind: .term(.say(said)), start: index, end: end, rank: grouped ? -1 : base + 1))
        }
        if let powers = profile.powers {
            // A power after a number, a letter or a bracket ("10²³", "x⁻¹", "(a+b)^2"), and a number
            // in scientific notation ("1,6e-19"): what the voice would guess at, digit by digit.
            if index > 0, scalar == "^" || scalar == "\u{207B}" || MoneyReader.superscriptDigit(scalar) != nil,
                text[index - 1].isASCIIDigit || text[index - 1].isLetterLike || text[index - 1] == ")",
                !Self.followsDecimals(text, at: index),
                let (exponent, end) = Powers.exponent(text, at: index), let said = power(powers, exponent)
            {
                consider(Match(kind: .term(.say(said)), start: index, end: end, rank: -1))
            }
            if atBoundary, scalar.isASCIIDigit, let (said, end) = scientific(powers, text, at: index, memo: memo) {
                consider(Match(kind: .term(.say(said)), start: index, end: end, rank: -1))
            }
        }
        if atBoundary {
            switch profile.numbers.scan(text, from: index) {
            case let .number(written):
                let number = dotGroupedCount(written, text) ?? foreignDecimal(written, text, start: index) ?? written
                let (found, houseLetter) = scale(after: number, at: index, text)
                if let (scale, end) = found {
                    // A scale word that is a numeral ("mil", "mille": what follows it is not in
                    // the form after a noun) leaves a whole number to agree with the noun after
                    // it, as the digits written out would ("500 mil personas" quinientas mil
                    // personas); with decimals it stays as the scale word has it ("2,5 mil").
                    var noun = scale.noun
                    // Whether the number's words change with the noun's gender ("quinientas"; never "cent").
                    var agrees = false
                    if scale.then == .other, number.fractionDigits == 0 || scale.multiplied == .always,
                        let after = nounAfter(text, at: end),
                        after.gender != noun.gender
                    {
                        agrees =
                            (try? verbalizer.spell(number.value, gender: after.gender))
                            != (try? verbalizer.spell(number.value, gender: noun.gender))
                        noun = Noun(key: noun.key, gender: after.gender, forms: noun.forms)
                    }
                    // Where the scale word is how the language spells a thousand, a whole
                    // number of thousands is said as the thousands written out: "1K seguidores"
                    // mil seguidores (never "un mil"), "300 k abonnés" trois cent mille (no
                    // "cents" before "mille"), "300k" driehonderdduizend; "1 miljoen" keeps its
                    // "een". A number agreeing with the noun after it keeps its own words
                    // ("221 mil personas" doscientas veintiuna mil personas); thousands with
                    // decimals agree as written out ("2,5 mil pessoas" duas mil e quinhentas).
                    if scale.then == .other, number.fractionDigits == 0 || (scale.multiplied == .always && number.fractionDigits <= 3),
                        !agrees || number.value == 1 || number.fractionDigits > 0,
                        let word = noun.forms[.nominative]?[.one], (try? verbalizer.spell(1000, gender: nil)) == word,
                        let words = try? verbalizer.spell(number.value * 1000, gender: noun.gender)
                    {
                        consider(Match(kind: .term(.say(words)), start: index, end: end, rank: base + 1))
                    } else {
                        consider(Match(kind: .quantity(number, .noun(noun)), start: index, end: end, rank: base + 1))
                    }
                }
                if !houseLetter, let (term, end) = unit(after: number, at: index, text), !Self.scaleGoesOnWithSlash(found?.end, text) {
                    consider(Match(kind: .quantity(number, term), start: index, end: end, rank: base + 2))
                }
                // Digits glued to a word the data does not know ("12y") are still a number; the word stays as written.
                // Odds after their word are read before a date or a time of the same digits ("Кэф 2.05").
                let pointed = number.fractionDigits > 0 && followsDecimalPointWord(text, at: index)
                consider(Match(kind: .number(number), start: index, end: number.end, rank: pointed ? -1 : base + 3))
            case let .tooLong(end):
                consider(Match(kind: .tooLong, start: index, end: end, rank: base + 3))
            case .none:
                break
            }
        }
        if let (term, end) = abbreviations.longest(text, at: index, wholeWord: true) {
            consider(Match(kind: .term(term), start: index, end: end, rank: base + 4))
        }
        if atBoundary, scalar.value >= 65, scalar.value <= 90, let (names, end) = currencyPair(text, at: index) {
            consider(Match(kind: .term(.say(names)), start: index, end: end, rank: base + 4))
        }
        if let (term, end) = symbols.longest(text, at: index, wholeWord: false), !Self.isSlashBetweenNumbers(text, index..<end) {
            consider(Match(kind: .term(term), start: index, end: end, rank: base + 5))
        }
        if atBoundary, scalar.isASCII, scalar.properties.isUppercase, let (said, end) = formula(text, at: index) {
            consider(Match(kind: .term(.say(said)), start: index, end: end, rank: base + 6))
        }

        return best
    }

    /// Two currency codes with a slash between, as an exchange rate is written ("EUR/USD",
    /// "USD/BRL"): the two currencies' names. A crypto-currency the language counts as a unit is
    /// one too ("BTC/USD" bitcoin dollar, "ETH/USDT").
    private func currencyPair(_ text: [Unicode.Scalar], at index: Int) -> (String, Int)? {
        func codeEnd(from start: Int) -> Int? {
            var end = start
            while end < text.count, end - start <= 4, text[end].isASCII, text[end].properties.isUppercase { end += 1 }
            return (3...4).contains(end - start) ? end : nil
        }
        guard let slash = codeEnd(from: index), slash < text.count, text[slash] == "/", let end = codeEnd(from: slash + 1),
            end == text.count || !MoneyReader.isWordScalar(text[end])
        else { return nil }
        func name(_ range: Range<Int>) -> String? {
            if let currency = CurrencyCode(String(scalars: text, range)).flatMap({ profile.currencies[$0] }) {
                return currency.major.form(.one)
            }
            guard let (term, unitEnd) = units.longest(text, at: range.lowerBound, wholeWord: false), unitEnd == range.upperBound,
                case let .noun(noun) = term
            else { return nil }
            return noun.form(.one)
        }
        guard let first = name(index..<slash), let second = name((slash + 1)..<end) else { return nil }
        return (first + " " + second, end)
    }

    /// A unit, or an abbreviation that counts, right after a number that starts at `start` ("75 m²", "2 bd.").
    private func unit(after number: NumberFormat.Reading, at start: Int, _ text: [Unicode.Scalar]) -> (WritingConventions.Term, Int)? {
        var cursor = number.end
        while cursor < text.count, MoneyReader.isSpace(text[cursor]) { cursor += 1 }
        guard let (term, end) = unit(at: cursor, text) else { return nil }
        // A letter, a dot and a letter are an abbreviation of their own: "18 U.S.C." has no units.
        if end + 1 < text.count, text[end - 1].isLetterLike, text[end] == ".", text[end + 1].isLetterLike { return nil }
        // "km/h" is a unit of its own; "kWh/m²/an" and "9 €/kg" are units per unit.
        var result = (term, end)
        while let (perTerm, perEnd) = perUnit(after: result.1, text), case let .noun(noun) = result.0 {
            result = (.noun(per(noun, perTerm)), perEnd)
        }
        // Per a quantity: "250 kcal/100 g", "5,2 l/100 km"; per a word the data does not know as a
        // unit, as written, in a language whose nouns take no case ("2,22 m²/paquet" par paquet,
        // "500 ml/dosis"; Russian's «на» would want it in the accusative).
        if case let .noun(noun) = result.0,
            let (counted, perEnd) = perQuantity(after: result.1, text, part: (number.value, start), of: noun)
        {
            result = (.noun(counted), perEnd)
        } else if case let .noun(noun) = result.0, !declines, let perEnd = Self.perPlainWord(after: result.1, text) {
            result = (.noun(per(noun, saying: String(scalars: text, (result.1 + 1)..<perEnd))), perEnd)
        }
        if Self.abbreviationDot(text, at: result.1) { result.1 += 1 }
        return result
    }

    /// Whether the "." at `index`, right after a word, is that word's abbreviation dot and no
    /// sentence's end: a lowercase word, a number or a comma follows ("12 oz. can", "2 lb. 3 oz.",
    /// "1 tsp., 2 tbsp.").
    private static func abbreviationDot(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0, index + 1 < text.count, text[index] == ".", text[index - 1].isLetterLike else { return false }
        var next = index + 1
        if [",", ";", ")"].contains(text[next]) { return true }
        while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
        guard next > index + 1, next < text.count else { return false }
        return text[next].isASCIIDigit || (text[next].properties.isLowercase && text[next].isLetterLike)
    }

    /// Where a "/" right after `index` and the lower-case word after it end ("/paquet"): a word of
    /// three letters or more that ends there, no unit, nil when there is none.
    private static func perPlainWord(after index: Int, _ text: [Unicode.Scalar]) -> Int? {
        guard index < text.count, text[index] == "/" else { return nil }
        return plainWordEnd(at: index + 1, text)
    }

    /// Where the lower-case word of three letters or more at `index` ends, nil when there is none.
    private static func plainWordEnd(at index: Int, _ text: [Unicode.Scalar]) -> Int? {
        guard index < text.count, text[index].properties.isLowercase, text[index].isLetterLike else { return nil }
        var end = index
        while end < text.count, text[end].isLetterLike { end += 1 }
        // An abbreviation ("/vel. 5") is no word to say as written.
        guard end - index >= 3, end == text.count || !MoneyReader.isWordScalar(text[end]) && text[end] != "/" && text[end] != "."
        else { return nil }
        return end
    }

    /// A "/" and a quantity right after `index` ("/100 g") and `noun` with what it adds: what the
    /// quantity is per ("250 kcal/100 g"), or, in the same unit as `noun` and no less than `part`,
    /// the total it is a part of ("1,2 L/2 L" sur deux litres, "12 GB/20 GB" van twintig gigabyte,
    /// "7 h/8 h"). Temperatures, frequencies, angles and percentages in pairs are a high and a low
    /// or choices ("22° / 24°", "2,4 GHz / 5 GHz"), and a slash or a dash after the second begins a
    /// list or a range ("128 GB / 256 GB / 512 GB", "12h / 13h-17h"): none of them is a total.
    private func perQuantity(
        after index: Int, _ text: [Unicode.Scalar], part: (value: Decimal, start: Int), of noun: Noun
    ) -> (Noun, Int)? {
        var start = index
        while start < text.count, MoneyReader.isSpace(text[start]) { start += 1 }
        guard start < text.count, text[start] == "/" else { return nil }
        var digits = start + 1
        while digits < text.count, MoneyReader.isSpace(text[digits]) { digits += 1 }
        guard digits < text.count, text[digits].isASCIIDigit, let number = profile.numbers.read(text, from: digits) else { return nil }
        var cursor = number.end
        while cursor < text.count, MoneyReader.isSpace(text[cursor]) { cursor += 1 }
        guard let (term, end) = unit(at: cursor, text) else {
            // Per a count of a word the data does not know, in a language whose nouns take no case:
            // "153 kWh/1000 cycli" per duizend cycli.
            guard !declines, start == index, digits == start + 1, cursor > number.end, let wordEnd = Self.plainWordEnd(at: cursor, text),
                let count = try? verbalizer.spell(number.value, gender: nil)
            else { return nil }
            return (per(noun, saying: count + " " + String(scalars: text, cursor..<wordEnd)), wordEnd)
        }
        guard case let .noun(other) = term else { return nil }
        if other.key == noun.key {
            let category = noun.key.prefix { $0 != "-" }
            let written = String(scalars: text, cursor..<end)
            guard part.value <= number.value, !Self.notTotals.contains(String(category)),
                !written.unicodeScalars.contains(where: { $0 == "°" || $0 == "%" }),
                !Self.continuesList(text, at: end), !Self.continuesList(text, before: part.start),
                let said = try? quantity(number.value, fractionDigits: number.fractionDigits, term, written: nil, case: .genitive)
            else { return nil }
            return (per(noun, suffix: outOf("", said.words).trimmingSpaces(), key: "of " + said.words), end)
        }
        // Per a quantity, the "/" is written against both ("250 kcal/100 g").
        guard start == index, digits == start + 1,
            let said = try? quantity(number.value, fractionDigits: number.fractionDigits, term, written: nil, case: .accusative)
        else { return nil }
        return (per(noun, saying: said.words), end)
    }

    /// Whether a "/" or a dash follows `index`, spaces between: a list or a range goes on.
    private static func continuesList(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        var next = index
        while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
        return next < text.count && listMarks.contains(text[next])
    }

    /// Whether a "/" or a dash comes before `index`, spaces between: the text there goes on a list or a range.
    private static func continuesList(_ text: [Unicode.Scalar], before index: Int) -> Bool {
        MoneyReader.follows(text, at: index) { listMarks.contains($0) }
    }

    private static let listMarks: Set<Unicode.Scalar> = ["/", "-", "–", "—"]

    /// CLDR's unit categories whose pairs are no part and total.
    private static let notTotals: Set<String> = ["temperature", "frequency", "angle", "speed", "pressure", "concentr"]

    static func isMinusSign(_ scalar: Unicode.Scalar) -> Bool { scalar == "-" || scalar == "\u{2212}" || scalar == "\u{2012}" }

    /// Whether a number ends just before `index` (spaces between allowed): then a "-" there
    /// joins a range ("3 -5"), it is no minus sign.
    private func followsNumber(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        MoneyReader.follows(text, at: index, \.isASCIIDigit)
    }

    /// What an amount is per, after a "/": a unit ("€/kg" → kilogramo) or a word ("/mes",
    /// "/mo" through the abbreviations).
    private func perWord(after index: Int, _ text: [Unicode.Scalar]) -> (String, Int)? {
        guard index + 1 < text.count, text[index] == "/" else { return nil }
        if let (term, end) = unit(at: index + 1, text) {
            switch term {
            case let .noun(noun): return (noun.form(.one, case: .accusative), end)
            case let .say(words): return (words, end)
            case .pause: return nil
            }
        }
        var end = index + 1
        while end < text.count, text[end].isLetterLike { end += 1 }
        guard end > index + 1, end == text.count || !MoneyReader.isWordScalar(text[end]) else { return nil }
        let word = String(scalars: text, (index + 1)..<end)
        if let (term, termEnd) = abbreviations.longest(text, at: index + 1, wholeWord: true), termEnd >= end {
            if case let .say(words) = term { return (words, termEnd) }
            if case let .noun(noun) = term { return (noun.form(.one), termEnd) }
        }
        return (word, end)
    }

    /// The vulgar fractions Unicode writes as one character.
    static let vulgarFractions: [Unicode.Scalar: (Int, Int)] = [
        "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5), "⅘": (4, 5),
        "⅙": (1, 6), "⅚": (5, 6), "⅐": (1, 7), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8), "⅑": (1, 9), "⅒": (1, 10),
    ]

    /// A count out of a total past the fractions' denominators, written with groups of thousands
    /// or over a hundred ("1 250/2 000 XP", "Créditos: 180/350"), said as one: no fraction has
    /// such parts, and the slash would be left unread. A part of one ("1/250 s") is a fraction,
    /// and a total that is a year makes a reference or a season ("123/2025", "2024/2025").
    private func countOfTotal(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> (Match.Kind, Int)? {
        // The number at the position is read once for every reading of it (`memo`).
        guard let count = number(text, at: index, memo: memo), count.fractionDigits == 0, count.end + 1 < text.count,
            text[count.end] == "/", let total = profile.numbers.read(text, from: count.end + 1), total.fractionDigits == 0,
            count.isGrouped || total.isGrouped || (total.value > 100 && count.value > 1),
            // A number and a year are a reference ("Ref. 123/2025"), and so is what a hyphen or a
            // slash joins before ("№ 45-12/2024").
            total.isGrouped || !(total.value >= 1950 && total.value <= 2100),
            index < 2 || !["-", "/", "."].contains(text[index - 1]) || !text[index - 2].isASCIIDigit,
            count.value <= total.value,
            total.end == text.count || !(text[total.end] == "/" || text[total.end].isASCIIDigit),
            let numerator = Int(exactly: count.value.exactInt64 ?? -1), numerator > 0,
            let denominator = Int(exactly: total.value.exactInt64 ?? -1)
        else { return nil }
        return (.fraction(whole: nil, numerator: numerator, denominator: denominator, noun: nil), total.end)
    }

    /// A fraction at `index`: "5/8", "¾", a mixed number ("3 1/4", "1½"), with the unit or noun
    /// after it. Only a proper fraction with a denominator up to 100 is read, and not one
    /// followed by another "/" and digits (a date).
    private func readFraction(_ text: [Unicode.Scalar], at index: Int) -> (Match.Kind, Int)? {
        func simple(at start: Int) -> (Int, Int, Int)? {
            guard start < text.count else { return nil }
            if let (numerator, denominator) = Self.vulgarFractions[text[start]] { return (numerator, denominator, start + 1) }
            // A numerator written with a leading zero is a month or a code ("09/27"), no fraction.
            if text[start] == "0" { return nil }
            var cursor = start
            var numerator = 0
            while cursor < text.count, text[cursor].isASCIIDigit, cursor - start < 3 {
                numerator = numerator * 10 + Int(text[cursor].value - 48)
                cursor += 1
            }
            guard cursor > start, cursor < text.count, text[cursor] == "/" || text[cursor] == "\u{2044}" else { return nil }
            cursor += 1
            let denominatorStart = cursor
            var denominator = 0
            while cursor < text.count, text[cursor].isASCIIDigit, cursor - denominatorStart < 4 {
                denominator = denominator * 10 + Int(text[cursor].value - 48)
                cursor += 1
            }
            guard cursor > denominatorStart, cursor == text.count || !text[cursor].isASCIIDigit else { return nil }
            if cursor + 1 < text.count, text[cursor] == "/" || text[cursor] == "-", text[cursor + 1].isASCIIDigit { return nil }
            // A whole count of a total ("Laps 58/58", "3/3") is one too, said out of it.
            // Past a hundredth only a unit fraction, as rates are written ("пеня 1/300 ставки", "1/1000").
            guard numerator >= 1, numerator < denominator || (numerator == denominator && denominator > 1),
                denominator <= 100 || (numerator == 1 && denominator <= 1000)
            else { return nil }
            return (numerator, denominator, cursor)
        }
        var whole: Decimal?
        var fraction = simple(at: index)
        if fraction == nil {
            var cursor = index
            var value = 0
            while cursor < text.count, text[cursor].isASCIIDigit, cursor - index < 6 {
                value = value * 10 + Int(text[cursor].value - 48)
                cursor += 1
            }
            guard cursor > index, cursor < text.count else { return nil }
            var next = cursor
            if Self.vulgarFractions[text[next]] == nil {
                // A space, or a hyphen as US recipes and hardware write it ("1-1/2 cups", "1-7/16
                // in": halves, thirds and sixteenths), after a whole number that stands alone
                // ("1/2-3/4" is a range of fractions, "3-7/11" a range of days).
                if text[next] == "-", next + 1 < text.count, text[next + 1].isASCIIDigit,
                    index == 0 || !["/", "-", "\u{2044}"].contains(text[index - 1])
                {
                    next += 1
                    guard let found = simple(at: next), [2, 3, 4, 8, 16, 32, 64].contains(found.1) else { return nil }
                } else {
                    guard MoneyReader.isSpace(text[next]) else { return nil }
                    while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
                    // A word the language writes between them, before a half, a third, a quarter
                    // or an eighth ("1 e 1/2 xícara", "1 y 1/2 taza"; "2 y 3/5" may be two dates).
                    if let after = profile.fractions?.mixedJoins.lazy.compactMap({ Self.after(word: $0, text, at: next) }).first {
                        next = after
                        guard let found = simple(at: next), [2, 3, 4, 8].contains(found.1) else { return nil }
                    }
                }
            }
            guard let found = simple(at: next) else { return nil }
            whole = Decimal(value)
            fraction = found
        }
        guard let (numerator, denominator, end) = fraction else { return nil }
        guard end == text.count || !text[end].isLetterLike || unit(at: end, text) != nil else { return nil }
        // A whole count of a total counts nothing after it ("7/7 open", "3/3 closed").
        if numerator == denominator {
            return (.fraction(whole: whole, numerator: numerator, denominator: denominator, noun: nil), end)
        }
        var noun: Noun?
        var finalEnd = end
        var cursor = end
        while cursor < text.count, MoneyReader.isSpace(text[cursor]) { cursor += 1 }
        // The noun, after the word the language writes between ("3/4 de taza") if the text writes it.
        if let join = profile.fractions?.nounJoin, !join.isEmpty, cursor > end, let next = Self.after(word: join, text, at: cursor),
            let found = fractionNoun(text, at: next)
        {
            (noun, finalEnd) = found
        }
        var measured = false
        if noun == nil {
            if let (term, unitEnd) = unit(at: cursor, text), case let .noun(unitNoun) = term {
                // A unit's abbreviation dot is its own, as after a whole number ("1/4 c. honey").
                (noun, finalEnd) = (unitNoun, Self.abbreviationDot(text, at: unitEnd) ? unitEnd + 1 : unitEnd)
                measured = true
            } else if cursor > end, whole == nil, let (said, wordEnd) = countOfPlural(text, at: cursor, numerator, denominator) {
                return (.term(.say(said)), wordEnd)
            } else if cursor > end, let (word, wordEnd) = nounWord(text, at: cursor) {
                (noun, finalEnd) = (word, wordEnd)
            } else if cursor > end, whole == nil, numerator == 1, denominator == 2, let gender = profile.fractions?.halfWithAnyNoun,
                let (word, wordEnd) = nounWord(text, at: cursor, gender: gender)
            {
                // "½ стакана": half of a noun is said alike whatever its gender.
                (noun, finalEnd) = (word, wordEnd)
            }
        }
        // A plural that no fraction takes counts out of a total: "6/8 glasses" six of eight
        // glasses, "5/7 дней" пять из семи дней (a fraction is "of a day", "дня"). So does a
        // number after a label's colon, but for the halves, thirds, quarters and eighths of a recipe
        // ("Tirs cadrés : 7/12" sept sur douze), and a score out of ten or a hundred after what it
        // rates ("Tier 37/100"; "7/10" alone and one tenth stay fractions).
        if whole == nil, let noun, Self.writesPlural(noun, String(lowercasing: text, cursor..<finalEnd)),
            // A measure in the plural after a recipe's half, third or quarter is written loosely
            // ("3/4 inches", "1/2 cups"): still the fraction of one.
            !((measured || UnitCatalog.measures(noun.key)) && [2, 3, 4, 8, 16].contains(denominator)),
            let said = outOf(numerator, denominator, gender: noun.gender)
        {
            return (.term(.say(said + " " + String(scalars: text, cursor..<finalEnd))), finalEnd)
        }
        if whole == nil, noun == nil,
            (numerator > 1 && (denominator == 10 || denominator == 100) && MoneyReader.follows(text, at: index, \.isLetterLike))
                || (![2, 3, 4, 8, 16].contains(denominator) && Self.followsLabelColon(text, at: index)),
            let said = outOf(numerator, denominator, gender: nil)
        {
            return (.term(.say(said)), end)
        }
        return (.fraction(whole: whole, numerator: numerator, denominator: denominator, noun: noun), finalEnd)
    }

    /// A ratio at `index`, said with the language's `ratio` phrase: one digit, a colon, then a
    /// number of a hundred or more, or grouped ("Adrenalina 1:10.000" uno a diez mil, "Échelle
    /// 1:50 000", "1:1000" один к тысяче). No clock has such minutes, and a score of a hundred
    /// points or more has more than one digit on each side ("98:102"); a dot that groups the
    /// thousands groups round ones, or it is a lap time's ("1:23.456"). Smaller ratios ("1:4",
    /// "16:9") are read after the words that name them (`patterns`).
    private func ratio(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> (said: String, end: Int, grouped: Bool)? {
        guard let first = number(text, at: index, memo: memo), first.end == index + 1, first.end + 1 < text.count,
            text[first.end] == ":", text[first.end + 1].isASCIIDigit, text[first.end + 1] != "0",
            let second = profile.numbers.read(text, from: first.end + 1), second.fractionDigits == 0,
            second.isGrouped || second.value >= 100,
            second.end == text.count || !(text[second.end] == ":" || text[second.end].isASCIIDigit),
            // Seconds and thousandths after a dot are a lap time ("1:23.456"); round thousands a
            // ratio ("1:10.000").
            !text[(first.end + 1)..<second.end].contains(".") || second.value.exactInt64.map({ $0 % 1000 == 0 }) == true,
            let one = try? verbalizer.spell(
                first.value, ruleSet: profile.spellout.numbering ?? profile.spellout.cardinalRuleSet(gender: nil)),
            let other = try? verbalizer.spell(second.value, gender: nil, case: .dative)
        else { return nil }
        let said = verbalizer.render(.ratio, [.number: Utterance([.text(one)]), .text: Utterance([.text(other)])]).words
        return (said, second.end, second.isGrouped)
    }

    /// A chemical formula written with subscript digits ("H₂O", "C₆H₁₂O₆", "H₂SO₄") and where it
    /// ends: each element's letters as capitals, one by one, and each count as a number ("H dos
    /// O"). A word with no subscript is no formula here: "CO2" or "H2O" may be a code.
    private func formula(_ text: [Unicode.Scalar], at index: Int) -> (String, Int)? {
        // Most capitals start a word, no formula: nothing is made unless a subscript digit is there.
        var probe = index
        while probe < text.count, probe - index < 40, text[probe].isASCII, text[probe].properties.isAlphabetic { probe += 1 }
        guard probe < text.count, Self.subscriptDigit(text[probe]) != nil else { return nil }
        var cursor = index
        var said: [String] = []
        var counts = 0
        while cursor < text.count, said.count < 40 {
            let scalar = text[cursor]
            if scalar.isASCII, scalar.properties.isUppercase {
                said.append(String(scalar))
                cursor += 1
                if cursor < text.count, text[cursor].isASCII, text[cursor].properties.isLowercase {
                    said.append(String(text[cursor]).uppercased())
                    cursor += 1
                }
            } else if Self.subscriptDigit(scalar) != nil {
                var count = 0
                while cursor < text.count, let digit = Self.subscriptDigit(text[cursor]), count < 1000 {
                    count = count * 10 + digit
                    cursor += 1
                }
                guard let words = try? verbalizer.spell(Decimal(count), gender: nil) else { return nil }
                said.append(words)
                counts += 1
            } else {
                break
            }
        }
        guard counts > 0, said.count >= 2,
            cursor == text.count || !(MoneyReader.isWordScalar(text[cursor]) || Self.isSmallDigit(text[cursor]))
        else { return nil }
        return (said.joined(separator: " "), cursor)
    }

    /// Whether a number with decimals ends at `index`: a superscript digit after it is a pump's
    /// tenth of a cent ("3.49⁹"), no power.
    private static func followsDecimals(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        var start = index
        while start > 0, text[start - 1].isASCIIDigit { start -= 1 }
        return start < index && start >= 2 && (text[start - 1] == "." || text[start - 1] == ",") && text[start - 2].isASCIIDigit
    }

    /// A power's exponent said as the language says it ("elevado a menos diecinueve"); a square
    /// and a cube as its symbols "²" and "³" say them ("x^2" x squared).
    private func power(_ powers: Powers, _ exponent: Int) -> String? {
        if exponent == 2 || exponent == 3, let (term, _) = symbols.longest([exponent == 2 ? "²" : "³"], at: 0, wholeWord: false) {
            return say(term, written: nil).words
        }
        guard let words = try? verbalizer.spell(Decimal(abs(exponent)), ruleSet: powers.ruleSet) else { return nil }
        let said = exponent < 0 ? verbalizer.render(.minus, [.number: Utterance([.text(words)])]).words : words
        return powers.say.replacingEvery("{exponent}", with: said)
    }

    /// A number in scientific notation and where it ends: an "e" and the power of ten
    /// ("1,6e-19", "3,2E+08", "6,02e23"), or a times sign and a power of ten ("6,02 × 10²³",
    /// "1,6·10⁻¹⁹"), said as the number, `times-ten` and the power. After an "e" the exponent is
    /// signed, or the number has decimals: "2e3" may be a code, and "2e" a French ordinal.
    private func scientific(_ powers: Powers, _ text: [Unicode.Scalar], at index: Int, memo: Memo) -> (String, Int)? {
        guard let mantissa = number(text, at: index, memo: memo), mantissa.end < text.count else { return nil }
        // The number, the power and the unit after them in the form the number gives it ("1,6e-19 C"
        // culombios, "10⁶ Гц" герц; a whole one counts as ten would: "1 × 10⁶ m" metros).
        func said(_ exponent: Int, end: Int, timesTen: Bool = true) -> (String, Int)? {
            guard let power = power(powers, exponent) else { return nil }
            let joined = timesTen ? " " + powers.timesTen + " " : " "
            let form = mantissa.fractionDigits == 0 && mantissa.value == 1 ? 10 : mantissa.value
            if let (term, unitEnd) = unit(
                after: NumberFormat.Reading(value: form, fractionDigits: mantissa.fractionDigits, isGrouped: false, end: end), at: index,
                text),
                case let .noun(noun) = term,
                let counted = try? verbalizer.counted(form, noun: noun, fractionDigits: mantissa.fractionDigits, case: .nominative),
                let alone = try? verbalizer.number(form, fractionDigits: mantissa.fractionDigits, gender: noun.gender),
                counted.words.hasPrefix(alone.words + " "),
                let number = try? verbalizer.number(mantissa.value, fractionDigits: mantissa.fractionDigits, gender: noun.gender)
            {
                return (number.words + joined + power + counted.words.dropFirst(alone.words.count), unitEnd)
            }
            guard let number = try? verbalizer.number(mantissa.value, fractionDigits: mantissa.fractionDigits) else { return nil }
            return (number.words + joined + power, end)
        }
        if let (exponent, end) = Powers.exponent(text, at: mantissa.end) {
            return Self.followsDecimals(text, at: mantissa.end) ? nil : said(exponent, end: end, timesTen: false)
        }
        guard mantissa.end + 1 < text.count else { return nil }
        var times = mantissa.end
        while times < text.count, MoneyReader.isSpace(text[times]) { times += 1 }
        if times < text.count, text[times] == "×" || text[times] == "·" {
            var ten = times + 1
            while ten < text.count, MoneyReader.isSpace(text[ten]) { ten += 1 }
            guard ten + 2 < text.count, text[ten] == "1", text[ten + 1] == "0", let (exponent, end) = Powers.exponent(text, at: ten + 2)
            else { return nil }
            return said(exponent, end: end)
        }
        guard text[mantissa.end] == "e" || text[mantissa.end] == "E",
            let (exponent, signed, end) = Powers.signedDigits(text, at: mantissa.end + 1, plus: true),
            signed || mantissa.fractionDigits > 0
        else { return nil }
        return said(exponent, end: end)
    }

    /// A house number and a part of the house, written "N/M" right after a street's name
    /// (`house-slash`): "Rue de Namur 10/12" dix boîte douze, "Stationsstraat 15/1" vijftien bus
    /// één, "ул. Гагарина, 15/2" пятнадцать дробь два. Between the street's word and the number
    /// only the street's name stands: capitalized words and short particles ("Rue de la
    /// Station 8/11"); any other word ends the search ("Rue Neuve, livraison le 10/12").
    private func houseSlash(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> (String, Int)? {
        guard let houses = profile.houseSlash, let house = number(text, at: index, memo: memo), house.fractionDigits == 0,
            !house.isGrouped, house.end + 1 < text.count, text[house.end] == "/", text[house.end + 1].isASCIIDigit,
            let part = profile.numbers.read(text, from: house.end + 1), part.fractionDigits == 0, !part.isGrouped,
            part.end == text.count || !(text[part.end] == "/" || text[part.end] == "." || text[part.end].isASCIIDigit),
            followsStreet(text, before: index, houses)
        else { return nil }
        guard let first = try? verbalizer.spell(house.value, gender: nil), let second = try? verbalizer.spell(part.value, gender: nil)
        else { return nil }
        return ("\(first) \(houses.say) \(second)", part.end)
    }

    /// Whether a street's word (`houses`) stands before `index` with only its name between.
    private func followsStreet(_ text: [Unicode.Scalar], before index: Int, _ houses: PlaceWords) -> Bool {
        var cursor = index
        var words = 0
        while words <= houses.within {
            while cursor > 0, MoneyReader.isSpace(text[cursor - 1]) || text[cursor - 1] == "," || text[cursor - 1] == "." {
                cursor -= 1
            }
            var start = cursor
            while start > 0, text[start - 1].isLetterLike { start -= 1 }
            guard start < cursor else { return false }
            let word = String(lowercasing: text, start..<cursor)
            if houses.names(word) { return true }
            guard text[start].properties.isUppercase || cursor - start <= 3 else { return false }
            cursor = start
            words += 1
        }
        return false
    }

    /// A plural no data knows after a fraction, written as the language writes plurals
    /// (`count-plural-endings`): the count out of a total, said with the word as written ("2/5
    /// assignments submitted" two of five assignments). Not over a half, a third or a quarter,
    /// which such words take as fractions ("3/4 temps" trois quarts temps, "1/2 docenas").
    private func countOfPlural(_ text: [Unicode.Scalar], at start: Int, _ numerator: Int, _ denominator: Int) -> (String, Int)? {
        guard let endings = profile.fractions?.countPluralEndings, !endings.isEmpty, start < text.count,
            text[start].properties.isLowercase, denominator >= 5
        else { return nil }
        var end = start
        while end < text.count, text[end].isLetterLike { end += 1 }
        let written = String(lowercasing: text, start..<end)
        guard end - start >= 4, end == text.count || !MoneyReader.isWordScalar(text[end]),
            profile.writing.nounsByForm[written] == nil, endings.contains(where: { written.hasSuffix($0) }),
            let said = outOf(
                numerator, denominator, gender: profile.genderByEnding.gender(of: written, category: .other, governed: .nominative))
        else { return nil }
        return (said + " " + String(scalars: text, start..<end), end)
    }

    /// A count and its total with spaces around the slash, said with the `out-of` phrase: "Vie :
    /// 80 / 100" quatre-vingts sur cent, "HP 250 / 300", "8.432 / 10.000 stappen". Whole numbers
    /// only, the count no larger than the total, over no fraction's denominator ("5 / 8" stays
    /// as written); two years are a season ("2024 / 2025"), and a third number after another
    /// slash makes a list.
    private func spacedCountOfTotal(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> (String, Int)? {
        guard let count = number(text, at: index, memo: memo), count.fractionDigits == 0 else { return nil }
        var slash = count.end
        while slash < text.count, MoneyReader.isSpace(text[slash]) { slash += 1 }
        guard slash > count.end, slash + 1 < text.count, text[slash] == "/" else { return nil }
        var start = slash + 1
        while start < text.count, MoneyReader.isSpace(text[start]) { start += 1 }
        guard start > slash + 1, start < text.count, text[start].isASCIIDigit,
            let total = profile.numbers.read(text, from: start).map({ dotGroupedCount($0, text) ?? $0 }), total.fractionDigits == 0,
            count.value <= total.value, total.value >= 2,
            total.end == text.count || !MoneyReader.isWordScalar(text[total.end]) && text[total.end] != "/",
            !((1900...2100).contains(count.value) && (1900...2100).contains(total.value)),
            let numerator = Int(exactly: count.value.exactInt64 ?? -1), let denominator = Int(exactly: total.value.exactInt64 ?? -1),
            // Over a half, a third, a quarter, an eighth or a sixteenth it may be a fraction ("5 / 8"):
            // left as written.
            ![2, 3, 4, 8, 16].contains(denominator), let said = outOf(numerator, denominator, gender: nil)
        else { return nil }
        var after = total.end
        while after < text.count, MoneyReader.isSpace(text[after]) { after += 1 }
        if after < text.count, text[after] == "/" { return nil }
        return (said, total.end)
    }

    /// A count out of a total, said: "sept sur douze", "пять из семи".
    private func outOf(_ count: Int, _ total: Int, gender: String?) -> String? {
        guard let count = try? verbalizer.spell(Decimal(count), gender: gender),
            let total = try? verbalizer.spell(Decimal(total), gender: nil, case: .genitive)
        else { return nil }
        return outOf(count, total)
    }

    /// The language's `out-of` phrase with the words of a count and of its total.
    private func outOf(_ count: String, _ total: String) -> String {
        verbalizer.render(.outOf, [.number: Utterance([.text(count)]), .text: Utterance([.text(total)])]).words
    }

    /// Whether a label's colon comes right before `index`, spaces between: "Tirs cadrés : 7/12".
    private static func followsLabelColon(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        var previous = index
        while previous > 0, MoneyReader.isSpace(text[previous - 1]) { previous -= 1 }
        return previous > 1 && previous < index && text[previous - 1] == ":" && !text[previous - 2].isASCIIDigit
    }

    /// Whether `written` is one of `noun`'s plural forms and none of its singular ones.
    private static func writesPlural(_ noun: Noun, _ written: String) -> Bool {
        var plural = false
        for table in noun.forms.values {
            for (category, form) in table where form.lowercased() == written {
                if category == .one { return false }
                plural = true
            }
        }
        return plural
    }

    /// Where the text goes on after `word` written at `index` in any case, with a space after it
    /// and the spaces skipped: nil when the word is not there ("y" of "1 y 1/2").
    private static func after(word: [Unicode.Scalar], _ text: [Unicode.Scalar], at index: Int) -> Int? {
        var next = index + word.count
        guard next < text.count, MoneyReader.isSpace(text[next]), hasPrefixInAnyCase(text, word, at: index) else { return nil }
        while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
        return next
    }

    /// The unit or the noun written at `index` that a fraction before it measures.
    private func fractionNoun(_ text: [Unicode.Scalar], at index: Int) -> (Noun, Int)? {
        if let (term, end) = unit(at: index, text), case let .noun(noun) = term { return (noun, end) }
        return nounWord(text, at: index)
    }

    /// The unit or counting abbreviation written at `index`, exactly or in another case ("KG").
    /// A unit the language lists as written like a word ("in", "a") is no unit when a number
    /// follows it: "1 in 5 adults", "de 9 a 18 h".
    private func unit(at index: Int, _ text: [Unicode.Scalar]) -> (WritingConventions.Term, Int)? {
        var best = units.longest(text, at: index, wholeWord: true)
        // The three tables one after another, not in a list: a list made here was made at every position asked.
        if let found = abbreviations.longest(text, at: index, wholeWord: true), found.1 > (best?.1 ?? 0) { best = found }
        if let found = foldedUnits.longest(text, at: index, wholeWord: true), found.1 > (best?.1 ?? 0) { best = found }
        guard let best else { return nil }
        // A letter with a degree sign after it is the number sign ("Calle 50 N° 1234"), no unit;
        // one letter a hyphen joins to a name is the name's ("1 200 V-Bucks"; "504 Wh-batterij" is a
        // Dutch compound of the unit).
        if best.1 < text.count, text[best.1] == "°" { return nil }
        if best.1 == index + 1, best.1 + 1 < text.count, text[best.1] == "-", text[best.1 + 1].properties.isUppercase { return nil }
        let writing = profile.writing
        if !writing.unitsNotBeforeNumbers.isEmpty || !writing.unitsNotBeforeWords.isEmpty {
            let symbol = String(scalars: text, index..<best.1)
            var next = best.1
            while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
            if next < text.count, text[next].isASCIIDigit, writing.unitsNotBeforeNumbers.contains(symbol) { return nil }
            if next > best.1, next < text.count, text[next].isLetterLike, text[next].properties.isLowercase,
                writing.unitsNotBeforeWords.contains(symbol)
            {
                return nil
            }
        }
        return best
    }

    /// A "/" and a unit right after `index`: the unit a quantity or price is per.
    private func perUnit(after index: Int, _ text: [Unicode.Scalar]) -> (WritingConventions.Term, Int)? {
        guard index + 1 < text.count, text[index] == "/" else { return nil }
        guard let found = unit(at: index + 1, text), case .noun = found.0 else { return nil }
        return found
    }

    /// A unit per another: "kilómetros por hora", from the second unit's own "per" pattern or
    /// the language's compound one.
    private func per(_ noun: Noun, _ denominator: WritingConventions.Term) -> Noun {
        guard case let .noun(other) = denominator else { return noun }
        if let own = profile.writing.unitPerPatterns[other.key] {
            return per(noun, suffix: own.replacingEvery("{0}", with: "").trimmingSpaces(), key: other.key)
        }
        return per(noun, saying: other.form(.one, case: .accusative), key: other.key)
    }

    /// A unit per the words of another or of a quantity, by the language's compound pattern.
    private func per(_ noun: Noun, saying words: String, key: String? = nil) -> Noun {
        let pattern = profile.writing.perPattern ?? "{0} / {1}"
        let suffix = pattern.replacingEvery("{0}", with: "").replacingEvery("{1}", with: words).trimmingSpaces()
        return per(noun, suffix: suffix, key: key ?? words)
    }

    private func per(_ noun: Noun, suffix: String, key: String) -> Noun {
        let forms = noun.forms.mapValues { table in table.mapValues { $0 + " " + suffix } }
        return Noun(key: noun.key + "/" + key, gender: noun.gender, forms: forms)
    }

    private func match(_ pattern: Pattern, _ text: [Unicode.Scalar], at start: Int, depth: Int, memo: Memo) -> (Int, [Captured])? {
        guard depth < Self.maximumDepth, !pattern.elements.isEmpty else { return nil }
        // A pattern that starts with a word or digits starts a word; inside another pattern, a
        // time may follow the "T" of an ISO date ("2025-11-27T14:30").
        if start > 0, MoneyReader.isWordScalar(text[start - 1]),
            depth == 0 || start < 2 || text[start - 1] != "T" || !text[start - 2].isASCIIDigit
        {
            if pattern.startsWord { return nil }
            // Nor does any pattern start inside a word ("O2" in "SpO2").
            if start < text.count, MoneyReader.isWordScalar(text[start]) { return nil }
        }
        // Most tries fail: they fill the memo's list for their depth, and only a match takes it.
        var captured = memo.captures(depth: depth)
        guard let end = matchElements(pattern, text, at: start, depth: depth, memo: memo, into: &captured) else {
            memo.putCaptures(captured, depth: depth)
            return nil
        }
        return (end, captured)
    }

    /// `match` once a pattern may start at `start`: where its elements end, what they captured
    /// put in `captured`.
    private func matchElements(
        _ pattern: Pattern, _ text: [Unicode.Scalar], at start: Int, depth: Int, memo: Memo, into captured: inout [Captured]
    ) -> Int? {
        var index = start
        /// The last `{value}` read and where it ends.
        var valueKind: (ValueKind, Int)?
        for element in pattern.elements {
            switch element {
            case .space:
                while index < text.count, MoneyReader.isSpace(text[index]) { index += 1 }
            case let .literal(scalars):
                guard Self.hasPrefix(text, scalars, at: index) else { return nil }
                index += scalars.count
            case let .capture(capture):
                guard let (value, end) = read(capture, text, at: index, depth: depth, memo: memo) else { return nil }
                // An amount and a percentage are no range: "1.499 € -13 %" is a price and a discount.
                if case .value = capture {
                    let kind = ValueKind(value, text, start: index, end: end)
                    if pattern.isScore, kind != .number { return nil }
                    if let (before, beforeEnd) = valueKind {
                        guard before.joins(kind) else { return nil }
                        if pattern.reading == .range, MoneyReader.isSpace(text[beforeEnd]), MoneyReader.isSpace(text[index - 1]),
                            !before.ranges(to: kind)
                        {
                            return nil
                        }
                    }
                    valueKind = (kind, end)
                }
                captured.append(value)
                index = end
            }
        }
        guard index > start else { return nil }
        if pattern.reading == .range || pattern.isScore, Self.hasMinus(text, start..<index) { return nil }
        if pattern.reading == .range, Self.descends(captured, text) { return nil }
        // The match must end where a word or a number ends.
        if index < text.count, MoneyReader.isWordScalar(text[index - 1]), MoneyReader.isWordScalar(text[index]),
            text[index - 1].isASCIIDigit == text[index].isASCIIDigit || text[index].isASCIIDigit
        {
            return nil
        }
        // A code glued together ("A1B2C3") is read whole or not at all: a match that is one token
        // does not end between its digits and the letters after them (a part of a pattern may).
        if depth == 0, index < text.count, text[index - 1].isASCIIDigit, text[index].isLetterLike,
            !(start..<index).contains(where: { MoneyReader.isSpace(text[$0]) })
        {
            return nil
        }
        return index
    }

    /// Whether a dash in `range` has a space before it and a digit right after it: a sign, no
    /// range or score ("Ibex 35 -1,2 %" is an index and a fall).
    static func hasMinus(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        range.dropFirst().dropLast().contains { isMinusSign(text[$0]) && MoneyReader.isSpace(text[$0 - 1]) && text[$0 + 1].isASCIIDigit }
    }

    /// Whether the first two plain whole numbers or amounts a range pattern read go down or stay:
    /// then they are no range but a score, a result or two fields ("Lakers 112-108", "29-10",
    /// "2-2", "R$ 450.000 - 2 quartos"). A year and the last two digits of the next one are a
    /// range ("2024-25"); hours, days and years are not looked at ("11:00-1 pm"). A minus sign
    /// a pattern reads first or after its separator is the next number's ("−7…−3°" goes up; the
    /// dash of "2-4" stands between).
    static func descends(_ captured: [Captured], _ text: [Unicode.Scalar]) -> Bool {
        var first: Decimal?
        var negative = false
        var afterNumber = false
        for item in captured {
            var value: Decimal
            switch item {
            case let .number(number, 0, .value, _), let .number(number, 0, .number, _), let .number(number, 0, .integer, _),
                let .number(number, 0, .digit, _):
                value = number
            case let .money(reading) where reading.fractionDigits == 0 && reading.scale == nil: value = reading.value
            case let .text(range):
                negative = !afterNumber && range.count == 1 && isMinusSign(text[range.lowerBound])
                afterNumber = false
                continue
            case .unit: continue
            default: return false
            }
            if negative { value.negate() }
            negative = false
            afterNumber = true
            guard let before = first else {
                first = value
                continue
            }
            return value <= before && !(before >= 1000 && before <= 9999 && value < 100)
        }
        return false
    }

    private func read(_ capture: Pattern.Capture, _ text: [Unicode.Scalar], at index: Int, depth: Int, memo: Memo) -> (Captured, Int)? {
        func written(_ end: Int) -> String { String(scalars: text, index..<end) }
        /// The value of the digits from `index` to `end` (at most 18 of them).
        func whole(_ end: Int) -> Int { (index..<end).reduce(0) { $0 * 10 + Int(text[$1].value) - 48 } }
        switch capture {
        case .number:
            // A number starts with a digit: elsewhere the memo is not asked.
            guard index < text.count, text[index].isASCIIDigit,
                let reading = number(text, at: index, memo: memo)
            else { return nil }
            return (.number(reading.value, fractionDigits: reading.fractionDigits, capture: capture), reading.end)
        case .integer:
            var end = index
            while end < text.count, text[end].isASCIIDigit, end - index <= 18 { end += 1 }
            guard end > index, end - index <= 18 else { return nil }
            let zeros = (index..<(end - 1)).prefix { text[$0] == "0" }.count
            return (.number(Decimal(whole(end)), fractionDigits: 0, capture: capture, leadingZeros: zeros), end)
        case .digit:
            guard index < text.count, text[index].isASCIIDigit else { return nil }
            return (.number(Decimal(whole(index + 1)), fractionDigits: 0, capture: capture), index + 1)
        case .day, .month, .day2, .month2, .twoDigits, .fourDigits, .byte, .year, .hour, .minute, .second, .within:
            guard let (value, end) = Self.digits(text, at: index, reading: capture) else { return nil }
            return (.number(Decimal(value), fractionDigits: 0, capture: capture), end)
        case .name:
            // Letters glued to digits are no name but what the number is ("2D", "4K"): "Sala 3 — 2D" is no score.
            guard index == 0 || !text[index - 1].isASCIIDigit, let end = Self.nameEnd(text, at: index) else { return nil }
            return (.text(index..<end), end)
        case .code:
            guard let end = LetterDigitCode.end(text, at: index) ?? LetterDigitCode.namedEnd(text, at: index) else { return nil }
            return (.text(index..<end), end)
        case let .letters(ranges):
            guard index < text.count, text[index].isLetterLike, text[index].properties.isLowercase else { return nil }
            var end = index + 1
            while end < text.count, text[end].isLetterLike { end += 1 }
            // Shorter words are endings ("5-го", "7-ми"), which patterns of their own read.
            guard end - index >= 3, ranges.isEmpty || (index..<end).allSatisfy({ at in ranges.contains { $0.contains(text[at]) } })
            else { return nil }
            return (.text(index..<end), end)
        case let .roman(values):
            var end = index
            while end < text.count, RomanNumeral.digits[text[end]] != nil { end += 1 }
            // A lower-case ending may follow ("XXIe", "XIXde"): the pattern's literal reads it.
            guard end > index, end >= text.count || !text[end].isLetterLike || text[end].properties.isLowercase,
                let value = RomanNumeral.value(written(end)), values.map({ end - index >= 2 && $0.contains(value) }) ?? true
            else {
                return nil
            }
            // One letter is a name's initial ("Juan D.", "Peter L.") where it is C, D, L or M, the
            // number of no ruler, or where a point follows it after a name ("categoría I." is one).
            if end - index == 1, value >= 50 || (end < text.count && text[end] == "." && Self.followsName(text, at: index)) {
                return nil
            }
            return (.number(Decimal(value), fractionDigits: 0, capture: capture), end)
        case .monthName, .weekday:
            let calendar = profile.writing.calendar
            let names = capture == .monthName ? calendar.months : calendar.weekdays
            // Letters, and letters after a hyphen ("segunda-feira"), the longest name first.
            var ends: [Int] = []
            var end = index
            while end < text.count {
                if text[end].isLetterLike {
                    end += 1
                } else if text[end] == "-", end > index, end + 1 < text.count, text[end + 1].isLetterLike {
                    ends.append(end)
                    end += 1
                } else {
                    break
                }
            }
            guard end > index else { return nil }
            ends.append(end)
            for candidate in ends.reversed() {
                let key = CalendarNames.nameKey(written(candidate))
                guard let number = names[key] else { continue }
                // "May" and "Monday" only with a capital where the language writes one.
                if calendar.capitalized.contains(key), text[index].properties.isLowercase { return nil }
                var last = candidate
                // An abbreviation takes its dot ("dic.", "Sept."); a name written in full leaves
                // it to the sentence it ends ("in November.").
                if last < text.count, text[last] == ".", names.contains(where: { $0.value == number && $0.key.count > key.count }) {
                    last += 1
                }
                return (.number(Decimal(number), fractionDigits: 0, capture: capture), last)
            }
            return nil
        case .dayPeriod:
            guard let (period, end) = dayPeriod(text, at: index) else { return nil }
            return (.number(Decimal(period), fractionDigits: 0, capture: capture), end)
        case .amount:
            guard index < text.count, amountStart.contains(text[index]),
                let reading = amount(text, at: index, memo: memo)
            else { return nil }
            return (.money(reading), reading.end)
        case .value:
            guard index < text.count, valueStart.contains(text[index]) else { return nil }
            if let known = memo.values[index, memo.generation] { return known }
            let reading = readValue(text, at: index, depth: depth, memo: memo)
            memo.values.remember(reading, at: index, generation: memo.generation)
            return reading
        case .unit:
            guard let (term, end) = units.longest(text, at: index, wholeWord: true) else { return nil }
            return (.unit(term), end)
        case let .word(words):
            guard let (word, end) = lowercasedWord(text, at: index, memo: memo), words.contains(word) else { return nil }
            return (.text(index..<end), end)
        case let .oneOf(choices):
            guard let choice = choices.first(where: { Self.hasPrefix(text, $0, at: index) }) else { return nil }
            return (.text(index..<index + choice.count), index + choice.count)
        case let .pattern(reference):
            guard index < text.count, reference.number < named.count, let group = named[reference.number] else { return nil }
            return group._withUnsafeGuaranteedRef { group in
                guard group.mayStart.contains(text[index]) else { return nil }
                if let known = memo.named[reference.number][index, memo.generation] { return known }
                let reading = longest(of: group, text, at: index, depth: depth + 1, memo: memo)
                memo.named[reference.number].remember(reading, at: index, generation: memo.generation)
                return reading
            }
        }
    }

    /// The letters at `index`, lowercased, and where they end; nil when no letter is there. Made
    /// once per position.
    private func lowercasedWord(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> (String, Int)? {
        if let known = memo.words[index, memo.generation] { return known }
        var end = index
        while end < text.count, text[end].isLetterLike { end += 1 }
        let word = end > index ? (String(lowercasing: text, index..<end), end) : nil
        memo.words.remember(word, at: index, generation: memo.generation)
        return word
    }

    /// The amount at `index`, read once.
    private func amount(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> MoneyReader.Reading? {
        if let known = memo.amounts[index, memo.generation] { return known }
        let reading = money.read(text, at: index)
        memo.amounts.remember(reading, at: index, generation: memo.generation)
        return reading
    }

    /// The number at `index`, read once.
    private func number(_ text: [Unicode.Scalar], at index: Int, memo: Memo) -> NumberFormat.Reading? {
        if let known = memo.numbers[index, memo.generation] { return known }
        let reading = profile.numbers.read(text, from: index).map {
            dotGroupedCount($0, text) ?? foreignDecimal($0, text, start: index) ?? $0
        }
        memo.numbers.remember(reading, at: index, generation: memo.generation)
        return reading
    }

    /// A number written with the decimal point of another convention, a "." or "," the region
    /// neither groups with nor writes decimals with, when one or two digits and then a unit follow:
    /// "Вес 2.5 кг", "Рост 1.75 м" where Russian writes "2,5". Where one of the two groups
    /// (es-AR, en-US) the number format reads it already; without a unit "12.05" may be a date
    /// and "3.4" a section. After a word of `decimal-point-words` (a bookmaker's odds: "Кэф 2.05",
    /// "Quotering 1.07", "Cuota 2.10") the point is a decimal one with no unit, even where the
    /// region groups with it: one or two digits after it are no group of thousands; nor are four
    /// or more, with a unit or without one (a coordinate: "40.4168° N", "-34.6037, -58.3816").
    private func foreignDecimal(_ number: NumberFormat.Reading, _ text: [Unicode.Scalar], start: Int) -> NumberFormat.Reading? {
        let point = number.end
        guard number.fractionDigits == 0, !number.isGrouped, point + 1 < text.count, text[point] == "." || text[point] == ",",
            text[point] != profile.numbers.decimalSeparator, text[point + 1].isASCIIDigit
        else { return nil }
        var end = point + 1
        while end < text.count, text[end].isASCIIDigit, end - point <= 9 { end += 1 }
        // Three digits may be a group of thousands ("2.500 kg"); four or more are none, even where
        // the region groups with the point ("40.4168° N").
        let digits = end - point - 1
        guard digits != 3, digits <= 8, end + 1 >= text.count || !(text[end] == "." || text[end] == ",") || !text[end + 1].isASCIIDigit,
            let value = DecimalDigits.decimal(integer: text[start..<point], fraction: text[(point + 1)..<end])
        else { return nil }
        let reading = NumberFormat.Reading(value: value, fractionDigits: digits, isGrouped: false, end: end)
        // Where the region groups with the point, one or two digits are decimals after a word only.
        if digits < 4, profile.numbers.isGrouping(text[point]) { return followsDecimalPointWord(text, at: start) ? reading : nil }
        // Without a unit, four decimals or more make a coordinate's degrees (three digits at most
        // before the point: "2024.00123" is an order's number).
        if digits >= 4, point - start <= 3 { return reading }
        return unit(after: reading, at: start, text) != nil || followsDecimalPointWord(text, at: start) ? reading : nil
    }

    /// Whether a word of `decimal-point-words` comes before `index`, with spaces, a colon, an "@"
    /// or an opening bracket between ("Кэф 2.05", "Cuota @ 2.10", "ТБ(2.5)", "П1 1.95").
    private func followsDecimalPointWord(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard !profile.decimalPointWords.isEmpty else { return false }
        var end = index
        while end > 0, MoneyReader.isSpace(text[end - 1]) || text[end - 1] == ":" || text[end - 1] == "@" || text[end - 1] == "(" {
            end -= 1
        }
        var start = end
        while start > 0, text[start - 1].isLetterLike || text[start - 1].isASCIIDigit { start -= 1 }
        return start < end && end < index && profile.decimalPointWords.contains(String(lowercasing: text, start..<end))
    }

    /// A count written with a dot that groups thousands where the region's decimal point is a dot
    /// and its shops group with one too (`dot-groups-amounts`, Peru and Mexico), read as amounts
    /// are: two digits or more before the point or three ending in "00" after it, and then a word
    /// that is no unit ("10.000 pasos", "5.000 seguidores"). A unit keeps the decimals a scale
    /// prints ("12.500 kg"), but for the units of `dot-groups-before` ("3.400 m.s.n.m.", "6.768 m").
    private func dotGroupedCount(_ number: NumberFormat.Reading, _ text: [Unicode.Scalar]) -> NumberFormat.Reading? {
        guard profile.money.dotGroupsAmounts, profile.numbers.decimalSeparator == ".", number.fractionDigits == 3, !number.isGrouped
        else { return nil }
        let word = Self.wordAfter(text, at: number.end)
        guard word.lowerBound > number.end, !word.isEmpty, text[word.lowerBound].properties.isLowercase else { return nil }
        guard let (_, unitEnd) = unit(at: word.lowerBound, text) else { return MoneyReader.dotGroupedThousands(number) }
        guard profile.dotGroupsBefore.contains(String(scalars: text, word.lowerBound..<unitEnd)) else { return nil }
        return MoneyReader.dotGroupedThousands(number, anyValue: true)
    }

    /// Where a capture read at `index` ends, nil when it reads nothing there: what a pattern
    /// group asks before it tries the patterns starting with the capture.
    private func end(of capture: Pattern.Capture, _ text: [Unicode.Scalar], at index: Int, depth: Int, memo: Memo) -> Int? {
        if case let .oneOf(choices) = capture {
            return choices.first { Self.hasPrefix(text, $0, at: index) }.map { index + $0.count }
        }
        if capture == .name { return Self.nameEnd(text, at: index) }
        // Digits are only counted: a reading would make a `Decimal` the gate throws away.
        if capture.digitLimits != nil { return Self.digits(text, at: index, reading: capture)?.end }
        return read(capture, text, at: index, depth: depth, memo: memo)?.1
    }

    /// The value and end of the run of digits a capture of digits (`digitLimits`) reads at `index`.
    private static func digits(_ text: [Unicode.Scalar], at index: Int, reading capture: Pattern.Capture) -> (value: Int, end: Int)? {
        guard let limits = capture.digitLimits else { return nil }
        return digits(text, at: index, limits, leadingZero: capture.unlimited != .byte)
    }

    /// The value and end of the run of digits at `index` when it is as long as `limits` allow
    /// (the run ends there) and its value is one they allow.
    ///
    /// - Parameter leadingZero: whether a run of two digits or more may start with a zero ("05");
    ///   a part of an IP address may not, so "250.000.000.000" stays a number.
    static func digits(
        _ text: [Unicode.Scalar], at index: Int, _ limits: (width: ClosedRange<Int>, values: ClosedRange<Int>), leadingZero: Bool = true
    ) -> (value: Int, end: Int)? {
        if !leadingZero, index + 1 < text.count, text[index] == "0", text[index + 1].isASCIIDigit { return nil }
        var end = index
        var value = 0
        while end < text.count, text[end].isASCIIDigit, end - index <= limits.width.upperBound {
            value = value * 10 + Int(text[end].value) - 48
            end += 1
        }
        guard limits.width.contains(end - index), end >= text.count || !text[end].isASCIIDigit, limits.values.contains(value) else {
            return nil
        }
        return (value, end)
    }

    /// Where the `{name}` at `index` ends: a word with a capital, and its parts after a hyphen or
    /// an apostrophe ("Saint-Denis", "O’Higgins").
    private static func nameEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        guard index < text.count else { return nil }
        let first = text[index]
        guard first.value < 0x80 ? ("A"..."Z").contains(first) : first.properties.isUppercase && first.isLetterLike else { return nil }
        var end = index + 1
        while end < text.count {
            if text[end].isLetterLike {
                end += 1
            } else if text[end] == "-" || text[end] == "’" || text[end] == "'", end + 1 < text.count, text[end + 1].isLetterLike {
                end += 2
            } else {
                break
            }
        }
        return end
    }

    /// The longest of an amount, a `time` pattern, or a number with its unit at `index`.
    private func readValue(_ text: [Unicode.Scalar], at index: Int, depth: Int, memo: Memo) -> (Captured, Int)? {
        var best: (Captured, Int)?
        func keep(_ candidate: (Captured, Int)?) {
            if let candidate, candidate.1 > (best?.1 ?? index) { best = candidate }
        }
        keep(read(.amount, text, at: index, depth: depth, memo: memo))
        if let timeReference {
            keep(read(.pattern(timeReference), text, at: index, depth: depth, memo: memo))
        } else {
            keep(longest(of: timePatterns, text, at: index, depth: depth + 1, memo: memo))
        }
        if text[index].isASCIIDigit, let number = number(text, at: index, memo: memo) {
            // A code is no value: "Pedido nº 1234567-89" is no range, nor is "Expediente 00123-2024"
            // (three digits or more led by a zero are said as written).
            if isCode(text, index..<number.end) || Self.hasLeadingZero(text, index..<number.end) { return best }
            // A scale's letter is its thousands on either side of a range, as alone ("50K–70K USD",
            // "35K–40K €", "R$ 12k–15k"): read before a unit, which the same letter would be
            // otherwise (kelvins, carats).
            let found = scale(after: number, at: index, text).scale
            if let (scale, end) = found { keep((.quantity(number, .noun(scale.noun)), end)) }
            if let (term, end) = unit(after: number, at: index, text), !Self.scaleGoesOnWithSlash(found?.end, text) {
                // A unit that is also a foreign currency's sign is the unit: "2 L" is litres,
                // not the Honduran lempira.
                if case let .money(reading)? = best?.0, reading.end == end, reading.currency != profile.money.home {
                    best = nil
                }
                keep((.quantity(number, term), end))
            }
            keep((.number(number.value, fractionDigits: number.fractionDigits, capture: .number), number.end))
        }
        // An amount per a unit or a word is one value: "~$180/mo" about … per month ("/persona/noche"
        // is read by the patterns that write both).
        if case var .money(reading)? = best?.0, let end = best?.1, let (per, perEnd) = perWord(after: end, text),
            perEnd == text.count || text[perEnd] != "/"
        {
            reading.per = per
            best = (.money(reading), perEnd)
        }
        return best
    }

    /// The longest match at `index` of a group's patterns, the first written between the longest.
    private func longest(of group: PatternGroup, _ text: [Unicode.Scalar], at index: Int, depth: Int, memo: Memo) -> (Captured, Int)? {
        var best: (rank: Int, end: Int, captured: [Captured])?
        group.forEachCandidate(
            text, at: index, nested: depth > 0, end: { end(of: $0, text, at: index, depth: depth, memo: memo) },
            then: { rank, pattern in
                guard let (end, captured) = match(pattern, text, at: index, depth: depth, memo: memo), end > index else {
                    return
                }
                if let known = best, (known.end, -known.rank) >= (end, -rank) { return }
                best = (rank, end, captured)
            })
        guard let best else { return nil }
        return (.pattern(group.patterns[best.rank], best.captured, index..<best.end), best.end)
    }

    // MARK: Saying

    /// The noun a number with none after it leaves out: the one the number before it counts, in
    /// the same sentence and a few words back ("1 tableta con el almuerzo y 1 con la cena": una).
    /// A number leaves its noun out where what follows it is no word, or a word of two letters or
    /// one the language lists as no noun ("con", "después"); any other word may be its noun.
    private func elidedNoun(_ text: [Unicode.Scalar], before start: Int, after end: Int) -> Noun? {
        let next = Self.wordAfter(text, at: end)
        guard next.count <= 2 || profile.notNouns.contains(String(lowercasing: text, next)) else { return nil }
        // Sixty scalars back at most: a text of many numbers is not read again for each of them.
        var index = start
        while index > 0, start - index < 60 {
            index -= 1
            if Self.endsSentence(text, at: index) { return nil }
            guard text[index].isASCIIDigit else { continue }
            // The end of the number before: the noun after it, if it counts one.
            return nounAfter(text, at: index + 1)
        }
        return nil
    }

    /// Whether the word before `index` (spaces between) starts with a capital: "Juan" of "Juan D.".
    private static func followsName(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        let word = wordBefore(text, at: index)
        return word.upperBound < index && !word.isEmpty && text[word.lowerBound].properties.isUppercase
    }

    /// Whether a match would end between a number and the sign that belongs to it: an ordinal
    /// sign ("3" of "1.500 - 3º andar"), a degree sign ("24" of "Lun. 24° / 15°") or a percent
    /// sign, spaces between ("20" of "€ 14,99 -20 %"). The number is read with its sign, never
    /// without it.
    private static func endsBeforeNumberSign(_ text: [Unicode.Scalar], _ end: Int) -> Bool {
        guard end > 0, end < text.count, text[end - 1].isASCIIDigit else { return false }
        if text[end] == "º" || text[end] == "ª" || text[end] == "°" { return true }
        var next = end
        while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
        return next < text.count && (text[next] == "%" || text[next] == "‰")
    }

    /// Whether the text before `end` is a number's written suffix: one to three letters after a
    /// digit, right after it or a space after it ("1ra", "2do", "4è", "10:30 hs"), whose dot after
    /// it ("1ra. cuota", "10:30 hs. en") is its own.
    private static func endsWithDigitSuffix(_ text: [Unicode.Scalar], _ end: Int) -> Bool {
        var start = end
        while start > 0, end - start < 3, text[start - 1].isLetterLike { start -= 1 }
        guard start < end else { return false }
        // After a space only an abbreviation in lower case ("U. de Chile" after a score is a name's).
        if start > 1, text[start - 1] == " ", text[start].properties.isLowercase { start -= 1 }
        return start > 0 && text[start - 1].isASCIIDigit
    }

    /// Whether a scalar is an arrow (Unicode's arrow blocks and the dingbat arrows).
    private static func isArrow(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2190...0x21FF, 0x27F0...0x27FF, 0x2900...0x297F, 0x2794...0x27BF, 0x2B00...0x2B11: true
        default: false
        }
    }

    /// The scale written after a number ("12K", "3 millones"), unless the letter there is a
    /// place's, a model's or a house's, which neither a scale nor a unit reads (`letter`): "Calle
    /// 10A", "i7-13700K" (no thousands, no kelvins), "221B Baker St". A letter glued to four
    /// digits or more is no scale either ("6500K" is a colour temperature), but may be a unit.
    private func scale(after number: NumberFormat.Reading, at start: Int, _ text: [Unicode.Scalar])
        -> (scale: (scale: Scale, end: Int)?, letter: Bool)
    {
        let glued = Self.gluedLetter(text, number, start: start)
        if glued == .model || isPlaceLetter(text, number, start: start) { return (nil, true) }
        guard glued == nil, let (scale, end) = money.scales.longest(text, after: number.end) else { return (nil, false) }
        if Self.isHouseLetter(text, number, end) { return (nil, true) }
        return ((scale, end), false)
    }

    /// Whether a scale read at the number is followed by a slash: "60K/yr" is sixty thousand a
    /// year, never kelvins per year, whatever unit the letter and the slash would make.
    private static func scaleGoesOnWithSlash(_ scaleEnd: Int?, _ text: [Unicode.Scalar]) -> Bool {
        guard let scaleEnd else { return false }
        return scaleEnd < text.count && text[scaleEnd] == "/"
    }

    /// Whether the one capital letter glued to a whole number, which a scale could read
    /// ("12K likes", "7B parameters"), is rather a letter of an address or a seat because a
    /// name follows: "221B Baker St" is two hundred twenty-one B.
    private static func isHouseLetter(_ text: [Unicode.Scalar], _ number: NumberFormat.Reading, _ end: Int) -> Bool {
        guard end == number.end + 1, number.fractionDigits == 0, text[number.end].properties.isUppercase else { return false }
        let next = wordAfter(text, at: end)
        return next.lowerBound > end && !next.isEmpty && text[next.lowerBound].properties.isUppercase
    }

    /// Whether the one capital letter glued to a whole number is a place's letter: a word that
    /// names a place numbered with letters (`place-words`) stands before it, or a number sign
    /// ("Calle 10A", "Kerkstraat 12A", "Дом 7В", "Asiento: 14A", "Apt #3B"), or it goes on a list
    /// of such places ("Места 22А, 22Б", "Asientos 14A, 14B"). Neither a unit nor a scale reads
    /// it then; it is said as the letter it is.
    private func isPlaceLetter(_ text: [Unicode.Scalar], _ number: NumberFormat.Reading, start: Int) -> Bool {
        guard number.fractionDigits == 0 else { return false }
        return isPlaceLetter(text, digits: start..<number.end, listed: 0)
    }

    /// `isPlaceLetter` for the letter after the digits at `digits`; `listed` counts the items of
    /// a list already looked back over.
    private func isPlaceLetter(_ text: [Unicode.Scalar], digits: Range<Int>, listed: Int) -> Bool {
        let start = digits.lowerBound
        let end = digits.upperBound
        guard let places = profile.placeWords, end < text.count, text[end].isLetterLike,
            text[end].properties.isUppercase, end + 1 == text.count || !MoneyReader.isWordScalar(text[end + 1])
        else { return false }
        var before = start - 1
        while before >= 0, MoneyReader.isSpace(text[before]) { before -= 1 }
        if before >= 0, text[before] == "#" || text[before] == "№" { return true }
        // "n° 12A", "Nº 12A".
        if before >= 1, text[before] == "°" || text[before] == "º", text[before - 1] == "n" || text[before - 1] == "N" { return true }
        // The item before on a list: digits and one capital, then a comma.
        if before >= 2, text[before] == ",", listed < 12, text[before - 1].properties.isUppercase, text[before - 2].isASCIIDigit {
            var first = before - 2
            while first > 0, text[first - 1].isASCIIDigit { first -= 1 }
            if first == 0 || !MoneyReader.isWordScalar(text[first - 1]) {
                return isPlaceLetter(text, digits: first..<(before - 1), listed: listed + 1)
            }
        }
        return Self.hasWord(text, from: start - 1, step: -1, within: places.within, throughDot: true) {
            places.names(String(lowercasing: text, $0))
        }
    }

    /// One letter glued to a whole number of four digits or more written without groups, at
    /// the end of the word: no scale ("6500K" kelvins, not six and a half million).
    private enum GluedLetter {
        case letter
        /// After a hyphen that joins a name of letters and digits: a model's ("i7-13700K"), no
        /// unit either.
        case model
    }

    private static func gluedLetter(_ text: [Unicode.Scalar], _ number: NumberFormat.Reading, start: Int) -> GluedLetter? {
        let end = number.end
        // A screen's or a race's name: "4K", "8K", "5K" with no word in lower case after it (no
        // thousands: "4K UHD", "Ultra HD 4K", "4K/60 fps"; "5K seguidores" counts).
        if end - start == 1, [2, 4, 5, 8].contains(number.value), end < text.count, text[end] == "K",
            end + 1 == text.count || !MoneyReader.isWordScalar(text[end + 1]) && text[end + 1] != "+"
        {
            let next = wordAfter(text, at: end + 1)
            if next.isEmpty || !text[next.lowerBound].properties.isLowercase { return .model }
        }
        guard end - start >= 4, !number.isGrouped, number.fractionDigits == 0, end < text.count, text[end].isLetterLike,
            end + 1 == text.count || !MoneyReader.isWordScalar(text[end + 1])
        else { return nil }
        return start >= 2 && text[start - 1] == "-" && endsWordWithLetters(text, start - 1) ? .model : .letter
    }

    /// Whether nothing but spaces stands before `index`.
    private static func opensText(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        text[..<index].allSatisfy(MoneyReader.isSpace)
    }

    /// Whether a pattern's match would end inside digits joined by a slash, a dot or a colon:
    /// "Publié le 05/11" of "Publié le 05/11/2025" and "le 12.03" of "le 12.03.1985" are no day
    /// and month, the date goes on; "Таймер 01:25" of "Таймер 01:25:07" is no minutes and seconds.
    private static func cutsSlashedDigits(_ text: [Unicode.Scalar], _ end: Int) -> Bool {
        end > 0 && end + 1 < text.count && text[end - 1].isASCIIDigit && (text[end] == "/" || text[end] == "." || text[end] == ":")
            && text[end + 1].isASCIIDigit
    }

    /// The year rule set, where the number at `range` is a year written alone (`years-alone`):
    /// four digits in the range, no word after them ("Property tax (2024)", "Rijwoning 1930 ·").
    private func yearAlone(_ number: NumberFormat.Reading, _ text: [Unicode.Scalar], _ range: Range<Int>) -> String? {
        guard let years = profile.spellout.yearsAlone, let ruleSet = profile.spellout.year, range.count == 4, number.fractionDigits == 0,
            !number.isGrouped, years.contains(Int(truncating: number.value as NSNumber)), Self.wordAfter(text, at: range.upperBound).isEmpty
        else { return nil }
        return ruleSet
    }

    /// Where groups of digits joined by hyphens that no date, range or list is written as end,
    /// nil where there are none at `index`: three groups or more with one of four digits or
    /// more, or a group of three digits or more led by a zero ("3311-0042-77", "123-45-6789",
    /// "00123-2024", "592-1234567-89"). A date's groups are never so ("05-11-2025",
    /// "2025-11-05"); "3-6-9", "12-15-20" and "2019-2020" stay numbers.
    static let identifierGroups = 12
    static let identifierGroupLength = 20

    static func identifierEnd(_ text: [Unicode.Scalar], at index: Int) -> (end: Int, groups: Int)? {
        // Runs at every digit that starts a number: the groups' lengths are counted, not kept.
        var groups = 0
        var first = 0
        var second = 0
        var third = 0
        var long = false
        var leadingZero = false
        // Groups joined by dots that group no thousands ("2024.000.123", "2021.1.0045": a protocol's
        // or an enrolment's number; "1.234.567" is a number), or by slashes ("Réf. 123/4567/89012",
        // "Factuur nr. 2024/00123"; "12/05/2025" is a date, "1/250" a fraction).
        var dotted = false
        var slashed = false
        var hyphened = false
        var groupsThousands = true
        var cursor = index
        while true {
            let start = cursor
            while cursor < text.count, text[cursor].isASCIIDigit { cursor += 1 }
            let length = cursor - start
            guard length > 0 else { return nil }
            groups += 1
            switch groups {
            case 1: first = length
            case 2: second = length
            case 3: third = length
            default: break
            }
            // An identifier has a few groups, of a few digits: a longer chain ("1.2.3.4…" over a
            // whole line) is none, and is not walked again from each of its digits.
            guard groups <= Self.identifierGroups, length <= Self.identifierGroupLength else { return nil }
            if length >= 4 { long = true }
            if text[start] == "0", length >= 3 { leadingZero = true }
            if groups == 1 ? length > 3 : length != 3 { groupsThousands = false }
            guard cursor + 1 < text.count, text[cursor] == "-" || text[cursor] == "." || text[cursor] == "/", text[cursor + 1].isASCIIDigit
            else { break }
            switch text[cursor] {
            case ".": dotted = true
            case "/": slashed = true
            default: hyphened = true
            }
            cursor += 1
        }
        // Dots and hyphens mixed are a document's own format, read by its pattern ("NIS
        // 123.45678.90-1"); so are slashes with either ("12.345.678/001").
        if dotted, groupsThousands || groups < 3 || hyphened { return nil }
        if slashed, dotted || hyphened { return nil }
        // A letter or another digit group joined to it makes something else ("2024-11-05T10:00", "A-1").
        guard groups >= 2, cursor == text.count || !MoneyReader.isWordScalar(text[cursor]) else { return nil }
        if leadingZero { return (cursor, groups) }
        guard groups >= 3, long else { return nil }
        let isDate =
            groups == 3
            && (first <= 2 && second <= 2 && (third == 2 || third == 4) || first == 4 && second <= 2 && third <= 2)
        return isDate ? nil : (cursor, groups)
    }

    /// Whether a match other than a plain number takes some of three or more groups of digits
    /// joined by hyphens, or of an identifier's, and leaves the others: "3-6" of "Bail 3-6-9"
    /// is no range, "No. 3311" of "No. 3311-0042-77" no number of its own. A date or a pattern
    /// that takes them all is whole, but no range or score is made of an identifier's groups
    /// ("Dossier 00123-2024").
    private static func splitsDigitGroups(_ match: Match, _ text: [Unicode.Scalar]) -> Bool {
        switch match.kind {
        case .number: return false
        case let .pattern(pattern, _) where pattern.reading == .range || pattern.isScore:
            for index in match.start..<match.end where text[index].isASCIIDigit && (index == 0 || !text[index - 1].isASCIIDigit) {
                if let (end, _) = identifierEnd(text, at: index), end <= match.end { return true }
            }
        default: break
        }
        func joins(_ index: Int) -> Bool {
            index >= 1 && index + 1 < text.count && text[index] == "-" && text[index - 1].isASCIIDigit && text[index + 1].isASCIIDigit
        }
        let before = joins(match.start - 1)
        let after = joins(match.end)
        guard before || after else { return false }
        // Three groups (two hyphens) are enough to know: the walk stops there, so a long chain
        // ("12-34-12-34…" over a whole line) costs each match a few steps, not the chain.
        let anchor = before ? match.start - 1 : match.end
        var hyphens = 1
        var start = anchor
        while start > 0, text[start - 1].isASCIIDigit || joins(start - 1) {
            start -= 1
            if joins(start) {
                hyphens += 1
                if hyphens >= 2 { return true }
            }
        }
        var cursor = anchor + 1
        while cursor < text.count, text[cursor].isASCIIDigit || joins(cursor) {
            if joins(cursor) {
                hyphens += 1
                if hyphens >= 2 { return true }
            }
            cursor += 1
        }
        return identifierEnd(text, at: start) != nil
    }

    /// Whether the number at `range` is three digits or more, the first a zero: a postal code, a
    /// reference or a file ("08001 Barcelona", "Ref. 00123"), whose zeros a count would drop.
    private static func hasLeadingZero(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        range.count >= 3 && text[range.lowerBound] == "0" && range.allSatisfy { text[$0].isASCIIDigit }
    }

    /// What is written, character by character: digits as numbers ("0421": cero cuatro dos uno),
    /// letters as written, each apart, a hyphen a pause ("HX7K2P" → H X seven K two P, "9QH3-7721"
    /// → nine Q H three, seven seven two one).
    private func characterByCharacter(_ written: String) throws(InputError) -> Utterance.Segment {
        var words: [String] = []
        for scalar in written.unicodeScalars {
            if scalar.isASCIIDigit {
                words.append(try verbalizer.number(Decimal(Int(scalar.value) - 48), fractionDigits: 0).words)
            } else if scalar.isLetterLike {
                words.append(String(scalar).uppercased())
            } else if let last = words.last, !last.hasSuffix(",") {
                words[words.count - 1] = last + ","
            }
        }
        return Utterance.Segment(words: words.joined(separator: " "), label: written, written: written)
    }

    /// Whether the number written at `range` is a code (`codes`): nine digits or more, six or more
    /// after one of the language's number signs, or four to eight digits, no year
    /// (1900–2099) and no count of a noun the data knows, with a word that names a code within
    /// the language's number of words before or after it, in the same sentence and with no other
    /// number between ("Seu código de acesso ao Gov.br é 5839", "123456 is je
    /// Facebook-bevestigingscode").
    private func isCode(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard let codes = profile.codeWords, range.allSatisfy({ text[$0].isASCIIDigit }) else { return false }
        // Six digits or more right after a number sign: an order or a file, no count ("Pedido
        // #4839201", "Заказ № 4839201").
        if range.count >= 6, followsNumberSign(text, at: range.lowerBound) { return true }
        // Nine digits or more with no grouping are an identifier, never an amount to say in
        // words: a tracking number, an account, a phone ("Pedido 1234567890").
        if range.count >= 9 { return true }
        guard (4...8).contains(range.count) else { return false }
        if range.count == 4, let year = Int(String(scalars: text, range)), (1900...2099).contains(year) { return false }
        // A count ("gana 1000 puntos"): the noun after it is one the data knows.
        let next = Self.wordAfter(text, at: range.upperBound)
        if next.lowerBound > range.upperBound, !next.isEmpty, profile.writing.nounsByForm[String(lowercasing: text, next)] != nil {
            return false
        }
        let namesCode = { (word: Range<Int>) -> Bool in
            guard codes.words.contains(String(lowercasing: text, word)) else { return false }
            let after = Self.wordAfter(text, at: word.upperBound)
            return after.isEmpty || !codes.except.contains(String(lowercasing: text, after))
        }
        // A code word's abbreviation right before the number: "Cód. 4567", "Réf. : 12345" (a dot
        // further back ends a sentence: "Sin código. Pagás 4829").
        return Self.hasWord(text, from: range.lowerBound - 1, step: -1, within: 0, throughDot: true, where: namesCode)
            || Self.hasWord(text, from: range.lowerBound - 1, step: -1, within: codes.within, where: namesCode)
            || Self.hasWord(text, from: range.upperBound, step: 1, within: codes.within, where: namesCode)
    }

    /// Where groups of digits joined by hyphens end when a word that names a code stands right
    /// before them ("Póliza 12-34", "Échantillon 2024-118734", "Staalnummer 2024-118734"): an
    /// identifier, never a range. Only right after the word: "Pedido: entrega em 3-5 dias" keeps
    /// its range.
    private func namedIdentifierEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        guard let codes = profile.codeWords, index > 0, !text[index - 1].isASCIIDigit, text[index - 1] != "-" else { return nil }
        let named = Self.hasWord(text, from: index - 1, step: -1, within: 0, throughDot: true) {
            codes.words.contains(String(lowercasing: text, $0))
        }
        guard named || followsNumberSign(text, at: index) else { return nil }
        var cursor = index
        var groups = 0
        while true {
            let start = cursor
            while cursor < text.count, text[cursor].isASCIIDigit { cursor += 1 }
            guard cursor > start, cursor - start <= Self.identifierGroupLength else { return nil }
            groups += 1
            guard groups <= Self.identifierGroups, cursor + 1 < text.count, text[cursor] == "-", text[cursor + 1].isASCIIDigit
            else { break }
            cursor += 1
        }
        guard groups >= 2, groups <= Self.identifierGroups, cursor == text.count || !MoneyReader.isWordScalar(text[cursor])
        else { return nil }
        return cursor
    }

    /// Whether one of the language's number signs (`codes.signs`: "#", "№", "nº") stands right
    /// before `index`, spaces between: the number there names something, it counts nothing.
    private func followsNumberSign(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard let signs = profile.codeWords?.signs, !signs.isEmpty else { return false }
        var before = index
        while before > 0, MoneyReader.isSpace(text[before - 1]) { before -= 1 }
        return signs.contains { sign in
            let start = before - sign.count
            guard Self.hasPrefixInAnyCase(text, sign, at: start) else { return false }
            // A sign of letters is a word of its own ("nr.", not the end of "piano").
            return !(sign.first?.isLetterLike ?? false) || start == 0 || !text[start - 1].isLetterLike
        }
    }

    /// Whether a word on one side of a place, nearest first and at most `within` words away, is
    /// one `fits` takes: `step` -1 looks before `start`, 1 from it on. A digit or a sentence end
    /// stops the search; with `throughDot`, looking back, the word a dot ends is still tried (the
    /// words are abbreviations too: "Dcto. -15%").
    private static func hasWord(
        _ text: [Unicode.Scalar], from start: Int, step: Int, within: Int, throughDot: Bool = false,
        where fits: (Range<Int>) -> Bool
    ) -> Bool {
        var index = start
        var seen = 0
        while seen <= within, index >= 0, index < text.count {
            let scalar = text[index]
            if scalar.isASCIIDigit { return false }
            if endsSentence(text, at: index) {
                // Looking back, an abbreviation's dot ends the search at its word: "Dcto. -15%".
                guard throughDot, step < 0, index > 0, text[index - 1].isLetterLike else { return false }
                var first = index - 1
                while first > 0, text[first - 1].isLetterLike { first -= 1 }
                return fits(first..<index)
            }
            guard scalar.isLetterLike else {
                index += step
                continue
            }
            var other = index
            while other + step >= 0, other + step < text.count, text[other + step].isLetterLike { other += step }
            let word = step > 0 ? index..<(other + 1) : other..<(index + 1)
            if fits(word) { return true }
            seen += 1
            index = other + step
        }
        return false
    }

    /// Whether a word that names a discount (`discount-words`) stands before `start`, close
    /// enough that a badge there ("Скидка -30%", "Descuentos de hasta -50%") is its amount: the
    /// percentage alone, not the discount phrase again.
    private func namesDiscount(_ text: [Unicode.Scalar], before start: Int) -> Bool {
        guard let discount = profile.discountWords else { return false }
        return Self.hasWord(text, from: start - 1, step: -1, within: discount.within, throughDot: true) {
            discount.words.contains(String(lowercasing: text, $0))
        }
    }

    /// Whether the scalar at `index` ends a sentence or a part of a line: ". ", "! ", "? ", ";",
    /// a bullet or a bar.
    private static func endsSentence(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        switch text[index] {
        case ";", "·", "•", "|", "\n": true
        case ".", "!", "?": index + 1 == text.count || MoneyReader.isSpace(text[index + 1])
        default: false
        }
    }

    /// Whether the dot of an abbreviation a match ends with ("15 min.") also ends a sentence:
    /// a capital starts the next word ("15 min. Oventijd"). The words keep it, for the pause;
    /// at the end of the text it is only the abbreviation's ("3 slpk.").
    private static func dotEndsSentence(_ text: [Unicode.Scalar], _ end: Int) -> Bool {
        guard end > 1, text[end - 1] == ".", text[end - 2].isLetterLike else { return false }
        var next = end
        while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
        return next > end && next < text.count && text[next].properties.isUppercase
    }

    /// Whether `range` is all of the text but spaces, or all of a label's value: after "Word:"
    /// up to the end or to the separator of the next item ("Apertura: 19:00" a las diecinueve,
    /// "Puertas: 19:30 · Show: 21:00"). A pattern's `alone` is said for it.
    private static func isWholeText(_ text: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        // Each side stops at its first other scalar: a match inside a long text costs a step or two.
        var before = range.lowerBound
        while before > 0, MoneyReader.isSpace(text[before - 1]) { before -= 1 }
        var after = range.upperBound
        while after < text.count, MoneyReader.isSpace(text[after]) { after += 1 }
        if before == 0 { return after == text.count }
        guard before >= 2, before < range.lowerBound, text[before - 1] == ":", text[before - 2].isLetterLike else { return false }
        return after == text.count || ["·", "•", "|", ",", ";"].contains(text[after])
    }

    private func say(
        _ match: Match, _ text: [Unicode.Scalar], case grammaticalCase: GrammaticalCase, alone: Bool = false
    ) throws(InputError) -> Utterance {
        var said = try sayUnmarked(match, text, case: grammaticalCase, alone: alone)
        let reading = Self.reading(of: match.kind, written: text, match.start..<match.end)
        for index in said.segments.indices where said.segments[index].written != nil && !said.segments[index].isPause {
            said.segments[index].reading = reading
        }
        return said
    }

    /// What a match reads its text as, for reports.
    private static func reading(of kind: Match.Kind, written text: [Unicode.Scalar], _ range: Range<Int>) -> Utterance.Reading {
        switch kind {
        case .money, .moneyPer: .currency
        case .quantity: .unit
        case .number, .tooLong, .identifier: .number
        case .term: range.contains { text[$0].properties.isAlphabetic } ? .abbreviation : .symbol
        case let .pattern(pattern, captured):
            // A value that turned out to be money ("$ 2.300.000/mes") makes the reading money.
            captured.contains { if case .money = $0 { true } else { false } } ? .currency : pattern.reading
        case .fraction: .fraction
        case let .negative(inner): reading(of: inner.kind, written: text, range)
        }
    }

    private func sayUnmarked(
        _ match: Match, _ text: [Unicode.Scalar], case grammaticalCase: GrammaticalCase, alone: Bool
    ) throws(InputError) -> Utterance {
        let written = String(scalars: text, match.start..<match.end)
        switch match.kind {
        case let .money(reading):
            var said = try money(reading, written: written, case: grammaticalCase)
            if Self.dotEndsSentence(text, match.end), let last = said.segments.indices.last { said.segments[last].words += "." }
            return said
        case let .quantity(number, term):
            var segment = try quantity(number.value, fractionDigits: number.fractionDigits, term, written: written, case: grammaticalCase)
            joinMillion(&segment, text, after: match.end)
            if Self.dotEndsSentence(text, match.end) { segment.words += "." }
            return Utterance([segment])
        case let .number(number):
            if isCode(text, match.start..<match.end) || Self.hasLeadingZero(text, match.start..<match.end) {
                return Utterance([try characterByCharacter(written)])
            }
            if let yearRuleSet = yearAlone(number, text, match.start..<match.end) {
                var segment = Utterance.Segment(words: try verbalizer.spell(number.value, ruleSet: yearRuleSet), label: written)
                segment.written = written
                return Utterance([segment])
            }
            // The noun after the number, said in the form its count asks ("1 передача"); after a
            // number sign the number names something and agrees with nothing ("№58231 принята").
            var gender: String?
            var numberCase = grammaticalCase
            if !followsNumberSign(text, at: match.start) {
                let category = verbalizer.category(number.value, fractionDigits: number.fractionDigits)
                let noun =
                    nounAfter(text, at: match.end, category: category, governed: grammaticalCase)
                    ?? elidedNoun(text, before: match.start, after: match.end)
                gender = noun?.gender
                if let noun, let formCase = Self.caseOfForm(noun, text, after: match.end, governed: grammaticalCase, category: category) {
                    numberCase = formCase
                } else if let noun, noun.forms.count == 1, category == .one, grammaticalCase == .nominative,
                    let formCase = profile.genderByEnding.formCase(of: noun.key)
                {
                    // A noun the data does not know, whose ending after one is no nominative.
                    numberCase = formCase
                }
                // Across a range only a gender spelled with rules of its own carries ("1 a 2 tazas"
                // una a dos); the masculine's short form stands right before its noun only ("1 o 2
                // vasos" uno o dos, never "un o dos").
                if noun == nil, let ranged = nounAfterRange(text, from: number.value, at: match.end),
                    profile.spellout.cardinalRuleSet(gender: ranged.gender) != profile.spellout.cardinalRuleSet(gender: nil)
                {
                    gender = ranged.gender
                } else if noun == nil, !profile.articleGenders.isEmpty {
                    // The article before a number whose noun is left out says its gender ("a las 21").
                    let article = Self.wordBefore(text, at: match.start)
                    // Capitals are a code's ("LA 800", a flight), no article.
                    if article.upperBound < match.start, article.upperBound + 2 >= match.start, !article.isEmpty,
                        article.count < 2 || !text[article.lowerBound + 1].properties.isUppercase,
                        let articleGender = profile.articleGenders[String(lowercasing: text, article)]
                    {
                        gender = articleGender
                    }
                }
            }
            var segment: Utterance.Segment
            do {
                segment = try verbalizer.number(
                    number.value, fractionDigits: number.fractionDigits, gender: gender, case: numberCase)
            } catch .tooLarge where written.unicodeScalars.allSatisfy(\.isASCIIDigit) {
                // Digits alone, too many to spell as a number, are an account or a tracking
                // number ("р/с 40702810900000012345"): one by one. Money that large is refused.
                return Utterance([try characterByCharacter(written)])
            }
            segment.written = written
            joinMillion(&segment, text, after: match.end)
            return Utterance([segment])
        case .tooLong:
            throw InputError.tooLarge(written + "…")
        case .identifier:
            return Utterance([try characterByCharacter(written)])
        case let .term(term):
            // An arrow that opens the text before a word points at it ("→ Bekijk alle
            // aanbiedingen"): a pause, not the arrow's words ("naar"), which join two things.
            if case .say = term, Self.opensText(text, match.start), written.unicodeScalars.allSatisfy(Self.isArrow),
                Self.wordAfter(text, at: match.end).isEmpty == false
            {
                return Utterance([.pause(written: written)])
            }
            return Utterance([say(term, written: written)])
        case let .pattern(pattern, captured):
            let gender = nounAfter(text, at: match.end)?.gender
            let percentOnly = pattern.saysDiscount && namesDiscount(text, before: match.start)
            var segment = try render(
                pattern, captured, text, gender: gender, case: grammaticalCase, alone: alone, percentOnly: percentOnly)
            segment.written = written
            if pattern.labelKeepsWritten { segment.label = written }
            return Utterance([segment])
        case let .moneyPer(reading, per):
            let amount = try money(reading, written: nil, case: grammaticalCase)
            let said = verbalizer.render(.per, [.amount: amount, .text: Utterance([.text(per)])])
            // One segment: the written text ("$ 1.500/mes") stands for all of what is said.
            return Utterance([Utterance.Segment(words: said.words, label: said.label, written: written)])
        case let .fraction(whole, numerator, denominator, noun):
            return Utterance([
                try verbalizer.fraction(whole: whole, numerator: numerator, denominator: denominator, noun: noun, written: written)
            ])
        case let .negative(inner):
            let said = try say(inner, text, case: grammaticalCase)
            var negative = verbalizer.render(.minus, [.number: said])
            let words = negative.words
            let label = negative.label
            negative = Utterance([Utterance.Segment(words: words, label: label, written: written)])
            return negative
        }
    }

    private func say(_ term: WritingConventions.Term, written: String?) -> Utterance.Segment {
        switch term {
        case let .noun(noun):
            let form = noun.form(.other)
            return Utterance.Segment(words: form, label: form, written: written)
        case let .say(words):
            return Utterance.Segment(words: words, label: words, written: written)
        case .pause:
            return .pause(written: written)
        }
    }

    /// An amount read from text, said with its decimals as written ("$ 37.500,50": the value has
    /// lost the written zero).
    private func money(_ reading: MoneyReader.Reading, written: String?, case grammaticalCase: GrammaticalCase) throws(InputError)
        -> Utterance
    {
        try verbalizer.money(
            reading.value, currency: reading.currency, scale: reading.scale, written: written, case: grammaticalCase,
            moreDecimals: true, fractionDigits: reading.scale == nil ? reading.fractionDigits : nil)
    }

    private func quantity(
        _ value: Decimal, fractionDigits: Int, _ term: WritingConventions.Term, written: String?,
        case grammaticalCase: GrammaticalCase
    ) throws(InputError) -> Utterance.Segment {
        var segment: Utterance.Segment
        switch term {
        case let .noun(noun):
            segment = try verbalizer.counted(value, noun: noun, fractionDigits: fractionDigits, case: grammaticalCase)
        case let .say(words):
            let number = try verbalizer.number(value, fractionDigits: fractionDigits, case: grammaticalCase)
            segment = Utterance.Segment(words: number.words + " " + words, label: number.label + " " + words)
        case .pause:
            segment = try verbalizer.number(value, fractionDigits: fractionDigits, case: grammaticalCase)
        }
        segment.written = written
        return segment
    }

    /// A pattern's `say`, as one segment.
    private func render(
        _ pattern: Pattern, _ captured: [Captured], _ text: [Unicode.Scalar], gender: String?,
        case outer: GrammaticalCase, alone: Bool = false, percentOnly: Bool = false
    ) throws(InputError) -> Utterance.Segment {
        var words: [String] = []
        var labels: [String] = []
        var nextCase = outer
        // AM (0) or PM (1), when the pattern captures it: what `24h` and `day-part` go by.
        let period = captured.lazy.compactMap { item -> Int? in
            if case let .number(value, _, .dayPeriod, _) = item { return Int(truncating: value as NSNumber) }
            return nil
        }.first
        for piece in alone ? pattern.alone ?? pattern.say : pattern.say {
            switch piece {
            case let .text(text):
                words.append(text)
                labels.append(text)
                nextCase = governedCase(lastWordOf: text) ?? outer
            case let .capture(number, format):
                let segment = try sayCapture(
                    captured[number - 1], text, format: percentOnly && format == .discount ? .percent : format, gender: gender,
                    case: nextCase, period: period)
                words.append(segment.words)
                labels.append(segment.label)
                nextCase = outer
            }
        }
        return Utterance.Segment(words: Self.concatenate(words), label: Self.concatenate(labels))
    }

    private func sayCapture(
        _ captured: Captured, _ text: [Unicode.Scalar], format: Pattern.Format, gender: String?,
        case grammaticalCase: GrammaticalCase, period: Int? = nil
    )
        throws(InputError) -> Utterance.Segment
    {
        switch captured {
        case let .text(range) where format == .spelled:
            return try characterByCharacter(String(scalars: text, range))
        case let .text(range):
            return .text(String(scalars: text, range))
        case let .unit(term):
            if format == .singular, case let .noun(noun) = term {
                // What a price is per is said as `perWord` says it: in the accusative where the
                // language has one ("за штуку").
                let form = noun.form(.one, case: .accusative)
                return Utterance.Segment(words: form, label: form)
            }
            return say(term, written: nil)
        case let .money(reading):
            var utterance = try money(reading, written: nil, case: grammaticalCase)
            if let per = reading.per {
                utterance = verbalizer.render(.per, [.amount: utterance, .text: Utterance([.text(per)])])
            }
            return Utterance.Segment(words: utterance.words, label: utterance.label)
        case let .quantity(number, term):
            return try quantity(number.value, fractionDigits: number.fractionDigits, term, written: nil, case: grammaticalCase)
        case let .pattern(pattern, inner, range):
            var segment = try render(pattern, inner, text, gender: gender, case: grammaticalCase)
            if pattern.labelKeepsWritten { segment.label = String(scalars: text, range) }
            return segment
        case let .number(value, fractionDigits, capture, leadingZeros):
            // A count says no zero ("Temporizador 05:00": cinco minutos). Four digits or more led
            // by a zero are a code, one by one ("Vuelo AM 0401": cero cuatro cero uno); "05" and a
            // train's "020" keep their zero before the number.
            // An ordinal says no zero either ("S01E05": первый сезон, пятая серия).
            let counts =
                switch format {
                case .count, .ordinal: true
                case let .ruleSet(name): name.contains("ordinal")
                default: false
                }
            if format == .digits || (leadingZeros > 0 && !counts && leadingZeros + "\(Int(truncating: value as NSNumber))".count >= 4) {
                // The digits as written: an {integer}'s leading zeros, a fixed-width capture's
                // zeros ("05" of {two-digits}, "0100" of {four-digits}).
                var written = String(repeating: "0", count: leadingZeros) + "\(Int(truncating: value as NSNumber))"
                if let width = capture.unlimited.digitLimits?.width, width.lowerBound == width.upperBound, written.count < width.lowerBound
                {
                    written = String(repeating: "0", count: width.lowerBound - written.count) + written
                }
                var segment = try characterByCharacter(written)
                segment.written = nil
                return segment
            }
            if case let .hour24(inner) = format {
                var hour = Int(truncating: value as NSNumber)
                if let period { hour = hour % 12 + (period == 1 ? 12 : 0) }
                return try sayCapture(
                    .number(Decimal(hour), fractionDigits: 0, capture: capture), text, format: inner, gender: gender,
                    case: grammaticalCase)
            }
            if leadingZeros > 0, !counts {
                var segment = try sayCapture(
                    .number(value, fractionDigits: fractionDigits, capture: capture), text, format: format, gender: gender,
                    case: grammaticalCase, period: period)
                let zero = try verbalizer.number(0, fractionDigits: 0)
                segment.words = (Array(repeating: zero.words, count: leadingZeros) + [segment.words]).joined(separator: " ")
                segment.label = String(repeating: "0", count: leadingZeros) + segment.label
                return segment
            }
            // Dates and times show their digits as written; Roman numerals too; other numbers in
            // the region's format.
            let label =
                capture == .number
                ? profile.numbers.format(value, fractionDigits: fractionDigits)
                : capture.isRoman ? RomanNumeral.written(Int(truncating: value as NSNumber)) : String(Int(truncating: value as NSNumber))
            func spelled(_ ruleSet: String?) throws(InputError) -> Utterance.Segment {
                let words: String
                if let ruleSet {
                    words = try verbalizer.spell(value, ruleSet: ruleSet)
                } else {
                    words = try verbalizer.spell(value, gender: gender, case: grammaticalCase)
                }
                return Utterance.Segment(words: words, label: label)
            }
            switch format {
            case .plain:
                var segment = try verbalizer.number(value, fractionDigits: fractionDigits, gender: gender, case: grammaticalCase)
                segment.label = label
                return segment
            case .genitive: return try verbalizer.number(value, fractionDigits: fractionDigits, gender: gender, case: .genitive)
            case .ordinal:
                return try spelled(
                    profile.spellout.ordinal[gender ?? profile.spellout.defaultGender] ?? profile.spellout.ordinal.values.sorted().first)
            case .year: return try spelled(profile.spellout.year)
            case let .ruleSet(name): return try spelled(name)
            case .month, .monthGenitive:
                let names =
                    format == .monthGenitive && !profile.writing.monthsGenitive.isEmpty
                    ? profile.writing.monthsGenitive : profile.writing.months
                let month = names[max(0, min(11, Int(truncating: value as NSNumber) - 1))]
                return Utterance.Segment(words: month, label: month)
            case .percent:
                let utterance = try verbalizer.percent(value, fractionDigits: fractionDigits, case: grammaticalCase)
                return Utterance.Segment(words: utterance.words, label: utterance.label)
            case .discount:
                let utterance = try verbalizer.discount(value, fractionDigits: fractionDigits)
                return Utterance.Segment(words: utterance.words, label: utterance.label)
            case let .count(noun):
                return try verbalizer.counted(value, noun: noun, fractionDigits: fractionDigits, case: grammaticalCase)
            case .day:
                if value == 1, let first = profile.spellout.firstDay { return Utterance.Segment(words: first, label: label) }
                return try spelled(profile.spellout.day ?? profile.spellout.numbering)
            case .weekday:
                let name = profile.writing.calendar.weekdayNames[Int(truncating: value as NSNumber)] ?? label
                return Utterance.Segment(words: name, label: name)
            case .decade:
                let year = try verbalizer.spell(
                    value, ruleSet: profile.spellout.year ?? profile.spellout.numbering ?? "%spellout-numbering")
                let words = Self.pluralizingLastWord(year, profile.writing.calendar.decadePlurals)
                return Utterance.Segment(words: words, label: words)
            case .dayPeriod:
                let period = Int(truncating: value as NSNumber)
                let words = profile.writing.calendar.dayPeriodWords[period] ?? (period == 0 ? "AM" : "PM")
                return Utterance.Segment(words: words, label: words)
            case .dayPart:
                var hour = Int(truncating: value as NSNumber)
                if let period { hour = hour % 12 + (period == 1 ? 12 : 0) }
                let words = profile.writing.calendar.dayParts[hour] ?? ""
                return Utterance.Segment(words: words, label: words)
            case let .plural(texts):
                let words = texts[verbalizer.category(value, fractionDigits: fractionDigits)] ?? texts[.other] ?? ""
                return Utterance.Segment(words: words, label: words)
            case .compound:
                let words = try verbalizer.spell(
                    value, ruleSet: profile.spellout.compound ?? profile.spellout.numbering ?? "%spellout-numbering")
                let parts = words.split(separator: " ").map { profile.spellout.compoundWords[String($0)] ?? String($0) }
                return Utterance.Segment(words: parts.joined(), label: label)
            case .hour24, .singular, .digits, .spelled:
                // 24h is handled above; singular is for units, and says a number as usual.
                var segment = try verbalizer.number(value, fractionDigits: fractionDigits, gender: gender, case: grammaticalCase)
                segment.label = label
                return segment
            }
        }
    }

    /// "nineteen seventy" → "nineteen seventies": the last word takes the first plural rule whose
    /// ending it has.
    static func pluralizingLastWord(_ words: String, _ rules: [(from: String, to: String)]) -> String {
        var parts = words.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard var last = parts.popLast() else { return words }
        // A compound like "seventy-five" pluralizes after its hyphen.
        if let rule = rules.first(where: { last.hasSuffix($0.from) }) {
            last = String(last.dropLast(rule.from.count)) + rule.to
        }
        parts.append(last)
        return parts.joined(separator: " ")
    }

    // MARK: Grammar

    /// The case the word before `index` governs ("до" the genitive, "к" the dative), else the
    /// nominative.
    private func governingCase(_ text: [Unicode.Scalar], before index: Int) -> GrammaticalCase {
        guard !profile.writing.governedCases.isEmpty else { return .nominative }
        // A plus sign glued to the number leaves it governed: "до +5 градусов" до плюс пяти.
        var word = Self.wordBefore(text, at: index > 0 && text[index - 1] == "+" ? index - 1 : index)
        // A label's colon after the preposition leaves it governing: "Годен до: 01.12.2024" до первого декабря.
        if word.isEmpty, word.lowerBound > 0, text[word.lowerBound - 1] == ":" {
            let labelled = Self.wordBefore(text, at: word.lowerBound - 1)
            // One letter before a colon is an abbreviation's ("в/с: 1.02,34"), no preposition.
            if labelled.count >= 2, labelled.upperBound == word.lowerBound - 1 { word = labelled }
        }
        // A letter after a slash is an abbreviation's ("п/к 1 раз": подкожно), no preposition; so is
        // a capital letter alone after other words ("Корпус К 2", "Номер О 123": a building's, a plate's).
        guard !word.isEmpty, word.lowerBound == 0 || text[word.lowerBound - 1] != "/",
            word.count > 1 || word.lowerBound == 0 || !text[word.lowerBound].properties.isUppercase
        else { return .nominative }
        if let governed = profile.writing.governedCases[String(lowercasing: text, word)] { return governed }
        // The second part of a quantity in two units takes the case of the first: "через 1 ч 1 мин"
        // через один час одну минуту, "до 1 ч 21 мин" до одного часа двадцати одной минуты.
        if let first = numberBeforeUnit(text, at: index) { return governingCase(text, before: first) }
        // An adjective whose ending says no gender may stand between ("до рекордных 2,2%"): the
        // word before it governs.
        guard genderlessAdjectiveEnd(text, at: word.lowerBound) == word.upperBound else { return .nominative }
        let before = Self.wordBefore(text, at: word.lowerBound)
        guard !before.isEmpty, before.upperBound < word.lowerBound else { return .nominative }
        return profile.writing.governedCases[String(lowercasing: text, before)] ?? .nominative
    }

    /// The case of a number the ending of the noun after it says, where the word before the
    /// number may govern another (`case-by-ending`): "с 3 подходами" с тремя, "в 3 подходах" в трёх.
    private func caseByEnding(_ governed: GrammaticalCase, _ text: [Unicode.Scalar], _ match: Match) -> GrammaticalCase {
        guard !profile.writing.caseByEnding.isEmpty, case .number = match.kind else { return governed }
        let word = Self.wordBefore(text, at: match.start)
        let noun = Self.wordAfter(text, at: match.end)
        guard !word.isEmpty, word.upperBound < match.start, noun.count >= 4 else { return governed }
        let before = String(lowercasing: text, word)
        let after = String(lowercasing: text, noun)
        for rule in profile.writing.caseByEnding where rule.after.contains(before) && rule.endings.contains(where: after.hasSuffix) {
            return rule.grammaticalCase
        }
        return governed
    }

    /// Where the number of a quantity ends right before `index` ("1 ч", "2 кг.") begins, nil when
    /// no number and unit are there.
    private func numberBeforeUnit(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        var end = index
        while end > 0, MoneyReader.isSpace(text[end - 1]) { end -= 1 }
        guard end < index else { return nil }
        let unitEnd = end
        if end > 0, text[end - 1] == "." { end -= 1 }
        var start = end
        while start > 0, text[start - 1].isLetterLike { start -= 1 }
        guard start < end, let (_, written) = unit(at: start, text), written == end || written == unitEnd else { return nil }
        var digits = start
        while digits > 0, MoneyReader.isSpace(text[digits - 1]) { digits -= 1 }
        guard digits > 0, text[digits - 1].isASCIIDigit else { return nil }
        while digits > 0, text[digits - 1].isASCIIDigit { digits -= 1 }
        return digits
    }

    /// The case the last word of a pattern's text governs, if it governs one.
    private func governedCase(lastWordOf text: String) -> GrammaticalCase? {
        guard !profile.writing.governedCases.isEmpty, let word = text.split(whereSeparator: { $0.isWhitespace }).last else { return nil }
        return profile.writing.governedCases[word.lowercased()]
    }

    /// The noun of the word after a number, if it is one ("12 cuotas", "1 - 2 chambres").
    /// "2,3 M suscriptores": a noun after a number said with a million-scale word takes the word
    /// the language puts between them ("de"), added to the number's segment.
    private func joinMillion(_ segment: inout Utterance.Segment, _ text: [Unicode.Scalar], after index: Int) {
        guard let connector = millionConnector(segment.words, text, after: index) else { return }
        segment.words += " " + connector
        segment.label += " " + connector
    }

    /// The word a language puts between a number ending in a million-scale word and the noun
    /// after it ("de"), when that noun is a word in lower case that does not already follow one;
    /// nil otherwise, and where the form joins the noun without a space ("d’abonnés").
    private func millionConnector(_ words: String, _ text: [Unicode.Scalar], after index: Int) -> String? {
        guard let afterMillions = profile.afterMillions else { return nil }
        var start = index
        while start < text.count, MoneyReader.isSpace(text[start]) { start += 1 }
        // The words' last one, looked at only where a word in lower case follows (this runs for every number said).
        guard start > index, start < text.count, text[start].properties.isLowercase,
            millionWords.contains(String(words[(words.lastIndex(of: " ").map(words.index(after:)) ?? words.startIndex)...]))
        else { return nil }
        var end = start
        while end < text.count, text[end].isLetterLike { end += 1 }
        // A noun the data knows or whose ending says its gender, or a longer word that is not
        // one of the language's words that are no nouns ("para", "entre").
        let written = String(scalars: text, start..<end)
        let word = written.lowercased()
        guard nounWord(text, at: start) != nil || (word.unicodeScalars.count >= 4 && !profile.notNouns.contains(word)),
            end >= text.count || !["’", "'"].contains(text[end])
        else { return nil }
        let form = afterMillions.form(of: written)
        guard let space = form.lastIndex(of: " ") else { return nil }
        return String(form[..<space])
    }

    private func nounAfter(
        _ text: [Unicode.Scalar], at index: Int, category: PluralCategory? = nil, governed: GrammaticalCase = .nominative
    ) -> Noun? {
        var start = index
        while start < text.count, MoneyReader.isSpace(text[start]) { start += 1 }
        // Adjectives whose ending says no gender ("2 новые заявки", "3 новых непрочитанных
        // сообщения"): the noun after them, when one follows.
        var position = start
        for _ in 0..<2 {
            guard let end = genderlessAdjectiveEnd(text, at: position) else { break }
            var next = end
            while next < text.count, MoneyReader.isSpace(text[next]) { next += 1 }
            guard next > end else { break }
            if genderlessAdjectiveEnd(text, at: next) == nil {
                if let (noun, _) = nounWord(text, at: next) { return noun }
                break
            }
            position = next
        }
        return nounWord(text, at: start, category: category, governed: governed)?.noun
    }

    /// The case the noun right after `index` is written in, where that form is none of the case
    /// the words before govern (the nominative when none does): a verb or another sense of the
    /// preposition governs it, and the number agrees ("Займёт 1 минуту" одну минуту, "с 1
    /// минутой" одной минутой); nil otherwise ("2 минуты" is a nominative form too).
    private static func caseOfForm(
        _ noun: Noun, _ text: [Unicode.Scalar], after index: Int, governed: GrammaticalCase, category: PluralCategory
    ) -> GrammaticalCase? {
        guard noun.forms.count > 1 else { return nil }
        let range = wordAfter(text, at: index)
        guard !range.isEmpty else { return nil }
        // The forms are written in lower case, as the index of forms finds them. After one only
        // the form of one counts ("1 штуки" is no nominative, though "2 штуки" is).
        let word = String(lowercasing: text, range)
        func holds(_ grammaticalCase: GrammaticalCase) -> Bool {
            guard let forms = noun.forms[grammaticalCase] else { return false }
            if category == .one, let one = forms[.one] { return one == word }
            return forms.values.contains(word)
        }
        guard !holds(governed), !holds(.nominative) else { return nil }
        return GrammaticalCase.allCases.first(where: holds)
    }

    /// The day period at `index` (0 for AM, 1 for PM) and where it ends: letters, dots and single
    /// spaces between them ("pm", "p.m.", "p. m.", "P.M.").
    private func dayPeriod(_ text: [Unicode.Scalar], at index: Int) -> (Int, Int)? {
        var end = index
        var best: (Int, Int)?
        while end < text.count, end - index < 8 {
            let scalar = text[end]
            guard scalar.isLetterLike || scalar == "." || (scalar == " " && end > index && text[end - 1] == ".") else { break }
            end += 1
            if scalar != " ", let period = profile.writing.calendar.dayPeriods[CalendarNames.periodKey(String(scalars: text, index..<end))],
                end >= text.count || !text[end].isLetterLike
            {
                best = (period, end)
            }
        }
        return best
    }

    /// The noun after a range or a choice that the number `first` starts ("1 a 2 cucharadas", "1
    /// ou 2 tasses"): a range word the language lists, a greater number, then the noun or a
    /// unit; nil otherwise.
    private func nounAfterRange(_ text: [Unicode.Scalar], from first: Decimal, at index: Int) -> Noun? {
        guard !profile.rangeWords.isEmpty else { return nil }
        let word = Self.wordAfter(text, at: index)
        guard !word.isEmpty, word.lowerBound > index, profile.rangeWords.contains(String(lowercasing: text, word)) else { return nil }
        var cursor = word.upperBound
        while cursor < text.count, MoneyReader.isSpace(text[cursor]) { cursor += 1 }
        // A range goes up: "Micro 210 a 5 paradas" is a line five stops away.
        guard cursor > word.upperBound, let number = profile.numbers.read(text, from: cursor), first < number.value else { return nil }
        // A unit written short counts too ("1 a 2 h" una a dos horas), and so does a day period
        // after the second: hours ("De 1 a 5 p.m." de una a cinco).
        if let (term, _) = unit(after: number, at: cursor, text), case let .noun(noun) = term { return noun }
        var after = number.end
        while after < text.count, MoneyReader.isSpace(text[after]) { after += 1 }
        if after > number.end, dayPeriod(text, at: after) != nil, let hour = profile.nouns["duration-hour"] { return hour }
        return nounAfter(text, at: number.end, category: .other)
    }

    /// Where the word at `index` ends when it is an adjective whose ending says no gender
    /// (`genderless-adjective-endings`) and no noun the data knows.
    private func genderlessAdjectiveEnd(_ text: [Unicode.Scalar], at index: Int) -> Int? {
        guard !profile.genderlessAdjectiveEndings.isEmpty else { return nil }
        var end = index
        while end < text.count, text[end].isLetterLike { end += 1 }
        guard end - index >= 4 else { return nil }
        let word = String(lowercasing: text, index..<end)
        guard profile.writing.nounsByForm[word] == nil, profile.genderlessAdjectiveEndings.contains(where: { word.hasSuffix($0) })
        else { return nil }
        return end
    }

    /// The word at `index` as a noun a number agrees with: a noun the data knows ("cuotas"), or
    /// a word whose ending says its gender ("noches" → feminine), or any word with `known` as
    /// its gender. Not a word the language lists as no noun ("de", "para").
    private func nounWord(
        _ text: [Unicode.Scalar], at start: Int, gender known: String? = nil, category: PluralCategory? = nil,
        governed: GrammaticalCase = .nominative
    ) -> (noun: Noun, end: Int)? {
        var end = start
        while end < text.count, text[end].isLetterLike { end += 1 }
        guard end > start else { return nil }
        let written = String(scalars: text, start..<end)
        let word = written.lowercased()
        if let noun = profile.writing.nounsByForm[word] { return (noun, end) }
        guard word.unicodeScalars.count >= 3, !profile.notNouns.contains(word),
            known != nil || !Self.isPlaceName(text, start..<end, category),
            let gender = known ?? profile.genderByEnding.gender(of: word, category: category, governed: governed)
        else { return nil }
        return (Noun(key: word, gender: gender, forms: [.nominative: [.one: written, .other: written]]), end)
    }

    /// Whether a capitalized word no data knows is a name rather than a noun a number counts: one
    /// of several capitalized words ("LA 3302 São Paulo", "Voo 1201 Santa Maria"), or, written in
    /// Latin letters, one whose "s" disagrees with the number: none after a plural ("LA 2021
    /// Lima"), one after one ("1 Pumas").
    private static func isPlaceName(_ text: [Unicode.Scalar], _ word: Range<Int>, _ category: PluralCategory?) -> Bool {
        guard text[word.lowerBound].properties.isUppercase else { return false }
        let next = wordAfter(text, at: word.upperBound)
        if !next.isEmpty, next.lowerBound > word.upperBound, text[next.lowerBound].properties.isUppercase { return true }
        let last = text[word.upperBound - 1]
        guard let category, last.isASCII else { return false }
        // After one a word in the plural is a name too ("Cruz Azul 1 (4-3) 1 Pumas").
        let plural = last == "s" || last == "S"
        return category == .one ? plural : !plural
    }

    // MARK: Scalars

    static func hasPrefix(_ text: [Unicode.Scalar], _ prefix: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + prefix.count <= text.count else { return false }
        for offset in 0..<prefix.count where text[index + offset] != prefix[offset] { return false }
        return true
    }

    /// `hasPrefix` in any case: "N°" for "n°", "Y" for "y".
    static func hasPrefixInAnyCase(_ text: [Unicode.Scalar], _ prefix: [Unicode.Scalar], at index: Int) -> Bool {
        guard index >= 0, index + prefix.count <= text.count else { return false }
        return zip(text[index..<(index + prefix.count)], prefix).allSatisfy { $0 == $1 || $0.lowercased == $1.lowercased }
    }

    /// The word of letters before `index` and the spaces there, empty where none comes before.
    static func wordBefore(_ text: [Unicode.Scalar], at index: Int) -> Range<Int> {
        var end = index
        while end > 0, MoneyReader.isSpace(text[end - 1]) { end -= 1 }
        var start = end
        while start > 0, text[start - 1].isLetterLike { start -= 1 }
        return start..<end
    }

    /// The word of letters after `index` and the spaces there, empty where none follows.
    static func wordAfter(_ text: [Unicode.Scalar], at index: Int) -> Range<Int> {
        var start = index
        while start < text.count, MoneyReader.isSpace(text[start]) { start += 1 }
        var end = start
        while end < text.count, text[end].isLetterLike { end += 1 }
        return start..<end
    }

    /// Pieces of a template joined as written, runs of spaces folded to one, ends trimmed.
    static func concatenate(_ pieces: [String]) -> String {
        // On UTF-8 bytes: a space is one byte, never part of another character's encoding. Spaces
        // only fold, so the result is never longer than the pieces, and is written in place.
        String(unsafeUninitializedCapacity: pieces.reduce(0) { $0 + $1.utf8.count }) { out in
            var end = 0
            var pendingSpace = false
            for var piece in pieces {
                piece.withUTF8 { bytes in
                    for byte in bytes {
                        if byte == 0x20 {
                            pendingSpace = end > 0
                        } else {
                            if pendingSpace {
                                out[end] = 0x20
                                end += 1
                            }
                            pendingSpace = false
                            out[end] = byte
                            end += 1
                        }
                    }
                }
            }
            return end
        }
    }
}

/// Written terms (units, abbreviations, symbols), found where the text at a position spells one.
struct TermTable: Sendable {
    /// The terms as a trie: node 0 is the root; a node's children by `edge(node, scalar)`, and
    /// the term written up to each node, if one is. Looking up walks the text once, however many
    /// terms share its first letters (CLDR lists dozens of units starting with "m").
    private let children: [UInt64: Int32]
    private let terms: [WritingConventions.Term?]
    /// Whether the terms are lower case and match text in any case.
    private let folding: Bool

    /// - Parameter capitalizing: a term written in lower case also matches with a capital
    ///   ("Min." at the start of a label reads as "min."), unless a term is written that way.
    init(_ terms: [String: WritingConventions.Term], folding: Bool = false, capitalizing: Bool = false) {
        self.folding = folding
        var all = terms
        if capitalizing {
            for (written, term) in terms {
                guard let first = written.unicodeScalars.first, first.properties.isLowercase else { continue }
                // One capital and a dot is a name's initial ("Jan P."), not "p." (pagina).
                if written.unicodeScalars.count == 2, written.unicodeScalars.last == "." { continue }
                let capital = first.properties.titlecaseMapping + String(written.unicodeScalars.dropFirst())
                if all[capital] == nil { all[capital] = term }
            }
        }
        var children: [UInt64: Int32] = [:]
        var found: [WritingConventions.Term?] = [nil]
        // Where two written forms fold to the same scalars, the first in order keeps its term,
        // the same one from one run to the next.
        var writtenAt: [Int: String] = [:]
        for (written, term) in all {
            var node = 0
            for scalar in written.unicodeScalars.map({ folding ? $0.lowercased : $0 }) {
                if let child = children[Self.edge(node, scalar)] {
                    node = Int(child)
                } else {
                    children[Self.edge(node, scalar)] = Int32(found.count)
                    node = found.count
                    found.append(nil)
                }
            }
            guard node > 0 else { continue }
            if let other = writtenAt[node], other < written { continue }
            writtenAt[node] = written
            found[node] = term
        }
        self.children = children
        self.terms = found
    }

    /// The key of the child of `node` reached by `scalar`.
    private static func edge(_ node: Int, _ scalar: Unicode.Scalar) -> UInt64 { UInt64(node) << 21 | UInt64(scalar.value) }

    /// The longest term written at `index`. With `wholeWord`, a term that starts or ends with a
    /// letter must not continue a word ("m" is not read in "mesa"). A space of a term is any
    /// space typography uses ("кв.\u{A0}м"), and after a dot it may be left out ("кв.м", "sq.ft").
    func longest(_ text: [Unicode.Scalar], at index: Int, wholeWord: Bool) -> (WritingConventions.Term, Int)? {
        guard index < text.count else { return nil }
        // A term starting with a letter does not start inside a word.
        if index > 0, text[index].isLetterLike, text[index - 1].isLetterLike { return nil }
        var best: (WritingConventions.Term, Int)?
        var node = 0
        var end = index
        while end < text.count {
            let scalar = MoneyReader.isSpace(text[end]) ? " " : folding ? text[end].lowercased : text[end]
            var next = children[Self.edge(node, scalar)]
            if next == nil, scalar != " ", end > index, text[end - 1] == ".", let spaced = children[Self.edge(node, " ")] {
                next = children[Self.edge(Int(spaced), scalar)]
            }
            guard let child = next else { break }
            node = Int(child)
            end += 1
            guard let term = terms[node] else { continue }
            let last = text[end - 1]
            if last.isLetterLike || (wholeWord && last.isASCIIDigit), end < text.count, text[end].isLetterLike || text[end].isASCIIDigit {
                continue
            }
            best = (term, end)
        }
        return best
    }
}

extension Unicode.Scalar {
    /// The scalar in lower case when that is one scalar (ASCII fast path).
    var lowercased: Unicode.Scalar {
        if value < 0x80 { return ("A"..."Z").contains(self) ? Unicode.Scalar(value + 32) ?? self : self }
        let mapping = properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first ?? self : self
    }
}
