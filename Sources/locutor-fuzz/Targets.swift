import Foundation
import LocutorAudit
import LocutorCore
import LocutorReview

/// Display text in every region.
enum NormalizerTarget {
    static func run(_ text: String) {
        // White space and control characters only (the normalizer reads a control character as a space).
        let blank = text.isBlankWhenSaid
        for normalizer in Voices.normalizers {
            do {
                let utterance = try normalizer.utterance(for: text)
                if blank { Law.violated("a blank text is refused, not said", input: text) }
                Law.checkExports(utterance, region: normalizer.profile.id, input: text)
            } catch {
                if error.description.isEmpty { Law.violated("every input error says what is wrong", input: text) }
                if !blank && error == .emptyText { Law.violated("only a blank text is empty", input: text) }
            }
        }
    }
}

/// A JSON price component in every region.
enum PriceComponentTarget {
    static func run(_ text: String) {
        let component: PriceComponent
        do {
            component = try PriceComponent(json: text)
        } catch {
            if error.description.isEmpty { Law.violated("every input error says what is wrong", input: text) }
            return
        }
        // A JSON number is read from its text, never through a Double: the same component with
        // its numbers quoted has the same amounts (or the unquoted one was refused).
        if let quoted = Law.quotingNumbers(text), quoted != text, let exact = try? PriceComponent(json: quoted),
            exact.price != component.price || exact.previous != component.previous
        {
            Law.violated(
                "a JSON number keeps every digit", input: text,
                "\(String(describing: component.price)) ≠ \(String(describing: exact.price))")
        }
        for normalizer in Voices.normalizers {
            do {
                let utterance = try normalizer.verbalizer.utterance(for: component)
                Law.checkExports(utterance, region: normalizer.profile.id, input: text)
            } catch {
                if error.description.isEmpty { Law.violated("every input error says what is wrong", input: text) }
            }
        }
    }
}

/// A region file and a language file, each replaced by the input among the real files.
enum VoicesTarget {
    /// What a profile that loads must still say without crashing.
    static let probes = [
        "$ 1.299.900", "$899.900", "$ 32.999,99", "-$ 1.000", "US$ 100", "12 cuotas de $ 2.749", "19% OFF", "19 %",
        "2 bd. • 75 m²", "3 amb. · 2 dorm.", "n°5", "±3", "CO₂", "120 km/h", "5 kWh/m²", "12/05/2020", "18:45", "18:00",
        "1 - 2 dorm.", "$ 1.000 - $ 2.000", "foto 1/3", "2nd", "до 1812", "21 cuotas", "1.000.000 m", "c/u", "12y",
    ]
    static let components = [
        #"{"previous": "6500", "price": "5249", "discount": 19}"#, #"{"price": "1000", "type": "negative"}"#,
        #"{"price": "1000", "type": "previous", "suffix": "unit"}"#, #"{"price": "21.01", "installments": 21, "suffix": "month"}"#,
        #"{"price": "99.99", "currency": "USD", "suffix": "c/u"}"#, #"{"price": "1000000", "currency": "BRL"}"#,
    ]

    static func run(_ text: String) {
        Law.checkYAMLReaders(text)
        for path in ["es-AR.yaml", "es.yaml"] {
            let library = RegionLibrary(source: Voices.source.replacing([path: text]))
            let profile: RegionProfile
            do {
                profile = try library.profile(RegionID("es-AR"))
            } catch {
                Law.checkDiagnostics(error, file: "voices/" + path, text: text)
                continue
            }
            let normalizer = Normalizer(profile: profile)
            for probe in probes {
                if let utterance = try? normalizer.utterance(for: probe) {
                    Law.checkExports(utterance, region: profile.id, input: probe)
                }
            }
            for json in components {
                if let component = try? PriceComponent(json: json), let utterance = try? normalizer.verbalizer.utterance(for: component) {
                    Law.checkExports(utterance, region: profile.id, input: json)
                }
            }
        }
    }
}

/// RBNF rule text, parsed and then used.
enum RBNFTarget {
    static let values: [Decimal] = [
        0, 1, 2, 5, 11, 21, 100, 101, 1000, 1001, 21000, 1_234_567, -3, Decimal(string: "1.5") ?? 0,
        Decimal(string: "0.25") ?? 0, Decimal(string: "123.456") ?? 0, Decimal(string: "-0.5") ?? 0,
        Decimal(string: "1000000000000007") ?? 0, Decimal(Int64.max), Decimal(Int64.min),
        Decimal(string: "100000000000000000000") ?? 0, Decimal(string: "0.000000000000000000001") ?? 0,
    ]

