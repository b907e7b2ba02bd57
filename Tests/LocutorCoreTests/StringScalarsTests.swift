import LocutorCore
import PropertyBased
import Testing

@Suite struct StringScalarsTests {
    /// ASCII letters of both cases most of the time, so that the ASCII path is taken; any scalar otherwise.
    static let scalars = Gen.oneOf(
        Gen<Unicode.Scalar?>.element(of: Array("aZmQ09 .-_@[`{".unicodeScalars)).map { $0 ?? "a" },
        Gen<Unicode.Scalar?>.element(of: Array("ÉéÑñÀ İıΣσДдẞß".unicodeScalars)).map { $0 ?? "a" },
        TextGen.anyScalar
    ).array(of: 0...24)

    @Test("A range of scalars is the text of those scalars, and lowercased as String lowercases it")
    func rangesAndLowercasing() async {
        await propertyCheck(count: 3000, input: Self.scalars, Gen.int(in: 0...24), Gen.int(in: 0...24)) { scalars, first, second in
            let range = min(first, second, scalars.count)..<min(max(first, second), scalars.count)
            let expected = String(String.UnicodeScalarView(scalars[range]))
            #expect(String(scalars: scalars, range) == expected)
            #expect(Array(String(scalars: scalars, range).unicodeScalars) == Array(scalars[range]))
            #expect(String(lowercasing: scalars, range) == expected.lowercased(), "\(scalars[range].map(\.value))")
        }
    }

    @Test("Lowercasing by value gives what String gives for every ASCII scalar and beyond it")
    func everyASCIIScalar() {
        let ascii = (0..<128).compactMap { Unicode.Scalar($0) }
        #expect(String(lowercasing: ascii, ascii.indices) == String(String.UnicodeScalarView(ascii)).lowercased())
        #expect(String(lowercasing: ascii, 65..<91) == "abcdefghijklmnopqrstuvwxyz")
        let mixed = Array("ABC İSTANBUL ẞ Σ".unicodeScalars)
        #expect(String(lowercasing: mixed, mixed.indices) == "ABC İSTANBUL ẞ Σ".lowercased())
    }
}
