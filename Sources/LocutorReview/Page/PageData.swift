import Foundation

/// What the page's script reads: the catalog (notes are kept per catalog) and, per entry, what
/// a notes export carries. Written into `<script type="application/json" id="locutor-data">`.
struct PageData: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var id: String
        var region: String
        var lang: String
        var title: String?
        var input: String
        var label: String?
        var words: String?
        var wav: String?
        var error: String?
    }

    static let formatVersion = 1

    var format: Int
    var catalog: String
    var entries: [Entry]

    init(_ manifest: Manifest) {
        format = Self.formatVersion
        catalog = manifest.catalog
        entries = PageSample.group(manifest.entries).flatMap(\.entries).map { entry in
            Entry(
                id: entry.id, region: entry.region, lang: entry.lang, title: entry.title, input: entry.input,
                label: entry.label, words: entry.words, wav: entry.wav, error: entry.error)
        }
    }

    /// Compact JSON with sorted keys, escaped to stand inside a `<script>` element.
    var scriptJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and integers only: encoding cannot fail.
        guard let data = try? encoder.encode(self), let json = String(data: data, encoding: .utf8) else {
            preconditionFailure("PageData holds only strings and integers, which JSONEncoder always encodes")
        }
        return HTMLText.scriptJSON(json)
    }
}
