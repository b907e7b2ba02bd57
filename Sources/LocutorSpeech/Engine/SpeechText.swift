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
        var index = 0
        while index < bytes.count {
            let length = wellFormedSequenceLength(bytes, at: index)
            if length == 0 { return index }
            index += length
        }
        return nil
    }

    /// Length of the well-formed sequence starting at `index` (Unicode table 3-7), or 0.
    private static func wellFormedSequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let first = b[i]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + offset < b.count && range.contains(b[i + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
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
