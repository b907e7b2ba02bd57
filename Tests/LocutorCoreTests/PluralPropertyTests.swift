import Foundation
import LocutorCore
import PropertyBased
import Testing

/// Laws of plural data: reading never crashes, problems point inside the input, and a number reads
/// the same from its text as from its `Decimal`.
@Suite struct PluralPropertyTests {
    /// Pieces that mean something to YAML or to plural rules, and some that mean nothing.
    private static let yamlish: [String] =
        Array(
            """
            abcdefghijklmnopqrstuvwxyz ENOTY0123456789:-,.~@…%=!&*#|>'"?[]{}\\\t\n\r\u{85}\u{2028}\u{FEFF}\u{0}é€😀
            """
        ).map { String($0) } + ["\r\n", "  ", "one: ", "other: ", "\"", "@integer ", "n = 1", "en:\n  ", "\\u00"]

    private static let text = Gen.oneOf(
        Gen<String?>.element(of: yamlish).map { $0 ?? " " },
        Gen<Character>.character(in: "\u{20}"..."\u{7E}").map { String($0) },
        Gen<Character>.character(in: "\u{A0}"..."\u{D7FF}").map { String($0) },
        Gen<Character>.character(in: "\u{E000}"..."\u{10FFFF}").map { String($0) }
    ).array(of: 0...120).map { $0.joined() }

    private static func expectDiagnosticsInside(_ yaml: String, origin: String = "test.yaml") {
        do {
            _ = try PluralRuleBook(yaml: yaml, origin: origin)
        } catch {
            let lines = YAMLSource(yaml, origin: origin).lineCount
            #expect(!error.diagnostics.isEmpty)
            for diagnostic in error.diagnostics {
                #expect(diagnostic.location.file == origin)
                #expect((1...lines).contains(diagnostic.location.line), "\(diagnostic) in \(lines) lines: \(yaml.debugDescription)")
                #expect(diagnostic.location.column >= 1, "\(diagnostic)")
            }
        }
    }

    @Test("Loading arbitrary text never crashes, and every diagnostic points inside it")
    func arbitraryText() async {
        await propertyCheck(count: 1500, input: Self.text) { yaml in
            Self.expectDiagnosticsInside(yaml)
        }
    }

    @Test("Loading a mutated voices/cldr/plurals.yaml never crashes, and every diagnostic points inside it")
    func mutatedRealFile() async throws {
        let real = try PluralFixtures.text(PluralFixtures.rulesPath)
        let edits = Gen.int(in: 0...Int.max).array(of: 1...4)
        await propertyCheck(count: 400, input: edits, Self.text) { seeds, insertion in
            Self.expectDiagnosticsInside(Self.mutate(real, seeds: seeds, insertion: insertion))
        }
    }

    /// Deletes, inserts, duplicates or swaps something at places the seeds choose.
    private static func mutate(_ text: String, seeds: [Int], insertion: String) -> String {
        var characters = Array(text)
        for seed in seeds where !characters.isEmpty {
            let at = (seed / 8) % characters.count
            switch seed % 8 {
            case 0: characters.remove(at: at)
            case 1: characters.removeSubrange(at..<min(characters.count, at + 1 + seed % 13))
            case 2: characters.insert(contentsOf: insertion.prefix(12), at: at)
            case 3: characters.insert(contentsOf: yamlish[seed % yamlish.count], at: at)
            case 4: characters.replaceSubrange(at...at, with: yamlish[(seed / 3) % yamlish.count])
            case 5 where at + 1 < characters.count: characters.swapAt(at, at + 1)
            case 6:  // duplicate the line around `at`
                let start = characters[..<at].lastIndex(of: "\n").map { $0 + 1 } ?? 0
                let end = characters[at...].firstIndex(of: "\n").map { $0 + 1 } ?? characters.count
                characters.insert(contentsOf: characters[start..<end], at: start)
            default:  // a digit or operand inside a rule
                characters[at] = Array("0123456789nivwftecx.%=")[(seed / 5) % 22]
            }
        }
        return String(characters)
    }

