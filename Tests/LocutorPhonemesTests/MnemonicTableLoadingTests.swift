import LocutorCore
import Testing

@testable import LocutorPhonemes

@Suite struct MnemonicTableLoadingTests {
    /// The diagnostics of a table, one a line, or "" when it loads.
    func diagnostics(_ yaml: String) -> String {
        do {
            _ = try MnemonicTable(yaml: yaml, origin: "voices/espeak/broken.yaml")
            return ""
        } catch {
            return error.description
        }
    }

    @Test("Reports every problem of a table at once, with file:line:column and the fix")
    func everyProblem() {
        #expect(
            diagnostics(
                """
                voice: "es-419"
                espeak: "1.51"
                colour: red
                marks:
                  "ˈ": "'"
                phonemes:
                  "a": "a"
                  "A": "a"
                  "ʃ": "ʃ"
                  "o": ""
                  "e": "e e"
                  "ˈ": "'"
                fallbacks:
                  "ʃ":
                    espeak: "S"
                  "i":
                    espeak: "i"
                    why: "because"
                    colour: 1
                """) == """
                    voices/espeak/broken.yaml:3:1: unknown key 'colour' — use one of voice, espeak, made, marks, phonemes, inventory or fallbacks
                    voices/espeak/broken.yaml:8:3: 'A' is not an IPA symbol — write IPA (lowercase letters, IPA letters and diacritics, such as ʃ or ɐ̃), not eSpeak mnemonics or capitals
                    voices/espeak/broken.yaml:9:8: 'ʃ' is not eSpeak mnemonics: they are ASCII letters, digits and marks, without spaces or ] — write eSpeak's name for the sound (the table's other lines show them, such as S for ʃ)
                    voices/espeak/broken.yaml:10:8: 'o' has no mnemonics — write eSpeak's mnemonics after the colon, such as `"a": "a"`
                    voices/espeak/broken.yaml:11:8: 'e e' is not eSpeak mnemonics: they are ASCII letters, digits and marks, without spaces or ] — write eSpeak's name for the sound (the table's other lines show them, such as S for ʃ)
                    voices/espeak/broken.yaml:12:3: 'ˈ' is already listed on line 5 — keep one entry for each IPA symbol
                    voices/espeak/broken.yaml:14:3: the fallback 'ʃ' has no 'why' — add `why: "…"` saying why a hint needs this symbol
                    voices/espeak/broken.yaml:19:5: unknown key 'colour' in the fallback 'i' — use one of espeak, why or says
                    """)
    }

    @Test("Names YAML syntax errors where libYAML finds them")
    func syntax() {
        #expect(
            diagnostics("voice: es-419\nespeak: \"1.51\"\nphonemes:\n  \"a\": \"a\n") == """
                voices/espeak/broken.yaml:5:1: invalid YAML: found unexpected end of stream (while scanning a quoted scalar at line 4, column 8) — check the quotes, colons and indentation here
                """)
        #expect(
            diagnostics("voice: es-419\nphonemes: [\n") == """
                voices/espeak/broken.yaml:3:1: invalid YAML: did not find expected node content (while parsing a flow node at line 3, column 1) — check the quotes, colons and indentation here
                """)
        #expect(
            diagnostics("voice: es\nespeak: x\nphonemes:\n  a: a\n\u{7}") == """
                voices/espeak/broken.yaml:5:1: invalid YAML: control characters are not allowed — remove the control character or invalid text here
                """)
    }

    @Test("Reports a key repeated in one mapping where YAML finds it, like any syntax error")
    func repeatedKeys() {
        #expect(
            diagnostics(
                """
                voice: es-419
                espeak: "1.51"
                phonemes:
                  "a": "a"
                  "a": "b"
                  "e": "e"
                """) == """
                    voices/espeak/broken.yaml:4:3: 'a' appears more than once in the same mapping — keep one definition of each
                    """)
        #expect(
            diagnostics("voice: es-419\r\nespeak: \"1.51\"\r\nphonemes:\r\n  a: a\r\n  a: b\r\n  e: E E\r\n") == """
                voices/espeak/broken.yaml:4:3: 'a' appears more than once in the same mapping — keep one definition of each
                """)
        #expect(
            diagnostics("voice: es-419\nespeak: \"1.51\"\nphonemes: {a: a, a: b}\n") == """
                voices/espeak/broken.yaml:3:12: 'a' appears more than once in the same mapping — keep one definition of each
                """)
        // The same IPA symbol in two sections is no YAML error: the table reports it.
        #expect(
            diagnostics(
                """
                voice: es-419
                espeak: "1.51"
                phonemes:
                  "ɐ": "&"
                fallbacks:
                  "ɐ":
                    espeak: "&"
                    why: "casa"
                """) == """
                    voices/espeak/broken.yaml:6:3: 'ɐ' is already listed on line 4 — keep one entry for each IPA symbol
                    """)
    }

    @Test("Reports missing, empty and misshapen entries")
    func shapes() {
        #expect(
            diagnostics("") == """
                voices/espeak/broken.yaml:1:1: the file is empty — start with `voice: es-419` and `espeak: "1.51"` on their own lines
                """)
        #expect(
            diagnostics("- a\n- b\n") == """
                voices/espeak/broken.yaml:1:1: the file is not a table of keys — start with `voice: es-419` and `espeak: "1.51"` on their own lines
                """)
        #expect(
            diagnostics("made: today\n") == """
                voices/espeak/broken.yaml:1:1: the file has no 'voice' — add `voice: es-419` at the top level
                voices/espeak/broken.yaml:1:1: the file has no 'espeak' — add `espeak: "1.51"` at the top level
                voices/espeak/broken.yaml:1:1: the file has no 'phonemes' — add `phonemes:` at the top level, then one `"ipa": "mnemonics"` line per symbol
                """)
        #expect(
            diagnostics(
                """
                voice: ""
                espeak: [1]
                phonemes:
                  a: [a]
                  ? [b]
                  : c
                fallbacks:
                  ɐ: x
                  e:
                    espeak: ""
                    why:
                """) == """
                    voices/espeak/broken.yaml:1:8: 'voice' is empty or not text — write it as `voice: es-419`
                    voices/espeak/broken.yaml:2:9: 'espeak' is empty or not text — write it as `espeak: "1.51"`
                    voices/espeak/broken.yaml:4:6: the mnemonics of 'a' are not text — write them in quotes: `"a": "…"`
                    voices/espeak/broken.yaml:5:5: an entry of 'phonemes' has no IPA symbol — write the IPA symbol in quotes before the colon: `"a": "a"`
                    voices/espeak/broken.yaml:8:6: the fallback 'ɐ' has no `espeak` and `why` — write `espeak: "…"` and `why: "…"` indented under it
                    voices/espeak/broken.yaml:10:13: 'espeak' of the fallback 'e' is empty — add `espeak: "…"` with eSpeak's mnemonics for it
                    voices/espeak/broken.yaml:11:9: 'why' of the fallback 'e' is empty — add `why: "…"` saying why a hint needs this symbol
                    """)
    }

    @Test("Takes a nasal vowel with a combining tilde and its precomposed form as the same key")
    func canonicalDuplicates() {
        #expect(
            diagnostics("voice: pt-br\nespeak: \"1.51\"\nphonemes:\n  \"\u{1EBD}\": \"e~\"\ninventory:\n  \"e\u{0303}\": \"e~\"\n") == """
                voices/espeak/broken.yaml:6:3: 'ẽ' is already listed on line 4 — keep one entry for each IPA symbol
                """)
    }

    @Test("Reads the header and the fallbacks of a table")
    func reads() throws {
        let table = try MnemonicTable(
            yaml: """
                # a comment
                voice: "pt-br"
                espeak: "1.51"
                made: "2026-11-21"
                marks:
                  "ˈ": "'"
                phonemes:
                  "a": "a"
                inventory: {}
                fallbacks:
                  "ɐ":
                    espeak: "&"
                    why: "the final a of casa"
                    says: "æ"
                """, origin: "inline.yaml")
        #expect(table.voice == "pt-br")
        #expect(table.espeakVersion == "1.51")
        #expect(table.made == "2026-11-21")
        #expect(table.fallbacks == [MnemonicTable.Fallback(ipa: "ɐ", mnemonics: "&", why: "the final a of casa", says: "æ")])
        #expect(try table.mnemonics(for: "ˈaɐ") == "'a&")
    }
}
