import Foundation
import LocutorCore
import LocutorPhonemes
import LocutorSpeech

/// What a catalog says now, in words and phonemes, against its goldens.
package enum PhonemeDiff {
    package struct Failure: Sendable {
        package let key: GoldenFile.Key
        package let location: SourceLocation
        package let message: String
    }

    /// The words and phonemes of every item of a catalog, computed without synthesizing audio
    /// (`espeak_TextToPhonemes`, which agrees exactly with the transcript of synthesis).
    ///
    /// The samples are said on another thread (the regions' data loaded first, on every core)
    /// while this one transcribes what is said, in catalog order: eSpeak NG transcribes one text
    /// at a time, and saying a sample costs about as much as transcribing it.
    package static func current(catalog: Catalog, library: RegionLibrary, engine: SpeechEngine, form: Renderer.Form)
        -> (lines: [GoldenFile.Key: GoldenFile.Line], failures: [Failure], unread: [GoldenFile.Key: [String]])
    {
        let items = catalog.items
        let said = BoundedQueue<Said>(capacity: 256)
        let sayer = DispatchGroup()
        Thread.startSaying(in: sayer) {
            let utterances = Utterances(library: library)
            utterances.preload(items.map(\.region))
            for (sample, region) in items {
                let key = GoldenFile.Key(id: sample.id, region: region.rawValue)
                let item: Said
                do {
                    let profile = try library.profile(region)
                    let utterance = try utterances.utterance(of: sample, in: region)
                    let text = try utterance.espeakInput(
                        label: form == .label, mnemonics: try library.mnemonicTable(forVoice: profile.voice.name))
                    item = Said(
                        key: key, location: sample.location,
                        outcome: .success(
                            Speakable(
                                words: form == .label ? utterance.label : utterance.words, text: try SpeechText(text),
                                voice: VoiceSelection(name: profile.voice.name, variant: profile.voice.variant),
                                unread: utterance.segments.filter(\.isUnread).map { $0.unreadText ?? $0.words })))
                } catch {
                    item = Said(key: key, location: sample.location, outcome: .failure(Described(description: "\(error)")))
                }
                guard said.put(item) else { break }
            }
            said.close()
        }
        var lines: [GoldenFile.Key: GoldenFile.Line] = [:]
        var failures: [Failure] = []
        var unread: [GoldenFile.Key: [String]] = [:]
        while let item = said.take() {
            do {
                let speakable = try item.outcome.get()
                let ipa = try engine.transcribe(speakable.text, voice: speakable.voice)
                lines[item.key] = GoldenFile.Line(words: speakable.words, ipa: ipa.text)
                if !speakable.unread.isEmpty { unread[item.key] = speakable.unread }
            } catch {
                failures.append(Failure(key: item.key, location: item.location, message: "\(error)"))
            }
        }
        sayer.wait()
        return (lines, failures, unread)
    }

    /// A sample as said, ready to transcribe, or why it cannot be.
    private struct Said: @unchecked Sendable {
        let key: GoldenFile.Key
        let location: SourceLocation
        let outcome: Result<Speakable, Described>
    }

    private struct Speakable {
        let words: String
        let text: SpeechText
        let voice: VoiceSelection
        let unread: [String]
    }

    /// An error already worded (what the sayer caught, as it describes itself).
    private struct Described: Error, CustomStringConvertible {
        let description: String
    }

    package struct Change: Equatable, Sendable {
        package enum Kind: String, Sendable { case changed, added, removed }
        package let key: GoldenFile.Key
        package let kind: Kind
        package let before: GoldenFile.Line?
        package let after: GoldenFile.Line?
    }

    /// Every difference, in key order.
    package static func compare(golden: [GoldenFile.Key: GoldenFile.Line], current: [GoldenFile.Key: GoldenFile.Line]) -> [Change] {
        Set(golden.keys).union(current.keys).sorted().compactMap { key in
            switch (golden[key], current[key]) {
            case let (before?, after?): before == after ? nil : Change(key: key, kind: .changed, before: before, after: after)
            case let (nil, after?): Change(key: key, kind: .added, before: nil, after: after)
            case let (before?, nil): Change(key: key, kind: .removed, before: before, after: nil)
            case (nil, nil): nil
            }
        }
    }

    /// The report `locutor diff` prints: each change, keyed, with a word-level diff, then the summary.
    package static func report(_ changes: [Change], total: Int) -> [String] {
        var lines: [String] = []
        for change in changes {
            switch change.kind {
            case .changed:
                lines.append("changed \(change.key)")
                if let before = change.before, let after = change.after {
                    if before.words != after.words { lines.append("  words: " + wordDiff(before.words, after.words)) }
                    if before.ipa != after.ipa { lines.append("  ipa:   " + wordDiff(before.ipa, after.ipa)) }
                }
            case .added:
                lines.append("added \(change.key)")
                if let after = change.after {
                    lines.append("  words: \(after.words)")
                    lines.append("  ipa:   \(after.ipa)")
                }
            case .removed:
                lines.append("removed \(change.key)")
            }
        }
        lines.append(summary(changes, total: total))
        return lines
    }

    package static func summary(_ changes: [Change], total: Int) -> String {
        let count = { (kind: Change.Kind) in changes.filter { $0.kind == kind }.count }
        return "\(count(.changed)) changed, \(count(.added)) added, \(count(.removed)) removed of \(total)"
    }

    /// One run of a word-level diff: words both sides share, or words only one side has.
    package enum WordRun: Equatable, Sendable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// A word-level diff in git's style: removed words in [-…-], added words in {+…+}.
    ///
    /// Reads as wordDiff("mil pesos", "dos mil pesos") == "{+dos+} mil pesos".
    package static func wordDiff(_ before: String, _ after: String) -> String {
        wordRuns(before, after).map { run in
            switch run {
            case let .same(words): words
            case let .removed(words): "[-" + words + "-]"
            case let .added(words): "{+" + words + "+}"
            }
        }.joined(separator: " ")
    }

    /// The runs of the word-level diff from `before` to `after`: the standard library's
    /// `difference(from:)` (a shortest edit script) grouped into runs; where both sides differ,
    /// the removed run comes first.
    package static func wordRuns(_ before: String, _ after: String) -> [WordRun] {
        let a = before.split(separator: " ").map(String.init)
        let b = after.split(separator: " ").map(String.init)
        var removedAt: Set<Int> = []
        var addedAt: Set<Int> = []
        for change in b.difference(from: a) {
            switch change {
            case let .remove(offset, _, _): removedAt.insert(offset)
            case let .insert(offset, _, _): addedAt.insert(offset)
            }
        }
        var runs: [WordRun] = []
        var same: [String] = []
        var removed: [String] = []
        var added: [String] = []
        func flush() {
            if !same.isEmpty { runs.append(.same(same.joined(separator: " "))) }
            if !removed.isEmpty { runs.append(.removed(removed.joined(separator: " "))) }
            if !added.isEmpty { runs.append(.added(added.joined(separator: " "))) }
            same = []
            removed = []
            added = []
        }
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, removedAt.contains(i) {
                if !same.isEmpty { flush() }
                removed.append(a[i])
                i += 1
            } else if j < b.count, addedAt.contains(j) {
                if !same.isEmpty { flush() }
                added.append(b[j])
                j += 1
            } else {
                if !removed.isEmpty || !added.isEmpty { flush() }
                same.append(a[i])
                i += 1
                j += 1
            }
        }
        flush()
        return runs
    }
}
