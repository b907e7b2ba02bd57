import LocutorCore
import Testing

@testable import LocutorPhonemes

@Suite struct MnemonicIPANormalizationTests {
    @Test(
        "Moves a stress mark from the syllable's onset to its vowel, as eSpeak writes it",
        arguments: [
            ("ˈblak ˈfɾaiðei", "blˈak fɾˈaiðei"),
            ("ˈpʲatʲ", "pʲˈatʲ"),
            ("ˈstɹɪŋ", "stɹˈɪŋ"),
            ("məlɐˈko", "məlɐkˈo"),
            ("ˌoʊvɚ", "ˌoʊvɚ"),
            ("ˈɛkspɚˌmɛnt", "ˈɛkspɚmˌɛnt"),
            ("ˈbʌʔn̩", "bˈʌʔn̩"),
            ("bˈʌʔˈn̩", "bˈʌʔˈn̩"),
            ("ˈst", "ˈst"),
        ])
    func stress(hint: String, normalized: String) {
        #expect(IPANormalization.normalize(hint) == normalized)
    }

    @Test("Drops tie bars and syllable dots, spells g as ɡ, composes diacritics, tidies spaces")
    func writing() {
        #expect(IPANormalization.normalize("ˈt͡ʃiko") == "tʃˈiko")
        #expect(IPANormalization.normalize("ˈd͜ʒʌmp") == "dʒˈʌmp")
        #expect(IPANormalization.normalize("ˈfɾai.ðei") == "fɾˈaiðei")
        #expect(IPANormalization.normalize("ˈgol") == "ɡˈol")
        #expect(IPANormalization.normalize("ˈte\u{0303}pʊ") == "tˈ\u{1EBD}pʊ")
        #expect(IPANormalization.normalize("  ˈof \n\t ˈful  ") == "ˈof fˈul")
        #expect(IPANormalization.normalize("") == "")
    }

    @Test("Keeps what changes the sound: secondary stress, length, every symbol")
    func keeps() {
        #expect(IPANormalization.normalize("ˌof") != IPANormalization.normalize("ˈof"))
        #expect(IPANormalization.normalize("ˈbɑt") != IPANormalization.normalize("ˈbɑːt"))
        #expect(IPANormalization.normalize("ˈkazɐ") != IPANormalization.normalize("kˈazæ"))
        #expect(IPANormalization.normalize("ˈpeɾo") != IPANormalization.normalize("ˈpero"))
        #expect(IPANormalization.normalize("ˈblak") != IPANormalization.normalize("blak"))
    }

    @Test("A hint and eSpeak's IPA for its mnemonics compare equal when they say the same")
    func roundTrip() {
        // es-419: the hint, and what `espeak-ng -v es-419 -q --ipa "[['blak 'f**aiDei]]"` prints
        #expect(IPANormalization.normalize("ˈblak ˈfɾai.ðei") == IPANormalization.normalize("blˈak fɾˈaiðei"))
        // ru: [['p;a#t;]] is printed pʲˈatʲ
        #expect(IPANormalization.normalize("ˈpʲatʲ") == IPANormalization.normalize("pʲˈatʲ"))
        // es-419: eSpeak says an intervocalic d as ð, so this hint does not round-trip
        #expect(IPANormalization.normalize("ˈfɾaidei") != IPANormalization.normalize("fɾˈaiðei"))
    }
}
