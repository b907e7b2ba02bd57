import Foundation
import Testing

@testable import locutor

@Suite struct SayCommandTests {
    static let price = "ochocientos noventa y nueve mil novecientos pesos"

    @Test("Says a price in es-419: prints its IPA and writes a 22050 Hz mono WAV")
    func say() throws {
        let folder = try TemporaryFolder()
        let wav = folder.path("x.wav")
        let run = CommandRun(["say", Self.price, "--voice", "es-419", "--out", wav])
        #expect(run.status == 0)
        #expect(
            run.output == [
                "ipa: ˌotʃosjˈɛntos noβˈɛnta i nwˈeβe mˈil nˌoβesjˈɛntos pˈesos",
                "wav: \(wav) (22050 Hz, mono, 16-bit, 3.27 s)",
            ])
        #expect(run.errors.isEmpty)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: wav))
        #expect(bytes.count == 44 + 72_100 * 2)
    }

    @Test("Prints espeak-ng mnemonics on request and reads the text from standard input")
    func mnemonicsFromInput() {
        let run = CommandRun(["say", "-", "--voice", "es-419", "--mnemonics"], input: "mil pesos\n")
        #expect(run.status == 0)
        #expect(run.output == ["mnemonics: m'il p'esos", "audio: 1.04 s, not saved (pass --out FILE.wav)"])
    }

    @Test("An unknown voice exits 2 naming the voice and the close matches")
    func unknownVoice() {
        let run = CommandRun(["say", "hola", "--voice", "es-mx"])
        #expect(run.status == 2)
        #expect(
            run.errors == [
                "error: espeak_SetVoiceByName: unknown voice 'es-mx' — close matches: es, es-419; 'locutor voices' lists every installed voice"
            ])
        #expect(run.output.isEmpty)
    }

    @Test(
        "Bad input exits 2 with a message that says what to do",
        arguments: [
            (["say", "", "--voice", "es"], "error: nothing to say: the text is empty — pass the words to speak"),
            (
                ["say", "hola", "--voice", "es", "--rate", "1000"],
                "error: espeak_SetParameter: rate 1000 is outside 80...450 words per minute — pass a value in that range"
            ),
            (
                ["say", "hola", "--voice", "es", "--out", "/no/such/folder/x.wav"],
                "error: cannot write '/no/such/folder/x.wav': No such file or directory — create the folder first, or choose one that exists"
            ),
        ])
    func badInput(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.errors == [message])
    }

    @Test("A usage error exits 2 with the usage, not ArgumentParser's 64")
    func usage() {
        let run = CommandRun(["say", "hola"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: Say which voice speaks: pass --voice NAME or --region R."))
        #expect(run.stderr.contains("Usage: locutor say <text> [--voice <voice>] [--region <region>]"))
        #expect(CommandRun(["say"]).stderr.hasPrefix("Error: Missing expected argument '<text>'"))
    }

    @Test("--help prints the command's help and exits 0")
    func help() {
        let run = CommandRun(["say", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("OVERVIEW: Speak one text: print its phoneme transcript and write a WAV."))
        #expect(run.stdout.contains("--word-gap <word-gap>"))
    }

    @Test("A fresh process writes the same WAV as this one, after other utterances")
    func freshProcess() throws {
        let tool = try BuiltTool()
        let folder = try TemporaryFolder()
        #expect(CommandRun(["say", "algo distinto antes", "--voice", "es-419"]).status == 0)
        let here = folder.path("here.wav")
        let there = folder.path("there.wav")
        #expect(CommandRun(["say", Self.price, "--voice", "es-419", "--out", here]).status == 0)
        let result = try tool.run(["say", Self.price, "--voice", "es-419", "--out", there])
        #expect(result.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: here)) == Data(contentsOf: URL(fileURLWithPath: there)))
    }

    @Test("Bytes that are not UTF-8 on the command line are rejected with their offset")
    func invalidArgument() throws {
        let tool = try BuiltTool()
        let process = Process()
        process.executableURL = tool.url
        let err = Pipe()
        process.standardError = err
        // Foundation cannot pass raw bytes as an argument; a shell can.
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" say \"$(printf 'mil\\377pesos')\" --voice es-419", tool.url.path]
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(
            String(decoding: data, as: UTF8.self)
                == "error: the text is not valid UTF-8 at byte 3 (0xFF) — save or pass the text as UTF-8\n")
    }

    @Test("Missing espeak-ng data exits 2 with the command that installs it")
    func missingData() throws {
        let result = try BuiltTool().run(["voices"], environment: ["LOCUTOR_ESPEAK_DATA": "/nonexistent/espeak-ng-data"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: espeak_Initialize: no usable espeak-ng data in '/nonexistent/espeak-ng-data' (status 0) — install it with 'sudo apt-get install espeak-ng-data' (Debian, Ubuntu) or 'brew install espeak-ng' (macOS), or set ESPEAK_DATA_PATH to the folder that contains espeak-ng-data\n"
        )
    }
}

@Suite struct VoicesCommandTests {
    @Test("Lists every region with its voice and whether it resolves, then the installed voices")
    func voices() {
        let run = CommandRun(["voices"] + VerbalizeCommandTests.voices)
        #expect(run.status == 0)
        #expect(run.output.first?.hasPrefix("espeak-ng 1.51, data in ") == true)
        #expect(run.output.contains("12 regions (region, voice, rate, pitch, resolves):"))
        #expect(run.output.contains("  es-AR   es-419      175  50  yes"))
        #expect(run.output.contains("  fr-BE   fr-be       175  50  yes"))
        #expect(run.output.contains { $0.hasPrefix("  es-419") && $0.contains("roa/es-419") && $0.hasSuffix("Spanish (Latin America)") })
    }

    @Test("Lists the variants")
    func variants() {
        let run = CommandRun(["voices", "--variants"])
        #expect(run.status == 0)
        #expect(run.output.count == 2)
        #expect(run.output[1].split(separator: " ").contains("f3"))
    }
}
