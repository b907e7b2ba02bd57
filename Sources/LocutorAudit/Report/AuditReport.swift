import Foundation
import LocutorCore

/// What an audit read and found, for the summary line.
package struct AuditSummary: Sendable {
    package var files = 0
    package var strings = 0
    /// Findings left out because the baseline accepts them.
    package var accepted = 0
    /// Findings below `--min-severity`, not shown.
    package var belowThreshold = 0

    package init() {}
}

/// The audit's outputs: a terminal table grouped by file, one JSON object per finding, SARIF 2.1.0.
package enum AuditReport {
    /// Findings grouped by file, each with where, what, what a screen reader says and what to do.
    package static func text(_ findings: [Finding], summary: AuditSummary) -> String {
        var out = ""
        var currentFile: String?
        for finding in findings {
            let location = finding.string.location
            if location.file != currentFile {
                if currentFile != nil { out += "\n" }
                out += location.file + "\n"
                currentFile = location.file
            }
            let severity = finding.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            out += "  \(location.line):\(location.column)  \(severity) \(finding.category)  \(quoted(finding.span))  "
            out += "\(finding.string.key)\(finding.string.variant.isEmpty ? "" : " [\(finding.string.variant)]")"
            out += "\(finding.branch.isEmpty ? "" : " {\(finding.branch)}") (\(finding.region))\n"
            if finding.category == "unread" {
                out += "      Locutor cannot read it either; a screen reader says /\(finding.readerIPA)/ — check what it means\n"
            } else {
                out += "      a screen reader says  /\(finding.readerIPA)/\n"
                out += "      it should say         \(quoted(finding.words))  /\(finding.wordsIPA)/\n"
            }
            out += "      accessibility label   \(quoted(finding.label))\n"
        }
        if !findings.isEmpty { out += "\n" }
        return out + summaryLine(findings, summary: summary) + "\n"
    }

    /// "3 errors, 1 warning, 0 notes in 65 strings of 10 files; …"
    package static func summaryLine(_ findings: [Finding], summary: AuditSummary) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let notes = findings.count - errors - warnings
        var line =
            "\(count(errors, "error")), \(count(warnings, "warning")), \(count(notes, "note")) in \(count(summary.strings, "string")) of \(count(summary.files, "file"))"
        if summary.accepted > 0 { line += "; \(summary.accepted) accepted by the baseline" }
        if summary.belowThreshold > 0 { line += "; \(summary.belowThreshold) below --min-severity" }
        return line
    }

    private static func quoted(_ text: String) -> String { "“" + text + "”" }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// One finding as JSON, keys in a fixed order.
    package struct FindingRecord: Codable, Equatable {
        package var file: String
        package var line: Int
        package var column: Int
        package var key: String
        package var variant: String?
        package var branch: String?
        package var locale: String?
        package var region: String
        package var span: String
        package var category: String
        package var severity: String
        package var readerIPA: String
        package var words: String
        package var wordsIPA: String
        package var label: String

        init(_ finding: Finding) {
            file = finding.string.location.file
            line = finding.string.location.line
            column = finding.string.location.column
            key = finding.string.key
            variant = finding.string.variant.isEmpty ? nil : finding.string.variant
            branch = finding.branch.isEmpty ? nil : finding.branch
            locale = finding.string.locale
            region = finding.region
            span = finding.span
            category = finding.category
            severity = finding.severity.rawValue
            readerIPA = finding.readerIPA
            words = finding.words
            wordsIPA = finding.wordsIPA
            label = finding.label
        }
    }

    /// One JSON object per line, per finding.
    package static func jsonLines(_ findings: [Finding]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try findings.map { String(decoding: try encoder.encode(FindingRecord($0)), as: UTF8.self) + "\n" }.joined()
    }

    /// A SARIF 2.1.0 log: one rule per category, a result per finding with its location, and the
    /// suggested accessibility label as the fix.
    package static func sarif(_ findings: [Finding], version: String) throws -> Data {
        let categories = Array(Set(findings.map(\.category))).sorted()
        let rules = categories.map { category in
            SARIF.Rule(
                id: "locutor/" + category, name: ruleName(category),
                shortDescription: .init(text: "A screen reader misreads \(ruleDescription(category))"),
                fullDescription: .init(
                    text:
                        "eSpeak NG (the default voice of NVDA and Orca) says \(ruleDescription(category)) differently from how the region says it. Give the string an accessibility label with the words a listener should hear."
                ),
                helpUri: "https://github.com/locutor/locutor#auditing-an-apps-strings",
                defaultConfiguration: .init(level: category == "unread" ? "warning" : "error"))
        }
        let results = findings.map { finding in
            let location = finding.string.location
            let message =
                finding.category == "unread"
                ? "“\(finding.span)” (\(finding.region)): Locutor cannot read it either; a screen reader says /\(finding.readerIPA)/."
                : "“\(finding.span)” (\(finding.region)): a screen reader says /\(finding.readerIPA)/; it should say “\(finding.words)”. Accessibility label: “\(finding.label)”."
            let region = SARIF.Region(startLine: location.line, startColumn: location.column, endLine: nil, endColumn: nil)
            let artifact = SARIF.ArtifactLocation(uri: location.file)
            return SARIF.Result(
                ruleId: "locutor/" + finding.category, ruleIndex: categories.firstIndex(of: finding.category) ?? 0,
                level: finding.severity == .note ? "note" : finding.severity.rawValue, message: .init(text: message),
                locations: [.init(physicalLocation: .init(artifactLocation: artifact, region: region))],
                partialFingerprints: [
                    "locutorSpan/v1": [finding.baselineKey.key, finding.baselineKey.locale, finding.span].joined(separator: "|")
                ],
                fixes: [
                    SARIF.Fix(
                        // The fix is a label to set where the string is shown, not an edit of the
                        // string file: its one replacement deletes and inserts nothing.
                        description: .init(text: "Set this accessibility label where the string is shown: \(finding.label)"),
                        artifactChanges: [
                            .init(
                                artifactLocation: artifact,
                                replacements: [
                                    .init(
                                        deletedRegion: .init(
                                            startLine: location.line, startColumn: location.column, endLine: location.line,
                                            endColumn: location.column))
                                ])
                        ])
                ],
                properties: .init(
                    key: finding.string.key, locale: finding.string.locale, region: finding.region, span: finding.span,
                    readerIPA: finding.readerIPA, words: finding.words, suggestedLabel: finding.label))
        }
        let log = SARIF.Log(
            runs: [
                .init(
                    tool: .init(
                        driver: .init(
                            name: "Locutor", version: version, informationUri: "https://github.com/locutor/locutor", rules: rules)),
                    results: results)
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(log)
    }

    private static func ruleName(_ category: String) -> String {
        category.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Misread"
    }

    private static func ruleDescription(_ category: String) -> String {
        switch category {
        case "currency": "an amount of money"
        case "unit": "a unit"
        case "number": "a number"
        case "abbreviation": "an abbreviation"
        case "symbol": "a symbol"
        case "unread": "text Locutor cannot read either"
        case "percent": "a percentage"
        default: "a \(category)"
        }
    }

    /// The parts of SARIF 2.1.0 the audit writes.
    enum SARIF {
        struct Log: Encodable {
            var version = "2.1.0"
            var schema = "https://json.schemastore.org/sarif-2.1.0.json"
            var runs: [Run]

            enum CodingKeys: String, CodingKey {
                case version, runs
                case schema = "$schema"
            }
        }
        struct Run: Encodable {
            var tool: Tool
            var results: [Result]
        }
        struct Tool: Encodable { var driver: Driver }
        struct Driver: Encodable {
            var name: String
            var version: String
            var informationUri: String
            var rules: [Rule]
        }
        struct Text: Encodable { var text: String }
        struct Rule: Encodable {
            var id: String
            var name: String
            var shortDescription: Text
            var fullDescription: Text
            var helpUri: String
            var defaultConfiguration: Configuration
        }
        struct Configuration: Encodable { var level: String }
        struct Result: Encodable {
            var ruleId: String
            var ruleIndex: Int
            var level: String
            var message: Text
            var locations: [Location]
            var partialFingerprints: [String: String]
            var fixes: [Fix]
            var properties: Properties
        }
        struct Location: Encodable { var physicalLocation: PhysicalLocation }
        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region
        }
        struct ArtifactLocation: Encodable { var uri: String }
        struct Region: Encodable {
            var startLine: Int
            var startColumn: Int
            var endLine: Int?
            var endColumn: Int?
        }
        struct Fix: Encodable {
            var description: Text
            var artifactChanges: [ArtifactChange]
        }
        struct ArtifactChange: Encodable {
            var artifactLocation: ArtifactLocation
            var replacements: [Replacement]
        }
        struct Replacement: Encodable { var deletedRegion: Region }
        struct Properties: Encodable {
            var key: String
            var locale: String?
            var region: String
            var span: String
            var readerIPA: String
            var words: String
            var suggestedLabel: String
        }
    }
}
