import LocutorSupport

/// Text for espeak-ng: valid UTF-8 with something to speak.
///
/// espeak-ng silently drops bytes that are not UTF-8 and speaks nothing for an empty text;
/// both are rejected here, before the engine sees them.
public struct SpeechText: Hashable, Sendable, CustomStringConvertible {
    /// The text.
    public let string: String

    /// - Throws: `SpeechError.emptyText` when the text is empty or only white space.
    public init(_ string: String) throws {
        guard string.contains(where: { !$0.isWhitespace }) else { throw SpeechError.emptyText }
        self.string = string
    }

    /// Validates raw bytes (from a file, standard input or the command line).
    ///
    /// - Throws: `SpeechError.invalidUTF8` with the offset of the first bad byte, or
    ///   `SpeechError.emptyText`.
    public init<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) throws {
        let array = Array(bytes)
        if let offset = Self.firstInvalidUTF8Offset(in: array) {
            let bad = Array(array[offset..<min(array.count, offset + 4)])
            throw SpeechError.invalidUTF8(byteOffset: offset, bytes: Array(bad.prefix(Self.sequenceLength(of: bad))))
        }
        try self.init(String(decoding: array, as: UTF8.self))
    }

    public var description: String { string }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or nil.
    public static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        UTF8Validation.firstInvalidOffset(in: bytes)
    }

    /// How many bytes to show for a bad sequence: the lead byte and its continuation bytes.
    private static func sequenceLength(of bytes: [UInt8]) -> Int {
        guard let first = bytes.first else { return 0 }
        var count = 1
        while count < bytes.count, count < 4, (0x80...0xBF).contains(bytes[count]), first >= 0xC0 {
            count += 1
        }
        return count
    }
}
