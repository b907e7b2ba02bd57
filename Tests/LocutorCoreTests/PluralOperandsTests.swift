import Foundation
import Testing

@testable import LocutorCore

/// The operands of numbers as displayed (Unicode TR35, "Plural Operand Meanings").
@Suite struct PluralOperandsTests {
    private func expectOperands(
        _ text: String, n: String, i: String, v: Int, w: Int, f: String, t: String, e: Int = 0,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let operands = try #require(PluralOperands(text), sourceLocation: sourceLocation)
        #expect(operands.n == Decimal(string: n), "n of \(text)", sourceLocation: sourceLocation)
        #expect(operands.i == Decimal(string: i), "i of \(text)", sourceLocation: sourceLocation)
        #expect(operands.v == v, "v of \(text)", sourceLocation: sourceLocation)
        #expect(operands.w == w, "w of \(text)", sourceLocation: sourceLocation)
        #expect(operands.f == Decimal(string: f), "f of \(text)", sourceLocation: sourceLocation)
        #expect(operands.t == Decimal(string: t), "t of \(text)", sourceLocation: sourceLocation)
        #expect(operands.e == e, "e of \(text)", sourceLocation: sourceLocation)
    }

    @Test("Reads TR35's examples: 1, 1.0, 1.00, 1.3, 1.30, 1.03, 1.230")
    func tr35() throws {
        try expectOperands("1", n: "1", i: "1", v: 0, w: 0, f: "0", t: "0")
        try expectOperands("1.0", n: "1", i: "1", v: 1, w: 0, f: "0", t: "0")
        try expectOperands("1.00", n: "1", i: "1", v: 2, w: 0, f: "0", t: "0")
        try expectOperands("1.3", n: "1.3", i: "1", v: 1, w: 1, f: "3", t: "3")
        try expectOperands("1.30", n: "1.3", i: "1", v: 2, w: 1, f: "30", t: "3")
        try expectOperands("1.03", n: "1.03", i: "1", v: 2, w: 2, f: "3", t: "3")
        try expectOperands("1.230", n: "1.23", i: "1", v: 3, w: 2, f: "230", t: "23")
        try expectOperands("1200000", n: "1200000", i: "1200000", v: 0, w: 0, f: "0", t: "0")
        try expectOperands("1.2c6", n: "1200000", i: "1200000", v: 0, w: 0, f: "0", t: "0", e: 6)
        try expectOperands("123c6", n: "123000000", i: "123000000", v: 0, w: 0, f: "0", t: "0", e: 6)
        try expectOperands("1.0000001c6", n: "1000000.1", i: "1000000", v: 1, w: 1, f: "1", t: "1", e: 6)
        try expectOperands("1.2e3", n: "1200", i: "1200", v: 0, w: 0, f: "0", t: "0", e: 3)
    }

    @Test("Drops the sign: -21 has the operands of 21")
    func sign() throws {
        #expect(PluralOperands("-21") == PluralOperands("21"))
        #expect(PluralOperands("-0.50") == PluralOperands("0.50"))
        #expect(PluralOperands(Decimal(-21), visibleFractionDigits: 0) == PluralOperands("21"))
    }

    @Test("A Decimal shows at least the digits it needs: 1.25 with one visible digit is 1.25")
    func visibleDigits() throws {
        #expect(PluralOperands(Decimal(1), visibleFractionDigits: 2) == PluralOperands("1.00"))
        #expect(PluralOperands(Decimal(string: "1.25")!, visibleFractionDigits: 1) == PluralOperands("1.25"))
        #expect(PluralOperands(Decimal(string: "1.50")!, visibleFractionDigits: 3) == PluralOperands("1.500"))
        #expect(PluralOperands(Decimal(string: "0.000")!, visibleFractionDigits: 0) == PluralOperands("0"))
    }

    @Test("Holds numbers beyond UInt64 exactly")
    func large() throws {
        try expectOperands(
            "123456789012345678901234567.5", n: "123456789012345678901234567.5",
            i: "123456789012345678901234567", v: 1, w: 1, f: "5", t: "5")
        try expectOperands(
            "0.12345678901234567890123456789", n: "0.12345678901234567890123456789", i: "0",
            v: 29, w: 29, f: "12345678901234567890123456789", t: "12345678901234567890123456789")
        try expectOperands("1" + String(repeating: "0", count: 60), n: "1e60", i: "1e60", v: 0, w: 0, f: "0", t: "0")
        let operands = try #require(PluralOperands("1" + String(repeating: "0", count: 30) + "11"))
        #expect(operands.whole.remainder(dividingBy: 100) == 11)
        #expect(operands.whole.remainder(dividingBy: 7) == 6)  // 10^32 + 11 ≡ 2 + 4 (mod 7)
        #expect(operands.whole.remainder(dividingBy: UInt64.max) == 9_632_342_461_379_330_406)
    }

    @Test(
        "Is nil for what is not a plain decimal number",
        arguments: [
            "", "-", "1.", ".5", "1,00", "1 000", "+1", " 1", "1 ", "1e", "1c", "1.5.2", "abc", "١", "1_000",
            "1e99999", "1" + String(repeating: "1", count: 40), "0." + String(repeating: "0", count: 128),
        ])
    func rejects(_ text: String) {
        #expect(PluralOperands(text) == nil)
    }
}
