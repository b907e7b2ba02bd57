import LocutorCore

/// How much a misreading matters.
package enum Severity: String, CaseIterable, Comparable, Sendable {
    /// Worth a look.
    case note
    /// Understandable but wrong: an abbreviation or a symbol read as letters.
    case warning
    /// The listener hears another amount, number or meaning: "$" as dollars where it means pesos,
    /// "9.000" as nine.
    case error

    package static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// A span of an app's string that a screen reader will say wrong.
package struct Finding: Sendable, Equatable {
    /// The string it is in.
    package var string: AppString
    /// The region whose reading it is.
    package var region: String
    /// The span as written in the string, placeholders as written: `$ %@`, `m²`.
    package var span: String
    /// What the span is: `currency`, `unit`, `date`… or `unread` (Locutor cannot say it either).
    package var category: String
    package var severity: Severity
    /// What eSpeak NG, the voice of NVDA and Orca, says for the span as written (IPA).
    package var readerIPA: String
    /// What it should say: Locutor's words for the span, placeholders put back.
    package var words: String
    /// The IPA of Locutor's words in the same voice.
    package var wordsIPA: String
    /// The accessibility label to give the whole string (its label form), placeholders put back.
    package var label: String
    /// The ICU plural or select branch the reading is of, when there is one: `count=one`.
    package var branch: String
    /// What eSpeak NG was given for each side: the span as written, and Locutor's words (with
    /// its pronunciation hints as `[[…]]`), for the page's two clips.
    package var readerText = ""
    package var locutorText = ""

    /// The identity a baseline records: file, key (with its variant and branch), locale and span.
    package var baselineKey: BaselineEntry {
        BaselineEntry(
            file: string.location.file,
            key: string.key + (string.variant.isEmpty ? "" : "|" + string.variant)
                + (branch.isEmpty ? "" : "|" + branch), locale: string.locale ?? "", span: span)
    }
}

/// A finding a team accepted: it is not reported again.
package struct BaselineEntry: Hashable, Codable, Sendable, Comparable {
    package var file: String
    package var key: String
    package var locale: String
    package var span: String

    package static func < (a: BaselineEntry, b: BaselineEntry) -> Bool {
        (a.file, a.key, a.locale, a.span) < (b.file, b.key, b.locale, b.span)
    }
}
