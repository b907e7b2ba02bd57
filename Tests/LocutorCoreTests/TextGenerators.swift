import PropertyBased

/// Generators of hostile text for property tests.
enum TextGen {
    /// Any Unicode scalar; surrogate code points (not scalars) become U+FFFD.
    static let anyScalar = Gen.int(in: 0...0x10FFFF).map { Unicode.Scalar(UInt32($0)) ?? "\u{FFFD}" }

    /// Characters that carry structure in YAML, numbers and prices.
    static let structural = Gen<Unicode.Scalar?>
        .element(of: Array(":- \n[]{}#\"'%&*!|>\t0123456789a.,$€₽\u{00A0}\u{202F}\u{0}\u{200F}\u{0301}😀".unicodeScalars))
        .map { $0 ?? "a" }

    /// Text mixing structure and arbitrary scalars, up to `length` scalars.
    static func text(_ length: ClosedRange<Int>) -> Generator<String, some Sequence & SendableMetatype> {
        Gen.oneOf(structural, structural, anyScalar)
            .array(of: length)
            .map { String(String.UnicodeScalarView($0)) }
    }
}
