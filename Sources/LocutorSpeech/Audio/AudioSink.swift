/// Where synthesized audio goes, block by block, as espeak-ng produces it.
///
/// The engine never holds a whole utterance: a long text streams through the sink in blocks
/// of a few milliseconds, so memory stays flat whatever the length.
public protocol AudioSink: ~Copyable {
    /// Receives the next block of 16-bit mono samples at the engine's sample rate.
    mutating func write(_ samples: UnsafeBufferPointer<Int16>) throws
}

/// Keeps every sample in memory — for short utterances and tests.
public struct PCMBuffer: AudioSink, Sendable {
    public private(set) var samples: [Int16] = []

    public init() {}

    public mutating func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        self.samples.append(contentsOf: samples)
    }
}

/// Counts samples and keeps nothing.
public struct SampleCounter: AudioSink, Sendable {
    public private(set) var count = 0
    /// The largest block received, in samples.
    public private(set) var largestBlock = 0

    public init() {}

    public mutating func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        count += samples.count
        largestBlock = max(largestBlock, samples.count)
    }
}

/// Takes no samples: for a worker that writes its own file, which sends none.
struct DiscardingSink: AudioSink {
    mutating func write(_ samples: UnsafeBufferPointer<Int16>) throws {}
}
