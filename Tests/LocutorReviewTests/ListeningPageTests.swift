import Crypto
import Foundation
import LocutorCore
import Testing

@testable import LocutorReview

/// Manifests for the page tests, and a reader for the bits of HTML they check.
enum PageFixtures {
    static let hostile = #"</script><script>alert(1)</script> "quoted" 'single' & <b>bold</b>"#

    static func entry(
        _ id: String, _ region: String, title: String? = nil, input: String = "$ 9.000", words: String? = "nueve mil pesos",
        error: String? = nil, hints: [Manifest.Hint] = []
    ) -> Manifest.Entry {
        Manifest.Entry(
            id: id, region: region, lang: region, title: title, input: input,
            label: error == nil ? "9.000 pesos" : nil, words: error == nil ? words : nil,
            ssml: error == nil ? "<speak>nueve mil pesos</speak>" : nil, hints: hints,
            ipa: error == nil ? "nwˈeβe mˈil pˈesos" : nil, voice: region == "pt-BR" ? "pt-br" : "es-419", rate: 175, pitch: 50,
            espeakVersion: "1.51", wav: error == nil ? "\(region)/\(id).wav" : nil, duration: error == nil ? 1.25 : nil,
            sha256: error == nil ? String(repeating: "0", count: 64) : nil, error: error)
    }

    static let engine = Manifest.Engine(name: "eSpeak NG", version: "1.51", sampleRate: 22050)

    /// Three samples in three regions: one titled, one with a hint, one that failed in a region.
    static var manifest: Manifest {
        Manifest(
            catalog: "samples/catalog.yaml", engine: engine, form: "words", shard: nil,
            entries: [
                entry(
                    "ml.price", "es-AR", title: "Mercado Libre: a price", input: "$ 1.299.900",
                    words: "un millón doscientos noventa y nueve mil novecientos pesos"),
                entry(
                    "ml.price", "pt-BR", title: "Mercado Libre: a price", input: "R$ 1.299.900",
                    words: "um milhão duzentos e noventa e nove mil e novecentos reais"),
                entry(
                    "ml.price", "es-MX", title: "Mercado Libre: a price", input: "$1,299,900",
                    words: "un millón doscientos noventa y nueve mil novecientos pesos"),
                entry(
                    "ml.discount", "es-AR", input: "19% OFF", words: "diecinueve por ciento OFF",
                    hints: [Manifest.Hint(text: "OFF", ipa: "ˈof")]),
                entry("combo", "es-AR", title: "Combo", input: #"{"discount":19,"previous":"6500","price":"5249"}"#),
                entry(
                    "combo", "pt-BR", title: "Combo", input: #"{"discount":19,"previous":"6500","price":"5249"}"#,
                    error: "the amount 10000000000000000000000 is too large to spell exactly"),
            ])
    }

    static var hostileManifest: Manifest {
        Manifest(
            catalog: "c&<x>.yaml", engine: engine, form: "words", shard: nil,
            entries: [
                entry("evil", "es-AR", title: hostile, input: hostile, words: hostile, hints: [Manifest.Hint(text: hostile, ipa: hostile)]),
                entry("evil", "pt-BR", title: hostile, input: hostile, error: hostile),
            ])
    }

    /// Every value of `attribute` in the start tags named `tag`, as written (still escaped).
    static func attributes(_ attribute: String, of tag: String, in html: String) -> [String] {
        tags(tag, in: html).compactMap { value(of: attribute, inTag: $0) }
    }

    /// The start tags named `tag`, from `<` to `>`.
    static func tags(_ tag: String, in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<\(tag)") {
            let after = rest[start.upperBound...]
            guard let next = after.first, next == " " || next == ">" else {
                rest = after
                continue
            }
            guard let end = after.firstIndex(of: ">") else { break }
            found.append(String(rest[start.lowerBound...end]))
            rest = rest[after.index(after: end)...]
        }
        return found
    }

    static func value(of attribute: String, inTag tag: String) -> String? {
        guard let start = tag.range(of: " \(attribute)=\"") else { return nil }
        let after = tag[start.upperBound...]
        guard let end = after.firstIndex(of: "\"") else { return nil }
        return String(after[..<end])
    }

