import Foundation
import PropertyBased
import Testing

@testable import LocutorCore

@Suite struct NumberFormatTests {
    static let argentina = NumberFormat(decimal: ",", grouping: ".")
    static let unitedStates = NumberFormat(decimal: ".", grouping: ",")
    static let russia = NumberFormat(decimal: ",", grouping: "\u{00A0}", groupingAlternatives: [" ", "\u{202F}"])

    @Test("Groups every thousand, even in four-digit numbers, so 1812 is not read as a year")
    func format() {
        #expect(Self.argentina.format(1_299_900, fractionDigits: 0) == "1.299.900")
        #expect(Self.argentina.format(9000, fractionDigits: 0) == "9.000")
        #expect(Self.argentina.format(Decimal(string: "32999.99")!, fractionDigits: 2) == "32.999,99")
        #expect(Self.unitedStates.format(Decimal(string: "1299.5")!, fractionDigits: 2) == "1,299.50")
        #expect(Self.russia.format(1812, fractionDigits: 0) == "1\u{00A0}812")
        #expect(Self.argentina.format(-1000, fractionDigits: 0) == "-1.000")
        #expect(Self.argentina.format(0, fractionDigits: 0) == "0")
        #expect(Self.argentina.format(999, fractionDigits: 0) == "999")
    }

    @Test(
        "Reads a region's numbers exactly",
        arguments: [
            ("1.299.900", "1299900", 0), ("9.000", "9000", 0), ("32.999,99", "32999.99", 2), ("1299900", "1299900", 0),
            ("0,5", "0.5", 1), ("1,00", "1", 2), ("1.5", "1.5", 1), ("1.50", "1.5", 2),
        ] as [(String, String, Int)])
    func readArgentina(text: String, value: String, digits: Int) throws {
        let reading = try #require(Self.argentina.parse(text))
        #expect(reading.value == Decimal(string: value))
        #expect(reading.fractionDigits == digits)
    }

    @Test("A dot the region groups with besides its spaces groups three digits, and is a decimal point before one or two")
    func dotAlternative() throws {
        let belgium = NumberFormat(decimal: ",", grouping: "\u{202F}", groupingAlternatives: [" ", "\u{00A0}", "."])
        #expect(try #require(belgium.parse("295.000")).value == 295000)
        #expect(try #require(belgium.parse("1.6")).value == Decimal(string: "1.6"))
        #expect(try #require(belgium.parse("2.50")).fractionDigits == 2)
        #expect(belgium.parse("1.6789") == nil)
    }

    @Test("Reads grouping written with any of the region's spaces")
    func readSpaces() throws {
        for text in ["1 234,56", "1\u{00A0}234,56", "1\u{202F}234,56"] {
            #expect(try #require(Self.russia.parse(text)).value == Decimal(string: "1234.56"))
        }
    }

