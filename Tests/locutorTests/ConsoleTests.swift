import Foundation
import Testing
@testable import locutor

@Suite struct ConsoleTests {
    /// A console whose standard input arrives in these chunks.
    static func console(reading chunks: [[UInt8]]) -> Console {
        var remaining = chunks[...]
        return Console(output: { _ in }, error: { _ in }, input: { remaining.popFirst().map { Data($0) } })
    }

    @Test("Splits standard input at LF and CR LF, whatever chunks it arrives in")
    func lines() {
        let console = Self.console(reading: [Array("a\r".utf8), Array("\nb".utf8), Array("c\n\nd".utf8)])
        #expect(Array(console.inputLines()) == [Array("a".utf8), Array("bc".utf8), [], Array("d".utf8)])
    }

    @Test("A long line that arrives a byte at a time is searched for its end once, not once per byte")
    func longLineInSmallChunks() {
        // Each chunk used to search the whole line read so far again: 200,000 one-byte chunks
        // took minutes (scripts/bench-text found it with a 16 MB line).
        let line = [UInt8](repeating: UInt8(ascii: "7"), count: 200_000)
        let console = Self.console(reading: (line + Array("\nx".utf8)).map { [$0] })
        #expect(Array(console.inputLines()) == [line, Array("x".utf8)])
    }
}
