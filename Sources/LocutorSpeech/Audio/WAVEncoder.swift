/// RIFF/WAVE with 16-bit PCM mono, little-endian, written without any platform audio API.
public enum WAVEncoder {
    /// Bytes of the header in front of the samples.
    public static let headerSize = 44
    /// The largest number of samples a RIFF file can describe (its sizes are 32-bit).
    public static let maximumSampleCount = (Int(UInt32.max) - headerSize + 8) / 2

    /// The 44-byte header of a file holding `sampleCount` samples at `sampleRate`.
    public static func header(sampleRate: Int, sampleCount: Int) -> [UInt8] {
        precondition(sampleRate > 0, "a WAV file needs a positive sample rate")
        precondition((0...maximumSampleCount).contains(sampleCount), "a WAV file holds at most 4 GiB")
        let dataSize = UInt32(sampleCount * 2)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        bytes += Array("RIFF".utf8)
        bytes += littleEndian(UInt32(36) + dataSize)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        bytes += littleEndian(UInt32(16))  // size of the fmt chunk
        bytes += littleEndian(UInt16(1))  // PCM
        bytes += littleEndian(UInt16(1))  // mono
        bytes += littleEndian(UInt32(sampleRate))
        bytes += littleEndian(UInt32(sampleRate * 2))  // bytes per second
        bytes += littleEndian(UInt16(2))  // bytes per frame
        bytes += littleEndian(UInt16(16))  // bits per sample
        bytes += Array("data".utf8)
        bytes += littleEndian(dataSize)
        return bytes
    }

    /// A whole file in memory.
    public static func encode(samples: [Int16], sampleRate: Int) -> [UInt8] {
        var bytes = header(sampleRate: sampleRate, sampleCount: samples.count)
        bytes.reserveCapacity(headerSize + samples.count * 2)
        samples.withUnsafeBufferPointer { appendSamples($0, to: &bytes) }
        return bytes
    }

    /// Appends samples as little-endian 16-bit values.
    public static func appendSamples(_ samples: UnsafeBufferPointer<Int16>, to bytes: inout [UInt8]) {
        for sample in samples {
            let value = UInt16(bitPattern: sample)
            bytes.append(UInt8(truncatingIfNeeded: value))
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        }
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}

/// What a WAV file holds, read back from its header.
public struct WAVInfo: Equatable, Sendable {
    public let sampleRate: Int
    public let channels: Int
    public let bitsPerSample: Int
    public let sampleCount: Int

    /// Duration in seconds.
    public var duration: Double { Double(sampleCount) / Double(sampleRate) }

    /// Reads the canonical 44-byte header Locutor writes; nil for anything else.
    public init?(header bytes: [UInt8]) {
        guard bytes.count >= WAVEncoder.headerSize,
            bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8),
            bytes[12..<16].elementsEqual("fmt ".utf8), bytes[36..<40].elementsEqual("data".utf8)
        else { return nil }
        func read(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard read(20, 2) == 1 else { return nil }
        channels = read(22, 2)
        sampleRate = read(24, 4)
        bitsPerSample = read(34, 2)
        let frameBytes = channels * bitsPerSample / 8
        guard frameBytes > 0 else { return nil }
        sampleCount = read(40, 4) / frameBytes
    }
}
