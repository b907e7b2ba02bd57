import Foundation
import PropertyBased
import Testing

@testable import LocutorCore

@Suite struct RegionLoadingTests {
    static let regions = ["es-AR", "es-MX", "es-CO", "es-CL", "es-UY", "es-PE", "es-ES", "pt-BR", "en-US", "ru-RU", "fr-BE", "nl-BE"]

    @Test("All twelve regions load with no diagnostics")
    func allRegions() throws {
        let profiles = try VoiceFixtures.library.allProfiles()
        #expect(profiles.map(\.id.rawValue).sorted() == Self.regions.sorted())
    }

    @Test("The folder on disk loads the same regions")
    func folder() throws {
        let library = RegionLibrary(source: DataFolder(url: VoiceFixtures.folder, displayPrefix: "voices"))
        #expect(library.regionIDs.map(\.rawValue).sorted() == Self.regions.sorted())
        #expect(try library.profile(RegionID("fr-BE")).numbers.groupingSeparator == "\u{202F}")
    }

    @Test("An unknown region names the nearest one")
    func unknownRegion() {
        #expect(throws: DataError.self) { _ = try VoiceFixtures.profile("es-AX") }
        do {
            _ = try VoiceFixtures.profile("es-AX")
        } catch {
            #expect("\(error)" == "voices/es-AX.yaml:1:1: there is no region 'es-AX' — did you mean es-AR?")
        }
    }

    /// The diagnostics of loading es-AR with files changed.
    func problems(_ changes: [String: String], region: String = "es-AR") -> [String] {
        do {
            _ = try VoiceFixtures.library(replacing: changes).profile(RegionID(region))
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static let spanish = VoiceFixtures.files["es.yaml"] ?? ""
    static let argentina = VoiceFixtures.files["es-AR.yaml"] ?? ""

    @Test("A noun without a plural form the language needs is an error at the noun")
    func missingPluralForm() {
        let broken = Self.spanish.replacingOccurrences(
            of: "peso: { gender: masculine, one: peso, many: de pesos, other: pesos }",
            with: "peso: { gender: masculine, one: peso, other: pesos }")
        let line = Self.line(of: "  peso: {", in: broken)
        #expect(
            problems(["es.yaml": broken]) == [
                "voices/es.yaml:\(line):9: the noun 'peso' has no 'many' form — es needs the forms one, many, other"
            ])
    }

    @Test("A language file or currency list that is not YAML gives its syntax error alone, not what the region then misses")
    func syntaxErrorAlone() {
        let spanish = Self.spanish + "broken: [\n"
        let spanishProblems = problems(["es.yaml": spanish])
        #expect(spanishProblems.count == 1)
        #expect(spanishProblems.first?.hasPrefix("voices/es.yaml:") == true && spanishProblems.first?.contains("invalid YAML") == true)
        let currencies = (VoiceFixtures.files["currencies.yaml"] ?? "") + "broken: [\n"
        let currencyProblems = problems(["currencies.yaml": currencies])
        #expect(currencyProblems.count == 1)
        #expect(
            currencyProblems.first?.hasPrefix("voices/currencies.yaml:") == true && currencyProblems.first?.contains("invalid YAML") == true
        )
    }

