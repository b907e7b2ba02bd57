/// Lexicon terms ready to be looked for, longest first, each with its UTF-8 bytes: prepared
/// once per region, not once per text.
package struct PreparedLexicon: Sendable {
    /// Longer terms first.
    fileprivate let entries: [LexiconEntry]
    /// The UTF-8 of every term, one after another, and where each entry's is: looking for the
    /// terms in a segment copies no entry (its strings' reference counts are shared by every
    /// core saying lines) until one is found.
    fileprivate let bytes: [UInt8]
    fileprivate let needles: [Range<Int>]
    /// The bytes terms start with, as bits (four words, kept in the value: no reference to
    /// count): a text holding none of them holds no term, which one pass tells.
    private let starts: (UInt64, UInt64, UInt64, UInt64)

    package init(_ lexicon: [LexiconEntry]) {
        entries = lexicon.sorted { $0.term.unicodeScalars.count > $1.term.unicodeScalars.count }
        var bytes: [UInt8] = []
        var starts: [UInt64] = [0, 0, 0, 0]
        needles = entries.map { entry in
            if let first = entry.term.utf8.first { starts[Int(first >> 6)] |= 1 << UInt64(first & 63) }
            bytes += entry.term.utf8
            return (bytes.count - entry.term.utf8.count)..<bytes.count
        }
        self.bytes = bytes
        self.starts = (starts[0], starts[1], starts[2], starts[3])
    }

    /// Whether `text` holds a byte some term starts with.
    fileprivate func mayHoldTerm(_ text: String) -> Bool {
        // Over the contiguous bytes when the string has them (Locutor's own strings do): the
        // view's iterator, called byte by byte, was 4 % of saying a price.
        text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isStart) } ?? text.utf8.contains(where: isStart)
    }

    private func isStart(_ byte: UInt8) -> Bool {
        let word =
            switch byte >> 6 {
            case 0: starts.0
            case 1: starts.1
            case 2: starts.2
            default: starts.3
            }
        return word & (1 << UInt64(byte & 63)) != 0
    }
}

extension Utterance {

    /// This utterance with each lexicon term in it made a segment of its own carrying its IPA:
    /// the terms of what was written ("Envío Full") and of what Locutor says ("one thousand reais").
    ///
    /// A term is found as a whole word in both the words and the label form of a segment; the
    /// segment is split around it (the written text it stood for is then no longer one piece, so
    /// the parts drop it). Longer terms are tried first.
    package func hinted(by lexicon: PreparedLexicon) -> Utterance {
        func needsHint(_ segment: Segment) -> Bool {
            segment.ipa == nil && !segment.isPause && Self.firstTerm(of: lexicon, in: segment) != nil
        }
        // Most texts hold no term: then the segments are not copied (a long text's are most of
        // the memory it takes).
        guard !lexicon.entries.isEmpty, let first = segments.firstIndex(where: needsHint) else { return self }
        var result = Array(segments[..<first])
        var pending = segments[first...]
        while let segment = pending.popFirst() {
            guard segment.ipa == nil, !segment.isPause,
                let (place, wordsRange, labelRange) = Self.firstTerm(of: lexicon, in: segment)
            else {
                result.append(segment)
                continue
            }
            // Sliced by scalars: a term's ends are scalar boundaries, not always Character ones.
            let words = segment.words.unicodeScalars
            let label = segment.label.unicodeScalars
            let before = Segment(
                words: String(words[..<wordsRange.lowerBound]).trimmingSpaces(),
                label: String(label[..<labelRange.lowerBound]).trimmingSpaces(), lang: segment.lang)
            let entry = lexicon.entries[place]
            var hint = Segment(
                words: String(words[wordsRange]), label: String(label[labelRange]), ipa: entry.ipa, lang: entry.lang ?? segment.lang)
            hint.hintLocation = entry.location
            let after = Segment(
                words: String(words[wordsRange.upperBound...]).trimmingSpaces(),
                label: String(label[labelRange.upperBound...]).trimmingSpaces(), lang: segment.lang)
            if !before.words.isEmpty || !before.label.isEmpty { result.append(before) }
            result.append(hint)
            if !after.words.isEmpty || !after.label.isEmpty { pending.insert(after, at: pending.startIndex) }
        }
        return Utterance(result)
    }

    /// The place in `lexicon.entries` of the term found first in a segment, and where it is in
    /// its words and its label.
    private static func firstTerm(of lexicon: PreparedLexicon, in segment: Segment)
        -> (Int, Range<String.Index>, Range<String.Index>)?
    {
        guard lexicon.mayHoldTerm(segment.words) else { return nil }
        return lexicon.bytes.withUnsafeBufferPointer { bytes in
            var best: (Int, Range<String.Index>, Range<String.Index>)?
            for (place, range) in lexicon.needles.enumerated() {
                let needle = UnsafeBufferPointer(rebasing: bytes[range])
                guard let words = wholeWord(needle, in: segment.words),
                    let label = wholeWord(needle, in: segment.label)
                else { continue }
                if let current = best, current.1.lowerBound <= words.lowerBound { continue }
                best = (place, words, label)
            }
            return best
        }
    }

    /// The first place a term (its UTF-8 bytes, `needle`) stands as a whole word in `text`,
    /// matched scalar for scalar.
    private static func wholeWord(_ needle: UnsafeBufferPointer<UInt8>, in text: String) -> Range<String.Index>? {
        guard let first = needle.first else { return nil }
        var contiguous = text
        // Byte offsets where all of the term's bytes stand, found in the contiguous UTF-8 (a
        // generic search over the string's view was a tenth of saying a price).
        let offsets: [Int] = contiguous.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return [] }
            var found: [Int] = []
            for start in 0...(bytes.count - needle.count) where bytes[start] == first {
                var offset = 1
                while offset < needle.count, bytes[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { found.append(start) }
            }
            return found
        }
        // The first byte of a term is the lead byte of a scalar, so every candidate starts on a
        // scalar boundary, and ends on one when all the term's bytes follow.
        let bytes = text.utf8
        for offset in offsets {
            let found = bytes.index(bytes.startIndex, offsetBy: offset)
            let end = bytes.index(found, offsetBy: needle.count)
            let before = found == text.startIndex ? nil : text.unicodeScalars[text.unicodeScalars.index(before: found)]
            let after = end == text.endIndex ? nil : text.unicodeScalars[end]
            if before.map(MoneyReader.isWordScalar) != true && after.map(MoneyReader.isWordScalar) != true { return found..<end }
        }
        return nil
    }
}