    @Test("PluralOperands(String) never crashes on arbitrary text")
    func operandsFromArbitraryText() async {
        let numberish = Gen.oneOf(
            Gen<Character?>.element(of: Array("0123456789.-ce+,") as [Character]).map { $0 ?? "0" },
            Gen<Character>.character(in: "\u{20}"..."\u{7E}"),
            Gen<Character>.character(in: "\u{A0}"..."\u{D7FF}")
        ).string(of: 0...60)
        let english = try? PluralFixtures.rules("en")
        await propertyCheck(count: 3000, input: numberish) { text in
            if let operands = PluralOperands(text) {
                #expect(operands.v >= operands.w)
                #expect(operands.n >= 0)
                _ = english?.category(for: operands)
            }
        }
    }

    @Test("Any Decimal, from 10^-128 to 2^128·10^127, gives operands that read back from its text")
    func anyDecimal() async {
        let high = Gen.oneOf(Gen.always(UInt64(0)), Gen<UInt64>.value(in: 0...UInt64.max))
        let low = Gen.oneOf(Gen<UInt64>.value(in: 0...1000), Gen<UInt64>.value(in: 0...UInt64.max))
        let exponent = Gen.oneOf(Gen.int(in: -20...20), Gen.int(in: -128...127))
        let visible = Gen.oneOf(Gen.int(in: 0...4), Gen.int(in: 0...127))
        await propertyCheck(count: 2000, input: high, low, exponent, visible) { high, low, exponent, visible in
            let significand = Decimal(high) * Decimal(sign: .plus, exponent: 0, significand: Decimal(UInt64.max) + 1) + Decimal(low)
            let value = Decimal(sign: .plus, exponent: exponent, significand: significand)
            guard !value.isNaN else { return }
            let operands = PluralOperands(value, visibleFractionDigits: visible)
            #expect(operands.v == max(visible, operands.w))
            #expect(operands.n == value.magnitude)
            #expect(operands.i + Decimal(sign: .plus, exponent: -operands.w, significand: operands.t) == operands.n)
            // Decimal prints every digit; where the text holds ≤ 38 significant digits it must read back alike.
            let shown =
                value.description
                + (visible > operands.w
                    ? (operands.w == 0 ? "." : "") + String(repeating: "0", count: visible - operands.w) : "")
            if let fromText = PluralOperands(shown) {
                #expect(fromText == operands, "\(shown)")
            }
        }
    }

    @Test("A well-formed number reads the same from its text as from its Decimal and visible digits")
    func textAgreesWithDecimal() async throws {
        let rules = try ["es", "pt", "en", "ru", "fr", "nl"].map(PluralFixtures.rules)
        let wholeHigh = Gen.oneOf(Gen.always(UInt64(0)), Gen<UInt64>.value(in: 0...999_999_999))
        let wholeLow = Gen.oneOf(Gen<UInt64>.value(in: 0...30), Gen<UInt64>.value(in: 0...(UInt64.max / 2)))
        let fraction = Gen<UInt64>.value(in: 0...9_999_999_999)
        let layout = Gen.int(in: 0...(1 << 20))
        await propertyCheck(count: 2000, input: wholeHigh, wholeLow, fraction, layout) { high, low, fraction, layout in
            // The number: high·10^19 + low, then `fractionDigits` digits of `fraction`, then `zeros` zeros.
            let fractionDigits = layout % 11
            let zeros = (layout / 11) % 8
            let negative = (layout / 88) % 3 == 0
            let fractionValue = fraction % (fractionDigits == 0 ? 1 : (0..<fractionDigits).reduce(UInt64(1)) { p, _ in p * 10 })
            let lowText = String(low)
            let wholeText = high == 0 ? lowText : String(high) + String(repeating: "0", count: 19 - lowText.count) + lowText
            var fractionText = String(fractionValue)
            fractionText = String(repeating: "0", count: max(0, fractionDigits - fractionText.count)) + fractionText
            if fractionDigits == 0 { fractionText = "" }
            fractionText += String(repeating: "0", count: zeros)
            let text = (negative ? "-" : "") + wholeText + (fractionText.isEmpty ? "" : "." + fractionText)

            var value =
                Decimal(sign: .plus, exponent: 19, significand: Decimal(high)) + Decimal(low)
                + Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(fractionValue))
            if negative { value = -value }
            let fromDecimal = PluralOperands(value, visibleFractionDigits: fractionDigits + (fractionDigits == 0 && zeros == 0 ? 0 : zeros))
            let fromText = PluralOperands(text)
            #expect(fromText == fromDecimal, "\(text)")
            if let fromText {
                for language in rules {
                    #expect(language.category(for: fromText) == language.category(for: fromDecimal), "\(text)")
                }
            }
        }
    }
}
