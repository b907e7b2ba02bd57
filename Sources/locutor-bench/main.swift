// locutor-bench: how fast Locutor speaks, measured against espeak-ng itself in the same run.
//
//   swift run -c release locutor-bench [--corpus samples/bench-prices.tsv] [--rounds 3] [--no-cli] [--no-streaming]
//
// It prints ratios measured in one run on one machine, never absolute targets checked by a
// test: run it on an idle machine and read the ratios.
import Foundation
import LocutorSpeech

struct Options {
    var corpus = "samples/bench-prices.tsv"
    var rounds = 3
    var cli = true
    var streaming = true
    var rawOnly = false

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--corpus": corpus = try value(&rest, argument)
            case "--rounds": rounds = Int(try value(&rest, argument)) ?? 0
            case "--no-cli": cli = false
            case "--no-streaming": streaming = false
            case "--raw-only": rawOnly = true
            case "-h", "--help":
                print("usage: locutor-bench [--corpus FILE.tsv] [--rounds N] [--no-cli] [--no-streaming] [--raw-only]")
                print("  --raw-only   print only eSpeak NG's in-process speed on the corpus: 'raw SECONDS UTTERANCES'")
                exit(0)
            default: throw BenchError("unknown option '\(argument)' — see --help")
            }
        }
        guard rounds > 0 else { throw BenchError("--rounds takes a positive number") }
    }

    private func value(_ rest: inout ArraySlice<String>, _ name: String) throws -> String {
        guard let value = rest.popFirst() else { throw BenchError("\(name) needs a value") }
        return value
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Reads `voice<TAB>text` lines after a header line.
func loadCorpus(_ path: String) throws -> [(voice: VoiceSelection, text: SpeechText)] {
    let content = try String(contentsOfFile: path, encoding: .utf8)
    var utterances: [(VoiceSelection, SpeechText)] = []
    for (number, line) in content.split(separator: "\n", omittingEmptySubsequences: false).enumerated().dropFirst() where !line.isEmpty {
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard columns.count == 2 else { throw BenchError("\(path):\(number + 1):1: expected voice<TAB>text") }
        utterances.append((VoiceSelection(parsing: String(columns[0])), try SpeechText(String(columns[1]))))
    }
    return utterances
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The fastest of `rounds` runs: the least disturbed by the rest of the machine.
func best(_ rounds: Int, _ body: () throws -> Double) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<rounds { fastest = min(fastest, try body()) }
    return fastest
}

func peakResidentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// Runs a program with `posix_spawn` and waits for it. (Foundation's `Process` costs about
/// 40 ms a launch here, which would flatter Locutor against the command line.)
func spawnAndWait(_ arguments: [String]) throws -> Int32 {
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let result = posix_spawn(&pid, arguments[0], nil, nil, argv, environ)
    guard result == 0 else { throw BenchError("posix_spawn \(arguments[0]): \(String(cString: strerror(result)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xff
}

func report(_ label: String, seconds: Double, count: Int, audioSeconds: Double) {
    let perUtterance = seconds / Double(count) * 1000
    print(
        label.padding(toLength: 46, withPad: " ", startingAt: 0)
            + String(format: "%7.3f ms/utt  %7.1f utt/s  real time ×%.0f", perUtterance, Double(count) / seconds, audioSeconds / seconds))
}

func run() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let corpus = try loadCorpus(options.corpus)
    let engine = try SpeechEngine.shared()
    if options.rawOnly {
        let seconds = try best(options.rounds) { try engine.measureUnisolatedSynthesis(corpus).seconds }
        print("raw \(seconds) \(corpus.count)")
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locutor-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    var samples = 0
    for (voice, text) in corpus.prefix(20) {  // warm up: voices and dictionaries loaded once
        var counter = SampleCounter()
        _ = try engine.synthesize(text, voice: voice, into: &counter)
    }
    let isolatedNoFile = try best(options.rounds) {
        let start = now()
        samples = 0
        for (voice, text) in corpus {
            var counter = SampleCounter()
            samples += try engine.synthesize(text, voice: voice, into: &counter).sampleCount
        }
        return now() - start
    }
    let audioSeconds = Double(samples) / Double(engine.sampleRate)
    let isolatedWAV = try best(options.rounds) {
        let start = now()
        for (index, (voice, text)) in corpus.enumerated() {
            var writer = try WAVFileWriter(path: folder.appendingPathComponent("\(index).wav").path, sampleRate: engine.sampleRate)
            _ = try engine.synthesize(text, voice: voice, into: &writer)
            _ = try writer.finish()
        }
        return now() - start
    }
    var rawSamples = 0
    let raw = try best(options.rounds) {
        let measured = try engine.measureUnisolatedSynthesis(corpus)
        rawSamples = measured.samples
        return measured.seconds
    }

    print(
        "corpus: \(options.corpus), \(corpus.count) utterances, \(Set(corpus.map(\.voice)).count) voices, "
            + String(format: "%.0f s of audio", audioSeconds))
    print(
        "espeak-ng \(engine.version) at \(engine.sampleRate) Hz; best of \(options.rounds) rounds; \(ProcessInfo.processInfo.activeProcessorCount) cores"
    )
    report("espeak-ng in-process, one process (baseline)", seconds: raw, count: corpus.count, audioSeconds: audioSeconds)
    report("locutor, isolated per utterance, no file", seconds: isolatedNoFile, count: corpus.count, audioSeconds: audioSeconds)
    report("locutor, isolated per utterance, WAV written", seconds: isolatedWAV, count: corpus.count, audioSeconds: audioSeconds)
    if rawSamples != samples {
        print("note: the baseline produced \(rawSamples) samples and locutor \(samples): the generator state it carries changes lengths")
    }
    print(
        String(
            format: "speed against espeak-ng in-process: %.2f without files, %.2f with WAVs (target ≥ 0.90)",
            raw / isolatedNoFile, raw / isolatedWAV))

    if options.cli {
        let cli = try best(1) {
            let start = now()
            for (index, (voice, text)) in corpus.enumerated() {
                let status = try spawnAndWait([
                    "/usr/bin/espeak-ng", "-v", voice.description, "-w",
                    folder.appendingPathComponent("cli-\(index).wav").path, text.string,
                ])
                guard status == 0 else { throw BenchError("espeak-ng exited \(status) on line \(index + 2)") }
            }
            return now() - start
        }
        report("espeak-ng CLI, once per utterance, WAV", seconds: cli, count: corpus.count, audioSeconds: audioSeconds)
        print(String(format: "speed against the CLI loop: %.2f× (target ≥ 3×)", cli / isolatedWAV))
        var identical = 0
        for index in corpus.indices {
            let ours = try Data(contentsOf: folder.appendingPathComponent("\(index).wav"))
            let theirs = try Data(contentsOf: folder.appendingPathComponent("cli-\(index).wav"))
            if ours == theirs { identical += 1 }
        }
        print("WAVs byte-identical to the CLI's: \(identical) of \(corpus.count)")
    }

    if options.streaming {
        let sentence = "ochocientos noventa y nueve mil novecientos pesos con noventa y nueve centavos. "
        let text = try SpeechText(String(repeating: sentence, count: 100_000 / sentence.utf8.count + 1))
        let before = peakResidentKilobytes()
        var writer = try WAVFileWriter(path: folder.appendingPathComponent("long.wav").path, sampleRate: engine.sampleRate)
        let start = now()
        let synthesis = try engine.synthesize(text, voice: VoiceSelection(name: "es-419"), into: &writer)
        _ = try writer.finish()
        let elapsed = now() - start
        let after = peakResidentKilobytes()
        print(
            String(
                format: "streaming %d KB of text: %.0f s of audio (%.0f MB of PCM) in %.1f s; peak memory grew %.1f MB",
                text.string.utf8.count / 1000, synthesis.duration, Double(synthesis.sampleCount * 2) / 1e6,
                elapsed, Double(after - before) / 1024))
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
