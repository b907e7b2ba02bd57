import ArgumentParser
import Foundation
import LocutorCore
import LocutorPhonemes
import LocutorSpeech

/// `locutor lexicon`: the pronunciation hints and the data around them.
struct Lexicon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lexicon",
        abstract: "Check the voices data and prove every pronunciation hint is spoken as written.",
        subcommands: [Check.self])

    struct Check: LocutorCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate voices/ and prove each IPA hint round-trips on its eSpeak NG voice.",
            discussion: """
                Loads every region (schema, patterns, rule sets), checks that the languages agree on \
                currencies, units and named patterns and that the regions of a language add the same \
                entries, that each region's eSpeak voice resolves and its mnemonic table matches the \
                engine's version, then speaks every hint from its mnemonics and compares eSpeak's IPA \
                with the hint after IPANormalization (stress placement, tie bars, syllable dots). \
                Prints each failure with file:line and ends with 'hints: N of M round-trip'. \
                Exit status 0 only when everything passes; 1 when something does not; 2 when the data \
                cannot be read.
                """)

        @OptionGroup var voices: DataOptions

        func execute(_ console: Console) throws {
            let library = try voices.library()
            let profiles = try library.allProfiles()
            let report = try LexiconCheck(library: library, profiles: profiles, engine: try SpeechEngine.shared()).run()
            // Like every other command: a problem is an "error:" line on standard error, with its
            // file:line:column; the summary is the output. Exit 1: the check found problems
            // (as diff exits 1 on changes); 2: the data could not be read at all.
            for problem in report.problems { console.error("error: \(problem)") }
            try console.output("hints: \(report.roundTrips) of \(report.hints) round-trip")
            if !report.problems.isEmpty { throw ExitCode(1) }
        }
    }
}

/// The checks of `locutor lexicon check`, kept apart from the command so tests can run them.
struct LexiconCheck {
    let library: RegionLibrary
    let profiles: [RegionProfile]
    let engine: SpeechEngine

    struct Report {
        var problems: [String] = []
        var hints = 0
        var roundTrips = 0
    }

    func run() throws -> Report {
        var report = Report()
        report.problems += parityProblems()
        var checked: Set<String> = []
        for profile in profiles.sorted(by: { $0.id < $1.id }) {
            let voice = VoiceSelection(name: profile.voice.name, variant: profile.voice.variant)
            guard engine.resolves(voice) else {
                report.problems.append(
                    "\(profile.voice.location): the voice '\(voice)' of \(profile.id) does not resolve in eSpeak NG \(engine.version) — 'locutor voices' lists those that do"
                )
                continue
            }
            guard let table = try library.mnemonicTable(forVoice: profile.voice.name) else {
                report.problems.append(
                    "\(profile.voice.location): there is no mnemonic table for the voice \(profile.voice.name) — run scripts/espeak/derive-mnemonics to write voices/espeak/\(profile.voice.name).yaml"
                )
                continue
            }
            if table.espeakVersion != engine.version {
                report.problems.append(
                    "\(library.displayName("espeak/\(table.voice).yaml")):1:1: the table was derived from eSpeak NG \(table.espeakVersion), the engine is \(engine.version) — run scripts/espeak/derive-mnemonics again"
                )
            }
            for entry in profile.writing.lexicon where checked.insert("\(entry.location)|\(voice)").inserted {
                report.hints += 1
                if let problem = try roundTrip(entry, voice: voice, table: table) {
                    report.problems.append(problem)
                } else {
                    report.roundTrips += 1
                }
            }
        }
        return report
    }

