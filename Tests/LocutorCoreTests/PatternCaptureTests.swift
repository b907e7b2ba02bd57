import Foundation
import Testing

@testable import LocutorCore

/// The captures and formats a language's patterns may use, each checked on a pattern written for
/// the test (so the shipped data can change without these tests changing).
@Suite struct PatternCaptureTests {
    static func spanish(_ patterns: String) throws -> Normalizer {
        try NormalizerPrecedenceTests.spanish(adding: patterns)
    }

    static func english(_ patterns: String) throws -> Normalizer {
        let english = (VoiceFixtures.files["en.yaml"] ?? "").replacingOccurrences(of: "\npatterns:\n", with: "\npatterns:\n" + patterns)
        return Normalizer(profile: try VoiceFixtures.library(replacing: ["en.yaml": english]).profile(RegionID("en-US")))
    }

    @Test("{roman} reads canonical capital numerals only, as their value, and the label keeps them")
    func roman() throws {
        let normalizer = try Self.spanish("  - match: \"siglo {roman}\"\n    say: \"siglo {1:%spellout-numbering}\"\n")
        let utterance = try normalizer.utterance(for: "el siglo XXI")
        #expect(utterance.words == "el siglo veintiuno")
        #expect(utterance.label == "el siglo XXI")
        #expect(try normalizer.utterance(for: "siglo MCMXCIX").words == "siglo mil novecientos noventa y nueve")
        for written in ["IIII", "IC", "xxi", "XXIa", "VV"] {
            #expect(try normalizer.utterance(for: "siglo \(written)").words == "siglo \(written)", "\(written)")
        }
        for value in 1...3999 { #expect(RomanNumeral.value(RomanNumeral.written(value)) == value) }
    }

    @Test("An {integer} written with leading zeros says them, in the words and the label")
    func leadingZeros() throws {
        let normalizer = try Self.spanish("  - match: \"código {integer}\"\n    say: \"código {1}\"\n")
        let utterance = try normalizer.utterance(for: "código 007")
        #expect(utterance.words == "código cero cero siete")
        #expect(utterance.label == "código 007")
        #expect(try normalizer.utterance(for: "código 000").words == "código cero cero cero")
        #expect(try normalizer.utterance(for: "código 70").words == "código setenta")
    }

    @Test("{day2} and {month2} take exactly two digits")
    func twoDigits() throws {
        let normalizer = try Self.spanish("  - match: \"el {day2}/{month2}\"\n    say: \"el día {1:day} del mes {2:month}\"\n")
        #expect(try normalizer.utterance(for: "el 05/09").words == "el día cinco del mes septiembre")
        #expect(try !normalizer.utterance(for: "el 5/9").words.contains("del mes"))
        #expect(try !normalizer.utterance(for: "el 05/13").words.contains("del mes"))
    }

    @Test("24h puts an hour on the 24-hour clock by the pattern's AM or PM; day-part says CLDR's part of the day")
    func hours() throws {
        let normalizer = try Self.spanish(
            "  - match: \"{hour} {day-period}\"\n    say: \"las {1:24h} horas, {1} {1:day-part}\"\n")
        let said = try normalizer.utterance(for: "8 p. m.").words
        #expect(said == "las veinte horas, ocho de la noche", "\(said)")
        #expect(try normalizer.utterance(for: "12 a. m.").words == "las cero horas, doce de la madrugada")
        #expect(try normalizer.utterance(for: "12 p. m.").words == "las doce horas, doce de la tarde")
        #expect(try normalizer.utterance(for: "7 a. m.").words == "las siete horas, siete de la mañana")
        let feminine = try Self.spanish(
            "  - match: \"{hour} {day-period}\"\n    say: \"{1:24h:%spellout-cardinal-feminine}\"\n")
        #expect(try feminine.utterance(for: "9 p. m.").words == "veintiuna")
    }

    @Test("plural: chooses a text by the number's plural category; singular says a unit in the singular")
    func pluralAndSingular() throws {
        let normalizer = try Self.spanish(
            """
              - match: "a las {hour}"
                say: "{1:plural:one=a la,other=a las} {1:%spellout-cardinal-feminine}"
              - match: "{amount}/{unit}"
                say: "{1} por {2:singular}"

            """)
        #expect(try normalizer.utterance(for: "a las 1").words == "a la una")
        #expect(try normalizer.utterance(for: "a las 3").words == "a las tres")
        #expect(try normalizer.utterance(for: "$ 20/kg").words == "veinte pesos por kilogramo")
    }

    @Test("A pattern named with '_' is a part of others only, never matched on its own")
    func partPatterns() throws {
        let normalizer = try Self.spanish(
            """
              - name: _pm
                match: "{one-of:pm,PM}"
                say: "de la tarde"
              - match: "{hour} {_pm}"
                say: "{1} {2}"

            """)
        #expect(try normalizer.utterance(for: "5 PM").words == "cinco de la tarde")
        #expect(try normalizer.utterance(for: "PM").words == "PM")
    }

    @Test("Month and weekday names the language writes with a capital match only with one; hyphenated names match whole")
    func calendarNames() throws {
        let normalizer = try Self.english("  - match: \"{month-name} {day}\"\n    say: \"{1:month} {2:ordinal}\"\n")
        #expect(try normalizer.utterance(for: "May 2").words == "May second")
        #expect(try normalizer.utterance(for: "MAY 2").words == "May second")
        #expect(try normalizer.utterance(for: "you may 2").words == "you may two")
        // Spanish writes months in lower case: any case matches.
        let spanish = try Self.spanish("  - match: \"{month-name} {day}\"\n    say: \"{1:month} {2}\"\n")
        #expect(try spanish.utterance(for: "Mayo 2").words == "mayo dos")
        #expect(try spanish.utterance(for: "mayo 2").words == "mayo dos")
        let portuguese = (VoiceFixtures.files["pt.yaml"] ?? "").replacingOccurrences(
            of: "\npatterns:\n", with: "\npatterns:\n  - match: \"{weekday} já\"\n    say: \"{1:weekday} já\"\n")
        let brazil = Normalizer(profile: try VoiceFixtures.library(replacing: ["pt.yaml": portuguese]).profile(RegionID("pt-BR")))
        #expect(try brazil.utterance(for: "segunda-feira já").words == "segunda-feira já")
        #expect(try brazil.utterance(for: "seg. já").words == "segunda-feira já")
    }

    @Test("{name} is a capitalized word; {two-digits} two digits; digits says a number digit by digit as written")
    func namesAndDigits() throws {
        let normalizer = try Self.spanish(
            """
              - match: "{name} {integer}-{integer} {name}"
                say: "{1} {2} a {3} {4}"
              - match: "US$ {integer}.{two-digits}"
                say: "{1} dólares con {2} centavos"
              - match: "tarjeta •••• {integer}"
                say: "tarjeta terminada en {1:digits}"

            """)
        #expect(try normalizer.utterance(for: "Brugge 3-1 Anderlecht").words == "Brugge tres a uno Anderlecht")
        #expect(try normalizer.utterance(for: "US$ 9.05").words == "nueve dólares con cinco centavos")
        let card = try normalizer.utterance(for: "tarjeta •••• 0421")
        #expect(card.words == "tarjeta terminada en cero cuatro dos uno")
        #expect(card.label == "tarjeta terminada en 0421")
    }

    @Test("A Roman numeral may be followed by a lower-case ending the pattern reads; no pattern starts inside a word")
    func romanEndingsAndWords() throws {
        let normalizer = try Self.spanish(
            """
              - match: "{roman}e"
                say: "{1:%spellout-ordinal-masculine}"
              - match: "{one-of:O2}"
                say: "oxígeno"

            """)
        #expect(try normalizer.utterance(for: "XXIe").words == "vigésimo primero")
        #expect(try normalizer.utterance(for: "nivel O2").words == "nivel oxígeno")
        #expect(try normalizer.utterance(for: "CuO2").words == "CuO2")
    }

    @Test("Words can govern any case; decimals as a number after a word; the zero before a fraction below one")
    func grammar() throws {
        // Russian names its case rule sets and the prepositions that govern them as data.
        let russianData = VoiceFixtures.files["ru.yaml"] ?? ""
        #expect(russianData.contains("\ncase-prepositions:\n") && russianData.contains("\n  dative:\n"))
        let normalizer = Normalizer(profile: try VoiceFixtures.library(replacing: [:]).profile(RegionID("ru-RU")))
        #expect(try normalizer.utterance(for: "0,5").words == "ноль целых пять десятых")
        #expect(try normalizer.utterance(for: "к 5 рублям").words.hasPrefix("к пяти"))
        // A noun written in a case no word before governs says the number's case: a verb's
        // object, the instrumental after «с».
        #expect(try normalizer.utterance(for: "Займёт 1 минуту").words == "Займёт одну минуту")
        #expect(try normalizer.utterance(for: "с 1 минутой").words == "с одной минутой")
        #expect(try normalizer.utterance(for: "2 минуты").words == "две минуты")
        // Spanish names both separators' words: the one the rules say is the one followed by a number.
        let spanish = VoiceFixtures.files["es.yaml"] ?? ""
        #expect(spanish.contains("\n  decimals-as-number-after: [coma, punto]\n"))
        let byDigit = spanish.replacingOccurrences(of: "\n  decimals-as-number-after: [coma, punto]\n", with: "\n")
        let digits = Normalizer(profile: try VoiceFixtures.library(replacing: ["es.yaml": byDigit]).profile(RegionID("es-AR")))
        #expect(try digits.utterance(for: "2,25").words == "dos coma dos cinco")
        #expect(try VoiceFixtures.words("2,25", "es-AR") == "dos coma veinticinco")
        #expect(try VoiceFixtures.words("2.25", "es-MX") == "dos punto veinticinco")
        #expect(try VoiceFixtures.words("1,5 toneladas", "es-AR") == "uno coma cinco toneladas")
        #expect(try VoiceFixtures.words("2,25", "fr-BE") == "deux virgule vingt-cinq")
        #expect(try VoiceFixtures.words("2,05", "fr-BE") == "deux virgule zéro cinq")
        #expect(try VoiceFixtures.words("2,50", "fr-BE") == "deux virgule cinquante")
        // Up to three decimals: more are digits, as CLDR says them.
        #expect(try VoiceFixtures.words("0,125", "fr-BE") == "zéro virgule cent vingt-cinq")
        #expect(try VoiceFixtures.words("0,1250", "es-ES") == "cero coma uno dos cinco cero")
        #expect(try VoiceFixtures.words("0.00271500", "es-MX") == "cero punto cero cero dos siete uno cinco cero cero")
    }

    @Test("A capitalized word no data knows is a name, not a noun a number agrees with, when it reads as one")
    func placeNames() throws {
        #expect(try VoiceFixtures.words("Voo 1201 Santa Maria", "pt-BR") == "Voo mil duzentos e um Santa Maria")
        #expect(try VoiceFixtures.words("LA 2021 Lima", "es-AR") == "LA dos mil veintiuno Lima")
        #expect(try VoiceFixtures.words("21 Noches", "es-AR") == "veintiuna Noches")
        #expect(try VoiceFixtures.words("1 Habitación", "es-AR") == "una Habitación")
    }

    @Test("The first number of a range or a choice written in words agrees with the noun after the second")
    func rangeWords() throws {
        #expect(try VoiceFixtures.words("1 a 2 cucharadas", "es-AR") == "una a dos cucharadas")
        #expect(try VoiceFixtures.words("1 ou 2 tasses", "fr-BE") == "une ou deux tasses")
        #expect(try VoiceFixtures.words("1 a 2", "es-AR") == "uno a dos")
        // The masculine's short form stands right before its noun only; a unit written short counts.
        #expect(try VoiceFixtures.words("1 o 2 vasos", "es-AR") == "uno o dos vasos")
        #expect(try VoiceFixtures.words("1 a 2 h", "es-ES") == "una a dos horas")
        #expect(try VoiceFixtures.words("1 para 2 personas", "es-AR").hasPrefix("uno para"))
    }

    @Test("A count out of a total whose denominator names no parts: 'de', 'sur', 'из' and the total")
    func outOf() throws {
        #expect(try VoiceFixtures.words("28/39", "es-ES") == "veintiocho de treinta y nueve")
        #expect(try VoiceFixtures.words("Стресс 32/40", "ru-RU") == "Стресс тридцать два из сорока")
        #expect(try VoiceFixtures.words("3/4", "es-ES") == "tres cuartos")
        #expect(try VoiceFixtures.words("5/16", "en-US") == "five sixteenths")
    }

    @Test("Abbreviations written in lower case also match capitalized; brackets and thin spaces")
    func typography() throws {
        let normalizer = try Self.spanish("")
        #expect(try normalizer.utterance(for: "Aprox. 5").words == "aproximadamente cinco")
        #expect(try normalizer.utterance(for: "APROX. 5").words == "APROX. cinco")
        #expect(try VoiceFixtures.words("4,8 (1\u{2009}532 avis)", "fr-BE") == "quatre virgule huit (mille cinq cent trente-deux avis)")
        #expect(try VoiceFixtures.words("1\u{2009}234 ₽", "ru-RU") == "тысяча двести тридцать четыре рубля")
    }

    @Test("A hyphen joining letters to a number read after it is dropped; no match ends between a number and its ordinal sign")
    func hyphenAndOrdinalSign() throws {
        #expect(try VoiceFixtures.words("Casos de COVID-19", "es-ES") == "Casos de COVID diecinueve")
        #expect(try VoiceFixtures.words("BR-101", "pt-BR") == "BR cento e um")
        #expect(try VoiceFixtures.words("2-3 días", "es-ES").hasPrefix("dos a tres"))
        #expect(try VoiceFixtures.words("1.500 - 3º andar", "pt-BR") == "mil e quinhentos - terceiro andar")
        #expect(try VoiceFixtures.words("1-3ª fila", "es-ES").hasSuffix("tercera fila"))
    }

    @Test("A number with no noun after it agrees with the noun the number before it counts, in the same sentence")
    func elidedNoun() throws {
        #expect(try VoiceFixtures.words("1 tableta con el almuerzo y 1 con la cena", "es-CO").hasSuffix("una con la cena"))
        #expect(try VoiceFixtures.words("Compre 2 camisetas e leve 1", "pt-BR") == "Compre duas camisetas e leve uma")
        // Another sentence, or a word that may be the number's own noun: no agreement.
        #expect(try VoiceFixtures.words("2 camisetas. Leve 1", "pt-BR") == "duas camisetas. Leve um")
        #expect(try VoiceFixtures.words("3 noites, 2 adultos", "pt-BR") == "três noites, dois adultos")
    }

    @Test("Four digits in years-alone, written alone, are a year; a bad range is a data error")
    func yearsAlone() throws {
        #expect(try VoiceFixtures.words("Bouwjaar: 1975", "nl-BE") == "Bouwjaar: negentien vijfenzeventig")
        #expect(try VoiceFixtures.words("1975 stappen", "nl-BE") == "duizend negenhonderdvijfenzeventig stappen")
        #expect(try VoiceFixtures.words("Steps: 1975", "en-US") == "Steps: one thousand nine hundred seventy-five")
        let (diagnostics, _) = VoiceFixtures.loadErrors(
            "nl.yaml", replacing: "years-alone: \"1900-2099\"", with: "years-alone: \"2099-1900\"", region: "nl-BE")
        #expect(diagnostics.first?.fix == "write it as \"1900-2099\"")
    }

    @Test("A word elided before what is read after it stays joined to it: l’E411, jusqu’à, not rock ’n’ roll's spaces")
    func elision() {
        #expect(Utterance.join(["Accident sur l’", "E quatre cent onze"]) == "Accident sur l’E quatre cent onze")
        #expect(Utterance.join(["jusqu’", "à"]) == "jusqu’à")
        #expect(Utterance.join(["d'", "Air France"]) == "d'Air France")
        #expect(Utterance.join(["les étudiants’", "cinq"]) == "les étudiants’ cinq")
        #expect(Utterance.join(["Levi's", "cinq cent un"]) == "Levi's cinq cent un")
    }
}
