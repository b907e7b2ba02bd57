import Foundation
import LocutorCore
import LocutorReview

/// The page of `locutor audit --format html`: each finding with what a screen reader says today
/// and what it should say, both to hear, and the accessibility label to copy.
///
/// Self-contained like the listening page: inline style and script pinned by their hashes in a
/// Content-Security-Policy, nothing fetched but the WAVs beside it. Every text from a string file
/// is escaped, and marked with its region's language so a screen reader reads it in that voice.
package enum AuditPage {
    /// The two recordings of a finding, relative to the page.
    package struct Clips: Sendable {
        package let reader: String
        package let locutor: String

        package init(reader: String, locutor: String) {
            self.reader = reader
            self.locutor = locutor
        }
    }

    package static func html(_ findings: [Finding], clips: [Clips?], summary: String, title: String) -> String {
        let csp = [
            "default-src 'none'", "script-src \(HTMLText.cspHash(script))", "style-src \(HTMLText.cspHash(style))",
            "media-src 'self' file:", "img-src data:", "base-uri 'none'", "form-action 'none'",
        ].joined(separator: "; ")
        var page = PageWriter()
        page.line("<!DOCTYPE html>")
        page.line("<html lang=\"en\">")
        page.line("<head>")
        page.line("<meta charset=\"utf-8\">")
        page.line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.line("<meta http-equiv=\"Content-Security-Policy\" content=\"\(escape(csp))\">")
        page.line("<meta name=\"generator\" content=\"locutor\">")
        page.line("<title>\(escape(title))</title>")
        page.line("<link rel=\"icon\" href=\"data:,\">")
        page.line("<style>\(style)</style>")
        page.line("</head>")
        page.line("<body>")
        page.line("<a class=\"skip\" href=\"#main\">Skip to the findings</a>")
        page.line("<header>")
        page.line("<h1>\(escape(title))</h1>")
        page.line("<p id=\"summary\">\(escape(summary))</p>")
        page.line(
            "<p>For each finding: what a screen reader with eSpeak NG (NVDA's and Orca's default voice) says today, what it should say, and the accessibility label to give the string. Placeholders such as %@ stand for a number in the recordings.</p>"
        )
        page.line("</header>")
        page.line("<main id=\"main\" tabindex=\"-1\">")
        if findings.isEmpty { page.line("<p>Nothing to report: every string is read as the region says it.</p>") }
        var file: String?
        for (index, finding) in findings.enumerated() {
            let location = finding.string.location
            if location.file != file {
                if file != nil { page.line("</section>") }
                file = location.file
                page.line("<section aria-labelledby=\"file-\(index + 1)\">")
                page.line("<h2 id=\"file-\(index + 1)\">\(escape(location.file))</h2>")
            }
            section(&page, finding, number: index + 1, clips: index < clips.count ? clips[index] : nil)
        }
        if file != nil { page.line("</section>") }
        page.line("</main>")
        page.line("<p id=\"copied\" class=\"status\" role=\"status\" aria-live=\"polite\"></p>")
        page.line(
            "<footer><p>Made by <code>locutor audit</code>. The page fetches nothing: the recordings are the WAV files beside it.</p></footer>"
        )
        page.line("<script>\(script)</script>")
        page.line("</body>")
        page.line("</html>")
        return page.text
    }

    private static func section(_ page: inout PageWriter, _ finding: Finding, number: Int, clips: Clips?) {
        let id = "finding-\(number)"
        let lang = escape(finding.region)
        let location = finding.string.location
        var key = finding.string.key
        if !finding.string.variant.isEmpty { key += " [\(finding.string.variant)]" }
        if !finding.branch.isEmpty { key += " {\(finding.branch)}" }
        page.line("<article aria-labelledby=\"\(id)\" class=\"\(finding.severity.rawValue)\">")
        page.line(
            "<h3 id=\"\(id)\"><span class=\"severity\">\(finding.severity.rawValue.capitalized):</span> <q lang=\"\(lang)\">\(escape(finding.span))</q> in <code>\(escape(key))</code></h3>"
        )
        page.line(
            "<p class=\"meta\">\(escape(finding.category)), \(escape(finding.region)), line \(location.line), column \(location.column)</p>"
        )
        page.line("<dl>")
        if finding.category == "unread" {
            page.line("<dt>A screen reader says</dt>")
            page.line(
                "<dd><span lang=\"\(lang)-fonipa\">/\(escape(finding.readerIPA))/</span> — Locutor cannot read it either: check what it means."
            )
        } else {
            page.line("<dt>A screen reader says</dt>")
            page.line("<dd><span lang=\"\(lang)-fonipa\">/\(escape(finding.readerIPA))/</span>")
        }
        if let clips {
            page.line(
                "<audio controls preload=\"none\" aria-label=\"Finding \(number): as a screen reader says it today\" src=\"\(escape(HTMLText.urlPath(clips.reader)))\"></audio>"
            )
        }
        page.line("</dd>")
        if finding.category != "unread" {
            page.line("<dt>It should say</dt>")
            page.line("<dd><span lang=\"\(lang)\">\(escape(finding.words))</span>")
            if let clips {
                page.line(
                    "<audio controls preload=\"none\" aria-label=\"Finding \(number): as Locutor says it\" src=\"\(escape(HTMLText.urlPath(clips.locutor)))\"></audio>"
                )
            }
            page.line("</dd>")
        }
        page.line("<dt>Accessibility label</dt>")
        page.line(
            "<dd><code id=\"\(id)-label\" lang=\"\(lang)\">\(escape(finding.label))</code> <button type=\"button\" data-copy=\"\(id)-label\" aria-describedby=\"\(id)\">Copy label</button></dd>"
        )
        page.line("</dl>")
        page.line("</article>")
    }

    private static func escape(_ text: String) -> String { MarkupText.escaped(text) }

    /// Colours meet WCAG AA in the light and the dark scheme; severity is written, not only coloured.
    static let style = #"""

        :root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1b1b; --muted: #4f4f4f; --line: #767676; --accent: #0b57d0; --error: #8c1d18; --warning: #6d4c00; }
        @media (prefers-color-scheme: dark) { :root { --bg: #141414; --fg: #ececec; --muted: #bdbdbd; --line: #8f8f8f; --accent: #8ab4f8; --error: #ffb4ab; --warning: #f5c451; } }
        html { background: var(--bg); color: var(--fg); }
        body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
        header, main, footer { max-width: 64rem; margin: 0 auto; padding: 0 1rem; }
        h1 { font-size: 1.6rem; line-height: 1.25; margin: 1rem 0 0.5rem; }
        h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; overflow-wrap: anywhere; }
        h3 { font-size: 1.05rem; margin: 0 0 0.25rem; }
        article { border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0.75rem 0; }
        article.error .severity { color: var(--error); }
        article.warning .severity { color: var(--warning); }
        .meta { color: var(--muted); margin: 0 0 0.5rem; }
        dt { font-weight: 600; }
        dd { margin: 0 0 0.5rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
        a { color: var(--accent); }
        button { font: inherit; padding: 0.25rem 0.75rem; border: 1px solid var(--line); border-radius: 0.375rem; background: transparent; color: var(--fg); cursor: pointer; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .skip { position: absolute; left: -9999px; }
        .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: 0.5rem; }
        .status { max-width: 64rem; margin: 0 auto; padding: 0 1rem; min-height: 1.5rem; }

        """#

    /// "Copy label": copies the label and says so in a live region.
    static let script = #"""

        "use strict";
        document.addEventListener("click", async (event) => {
          const button = event.target.closest("button[data-copy]");
          if (!button) return;
          const label = document.getElementById(button.dataset.copy);
          const status = document.getElementById("copied");
          if (!label || !status) return;
          try {
            await navigator.clipboard.writeText(label.textContent);
            status.textContent = "Copied: " + label.textContent;
          } catch (error) {
            const range = document.createRange();
            range.selectNodeContents(label);
            const selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
            status.textContent = "Selected the label: press Control C or Command C to copy it.";
          }
        });

        """#
}
