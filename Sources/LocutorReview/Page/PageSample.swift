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

    /// Entries grouped by id, in the order the manifest first names each id; inside a sample
    /// the entries keep the manifest's order (by region). A manifest made by `Manifest.init`
    /// is sorted, so this is the order by id then region; one read from a file is shown as it is.
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
        return samples.map { sample in
            PageSample(id: sample.id, title: sample.entries.lazy.compactMap(\.title).first, entries: sample.entries)
        }
    }

    /// Every region of the render, sorted, for the filter.
    static func regions(of entries: [Manifest.Entry]) -> [String] {
        Set(entries.map(\.region)).sorted()
    }
}
