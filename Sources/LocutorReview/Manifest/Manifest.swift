import Foundation

/// What a render produced: one entry per sample and region, in a fixed order, as JSON.
///
/// The listening page, the cache and the merging of shards read it. Keys are written sorted and
/// entries ordered by (id, region), so two runs over the same catalog write the same bytes
/// whatever the order, the shard or the number of jobs.
package struct Manifest: Codable, Equatable, Sendable {
    package static let formatVersion = 1

    package struct Engine: Codable, Equatable, Sendable {
        package var name: String
        package var version: String
        package var sampleRate: Int
    }

    /// An IPA hint attached to a stretch of the words.
    package struct Hint: Codable, Equatable, Sendable {
        package var text: String
        package var ipa: String
    }

    package struct Entry: Codable, Equatable, Sendable {
        package var id: String
        package var region: String
        /// The sample's place in its catalog (from 0): listening sessions follow the catalog.
        package var position: Int?
        /// BCP 47 language of the words, for `lang` attributes: the region's id.
        package var lang: String
        package var title: String?
        /// The display text, or the price component as one JSON line.
        package var input: String
        package var label: String?
        package var words: String?
        package var ssml: String?
        package var hints: [Hint]
        /// The IPA transcript of exactly what was spoken.
        package var ipa: String?
        /// The eSpeak NG voice (with variant) and its rate and pitch.
        package var voice: String
        package var rate: Int
        package var pitch: Int
        package var espeakVersion: String
        /// The WAV, relative to the manifest's folder.
        package var wav: String?
        package var duration: Double?
        /// SHA-256 of the WAV file's bytes.
        package var sha256: String?
        /// Why the sample could not be rendered.
        package var error: String?
        /// What the input holds that Locutor does not read and hands to the voice as written
        /// ("A4", "USD"); nil when there is none.
        package var unread: [String]?

        package init(
            id: String, region: String, position: Int? = nil, lang: String, title: String?, input: String, label: String?, words: String?,
            ssml: String?, hints: [Hint], ipa: String?, voice: String, rate: Int, pitch: Int, espeakVersion: String,
            wav: String?, duration: Double?, sha256: String?, error: String?
        ) {
            self.id = id
            self.region = region
            self.position = position
            self.lang = lang
            self.title = title
            self.input = input
            self.label = label
            self.words = words
            self.ssml = ssml
            self.hints = hints
            self.ipa = ipa
            self.voice = voice
            self.rate = rate
            self.pitch = pitch
            self.espeakVersion = espeakVersion
            self.wav = wav
            self.duration = duration
            self.sha256 = sha256
            self.error = error
        }
    }

    package var format: Int
    /// The catalog, as the command line named it.
    package var catalog: String
    package var engine: Engine
    /// Which form the audio speaks: words or label.
    package var form: String
    /// "i/n" for the manifest of one shard; nil for a whole catalog.
    package var shard: String?
    package var entries: [Entry]

    package init(catalog: String, engine: Engine, form: String, shard: String?, entries: [Entry]) {
        format = Self.formatVersion
        self.catalog = catalog
        self.engine = engine
        self.form = form
        self.shard = shard
        self.entries = entries.sorted { ($0.id, $0.region) < ($1.id, $1.region) }
    }

    /// Entries that could not be rendered.
    package var failures: [Entry] { entries.filter { $0.error != nil } }
    /// The entries whose input holds text Locutor does not read.
    package var unreadEntries: [Entry] { entries.filter { !($0.unread ?? []).isEmpty } }

    /// The manifest as JSON: sorted keys, two-space indentation, final newline.
    ///
    /// The bytes `JSONEncoder` writes for the whole manifest, made one entry at a time: encoding
    /// ten thousand entries at once builds a tree of every value first, several times the size
    /// of the text (a render's peak memory).
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var outline = self
        outline.entries = []
        let top = try encoder.encode(outline)
        // Pretty-printed JSON has line breaks only between tokens (one inside a string is "\n"),
        // so the empty list is found by its line break and the entries are indented by theirs.
        let empty = Data("\n  \"entries\" : [\n\n  ]".utf8)
        guard !entries.isEmpty, let slot = top.range(of: empty) else { return top + Data("\n".utf8) }
        var data = Data()
        data.reserveCapacity(top.count + entries.count * 1024)
        data.append(top[..<slot.lowerBound])
        data.append(Data("\n  \"entries\" : [".utf8))
        for (index, entry) in entries.enumerated() {
            data.append(Data((index == 0 ? "\n    " : ",\n    ").utf8))
            try encoder.encode(entry).withUnsafeBytes { (text: UnsafeRawBufferPointer) in
                var start = 0
                for (offset, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
                    data.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[start...offset]))
                    // The blank line of an empty list stays blank.
                    if offset + 1 < text.count, text[offset + 1] != UInt8(ascii: "\n") { data.append(contentsOf: "    ".utf8) }
                    start = offset + 1
                }
                data.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[start...]))
            }
        }
        data.append(Data("\n  ]".utf8))
        data.append(top[slot.upperBound...])
        data.append(UInt8(ascii: "\n"))
        return data
    }

    package static func decode(_ data: Data) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: data)
    }

    /// One manifest from the manifests of every shard of a run.
    ///
    /// - Throws: `ReviewError.shardsDisagree` when they come from different catalogs, engines or forms.
    package static func merging(_ parts: [Manifest]) throws -> Manifest {
        guard let first = parts.first else { throw ReviewError.noShards }
        // Every shard of one run: the same count, each index once.
        let shards = parts.compactMap { $0.shard.flatMap(Self.parseShard) }
        if shards.count == parts.count {
            let counts = Set(shards.map(\.count)).sorted()
            guard counts.count == 1, let count = counts.first else { throw ReviewError.shardCountsDiffer(counts) }
            let missing = Set(1...count).subtracting(shards.map(\.index)).sorted()
            if !missing.isEmpty { throw ReviewError.shardsMissing(count: count, missing: missing) }
        }
        for part in parts.dropFirst() where part.catalog != first.catalog || part.engine != first.engine || part.form != first.form {
            throw ReviewError.shardsDisagree(first: first.catalog, other: part.catalog)
        }
        var seen: Set<String> = []
        var entries: [Entry] = []
        for part in parts {
            for entry in part.entries where seen.insert(entry.id + "\u{0}" + entry.region).inserted { entries.append(entry) }
        }
        return Manifest(catalog: first.catalog, engine: first.engine, form: first.form, shard: nil, entries: entries)
    }

    /// "2/4" → (2, 4).
    package static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        return (index, count)
    }
}