    /// The text of the JSON data block.
    static func dataBlock(_ html: String) -> String? {
        let open = "<script type=\"application/json\" id=\"locutor-data\">"
        guard let start = html.range(of: open), let end = html[start.upperBound...].range(of: "</script>") else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    static func count(_ needle: String, in html: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }
}

@Suite struct ListeningPageTests {
    let manifest = PageFixtures.manifest
    var html: String { ListeningPage.html(for: manifest, title: "Listening session") }

    @Test("Hostile titles, inputs, words, hints and errors are escaped: no markup of theirs reaches the page")
    func escapesHostileText() {
        let html = ListeningPage.html(for: PageFixtures.hostileManifest, title: PageFixtures.hostile)
        #expect(!html.contains("<script>alert(1)"))
        #expect(!html.contains("<b>bold</b>"))
        #expect(PageFixtures.count("<script", in: html) == 2, "only the data block and the page's own script")
        #expect(PageFixtures.count("</script>", in: html) == 2)
        #expect(
            html.contains(
                "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &apos;single&apos; &amp; &lt;b&gt;bold&lt;/b&gt;</title>"
            ))
        #expect(html.contains("<h2 id=\"sample-1-title\">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;"))
        #expect(html.contains("<strong>Not rendered:</strong> &lt;/script&gt;&lt;script&gt;alert(1)"))
        #expect(html.contains("Catalog <code>c&amp;&lt;x&gt;.yaml</code>"))
        // In attributes too: the audio's name carries the title.
        let label = PageFixtures.attributes("aria-label", of: "audio", in: html)
        #expect(
            label == [
                "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &apos;single&apos; &amp; &lt;b&gt;bold&lt;/b&gt;, es-AR"
            ])
        // The data block can hold no '<' at all, so nothing in it can close the script.
        let block = PageFixtures.dataBlock(html) ?? "<"
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&"))
        #expect(block.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)"#))
    }

    @Test("Every audio's src is its entry's wav, in manifest order, and failed entries have no audio")
    func audioSources() {
        let sources = PageFixtures.attributes("src", of: "audio", in: html)
        #expect(sources == manifest.entries.compactMap(\.wav))
        #expect(sources == ["es-AR/combo.wav", "es-AR/ml.discount.wav", "es-AR/ml.price.wav", "es-MX/ml.price.wav", "pt-BR/ml.price.wav"])
        for tag in PageFixtures.tags("audio", in: html) {
            #expect(tag.contains(" controls "))
            #expect(tag.contains(" preload=\"none\""))
            #expect(PageFixtures.value(of: "aria-label", inTag: tag)?.isEmpty == false)
        }
    }

    @Test("A failed entry shows its error and no audio, and the header links to it")
    func failures() throws {
        let html = self.html
        #expect(
            html.contains(
                "<p class=\"failed\"><strong>Not rendered:</strong> the amount 10000000000000000000000 is too large to spell exactly</p>"))
        #expect(!html.contains("pt-BR/combo.wav"))
        #expect(html.contains("<li><a href=\"#sample-1\">combo in pt-BR</a></li>"))
        #expect(html.contains("<strong>1 recording could not be made:</strong>"))
        // The failed region's article has no audio element.
        let article = try #require(html.range(of: "<article class=\"region\" data-region=\"pt-BR\" aria-labelledby=\"r1-2\">"))
        let end = try #require(html[article.upperBound...].range(of: "</article>"))
        #expect(!html[article.upperBound..<end.lowerBound].contains("<audio"))
    }

    @Test("The page is English and each region's text carries the region's language")
    func languages() {
        let html = self.html
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(html.contains("<dt>Input</dt><dd lang=\"es-AR\">$ 1.299.900</dd>"))
        #expect(html.contains("<dt>Input</dt><dd lang=\"pt-BR\">R$ 1.299.900</dd>"))
        #expect(html.contains("<dt>Words</dt><dd lang=\"pt-BR\">um milhão duzentos e noventa e nove mil e novecentos reais</dd>"))
        #expect(html.contains("<dt>Label</dt><dd lang=\"es-MX\">9.000 pesos</dd>"))
        // Each IPA word is kept on one line.
        #expect(
            html.contains(
                "<dt>IPA</dt><dd><span class=\"ipa\" lang=\"es-AR-fonipa\"><span class=\"w\">nwˈeβe</span> <span class=\"w\">mˈil</span> <span class=\"w\">pˈesos</span></span></dd>"
            ))
        #expect(
            html.contains(
                "<li><span lang=\"es-AR\">OFF</span> <span class=\"ipa\" lang=\"es-AR-fonipa\">/<span class=\"w\">ˈof</span>/</span></li>"))
        // A price component is JSON, in no language.
        #expect(
            html.contains(
                #"<dt>Price component</dt><dd><code>{&quot;discount&quot;:19,&quot;previous&quot;:&quot;6500&quot;,&quot;price&quot;:&quot;5249&quot;}</code></dd>"#
            ))
    }

    @Test("One h2 per sample with its title or id, one h3 per region, in the manifest's order")
    func headings() {
        let html = self.html
        let h2 = PageFixtures.tags("h2", in: html)
        #expect(h2.count == 3)
        #expect(html.contains("<h2 id=\"sample-1-title\">Combo</h2>"))
        #expect(html.contains("<h2 id=\"sample-2-title\">ml.discount</h2>"))
        #expect(html.contains("<h2 id=\"sample-3-title\">Mercado Libre: a price</h2>"))
        #expect(PageFixtures.tags("h3", in: html).count == manifest.entries.count)
        #expect(html.contains("<h3 id=\"r3-3\">pt-BR <span class=\"muted\">Portuguese (Brazil)</span></h3>"))
        #expect(PageFixtures.count("<h1>", in: html) == 1)
    }

    @Test("Landmarks, a skip link, a real Play all button, a polite live region, labelled notes")
    func structure() {
        let html = self.html
        #expect(html.contains("<a class=\"skip\" href=\"#main\">Skip to the samples</a>"))
        #expect(
            html.contains("<header>") && html.contains("<nav aria-label=\"Region filter\" id=\"filter\" hidden>")
                && html.contains("<main id=\"main\" tabindex=\"-1\">"))
        #expect(html.contains("<button type=\"button\" id=\"play-all\" aria-describedby=\"play-help\">Play all</button>"))
        #expect(html.contains("<p id=\"status\" class=\"status\" role=\"status\" aria-live=\"polite\"></p>"))
        #expect(html.contains("<legend>Show regions</legend>"))
        #expect(PageFixtures.attributes("value", of: "input", in: html) == ["es-AR", "es-MX", "pt-BR"])
        let textareas = PageFixtures.tags("textarea", in: html)
        #expect(textareas.count == manifest.entries.count)
        for textarea in textareas {
            let id = PageFixtures.value(of: "id", inTag: textarea) ?? "?"
            #expect(html.contains("<label for=\"\(id)\">Notes<span class=\"visually-hidden\"> on "))
        }
        #expect(
            html.contains("<label for=\"r3-1-note\">Notes<span class=\"visually-hidden\"> on Mercado Libre: a price, es-AR</span></label>"))
        // The only tabindex lets the skip link move focus to main; none is positive.
        let tabindexes = html.components(separatedBy: "tabindex=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(tabindexes == ["-1"])
        #expect(html.contains(":focus-visible { outline: 3px solid"))
    }

    @Test("Nothing is fetched: no external URL, and a CSP that pins the inline script and style by hash")
    func selfContained() throws {
        let html = self.html
        for scheme in ["http:", "https:", "//"] {
            #expect(!html.contains("src=\"\(scheme)") && !html.contains("href=\"\(scheme)"))
        }
        #expect(!html.contains("@import") && !html.contains("url("))
        let csp = try #require(PageFixtures.attributes("content", of: "meta", in: html).first { $0.hasPrefix("default-src") })
        #expect(csp.contains("default-src &apos;none&apos;"))
        #expect(csp.contains("script-src \(MarkupText.escaped(HTMLText.cspHash(PageAssets.script)))"))
        #expect(html.contains("<script>\(PageAssets.script)</script>"))
        #expect(html.contains("<style>\(PageAssets.style)</style>"))
    }

    @Test("The JSON block parses back to the page data, hostile text included")
    func dataRoundTrips() throws {
        for manifest in [manifest, PageFixtures.hostileManifest] {
            let html = ListeningPage.html(for: manifest, title: "t")
            let block = try #require(PageFixtures.dataBlock(html))
            let data = try JSONDecoder().decode(PageData.self, from: Data(block.utf8))
            #expect(data == PageData(manifest))
            #expect(data.catalog == manifest.catalog)
            #expect(data.entries.map(\.input) == manifest.entries.map(\.input))
            #expect(data.entries.map(\.words) == manifest.entries.map(\.words))
            #expect(data.entries.map(\.wav) == manifest.entries.map(\.wav))
            #expect(data.entries.map { "\($0.id)@\($0.region)" } == manifest.entries.map { "\($0.id)@\($0.region)" })
        }
    }

    @Test("The same manifest gives the same bytes, whatever order its entries were given in")
    func deterministic() {
        let shuffled = Manifest(
            catalog: manifest.catalog, engine: manifest.engine, form: manifest.form, shard: nil,
            entries: manifest.entries.reversed())
        #expect(ListeningPage.html(for: manifest, title: "Listening session") == html)
        #expect(ListeningPage.html(for: shuffled, title: "Listening session") == html)
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test("An empty render says so")
    func empty() {
        let empty = Manifest(catalog: "c.yaml", engine: PageFixtures.engine, form: "words", shard: "2/4", entries: [])
        let html = ListeningPage.html(for: empty, title: "Nothing")
        #expect(html.contains("<p>This render has no samples.</p>"))
        #expect(html.contains("0 samples in 0 regions · 0 recordings"))
        #expect(html.contains("shard 2/4"))
    }
}

