/// Where bytes stop being UTF-8: what the readers of files, standard input and the command line
/// check before decoding, so nothing is replaced by U+FFFD behind the user's back.
package enum UTF8Validation {
    /// The index of the first byte that does not belong to a well-formed UTF-8 sequence, or nil.
    package static func firstInvalidOffset<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Bytes.Index? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var index = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded): index = bytes.index(index, offsetBy: encoded.count)
            case .emptyInput: return nil
            case .error: return index
            }
        }
    }
}
