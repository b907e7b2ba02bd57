import Foundation
@testable import locutor

/// Runs `locutor` in-process and keeps what it printed.
final class CommandRun: @unchecked Sendable {
    private(set) var output: [String] = []
    private(set) var errors: [String] = []
    private(set) var status: Int32 = -1
    private let lock = NSLock()

    init(_ arguments: [String], input: String = "") {
        let console = Console(
            output: { line in self.lock.withLock { self.output.append(line) } },
            error: { line in self.lock.withLock { self.errors.append(line) } },
            input: { Data(input.utf8) })
        status = Locutor.run(arguments: arguments, console: console)
    }

    var stdout: String { output.joined(separator: "\n") }
    var stderr: String { errors.joined(separator: "\n") }
}

/// The `locutor` executable built beside the tests, run as its own process.
struct BuiltTool {
    let url: URL

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

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
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
