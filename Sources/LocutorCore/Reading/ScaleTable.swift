/// The scale words of a region, found after a number: "millones", "M", "k", "тыс.".
///
/// Abbreviations match exactly ("M" is a million, "m" is not); words of three letters or more
/// match in any case ("Millones").
struct ScaleTable: Sendable {
    private let entries: [(written: [Unicode.Scalar], folded: Bool, scale: Scale)]

    init(_ scales: [String: Scale]) {
        entries = scales.map { written, scale in
            let scalars = Array(written.unicodeScalars)
            let folded = scalars.count >= 3 && scalars.allSatisfy(\.isLetterLike)
            return (folded ? scalars.map(\.lowercased) : scalars, folded, scale)
        }.sorted { $0.written.count > $1.written.count }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The longest scale after a number that ends at `index` (spaces between allowed; no letter
    /// or digit after it: "5km" is no "5k").
    func longest(_ text: [Unicode.Scalar], after index: Int) -> (scale: Scale, end: Int)? {
        guard !entries.isEmpty else { return nil }
        var start = index
        while start < text.count, MoneyReader.isSpace(text[start]) { start += 1 }
        guard start < text.count else { return nil }
        for entry in entries where start + entry.written.count <= text.count {
            var matches = true
            for offset in 0..<entry.written.count {
                let scalar = text[start + offset]
                if (entry.folded ? scalar.lowercased : scalar) != entry.written[offset] {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            let end = start + entry.written.count
            if let last = entry.written.last, last.isLetterLike, end < text.count, MoneyReader.isWordScalar(text[end]) { continue }
            return (entry.scale, end)
        }
        return nil
    }
}
