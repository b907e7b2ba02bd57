import Testing

@testable import LocutorSpeech

@Suite struct SpeechTextTests {
    @Test("Rejects bytes that are not UTF-8 with the offset of the first bad one")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("ochocientos ".utf8) + [0xC3, 0x28] + Array(" pesos".utf8)
        #expect(throws: SpeechError.invalidUTF8(byteOffset: 12, bytes: [0xC3])) { _ = try SpeechText(utf8: bytes) }
        #expect(
            SpeechError.invalidUTF8(byteOffset: 12, bytes: [0xC3]).description
                == "the text is not valid UTF-8 at byte 12 (0xC3) — save or pass the text as UTF-8")
    }

    @Test(
        "Finds overlong forms, surrogates and truncated sequences",
        arguments: [
            ([0xC0, 0xAF], 0), ([0x61, 0xED, 0xA0, 0x80], 1), ([0x61, 0x62, 0xE2, 0x82], 2),
            ([0xF4, 0x90, 0x80, 0x80], 0), ([0x80], 0), ([0x61, 0xFF], 1),
        ] as [([UInt8], Int)])
    func invalidSequences(bytes: [UInt8], offset: Int) {
        #expect(SpeechText.firstInvalidUTF8Offset(in: bytes) == offset)
    }

    @Test("Accepts every well-formed text, four-byte characters included")
    func valid() throws {
        for text in ["R$ 1.299,90", "100 ₽", "до 1812", "😀 n°5", "\u{0}"] {
            #expect(SpeechText.firstInvalidUTF8Offset(in: Array(text.utf8)) == nil)
        }
        #expect(try SpeechText(utf8: Array("75 m²".utf8)).string == "75 m²")
    }

    @Test("An empty or blank text is an error, not silence")
    func empty() {
        #expect(throws: SpeechError.emptyText) { _ = try SpeechText("") }
        #expect(throws: SpeechError.emptyText) { _ = try SpeechText(" \n\t") }
        #expect(SpeechError.emptyText.description == "nothing to say: the text is empty — pass the words to speak")
    }
}
