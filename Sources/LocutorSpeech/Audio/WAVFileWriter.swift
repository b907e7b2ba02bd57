import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams samples into a WAV file that appears only when it is complete.
///
/// Samples go to a temporary file beside the destination; `finish()` writes the final sizes
/// into the header and renames the file into place, so a reader — or a run interrupted by
/// SIGINT or SIGKILL — never sees a truncated WAV at the destination.
public struct WAVFileWriter: AudioSink {
    public let path: String
    public let sampleRate: Int
    public private(set) var sampleCount = 0
    private let temporaryPath: String
    private var descriptor: Int32
    private var pending: [UInt8] = []

    /// Creates the temporary file.
    ///
    /// - Throws: `SpeechError.unwritableOutput` when the folder is missing or not writable.
    public init(path: String, sampleRate: Int) throws {
        self.path = path
        self.sampleRate = sampleRate
        temporaryPath = TemporaryFile.path(for: path)
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SpeechError.unwritableOutput(path: path, reason: String(cString: strerror(errno)))
        }
        pending = WAVEncoder.header(sampleRate: sampleRate, sampleCount: 0)
    }

    public mutating func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard sampleCount + samples.count <= WAVEncoder.maximumSampleCount else {
            throw SpeechError.unwritableOutput(path: path, reason: "the audio exceeds the 4 GiB a WAV file can hold")
        }
        WAVEncoder.appendSamples(samples, to: &pending)
        sampleCount += samples.count
        if pending.count >= 1 << 16 { try flush() }
    }

    /// Writes the header's sizes and moves the file into place.
    ///
    /// - Returns: what the file holds.
    public mutating func finish() throws -> WAVInfo {
        try flush()
        let header = WAVEncoder.header(sampleRate: sampleRate, sampleCount: sampleCount)
        let written = header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == header.count else { throw failure() }
        guard close(descriptor) == 0 else { descriptor = -1; throw failure() }
        descriptor = -1
        guard rename(temporaryPath, path) == 0 else { throw failure() }
        guard let info = WAVInfo(header: header) else {
            preconditionFailure("WAVEncoder wrote a header WAVInfo cannot read")
        }
        return info
    }

    /// Removes the temporary file; the destination is left as it was.
    public mutating func cancel() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
    }

    private mutating func flush() throws {
        if let code = pending.withUnsafeBytes({ TemporaryFile.writeAll(descriptor, $0) }) {
            errno = code
            throw failure()
        }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func failure() -> SpeechError {
        let reason = String(cString: strerror(errno))
        cancel()
        return SpeechError.unwritableOutput(path: path, reason: reason)
    }
}