    /// Speaks a hint from its mnemonics and compares what eSpeak says with it; nil when they agree.
    func roundTrip(_ entry: LexiconEntry, voice: VoiceSelection, table: MnemonicTable) throws -> String? {
        let mnemonics: String
        let expected: String
        do {
            mnemonics = try table.mnemonics(for: entry.ipa)
            expected = try table.spokenIPA(for: entry.ipa)
        } catch {
            return HintError(term: entry.term, ipa: entry.ipa, voice: voice.description, problem: error, location: entry.location)
                .description
        }
        let spoken = try engine.transcribe(SpeechText("[[\(mnemonics)]]"), voice: voice).text
        guard IPANormalization.normalize(spoken) != IPANormalization.normalize(expected) else { return nil }
        return "\(entry.location): the hint for '\(entry.term)' /\(entry.ipa)/ does not round-trip on \(voice): "
            + "spoken as [[\(mnemonics)]], eSpeak says /\(spoken)/ where /\(expected)/ was expected — "
            + "write the IPA with the symbols of voices/espeak/\(voice.name).yaml"
    }

    /// Where the data disagrees with itself across languages and regions.
    func parityProblems() -> [String] {
        var problems: [String] = []
        let byLanguage = Dictionary(grouping: profiles) { $0.language }
        let languages = byLanguage.keys.sorted()
        func languageFile(_ language: String) -> String { library.displayName("\(language).yaml") + ":1:1" }
        // Every language names every currency, so any region can say any currency override.
        for language in languages {
            guard let profile = byLanguage[language]?.first else { continue }
            let missing = profile.listedCurrencies.subtracting(profile.currencies.keys).map(\.rawValue).sorted()
            if !missing.isEmpty {
                problems.append(
                    "\(languageFile(language)): the language has no words for \(missing.joined(separator: ", ")) — add them under currencies"
                )
            }
        }
        // The languages know the same named patterns and the same units: those most languages
        // have (a unit only one or two use is a local way of writing, such as Dutch "u").
        /// `covered`: what else of a language reads a key (a symbol said as a pause, say).
        func parity(
            _ what: String, shared: Bool = false, _ keys: (RegionProfile) -> Set<String>,
            covered: (RegionProfile) -> Set<String> = { _ in [] }
        ) {
            let sets = languages.compactMap { language in byLanguage[language]?.first.map { (language, keys($0), covered($0)) } }
            var all = sets.reduce(into: Set<String>()) { $0.formUnion($1.1) }
            if shared { all = all.filter { key in sets.filter { $0.1.contains(key) }.count * 2 > sets.count } }
            for (language, keys, covered) in sets {
                let missing = all.subtracting(keys).subtracting(covered).sorted()
                if !missing.isEmpty {
                    problems.append(
                        "\(languageFile(language)): the language has no \(what) \(missing.map { "'\($0)'" }.joined(separator: ", ")) that other languages have — add them, or the text stays unspoken there"
                    )
                }
            }
        }
        // Names starting with "_" are a language's own parts of other patterns.
        parity("pattern named") { Set($0.writing.patterns.compactMap(\.name).filter { !$0.hasPrefix("_") }) }
        parity(
            "unit", shared: true, { $0.writing.ownUnits },
            covered: { Set($0.writing.symbols.keys).union($0.writing.abbreviations.keys) })
        // The regions of a language add the same entries, or the language should hold them.
        for language in languages {
            guard let regions = byLanguage[language], regions.count > 1 else { continue }
            let added = regions.map { ($0.id, library.overrides(of: $0.id)) }
            let sections = Set(added.flatMap { $0.1.keys }).subtracting([
                "spellout", "patterns", "months", "months-genitive", "list-separator",
            ])
            for section in sections.sorted() {
                let all = added.reduce(into: Set<String>()) { $0.formUnion($1.1[section] ?? []) }
                for (id, overrides) in added {
                    let missing = all.subtracting(overrides[section] ?? []).sorted()
                    if !missing.isEmpty {
                        problems.append(
                            "\(library.displayName("\(id).yaml")):1:1: \(id) lacks the \(section) \(missing.map { "'\($0)'" }.joined(separator: ", ")) that other \(language) regions add — add them here, or move them to \(language).yaml"
                        )
                    }
                }
            }
        }
        return problems
    }
}
