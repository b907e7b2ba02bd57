import Foundation

@testable import locutor

/// Runs `locutor` in-process and keeps what it printed.
final class CommandRun: @unchecked Sendable {
    private(set) var output: [String] = []
    private(set) var errors: [String] = []
    private(set) var status: Int32 = -1
    private let lock = NSLock()

    init(_ arguments: [String], input: String = "") {
        var remaining: Data? = Data(input.utf8)
        let console = Console(
            output: { text in self.lock.withLock { self.outText += text } },
            error: { text in self.lock.withLock { self.errText += text } },
            input: {
                defer { remaining = nil }
                return remaining
            })
        status = LocutorTool.run(arguments: arguments, console: console)
        output = Self.lines(outText)
        errors = Self.lines(errText)
    }

    private var outText = ""
    private var errText = ""

    var stdout: String { outText }
    var stderr: String { errText }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// The `locutor` executable built beside the tests, run as its own process.
struct BuiltTool {
    let url: URL
    /// The folder the tool runs in (the current one when nil).
    var workingDirectory: URL?

    init(url: URL, workingDirectory: URL? = nil) {
        self.url = url
        self.workingDirectory = workingDirectory
    }

    init() throws {
        if let explicit = ProcessInfo.processInfo.environment["LOCUTOR_BIN"] {
            url = URL(fileURLWithPath: explicit)
            return
        }
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        url = folder.appendingPathComponent("locutor")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs the tool with `arguments`; with `closingStandardStreams`, it starts with standard
    /// input and output closed (through `sh -c 'exec … <&- >&-'`), as a daemon or a careless
    /// parent may start it.
    func run(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
        closingStandardStreams: Bool = false
    ) throws -> Result {
        let process = Process()
        process.currentDirectoryURL = workingDirectory
        if closingStandardStreams {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" <&- >&-", url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("locutor-cli-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
