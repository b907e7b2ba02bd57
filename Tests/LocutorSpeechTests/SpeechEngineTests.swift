import Crypto
import Foundation
import Testing

@testable import LocutorSpeech

@Suite struct SpeechEngineTests {
    let engine: SpeechEngine

    init() throws {
        engine = try SpeechEngine.shared()
    }

    static let spanish = VoiceSelection(name: "es-419")
    static let price = "ochocientos noventa y nueve mil novecientos pesos"

    func render(_ text: String, voice: VoiceSelection = spanish, parameters: SpeechParameters = .standard) throws -> (
        samples: [Int16], synthesis: Synthesis
    ) {
        var buffer = PCMBuffer()
        let synthesis = try engine.synthesize(try SpeechText(text), voice: voice, parameters: parameters, into: &buffer)
        return (buffer.samples, synthesis)
    }

    @Test("Reports espeak-ng 1.51 at 22050 Hz with its voices and variants")
    func identity() {
        #expect(engine.version == "1.51")
        #expect(engine.sampleRate == 22050)
        #expect(engine.installedVoices.contains { $0.identifier == "roa/es-419" && $0.languages.first == "es-419" })
        #expect(engine.installedVariants.contains("f3"))
    }

    @Test("Renders non-silent 22050 Hz mono audio of a plausible length")
    func audio() throws {
        let (samples, synthesis) = try render(Self.price)
        #expect(synthesis.sampleRate == 22050)
        #expect(synthesis.sampleCount == samples.count)
        #expect((2.0...5.0).contains(synthesis.duration))
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 3000)
        let rms = (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
        #expect(rms > 300)
    }

    @Test("Speaks slower at a lower rate")
    func rate() throws {
        let normal = try render("mil pesos").synthesis.duration
        let slow = try render("mil pesos", parameters: SpeechParameters(rate: 90, pitch: 50, volume: 100, range: 50, wordGap: 0)).synthesis
            .duration
        #expect(slow > normal * 1.4)
    }

    @Test(
        "Transcribes known words in each voice",
        arguments: [
            ("es-419", "mil pesos", "mˈil pˈesos", "m'il p'esos"),
            ("pt-br", "mil reais", "mˈiʊ xeˈaɪs", "m'iU xe'aIs"),
            ("en-us", "one thousand dollars", "wˈʌn θˈaʊzənd dˈɑːlɚz", "w'Vn T'aUz@nd d'0l3z"),
            ("ru", "сто рублей", "stˈo rubɭʲˈej", "st'o @-rubl;'ej"),
            ("fr-be", "septante-cinq euros", "sɛptˈɑ̃tsˈɛ̃k øʁˈo", "sEpt'A~ts'E~k Yr'o"),
            ("nl", "vijf euro", "vˈɛɪf ˈøːroː", "v'EIf _!'Y:ro:"),
        ])
    func transcripts(voice: String, text: String, ipa: String, mnemonics: String) throws {
        let selection = VoiceSelection(name: voice)
        let speech = try SpeechText(text)
        #expect(try engine.transcribe(speech, voice: selection).text == ipa)
        #expect(try engine.transcribe(speech, voice: selection, notation: .mnemonics).text == mnemonics)
        var counter = SampleCounter()
        #expect(try engine.synthesize(speech, voice: selection, into: &counter).transcript.text == ipa)
    }

    @Test("Speaks [[…]] as espeak-ng phoneme mnemonics, in audio and in transcripts")
    func phonemeInput() throws {
        let text = try SpeechText("[[h@l'oU]] mundo")
        #expect(try engine.transcribe(text, voice: Self.spanish).text == "həlˈoʊ mˈundo")
        var counter = SampleCounter()
        #expect(try engine.synthesize(text, voice: Self.spanish, into: &counter).transcript.text == "həlˈoʊ mˈundo")
    }

    @Test("Keeps one clause per entry of the transcript")
    func clauses() throws {
        let transcript = try engine.transcribe(try SpeechText("hola, mundo"), voice: Self.spanish)
        #expect(transcript.clauses == ["ˈola", "mˈundo"])
        #expect(transcript.text == "ˈola mˈundo")
    }

    #if os(Linux)
    @Test("The zygote is the program started again, named as it, with eSpeak NG's libraries and not Swift's")
    func smallZygote() throws {
        let pid = try #require(engine.zygoteProcess)
        // Read to the end: a file of /proc says its size is 0.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        #expect(maps.count < 150, "\(maps.count) mappings")
        #expect(maps.contains { $0.contains("libespeak-ng") })
        #expect(!maps.contains { $0.contains("libswiftCore") || $0.contains("libFoundation") })
        #expect(try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) != "exe\n")
        var counter = SampleCounter()
        #expect(try engine.synthesize(try SpeechText("mil pesos"), voice: Self.spanish, into: &counter).transcript.text == "mˈil pˈesos")
    }
    #endif

