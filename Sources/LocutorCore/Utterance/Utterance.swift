/// What a screen reader should say for one input, as segments that each carry both forms.
///
/// The label form keeps numbers as digits in the region's format (for an app's accessibility
/// label: "6.500 pesos"); the words form spells everything ("seis mil quinientos pesos"), so
/// what is heard does not depend on any engine's number reading.
public struct Utterance: Hashable, Sendable {
    /// The stretches of the utterance, in the order they are said.
    public package(set) var segments: [Segment]
    /// The region whose language the utterance is in (`es-AR`), for SSML's `xml:lang` and the
    /// JSON export; empty when the utterance was built without one.
    public package(set) var region: String = ""

    package init(_ segments: [Segment] = []) {
        self.segments = segments
    }

    /// A stretch of the utterance.
    public struct Segment: Hashable, Sendable {
        /// Everything spelled out.
        public package(set) var words: String
        /// Numbers as digits in the region's format, everything else as words.
        public package(set) var label: String
        /// The display text this segment stands for, when it came from one ("$ 6.500").
        public package(set) var written: String?
        /// How to pronounce the segment, in IPA, when a voice would get it wrong.
        public package(set) var ipa: String?
        /// The segment's language (BCP 47) when it differs from the utterance's.
        public package(set) var lang: String?
        /// A pause (a bullet between items): a comma in text, a break in SSML.
        public package(set) var isPause: Bool
        /// Where the IPA hint was written (a lexicon entry), for messages.
        package var hintLocation: SourceLocation? {
            get { rare?.hintLocation }
            set { rare = Rare.of(hintLocation: newValue, unreadOffset: unreadOffset, unreadText: unreadText) }
        }
        /// What Locutor read the written text as (money, a unit, a date…), when it read it.
        public package(set) var reading: Reading?
        /// Text Locutor did not read — a digit, a currency symbol or code, a "/", "-" or "."
        /// between digits — handed to the voice as written, which will guess at it.
        public package(set) var isUnread: Bool = false
        /// Where the unread text starts in the input, in Unicode scalars from 0, and the word of
        /// the input it stands in ("A4").
        package var unreadOffset: Int? {
            get { rare?.unreadOffset }
            set { rare = Rare.of(hintLocation: hintLocation, unreadOffset: newValue, unreadText: unreadText) }
        }
        package var unreadText: String? {
            get { rare?.unreadText }
            set { rare = Rare.of(hintLocation: hintLocation, unreadOffset: unreadOffset, unreadText: newValue) }
        }
        /// What few segments have, kept apart: a long text has hundreds of thousands of segments,
        /// and these fields made each one half again as large.
        private var rare: Rare?

        private final class Rare: Hashable, Sendable {
            let hintLocation: SourceLocation?
            let unreadOffset: Int?
            let unreadText: String?

            private init(hintLocation: SourceLocation?, unreadOffset: Int?, unreadText: String?) {
                self.hintLocation = hintLocation
                self.unreadOffset = unreadOffset
                self.unreadText = unreadText
            }

            /// The box of these fields, none when all are empty (so equal segments stay equal).
            static func of(hintLocation: SourceLocation?, unreadOffset: Int?, unreadText: String?) -> Rare? {
                if hintLocation == nil, unreadOffset == nil, unreadText == nil { return nil }
                return Rare(hintLocation: hintLocation, unreadOffset: unreadOffset, unreadText: unreadText)
            }

            static func == (lhs: Rare, rhs: Rare) -> Bool {
                lhs.hintLocation == rhs.hintLocation && lhs.unreadOffset == rhs.unreadOffset && lhs.unreadText == rhs.unreadText
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(hintLocation)
                hasher.combine(unreadOffset)
                hasher.combine(unreadText)
            }
        }

        package init(
            words: String, label: String? = nil, written: String? = nil, ipa: String? = nil,
            lang: String? = nil, isPause: Bool = false
        ) {
            self.words = words
            self.label = label ?? words
            self.written = written
            self.ipa = ipa
            self.lang = lang
            self.isPause = isPause
        }

        /// A pause between items.
        package static func pause(written: String? = nil) -> Segment {
            Segment(words: ",", label: ",", written: written, isPause: true)
        }

        /// Text said as written.
        package static func text(_ text: String) -> Segment {
            Segment(words: text, label: text)
        }
    }

