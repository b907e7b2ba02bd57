import LocutorCore
import Testing

@testable import LocutorPhonemes

@Suite struct MnemonicTableTests {
    @Test("Every shipped table loads with no diagnostic", arguments: ShippedMnemonicTables.voices)
    func shippedTablesLoad(voice: String) throws {
        let table = try ShippedMnemonicTables.table(voice)
        #expect(table.voice == voice)
        #expect(table.espeakVersion == "1.51")
        #expect(table.made?.count == 10)
        #expect(try table.mnemonics(for: "ˈˌː.") == "',:|")
        #expect(table.fallbacks.allSatisfy { !$0.why.isEmpty && $0.says != nil })
    }

    @Test(
        "Converts hints into what eSpeak reads inside [[…]]",
        arguments: [
            // es-419: the hints of the design, the tap and the trill, ʝ, seseo, a loanword's ʃ
            ("es-419", "ˈof", "'of"),
            ("es-419", "ˈful", "f'ul"),
            ("es-419", "ˈblak ˈfɾaiðei", "bl'ak f**'aiDei"),
            ("es-419", "ˈpeɾo", "p'e**o"),
            ("es-419", "ˈpero", "p'eR2o"),
            ("es-419", "kaˈʝe", "kaJ^'e"),
            ("es-419", "ˈθena", "s'ena"),
            ("es-419", "ˈʃou", "S'ou"),
            // es: θ and ʎ of Spain
            ("es", "ˈθena", "T'ena"),
            ("es", "ˈkaʎe", "k'al^e"),
            ("es", "ˈxamon", "x'amon"),
            // pt-br: the nasals and the reduced vowels, written the usual way
            ("pt-br", "ˈkazɐ", "k'az&"),
            ("pt-br", "ˈpɐ̃w̃", "p'&U~"),
            ("pt-br", "ˈmɐ̃j̃", "m'&~y"),
            ("pt-br", "ˈbẽj̃", "b'eIN"),
            ("pt-br", "ˈtẽpʊ", "t'e~pU"),
            ("pt-br", "siˈdadʒɪ", "sid'adZy"),
            // en-us: diphthongs, long vowels, the flap, r-coloured vowels
            ("en-us", "ˈpɹaɪs", "pr'aIs"),
            ("en-us", "ˈwɔːɾɚ", "w'O:t#3"),
            ("en-us", "ˈθɪŋk", "T'INk"),
            ("en-us", "ˈdɑːlɚz", "d'0l3z"),
            // ru: soft consonants, the reduced vowel before the stress (V#, not V), ч and ш; the
            // stress stays in front of a symbol that holds its vowel (ja)
            ("ru", "ˈpʲatʲ", "p;'a#t;"),
            ("ru", "mʌlʌˈko", "mV#lV#k'o"),
            ("ru", "məlɐˈko", "m@lV#k'o"),
            ("ru", "tɕas", "tS;a#s"),
            ("ru", "ˈʂapkə", "S'a#pk@"),
            ("ru", "ˈmɨ", "m'y"),
            ("ru", "ˈjabləkə", "'jabl@k@"),
            // fr-be: nasal vowels, ʁ, ɥ
            ("fr-be", "bɔ̃ˈʒuʁ", "bO~Z'ur"),
            ("fr-be", "sɛpˈtɑ̃t", "sEpt'A~t"),
            ("fr-be", "ɥit", "yit"),
            ("fr-be", "sɑ̃ˈdwitʃ", "sA~dw'itS"),
            // nl: ɣ, ʋ, long vowels, diphthongs
            ("nl", "ˈɣut", "Q'ut"),
            ("nl", "ˈʋaːtər", "v#'a:t@r"),
            ("nl", "ˈɦœys", "h'Wys"),
            ("nl", "ˈvɛɪf", "v'EIf"),
        ])
    func converts(voice: String, hint: String, expected: String) throws {
        let table = try ShippedMnemonicTables.table(voice)
        #expect(try table.mnemonics(for: hint) == expected)
    }

    @Test("Skips tie bars, makes a syllable dot eSpeak's |, keeps one space between words")
    func marks() throws {
        let table = try ShippedMnemonicTables.table("es-419")
        #expect(try table.mnemonics(for: "ˈt͡ʃiko") == "tS'iko")
        #expect(try table.mnemonics(for: "ˈt͜ʃiko") == "tS'iko")
        #expect(try table.mnemonics(for: "ˈpa.is") == "p'a|is")
        #expect(try table.mnemonics(for: "  ˈblak \n ˈfɾaiðei  ") == "bl'ak f**'aiDei")
        #expect(try table.mnemonics(for: "ˈpaːs") == "p'a:s")
        #expect(try table.mnemonics(for: "") == "")
    }

