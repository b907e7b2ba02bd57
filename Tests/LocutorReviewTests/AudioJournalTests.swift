import Foundation
import Testing

@testable import LocutorReview

@Suite struct AudioJournalTests {
    static func record(_ wav: String, key: String = "k", ipa: String = "mˈil pˈesos") -> Renderer.AudioRecord {
        Renderer.AudioRecord(
            wav: wav, key: key, ipa: ipa, duration: 1.25, sha256: String(repeating: "a", count: 64), size: 4410, modified: 1_764_170_000.123
        )
    }

    @Test("A line per record, read back the same; the last line for a WAV counts")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        let journal = AudioJournal(folder: folder.url)
        // Every character JSON escapes, and some it does not.
        let ipa = "a\"b\\c/d\ne\tf\r\u{1}\u{1F}\u{7F} é\u{2028}"
        try journal.append(Self.record("es-AR/a.wav", ipa: ipa))
        try journal.append(Self.record("es-AR/b.wav"))
        try journal.append(Self.record("es-AR/a.wav", key: "newer"))
        let again = AudioJournal(folder: folder.url)
        #expect(again.record(for: "es-AR/a.wav") == Self.record("es-AR/a.wav", key: "newer"))
        #expect(again.record(for: "es-AR/b.wav") == Self.record("es-AR/b.wav"))
        #expect(again.record(for: "es-AR/c.wav") == nil)
        let lines = try String(contentsOf: folder.url.appendingPathComponent(AudioJournal.name), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        let first = try JSONDecoder().decode(Renderer.AudioRecord.self, from: Data(lines[0].utf8))
        #expect(first == Self.record("es-AR/a.wav", ipa: ipa))
    }

    @Test("A line cut short by a killed run is skipped, and the next record starts on a line of its own")
    func cutShort() throws {
        let folder = try TemporaryFolder()
        try AudioJournal(folder: folder.url).append(Self.record("es-AR/a.wav"))
        let path = folder.url.appendingPathComponent(AudioJournal.name)
        let handle = try FileHandle(forWritingTo: path)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"wav":"es-AR/b.wav","key":"#.utf8))
        try handle.close()
        let journal = AudioJournal(folder: folder.url)
        #expect(journal.record(for: "es-AR/a.wav") != nil)
        #expect(journal.record(for: "es-AR/b.wav") == nil)
        try journal.append(Self.record("es-AR/c.wav"))
        let again = AudioJournal(folder: folder.url)
        #expect(again.all.map(\.wav).sorted() == ["es-AR/a.wav", "es-AR/c.wav"])
    }

    @Test("A journal with more than twice as many lines as WAVs is rewritten with one line per WAV, sorted")
    func compaction() throws {
        let folder = try TemporaryFolder()
        let journal = AudioJournal(folder: folder.url)
        for round in 0..<30 {
            for name in ["b", "a", "c"] { try journal.append(Self.record("es-AR/\(name).wav", key: "\(round)")) }
        }
        try journal.compactIfLong()
        let text = try String(contentsOf: folder.url.appendingPathComponent(AudioJournal.name), encoding: .utf8)
        #expect(text.split(separator: "\n").count == 3)
        let again = AudioJournal(folder: folder.url)
        #expect(again.all.map(\.wav).sorted() == ["es-AR/a.wav", "es-AR/b.wav", "es-AR/c.wav"])
        #expect(again.record(for: "es-AR/b.wav")?.key == "29")
        #expect(text.hasPrefix(#"{"wav":"es-AR/a.wav""#))
    }
}
