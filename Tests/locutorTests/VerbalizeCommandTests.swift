import Foundation
import Testing

@testable import locutor

@Suite struct VerbalizeCommandTests {
    static let voices = [
        "--voices",
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices").path,
    ]

    @Test("One output line per input line, in the words form by default")
    func words() {
        let run = CommandRun(["verbalize", "--region", "es-AR"] + Self.voices, input: "$899.900\n19% OFF\n\n12 cuotas de $ 2.749\n")
        #expect(run.status == 0)
        #expect(
            run.output == [
                "ochocientos noventa y nueve mil novecientos pesos",
                "diecinueve por ciento de descuento",
                "",
                "doce cuotas de dos mil setecientos cuarenta y nueve pesos",
            ])
    }

    @Test("The label form keeps the region's digits")
    func label() {
        let run = CommandRun(
            ["verbalize", "--region", "es-AR", "--form", "label"] + Self.voices,
            input: #"{"previous": "6500", "price": "5249", "discount": 19}"# + "\n")
        #expect(run.output == ["antes: 6.500 pesos, ahora: 5.249 pesos, 19 por ciento de descuento"])
    }

    @Test("JSON output carries input, region, label, words, SSML and segments, keys in a fixed order")
    func json() {
        let run = CommandRun(["verbalize", "--region", "es-AR", "--json"] + Self.voices, input: "$ 9.000\n")
        #expect(run.status == 0)
        #expect(
            run.output == [
                #"{"input":"$ 9.000","region":"es-AR","label":"9.000 pesos","words":"nueve mil pesos","#
                    + #""ssml":"<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"es-AR\"><sub alias=\"nueve mil pesos\">$ 9.000</sub></speak>","#
                    + #""segments":[{"text":"nueve mil pesos","label":"9.000 pesos","written":"$ 9.000"}]}"#
            ])
    }

    @Test("Text that is not read is said as written and named on standard error with its line and column")
    func unread() {
        let run = CommandRun(["verbalize", "--region", "es-AR"] + Self.voices, input: "Hola\nPapel A1B2 y $ 5\n")
        #expect(run.status == 0)
        #expect(run.output == ["Hola", "Papel A1B2 y cinco pesos"])
        #expect(run.errors == ["warning: <stdin>:2:7: 'A1B2' is not read — the voice will say it as written"])
    }

    @Test("A line met again is said the same, its warning or error at its own line; long lines too")
    func repeatedLines() {
        let long = String(repeating: "Papel A1B2 y $ 5, ", count: 20)
        let input = ["Papel A1B2 y $ 5", #"{"prize": "10"}"#, "Papel A1B2 y $ 5", long, #"{"prize": "10"}"#, long]
        let run = CommandRun(["verbalize", "--region", "es-AR"] + Self.voices, input: input.joined(separator: "\n") + "\n")
        #expect(run.status == 1)
        #expect(run.output.count == 6)
        #expect(run.output[0] == "Papel A1B2 y cinco pesos" && run.output[2] == run.output[0])
        #expect(run.output[1] == "" && run.output[4] == "")
        #expect(run.output[3] == run.output[5] && run.output[3].hasPrefix("Papel A1B2 y cinco pesos, Papel"))
        let lines = run.errors.compactMap { $0.split(separator: ":").dropFirst(2).first.map(String.init) }
        #expect(lines.filter { $0 == "1" }.count == 1 && lines.filter { $0 == "3" }.count == 1)
        #expect(lines.filter { $0 == "2" }.count == 1 && lines.filter { $0 == "5" }.count == 1)
        #expect(lines.filter { $0 == "4" }.count == lines.filter { $0 == "6" }.count && lines.contains("6"))
    }

    @Test("Long input said on every core gives each line's answer in input order, errors and warnings at their lines")
    func longInputKeepsOrder() {
        // Two batches of 4,096 and more: the second core's locutor joins while the first batch is said.
        let count = 4_500
        let lines = (1...count).map { number in
            switch number {
            case 1_000, 4_321: #"{"prize": "10"}"#
            case 2_000, 4_400: "Papel A1B2 y $ \(number)"
            default: number.isMultiple(of: 3) ? "$ \(number).\(number % 1_000)" : "\(number % 100)% OFF en \(number) cuotas"
            }
        }
        let run = CommandRun(["verbalize", "--region", "es-AR"] + Self.voices, input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 1)
        // The same lines in runs of fewer than 256, which one thread says; their messages' line
        // numbers moved to where the lines are in the long input.
        var expected: [String] = []
        var expectedErrors: [String] = []
        for start in stride(from: 0, to: count, by: 250) {
            let part = CommandRun(
                ["verbalize", "--region", "es-AR"] + Self.voices,
                input: lines[start..<min(count, start + 250)].joined(separator: "\n") + "\n")
            expected += part.output
            expectedErrors += part.errors.map { message in
                guard let stdin = message.range(of: "<stdin>:") else { return message }
                let rest = message[stdin.upperBound...]
                let digits = rest.prefix(while: \.isNumber)
                guard let line = Int(digits) else { return message }
                return message[..<stdin.upperBound] + "\(line + start)" + rest.dropFirst(digits.count)
            }
        }
        #expect(run.output.count == count)
        #expect(run.output == expected)
        #expect(run.errors == expectedErrors)
        #expect(run.errors.contains { $0.hasPrefix("error: <stdin>:4321: ") })
        #expect(run.errors.contains { $0.hasPrefix("warning: <stdin>:4400:7: 'A1B2'") })
    }

    @Test("A bad line gives its error and the run goes on, ending with exit 1")
    func badLine() {
        let run = CommandRun(
            ["verbalize", "--region", "es-AR", "--json"] + Self.voices,
            input: "{\"prize\": \"10\"}\n$ 1\n")
        #expect(run.status == 1)
        #expect(
            run.output == [
                #"{"input":"{\"prize\": \"10\"}","error":"unknown key 'prize' in the price component — did you mean 'price'?"}"#,
                #"{"input":"$ 1","region":"es-AR","label":"1 peso","words":"un peso","ssml":"<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"es-AR\"><sub alias=\"un peso\">$ 1</sub></speak>","segments":[{"text":"un peso","label":"1 peso","written":"$ 1"}]}"#,
            ])
    }

    @Test("Without --json a failed line prints an empty line and the error on standard error")
    func badLineText() {
        let run = CommandRun(["verbalize", "--region", "es-CL"] + Self.voices, input: "{\"price\": \"10.5\"}\n$ 10\n")
        #expect(run.status == 1)
        #expect(run.output == ["", "diez pesos"])
        #expect(run.errors == ["error: <stdin>:1: 10.5 has decimals, but CLP has no minor unit — write a whole amount"])
    }

    @Test("A blank line, or one of control characters only, gives an empty line and no error")
    func blankLines() {
        let run = CommandRun(["verbalize", "--region", "es-AR"] + Self.voices, input: "$ 1\n  \n\u{1}\u{7}\t\u{1B}\n$ 2\n")
        #expect(run.status == 0)
        #expect(run.output == ["un peso", "", "", "dos pesos"])
        #expect(run.errors.isEmpty)
    }

    @Test("An unknown region exits 2 and names the nearest one")
    func unknownRegion() {
        let run = CommandRun(["verbalize", "--region", "es-AX"] + Self.voices, input: "$ 1\n")
        #expect(run.status == 2)
        #expect(run.errors.count == 1)
        #expect(run.errors.first?.hasSuffix("es-AX.yaml:1:1: there is no region 'es-AX' — did you mean es-AR?") == true)
    }

    @Test("A broken voices file exits 2 with every problem at its file, line and column")
    func brokenData() throws {
        let folder = try TemporaryFolder()
        let source = URL(fileURLWithPath: Self.voices[1])
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: source, to: folder.url)
        let path = folder.url.appendingPathComponent("es-AR.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "rate: 175", with: "rate: 1750").write(toFile: path, atomically: true, encoding: .utf8)
        let run = CommandRun(["verbalize", "--region", "es-AR", "--voices", folder.url.path], input: "$ 1\n")
        #expect(run.status == 2)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("rate: 175") }.map { $0 + 1 } ?? 0
        #expect(
            run.errors == [
                "error: \(folder.url.path)/es-AR.yaml:\(line):9: the voice rate must be a whole number from 80 to 450, not '1750' — write a number in that range"
            ])
    }

    @Test("say --region speaks the region's words with its voice")
    func sayRegion() {
        let run = CommandRun(["say", "$ 9.000", "--region", "es-AR"] + Self.voices)
        #expect(run.status == 0)
        #expect(run.output.first == "label: 9.000 pesos")
        #expect(run.output.dropFirst().first == "words: nueve mil pesos")
        #expect(run.output.dropFirst(2).first == "ipa: nwˈeβe mˈil pˈesos")
    }
}

