import Foundation

/// Where a command writes: standard output and error, or buffers in a test.
final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOutput: (String) -> Void
    private let writeError: (String) -> Void
    private let readInput: () -> Data

    init(output: @escaping (String) -> Void, error: @escaping (String) -> Void, input: @escaping () -> Data) {
        self.writeOutput = output
        self.writeError = error
        self.readInput = input
    }

    static let standard = Console(
        output: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        input: { FileHandle.standardInput.readDataToEndOfFile() })

    /// Prints a line on standard output.
    func output(_ line: String) {
        lock.withLock { writeOutput(line) }
    }

    /// Prints a line on standard error.
    func error(_ line: String) {
        lock.withLock { writeError(line) }
    }

    /// All of standard input.
    func input() -> Data {
        readInput()
    }
}
