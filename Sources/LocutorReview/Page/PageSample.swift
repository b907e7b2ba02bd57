/// One sample of the page: its heading and its entries, one per region.
struct PageSample: Equatable {
    let id: String
    /// The first title its entries carry.
    let title: String?
    var entries: [Manifest.Entry]

    /// The `h2`: the title, or the id when the catalog gave none.
    var heading: String {
        guard let title, !title.isEmpty else { return id }
        return title
    }

    /// Entries grouped by id, in catalog order (the entries' positions; a manifest without
    /// them in the order it first names each id); inside a sample the entries keep the
    /// manifest's order (by region).
    static func group(_ entries: [Manifest.Entry]) -> [PageSample] {
        var samples: [PageSample] = []
        var index: [String: Int] = [:]
        for entry in entries {
            if let position = index[entry.id] {
                samples[position].entries.append(entry)
            } else {
                index[entry.id] = samples.count
                samples.append(PageSample(id: entry.id, title: nil, entries: [entry]))
            }
        }
        let ordered = samples.enumerated().sorted { a, b in
            (a.element.entries.first?.position ?? Int.max, a.offset) < (b.element.entries.first?.position ?? Int.max, b.offset)
        }.map(\.element)
        return ordered.map { sample in
            PageSample(id: sample.id, title: sample.entries.lazy.compactMap(\.title).first, entries: sample.entries)
        }
    }

    /// Every region of the render, sorted, for the filter.
    static func regions(of entries: [Manifest.Entry]) -> [String] {
        Set(entries.map(\.region)).sorted()
    }
}