/// `verbalize`'s plain arguments are read without ArgumentParser: whatever that reading accepts
/// must be what ArgumentParser parses, and everything else is left to it.
@Suite struct VerbalizePlainArgumentsTests {
    /// The invocation ArgumentParser makes of `arguments`, or nil when it refuses them or names
    /// another command.
    private func parsed(_ arguments: [String]) -> Verbalize.Invocation? {
        guard let verbalize = try? LocutorTool.parseAsRoot(arguments) as? Verbalize else { return nil }
        return Verbalize.Invocation(
            region: verbalize.region, form: verbalize.form, json: verbalize.json, voicesFolder: verbalize.voices.folder)
    }

    @Test(
        "The plain forms scripts write are read without ArgumentParser, as ArgumentParser reads them",
        arguments: [
            ["verbalize", "--region", "es-AR"], ["verbalize", "--region", "ru-RU", "--json"],
            ["verbalize", "--json", "--region", "en-US", "--form", "label"],
            ["verbalize", "--voices", "/tmp/voices", "--region", "xx-YY", "--form", "words"],
            ["verbalize", "--region", "Région ünïcode"],
        ])
    func plainForms(_ arguments: [String]) throws {
        let plain = try #require(Verbalize.Invocation(plainArguments: arguments))
        #expect(plain == parsed(arguments))
    }