    @Test("A plain space groups everywhere where the region groups with spaces; elsewhere only where little else is meant")
    func plainSpaces() throws {
        // Argentina lists no-break spaces only: a plain space separates two numbers, but where
        // nothing else can be meant.
        let argentina = NumberFormat(decimal: ",", grouping: ".", groupingAlternatives: ["\u{00A0}", "\u{202F}"])
        #expect(argentina.read(Array("15 128 GB".unicodeScalars), from: 0)?.value == 15)
        #expect(argentina.read(Array("25\u{00A0}000".unicodeScalars), from: 0)?.value == 25000)
        // Thousands of zeros, or several groups, are one number there too: "10 000 pasos".
        #expect(argentina.read(Array("10 000 pasos".unicodeScalars), from: 0)?.value == 10000)
        #expect(argentina.read(Array("1 250 300".unicodeScalars), from: 0)?.value == 1_250_300)
        #expect(argentina.read(Array("12 500 €".unicodeScalars), from: 0, amount: .symbolAfter)?.value == 12)
        // After a currency's sign a plain space groups in every region: "$ 1 290" is no peso and 290.
        #expect(argentina.read(Array("1 290".unicodeScalars), from: 0, amount: .symbolBefore)?.value == 1290)
        #expect(argentina.read(Array("1 290".unicodeScalars), from: 0)?.value == 1)
        // After thousands grouped with spaces, a "," or "." before one or two digits is the decimal
        // separator, even where the region groups with it: Peru's "S/ 1 250,50".
        let peru = NumberFormat(decimal: ".", grouping: ",", groupingAlternatives: ["\u{00A0}", "\u{202F}"])
        let soles = try #require(peru.read(Array("1 250,50".unicodeScalars), from: 0, amount: .symbolBefore))
        #expect(soles.value == Decimal(string: "1250.5"))
        #expect(soles.fractionDigits == 2)
        #expect(peru.read(Array("1,250,500".unicodeScalars), from: 0)?.value == 1_250_500)
        // Spain lists a plain space besides its dot: thousands of zeros or several groups, or an amount.
        let spain = NumberFormat(decimal: ",", grouping: ".", groupingAlternatives: [" ", "\u{00A0}"])
        #expect(spain.read(Array("5 825 GB".unicodeScalars), from: 0)?.value == 5)
        #expect(spain.read(Array("25 000".unicodeScalars), from: 0)?.value == 25000)
        #expect(spain.read(Array("1 250 000".unicodeScalars), from: 0)?.value == 1_250_000)
        #expect(spain.read(Array("12 500 €".unicodeScalars), from: 0)?.value == 12)
        #expect(spain.read(Array("12 500 €".unicodeScalars), from: 0, amount: .symbolAfter)?.value == 12500)
        // Russia groups with a no-break space: a plain one groups as well, always.
        #expect(Self.russia.read(Array("2 850".unicodeScalars), from: 0)?.value == 2850)
    }

    @Test("Stops where a number stops, and never groups in twos or fours")
    func boundaries() throws {
        let text = Array("12.5000 y 1.23".unicodeScalars)
        let first = try #require(Self.argentina.read(text, from: 0))
        #expect(first.value == 12)
        #expect(first.end == 2)
        #expect(Self.unitedStates.parse("1,2345") == nil)
        #expect(Self.unitedStates.parse("12,500")?.value == 12500)
        #expect(Self.argentina.read(Array("abc".unicodeScalars), from: 0) == nil)
    }

    @Test(
        "Reads a number grouped the other way round where nothing else can be meant, and nothing else",
        arguments: [
            // (format, text, value, decimals, end); value nil: not read as one number.
            (unitedStates, "1.250,00", "1250", 2, 8), (unitedStates, "1.250.000", "1250000", 0, 9),
            (unitedStates, "1.299,9", "1299.9", 1, 7), (argentina, "1,250.00", "1250", 2, 8),
            (argentina, "1,250,000 habitantes", "1250000", 0, 9), (russia, "1.299,90", "1299.9", 2, 8),
            (russia, "1,299.90", "1299.9", 2, 8),
            // One group alone is the region's own reading; a date, a version, three decimals are no such number.
            (unitedStates, "1.250", "1.25", 3, 5), (argentina, "1,250", "1.25", 3, 5), (argentina, "12.05.2020", "12.05", 2, 5),
            (unitedStates, "1.250,005", "1.25", 3, 5), (unitedStates, "1.250.000,5.3", "1.25", 3, 5),
            (unitedStates, "1234.567,89", "1234.567", 3, 8),
        ] as [(NumberFormat, String, String, Int, Int)])
    func readOtherConvention(format: NumberFormat, text: String, value: String, digits: Int, end: Int) throws {
        let reading = try #require(format.read(Array(text.unicodeScalars), from: 0))
        #expect(reading.value == Decimal(string: value), "\(text)")
        #expect(reading.fractionDigits == digits, "\(text)")
        #expect(reading.end == end, "\(text)")
    }

