import Foundation
import Testing

@testable import locutor

@Suite struct ConsoleTests {
    /// A console whose standard input arrives in these chunks.
    static func console(reading chunks: [[UInt8]]) -> Console {
        var remaining = chunks[...]
        return Console(output: { _ in }, error: { _ in }, input: { remaining.popFirst().map { Data($0) } })
    }

    static func all(_ console: Console) throws -> [[UInt8]] {
        var reader = console.inputLines()
        var lines: [[UInt8]] = []
        while let line = try reader.next() { lines.append(line) }
        return lines
    }

    @Test("Splits standard input at LF and CR LF, whatever chunks it arrives in")
    func lines() throws {
        let console = Self.console(reading: [Array("a\r".utf8), Array("\nb".utf8), Array("c\n\nd".utf8)])
        #expect(try Self.all(console) == [Array("a".utf8), Array("bc".utf8), [], Array("d".utf8)])
    }

    @Test("A long line that arrives a byte at a time is searched for its end once, not once per byte")
    func longLineInSmallChunks() throws {
        // Each chunk used to search the whole line read so far again: 200,000 one-byte chunks
        // took minutes (scripts/bench-text found it with a 16 MB line).
        let line = [UInt8](repeating: UInt8(ascii: "7"), count: 200_000)
        let console = Self.console(reading: (line + Array("\nx".utf8)).map { [$0] })
        #expect(try Self.all(console) == [line, Array("x".utf8)])
    }

    @Test("A read error of standard input ends the lines with it")
    func readError() {
        let console = Console(
            output: { _ in }, error: { _ in }, input: { throw CommandFailure("cannot read standard input: Is a directory") })
        #expect(throws: CommandFailure.self) { _ = try Self.all(console) }
    }
}