    @Test("Puts a stress mark on the syllable's vowel, where eSpeak writes it")
    func stressOnNucleus() throws {
        let table = try ShippedMnemonicTables.table("es-419")
        #expect(try table.mnemonics(for: "ˈblak") == "bl'ak")
        #expect(try table.mnemonics(for: "blˈak") == "bl'ak")
        #expect(try table.mnemonics(for: "ˌeksˈtɾa") == ",ekst**'a")
        #expect(try table.mnemonics(for: "ˈst") == "'st")
        #expect(try table.mnemonics(for: "ˈ st") == "' st")
    }

    @Test("Reads a nasal vowel the same whether its tilde is precomposed or combining")
    func canonicalEquivalence() throws {
        let table = try ShippedMnemonicTables.table("pt-br")
        #expect(try table.mnemonics(for: "ˈt\u{1EBD}pʊ") == "t'e~pU")
        #expect(try table.mnemonics(for: "ˈte\u{0303}pʊ") == "t'e~pU")
    }

    @Test("Writes | between two mnemonics that eSpeak would read as one longer phoneme")
    func separatesFusingMnemonics() throws {
        let table = try MnemonicTable(
            yaml: """
                voice: "en-us"
                espeak: "1.51"
                marks:
                  "ˈ": "'"
                phonemes:
                  "a": "a"
                  "i": "I"
                  "aɪ": "aI"
                  "p": "p"
                """, origin: "inline.yaml")
        #expect(try table.mnemonics(for: "paɪ") == "paI")
        #expect(try table.mnemonics(for: "pai") == "pa|I")
        #expect(try table.mnemonics(for: "ˈpai") == "p'a|I")
    }

    @Test("Writes a hint's fallback symbols as eSpeak says them back, for the round-trip check")
    func spokenIPA() throws {
        let portuguese = try ShippedMnemonicTables.table("pt-br")
        // `espeak-ng -v pt-br -q --ipa "[[k'az&]]"` prints kˈazæ
        #expect(try portuguese.spokenIPA(for: "ˈkazɐ") == "ˈkazæ")
        #expect(try portuguese.spokenIPA(for: "ˈpɐ̃w̃ siˈdadʒɪ") == "ˈpɐ̃ʊ̃ siˈdadʒy")
        #expect(IPANormalization.normalize(try portuguese.spokenIPA(for: "ˈkazɐ")) == IPANormalization.normalize("kˈazæ"))
        let spanish = try ShippedMnemonicTables.table("es-419")
        #expect(try spanish.spokenIPA(for: "ˈθena") == "ˈsena")
        #expect(try spanish.spokenIPA(for: "ˈt͡ʃiko") == "ˈtʃiko")
        #expect(throws: MnemonicError.unknownSymbol("ã", offset: 2, voice: "es-419")) {
            try spanish.spokenIPA(for: "ˈpãw")
        }
    }

    @Test("Names the first symbol with no mnemonic, where it is, and the voice")
    func unknownSymbol() throws {
        let table = try ShippedMnemonicTables.table("es-419")
        #expect(throws: MnemonicError.unknownSymbol("ã", offset: 2, voice: "es-419")) {
            try table.mnemonics(for: "ˈpãw")
        }
        do {
            _ = try table.mnemonics(for: "ˈpãw")
            Issue.record("ã has no mnemonic in es-419")
        } catch {
            #expect(
                error.description == "the IPA symbol 'ã' at offset 2 has no eSpeak mnemonic for the voice es-419 — "
                    + "write the hint with the symbols of voices/espeak/es-419.yaml, or add a fallback there")
        }
    }

    @Test("Counts the offset in characters as written, tie bars and diacritics included")
    func offsetsInCharacters() throws {
        let table = try ShippedMnemonicTables.table("es-419")
        #expect(throws: MnemonicError.unknownSymbol("ɐ̃", offset: 4, voice: "es-419")) {
            try table.mnemonics(for: "t͡ʃaˈɐ̃")
        }
        #expect(throws: MnemonicError.unknownSymbol("R", offset: 1, voice: "es-419")) {
            try table.mnemonics(for: "ˈRo")
        }
    }
}
