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
            #expect(error.description
                == "voices/es-AR.yaml:\(line):12: {1} does not name a capture of the match (it has 0) — add a capture to match, or remove the reference")
        }
    }

    // MARK: Found by the price-component target

    @Test("SSML turns U+FFFE and U+FFFF into spaces: XML 1.0 cannot carry them, even escaped")
    func noncharactersInSSML() throws {
        #expect(Utterance.xmlEscaped("a\u{FFFE}b\u{FFFF}c<\u{FFFD}\u{FEFF}\u{F8FF}") == "a b c&lt;\u{FFFD}\u{FEFF}\u{F8FF}")
        let utterance = try VoiceFixtures.utterance("{\"price\": \"1\", \"suffix\": \"\u{FFFF}pr\"}", "en-US")
        #expect(utterance.ssml(language: "en-US")
            == "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"en-US\">one dollar  pr</speak>")
    }
}