    static func run(_ text: String) {
        let origin = "voices/cldr/rbnf/fuzz.rbnf"
        // Russian plural rules, so `$(cardinal,…)$` and `$(ordinal,…)$` forms have categories to choose from.
        for (separator, language) in [(Unicode.Scalar(","), "ru"), (".", "en")] {
            do {
                let format = try RuleBasedNumberFormat(
                    rules: text, origin: origin, decimalSeparator: separator,
                    plurals: Voices.plurals[language])
                for name in format.ruleSetNames.prefix(16) {
                    for value in values {
                        do {
                            let words = try format.format(value, ruleSet: name)
                            _ = words
                        } catch {
                            if error.description.isEmpty { Law.violated("every spell-out error says what is wrong", input: text) }
                        }
                    }
                }
            } catch {
                Law.checkDiagnostics(error, file: origin, text: text)
            }
        }
    }
}

/// A plural rule file, loaded and then used.
enum PluralsTarget {
    static let numbers = [
        "0", "1", "2", "3", "5", "11", "21", "22", "25", "101", "1000000", "1.5", "0.0", "1.00", "2.1", "-7",
        "1c6", "1.1c6", "12345678901234567890", "0.000001",
    ]
    static let operands = numbers.compactMap(PluralOperands.init)

    static func run(_ text: String) {
        Law.checkYAMLReaders(text)
        let origin = "voices/cldr/plurals.yaml"
        do {
            let book = try PluralRuleBook(yaml: text, origin: origin)
            for language in book.languages {
                guard let rules = book[language] else { Law.violated("a language the book lists has rules", input: text, language) }
                for operand in operands { _ = rules.category(for: operand) }
            }
        } catch {
            Law.checkDiagnostics(error, file: origin, text: text)
        }
    }
}

/// A catalog file: it loads with located diagnostics, and every sample of it is said in its
/// regions without breaking an export law.
enum CatalogTarget {
    static let library = RegionLibrary(source: Voices.source)
    static let utterances = Utterances(library: library)

    static func run(_ text: String) {
        Law.checkYAMLReaders(text)
        let catalog: Catalog
        do {
            catalog = try Catalog(yaml: text, origin: "catalog.yaml", knownRegions: library.regionIDs)
        } catch {
            Law.checkDiagnostics(error, file: "catalog.yaml", text: text)
            return
        }
        for (sample, region) in catalog.items.prefix(50) {
            if !Catalog.isValidID(sample.id) || sample.id.utf8.count > Catalog.maximumIDLength {
                Law.violated("a catalog that loads has only ids that name files", input: text, sample.id)
            }
            if let utterance = try? utterances.utterance(of: sample, in: region) {
                Law.checkExports(utterance, region: region, input: sample.input(for: region))
            }
        }
    }
}

/// A string file in each format the audit reads: it is read or refused with a location inside
/// the file, every string read is located inside the file, and its placeholders come apart into
/// at most 16 readings.
enum StringsTarget {
    static let paths: [(StringFileFormat, String)] = [
        (.strings, "App/es-AR.lproj/Localizable.strings"), (.stringsdict, "App/es-AR.lproj/Localizable.stringsdict"),
        (.xcstrings, "App/Localizable.xcstrings"), (.android, "res/values-es-rAR/strings.xml"), (.json, "locales/es-AR.json"),
    ]

    static func run(_ data: Data) {
        let input = String(decoding: data, as: UTF8.self)
        // Lines as the readers count them (LF); UTF-16 text has about half as many bytes per line.
        let lines = data.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        for (format, path) in paths {
            let strings: [AppString]
            do {
                strings = try format.read(data, path: path, name: path)
            } catch {
                if error.problem.isEmpty { Law.violated("every string-file error says what is wrong", input: input, "\(error)") }
                if error.location.line < 1 || error.location.line > lines || error.location.column < 1 {
                    Law.violated("a string-file error points inside the file (\(lines) lines)", input: input, "\(format): \(error)")
                }
                continue
            }
            for string in strings {
                if string.location.line < 1 || string.location.line > lines || string.location.column < 1 {
                    Law.violated("every string read is located inside the file", input: input, "\(format): \(string.location)")
                }
                let readings = Placeholders.readings(of: string.text, plural: string.plural)
                if readings.isEmpty || readings.count > 16 {
                    Law.violated(
                        "a string has 1 to 16 readings", input: input, "\(format): \(readings.count) for \(string.text.debugDescription)")
                }
                for reading in readings { _ = reading.restoring(reading.text) }
            }
        }
    }
}
