import Foundation
import LocutorCore

/// The listening-session page of a render: `<out>/index.html`.
///
/// One page, readable from `file://` with nothing fetched but the WAVs beside it: the CSS and
/// the script are inline, and a Content-Security-Policy pins them by hash, so the page cannot
/// load anything else even if an escaping bug let markup through. It is built to be used with
/// a screen reader, since reviewers are often blind expert users:
///
/// - a skip link, then `header`, `nav` (the region filter) and `main` landmarks;
/// - an `h2` per sample and an `h3` per region inside it;
/// - the input, label and words carry `lang` (the entry's language), so a screen reader reads
///   "$ 1.299.900" with its Spanish voice in es-AR and its Portuguese voice in pt-BR;
/// - native `<audio controls>` with a name ("Mercado Libre: a price, es-AR");
/// - "Play all", a real button, plays the shown regions one after another and says in a polite
///   live region what is playing; Escape or the button stops;
/// - reviewer notes per sample and region, each with its own label, saved in `localStorage` as
///   they are typed and exported as CSV (RFC 4180) or JSON.
///
/// The output is deterministic: the same manifest and title give the same bytes (no dates;
/// samples in the manifest's order, regions as the manifest lists them).
package enum ListeningPage {
    /// The self-contained listening page for a rendered catalog: everything inline, nothing fetched.
    ///
    /// - Parameters:
    ///   - manifest: what the render produced; each entry's `wav` is relative to the page.
    ///   - title: the page's title and `h1` ("Locutor listening session: samples/catalog.yaml").
    /// - Returns: the HTML document, UTF-8 text ending in a newline.
    package static func html(for manifest: Manifest, title: String) -> String {
        var page = PageWriter()
        let samples = PageSample.group(manifest.entries)
        let regions = PageSample.regions(of: manifest.entries)
        let csp = [
            "default-src 'none'",
            "script-src \(HTMLText.cspHash(PageAssets.script))",
            "style-src \(HTMLText.cspHash(PageAssets.style))",
            "media-src 'self' file:",
            "img-src data:",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")

        page.line("<!DOCTYPE html>")
        page.line("<html lang=\"en\">")
        page.line("<head>")
        page.line("<meta charset=\"utf-8\">")
        page.line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.line("<meta http-equiv=\"Content-Security-Policy\" content=\"\(MarkupText.escaped(csp))\">")
        page.line("<meta name=\"generator\" content=\"locutor\">")
        page.line("<title>\(MarkupText.escaped(title))</title>")
        page.line("<link rel=\"icon\" href=\"data:,\">")
        page.line("<style>\(PageAssets.style)</style>")
        page.line("</head>")
        page.line("<body>")
        page.line("<a class=\"skip\" href=\"#main\">Skip to the samples</a>")

        header(&page, manifest: manifest, title: title, samples: samples, regions: regions)
        filter(&page, regions: regions)

        page.line("<main id=\"main\" tabindex=\"-1\">")
        if samples.isEmpty {
            page.line("<p>This render has no samples.</p>")
        }
        for (index, sample) in samples.enumerated() {
            section(&page, sample: sample, number: index + 1)
        }
        page.line("</main>")

        page.line("<footer>")
        page.line(
            "<p>Made by <code>locutor render</code>. The page fetches nothing: the recordings are the WAV files beside it, and notes stay in this browser until you export them.</p>"
        )
        page.line("</footer>")

        page.line("<script type=\"application/json\" id=\"locutor-data\">\(PageData(manifest).scriptJSON)</script>")
        page.line("<script>\(PageAssets.script)</script>")
        page.line("</body>")
        page.line("</html>")
        return page.text
    }

    // MARK: - Parts

    private static func header(_ page: inout PageWriter, manifest: Manifest, title: String, samples: [PageSample], regions: [String]) {
        let recordings = manifest.entries.count
        let failures = manifest.failures
        var facts = [
            "Catalog <code>\(MarkupText.escaped(manifest.catalog))</code>",
            counted(samples.count, "sample", "samples") + " in " + counted(regions.count, "region", "regions"),
            counted(recordings, "recording", "recordings"),
            "\(MarkupText.escaped(manifest.engine.name)) \(MarkupText.escaped(manifest.engine.version)) at \(manifest.engine.sampleRate) Hz",
            "the audio speaks the <strong>\(MarkupText.escaped(manifest.form))</strong> form",
        ]
        if let shard = manifest.shard { facts.append("shard \(MarkupText.escaped(shard))") }
        let unread = manifest.unreadEntries
        if !unread.isEmpty { facts.append(counted(unread.count, "recording holds", "recordings hold") + " text Locutor does not read") }

        page.line("<header>")
        page.line("<h1>\(MarkupText.escaped(title))</h1>")
        page.line("<p class=\"facts\">\(facts.joined(separator: " · "))</p>")
        if !failures.isEmpty {
            page.line("<div class=\"failures\">")
            page.line("<p><strong>\(counted(failures.count, "recording", "recordings")) could not be made:</strong></p>")
            page.line("<ul>")
            for failure in failures {
                let number = (samples.firstIndex { $0.id == failure.id } ?? 0) + 1
                page.line(
                    "<li><a href=\"#sample-\(number)\">\(MarkupText.escaped(failure.id)) in \(MarkupText.escaped(failure.region))</a></li>")
            }
            page.line("</ul>")
            page.line("</div>")
        }
        page.line("<div class=\"controls\" id=\"controls\" hidden>")
        page.line("<div class=\"buttons\">")
        page.line("<button type=\"button\" id=\"play-all\" aria-describedby=\"play-help\">Play all</button>")
        page.line("<button type=\"button\" id=\"export-csv\">Export notes as CSV</button>")
        page.line("<button type=\"button\" id=\"export-json\">Export notes as JSON</button>")
        page.line(
            "<span class=\"import\"><label for=\"import-json\">Import notes from JSON</label> <input type=\"file\" id=\"import-json\" accept=\".json,application/json\"></span>"
        )
        page.line("</div>")
        page.line(
            "<p id=\"play-help\" class=\"help\">Play all plays the shown regions of every sample in order. Escape or the same button stops.</p>"
        )
        page.line("<p id=\"status\" class=\"status\" role=\"status\" aria-live=\"polite\"></p>")
        page.line("</div>")
        page.line(
            "<noscript><p class=\"help\">Play all, keeping notes between visits and exporting them need JavaScript. The recordings play without it.</p></noscript>"
        )
        page.line("</header>")
    }

    private static func filter(_ page: inout PageWriter, regions: [String]) {
        // Hidden until the script runs: without it the checkboxes would do nothing.
        page.line("<nav aria-label=\"Region filter\" id=\"filter\" hidden>")
        page.line("<fieldset id=\"region-filter\">")
        page.line("<legend>Show regions</legend>")
        page.line("<ul>")
        for (index, region) in regions.enumerated() {
            let name = regionName(region).map { " <span class=\"muted\">\(MarkupText.escaped($0))</span>" } ?? ""
            page.line(
                "<li><input type=\"checkbox\" id=\"show-\(index + 1)\" value=\"\(MarkupText.escaped(region))\" checked> <label for=\"show-\(index + 1)\">\(MarkupText.escaped(region))\(name)</label></li>"
            )
        }
        page.line("</ul>")
        page.line(
            "<p class=\"filter-buttons\"><button type=\"button\" id=\"show-all\">Show all regions</button> <button type=\"button\" id=\"hide-all\">Hide all regions</button></p>"
        )
        page.line("</fieldset>")
        page.line("<p id=\"shown\" class=\"help\"></p>")
        page.line("</nav>")
    }

    private static func section(_ page: inout PageWriter, sample: PageSample, number: Int) {
        page.line("<section class=\"sample\" id=\"sample-\(number)\" aria-labelledby=\"sample-\(number)-title\">")
        page.line("<h2 id=\"sample-\(number)-title\">\(MarkupText.escaped(sample.heading))</h2>")
        if sample.title != nil {
            page.line("<p class=\"sample-id\">Id <code>\(MarkupText.escaped(sample.id))</code></p>")
        }
        page.line("<div class=\"regions\">")
        for (index, entry) in sample.entries.enumerated() {
            region(&page, entry: entry, sample: sample, anchor: "r\(number)-\(index + 1)")
        }
        page.line("</div>")
        page.line("</section>")
    }

    private static func region(_ page: inout PageWriter, entry: Manifest.Entry, sample: PageSample, anchor: String) {
        let lang = MarkupText.escaped(entry.lang)
        let name = "\(sample.heading), \(entry.region)"
        page.line("<article class=\"region\" data-region=\"\(MarkupText.escaped(entry.region))\" aria-labelledby=\"\(anchor)\">")
        let regionName = regionName(entry.region).map { " <span class=\"muted\">\(MarkupText.escaped($0))</span>" } ?? ""
        page.line("<h3 id=\"\(anchor)\">\(MarkupText.escaped(entry.region))\(regionName)</h3>")

        if let error = entry.error {
            page.line("<p class=\"failed\"><strong>Not rendered:</strong> \(MarkupText.escaped(error))</p>")
        } else if let wav = entry.wav {
            let src = MarkupText.escaped(HTMLText.urlPath(wav))
            page.line(
                "<audio controls preload=\"none\" src=\"\(src)\" aria-label=\"\(MarkupText.escaped(name))\"><a href=\"\(src)\">Download the recording of \(MarkupText.escaped(name))</a></audio>"
            )
        } else {
            page.line("<p class=\"failed\"><strong>No recording</strong> for this region.</p>")
        }

        page.line("<dl>")
        let inputIsComponent = entry.input.hasPrefix("{")
        if inputIsComponent {
            page.line("<dt>Price component</dt><dd><code>\(MarkupText.escaped(entry.input))</code></dd>")
        } else {
            page.line("<dt>Input</dt><dd lang=\"\(lang)\">\(MarkupText.escaped(entry.input))</dd>")
        }
        if let label = entry.label {
            page.line("<dt>Label</dt><dd lang=\"\(lang)\">\(MarkupText.escaped(label))</dd>")
        }
        if let words = entry.words {
            page.line("<dt>Words</dt><dd lang=\"\(lang)\">\(MarkupText.escaped(words))</dd>")
        }
        if let unread = entry.unread, !unread.isEmpty {
            let items = unread.map { "<code>\(MarkupText.escaped($0))</code>" }.joined(separator: ", ")
            page.line("<dt>Not read</dt><dd class=\"unread\">\(items): the voice says it as written</dd>")
        }
        if let ipa = entry.ipa {
            page.line("<dt>IPA</dt><dd><span class=\"ipa\" lang=\"\(ipaLang(entry.lang))\">\(ipaWords(ipa))</span></dd>")
        }
        if !entry.hints.isEmpty {
            page.line("<dt>Hints</dt><dd><ul class=\"hints\">")
            for hint in entry.hints {
                page.line(
                    "<li><span lang=\"\(lang)\">\(MarkupText.escaped(hint.text))</span> <span class=\"ipa\" lang=\"\(ipaLang(entry.lang))\">/\(ipaWords(hint.ipa))/</span></li>"
                )
            }
            page.line("</ul></dd>")
        }
        page.line("</dl>")

        var voice = ["Voice \(MarkupText.escaped(entry.voice))", "rate \(entry.rate)", "pitch \(entry.pitch)"]
        if let duration = entry.duration, duration.isFinite {
            voice.append(String(format: "%.2f s", duration))
        }
        page.line("<p class=\"meta\">\(voice.joined(separator: " · "))</p>")

        page.line("<div class=\"note\">")
        page.line("<label for=\"\(anchor)-note\">Notes<span class=\"visually-hidden\"> on \(MarkupText.escaped(name))</span></label>")
        page.line(
            "<textarea id=\"\(anchor)-note\" rows=\"3\" data-id=\"\(MarkupText.escaped(entry.id))\" data-region=\"\(MarkupText.escaped(entry.region))\" aria-describedby=\"\(anchor)-note-saved\"></textarea>"
        )
        page.line("<p class=\"saved\" id=\"\(anchor)-note-saved\"></p>")
        page.line("</div>")
        page.line("</article>")
    }

    // MARK: - Helpers

    private static func counted(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }

    /// The English name of a region ("Spanish (Argentina)"), when Foundation knows it.
    private static func regionName(_ region: String) -> String? {
        guard let name = Locale(identifier: "en").localizedString(forIdentifier: region), name != region else { return nil }
        return name
    }

    /// IPA with each word kept on one line: browsers may break before a stress mark (ˈ), which
    /// tears "pˈesos" apart.
    private static func ipaWords(_ ipa: String) -> String {
        ipa.split(separator: " ").map { "<span class=\"w\">\(MarkupText.escaped(String($0)))</span>" }.joined(separator: " ")
    }

    /// The BCP 47 tag of an IPA transcription in `lang`: `es-AR-fonipa`.
    private static func ipaLang(_ lang: String) -> String {
        MarkupText.escaped(lang.isEmpty ? "und-fonipa" : lang + "-fonipa")
    }
}

/// Lines of HTML, joined with LF.
package struct PageWriter {
    package private(set) var text = ""

    package init() {}

    package mutating func line(_ html: String) {
        text += html
        text += "\n"
    }
}
