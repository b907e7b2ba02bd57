import Foundation
import LocutorCore
import PropertyBased
import Testing

/// Laws of the spell-out: every amount gives words without digits, and the rule parser never
/// crashes, whatever text it is given.
@Suite struct SpellOutPropertyTests {
    /// Any Unicode scalar (surrogate code points become U+FFFD).
    static let anyScalar = Gen<UInt32>.value(in: 0...0x10FFFF)
        .map { Character(Unicode.Scalar($0) ?? "\u{FFFD}") }

    /// Characters that mean something in rule text, so random text reaches deep into the parser.
    static let ruleCharacter = Gen<Character?>.element(of: Array("%%::;;<<>>==[]$(){},.-x0123456789 '#/\nabc\u{AD}"))
        .map { $0 ?? " " }

    @Test("Every whole amount below 10^12 in every locale's cardinal rule sets has words and no digits")
    func cardinalsHaveNoDigits() async throws {
        let formats = try SpellOutFixtures.formats.get()
        // An error is recorded, not thrown: a property check drops what its body throws.
        await propertyCheck(count: 300, input: Gen.int64(in: 0...999_999_999_999)) { value in
            for (locale, sets) in SpellOutFixtures.cardinalSets {
                for set in sets {
                    do {
                        let words = try #require(formats[locale]).format(Decimal(value), ruleSet: set)
                        #expect(!words.isEmpty, "\(locale) \(set) \(value)")
                        #expect(!words.contains { $0.isASCII && $0.isNumber }, "\(locale) \(set) \(value): \(words)")
                    } catch {
                        Issue.record("\(locale) \(set) \(value): \(error)")
                    }
                }
            }
        }
    }

    @Test("The parser never crashes on arbitrary Unicode, and every diagnostic points inside the text")
    func arbitraryUnicode() async {
        await propertyCheck(count: 300, input: Self.anyScalar.string(of: 0...200)) { text in
            Self.checkParses(text)
        }
    }

    @Test("The parser never crashes on random rule-like text")
    func ruleLikeText() async {
        await propertyCheck(count: 500, input: Self.ruleCharacter.string(of: 0...300)) { text in
            Self.checkParses(text)
        }
    }

    @Test("The parser never crashes on mutated real rule texts, and what loads still formats")
    func mutatedRules() async throws {
        let texts = try SpellOutFixtures.locales.map { Array(try SpellOutFixtures.ruleText($0).unicodeScalars) }
        let edit = zip(Gen.int(in: 0...Int.max), Gen.int(in: 0...3), Self.ruleCharacter)
        await propertyCheck(count: 200, input: Gen.int(in: 0...6), edit.array(of: 1...8)) { which, edits in
            var scalars = texts[which]
            for (position, kind, character) in edits where !scalars.isEmpty {
                let at = position % scalars.count
                let inserted = character.unicodeScalars
                switch kind {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(contentsOf: inserted, at: at)
                case 2: scalars.replaceSubrange(at..<min(at + inserted.count, scalars.count), with: inserted)
                default: scalars.removeSubrange(at..<min(at + 40, scalars.count))
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            let text = String(view)
            if let format = Self.checkParses(text, locale: SpellOutFixtures.locales[which]) {
                for name in format.ruleSetNames {
                    for value: Decimal in [0, 1, 21, 101, 1999, 123_456, -5, Decimal(string: "3.25")!] {
                        _ = try? format.format(value, ruleSet: name)
                    }
                }
            }
        }
    }

    /// Parses `text` at line 7 of a file and checks every diagnostic's line lies inside it.
    @discardableResult
    static func checkParses(_ text: String, locale: String = "ru") -> RuleBasedNumberFormat? {
        let firstLine = 7
        let lastLine = firstLine + text.unicodeScalars.filter { $0 == "\n" }.count
        let language = String(locale.split(separator: "_").first ?? "")
        let plurals = try? SpellOutFixtures.plurals.get()[language]
        do throws(DataError) {
            return try RuleBasedNumberFormat(
                rules: text, origin: "random.rbnf", firstLine: firstLine,
                decimalSeparator: SpellOutFixtures.decimalSeparators[locale] ?? ".", plurals: plurals)
        } catch {
            #expect(!error.diagnostics.isEmpty)
            for diagnostic in error.diagnostics {
                #expect((firstLine...lastLine).contains(diagnostic.location.line), "\(diagnostic)")
                #expect(diagnostic.location.column >= 1, "\(diagnostic)")
            }
            return nil
        }
    }
}
