import Foundation
import Testing

/// `locutor audit` as a user runs it: on the demo app strings, on strings a screen reader already
/// reads right, with a baseline, thresholds, each output format, and bad input.
@Suite struct AuditCommandTests {
    static let demo = ReviewCommandTests.repository.appendingPathComponent("samples/app-strings").path
    static let voices = VerbalizeCommandTests.voices

    /// Each finding of a JSON report as "file:line:column severity category span", the file
    /// relative to the demo folder.
    static func findings(_ json: String) throws -> [String] {
        try json.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let file = (object["file"] as? String ?? "").replacingOccurrences(of: demo + "/", with: "")
            return
                "\(file):\(object["line"] ?? ""):\(object["column"] ?? "") \(object["severity"] ?? "") \(object["category"] ?? "") \(object["span"] ?? "")"
        }
    }

    @Test("The demo app strings: exactly the misreadings a reviewer expects, each where its value is written")
    func demoFindings() throws {
        let run = try BuiltTool().run(["audit", Self.demo, "--region", "default=en-US", "--format", "json"] + Self.voices)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            try Self.findings(run.stdout) == [
                "android/res/values-es-rCO/strings.xml:3:36 error unit 2 hab.",
                "android/res/values-es-rCO/strings.xml:3:36 error unit 75 m²",
                "android/res/values-es-rCO/strings.xml:4:34 error currency $ 2.300.000 COP/mes",
                "android/res/values-es-rCO/strings.xml:11:15 error currency $ 1.500.000",
                "android/res/values-es-rCO/strings.xml:12:15 error unit 100 m²",
                "android/res/values-fr-rBE/strings.xml:3:36 error unit 2 ch.",
                "android/res/values-fr-rBE/strings.xml:3:36 error unit 75 m²",
                "android/res/values-fr-rBE/strings.xml:5:32 error unit 150 kWh/m²/an",
                "android/res/values-fr-rBE/strings.xml:6:26 error date 12/05/2025",
                "android/res/values-fr-rBE/strings.xml:6:26 error time 14h30",
                "android/res/values-ru/strings.xml:3:36 error number 2-комн.",
                "android/res/values-ru/strings.xml:3:36 warning abbreviation кв.",
                "android/res/values-ru/strings.xml:3:36 error unit 54 м²",
                "android/res/values-ru/strings.xml:4:34 error currency 4,5 млн ₽",
                "android/res/values-ru/strings.xml:5:34 error fraction 5/9 эт.",
                "android/res/values/strings.xml:4:36 error unit 2 bd.",
                "android/res/values/strings.xml:4:36 error unit 75 m²",
                "android/res/values/strings.xml:5:34 error currency $%1$s/mo",
                "android/res/values/strings.xml:6:31 error range Sat 10 AM–12 PM",
                "flutter/app_ru.arb:3:17 error currency {price} ₽",
                "flutter/app_ru.arb:7:20 error unit {distance} км",
                "flutter/app_ru.arb:7:20 error unit {minutes} мин",
                "flutter/app_ru.arb:9:20 error ordinal 9-го",
                "flutter/app_ru.arb:10:16 error percent −20 %",
                "ios/Localizable.xcstrings:4:6 error currency $%@",
                "ios/Localizable.xcstrings:7:63 error currency $ %@",
                "ios/Localizable.xcstrings:10:63 error currency R$ %@",
                "ios/Localizable.xcstrings:13:63 error currency %@ ₽",
                "ios/Localizable.xcstrings:22:80 error unit %@ mi",
                "ios/Localizable.xcstrings:28:63 error unit %@ km",
                "ios/Localizable.xcstrings:57:63 error time 18:30 hs",
                "ios/es-AR.lproj/Localizable.strings:2:17 error currency $ %@",
                "ios/es-AR.lproj/Localizable.strings:4:24 error currency $ 2.749",
                "ios/es-AR.lproj/Localizable.strings:7:19 error unit %@ m²",
                "ios/es-AR.lproj/Localizable.strings:8:20 error unit 3 amb.",
                "ios/es-AR.lproj/Localizable.strings:9:24 error currency US$ 125.000",
                "ios/es-AR.lproj/Localizable.stringsdict:16:21 error currency $ %@",
                "ios/es-AR.lproj/Localizable.stringsdict:18:21 error currency $ %@",
                "ios/pt-BR.lproj/Localizable.strings:2:17 error currency R$ %@",
                "ios/pt-BR.lproj/Localizable.strings:3:15 error currency R$ 1.299,90",
                "ios/pt-BR.lproj/Localizable.strings:4:24 error unit 10x",
                "ios/pt-BR.lproj/Localizable.strings:4:24 error currency R$ 129,99",
                "web/locales/es-MX/translation.json:3:15 error currency {{amount}} MXN",
                "web/locales/es-MX/translation.json:4:18 error currency $99.00",
                "web/locales/es-MX/translation.json:8:13 error unit 55\"",
                "web/locales/es-MX/translation.json:10:15 error time 9:00",
                "web/locales/es-MX/translation.json:10:15 error time 21:00 hrs",
                "web/locales/es-MX/translation.json:11:17 warning abbreviation Av.",
                "web/locales/es-MX/translation.json:11:17 warning abbreviation Col.",
            ])
        // What is suggested keeps the placeholders.
        let record = try #require(
            run.stdout.split(separator: "\n").first { $0.contains("\"key\":\"cart.total\"") && $0.contains("es-AR") })
        #expect(record.contains("\"words\":\"%@ pesos\""), "\(record)")
        #expect(record.contains("\"label\":\"Total: %@ pesos\""), "\(record)")
        #expect(record.contains("\"readerIPA\":\"dˈolaɾ sjˈete\""), "\(record)")
    }

    @Test("Strings a screen reader already says right give no finding, though Locutor's words differ from the text")
    func alreadyRight() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("fr-BE.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "\"price\" = \"295 000 €\";\n\"count\" = \"5 photos\";\n".write(to: file, atomically: true, encoding: .utf8)
        // Locutor does read the price: its words are not the text as written.
        let words = try BuiltTool().run(["verbalize", "--region", "fr-BE"] + Self.voices, input: "295 000 €\n")
        #expect(words.stdout == "deux cent nonante-cinq mille euros\n")
        let run = try BuiltTool().run(["audit", file.path] + Self.voices)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "0 errors, 0 warnings, 0 notes in 2 strings of 1 file\n")
    }

    @Test("The text report groups findings by file and says what a screen reader says, what it should say and the label")
    func textReport() throws {
        let run = try BuiltTool().run(["audit", Self.demo + "/ios/es-AR.lproj/Localizable.strings"] + Self.voices)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == Self.demo + "/ios/es-AR.lproj/Localizable.strings")
        #expect(lines[1] == "  2:17  error   currency  “$ %@”  cart.total (es-AR)")
        #expect(lines[2] == "      a screen reader says  /dˈolaɾ sjˈete/")
        #expect(lines[3] == "      it should say         “%@ pesos”  /sjˈete pˈesos/")
        #expect(lines[4] == "      accessibility label   “Total: %@ pesos”")
        #expect(lines.last(where: { !$0.isEmpty }) == "5 errors, 0 warnings, 0 notes in 8 strings of 1 file")
    }

    @Test("A baseline accepts what it records: only new findings are reported, and the exit status follows them")
    func baseline() throws {
        let folder = try TemporaryFolder()
        let strings = folder.url.appendingPathComponent("es-AR.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: strings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "\"a\" = \"Total: $ %@\";\n".write(to: strings, atomically: true, encoding: .utf8)
        let baseline = folder.url.appendingPathComponent("audit-baseline.json").path
        let tool = try BuiltTool()
        let write = try tool.run(["audit", strings.path, "--write-baseline", baseline] + Self.voices)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stderr.contains("1 findings written to \(baseline) as accepted"), "\(write.stderr)")
        let accepted = try tool.run(["audit", strings.path, "--baseline", baseline] + Self.voices)
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
        #expect(accepted.stdout.hasSuffix("in 1 string of 1 file; 1 accepted by the baseline\n"), "\(accepted.stdout)")
        try "\"a\" = \"Total: $ %@\";\n\"b\" = \"75 m²\";\n".write(to: strings, atomically: true, encoding: .utf8)
        let added = try tool.run(["audit", strings.path, "--baseline", baseline, "--format", "json"] + Self.voices)
        #expect(added.status == 1)
        #expect(
            try Self.findings(added.stdout).map { $0.components(separatedBy: " ").dropFirst().joined(separator: " ") } == [
                "error unit 75 m²"
            ])
        let broken = try tool.run(["audit", strings.path, "--baseline", strings.path] + Self.voices)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("is not a baseline"), "\(broken.stderr)")
    }

    @Test("--min-severity decides what is reported and the exit status")
    func threshold() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("es-MX.json")
        try "{\"address\": \"Av. Reforma\"}".write(to: file, atomically: true, encoding: .utf8)
        let tool = try BuiltTool()
        let warning = try tool.run(["audit", file.path, "--format", "json"] + Self.voices)
        #expect(warning.status == 1)
        #expect(
            try Self.findings(warning.stdout).map { $0.components(separatedBy: " ").dropFirst().joined(separator: " ") } == [
                "warning abbreviation Av."
            ])
        let errorsOnly = try tool.run(["audit", file.path, "--min-severity", "error"] + Self.voices)
        #expect(errorsOnly.status == 0)
        #expect(errorsOnly.stdout == "0 errors, 0 warnings, 0 notes in 1 string of 1 file; 1 below --min-severity\n")
    }

    @Test(
        "Bad input exits 2 with a message that says where and what to do",
        arguments: [
            ("bad.json", "{\"a\": \"x\",\n \"b\" \"y\"}", [], "bad.json:2:6: not valid JSON: expected ':' after the key"),
            (
                "values/strings.xml", "<resources>\n<string name=\"a\">x</strin>\n</resources>", ["--region", "default=en-US"],
                "values/strings.xml:2:"
            ),
            ("es.lproj/L.strings", "\"a\" = \"x\"\n", [], "es.lproj/L.strings:2:1: expected ';' after the value"),
            ("es.lproj/L.strings", "\"a\" = \"x\";\n", ["--region", "es=xx-YY"], "--region there is no region 'xx-YY'"),
            ("notes.txt", "x", [], "is not a string file Locutor reads"),
        ])
    func badInput(name: String, content: String, options: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: file, atomically: true, encoding: .utf8)
        let run = try BuiltTool().run(["audit", file.path] + options + Self.voices)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("--format html writes a page with two recordings per finding, each a WAV, and the label to copy")
    func htmlPage() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("audit").path
        let tool = try BuiltTool()
        let run = try tool.run(
            ["audit", Self.demo + "/ios/es-AR.lproj/Localizable.strings", "--format", "html", "--out", out] + Self.voices)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("audit page: \(out)/index.html\n"), "\(run.stdout)")
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<article ").count - 1 == 5)
        #expect(page.contains("<q lang=\"es-AR\">$ %@</q>"))
        #expect(page.contains("<code id=\"finding-1-label\" lang=\"es-AR\">Total: %@ pesos</code>"))
        for number in 1...5 {
            for side in ["reader", "locutor"] {
                let wav = try Data(contentsOf: URL(fileURLWithPath: "\(out)/audio/finding-\(number)-\(side).wav"))
                #expect(wav.prefix(4) == Data("RIFF".utf8) && wav.count > 1_000, "finding \(number) \(side)")
                #expect(page.contains("src=\"audio/finding-\(number)-\(side).wav\""))
            }
        }
        // The page's folder is Locutor's: a second run replaces it; a folder of other files needs --force.
        #expect(
            try tool.run(["audit", Self.demo + "/ios/es-AR.lproj/Localizable.strings", "--format", "html", "--out", out] + Self.voices)
                .status == 1)
        let missing = try tool.run(["audit", Self.demo, "--format", "html"] + Self.voices)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--format html writes a page and its recordings: pass --out DIR."), "\(missing.stderr)")
    }

    @Test("Files without a locale are skipped with a warning that names the fix")
    func noLocale() throws {
        let run = try BuiltTool().run(["audit", Self.demo + "/android/res/values/strings.xml"] + Self.voices)
        #expect(run.status == 0)
        #expect(
            run.stderr.contains("warning: 4 strings in files that do not say their locale were skipped — pass --region default=REGION"),
            "\(run.stderr)")
    }

    @Test(
        "SARIF 2.1.0 that sarif-tools, a real consumer, reads: a rule per category, a result per finding",
        .enabled(if: AuditCommandTests.sarifTools || ProcessInfo.processInfo.environment["CI"] != nil))
    func sarif() throws {
        let folder = try TemporaryFolder()
        let run = try BuiltTool().run(["audit", Self.demo, "--region", "default=en-US", "--format", "sarif"] + Self.voices)
        #expect(run.status == 1)
        let path = folder.url.appendingPathComponent("audit.sarif").path
        try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let runs = try #require(object["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == 49)
        let summary = try BuiltTool(url: URL(fileURLWithPath: "/usr/bin/env")).run(["python3", "-m", "sarif", "summary", path])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains("error: 46"), "\(summary.stdout)")
        #expect(summary.stdout.contains("warning: 3"), "\(summary.stdout)")
        #expect(summary.stdout.contains("locutor/currency"), "\(summary.stdout)")
    }

    static let sarifTools: Bool = {
        (try? BuiltTool(url: URL(fileURLWithPath: "/usr/bin/env")).run(["python3", "-c", "import sarif"]).status) == 0
    }()
}
