import Crypto
import Foundation
import LocutorFiles
import Testing

@testable import LocutorSpeech

@Suite struct WAVEncoderTests {
    @Test("Writes the canonical 44-byte RIFF header for 16-bit mono PCM")
    func header() {
        let bytes = WAVEncoder.header(sampleRate: 22050, sampleCount: 3)
        #expect(
            bytes == [
                0x52, 0x49, 0x46, 0x46, 0x2A, 0x00, 0x00, 0x00, 0x57, 0x41, 0x56, 0x45,  // RIFF, 36+6, WAVE
                0x66, 0x6D, 0x74, 0x20, 0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,  // fmt , 16, PCM, mono
                0x22, 0x56, 0x00, 0x00, 0x44, 0xAC, 0x00, 0x00, 0x02, 0x00, 0x10, 0x00,  // 22050 Hz, 44100 B/s, 2, 16
                0x64, 0x61, 0x74, 0x61, 0x06, 0x00, 0x00, 0x00,  // data, 6 bytes
            ])
    }

    @Test("Encodes samples little-endian, negative values in two's complement")
    func samples() {
        let bytes = WAVEncoder.encode(samples: [1, -2, Int16.max, Int16.min], sampleRate: 8000)
        #expect(bytes.count == 44 + 8)
        #expect(Array(bytes[44...]) == [0x01, 0x00, 0xFE, 0xFF, 0xFF, 0x7F, 0x00, 0x80])
    }

    @Test("Reads back what it wrote")
    func info() throws {
        let info = try #require(WAVInfo(header: WAVEncoder.header(sampleRate: 22050, sampleCount: 44100)))
        #expect(info == WAVInfoFixture.make(rate: 22050, count: 44100))
        #expect(info.duration == 2.0)
        #expect(WAVInfo(header: Array("not a wav file at all, long enough to be read....".utf8)) == nil)
    }

    @Test("The file appears only when finished, with the final sizes in its header")
    func atomicFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("a.wav")
        var writer = try WAVFileWriter(path: path, sampleRate: 16000)
        let block: [Int16] = Array(repeating: 1000, count: 40_000)
        try block.withUnsafeBufferPointer { try writer.write($0) }
        #expect(!FileManager.default.fileExists(atPath: path))
        try block.withUnsafeBufferPointer { try writer.write($0) }
        let written = try writer.finish()
        #expect(written.info.sampleCount == 80_000)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count == 44 + 160_000)
        #expect(WAVInfo(header: [UInt8](bytes)) == written.info)
        #expect(written.sha256 == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
        #expect(try folder.contents() == ["a.wav"])
    }

    @Test("Audio too long to keep in memory is streamed to disk and still hashed whole")
    func longAudio() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("long.wav")
        var writer = try WAVFileWriter(path: path, sampleRate: 22050)
        let block = (0..<65_536).map { Int16(truncatingIfNeeded: $0 &* 31) }
        let blocks = WAVFileWriter.memoryLimit / (block.count * 2) + 2
        for _ in 0..<blocks { try block.withUnsafeBufferPointer { try writer.write($0) } }
        let written = try writer.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count == 44 + blocks * block.count * 2)
        #expect(written.info.sampleCount == blocks * block.count)
        #expect(written.sha256 == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
    }

    @Test("A writer dropped before it finishes removes its temporary file")
    func dropped() throws {
        let folder = try TemporaryFolder()
        do {
            var writer = try WAVFileWriter(path: folder.path("c.wav"), sampleRate: 22050)
            try [Int16](repeating: 5, count: 10).withUnsafeBufferPointer { try writer.write($0) }
            #expect(try folder.contents().count == 1)
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test("Cancelling leaves the destination untouched and no temporary file")
    func cancel() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("b.wav")
        try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
        var writer = try WAVFileWriter(path: path, sampleRate: 22050)
        try [Int16](repeating: 5, count: 10).withUnsafeBufferPointer { try writer.write($0) }
        writer.cancel()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous")
        #expect(try folder.contents() == ["b.wav"])
    }

    @Test("A missing folder is an unwritable-output error naming the path")
    func unwritable() {
        #expect(throws: SpeechError.unwritableOutput(path: "/no/such/folder/x.wav", reason: "No such file or directory")) {
            _ = try WAVFileWriter(path: "/no/such/folder/x.wav", sampleRate: 22050)
        }
        let message = SpeechError.unwritableOutput(path: "/no/such/folder/x.wav", reason: "No such file or directory").description
        #expect(
            message
                == "cannot write '/no/such/folder/x.wav': No such file or directory — create the folder first, or choose one that exists"
        )
    }
}

@Suite struct TemporaryFileTests {
    @Test("write replaces a file in one step and leaves no temporary file; a missing folder says why")
    func write() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("record.json")
        try TemporaryFile.write(Data("first".utf8), to: path)
        try TemporaryFile.write(Data("second, longer".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer")
        #expect(try folder.contents() == ["record.json"])
        #expect(throws: TemporaryFile.WriteFailure.self) { try TemporaryFile.write(Data(), to: "/no/such/folder/x.json") }
        do {
            try TemporaryFile.write(Data(), to: "/no/such/folder/x.json")
        } catch {
            #expect(error.reason == "No such file or directory")
        }
    }

    @Test("create makes an empty file beside the path under a temporary name; a missing folder says why")
    func create() throws {
        let folder = try TemporaryFolder()
        let path = try TemporaryFile.create(for: folder.path("a.wav"))
        defer {
            unlink(path)
            TemporaryFile.done(path)
        }
        #expect(path.hasPrefix(folder.path(".a.wav.\(getpid())-")) && path.hasSuffix(".tmp"))
        #expect(FileManager.default.contents(atPath: path) == Data())
        do {
            _ = try TemporaryFile.create(for: "/no/such/folder/x.wav")
            Issue.record("a file was made in a missing folder")
        } catch {
            #expect(error.reason == "No such file or directory")
        }
    }

    @Test("Temporary names carry this process; only a writer that is gone makes a file abandoned")
    func abandoned() throws {
        let name = URL(fileURLWithPath: TemporaryFile.path(for: "/x/a.wav")).lastPathComponent
        #expect(name.hasPrefix(".a.wav.\(getpid())-") && name.hasSuffix(".tmp"))
        #expect(!TemporaryFile.isAbandoned(name))
        #expect(!TemporaryFile.isAbandoned(".a.wav.1-0123abcd.tmp"))  // pid 1 is alive
        #expect(TemporaryFile.isAbandoned(".a.wav.0123abcd.tmp"))  // written before names had a pid
        #expect(!TemporaryFile.isAbandoned("a.wav"))
        #expect(!TemporaryFile.isAbandoned(".hidden"))
    }
}

enum WAVInfoFixture {
    static func make(rate: Int, count: Int) -> WAVInfo? {
        WAVInfo(header: WAVEncoder.header(sampleRate: rate, sampleCount: count))
    }
}
