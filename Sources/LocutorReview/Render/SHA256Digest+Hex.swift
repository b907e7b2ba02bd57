import Crypto

extension SHA256Digest {
    /// The digest in lowercase hex, as `sha256sum` prints it.
    package var hexDigits: String {
        map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
