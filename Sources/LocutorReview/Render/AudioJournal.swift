import Foundation
import LocutorFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the cache knows of the WAVs of an output folder: `.cache/audio.jsonl`, one line of JSON
/// per WAV written, appended once the WAV is renamed into place.
///
/// A line says what the WAV was made from (its cache key), what it says, and the size,
/// modification time and hash of the file as written; the last line for a WAV is the one that
/// counts. A run killed in the middle of a line leaves a line that does not read, which is
/// skipped: that WAV is made again. One file for the folder, not one per WAV: making a file is
/// the dearest thing a render does after speaking (on ext4 without a journal, every new file
/// searches past the inodes of the files a previous run removed).
final class AudioJournal: @unchecked Sendable {
    /// The journal's path inside an output folder.
    static let name = ".cache/audio.jsonl"

    private let path: String
    private let lock = NSLock()
    /// The records read when the journal was opened, by WAV path.
    private let records: [String: Renderer.AudioRecord]
    /// Lines in the file: read, and appended since.
    private var lines: Int
    /// The WAVs of the records appended since the journal was read, that it did not hold.
    private var added: Set<String> = []
    private var descriptor: Int32 = -1
    /// Whether the file ends in the middle of a line (a run killed while appending).
    private var unterminated: Bool

    /// Reads the journal of the output folder `folder` (none yet: no records).
    init(folder: URL) {
        path = folder.appendingPathComponent(Self.name).path
        let data = FileManager.default.contents(atPath: path) ?? Data()
        var records: [String: Renderer.AudioRecord] = [:]
        var count = 0
        for record in Self.read(data) {
            records[record.wav] = record
            count += 1
        }
        self.records = records
        lines = count
        unterminated = !data.isEmpty && data.last != UInt8(ascii: "\n")
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The record of the WAV at `wav` (relative to the folder), as the journal held it when opened.
    func record(for wav: String) -> Renderer.AudioRecord? { records[wav] }

    /// Every record, as the journal held them when opened.
    var all: [Renderer.AudioRecord] { Array(records.values) }

    /// Appends `record`: one `write(2)` of one line.
    ///
    /// - Throws: `ReviewError.unwritable` when the journal cannot be opened or written.
    func append(_ record: Renderer.AudioRecord) throws {
        try lock.withLock {
            if descriptor < 0 {
                try Renderer.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
                descriptor = TemporaryFile.openFile(path, O_WRONLY | O_APPEND | O_CREAT)
                guard descriptor >= 0 else { throw ReviewError.unwritable(path: path, reason: String(cString: strerror(errno))) }
            }
            // A line cut short by a killed run is closed first, so this one reads on its own.
            var line = unterminated ? [UInt8(ascii: "\n")] : []
            unterminated = false
            record.appendLine(to: &line)
            if let code = line.withUnsafeBytes({ TemporaryFile.writeAll(descriptor, $0) }) {
                throw ReviewError.unwritable(path: path, reason: String(cString: strerror(code)))
            }
            lines += 1
            if records[record.wav] == nil { added.insert(record.wav) }
        }
    }

    /// Rewrites the journal with one line per WAV, sorted, when it holds more than twice as many
    /// lines as WAVs (each run that changes a WAV appends a line for it).
    ///
    /// - Throws: `ReviewError.unwritable` when the journal cannot be replaced.
    func compactIfLong() throws {
        try lock.withLock {
            guard lines > 64, lines > 2 * (records.count + added.count) else { return }
            var latest: [String: Renderer.AudioRecord] = [:]
            for record in Self.read(FileManager.default.contents(atPath: path) ?? Data()) { latest[record.wav] = record }
            guard lines > 2 * latest.count else { return }
            var text: [UInt8] = []
            for wav in latest.keys.sorted() { latest[wav]?.appendLine(to: &text) }
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
            try Renderer.writeAtomically(Data(text), to: URL(fileURLWithPath: path))
            lines = latest.count
            unterminated = false
            added = []
        }
    }

    /// The records of a journal's bytes, in order; lines that do not read are skipped.
    static func read(_ data: Data) -> [Renderer.AudioRecord] {
        guard !data.isEmpty else { return [] }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        let decoder = JSONDecoder()
        // One array is read much faster than each line alone; a damaged line makes it fail, and
        // then each line is read alone.
        var array = Data([UInt8(ascii: "[")])
        for (index, line) in lines.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(contentsOf: line)
        }
        array.append(UInt8(ascii: "]"))
        if let records = try? decoder.decode([Renderer.AudioRecord].self, from: array) { return records }
        return lines.compactMap { try? decoder.decode(Renderer.AudioRecord.self, from: Data($0)) }
    }
}

extension Renderer.AudioRecord {
    /// The record as one line of JSON, keys in a fixed order, appended to `bytes`.
    func appendLine(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "{\"wav\":".utf8)
        JSONText.appendString(wav, to: &bytes)
        bytes.append(contentsOf: ",\"key\":".utf8)
        JSONText.appendString(key, to: &bytes)
        bytes.append(contentsOf: ",\"ipa\":".utf8)
        JSONText.appendString(ipa, to: &bytes)
        bytes.append(contentsOf: ",\"duration\":\(duration.description),\"sha256\":".utf8)
        JSONText.appendString(sha256, to: &bytes)
        bytes.append(contentsOf: ",\"size\":\(size),\"modified\":\(modified.description)}\n".utf8)
    }
}

/// JSON strings written by hand, escaped as `JSONEncoder` escapes them (without escaping `/`).
enum JSONText {
    /// `string` as a quoted JSON string, appended to `bytes`.
    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