    @Test("Unknown keys, currencies and rule sets are reported together, each with a suggestion")
    func severalProblems() {
        var broken = Self.argentina.replacingOccurrences(of: "currency: ARS", with: "currency: ARZ")
        broken = broken.replacingOccurrences(of: "voice:", with: "voise:")
        let spanish = Self.spanish.replacingOccurrences(
            of: "    feminine: \"%spellout-cardinal-feminine\"", with: "    feminine: \"%spellout-cardinal-femenine\"")
        let currencyLine = Self.line(of: "  currency: ARZ", in: broken)
        let voiceLine = Self.line(of: "voise:", in: broken)
        let ruleLine = Self.line(of: "    feminine: \"%spellout-cardinal-femenine\"", in: spanish)
        #expect(
            problems(["es-AR.yaml": broken, "es.yaml": spanish])
                == [
                    "voices/es-AR.yaml:\(Self.line(of: "region:", in: broken)):1: the region file has no 'voice' — add 'voice: …'",
                    "voices/es-AR.yaml:\(voiceLine):1: unknown key 'voise' in the region file — did you mean 'voice'?",
                    "voices/es-AR.yaml:\(currencyLine):13: unknown currency 'ARZ' — did you mean ARS?",
                    "voices/es.yaml:\(ruleLine):15: cldr/rbnf/es.rbnf has no rule set '%spellout-cardinal-femenine' — did you mean '%spellout-cardinal-feminine'?",
                ].sorted { Self.order($0, $1) })
    }

    @Test("A placeholder a phrase cannot use is reported at its column")
    func badPlaceholder() {
        let broken = Self.spanish.replacingOccurrences(
            of: "installments: \"{count:cuota} de {amount}\"",
            with: "installments: \"{count:couta} de {amont}\"")
        let line = Self.line(of: "  installments:", in: broken)
        #expect(
            problems(["es.yaml": broken]) == [
                "voices/es.yaml:\(line):18: the phrase 'installments' counts an unknown noun 'couta' — did you mean 'cuota'?",
                "voices/es.yaml:\(line):35: unknown placeholder {amont} in the phrase 'installments' — did you mean {amount}?",
            ])
    }

    @Test("A whole-word rewrite changes the number's word alone, never inside a longer word, and is one word")
    func wholeWordRewrite() throws {
        // Dutch: the number one alone is "één"; "eenentwintig", "honderdeen" keep their letters,
        // and a fraction's numerator of one is the language's own word ("een kwart").
        let said = try ["1", "21", "101", "1,5", "Gewonnen met 3-1", "¼ l", "3 1/3"].map { try VoiceFixtures.words($0, "nl-BE") }
        #expect(
            said == [
                "één", "eenentwintig", "honderdeen", "één komma vijf", "Gewonnen met drie één", "een kwart liter", "drie en een derde",
            ])
        expectProblem(
            "nl.yaml", region: "nl-BE", rewrite: "- { from: \"een\", to: \"één\", whole-word: true }",
            as: "- { from: \"een euro\", to: \"één euro\", whole-word: true }",
            column: 15,
            "a whole-word rewrite replaces one word, anywhere in the number — write one word without spaces in from, and leave out at-start"
        )
    }

    @Test("A rewrite with before changes a word only where that word ends its group: Spanish hundreds across mil, not millones")
    func beforeRewrite() throws {
        let said = try ["250.000 personas", "200.200.200 personas", "250.000.000.000 personas", "250.000 €", "221 mil personas"].map {
            try VoiceFixtures.words($0, "es-ES")
        }
        #expect(
            said == [
                "doscientas cincuenta mil personas", "doscientos millones doscientas mil doscientas personas",
                "doscientos cincuenta mil millones de personas", "doscientos cincuenta mil euros", "doscientas veintiuna mil personas",
            ])
        expectProblem(
            "es.yaml", region: "es-ES", rewrite: "- { from: \"cientos\", to: \"cientas\", before: mil,",
            as: "- { from: \"cientos\", to: \"cientas\", before: \"mil pesos\",", column: 49,
            "a rewrite with before replaces the end of one word, where a later word ends its group — write one word in before and in from, and leave out at-start and whole-word"
        )
    }

    @Test("Contractions join two words in a segment or across two, and a key of another length is refused")
    func contractions() throws {
        let said = try ["À partir de 1 €", "De 1 à 3 jours", "de 2 à 3 jours"].map { try VoiceFixtures.words($0, "fr-BE") }
        #expect(said == ["À partir d’un euro", "D’un à trois jours", "de deux à trois jours"])
        let text = VoiceFixtures.files["fr.yaml"] ?? ""
        let broken = text.replacingOccurrences(of: "contractions: { \"de un\":", with: "contractions: { \"de\":")
        #expect(broken != text)
        let line = Self.line(of: "contractions:", in: broken)
        #expect(
            problems(["fr.yaml": broken], region: "fr-BE") == [
                "voices/fr.yaml:\(line):17: 'de' is not two words — write the two words the contraction joins, such as \"de un\""
            ])
    }

    @Test("Place words make a letter after a number the place's, and a reach past twelve words is refused where it is written")
    func placeWords() throws {
        #expect(try VoiceFixtures.words("Kerkstraat 12A", "nl-BE") == "Kerkstraat twaalf A")
        let text = VoiceFixtures.files["nl.yaml"] ?? ""
        let broken = text.replacingOccurrences(of: "hof, pad, wal]\n  within: 4", with: "hof, pad, wal]\n  within: 40")
        #expect(broken != text)
        let line = Self.line(of: "  within: 40", in: broken)
        let found = problems(["nl.yaml": broken], region: "nl-BE")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("voices/nl.yaml:\(line):") == true)
    }

    @Test(
        "Powers say their exponent with the language's rule set; a say without {exponent} or an unknown rule set is refused where it is written"
    )
    func powers() throws {
        #expect(try VoiceFixtures.words("10⁻³", "ru-RU") == "десять в минус третьей степени")
        #expect(try VoiceFixtures.words("2^5", "en-US") == "two to the fifth")
        let shipped = "powers: { say: \"elevado a {exponent}\", rule-set: \"%spellout-numbering\""
        let noSlot = try problems(
            replacing: shipped, with: "powers: { say: \"elevado a\", rule-set: \"%spellout-numbering\"", in: "es.yaml")
        #expect(
            noSlot.found == ["voices/es.yaml:\(noSlot.line):16: the say of powers has no {exponent} — write it as \"elevado a {exponent}\""]
        )
        let unknown = try problems(
            replacing: shipped, with: "powers: { say: \"elevado a {exponent}\", rule-set: \"%spellout-numbring\"", in: "es.yaml")
        #expect(
            unknown.found == [
                "voices/es.yaml:\(unknown.line):50: unknown rule set '%spellout-numbring' — did you mean '%spellout-numbering'?"
            ])
    }

    @Test("A noun's ending after a number says its case where the word before may govern another; an unknown case is refused")
    func caseByEnding() throws {
        #expect(try VoiceFixtures.words("с 3 подходами", "ru-RU") == "с тремя подходами")
        #expect(try VoiceFixtures.words("с 3 лет", "ru-RU") == "с трёх лет")
        #expect(try VoiceFixtures.words("в 3 подходах", "ru-RU") == "в трёх подходах")
        let broken = try problems(
            replacing: "  prepositional: { after: [в, во, на, о, об, при], endings: [ах, ях] }",
            with: "  locative: { after: [в, во, на, о, об, при], endings: [ах, ях] }", in: "ru.yaml", region: "ru-RU")
        #expect(broken.found.count == 1)
        #expect(broken.found.first?.hasPrefix("voices/ru.yaml:\(broken.line):3: 'locative' is not a case") == true)
    }

    /// The problems of a region whose language file `file` has its shipped text `shipped` (which
    /// must be there) written `broken`, and the line `broken` is on.
    func problems(replacing shipped: String, with broken: String, in file: String, region: String = "es-AR") throws -> (
        line: Int, found: [String]
    ) {
        let text = VoiceFixtures.files[file] ?? ""
        try #require(text.contains(shipped))
        let changed = text.replacingOccurrences(of: shipped, with: broken)
        return (Self.line(of: broken, in: changed), problems([file: changed], region: region))
    }

    @Test("An article before a number with no noun gives it its gender, but capitals are a code's")
    func articleGenders() throws {
        #expect(try VoiceFixtures.words("a las 21", "es-MX") == "a las veintiuna")
        #expect(try VoiceFixtures.words("das 21 às 23", "pt-BR") == "das vinte e uma às vinte e três")
        #expect(try VoiceFixtures.words("LA 2021", "es-CL") != "LA dos mil veintiuna")
        #expect(try VoiceFixtures.words("a los 21", "es-MX") == "a los veintiuno")
    }

    /// Expects the one problem of a region whose language file has a shipped rewrite (`rewrite`,
    /// which must be there) written `broken`: `message`, at the rewrite's line and `column`.
    func expectProblem(_ file: String, region: String, rewrite: String, as broken: String, column: Int, _ message: String) {
        let text = VoiceFixtures.files[file] ?? ""
        #expect(text.contains(rewrite))
        let changed = text.replacingOccurrences(of: rewrite, with: broken)
        let line = Self.line(of: "    " + broken, in: changed)
        #expect(problems([file: changed], region: region) == ["voices/\(file):\(line):\(column): \(message)"])
    }

    @Test("A region's overrides replace the language's entries")
    func overrides() throws {
        let belgium = try VoiceFixtures.profile("fr-BE")
        #expect(try belgium.spellout.format.format(75, ruleSet: "%spellout-cardinal-masculine") == "septante-cinq")
        let changed = Self.argentina + "\nphrases:\n  discount: \"{percent} menos\"\n"
        let profile = try VoiceFixtures.library(replacing: ["es-AR.yaml": changed]).profile(RegionID("es-AR"))
        #expect(try Normalizer(profile: profile).verbalizer.utterance(for: PriceComponent(discount: 10)).words == "diez por ciento menos")
    }

    @Test("The loader never crashes on arbitrary text, and every diagnostic lies inside the file")
    func arbitraryRegionFile() async {
        await propertyCheck(count: 500, input: TextGen.text(0...80)) { text in
            Self.expectDiagnosticsInside(text, replacing: "es-AR.yaml")
        }
    }

    @Test("The loader never crashes on mutated real files")
    func mutatedFiles() async {
        let original = Array(Self.spanish.unicodeScalars)
        await propertyCheck(count: 300, input: Gen.int(in: 0...(original.count - 1)), TextGen.text(0...6)) { position, insertion in
            var scalars = original
            scalars.insert(contentsOf: insertion.unicodeScalars, at: position)
            let text = String(String.UnicodeScalarView(scalars))
            Self.expectDiagnosticsInside(text, replacing: "es.yaml")
        }
    }

    /// Loads es-AR with the voices file `name` replaced by `text`: whatever goes wrong, every
    /// diagnostic about that file names one of its lines.
    static func expectDiagnosticsInside(_ text: String, replacing name: String) {
        let library = VoiceFixtures.library(replacing: [name: text])
        do throws(DataError) {
            _ = try library.profile(RegionID("es-AR"))
        } catch {
            let lines = YAMLSource(text, origin: "").lineCount
            for diagnostic in error.diagnostics where diagnostic.location.file == "voices/" + name {
                #expect((1...lines).contains(diagnostic.location.line), "\(diagnostic)")
            }
        }
    }

    static func line(of prefix: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    /// DataError's order: file, line, column.
    static func order(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> (String, Int, Int) {
            let parts = s.split(separator: ":")
            return (String(parts[0]), Int(parts[1]) ?? 0, Int(parts[2]) ?? 0)
        }
        return key(a) < key(b)
    }
}