    @Test("A number grouped the other way round with more digits than a Decimal holds is too long, not cut")
    func otherConventionTooLong() {
        let text = Array(("1" + String(repeating: ".000", count: 13) + ",50").unicodeScalars)
        guard case .tooLong = Self.unitedStates.scan(text, from: 0) else {
            Issue.record("\(String(String.UnicodeScalarView(text))) is read as a number")
            return
        }
    }

    @Test("Reads back what it writes, in every separator style")
    func roundTrip() async {
        let formats = [Self.argentina, Self.unitedStates, Self.russia]
        await propertyCheck(count: 2000, input: Gen.int(in: 0...999_999_999_999), Gen.int(in: 0...99), Gen.int(in: 0...2)) {
            whole, cents, style in
            let format = formats[style]
            let value = Decimal(whole) + Decimal(cents) / 100
            let digits = cents == 0 ? 0 : 2
            let text = format.format(value, fractionDigits: digits)
            #expect(format.parse(text)?.value == value, "\(text)")
        }
    }
}

@Suite struct DecimalIntegerTests {
    @Test("A Decimal is an Int64 exactly when it is a whole number in range, whatever Foundation's conversion does past it")
    func exactIntegers() async {
        let cases: [(String, Int64?)] = [
            ("0", 0), ("-1", -1), ("9007199254740993", 9_007_199_254_740_993), ("9223372036854775807", .max),
            ("-9223372036854775808", .min), ("9223372036854775808", nil), ("-9223372036854775809", nil),
            ("18446744073709551616", nil), ("1e19", nil), ("1e30", nil), ("-1e30", nil), ("1.5", nil), ("123.000", 123),
        ]
        for (text, expected) in cases {
            #expect(Decimal(string: text)?.exactInt64 == expected, "\(text)")
        }
        #expect(Decimal.nan.exactInt64 == nil)
        await propertyCheck(count: 2000, input: Gen.int(in: Int.min...Int.max), Gen.int(in: -3...3)) { value, exponent in
            let decimal = Decimal(sign: value < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(value.magnitude))
            // value × 10^exponent in integers, nil where it is no integer or overflows.
            var exact: Int64? = Int64(value)
            for _ in 0..<max(exponent, 0) {
                exact = exact.flatMap { whole in
                    let (product, overflow) = whole.multipliedReportingOverflow(by: 10)
                    return overflow ? nil : product
                }
            }
            if exponent < 0 {
                let divisor = [1, 10, 100, 1000][-exponent]
                exact = value % divisor == 0 ? Int64(value / divisor) : nil
            }
            #expect(decimal.exactInt64 == exact, "\(value)e\(exponent)")
            let whole = exponent >= 0 || value % [1, 10, 100, 1000][-exponent] == 0
            #expect(decimal.isInteger == whole, "\(value)e\(exponent)")
        }
    }
}

@Suite struct SpellCacheTests {
    @Test("The spell cache gives back what was put under the same key or nothing, never another key's words")
    func exactKeys() async {
        // Few numbers, rule sets and decimals, so keys meet in the same slots again and again;
        // decimals, large and negative numbers included.
        let values: [Decimal] = [
            0, 1, -1, 21, 1000, 1_000_000, Decimal(Int64.max), Decimal(string: "9223372036854775808") ?? 0,
            Decimal(string: "1.2") ?? 0, Decimal(string: "-0.5") ?? 0, Decimal(string: "3.4") ?? 0, Decimal(string: "4.50") ?? 0,
        ]
        // Names of one length, which the slot does not tell apart: only the key's comparison does.
        let ruleSets = ["%spellout-cardinal-feminine", "%spellout-ordinal-masculine", "%spellout-cardinal-masculin"]
        // A number for each value, rule set and count of decimals.
        let key = Gen.int(in: 0...(values.count * ruleSets.count * 3 - 1))
        await propertyCheck(count: 200, input: key.array(of: 1...400)) { keys in
            let cache = SpellCache()
            var stored: [String: String] = [:]
            for (step, number) in keys.enumerated() {
                let (value, ruleSet, digits) = (
                    number % values.count, number / values.count % ruleSets.count, number / values.count / ruleSets.count
                )
                let key = SpellCache.Key(values[value], ruleSet: ruleSets[ruleSet], fractionDigits: digits)
                let name = "\(value) \(ruleSet) \(digits)"
                if let found = cache[key] { #expect(found == stored[name], "\(name)") }
                cache[key] = "words \(name) \(step)"
                stored[name] = "words \(name) \(step)"
                #expect(cache[key] == stored[name], "\(name)")
            }
        }
    }
}

@Suite struct DataNodeTests {
    @Test("Keeps the line and column of every value")
    func locations() throws {
        let parsed = try DataNode.parse("a: 1\nb:\n  c: \"x\"\n", origin: "t.yaml")
        let root = try #require(parsed)
        var reader = DataReader()
        let read = reader.fields(root, "the file", required: ["a", "b"])
        let fields = try #require(read)
        #expect(fields["a"]?.location == SourceLocation(file: "t.yaml", line: 1, column: 4))
        let b = try #require(fields["b"])
        let readInner = reader.fields(b, "b", required: ["c"])
        let inner = try #require(readInner)
        #expect(inner["c"]?.location.line == 3)
        #expect(inner["c"]?.isQuoted == true)
        #expect(inner["c"]?.location(atCharacter: 0).column == 7)
    }

