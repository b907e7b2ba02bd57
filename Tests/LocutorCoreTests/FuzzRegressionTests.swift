import Foundation
import Testing

@testable import LocutorCore

/// Inputs that the fuzz targets (`scripts/fuzz`) and the text benchmark (`scripts/bench-text`)
/// found crashing LocutorCore, breaking an export, or taking time that grew with the square of
/// the text — each kept here, minimized, so its fix stays.
@Suite struct FuzzRegressionTests {
    // MARK: Found by the voices target

    @Test("A say that refers to {1} when the match captures nothing is a data error, not a crash")
    func referenceWithoutCaptures() throws {
        // `(1...captures).contains(n)` trapped when captures was 0.
        let argentina = (VoiceFixtures.files["es-AR.yaml"] ?? "") + "patterns:\n  - match: \"hola\"\n    say: \"{1}\"\n"
        let line = argentina.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        do {
            _ = try VoiceFixtures.library(replacing: ["es-AR.yaml": argentina]).profile(RegionID("es-AR"))
            Issue.record("the pattern loaded")
        } catch {
            #expect(
                error.description
                    == "voices/es-AR.yaml:\(line):11: {1} does not name a capture of the match (it has 0) — add a capture to match, or remove the reference"
            )
        }
    }

    // MARK: Found by the normalizer's property tests

    @Test("A fraction with spaces and nothing after it is said, not a read past the text's end")
    func fractionBeforeTrailingSpaces() throws {
        // The plural after a fraction was looked for where the spaces ended: the text's end.
        #expect(try VoiceFixtures.words("2/5 ", "es-ES") == "dos quintos")
        #expect(try VoiceFixtures.words("x 2/7  ", "en-US") == "x two sevenths")
    }

    // MARK: Found by the price-component target

    @Test("SSML turns U+FFFE and U+FFFF into spaces: XML 1.0 cannot carry them, even escaped")
    func noncharactersInSSML() throws {
        #expect(MarkupText.escaped("a\u{FFFE}b\u{FFFF}c<\u{FFFD}\u{FEFF}\u{F8FF}") == "a b c&lt;\u{FFFD}\u{FEFF}\u{F8FF}")
        let utterance = try VoiceFixtures.utterance("{\"price\": \"1\", \"suffix\": \"\u{FFFF}pr\"}", "en-US")
        #expect(
            utterance.ssml(language: "en-US")
                == "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"en-US\">one dollar  pr</speak>")
    }

    // MARK: Found by hand while reading the normalizer for the benchmark

    @Test("A number with 130 decimals is refused as too long, not a crash in its plural category")
    func manyDecimals() throws {
        // PluralOperands takes at most 127 visible decimals; the reader used to pass any number.
        let text = "1," + String(repeating: "0", count: 130) + " m"
        #expect(throws: InputError.tooLarge("1," + String(repeating: "0", count: 38) + "…")) {
            try VoiceFixtures.words(text, "es-AR")
        }
    }

    @Test("Digits beyond what a Decimal holds are refused as written, never rounded")
    func sixtyDigits() throws {
        // A Decimal holds 38 digits; more used to be rounded silently, so the message quoted
        // another number ("…890.000.000…"), and past 166 digits the number was not read at all.
        let digits = String(repeating: "1234567890", count: 6)
        #expect(throws: InputError.tooLarge(String(digits.prefix(39)) + "…")) { try VoiceFixtures.words(digits, "es-AR") }
        #expect(throws: InputError.tooLarge(String(digits.prefix(39)) + "…")) { try VoiceFixtures.words("$ " + digits, "es-AR") }
        // Eighteen digits grouped are a number, said exactly; with no grouping, an identifier.
        #expect(
            try VoiceFixtures.words("123.456.789.012.345.678", "es-AR").hasSuffix(
                "trescientos cuarenta y cinco mil seiscientos setenta y ocho"))
        #expect(
            try VoiceFixtures.words(String(digits.prefix(18)), "es-AR").hasPrefix("uno dos tres cuatro cinco seis siete ocho nueve cero"))
    }

    // MARK: Found while writing the fuzz targets' laws

    @Test("A YAML syntax error in a file with CR LF line ends is reported on its own line, not line 1")
    func syntaxErrorWithCRLF() {
        // The clamp that keeps a line inside the file split the text on Character "\n", and
        // "\r\n" is one Character: a CR LF file had one line, so every syntax error was on line 1.
        let argentina = (VoiceFixtures.files["es-AR.yaml"] ?? "").replacingOccurrences(of: "  rate: 175\n", with: "  rate: [175\n")
        let line = argentina.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("  rate: [") } ?? -1
        let windows = argentina.replacingOccurrences(of: "\n", with: "\r\n")
        do {
            _ = try VoiceFixtures.library(replacing: ["es-AR.yaml": windows]).profile(RegionID("es-AR"))
            Issue.record("the broken file loaded")
        } catch {
            #expect(
                error.description == "voices/es-AR.yaml:\(line + 2):8: invalid YAML: did not find expected ',' or ']' "
                    + "(while parsing a flow sequence at line \(line + 1), column 9) — check the quotes, colons and indentation here")
        }
    }

    // MARK: Found by the text benchmark (time that grew with the square of a line)

    @Test("Reading a number stops just past its 38th digit, however long the run and wherever it starts")
    func readingIsBounded() {
        let argentina = NumberFormat(decimal: ",", grouping: ".")
        let digits = Array(repeating: Unicode.Scalar("7"), count: 1 << 20)
        #expect(argentina.scan(digits, from: 0) == .tooLong(end: 39))
        #expect(argentina.scan(digits, from: 500_000) == .tooLong(end: 500_039))
        #expect(argentina.read(digits, from: 0) == nil)
        let grouped = Array(("1" + String(repeating: ".234", count: 1 << 18)).unicodeScalars)
        #expect(argentina.scan(grouped, from: 0) == .tooLong(end: 1 + 12 * 4 + 2 + 1))
        #expect(argentina.scan(grouped, from: 2) == .tooLong(end: 2 + 12 * 4 + 3))
        let decimals = Array(("0," + String(repeating: "5", count: 1 << 20)).unicodeScalars)
        #expect(argentina.scan(decimals, from: 0) == .tooLong(end: 2 + 38))
        let longest = String(repeating: "9", count: 38)
        #expect(argentina.parse(longest)?.value == Decimal(string: longest))
    }

    @Test("A megabyte of digits on one line, whole or grouped, is refused at its first number")
    func megabyteOfDigits() throws {
        // Each position used to read the rest of the run again: hours for a megabyte.
        for text in [String(repeating: "1234567890", count: 100_000), "1" + String(repeating: ".234", count: 250_000)] {
            #expect(throws: InputError.tooLarge(String(text.prefix(text.hasPrefix("1.") ? 52 : 39)) + "…")) {
                try VoiceFixtures.words(text, "es-AR")
            }
        }
    }
}
