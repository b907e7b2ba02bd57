import Foundation
import LocutorCore

/// The page of `locutor diff --html`: each change with its words before and after and the audio
/// of both, to hear what a change of wording, rules or voices does.
package enum DiffPage {
    package struct Item: Sendable {
        package let change: PhonemeDiff.Change
        /// The WAVs, relative to the page.
        package let beforeAudio: String?
        package let afterAudio: String?

        package init(change: PhonemeDiff.Change, beforeAudio: String?, afterAudio: String?) {
            self.change = change
            self.beforeAudio = beforeAudio
            self.afterAudio = afterAudio
        }
    }

    /// A self-contained page (inline styles, nothing fetched).
    package static func html(items: [Item], summary: String, catalog: String) -> String {
        var body = ""
        for (index, item) in items.enumerated() {
            let change = item.change
            // Numbered, not derived from the key: "a.b" and "a-b" must not share an id.
            let anchor = "change-\(index + 1)"
            body += "<section aria-labelledby=\"\(anchor)\">\n"
            body +=
                "<h2 id=\"\(anchor)\">\(escape(change.kind.rawValue)): \(escape(change.key.id)) <span class=\"region\">\(escape(change.key.region))</span></h2>\n"
            body += "<dl lang=\"\(escape(change.key.region))\">\n"
            body += "<dt>Words</dt><dd>\(diffHTML(change.before?.words, change.after?.words))</dd>\n"
            body += "<dt>IPA</dt><dd>\(diffHTML(change.before?.ipa, change.after?.ipa))</dd>\n"
            body += "</dl>\n<div class=\"audio\">\n"
            for (side, label, audio) in [("before", "Before", item.beforeAudio), ("after", "After", item.afterAudio)] {
                guard let audio else { continue }
                body +=
                    "<p><span id=\"\(anchor)-\(side)\">\(label)</span> <audio controls preload=\"none\" aria-labelledby=\"\(anchor)-\(side)\" src=\"\(escape(HTMLText.urlPath(audio)))\"></audio></p>\n"
            }
            body += "</div>\n</section>\n"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Locutor diff: \(escape(catalog))</title>
            <style>
            body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem; color: #1a1a1a; background: #fff; }
            h2 { font-size: 1.15rem; margin-top: 2rem; border-top: 1px solid #ccc; padding-top: 1rem; }
            .region { font-weight: normal; color: #444; }
            dt { font-weight: 600; }
            del { background: #ffe0e0; text-decoration: line-through; }
            del::before { content: "removed: "; position: absolute; left: -9999px; }
            ins { background: #dff5df; text-decoration: underline; }
            ins::before { content: "added: "; position: absolute; left: -9999px; }
            :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
            </style>
            </head>
            <body>
            <header><h1>What changed in \(escape(catalog))</h1><p role="status">\(escape(summary))</p></header>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    private static func diffHTML(_ before: String?, _ after: String?) -> String {
        let runs: [PhonemeDiff.WordRun] =
            switch (before, after) {
            case let (before?, after?): PhonemeDiff.wordRuns(before, after)
            case let (nil, after?): [.added(after)]
            case let (before?, nil): [.removed(before)]
            case (nil, nil): []
            }
        return runs.map { run in
            switch run {
            case let .same(words): escape(words)
            case let .removed(words): "<del>\(escape(words))</del>"
            case let .added(words): "<ins>\(escape(words))</ins>"
            }
        }.joined(separator: " ")
    }

    private static func escape(_ text: String) -> String {
        MarkupText.escaped(text)
    }
}