    /// What a segment's written text was read as: for reports that group what a screen reader
    /// would have said wrong.
    public enum Reading: String, Hashable, Sendable, CaseIterable {
        /// An amount of money: "$ 6.500", "R$ 1.299,90", "100 ₽".
        case currency
        /// A number with its unit, or a unit alone: "75 m²", "km/h".
        case unit
        /// A number: "9.000", "-7", "XIV".
        case number
        /// A date: "12/05/2025", "7 junio 1985".
        case date
        /// A clock time or a duration written as one: "18:30 hs", "14h30".
        case time
        /// A range or a span between two values: "10–12 h", "3-5 días".
        case range
        /// An ordinal: "3.º", "9-го", "2nd".
        case ordinal
        /// A percentage or a discount: "19% OFF".
        case percent
        /// A fraction or a mixed number: "5/8", "3 1/4".
        case fraction
        /// An abbreviation or a word-like term: "bd.", "aprox.", "n°".
        case abbreviation
        /// A symbol said as words: "•", "№", "×".
        case symbol
    }

    /// The words form: "seis mil quinientos pesos".
    public var words: String { Self.join(segments.map(\.words)) }

    /// The label form: "6.500 pesos".
    public var label: String { Self.join(segments.map(\.label)) }

    package mutating func append(_ segment: Segment) {
        segments.append(segment)
    }

    package mutating func append(contentsOf other: Utterance) {
        segments.append(contentsOf: other.segments)
    }

    /// Joins segment texts with single spaces; punctuation that closes ("," ":" …) attaches to
    /// what comes before it.
    package static func join(_ parts: [String]) -> String {
        var result = ""
        forEachJoined(parts) { _, spaced, text in
            if spaced { result.append(" ") }
            result += text
        }
        return result
    }

    /// The pieces `join` puts together: for each part that is not blank, its index, whether a
    /// space goes before it, and its trimmed text.
    static func forEachJoined(_ parts: [String], _ body: (_ index: Int, _ spaced: Bool, _ text: String) -> Void) {
        var previous: Unicode.Scalar?
        var elided = false
        for (index, part) in parts.enumerated() {
            let trimmed = part.trimmingSpaces()
            guard !trimmed.isEmpty else { continue }
            // No space before closing punctuation, nor after opening punctuation: "(1 532 avis)";
            // nor after a word elided before what follows ("l’E411" → l’E quatre cent onze).
            let spaced =
                previous.map { !isOpening($0) } == true && !elided && trimmed.unicodeScalars.first.map { !isClosing($0) } == true
            body(index, spaced, trimmed)
            previous = trimmed.unicodeScalars.last
            elided = endsElided(trimmed)
        }
    }

    /// Whether `text` ends with a word elided before the next one, as French writes them: one
    /// letter and an apostrophe ("l’", "d’", "j’"), or "qu’" ("jusqu’", "lorsqu’").
    private static func endsElided(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let last = scalars.last, last == "’" || last == "'" else { return false }
        let letters = scalars.dropLast().reversed().prefix { $0.properties.isAlphabetic }
        let word = String(String.UnicodeScalarView(letters.reversed())).lowercased()
        return word.count == 1 || word.hasSuffix("qu")
    }

    // Switches, not sets: a set hashes the scalar, at every segment of every line.
    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", ".", ";", ":", "!", "?", ")", "]", "»", "…", "”", "’": true
        default: false
        }
    }

    private static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "(", "[", "«", "¿", "¡", "“", "„", "‘": true
        default: false
        }
    }
}

