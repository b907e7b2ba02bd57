import LocutorCore

/// A voice's IPA → eSpeak mnemonic table, read from voices/espeak/<voice>.yaml.
///
/// eSpeak NG ignores SSML `<phoneme alphabet="ipa">`: it reads its own ASCII phoneme
/// mnemonics inside `[[…]]`, and an unknown mnemonic silently cuts the rest of the word. The
/// table turns a hint's IPA into those mnemonics with facts derived from eSpeak itself by
/// scripts/espeak/derive-mnemonics (its header says which eSpeak, when and how).
///
/// ```swift
/// let table = try MnemonicTable(yaml: text, origin: "voices/espeak/es-419.yaml")
/// try table.mnemonics(for: "ˈof")            // "'of": eSpeak says [['of]] as /ˈof/
/// try table.mnemonics(for: "ˈblak ˈfɾaiðei") // "bl'ak f**'aiDei", as `espeak-ng -x` writes it
/// ```
package struct MnemonicTable: Sendable {
    /// A mapping written by hand for a symbol that eSpeak never writes for the voice.
    package struct Fallback: Hashable, Sendable {
        /// The IPA symbol a hint may use, such as `ɐ` in Brazilian Portuguese.
        package let ipa: String
        /// The eSpeak mnemonics it becomes, such as `&`.
        package let mnemonics: String
        /// Why the symbol needs a hand-made mapping.
        package let why: String
        /// How eSpeak's IPA writes the mnemonics back (`æ` for `&`), when the file says it:
        /// a hint that uses the fallback comes back from eSpeak with this instead of `ipa`.
        package let says: String?

        package init(ipa: String, mnemonics: String, why: String, says: String?) {
            self.ipa = ipa
            self.mnemonics = mnemonics
            self.why = why
            self.says = says
        }
    }

    /// The eSpeak voice the table is for, such as `es-419`.
    package let voice: String
    /// The eSpeak NG version the table was derived from, such as `1.51`.
    package let espeakVersion: String
    /// The day the table last changed, as the file says it (`2026-11-21`), if it says it.
    package let made: String?
    /// The hand-made mappings, in file order.
    package let fallbacks: [Fallback]

    /// IPA symbol (stress marks, length and the syllable break included) → mnemonics.
    let mnemonicsBySymbol: [String: String]
    /// The longest IPA symbol, in characters.
    let longestSymbol: Int
    /// The multi-letter phonemes of the table (marks, phonemes and inventory, which eSpeak
    /// wrote one phoneme at a time; a fallback may be a sequence such as `eIN`): two mnemonics
    /// written together that could read as one of these get eSpeak's separator `|` between them.
    let multiLetterMnemonics: Set<String>

    init(
        voice: String, espeakVersion: String, made: String?, mnemonicsBySymbol: [String: String],
        fallbacks: [Fallback]
    ) {
        self.voice = voice
        self.espeakVersion = espeakVersion
        self.made = made
        self.fallbacks = fallbacks
        self.mnemonicsBySymbol = mnemonicsBySymbol
        self.longestSymbol = mnemonicsBySymbol.keys.map(\.count).max() ?? 0
        let handMade = Set(fallbacks.map(\.ipa))
        self.multiLetterMnemonics = Set(mnemonicsBySymbol.filter { !handMade.contains($0.key) && $0.value.count > 1 }.values)
    }

    /// Converts an IPA transcription to mnemonics by longest match (multi-symbol IPA like "tʃ", "aɪ" first).
    ///
    /// Reads as: `mnemonics(for: "ˈof") == "'of"` on es-419, and `mnemonics(for: "ˈblak")
    /// == "bl'ak"`. Stress marks, length and the syllable break are symbols of the table like
    /// any other (`ˈ` → `'`, `ː` → `:`, `.` → `|`); tie bars (`t͡ʃ`) are skipped; a run of
    /// spaces is one space, so each word of the hint is a word for eSpeak.
    ///
    /// Two things are not plain lookups, both because of how eSpeak reads `[[…]]`:
    /// - A stress mark goes on to the syllable's nucleus, where eSpeak writes it (`bl'ak`):
    ///   before an onset eSpeak does not always carry it over (fr-be says `[[sA~'dwitS]]` with
    ///   the stress on ɑ̃). A symbol that holds its vowel, such as Russian `ja`, keeps it in front.
    /// - Where two mnemonics written together could read as one longer phoneme of the table,
    ///   eSpeak's separator `|` goes between them (`ai` → `a|I` when `aI` is a diphthong).
    ///
    /// - Parameter ipa: The hint, such as `ˈblak ˈfɾaiðei`.
    /// - Returns: What goes inside `[[…]]`, such as `bl'ak f**'aiDei`; empty for an empty hint.
    /// - Throws: `MnemonicError.unknownSymbol(symbol, offset, voice)` naming the first IPA
    ///   symbol with no mapping and how many characters precede it.
    package func mnemonics(for ipa: String) throws(MnemonicError) -> String {
        var pieces: [String] = []
        for symbol in Self.stressOnNucleus(try symbols(in: ipa)) {
            guard let symbol else {
                if let last = pieces.last, last != " " { pieces.append(" ") }
                continue
            }
            if let previous = pieces.last, previous != " ", fuses(previous, symbol.mnemonics) {
                pieces.append(PhonemeCharacters.mnemonicSeparator)
            }
            pieces.append(symbol.mnemonics)
        }
        if pieces.last == " " { pieces.removeLast() }
        return pieces.joined()
    }

    /// The IPA eSpeak should write back for the hint's mnemonics: the hint with each fallback
    /// symbol written as eSpeak says it (`says` in the file).
    ///
    /// Reads as: `spokenIPA(for: "ˈkazɐ") == "ˈkazæ"` on pt-br, because eSpeak writes the `&`
    /// of `ɐ` as `æ`. A round-trip check compares eSpeak's IPA with this rather than with the
    /// hint, both through `IPANormalization.normalize`, so that a hint is not failed for a
    /// symbol eSpeak merely writes its own way; symbols without a fallback stay as written.
    ///
    /// - Throws: `MnemonicError.unknownSymbol` as `mnemonics(for:)` does.
    package func spokenIPA(for ipa: String) throws(MnemonicError) -> String {
        let says = Dictionary(
            fallbacks.compactMap { fallback in fallback.says.map { (fallback.ipa, $0) } },
            uniquingKeysWith: { first, _ in first })
        return try symbols(in: ipa).map { symbol in symbol.map { says[$0.ipa] ?? $0.ipa } ?? " " }.joined()
    }

    /// The hint's symbols with their mnemonics, longest first; nil stands for a space between words.
    private func symbols(in ipa: String) throws(MnemonicError) -> [(ipa: String, mnemonics: String)?] {
        let written = Array(ipa)
        // Tie bars combine with the letter before them, so removing them keeps the offsets.
        var characters: [(offset: Int, text: String)] = []
        for (offset, character) in written.enumerated() {
            let text = PhonemeCharacters.removingTieBars(String(character))
            if !text.isEmpty { characters.append((offset, text)) }
        }
        var symbols: [(ipa: String, mnemonics: String)?] = []
        var index = 0
        while index < characters.count {
            if characters[index].text.allSatisfy(\.isWhitespace) {
                if let last = symbols.last, last != nil { symbols.append(nil) }
                index += 1
                continue
            }
            var matched = false
            for length in stride(from: min(longestSymbol, characters.count - index), through: 1, by: -1) {
                let symbol = characters[index..<index + length].map(\.text).joined()
                if let mnemonics = mnemonicsBySymbol[symbol] {
                    symbols.append((symbol, mnemonics))
                    index += length
                    matched = true
                    break
                }
            }
            if !matched {
                let offset = characters[index].offset
                throw .unknownSymbol(String(written[offset]), offset: offset, voice: voice)
            }
        }
        if let last = symbols.last, last == nil { symbols.removeLast() }
        return symbols
    }

    /// The symbols with each run of stress marks moved past the onset that follows it, in
    /// front of the first symbol of its word that holds a nucleus; a run with no nucleus after
    /// it stays.
    static func stressOnNucleus(_ symbols: [(ipa: String, mnemonics: String)?]) -> [(ipa: String, mnemonics: String)?] {
        func isStress(_ symbol: (ipa: String, mnemonics: String)?) -> Bool {
            symbol.map { $0.ipa.count == 1 && PhonemeCharacters.stressMarks.contains(Character($0.ipa)) } ?? false
        }
        func hasNucleus(_ symbol: (ipa: String, mnemonics: String)?) -> Bool {
            symbol.map { $0.ipa.contains(where: PhonemeCharacters.isNucleus) } ?? false
        }
        var result = symbols
        var index = 0
        while index < result.count {
            guard isStress(result[index]) else {
                index += 1
                continue
            }
            var afterMarks = index
            while afterMarks < result.count, isStress(result[afterMarks]) { afterMarks += 1 }
            var nucleus = afterMarks
            while nucleus < result.count, result[nucleus] != nil, !isStress(result[nucleus]), !hasNucleus(result[nucleus]) {
                nucleus += 1
            }
            if nucleus < result.count, hasNucleus(result[nucleus]), nucleus > afterMarks {
                let marks = Array(result[index..<afterMarks])
                result.removeSubrange(index..<afterMarks)
                result.insert(contentsOf: marks, at: nucleus - marks.count)
            }
            index = max(nucleus, afterMarks)
        }
        return result
    }

    /// Whether eSpeak, reading `first` then `second` written together, could take a longer
    /// phoneme of the table than `first` (it reads the longest mnemonic it knows).
    private func fuses(_ first: String, _ second: String) -> Bool {
        let joined = first + second
        return multiLetterMnemonics.contains { mnemonic in
            mnemonic.count > first.count && (joined.hasPrefix(mnemonic) || mnemonic.hasPrefix(joined))
        }
    }
}