    @Test(
        "Help, other spellings and mistakes are left to ArgumentParser",
        arguments: [
            ["verbalize"], ["verbalize", "--help"], ["verbalize", "--region=es-AR"],
            ["verbalize", "--region", "es-AR", "--region", "es-MX"],
            ["verbalize", "--region"], ["verbalize", "--region", "-x"], ["verbalize", "--region", "es-AR", "--form", "loud"],
            ["verbalize", "--region", "es-AR", "extra"], ["verbalize", "--region", "es-AR", "--json", "--json"],
            ["say", "--region", "es-AR"], ["verbalize", "--region", ""], ["verbalize", "-h"],
        ])
    func leftToArgumentParser(_ arguments: [String]) {
        #expect(Verbalize.Invocation(plainArguments: arguments) == nil)
    }

    @Test("Random argument lists: the plain reading, when there is one, is ArgumentParser's")
    func randomArguments() {
        // Options with values, mostly well formed, and stray words.
        let values = ["es-AR", "ru-RU", "label", "words", "loud", "dir", "-x", "", "--json", "--", "-", "é"]
        let stray = ["--region=es-AR", "--help", "-h", "--", "verbalize", "--version", "--form", "--region", "extra"]
        var generator = SystemRandomNumberGenerator()
        var plainCount = 0
        for _ in 0..<3000 {
            var arguments = ["verbalize"]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let value = values.randomElement(using: &generator) ?? ""
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<3: arguments += ["--region", value]
                case 3..<5: arguments += ["--form", value]
                case 5..<7: arguments += ["--voices", value]
                case 7..<9: arguments.append("--json")
                default: arguments.append(stray.randomElement(using: &generator) ?? "")
                }
            }
            guard let plain = Verbalize.Invocation(plainArguments: arguments) else { continue }
            plainCount += 1
            #expect(plain == parsed(arguments), "\(arguments)")
        }
        #expect(plainCount > 100)
    }
}
