import Foundation
import LocutorFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes and reads: standard output, error and input, or buffers in a test.
///
/// Writing to standard output and reading standard input throw `CommandFailure` (exit status 2)
/// when the system refuses — output closed or full, input a folder — so a command stops with one
/// line on standard error instead of a trap. Standard error's own failures are ignored: there is
/// nowhere left to say them.
final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOutput: (String) throws -> Void
    private let writeError: (String) -> Void
    private let readInput: () throws -> Data?
    /// Whether input comes from a person typing (answers are then written line by line).
    let isInteractive: Bool

    /// - Parameters:
    ///   - output: writes text to standard output as it is (no newline added).
    ///   - error: writes text to standard error as it is.
    ///   - input: the next chunk of standard input, nil at its end.
    init(
        output: @escaping (String) throws -> Void, error: @escaping (String) -> Void, input: @escaping () throws -> Data?,
        isInteractive: Bool = false
    ) {
        self.writeOutput = output
        self.writeError = error
        self.readInput = input
        self.isInteractive = isInteractive
    }

    static let standard = Console(
        output: { text in
            let closed = StandardStreams.wasClosed(STDOUT_FILENO) ? EBADF : nil
            if let code = closed ?? writeAll(STDOUT_FILENO, text) {
                throw CommandFailure(
                    "cannot write to standard output: \(String(cString: strerror(code))) — check where the output goes (a full disk, a closed pipe)"
                )
            }
        },
        error: { text in _ = writeAll(STDERR_FILENO, text) },
        input: {
            if StandardStreams.wasClosed(STDIN_FILENO) {
                throw CommandFailure("cannot read standard input: \(String(cString: strerror(EBADF))) — give the input as a file or a pipe")
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count > 0 { return Data(buffer[0..<count]) }
                if count == 0 { return nil }
                if errno == EINTR { continue }
                throw CommandFailure("cannot read standard input: \(String(cString: strerror(errno))) — give the input as a file or a pipe")
            }
        },
        isInteractive: isatty(STDIN_FILENO) != 0)

    /// Writes all of `text` to a descriptor; nil, or the errno that stopped it.
    static func writeAll(_ descriptor: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Prints a line on standard output.
    func output(_ line: String) throws {
        try write(line + "\n")
    }

    /// Writes text on standard output as it is.
    func write(_ text: String) throws {
        try lock.withLock { try writeOutput(text) }
    }

    /// Prints a line on standard error.
    func error(_ line: String) {
        lock.withLock { writeError(line + "\n") }
    }

    /// All of standard input.
    func input() throws -> Data {
        var data = Data()
        while let chunk = try readInput() { data.append(chunk) }
        return data
    }

    /// Standard input line by line, as bytes without the line ending (LF or CRLF), read as it
    /// arrives. Each byte is searched for a line break once, however many chunks a line takes.
    func inputLines() -> LineReader {
        LineReader(read: readInput)
    }
}

/// Standard input line by line (see `Console.inputLines`).
struct LineReader {
    let read: () throws -> Data?
    private var buffer: [UInt8] = []
    private var start = 0
    /// How many bytes after `start` are known to hold no line break.
    private var searched = 0
    private var finished = false

    init(read: @escaping () throws -> Data?) {
        self.read = read
    }

    /// The next line, or nil at the end of the input.
    mutating func next() throws -> [UInt8]? {
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
            if let chunk = try read() { buffer.append(contentsOf: chunk) } else { finished = true }
        }
    }
}
