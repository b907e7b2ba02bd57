import Foundation
import LocutorCore

/// A list of samples to hear and guard, in the regions they are shown in.
///
/// ```yaml
/// regions: [es-AR, es-MX, en-US]        # the default regions
/// samples:
///   - id: ml.price.basic                # [A-Za-z0-9._-]+, unique
///     title: Mercado Libre's price      # optional, for the listening page
///     text: "$ 899.900"                 # the same display text everywhere…
///     regions: [es-AR]                  # …in these regions only (optional)
///   - id: ml.price.regional
///     text:                             # or a display text per region
///       es-AR: "$ 1.299.900"
///       es-MX: "$1,299,900.00"
///   - id: ml.combo
///     price: { previous: "6500", price: "5249", discount: 19 }   # or a price component
/// ```
package struct Catalog: Sendable {
    package struct Sample: Sendable {
        package enum Content: Sendable {
            /// A display text, the same in every region.
            case text(String)
            /// A display text per region.
            case texts([RegionID: String])
            /// A price component (the keys of ../shared/cases/README.md).
            case price(PriceComponent, source: String)
        }

        package let id: String
        package let title: String?
        package let content: Content
        package let regions: [RegionID]
        package let location: SourceLocation

        /// What the sample says in `region`: its input as written (a display text, or the price
        /// component as one JSON line) and how to verbalize it.
        package func input(for region: RegionID) -> String {
            switch content {
            case let .text(text): text
            case let .texts(texts): texts[region] ?? ""
            case let .price(_, source): source
            }
        }
    }

    /// The file, as messages name it.
    package let origin: String
    package let regions: [RegionID]
    package let samples: [Sample]

    /// Every sample in every region it is in, in catalog order.
    package var items: [(sample: Sample, region: RegionID)] {
        samples.flatMap { sample in sample.regions.map { (sample, $0) } }
    }

    /// The longest id, in UTF-8 bytes: `<id>.wav.json` and the hidden temporary names written
    /// beside it must fit the 255 bytes a file name may have.
    package static let maximumIDLength = 200

    /// Ids keep output paths inside the output folder.
    package static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id != "." && id != ".." && id.unicodeScalars.allSatisfy(isIDScalar)
    }

    private static func isIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "." || scalar == "_" || scalar == "-"
    }

    /// Reads a catalog.
    ///
    /// - Parameters:
    ///   - yaml: the text.
    ///   - origin: the file name in messages (`samples/catalog.yaml`).
    ///   - knownRegions: the regions of the voices folder; any other is an error.
    /// - Throws: `DataError` with every problem, each with file:line:column and the fix.
    package init(yaml: String, origin: String, knownRegions: [RegionID]) throws(DataError) {
        self.origin = origin
        var reader = DataReader()
        guard let root = try DataNode.parse(yaml, origin: origin) else {
            throw DataError([
                Diagnostic(
                    SourceLocation(file: origin, line: 1, column: 1), "the catalog is empty",
                    fix: "write 'regions: [...]' and 'samples:' with at least one sample")
            ])
        }
        let fields = reader.fields(root, "the catalog", required: ["samples"], optional: ["regions"]) ?? [:]
        let known = RegionSet(all: knownRegions)
        let defaults = fields["regions"].flatMap { known.list($0, "regions", reader: &reader) } ?? []
        var samples: [Sample] = []
        var seen: [String: SourceLocation] = [:]
        if let node = fields["samples"] {
            if case let .sequence(items) = node.value {
                for item in items {
                    guard let sample = Self.readSample(item, defaults: defaults, known: known, reader: &reader) else { continue }
                    if let first = seen[sample.id] {
                        reader.report(
                            item.location, "the id '\(sample.id)' is used twice (first at line \(first.line))",
                            fix: "give each sample its own id")
                        continue
                    }
                    seen[sample.id] = sample.location
                    samples.append(sample)
                }
            } else {
                reader.report(node.location, "samples must be a list", fix: "write each sample as '- id: …'")
            }
        }
        try reader.diagnostics.check()
        regions = defaults
        self.samples = samples
    }

    private static func readSample(_ node: DataNode, defaults: [RegionID], known: RegionSet, reader: inout DataReader) -> Sample? {
        guard let fields = reader.fields(node, "a sample", required: ["id"], optional: ["title", "text", "price", "regions"]) else {
            return nil
        }
        guard let idNode = fields["id"], let id = reader.string(idNode, "the sample id") else { return nil }
        guard isValidID(id) else {
            let suggestion = id.unicodeScalars.map { isIDScalar($0) ? String($0) : "-" }.joined()
            let problem =
                id == "." || id == ".."
                ? "the id '\(id)' names a folder, not a file" : "the id '\(id)' may only use letters, digits, '.', '_' and '-'"
            reader.report(
                idNode.location, problem,
                fix: isValidID(suggestion) ? "rename it, such as \(suggestion)" : "rename it with letters or digits, such as sample-1")
            return nil
        }
        guard id.utf8.count <= maximumIDLength else {
            reader.report(
                idNode.location, "the id is \(id.utf8.count) bytes long; an id names files, and may have at most \(maximumIDLength)",
                fix: "shorten it, such as \(String(id.prefix(40)))")
            return nil
        }
        let title = fields["title"].flatMap { reader.string($0, "the title of \(id)") }
        var regions = fields["regions"].flatMap { known.list($0, "the regions of \(id)", reader: &reader) } ?? defaults
        let content: Sample.Content
        switch (fields["text"], fields["price"]) {
        case (nil, nil), (.some, .some):
            reader.report(node.location, "the sample '\(id)' needs either text or price", fix: "give it one of them")
            return nil
        case let (text?, nil):
            if let single = text.scalar {
                guard !single.isEmpty else {
                    reader.report(text.location, "the text of '\(id)' is empty", fix: "write the display text")
                    return nil
                }
                content = .text(single)
            } else {
                var texts: [RegionID: String] = [:]
                for (name, keyNode, value) in reader.entries(text, "the texts of \(id)") ?? [] {
                    guard let regionID = known.region(keyNode, reader: &reader),
                        let display = reader.string(value, "the \(name) text of \(id)")
                    else { continue }
                    texts[regionID] = display
                }
                if fields["regions"] == nil {
                    regions = defaults.filter { texts[$0] != nil } + texts.keys.filter { !defaults.contains($0) }.sorted()
                }
                for missing in regions where texts[missing] == nil {
                    reader.report(
                        text.location, "the sample '\(id)' has no text for \(missing)",
                        fix: "add '\(missing): …' or leave \(missing) out of its regions")
                }
                content = .texts(texts)
            }
        case let (nil, price?):
            var values: [String: Any] = [:]
            for (key, _, value) in reader.entries(price, "the price of \(id)") ?? [] {
                if let text = reader.string(value, "the \(key) of \(id)") { values[key] = text }
            }
            do throws(InputError) {
                let component = try PriceComponent(fields: values)
                content = .price(component, source: Self.json(values))
            } catch {
                reader.report(price.location, "the price of '\(id)': \(error)", fix: "write it as the keys of a price component")
                return nil
            }
        }
        guard !regions.isEmpty else {
            reader.report(node.location, "the sample '\(id)' is in no region", fix: "list its regions, or the catalog's regions")
            return nil
        }
        return Sample(id: id, title: title, content: content, regions: regions, location: node.location)
    }

    /// The regions a catalog may name.
    struct RegionSet {
        let all: [RegionID]

        func region(_ node: DataNode, reader: inout DataReader) -> RegionID? {
            guard let text = reader.string(node, "a region") else { return nil }
            let id = RegionID(text)
            guard all.contains(id) else {
                let hint =
                    DataReader.nearest(text, in: all.map(\.rawValue)).map { "did you mean \($0)?" }
                    ?? "the regions are " + all.map(\.rawValue).joined(separator: ", ")
                reader.report(node.location, "unknown region '\(text)'", fix: hint)
                return nil
            }
            return id
        }

        func list(_ node: DataNode, _ what: String, reader: inout DataReader) -> [RegionID]? {
            guard case let .sequence(items) = node.value else {
                reader.report(node.location, "\(what) must be a list", fix: "write it as [es-AR, en-US]")
                return nil
            }
            return items.compactMap { region($0, reader: &reader) }
        }
    }

    /// A price's fields as one JSON line, in a fixed key order: what `locutor verbalize` reads.
    static func json(_ values: [String: Any]) -> String {
        let whole: Set<String> = ["discount", "installments"]
        var writer = JSONWriter()
        writer.beginObject()
        for key in values.keys.sorted() {
            guard let text = values[key] as? String else { continue }
            if whole.contains(key), Int(text) != nil { writer.raw(key, text) } else { writer.string(key, text) }
        }
        writer.endObject()
        return writer.text
    }
}
