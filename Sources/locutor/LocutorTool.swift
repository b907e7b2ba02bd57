import ArgumentParser
import Foundation
import LocutorCore
import LocutorFiles
import LocutorPhonemes
import LocutorReview
import LocutorSpeech

/// `locutor`: hear, check and guard how prices and units are spoken.
@main
struct LocutorTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locutor",
        abstract: "Hear, check and guard how prices and units are spoken in each region.",
        discussion: """
            Exit status: 0 success; 1 differences found or some items failed; \
            2 bad usage, bad data or a missing environment.
            The locutor binary links eSpeak NG (GPL-3.0-or-later).
            """,
        version: "0.1.0",
        subcommands: [Say.self, Verbalize.self, Render.self, Diff.self, Audit.self, Voices.self, Lexicon.self]
    )

    static func main() {
        StandardStreams.reserveClosed()
        // A file size limit makes writes fail with EFBIG, reported like a full disk, not a kill.
        signal(SIGXFSZ, SIG_IGN)
        TemporaryFile.removeOnInterrupt()
        let status = run(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard)
        Foundation.exit(status)
    }

    /// Parses `arguments`, runs the command and returns the exit status — what `main` does,
    /// callable in-process by tests.
    static func run(arguments: [String], console: Console) -> Int32 {
        do {
            if let verbalize = Verbalize.Invocation(plainArguments: arguments) {
                try verbalize.run(console)
                return 0
            }
            var command = try parseAsRoot(arguments)
            if let command = command as? any LocutorCommand {
                try command.execute(console)
            } else {
                try command.run()
            }
            return 0
        } catch {
            return report(error, console: console)
        }
    }

    /// Prints an error the way DESIGN.md words it and picks the exit status.
    static func report(_ error: any Error, console: Console) -> Int32 {
        switch error {
        case let failure as CommandFailure:
            for line in failure.messages { console.error("error: \(line)") }
            return failure.exitCode
        case let error as SpeechError:
            console.error("error: \(error)")
            return 2
        case let error as DataError:
            for diagnostic in error.diagnostics { console.error("error: \(diagnostic)") }
            return 2
        case let error as HintError:
            console.error("error: \(error)")
            return 2
        case let error as ReviewError:
            console.error("error: \(error)")
            return 2
        case let code as ExitCode:
            return code.rawValue
        default:
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version: their text is the output.
                do {
                    try console.output(fullMessage(for: error))
                } catch {
                    return report(error, console: console)
                }
                return 0
            }
            console.error(fullMessage(for: error))
            return 2
        }
    }
}

/// A command whose output goes through a `Console`, so tests can run it in-process.
protocol LocutorCommand: ParsableCommand {
    func execute(_ console: Console) throws
}

extension LocutorCommand {
    mutating func run() throws {
        try execute(.standard)
    }
}

/// A failure the command has already worded, with its exit status.
struct CommandFailure: Error {
    var messages: [String]
    var exitCode: Int32 = 2

    init(_ message: String, exitCode: Int32 = 2) {
        self.messages = [message]
        self.exitCode = exitCode
    }
}