@Suite struct PageEscapingTests {
    @Test("Escapes the five characters that matter in text and quoted attributes")
    func escape() {
        #expect(
            MarkupText.escaped(#"<a href="x" title='y'>&amp;</a>"#) == "&lt;a href=&quot;x&quot; title=&apos;y&apos;&gt;&amp;amp;&lt;/a&gt;"
        )
        #expect(MarkupText.escaped("n°5 · 75 m² — ₽") == "n°5 · 75 m² — ₽")
    }

    @Test("JSON for a script block has no < > & and the same value")
    func scriptJSON() throws {
        let json = #"{"a":"</script><!-- & \u2028"}"#
        let escaped = HTMLText.scriptJSON(json)
        #expect(escaped == #"{"a":"\u003c/script\u003e\u003c!-- \u0026 \u2028"}"#)
        let value = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(value == ["a": "</script><!-- & \u{2028}"])
    }

    @Test("Relative paths stay as they are; # ? % and spaces are percent-encoded")
    func urlPath() {
        #expect(HTMLText.urlPath("es-AR/ml.price.wav") == "es-AR/ml.price.wav")
        #expect(HTMLText.urlPath("a b/#1?x%.wav") == "a%20b/%231%3Fx%25.wav")
    }

    @Test("CSP hashes are base64 SHA-256")
    func cspHash() {
        #expect(HTMLText.cspHash("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
        #expect(HTMLText.cspHash("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }
}

/// Writes a render-like folder for `scripts/browser-test` when `LOCUTOR_PAGE_FIXTURE` names one:
/// the fixture manifest plus a hostile sample, WAVs spoken by the `espeak-ng` command, the
/// manifest and `index.html`.
///
///     LOCUTOR_PAGE_FIXTURE=/tmp/page swift test --filter PageFixtureWriter
///     /usr/bin/python3 scripts/browser-test /tmp/page
@Suite struct PageFixtureWriter {
    static let folder = ProcessInfo.processInfo.environment["LOCUTOR_PAGE_FIXTURE"]

