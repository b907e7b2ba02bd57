import LocutorCore
import PropertyBased
import Testing

@testable import LocutorPhonemes

@Suite struct MnemonicPropertyTests {
    /// Text made of YAML punctuation, IPA, printable ASCII and any Unicode scalar.
    static let text = Gen<UInt32>.value(in: 0...0x43FFFF)
        .map { value -> Unicode.Scalar in
            let pick = Int(value >> 2)
            switch value & 3 {
            case 0: return yamlish[pick % yamlish.count]
            case 1: return ipa[pick % ipa.count]
            case 2: return Unicode.Scalar(UInt8(0x20 + pick % 95))
            default: return Unicode.Scalar(UInt32(pick)) ?? "\u{FFFD}"
            }
        }
        .array(of: 0...80)
        .map { String(String.UnicodeScalarView($0)) }

    static let yamlish = Array(":\"'\n\r\t -#{}[],&*!|>%@`?\\~\u{85}\u{2028}\u{2029}\u{0}\u{7}\u{FEFF}".unicodeScalars)
    static let ipa = Array("ˈˌːʲ.aeiouɐɛɔəɪʊʌæɑɾrʎʃʒŋɲβðθɣχʁɥtʃdʒ\u{0303}\u{0361}\u{0329}ẽ".unicodeScalars)

    static func checkDiagnosticsLieInside(_ yaml: String) {
        do {
            _ = try MnemonicTable(yaml: yaml, origin: "fuzz.yaml")
        } catch {
            for diagnostic in error.diagnostics {
                #expect(
                    (1...YAMLSource(yaml, origin: "fuzz.yaml").lineCount).contains(diagnostic.location.line),
                    "\(diagnostic) in \(yaml.debugDescription)")
                #expect(diagnostic.location.column >= 1)
                #expect(diagnostic.location.file == "fuzz.yaml")
            }
        }
    }

    @Test("The table loader never crashes on arbitrary text, and every diagnostic's line lies in it")
    func loaderOnArbitraryText() async {
        await propertyCheck(count: 500, input: Self.text) { yaml in
            Self.checkDiagnosticsLieInside(yaml)
        }
    }

    @Test("The table loader never crashes on a shipped table with a piece replaced by arbitrary text")
    func loaderOnDamagedTables() async throws {
        let original = try ShippedMnemonicTables.text("pt-br")
        let count = original.unicodeScalars.count
        await propertyCheck(count: 300, input: Gen.int(in: 0...count), Gen.int(in: 0...40), Self.text) { start, length, patch in
            let scalars = Array(original.unicodeScalars)
            let end = min(start + length, scalars.count)
            var damaged = String.UnicodeScalarView()
            damaged.append(contentsOf: scalars[..<start])
            damaged.append(contentsOf: patch.unicodeScalars)
            damaged.append(contentsOf: scalars[end...])
            Self.checkDiagnosticsLieInside(String(damaged))
        }
    }

    @Test("mnemonics(for:) and spokenIPA(for:) never crash: they give text or name a symbol of the hint")
    func conversionOnArbitraryText() async throws {
        let tables = try ShippedMnemonicTables.voices.map(ShippedMnemonicTables.table)
        await propertyCheck(count: 500, input: Gen.int(in: 0...(tables.count - 1)), Self.text) { which, hint in
            let table = tables[which]
            #expect((try? table.spokenIPA(for: hint)) == nil || (try? table.mnemonics(for: hint)) != nil)
            do {
                let mnemonics = try table.mnemonics(for: hint)
                #expect(mnemonics.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) && $0 != "]" })
                #expect(!mnemonics.hasPrefix(" ") && !mnemonics.hasSuffix(" ") && !mnemonics.contains("  "))
            } catch let error as MnemonicError {
                guard case let .unknownSymbol(symbol, offset, voice) = error else { return }
                let characters = Array(hint)
                #expect(characters.indices.contains(offset))
                if characters.indices.contains(offset) { #expect(String(characters[offset]) == symbol) }
                #expect(voice == table.voice)
            } catch {
                Issue.record("mnemonics(for:) threw \(error)")
            }
        }
    }

    @Test("Normalizing never crashes, and normalizing twice changes nothing")
    func normalizationIsIdempotent() async {
        await propertyCheck(count: 500, input: Self.text) { ipa in
            let once = IPANormalization.normalize(ipa)
            #expect(IPANormalization.normalize(once) == once, "\(ipa.debugDescription)")
        }
    }
}
