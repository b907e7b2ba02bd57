import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes and reads: standard output, error and input, or buffers in a test.
final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOutput: (String) -> Void
    private let writeError: (String) -> Void
    private let readInput: () -> Data?
    /// Whether input comes from a person typing (answers are then written line by line).
    let isInteractive: Bool

    /// - Parameters:
    ///   - output: writes text to standard output as it is (no newline added).
    ///   - error: writes text to standard error as it is.
    ///   - input: the next chunk of standard input, nil at its end.
    init(output: @escaping (String) -> Void, error: @escaping (String) -> Void, input: @escaping () -> Data?,
         isInteractive: Bool = false) {
        self.writeOutput = output
        self.writeError = error
        self.readInput = input
        self.isInteractive = isInteractive
    }

    static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) },
        input: {
            let chunk = FileHandle.standardInput.availableData
            return chunk.isEmpty ? nil : chunk
        },
        isInteractive: isatty(STDIN_FILENO) != 0)

    /// Prints a line on standard output.
    func output(_ line: String) {
        write(line + "\n")
    }

    /// Writes text on standard output as it is.
    func write(_ text: String) {
        lock.withLock { writeOutput(text) }
    }

    /// Prints a line on standard error.
    func error(_ line: String) {
        lock.withLock { writeError(line + "\n") }
    }

    /// All of standard input.
    func input() -> Data {
        var data = Data()
        while let chunk = readInput() { data.append(chunk) }
        return data
    }

    /// Standard input line by line, as bytes without the line ending (LF or CRLF), read as it
    /// arrives. Each byte is searched for a line break once, however many chunks a line takes.
    func inputLines() -> AnyIterator<[UInt8]> {
        var buffer: [UInt8] = []
        var start = 0
        /// How many bytes after `start` are known to hold no line break.
        var searched = 0
        var finished = false
        return AnyIterator {
            while true {
                if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                    var line = Array(buffer[start..<newline])
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    start = newline + 1
                    searched = 0
                    return line
                }
                if finished {
                    guard start < buffer.count else { return nil }
                    var line = Array(buffer[start...])
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    start = buffer.count
                    searched = 0
                    return line
                }
                searched = buffer.count - start
                if start > 0 {
                    buffer.removeFirst(start)
                    start = 0
                }
                if let chunk = self.readInput() { buffer.append(contentsOf: chunk) } else { finished = true }
            }
        }
    }
}
