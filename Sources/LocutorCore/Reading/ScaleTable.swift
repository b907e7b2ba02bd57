/// The scale words of a region, found after a number: "millones", "M", "k", "тыс.".
///
/// Abbreviations match exactly ("M" is a million, "m" is not); words of three letters or more
/// match in any case ("Millones").
struct ScaleTable: Sendable {
    /// What is compared at every candidate, in plain values: reading an element of an array of
    /// tuples that hold a `Scale` copied the whole tuple, strings and all, and that was an eighth
    /// of the time of a line with words after its number.
    private struct Entry: Sendable {
        let written: [Unicode.Scalar]
        let folded: Bool
        let afterSymbolOnly: Bool
        let gluedOnly: Bool
    }

    private let entries: [Entry]
    /// The scale of each entry, by the same index, read only once one matches.
    private let scales: [Scale]
    /// The entries that can start with a scalar (lower-cased for folded ones), longest first.
    private let byFirst: [Unicode.Scalar: [Int]]

    init(_ scales: [String: Scale]) {
        let sorted = scales.map { written, scale in
            let scalars = Array(written.unicodeScalars)
            let folded = scalars.count >= 3 && scalars.allSatisfy(\.isLetterLike)
            return (written: folded ? scalars.map(\.lowercased) : scalars, folded: folded, scale: scale)
        }.sorted { ($0.written.count, String(scalars: $0.written)) > ($1.written.count, String(scalars: $1.written)) }
        entries = sorted.map {
            Entry(written: $0.written, folded: $0.folded, afterSymbolOnly: $0.scale.afterSymbolOnly, gluedOnly: $0.scale.gluedOnly)
        }
        self.scales = sorted.map(\.scale)
        var byFirst: [Unicode.Scalar: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            guard let first = entry.written.first else { continue }
            byFirst[first, default: []].append(index)
            if entry.folded, let upper = first.properties.uppercaseMapping.unicodeScalars.first, upper != first {
                byFirst[upper, default: []].append(index)
            }
        }
        self.byFirst = byFirst
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The longest scale after a number that ends at `index` (spaces between allowed; no letter
    /// or digit after it: "5km" is no "5k"); with `afterSymbol`, the number follows its currency's
    /// sign, where the scales only read there count too ("$2m").
    func longest(_ text: [Unicode.Scalar], after index: Int, afterSymbol: Bool = false) -> (scale: Scale, end: Int)? {
        guard !entries.isEmpty else { return nil }
        var start = index
        while start < text.count, MoneyReader.isSpace(text[start]) { start += 1 }
        guard start < text.count, let candidates = byFirst[text[start]] else { return nil }
        for candidate in candidates {
            let entry = entries[candidate]
            let written = entry.written
            if entry.afterSymbolOnly, !afterSymbol { continue }
            if entry.gluedOnly, start != index { continue }
            guard start + written.count <= text.count else { continue }
            var matches = true
            for offset in 0..<written.count {
                let scalar = text[start + offset]
                if (entry.folded ? scalar.lowercased : scalar) != written[offset] {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            let end = start + written.count
            if let last = written.last, last.isLetterLike, end < text.count, MoneyReader.isWordScalar(text[end]) { continue }
            // A letter, a dot and a letter are an abbreviation of their own: "€ 350.000 k.k."
            // (kosten koper) has no thousand.
            if let last = written.last, last.isLetterLike, end + 1 < text.count, text[end] == ".", text[end + 1].isLetterLike { continue }
            return (scales[candidate], end)
        }
        return nil
    }
}
