import Crypto
import Foundation
import LocutorFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams samples into a WAV file that appears only when it is complete, and hashes it as it is
/// written.
///
/// Samples go to a temporary file beside the destination; `finish()` writes the final sizes into
/// the header and renames the file into place, so a reader — or a run interrupted by SIGINT or
/// SIGKILL — never sees a truncated WAV at the destination. A writer dropped before `finish()`
/// removes its temporary file. A symbolic link is followed (the file it names is replaced); a
/// device or a FIFO (`/dev/null`, a named pipe) receives the finished file's bytes, written
/// through; a folder is refused (`OutputTarget`).
///
/// The SHA-256 of the file is computed from the bytes as they are written, never read back: the
/// audio of an utterance is kept in memory until `finish()` knows the header's sizes (up to
/// ``memoryLimit`` bytes, about 95 s of speech); only longer audio is streamed to disk as it comes
/// and read back once to be hashed.
public struct WAVFileWriter: AudioSink, ~Copyable {
    /// What a finished file holds, and its hash.
    public struct Written: Equatable, Sendable {
        public let info: WAVInfo
        /// The SHA-256 of the whole file, in lowercase hex.
        public let sha256: String
    }

    /// How many bytes are kept in memory before they are streamed to disk.
    public static let memoryLimit = 4 << 20

    public let path: String
    public let sampleRate: Int
    public private(set) var sampleCount = 0
    private let temporaryPath: String
    private let target: OutputTarget
    private var descriptor: Int32
    /// The bytes not yet on disk: the header and every sample while nothing has been streamed.
    private var pending: [UInt8]
    private var streamed = false

    /// Creates the temporary file.
    ///
    /// - Throws: `SpeechError.unwritableOutput` when the folder is missing or not writable.
    public init(path: String, sampleRate: Int) throws {
        let target: OutputTarget
        do {
            target = try OutputTarget.resolve(path)
        } catch {
            throw SpeechError.unwritableOutput(path: path, reason: error.reason)
        }
        let temporaryPath: String
        switch target {
        case let .replace(file): temporaryPath = TemporaryFile.path(for: file)
        case .stream: temporaryPath = TemporaryFile.path(for: NSTemporaryDirectory() + "/locutor.wav")
        }
        let descriptor = TemporaryFile.openFile(temporaryPath, O_RDWR | O_CREAT | O_EXCL)
        guard descriptor >= 0 else {
            throw SpeechError.unwritableOutput(path: path, reason: String(cString: strerror(errno)))
        }
        self.path = path
        self.sampleRate = sampleRate
        self.target = target
        self.temporaryPath = temporaryPath
        self.descriptor = descriptor
        pending = WAVEncoder.header(sampleRate: sampleRate, sampleCount: 0)
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporaryPath)
        }
        TemporaryFile.done(temporaryPath)
    }

    public mutating func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard sampleCount + samples.count <= WAVEncoder.maximumSampleCount else {
            throw failure(reason: "the audio exceeds the 4 GiB a WAV file can hold")
        }
        WAVEncoder.appendSamples(samples, to: &pending)
        sampleCount += samples.count
        if pending.count >= Self.memoryLimit {
            try flush()
            streamed = true
        }
    }

    /// Writes the header's sizes, moves the file into place and gives its hash.
    public mutating func finish() throws -> Written {
        let header = WAVEncoder.header(sampleRate: sampleRate, sampleCount: sampleCount)
        var hasher = SHA256()
        if streamed {
            try flush()
            let written = header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            guard written == header.count else { throw failure() }
            try hashFile(into: &hasher)
        } else {
            pending.replaceSubrange(0..<header.count, with: header)
            hasher.update(data: pending)
            try flush()
        }
        switch target {
        case let .replace(file):
            guard close(descriptor) == 0 else {
                descriptor = -1
                throw failure()
            }
            descriptor = -1
            guard rename(temporaryPath, file) == 0 else { throw failure() }
        case let .stream(device):
            try copy(to: device)
            close(descriptor)
            descriptor = -1
            unlink(temporaryPath)
        }
        guard let info = WAVInfo(header: header) else {
            preconditionFailure("WAVEncoder wrote a header WAVInfo cannot read")
        }
        return Written(info: info, sha256: hasher.finalize().map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined())
    }

    /// Removes the temporary file; the destination is left as it was.
    public mutating func cancel() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
    }

    private mutating func flush() throws {
        if let code = pending.withUnsafeBytes({ TemporaryFile.writeAll(descriptor, $0) }) {
            throw failure(reason: String(cString: strerror(code)))
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes the finished temporary file into the device or FIFO at `device`.
    private mutating func copy(to device: String) throws {
        let output = TemporaryFile.openFile(device, O_WRONLY)
        guard output >= 0 else { throw failure() }
        defer { close(output) }
        var code: Int32?
        try readBack { chunk in
            if code == nil { code = TemporaryFile.writeAll(output, UnsafeRawBufferPointer(rebasing: chunk)) }
        }
        if let code { throw failure(reason: String(cString: strerror(code))) }
    }

    /// The file as written so far, read back: only for audio too long to keep in memory.
    private mutating func hashFile(into hasher: inout SHA256) throws {
        try readBack { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0)) }
    }

    /// Reads the temporary file from its start, in chunks.
    private mutating func readBack(_ body: (Slice<UnsafeRawBufferPointer>) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes { try body($0[0..<count]) }
            offset += off_t(count)
        }
    }

    private mutating func failure(reason: String? = nil) -> SpeechError {
        let reason = reason ?? String(cString: strerror(errno))
        cancel()
        return SpeechError.unwritableOutput(path: path, reason: reason)
    }
}