    @Test("Reads a trace as its lines without the spaces around them, blank lines dropped")
    func trace() {
        let transcript = PhonemeTranscript(notation: .ipa, trace: " mˈil pˈesos\n\n \t\u{A0}dˈos\u{2003}\r\n  \n\u{2028}ˈa\u{303}")
        #expect(transcript.clauses == ["mˈil pˈesos", "dˈos", "ˈa\u{303}"])
        #expect(PhonemeTranscript(notation: .ipa, trace: "").clauses.isEmpty)
    }

    @Test("Renders the same bytes for the same text whatever was said before (A, B, A)")
    func determinism() throws {
        let first = try render(Self.price).samples
        _ = try render("dos mil setecientos cuarenta y nueve pesos con noventa centavos")
        _ = try render("one thousand dollars", voice: VoiceSelection(name: "en-us"))
        let again = try render(Self.price).samples
        #expect(first == again)
    }

    @Test(
        "Renders the same bytes as a fresh espeak-ng process, in every voice, after other voices",
        arguments: [
            ("es-419", price), ("pt-br", "mil duzentos e noventa e nove reais e noventa centavos"),
            ("en-us", "thirty-two thousand dollars"), ("ru", "сто рублей"), ("fr-be", "septante-cinq euros"), ("nl", "vijf euro"),
        ])
    func freshProcess(voice: String, text: String) throws {
        _ = try render("something else first, to move the generator")
        _ = try render("and in another voice", voice: VoiceSelection(name: "en-us"))
        try expectSameAsCommandLine(text, voice: voice)
    }

    @Test("Renders the same bytes as a fresh espeak-ng process after many transcriptions in this one")
    func afterTranscriptions() throws {
        // Translation advances state in espeak-ng that a process forked afterwards inherits: 137
        // to 151 transcriptions of this text made pt-br "mil reais" 133 samples shorter in a
        // child forked then (eSpeak NG 1.51). The zygote is forked before any of that.
        for _ in 0..<140 {
            _ = try engine.transcribe(try SpeechText("mil doscientos noventa y nueve pesos"), voice: Self.spanish)
        }
        try expectSameAsCommandLine("mil reais", voice: "pt-br")
    }

    @Test("Renders the same bytes as espeak-ng after many utterances in many voices")
    func afterManyVoices() throws {
        // 160 prices of the review benchmark's catalog in seven voices, in its order: a long run
        // with a voice change at almost every utterance, each of which must still sound exactly as
        // a fresh espeak-ng process says it (shim.h lists the state that used to leak between
        // utterances; a render of 300 such prices showed it, this shorter run guards the rest).
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/voice-switches.tsv").standardizedFileURL
        let lines = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(lines.count == 160)
        let folder = try TemporaryFolder()
        var script = ""
        for (index, line) in lines.enumerated() {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 2 else {
                Issue.record("malformed fixture line \(index + 2)")
                continue
            }
            var writer = try WAVFileWriter(path: folder.path("ours-\(index).wav"), sampleRate: engine.sampleRate)
            _ = try engine.synthesize(try SpeechText(fields[1]), voice: VoiceSelection(name: fields[0]), into: &writer)
            _ = try writer.finish()
            script +=
                "espeak-ng -v \(fields[0]) -w '\(folder.path("theirs-\(index).wav"))' '\(fields[1].replacingOccurrences(of: "'", with: "'\\''"))'\n"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-e", "-c", script]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let differing = try lines.indices.map { $0 - lines.startIndex }.filter { index in
            try Data(contentsOf: URL(fileURLWithPath: folder.path("ours-\(index).wav")))
                != Data(contentsOf: URL(fileURLWithPath: folder.path("theirs-\(index).wav")))
        }
        #expect(differing.isEmpty, "utterances that differ from espeak-ng: \(differing)")
    }

    /// Synthesizes `text` here and with `espeak-ng -w`, and expects the same WAV bytes.
    func expectSameAsCommandLine(_ text: String, voice: String) throws {
        let folder = try TemporaryFolder()
        let ours = folder.path("ours.wav")
        let theirs = folder.path("theirs.wav")
        var writer = try WAVFileWriter(path: ours, sampleRate: engine.sampleRate)
        _ = try engine.synthesize(try SpeechText(text), voice: VoiceSelection(name: voice), into: &writer)
        _ = try writer.finish()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-v", voice, "-w", theirs, text]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: ours)) == Data(contentsOf: URL(fileURLWithPath: theirs)))
    }