    @Test("Writes the browser-test fixture", .enabled(if: folder != nil))
    func write() throws {
        let out = URL(fileURLWithPath: try #require(Self.folder), isDirectory: true)
        var entries =
            PageFixtures.manifest.entries + [
                PageFixtures.entry(
                    "zz.hostile", "es-AR", title: PageFixtures.hostile,
                    input: PageFixtures.hostile, words: "nueve mil pesos")
            ]
        for index in entries.indices {
            guard let wav = entries[index].wav else { continue }
            let file = out.appendingPathComponent(wav)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let espeak = Process()
            espeak.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            espeak.arguments = ["espeak-ng", "-v", entries[index].voice, "-w", file.path, entries[index].words ?? ""]
            try espeak.run()
            espeak.waitUntilExit()
            #expect(espeak.terminationStatus == 0, "espeak-ng -w \(file.path)")
            let bytes = try Data(contentsOf: file)
            entries[index].sha256 = SHA256.hash(data: bytes).hexDigits
        }
        let manifest = Manifest(catalog: "fixture/catalog.yaml", engine: PageFixtures.engine, form: "words", shard: nil, entries: entries)
        try manifest.encoded().write(to: out.appendingPathComponent("manifest.json"))
        try Data(ListeningPage.html(for: manifest, title: "Locutor listening session: fixture").utf8)
            .write(to: out.appendingPathComponent("index.html"))
    }
}
