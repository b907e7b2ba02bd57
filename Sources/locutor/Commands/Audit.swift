import ArgumentParser
import Foundation
import LocutorAudit
import LocutorCore
import LocutorReview
import LocutorSpeech

/// `locutor audit`: the strings of an app that a screen reader will misread.
struct Audit: LocutorCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Find the strings of an app that a screen reader will say wrong.",
        discussion: """
            Reads the string files apps ship — String Catalogs (.xcstrings), .strings, .stringsdict, \
            Android res/values*/strings.xml, JSON translations (flat, nested, i18next, ARB) — from the \
            files and folders given, each string in the region of its locale. A finding is a span \
            (money, a unit, a date, an abbreviation…) that eSpeak NG, the voice of NVDA and Orca, says \
            differently from how the region says it; placeholders (%@, %1$d, {name}, {{count}}, ICU \
            plurals) stand for numbers and are kept in what is suggested. Each finding gives what a \
            screen reader says (IPA), what it should say and the accessibility label to set. \
            Exit status 0 when nothing is found at or above --min-severity, 1 when something is, 2 on errors.
            Locales map to regions by name (es_AR, es-AR and values-es-rAR are es-AR); a language \
            alone goes to its default region (es → es-ES, pt → pt-BR). --region LOCALE=REGION changes \
            that (es=es-MX, es-419=es-MX); --region default=REGION reads files that do not say their \
            locale (Android's values/).
            Example: locutor audit samples/app-strings --region default=en-US
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, html
    }

    @Argument(help: "String files, or folders searched for them.")
    var paths: [String]

    @Option(
        name: .customLong("region"),
        help: ArgumentHelp("LOCALE=REGION: the region that reads a locale's strings.", valueName: "LOCALE=REGION"))
    var regions: [String] = []

    @Option(
        help:
            "text (a table by file), json (one object per finding and line), sarif (SARIF 2.1.0) or html (a page with each finding's audio, into --out)."
    )
    var format: Format = .text

    @Option(help: "With --format html: the folder for the page and its recordings.")
    var out: String?

    @Flag(help: "With --format html, write into a folder that holds files Locutor did not make.")
    var force = false

    @Option(help: "The lowest severity reported and counted for the exit status: note, warning or error.")
    var minSeverity: SeverityArgument = .init(.warning)

    @Option(help: "Leave out the findings this file accepts (written by --write-baseline).")
    var baseline: String?

    @Option(help: "Write every finding to this file as accepted, for --baseline; exit 0.")
    var writeBaseline: String?

    @OptionGroup var voices: DataOptions

    struct SeverityArgument: ExpressibleByArgument {
        let severity: Severity
        init(_ severity: Severity) { self.severity = severity }
        init?(argument: String) {
            guard let severity = Severity(rawValue: argument) else { return nil }
            self.severity = severity
        }
        static var allValueStrings: [String] { Severity.allCases.map(\.rawValue) }
        var defaultValueDescription: String { severity.rawValue }
    }

    func validate() throws {
        if format == .html && out == nil { throw ValidationError("--format html writes a page and its recordings: pass --out DIR.") }
        if format != .html && out != nil {
            throw ValidationError("--out is for --format html; the other formats print to standard output.")
        }
    }

    func execute(_ console: Console) throws {
        let library = try voices.library()
        var map = RegionMap(regions: library.regionIDs.map(\.rawValue))
        for pair in regions {
            do { try map.add(pair) } catch { throw CommandFailure("--region \(error)") }
        }
        let accepted = try baseline.map(AuditBaseline.read) ?? []
        let files = try StringFileSearch.files(in: paths)
        guard !files.isEmpty else {
            throw CommandFailure(
                "no string files in \(paths.joined(separator: ", ")) — name .xcstrings, .strings, .stringsdict, values*/strings.xml, .json or .arb files, or folders that hold them"
            )
        }
        let auditor = Auditor(library: library, engine: try SpeechEngine.shared())
        var findings: [Finding] = []
        var summary = AuditSummary()
        var unmapped: [String: Int] = [:]
        for file in files {
            let strings: [AppString]
            do {
                strings = try file.format.read(try Self.contents(of: file.path), path: file.path, name: file.path)
            } catch let error as StringFileError {
                throw CommandFailure("\(error)")
            }
            summary.files += 1
            for string in strings {
                guard let region = map.region(for: string.locale) else {
                    unmapped[string.locale ?? "", default: 0] += 1
                    continue
                }
                summary.strings += 1
                findings += try auditor.audit(string, region: region)
            }
        }
        for (locale, count) in unmapped.sorted(by: { $0.key < $1.key }) {
            console.error(
                locale.isEmpty
                    ? "warning: \(count) strings in files that do not say their locale were skipped — pass --region default=REGION"
                    : "warning: \(count) strings in '\(locale)' were skipped: no region reads it — pass --region \(locale)=REGION")
        }
        if let writeBaseline {
            try AuditBaseline.write(findings, to: writeBaseline)
            console.error("\(findings.count) findings written to \(writeBaseline) as accepted")
            return
        }
        let shown = findings.filter { !accepted.contains($0.baselineKey) && $0.severity >= minSeverity.severity }
        summary.accepted = findings.filter { accepted.contains($0.baselineKey) }.count
        summary.belowThreshold = findings.count - shown.count - summary.accepted
        switch format {
        case .text: try console.write(AuditReport.text(shown, summary: summary))
        case .json: try console.write(try AuditReport.jsonLines(shown))
        case .sarif:
            try console.write(
                String(decoding: try AuditReport.sarif(shown, version: LocutorTool.configuration.version), as: UTF8.self) + "\n")
        case .html:
            let folder = out ?? "out/audit"
            let claim = try OutputFolder(folder, option: "--out", force: force)
            defer { withExtendedLifetime(claim) {} }
            let page = try Self.writePage(shown, summary: summary, folder: URL(fileURLWithPath: folder), library: library)
            try console.write(AuditReport.text(shown, summary: summary))
            try console.output("audit page: \(page.path)")
        }
        if !shown.isEmpty { throw ExitCode(1) }
    }

    /// The page and, for each finding, its two recordings: the span as a screen reader gets it,
    /// and Locutor's words, each in the region's voice.
    static func writePage(_ findings: [Finding], summary: AuditSummary, folder: URL, library: RegionLibrary) throws -> URL {
        let engine = try SpeechEngine.shared()
        var clips: [AuditPage.Clips?] = []
        for (index, finding) in findings.enumerated() {
            let voice = try library.profile(RegionID(finding.region)).voice
            let clip = AuditPage.Clips(reader: "audio/finding-\(index + 1)-reader.wav", locutor: "audio/finding-\(index + 1)-locutor.wav")
            try AudioClip.write(finding.readerText, voice: voice, engine: engine, to: folder.appendingPathComponent(clip.reader))
            if finding.category != "unread" {
                try AudioClip.write(finding.locutorText, voice: voice, engine: engine, to: folder.appendingPathComponent(clip.locutor))
            }
            clips.append(clip)
        }
        let html = AuditPage.html(
            findings, clips: clips, summary: AuditReport.summaryLine(findings, summary: summary), title: "Locutor audit")
        let page = folder.appendingPathComponent("index.html")
        try Renderer.writeAtomically(Data(html.utf8), to: page)
        return page
    }

    static func contents(of path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read '\(path)' — check that it exists and is readable")
        }
        return data
    }
}

/// The string files among the paths given: files as named (of a known format), and the known
/// files under folders, in a stable order; hidden folders and build outputs are skipped.
enum StringFileSearch {
    struct File {
        let path: String
        let format: StringFileFormat
    }

    static func files(in paths: [String]) throws -> [File] {
        var result: [File] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CommandFailure("'\(path)' does not exist — name a string file or a folder of them")
            }
            if !isFolder.boolValue {
                guard let format = StringFileFormat.of(path) else {
                    throw CommandFailure(
                        "'\(path)' is not a string file Locutor reads — name .xcstrings, .strings, .stringsdict, values*/strings.xml, .json or .arb files"
                    )
                }
                result.append(File(path: path, format: format))
                continue
            }
            let skipped: Set<String> = ["node_modules", "build", "DerivedData", "Pods", "out"]
            var found: [File] = []
            let base = URL(fileURLWithPath: path)
            guard let walker = manager.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in walker {
                if skipped.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                let relative = String(url.path.dropFirst(base.path.count)).drop { $0 == "/" }
                let shown = (path.hasSuffix("/") ? path : path + "/") + relative
                if let format = StringFileFormat.of(shown) { found.append(File(path: shown, format: format)) }
            }
            result += found.sorted { $0.path < $1.path }
        }
        return result
    }
}

/// The findings a team accepted: `{"accepted": [{"file", "key", "locale", "span"}, …]}`.
enum AuditBaseline {
    struct Content: Codable {
        var accepted: [BaselineEntry]
    }

    static func read(_ path: String) throws -> Set<BaselineEntry> {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the baseline '\(path)' — write one with --write-baseline \(path)")
        }
        do {
            return Set(try JSONDecoder().decode(Content.self, from: data).accepted)
        } catch {
            throw CommandFailure(
                "'\(path)' is not a baseline (\(error.localizedDescription)) — write it again with --write-baseline \(path)")
        }
    }

    static func write(_ findings: [Finding], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let entries = Array(Set(findings.map(\.baselineKey))).sorted()
        try Renderer.writeAtomically(encoder.encode(Content(accepted: entries)), to: URL(fileURLWithPath: path))
    }
}
