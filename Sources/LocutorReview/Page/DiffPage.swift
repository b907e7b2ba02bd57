import Foundation

/// The page of `locutor diff --html`: each change with its words before and after and the audio
/// of both, to hear what a change of wording, rules or voices does.
public enum DiffPage {
    public struct Item: Sendable {
        public let change: PhonemeDiff.Change
        /// The WAVs, relative to the page.
        public let beforeAudio: String?
        public let afterAudio: String?

        public init(change: PhonemeDiff.Change, beforeAudio: String?, afterAudio: String?) {
            self.change = change
            self.beforeAudio = beforeAudio
            self.afterAudio = afterAudio
        }
    }

    /// A self-contained page (inline styles, nothing fetched).
    public static func html(items: [Item], summary: String, catalog: String) -> String {
        var body = ""
        for item in items {
            let change = item.change
            body += "<section aria-labelledby=\"\(anchor(change.key))\">\n"
            body += "<h2 id=\"\(anchor(change.key))\">\(escape(change.kind.rawValue)): \(escape(change.key.id)) <span class=\"region\">\(escape(change.key.region))</span></h2>\n"
            body += "<dl lang=\"\(escape(change.key.region))\">\n"
            body += "<dt>Words</dt><dd>\(diffHTML(change.before?.words, change.after?.words))</dd>\n"
            body += "<dt>IPA</dt><dd>\(diffHTML(change.before?.ipa, change.after?.ipa))</dd>\n"
            body += "</dl>\n<div class=\"audio\">\n"
            if let before = item.beforeAudio {
                body += "<p><span id=\"b-\(anchor(change.key))\">Before</span> <audio controls preload=\"none\" aria-labelledby=\"b-\(anchor(change.key))\" src=\"\(escape(before))\"></audio></p>\n"
            }
            if let after = item.afterAudio {
                body += "<p><span id=\"a-\(anchor(change.key))\">After</span> <audio controls preload=\"none\" aria-labelledby=\"a-\(anchor(change.key))\" src=\"\(escape(after))\"></audio></p>\n"
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
        switch (before, after) {
        case let (before?, after?):
            let diff = PhonemeDiff.wordDiff(before, after)
            return escape(diff)
                .replacingOccurrences(of: "[-", with: "<del>").replacingOccurrences(of: "-]", with: "</del>")
                .replacingOccurrences(of: "{+", with: "<ins>").replacingOccurrences(of: "+}", with: "</ins>")
        case let (nil, after?): return "<ins>\(escape(after))</ins>"
        case let (before?, nil): return "<del>\(escape(before))</del>"
        case (nil, nil): return ""
        }
    }

    private static func anchor(_ key: GoldenFile.Key) -> String {
        "c-" + (key.id + "-" + key.region).unicodeScalars.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? String($0) : "-" }.joined()
    }

    /// Text safe in HTML content and attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