extension String {
    /// The text of `scalars`, encoded to UTF-8 in one pass: appending to a `UnicodeScalarView`
    /// scalar by scalar costs several times as much, and the normalizer does it at every match.
    package init<Scalars: Sequence<Unicode.Scalar>>(scalars: Scalars) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self = String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `range` of `scalars`, made without an `ArraySlice`: a slice counts a
    /// reference to the scalars, which the cores saying the parts of one long text share.
    package init(scalars: [Unicode.Scalar], _ range: Range<Int>) {
        self = scalars.withUnsafeBufferPointer { String(scalars: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The text of `scalars`, its bytes written straight into the string: no array between, and
    /// none at all for a text of up to 15 bytes (kept in the string's own value).
    package init(scalars: UnsafeBufferPointer<Unicode.Scalar>) {
        var count = 0
        for scalar in scalars { count += UTF8.width(scalar) }
        self = String(unsafeUninitializedCapacity: count) { bytes in
            var written = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    bytes[written] = byte
                    written += 1
                }
            }
            return written
        }
    }

    /// `String(scalars: scalars, range).lowercased()`, without making the text twice when it is
    /// ASCII (the words patterns and nouns are looked up by): a letter is lowered by its value.
    package init(lowercasing scalars: [Unicode.Scalar], _ range: Range<Int>) {
        guard range.allSatisfy({ scalars[$0].isASCII }) else {
            self = String(scalars: scalars, range).lowercased()
            return
        }
        self = String(unsafeUninitializedCapacity: range.count) { bytes in
            for (offset, index) in range.enumerated() {
                let byte = UInt8(truncatingIfNeeded: scalars[index].value)
                bytes[offset] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            return range.count
        }
    }

    /// Without leading and trailing white space (any Unicode space), inner spaces kept.
    package func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        if let first = scalars.first, let last = scalars.last, !first.isSpaceLike, !last.isSpaceLike { return self }
        guard let first = scalars.firstIndex(where: { !$0.isSpaceLike }),
            let last = scalars.lastIndex(where: { !$0.isSpaceLike })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Where `other` first starts in the string's UTF-8, nil when it does not occur; compared
    /// byte by byte (the data and the rules are NFC). Foundation's `contains` compares by
    /// canonical equivalence and the standard library's generic `firstRange(of:)` is not
    /// specialized: either one was a third of saying a price.
    package func utf8Offset(of other: String) -> Int? {
        var text = self
        var other = other
        return text.withUTF8 { haystack in
            other.withUTF8 { needle in
                guard let first = needle.first else { return 0 }
                guard haystack.count >= needle.count else { return nil }
                var start = 0
                while start <= haystack.count - needle.count {
                    if haystack[start] == first {
                        var offset = 1
                        while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count { return start }
                    }
                    start += 1
                }
                return nil
            }
        }
    }

    /// With every occurrence of `target` replaced by `replacement`, compared as UTF-8 (see
    /// ``utf8Offset(of:)``).
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, var offset = utf8Offset(of: target) else { return self }
        var result = ""
        var rest = Substring(self)
        while true {
            let start = rest.utf8.index(rest.startIndex, offsetBy: offset)
            result += rest[..<start]
            result += replacement
            rest = rest[rest.utf8.index(start, offsetBy: target.utf8.count)...]
            guard let next = String(rest).utf8Offset(of: target) else { break }
            offset = next
        }
        return result + rest
    }

    /// With every control character (NUL, BEL, ESC, tab, line breaks, DEL, C1 controls) as a
    /// space: what the words, the label, the SSML and the audio all say for one. eSpeak NG stops
    /// at a NUL and reads some controls as names, so none may reach it.
    package func replacingControlCharacters() -> String {
        guard unicodeScalars.contains(where: \.isControl) else { return self }
        return String(scalars: unicodeScalars.lazy.map { $0.isControl ? " " : $0 })
    }

    /// Whether nothing of the text is said: it holds only white space and control characters
    /// (which are said as spaces).
    package var isBlankWhenSaid: Bool {
        !unicodeScalars.contains { !$0.isSpaceLike && !$0.isControl }
    }
}

extension Unicode.Scalar {
    /// White space, with an ASCII fast path.
    var isSpaceLike: Bool {
        value < 0x80 ? (self == " " || (0x09...0x0D).contains(value)) : properties.isWhitespace
    }

    /// A control character (general category Cc).
    var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

    /// A letter (any script), with an ASCII fast path and tables for Latin, Greek, Cyrillic and
    /// the punctuation and symbols display text mixes with them (U+2000–U+21FF): the matcher asks
    /// at nearly every position, and Unicode's property lookup cost more than the rest of the check.
    var isLetterLike: Bool {
        if value < 0x80 { return ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
        if value < 0x800 { return LetterTable.below800.contains(value) }
        if (0x2000..<0x2200).contains(value) { return LetterTable.symbols.contains(value - 0x2000) }
        return properties.isAlphabetic
    }
}

/// Which scalars of a range are alphabetic, one bit each. The bits are in memory of their own,
/// never freed: every core reads them at nearly every position, and an array's reference count
/// passed between cores at each read made the matcher slower than the lookup it replaced.
private struct LetterTable: @unchecked Sendable {
    static let below800 = LetterTable(from: 0, count: 0x800)
    static let symbols = LetterTable(from: 0x2000, count: 0x200)

    private let bits: UnsafePointer<UInt64>

    private init(from start: UInt32, count: UInt32) {
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: Int(count / 64))
        bits.initialize(repeating: 0, count: Int(count / 64))
        for offset in 0..<count {
            guard let scalar = Unicode.Scalar(start + offset), scalar.properties.isAlphabetic else { continue }
            bits[Int(offset >> 6)] |= 1 << UInt64(offset & 63)
        }
        self.bits = UnsafePointer(bits)
    }

    /// Whether the scalar `offset` places after the table's first is alphabetic.
    func contains(_ offset: UInt32) -> Bool { bits[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0 }
}