    @Test("Concurrent callers get the same audio as serial ones")
    func concurrency() async throws {
        let jobs: [(String, String)] = [
            ("es-419", "mil pesos"), ("ru", "сто рублей"), ("en-us", "one thousand dollars"),
            ("pt-br", "mil reais"), ("fr-be", "septante-cinq euros"), ("nl", "vijf euro"),
        ]
        var expected: [Int: [Int16]] = [:]
        for (index, job) in jobs.enumerated() {
            expected[index] = try render(job.1, voice: VoiceSelection(name: job.0)).samples
        }
        let engine = self.engine
        let results = try await withThrowingTaskGroup(of: (Int, [Int16], String).self) { group in
            for round in 0..<4 {
                for (index, job) in jobs.enumerated() {
                    group.addTask {
                        var buffer = PCMBuffer()
                        let voice = VoiceSelection(name: job.0)
                        let synthesis = try engine.synthesize(try SpeechText(job.1), voice: voice, into: &buffer)
                        let transcript = try engine.transcribe(try SpeechText(job.1), voice: voice)
                        #expect(transcript == synthesis.transcript, "round \(round)")
                        return (index, buffer.samples, transcript.text)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == jobs.count * 4)
        for (index, samples, _) in results {
            #expect(samples == expected[index], "\(jobs[index].0) \(jobs[index].1)")
        }
    }

    @Test("Streams a long text in small blocks instead of holding it")
    func streaming() throws {
        let text = String(repeating: "ochocientos noventa y nueve mil novecientos pesos. ", count: 40)
        var counter = SampleCounter()
        let synthesis = try engine.synthesize(try SpeechText(text), voice: Self.spanish, into: &counter)
        #expect(synthesis.duration > 100)
        #expect(counter.largestBlock <= 32_768)  // 64 KiB blocks for over 100 s of audio
    }

    @Test("An unknown voice names the voice and close matches")
    func unknownVoice() {
        #expect(throws: SpeechError.unknownVoice("es-mx", closeMatches: ["es", "es-419"])) {
            _ = try render("hola", voice: VoiceSelection(name: "es-mx"))
        }
        #expect(
            SpeechError.unknownVoice("es-mx", closeMatches: ["es", "es-419"]).description
                == "espeak_SetVoiceByName: unknown voice 'es-mx' — close matches: es, es-419; 'locutor voices' lists every installed voice")
    }

    @Test("An unknown voice does not leave the previous voice speaking")
    func unknownVoiceKeepsNothing() throws {
        _ = try render("mil pesos", voice: VoiceSelection(name: "ru"))
        #expect(throws: SpeechError.self) { _ = try render("hola", voice: VoiceSelection(name: "no-such-voice")) }
        #expect(try engine.transcribe(try SpeechText("mil pesos"), voice: Self.spanish).text == "mˈil pˈesos")
    }

    @Test("An unknown variant is an error, not a silent fallback")
    func unknownVariant() throws {
        #expect(throws: SpeechError.unknownVariant("f33", voice: "es-419", closeMatches: ["f3", "f1", "f2", "f4", "f5"])) {
            _ = try render("hola", voice: VoiceSelection(name: "es-419", variant: "f33"))
        }
        #expect(
            SpeechError.unknownVariant("f33", voice: "es-419", closeMatches: ["f1", "f2"]).description
                == "espeak_SetVoiceByName: unknown variant '+f33' for voice 'es-419' — close matches: f1, f2; 'locutor voices --variants' lists every installed variant"
        )
        let plain = try render("mil pesos").samples
        let variant = try render("mil pesos", voice: VoiceSelection(parsing: "es-419+f3")).samples
        #expect(plain != variant)
    }

    @Test("A parameter out of range is an error (espeak-ng does not check)")
    func parameterRange() {
        let loud = SpeechParameters(rate: 175, pitch: 50, volume: 500, range: 50, wordGap: 0)
        #expect(throws: SpeechError.parameterOutOfRange(name: "volume", value: 500, range: 0...200, unit: "")) {
            _ = try render("hola", parameters: loud)
        }
        #expect(
            SpeechError.parameterOutOfRange(name: "rate", value: 1000, range: 80...450, unit: "words per minute").description
                == "espeak_SetParameter: rate 1000 is outside 80...450 words per minute — pass a value in that range")
    }

    @Test("Suggests names by language first, then by edit distance")
    func closeMatches() {
        let names = ["es", "es-419", "en-US", "pt-BR", "ru"]
        #expect(SpeechEngine.closeMatches(to: "es-mx", among: names) == ["es", "es-419"])
        #expect(SpeechEngine.closeMatches(to: "pt-pt", among: names) == ["pt-BR"])
        #expect(SpeechEngine.closeMatches(to: "rus", among: names) == ["ru", "es"])
    }
}

@Suite struct WorkerDigestTests {
    @Test(
        "The workers' SHA-256 is swift-crypto's, at every length around the block boundaries, with and without SHA extensions",
        arguments: [false, true])
    func matchesCrypto(portable: Bool) {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 191, 192, 193, 1_000, 65_537, 1 << 20] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = SHA256.hash(data: bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            #expect(SpeechEngine.workerDigest(bytes, portable: portable) == expected, "\(length) bytes")
        }
        #expect(
            SpeechEngine.workerDigest(Array("abc".utf8), portable: portable)
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