    @Test("A syntax error names the file, line and column")
    func syntaxError() {
        #expect(throws: DataError.self) { _ = try DataNode.parse("a: [1, 2\nb: 3\n", origin: "bad.yaml") }
        do {
            _ = try DataNode.parse("a: b: c\n", origin: "bad.yaml")
        } catch {
            #expect(
                error.description
                    == "bad.yaml:1:5: invalid YAML: mapping values are not allowed in this context — check the quotes, colons and indentation here"
            )
        }
    }

    @Test("Unknown keys get the nearest allowed key; missing keys are named")
    func keys() throws {
        let parsed = try DataNode.parse("langauge: es\n", origin: "r.yaml")
        let root = try #require(parsed)
        var reader = DataReader()
        _ = reader.fields(root, "the region file", required: ["language", "name"])
        #expect(
            reader.diagnostics.diagnostics.map(\.description) == [
                "r.yaml:1:1: unknown key 'langauge' in the region file — did you mean 'language'?",
                "r.yaml:1:1: the region file has no 'language' — add 'language: …'",
                "r.yaml:1:1: the region file has no 'name' — add 'name: …'",
            ])
    }

    @Test("Refuses a file that aliases expand beyond its size, quickly: nine nested aliases would be a billion values")
    func aliasBomb() {
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        let letters = Array("abcdefghij")
        for level in 1...9 {
            bomb +=
                "\(letters[level]): &\(letters[level]) [" + Array(repeating: "*\(letters[level - 1])", count: 10).joined(separator: ", ")
                + "]\n"
        }
        do {
            _ = try DataNode.parse(bomb, origin: "bomb.yaml")
            Issue.record("the bomb was read")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(
                error.description.hasSuffix(
                    "aliases expand this file to more values than it has characters — write the values out instead of repeating them with *aliases"
                ))
        }
        // A single alias is only a repetition: it is read.
        let node = try? DataNode.parse("base: [1, 2]\nother: &b x\nagain: *b\n", origin: "r.yaml")
        #expect(node?.scalar == nil && node != nil)
    }

    @Test("Never crashes on arbitrary text, and every diagnostic lies inside it")
    func arbitraryText() async {
        await propertyCheck(count: 3000, input: TextGen.text(0...60)) { text in
            do throws(DataError) {
                _ = try DataNode.parse(text, origin: "x.yaml")
            } catch {
                // Lines as libYAML counts them: LF, CR, CR LF, NEL, LS and PS all end one.
                let lines = YAMLSource(text, origin: "x.yaml").lineCount
                for diagnostic in error.diagnostics {
                    #expect((1...lines).contains(diagnostic.location.line), "\(diagnostic)")
                }
            }
        }
    }
}
