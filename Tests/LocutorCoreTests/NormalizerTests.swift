import Foundation
import PropertyBased
import Testing

@testable import LocutorCore

@Suite struct NormalizerRecognizerTests {
    @Test(
        "Money inside free text",
        arguments: [
            ("es-AR", "12 cuotas de $ 2.749", "doce cuotas de dos mil setecientos cuarenta y nueve pesos"),
            ("pt-BR", "12x de R$ 108,32", "doze vezes de cento e oito reais e trinta e dois centavos"),
            ("ru-RU", "до 500 ₽", "до пятисот рублей"),
            ("es-AR", "Envío gratis desde $ 15.000", "Envío gratis desde quince mil pesos"),
            ("en-US", "Save $5 today", "Save five dollars today"),
        ])
    func moneyInText(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test(
        "Units, with singular, plural and gender",
        arguments: [
            ("en-US", "4 m", "four meters"), ("en-US", "1 m", "one meter"), ("en-US", "8 m²", "eight square meters"),
            ("en-US", "5 kWh", "five kilowatt hours"), ("en-US", "120 km/h", "one hundred twenty kilometers per hour"),
            ("en-US", "150 kWh/m²", "one hundred fifty kilowatt hours per square meter"), ("en-US", "21 °C", "twenty-one degrees Celsius"),
            ("es-AR", "1 h", "una hora"), ("es-AR", "21 h", "veintiuna horas"), ("es-AR", "75 m2", "setenta y cinco metros cuadrados"),
            ("fr-BE", "1 min", "une minute"), ("fr-BE", "75 m²", "septante-cinq mètres carrés"),
            ("nl-BE", "75 m²", "vijfenzeventig vierkante meter"), ("pt-BR", "2 kg", "dois quilogramas"),
            ("ru-RU", "3 мин", "три минуты"), ("ru-RU", "21 мин", "двадцать одна минута"), ("ru-RU", "5 км", "пять километров"),
            ("ru-RU", "2 ч", "два часа"),
        ])
    func units(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test("A unit is only a unit after a number, and never inside a word")
    func unitBoundaries() throws {
        #expect(try VoiceFixtures.words("m", "en-US") == "m")
        #expect(try VoiceFixtures.words("4 mesas", "es-AR") == "cuatro mesas")
        #expect(try VoiceFixtures.words("4 minutes", "en-US") == "four minutes")
    }

    @Test(
        "Abbreviations per language",
        arguments: [
            ("en-US", "bd.", "bedrooms"), ("en-US", "2 bd.", "two bedrooms"), ("en-US", "approx. 5", "approximately five"),
            ("fr-BE", "2 ch.", "deux chambres"), ("nl-BE", "3 slpk.", "drie slaapkamers"),
            ("es-AR", "$ 100 c/u", "cien pesos cada uno"), ("es-AR", "aprox. 3 amb.", "aproximadamente tres ambientes"),
        ])
    func abbreviations(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test(
        "Symbols",
        arguments: [
            ("en-US", "n°5", "number five"), ("en-US", "nº 5", "number five"), ("en-US", "±3", "plus or minus three"),
            ("en-US", "+/- 3", "plus or minus three"), ("en-US", "CO₂", "C O two"), ("en-US", "CO2 emissions", "C O two emissions"),
            ("fr-BE", "n°5", "numéro cinq"), ("nl-BE", "nr. 5", "nummer vijf"), ("ru-RU", "№ 5", "номер пять"),
            ("es-AR", "±2", "más o menos dos"),
        ])
    func symbols(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test("Bullets are pauses: a comma in text, a break in SSML")
    func pauses() throws {
        let utterance = try VoiceFixtures.utterance("2 bd. • 75 m² | 1 ba.", "en-US")
        #expect(utterance.words == "two bedrooms, seventy-five square meters, one bathroom")
        #expect(utterance.segments.filter(\.isPause).count == 2)
        #expect(
            utterance.ssml(language: "en-US").contains(
                "<sub alias=\"two bedrooms\">2 bd.</sub><break strength=\"medium\"/><sub alias=\"seventy-five square meters\">75 m²</sub>"))
    }

    @Test(
        "Ranges: from … to …, with the noun agreeing",
        arguments: [
            ("en-US", "1 - 2 bedrooms", "from one to two bedrooms"), ("en-US", "08:00 - 09:00", "from eight o'clock to nine o'clock"),
            ("en-US", "10,000 - 20,000.5", "from ten thousand to twenty thousand point five"),
            ("en-US", "$10 – $20", "from ten dollars to twenty dollars"),
            ("es-AR", "1 - 2 horas", "de una a dos horas"), ("fr-BE", "1 - 2 chambres", "de une à deux chambres"),
            ("nl-BE", "1 - 2 slaapkamers", "van één tot twee slaapkamers"),
            ("ru-RU", "2 - 3 мин", "от двух до трёх минут"), ("pt-BR", "1 - 2 quartos", "de um a dois quartos"),
        ])
    func ranges(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test("Fractions in context: photo 1/3 is one of three, never 1 and a slash")
    func fractions() throws {
        #expect(try VoiceFixtures.words("photo 1/3", "en-US") == "photo one of three")
        #expect(try VoiceFixtures.words("foto 2/5", "es-AR") == "foto dos de cinco")
        #expect(try VoiceFixtures.words("photo 1/3", "fr-BE") == "photo un sur trois")
        #expect(try VoiceFixtures.words("фото 1/3", "ru-RU") == "фото один из трёх")
        // A numerator with a leading zero is a month or a code, never a fraction ("Vence 09/27").
        #expect(try !VoiceFixtures.words("Vence 09/27", "es-AR").contains("avos"))
        // A denominator that names no parts people say counts out of a total; twelfths and
        // sixteenths stay fractions.
        #expect(try VoiceFixtures.words("3/27", "es-AR") == "tres de veintisiete")
        #expect(try VoiceFixtures.words("5/12", "es-AR") == "cinco doceavos")
    }

    @Test(
        "Ordinals",
        arguments: [
            ("en-US", "2nd", "second"), ("en-US", "21st floor", "twenty-first floor"), ("es-AR", "1.º piso", "primer piso"),
            ("es-AR", "3.ª planta", "tercera planta"), ("fr-BE", "1er étage", "premier étage"), ("fr-BE", "1re place", "première place"),
            ("fr-BE", "2e étage", "deuxième étage"), ("nl-BE", "2de verdieping", "tweede verdieping"), ("ru-RU", "2-й этаж", "второй этаж"),
            ("pt-BR", "1º andar", "primeiro andar"),
        ])
    func ordinals(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test(
        "Dates in the region's order",
        arguments: [
            ("en-US", "12/05/2020", "December fifth twenty twenty"), ("en-US", "2020-12-05", "December fifth twenty twenty"),
            ("fr-BE", "12/05/2020", "douze mai deux mille vingt"), ("fr-BE", "1/05/2020", "premier mai deux mille vingt"),
            ("nl-BE", "12/05/2020", "twaalf mei tweeduizend twintig"), ("es-AR", "12/05/2020", "doce de mayo de dos mil veinte"),
            ("es-AR", "1/05/2020", "primero de mayo de dos mil veinte"), ("es-ES", "1/05/2020", "uno de mayo de dos mil veinte"),
            ("pt-BR", "12/05/2020", "doze de maio de dois mil e vinte"),
            ("ru-RU", "12.05.2020", "двенадцатое мая две тысячи двадцатого года"),
        ])
    func dates(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test(
        "Times",
        arguments: [
            ("en-US", "18:45", "eighteen forty-five"), ("en-US", "9:05", "nine oh five"), ("en-US", "08:00", "eight o'clock"),
            ("fr-BE", "9h30", "neuf heures trente"), ("fr-BE", "1:00", "une heure"), ("es-AR", "18:45", "las dieciocho y cuarenta y cinco"),
            ("es-AR", "Hoy 18:45", "Hoy dieciocho y cuarenta y cinco"),
            ("nl-BE", "18:45", "achttien uur vijfenveertig"), ("ru-RU", "18:45", "восемнадцать часов сорок пять минут"),
            ("pt-BR", "8h", "oito horas"), ("pt-BR", "8h00", "oito horas"), ("pt-BR", "8h30", "oito e trinta"),
        ])
    func times(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }

    @Test(
        "Percentages and discount badges",
        arguments: [
            ("es-AR", "19% OFF", "diecinueve por ciento de descuento"), ("es-AR", "21%", "veintiuno por ciento"),
            ("en-US", "19% off", "nineteen percent off"), ("fr-BE", "19 %", "dix-neuf pour cent"),
            ("ru-RU", "21 %", "двадцать один процент"), ("ru-RU", "5%", "пять процентов"),
        ])
    func percentages(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }
}

@Suite struct ScalarClassTests {
    @Test("A letter is what Unicode calls alphabetic, in the tables' ranges and beyond them")
    func lettersAreAlphabetic() {
        // The tables (below U+0800, U+2000–U+21FF), their edges, and scripts past them.
        let ranges: [ClosedRange<UInt32>] = [0...0x0900, 0x1FC0...0x2240, 0x3000...0x30FF, 0x1F300...0x1F3FF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(scalar.isLetterLike == scalar.properties.isAlphabetic, "U+\(String(value, radix: 16, uppercase: true))")
            }
        }
    }
}

@Suite struct NormalizerGrammarTests {
    @Test(
        "Russian prepositions govern the genitive of the number and what it counts",
        arguments: [
            ("до 1812", "до тысячи восьмисот двенадцати"), ("до 500 ₽", "до пятисот рублей"), ("от 2 мин", "от двух минут"),
            ("около 21 мин", "около двадцати одной минуты"), ("свыше 1000 км", "свыше тысячи километров"),
            ("1812", "тысяча восемьсот двенадцать"), ("100 ₽", "сто рублей"),
        ])
    func russianGenitive(text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, "ru-RU") == words)
    }

    @Test("A bare number counts nothing; before a noun it takes the noun's gender")
    func agreement() throws {
        #expect(try VoiceFixtures.words("21", "es-AR") == "veintiuno")
        #expect(try VoiceFixtures.words("21 cuotas", "es-AR") == "veintiuna cuotas")
        #expect(try VoiceFixtures.words("21 habitaciones", "es-AR") == "veintiuna habitaciones")
        #expect(try VoiceFixtures.words("2 parcelas", "pt-BR") == "duas parcelas")
    }

    @Test("Labels keep digits in the region's format and say units and symbols in words")
    func labels() throws {
        #expect(try VoiceFixtures.label("75 m²", "es-AR") == "75 metros cuadrados")
        #expect(try VoiceFixtures.label("до 1812", "ru-RU") == "до 1\u{00A0}812")
        #expect(try VoiceFixtures.label("2 bd. • 75 m²", "en-US") == "2 bedrooms, 75 square meters")
        #expect(try VoiceFixtures.label("n°5", "en-US") == "number 5")
        #expect(try VoiceFixtures.label("12/05/2020", "en-US") == "December 5 2020")
    }
}

@Suite struct NormalizerPrecedenceTests {
    /// The normalizer of es-AR with extra patterns in the language file.
    static func spanish(adding patterns: String) throws -> Normalizer {
        let spanish = (VoiceFixtures.files["es.yaml"] ?? "").replacingOccurrences(of: "\npatterns:\n", with: "\npatterns:\n" + patterns)
        return Normalizer(profile: try VoiceFixtures.library(replacing: ["es.yaml": spanish]).profile(RegionID("es-AR")))
    }

    @Test("The longest match wins whatever the order: a date is not a range, a fraction not a slash")
    func longest() throws {
        #expect(try VoiceFixtures.words("2020-05-12", "es-AR") == "doce de mayo de dos mil veinte")
        #expect(try VoiceFixtures.words("foto 1/3", "es-AR") == "foto uno de tres")
        let normalizer = try Self.spanish(adding: "  - match: \"{integer}/{integer}\"\n    say: \"{1} barra {2}\"\n")
        #expect(try normalizer.utterance(for: "foto 1/3").words == "foto uno de tres")
        #expect(try normalizer.utterance(for: "1/3").words == "uno barra tres")
    }

    @Test("At equal length the pattern written first wins, and a region's patterns come before its language's")
    func order() throws {
        let normalizer = try Self.spanish(adding: "  - match: \"{number} %\"\n    say: \"{1} porciento\"\n")
        #expect(try normalizer.utterance(for: "5%").words == "cinco porciento")
        #expect(try VoiceFixtures.words("12/05/2020", "en-US") == "December fifth twenty twenty")
        #expect(try Normalizer(profile: VoiceFixtures.profile("en-US")).profile.writing.patterns.first?.name == "date")
    }

    @Test("A broken pattern is a data error at its file, line and column, never a crash")
    func brokenPattern() throws {
        let spanish = (VoiceFixtures.files["es.yaml"] ?? "").replacingOccurrences(
            of: "\npatterns:\n",
            with: "\npatterns:\n  - match: \"{numbr} -- {value\"\n    say: \"{1}\"\n  - match: \"{number}\"\n    say: \"{2:ordinl}\"\n")
        let lines = spanish.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (lines.firstIndex { $0.contains("{numbr}") } ?? 0) + 1
        do {
            _ = try VoiceFixtures.library(replacing: ["es.yaml": spanish]).profile(RegionID("es-AR"))
            Issue.record("a broken pattern loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "voices/es.yaml:\(first):13: unknown capture {numbr} — did you mean {number}?",
                    "voices/es.yaml:\(first):24: a '{' that is never closed in the pattern '{numbr} -- {value' — close the capture with '}'",
                    "voices/es.yaml:\(first + 3):11: {2:ordinl} does not name a capture of the match (it has 1) — refer to {1}…{1}",
                ])
        }
    }

    @Test(
        "{letters} reads a lower-case word of three letters or more, of the letters given; compound says the number as a word's first part")
    func lettersAndCompounds() throws {
        let normalizer = try Self.spanish(
            adding:
                "  - match: \"{integer}={letters:a-z,ñ}\"\n    say: \"{1:compound}+{2}\"\n  - match: \"{integer}~{letters}\"\n    say: \"{2}\"\n"
        )
        // Spanish names no compound rule set: the numbering one, its words written together.
        #expect(try normalizer.utterance(for: "21=niño").words == "veintiuno+niño")
        #expect(try normalizer.utterance(for: "3=año").words == "tres+año")
        // Two letters, a capital first, a letter out of the ranges: not read.
        #expect(try normalizer.utterance(for: "3=no").words != "tres+no")
        #expect(try normalizer.utterance(for: "3=Año").words != "tres+Año")
        #expect(try normalizer.utterance(for: "3=año€").words != "tres+año€")
        #expect(try normalizer.utterance(for: "3=añoé").words != "tres+añoé")
        #expect(try normalizer.utterance(for: "3~été").words == "été")
        // Russian names the genitive, and the words a compound takes in its place.
        #expect(try VoiceFixtures.words("1-этажный", "ru-RU") == "одноэтажный")
        #expect(try VoiceFixtures.words("21-дневный", "ru-RU") == "двадцатиоднодневный")
        #expect(try VoiceFixtures.words("5-day", "ru-RU") != "пятиday")
        let spanish = (VoiceFixtures.files["es.yaml"] ?? "").replacingOccurrences(
            of: "\npatterns:\n",
            with:
                "\npatterns:\n  - match: \"{integer}-{letters:a-z,zz}\"\n    say: \"{1}\"\n  - match: \"{integer}\"\n    say: \"{1:compund}\"\n"
        )
        let line =
            (spanish.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("{letters:a-z,zz}") } ?? 0) + 1
        do {
            _ = try VoiceFixtures.library(replacing: ["es.yaml": spanish]).profile(RegionID("es-AR"))
            Issue.record("a broken {letters:…} loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "voices/es.yaml:\(line):23: 'zz' in {letters:a-z,zz} is not a letter or a range of letters — write a letter, or the first and last of a range joined by '-': {letters:а-я,ё}",
                    "voices/es.yaml:\(line + 3):11: unknown format 'compund' — did you mean 'compound'?",
                ])
        }
    }

    @Test("A pattern's `alone` is said when its match is the whole text, spaces aside, and `say` everywhere else")
    func alone() throws {
        let normalizer = try Self.spanish(
            adding: "  - match: \"{integer}~{integer}\"\n    say: \"{1} a {2}\"\n    alone: \"de {2} a {1}\"\n")
        #expect(try normalizer.utterance(for: "3~4").words == "de cuatro a tres")
        #expect(try normalizer.utterance(for: " \u{00A0}3~4\t").words == "de cuatro a tres")
        #expect(try normalizer.utterance(for: "3~4.").words == "tres a cuatro.")
        #expect(try normalizer.utterance(for: "ya 3~4").words == "ya tres a cuatro")
        // Spanish clock times: the article only where the time stands alone.
        #expect(try VoiceFixtures.words("1:15", "es-ES") == "la una y quince")
        #expect(try VoiceFixtures.words("Llega 1:15", "es-ES") == "Llega una y quince")
        #expect(try VoiceFixtures.words("9:30 p. m.", "es-MX") == "las nueve y media de la noche")
        let (diagnostics, line) = VoiceFixtures.loadErrors(
            "es.yaml", replacing: "\npatterns:\n", with: "\npatterns:\n  - match: \"{integer}~\"\n    say: \"{1}\"\n    alone: \"{2}\"\n",
            region: "es-AR", marker: "alone: \"{2}\"")
        #expect(
            diagnostics.map(\.description) == [
                "voices/es.yaml:\(line):13: {2} does not name a capture of the match (it has 1) — refer to {1}…{1}"
            ])
    }

    @Test("A number of four to eight digits near a word that names a code is said digit by digit, within the sentence")
    func codes() throws {
        #expect(
            try VoiceFixtures.words("Seu código de acesso ao Gov.br é 5839", "pt-BR")
                == "Seu código de acesso ao Gov.br é cinco oito três nove")
        #expect(try VoiceFixtures.words("123456 is je Facebook-bevestigingscode", "nl-BE").hasPrefix("één twee drie vier vijf zes is"))
        // Too far, in another sentence, past another number, a year, a count, three digits: numbers.
        #expect(
            try VoiceFixtures.words("Código de uno dos tres cuatro cinco seis siete 4829", "es-AR").hasSuffix(
                "cuatro mil ochocientos veintinueve"))
        #expect(try VoiceFixtures.words("Sin código. Pagás 4829", "es-AR") == "Sin código. Pagás cuatro mil ochocientos veintinueve")
        #expect(try VoiceFixtures.words("Código 2 de 4829", "es-AR").hasSuffix("cuatro mil ochocientos veintinueve"))
        #expect(try VoiceFixtures.words("Código Penal de 1995", "es-ES").hasSuffix("mil novecientos noventa y cinco"))
        #expect(try VoiceFixtures.words("Usa el código y gana 1000 puntos", "es-ES").hasSuffix("mil puntos"))
        #expect(try VoiceFixtures.words("Tu código es el 482", "es-ES").hasSuffix("cuatrocientos ochenta y dos"))
        // Six digits or more after a number sign; a sign of letters only as a word of its own.
        #expect(try VoiceFixtures.words("Commande n° 4839201", "fr-BE") == "Commande numéro quatre huit trois neuf deux zéro un")
        #expect(try VoiceFixtures.words("Bestelling nr. 4839201", "nl-BE").hasSuffix("vier acht drie negen twee nul één"))
        #expect(try VoiceFixtures.words("Piano 123456", "fr-BE") == "Piano cent vingt-trois mille quatre cent cinquante-six")
        #expect(try VoiceFixtures.words("Commande n° 48392", "fr-BE") == "Commande numéro quarante-huit mille trois cent nonante-deux")
        // A code word before an `except` word names something else.
        #expect(try VoiceFixtures.words("Code postal : 1000", "fr-BE") == "Code postal : mille")
        let (diagnostics, line) = VoiceFixtures.loadErrors(
            "es.yaml", replacing: "comercial, orgánico], within: 6,", with: "comercial, orgánico], within: 40,", region: "es-AR",
            marker: "within: 40,")
        #expect(diagnostics.first?.location.line == line)
        #expect(diagnostics.first?.problem.contains("40") == true)
    }

    @Test("Digits alone that no count can be are said one by one: a leading zero, or too many to spell")
    func identifiers() throws {
        // A count would drop the zero of a postal code or a reference.
        #expect(try VoiceFixtures.words("08001 Barcelona", "es-ES") == "cero ocho cero cero uno Barcelona")
        #expect(try VoiceFixtures.words("Ref. 00123", "es-AR") == "referencia cero cero uno dos tres")
        #expect(try VoiceFixtures.words("Quedan 05 días", "es-AR").hasSuffix("cinco días"))
        #expect(try VoiceFixtures.words("0,50", "es-AR") == "cero coma cincuenta")
        // In a pattern too, from four digits; a count says no zero, "05" and "020" keep theirs.
        #expect(try VoiceFixtures.words("Vuelo AM 0401", "es-MX") == "Vuelo AM cero cuatro cero uno")
        #expect(try VoiceFixtures.words("Temporizador 05:00", "es-ES") == "Temporizador cinco minutos")
        #expect(try VoiceFixtures.words("Поезд 020У", "ru-RU").hasPrefix("Поезд ноль двадцать"))
        // Twenty digits are an account, not an error that loses the whole line.
        let account = "40702810900000012345"
        #expect(
            try VoiceFixtures.words("р/с " + account, "ru-RU")
                == "расчётный счёт четыре ноль семь ноль два восемь один ноль девять ноль ноль ноль ноль ноль ноль один два три четыре пять"
        )
        // Money that large, or digits written in groups, are still refused, never rounded.
        #expect(throws: InputError.self) { try VoiceFixtures.words("$ " + account, "es-AR") }
        #expect(throws: InputError.self) { try VoiceFixtures.words("12.345.678.901.234.567.890", "es-AR") }
    }

    @Test("A scale's letter before a dot and a letter is an abbreviation's, no thousand")
    func scaleInsideAbbreviation() throws {
        #expect(try VoiceFixtures.words("€ 350.000 k.k.", "nl-BE") == "driehonderdvijftigduizend euro kosten koper")
        #expect(try VoiceFixtures.words("€ 350k", "nl-BE") == "driehonderdvijftigduizend euro")
        #expect(try VoiceFixtures.words("4,5 тыс. ₽", "ru-RU") == "четыре целых пять десятых тысячи рублей")
    }

    @Test("A unit per a quantity is said in words in every language; `unit-per` says CLDR's written compound; a wrong one is a data error")
    func unitPerQuantity() throws {
        #expect(try VoiceFixtures.words("250 kcal/100 g", "es-ES") == "doscientas cincuenta kilocalorías por cien gramos")
        #expect(try VoiceFixtures.words("5,2 l/100 km", "fr-BE") == "cinq virgule deux litres aux cent kilomètres")
        // CLDR's name of the unit is written with digits ("liters per 100 kilometers"): not said.
        #expect(try VoiceFixtures.words("18 kWh/100km", "en-US") == "eighteen kilowatt hours per one hundred kilometers")
        #expect(try VoiceFixtures.words("5,2 л/100 км", "ru-RU") == "пять целых две десятых литра на сто километров")
        #expect(try VoiceFixtures.words("12 мг/л", "ru-RU") == "двенадцать миллиграммов на литр")
        let (diagnostics, line) = VoiceFixtures.loadErrors(
            "ru.yaml", replacing: "unit-per: \"{0} на {1}\"", with: "unit-per: \"{0} на\"", region: "ru-RU", marker: "unit-per:")
        #expect(
            diagnostics.map(\.description) == [
                "voices/ru.yaml:\(line):11: unit-per '{0} на' lacks {0} or {1} — write both: \"{0} на {1}\""
            ])
    }

    @Test("An abbreviation takes its dot; a month in full or a unit that ends a sentence leaves it to the sentence")
    func monthDot() throws {
        #expect(try VoiceFixtures.words("It fell in November.", "en-US") == "It fell in November.")
        #expect(try VoiceFixtures.words("Llega el 3 de diciembre.", "es-ES") == "Llega el tres de diciembre.")
        #expect(try VoiceFixtures.words("El 3 dic. 2025", "es-ES") == "El tres de diciembre de dos mil veinticinco")
        #expect(try VoiceFixtures.words("Sept. 5", "en-US") == "September fifth")
        // The dot of a unit's or a scale's abbreviation ends the sentence too where one ends there.
        #expect(try VoiceFixtures.words("Bereiding: 15 min. Oventijd", "nl-BE") == "Bereiding: vijftien minuten. Oventijd")
        #expect(try VoiceFixtures.words("Tot € 4,2 mld. Daarna", "nl-BE") == "Tot vier komma twee miljard euro. Daarna")
        #expect(try VoiceFixtures.words("3 slpk.", "nl-BE") == "drie slaapkamers")
        #expect(try VoiceFixtures.words("Nog 5 min. wachten", "nl-BE") == "Nog vijf minuten wachten")
        // Before a lowercase word, a number or a comma, the dot is the unit's own: no pause.
        #expect(try VoiceFixtures.words("Add 8 oz. water", "en-US") == "Add eight ounces water")
        // A measure before what it measures is one word: "12 oz. can" a twelve-ounce can.
        #expect(try VoiceFixtures.words("12 oz. can", "en-US") == "twelve-ounce can")
        #expect(try VoiceFixtures.words("2 lb. 3 oz., diced", "en-US") == "two pounds three ounces, diced")
        #expect(try VoiceFixtures.words("Bake 25 min. Let cool.", "en-US") == "Bake twenty-five minutes. Let cool.")
    }

    @Test("A day and month are a date after a word that dates something or before a time; no pattern ends inside a date")
    func dayMonthInContext() throws {
        #expect(try VoiceFixtures.words("Livraison : 3/12", "fr-BE") == "Livraison : trois décembre")
        // A pause between the date and the time: "diciembre diez" would be heard as the 10th.
        #expect(try VoiceFixtures.words("Actualizado 3/12 10:45", "es-ES") == "Actualizado tres de diciembre, diez y cuarenta y cinco")
        #expect(try VoiceFixtures.words("Arrives 12/3", "en-US") == "Arrives December third")
        // Alone, a proper fraction stays one.
        #expect(try VoiceFixtures.words("3/12", "es-ES") == "tres doceavos")
        // A pattern that would end before "/" and a digit is no match: the whole date is read.
        #expect(try VoiceFixtures.words("Publié le 05/11/2025", "fr-BE") == "Publié le cinq novembre deux mille vingt-cinq")
        // Nor before ":" and a digit: hours, minutes and seconds, not minutes and seconds.
        #expect(try VoiceFixtures.words("Таймер 01:25:07", "ru-RU").hasPrefix("Таймер один час двадцать пять минут"))
        #expect(try VoiceFixtures.words("Таймер 05:00", "ru-RU") == "Таймер пять минут")
    }

    @Test("A {year} is four digits from 1000 to 2999; {four-digits} reads any four")
    func yearsAndFourDigits() throws {
        #expect(try VoiceFixtures.words("12.03.2025", "ru-RU") == "двенадцатое марта две тысячи двадцать пятого года")
        #expect(try VoiceFixtures.words("СП 2.4.3648-20", "ru-RU").contains("апреля") == false)
        #expect(try VoiceFixtures.words("6500K", "pt-BR") == "seis mil e quinhentos kelvins")
        // Said digit by digit, a fixed-width capture keeps its width: "0100" zero um zero zero.
        #expect(try VoiceFixtures.words("0001234-56.2025.8.26.0100", "pt-BR").hasSuffix("dois seis, zero um zero zero"))
    }

    @Test("One capital letter and a dot is a name's initial, not the abbreviation of its lower case")
    func initials() throws {
        #expect(try VoiceFixtures.words("Overschrijving aan Jan P.", "nl-BE") == "Overschrijving aan Jan P.")
        #expect(try VoiceFixtures.words("zie p. 12", "nl-BE") == "zie pagina twaalf")
        #expect(try VoiceFixtures.words("Aprox. 5 km", "es-ES").hasPrefix("aproximadamente cinco"))
    }

    @Test("An arrow that opens the text before a word is a pause; between two things it keeps its words")
    func openingArrow() throws {
        #expect(try VoiceFixtures.words("→ Bekijk alle 24 aanbiedingen", "nl-BE") == ", Bekijk alle vierentwintig aanbiedingen")
        #expect(try VoiceFixtures.words("Brussel → Gent", "nl-BE") == "Brussel naar Gent")
        // Other symbols keep their words where they open the text.
        #expect(try VoiceFixtures.words("+ info", "en-US") == "plus info")
    }

    @Test("A discount badge after a word that names a discount says its percentage alone, in the case governed before it")
    func discountWords() throws {
        #expect(try VoiceFixtures.words("-30%", "ru-RU") == "скидка тридцать процентов")
        #expect(try VoiceFixtures.words("Скидка -30%", "ru-RU") == "Скидка тридцать процентов")
        #expect(try VoiceFixtures.words("Скидки до -70%", "ru-RU") == "Скидки до семидесяти процентов")
        #expect(try VoiceFixtures.words("Dcto. -15%", "es-MX") == "descuento quince por ciento")
        #expect(try VoiceFixtures.words("Descuentos de hasta -50%", "es-ES") == "Descuentos de hasta cincuenta por ciento")
        // Too far, or a sentence or a number between: the badge says its discount.
        #expect(
            try VoiceFixtures.words("Descuento del día. Hoy -50%", "es-ES") == "Descuento del día. Hoy cincuenta por ciento de descuento")
        #expect(try VoiceFixtures.words("Korting 10 euro of -5%", "nl-BE").hasSuffix("vijf procent korting"))
        let (diagnostics, line) = VoiceFixtures.loadErrors(
            "es.yaml", replacing: "dto, dcto, desc, rebaja, rebajas], within: 3", with: "dto], within: 30", region: "es-AR",
            marker: "within: 30")
        #expect(diagnostics.first?.location.line == line)
        #expect(diagnostics.first?.problem.contains("30") == true)
    }

    @Test("A fraction is read with its noun after the word the language writes between them")
    func fractionNounJoin() throws {
        #expect(try VoiceFixtures.words("1/4 de c. à café", "fr-BE") == "un quart de cuillère à café")
        #expect(try VoiceFixtures.words("1/2 de taza", "es-ES") == "media taza")
        #expect(try VoiceFixtures.words("1/2 de xícara", "pt-BR") == "meia xícara")
        // English says a numerator of one after a whole number with its article.
        #expect(try VoiceFixtures.words("3 1/4", "en-US") == "three and a quarter")
        #expect(try VoiceFixtures.words("1 1/8 in", "en-US") == "one and an eighth inches")
        #expect(try VoiceFixtures.words("1/4 cup", "en-US") == "one quarter cup")
        // A word the data does not know as a noun stays after the fraction.
        #expect(try VoiceFixtures.words("3/4 de nada", "es-ES") == "tres cuartos de nada")
    }

    @Test("Money: a symbol of letters hyphened to digits is a reference; cents after a dot where the region writes no dot")
    func moneyEdges() throws {
        #expect(try VoiceFixtures.words("Retour #R-55812", "fr-BE") == "Retour numéro R cinquante-cinq mille huit cent douze")
        #expect(try VoiceFixtures.words("R$-50,00", "pt-BR") == "menos cinquenta reais")
        #expect(try VoiceFixtures.words("$1.99", "ru-RU") == "один доллар девяносто девять центов")
        // A dot the region groups with is no decimal point there.
        #expect(try VoiceFixtures.words("€ 1.999", "nl-BE") == "duizend negenhonderdnegenennegentig euro")
    }

    @Test("Russian «ноль целых» is declined with the fraction it comes before; an unknown case is a data error")
    func zeroWholeByCase() throws {
        #expect(try VoiceFixtures.words("0,5 л", "ru-RU") == "ноль целых пять десятых литра")
        #expect(try VoiceFixtures.words("до 0,5%", "ru-RU") == "до нуля целых пяти десятых процента")
        #expect(try VoiceFixtures.words("к 0,25", "ru-RU") == "к нулю целых двадцати пяти сотым")
        let (diagnostics, line) = VoiceFixtures.loadErrors(
            "ru-RU.yaml", replacing: "    dative: нулю целых", with: "    dativ: нулю целых", region: "ru-RU", marker: "dativ:")
        #expect(
            diagnostics.map(\.description) == [
                "voices/ru-RU.yaml:\(line):5: zero-whole names an unknown case 'dativ' — use one of nominative, genitive, dative, accusative, instrumental, prepositional"
            ])
    }

    @Test("An ISO date and time: the time is read after the \"T\" inside a pattern, never a time glued to a word")
    func isoDateTime() throws {
        #expect(
            try VoiceFixtures.words("2025-11-27T14:30", "nl-BE")
                == "zevenentwintig november tweeduizend vijfentwintig om veertien uur dertig")
        #expect(
            try VoiceFixtures.words("2025-11-27T09:05:30Z", "en-US")
                == "November twenty-seventh twenty twenty-five at nine oh five and thirty seconds UTC")
        // Outside a pattern, letters and then digits stay one word.
        #expect(try VoiceFixtures.words("ABT14:30", "en-US").hasPrefix("ABT"))
    }

    @Test("Two currency codes with a slash between are an exchange rate: both currencies' names")
    func currencyPair() throws {
        #expect(try VoiceFixtures.words("EUR/USD 1.0845", "en-US") == "euro dollar one point zero eight four five")
        #expect(try VoiceFixtures.words("USD/BRL", "pt-BR") == "dólar real")
        #expect(try VoiceFixtures.words("ABC/USD", "en-US") == "ABC/USD")
    }

    @Test("An amount and a percentage are never one range, and no match ends before a number's percent sign")
    func amountAndPercentage() throws {
        #expect(
            try VoiceFixtures.words("1.499 € -13 %", "es-ES") == "mil cuatrocientos noventa y nueve euros trece por ciento de descuento")
        #expect(try VoiceFixtures.words("€ 14,99 -20%", "nl-BE") == "veertien euro en negenennegentig cent twintig procent korting")
        #expect(try VoiceFixtures.words("10 - 20 €", "es-ES") == "de diez a veinte euros")
        #expect(try VoiceFixtures.words("10 - 20 %", "es-ES") == "de diez a veinte por ciento")
        // A code is no value of a range.
        #expect(try VoiceFixtures.words("Pedido nº 1234567-89", "pt-BR").hasPrefix("Pedido número um dois três quatro cinco seis sete"))
    }

    @Test("{roman:2-39} reads a Roman numeral of two letters or more in the range; a range that is none is a data error")
    func romanRange() throws {
        let normalizer = try Self.spanish(adding: "  - match: \"n {roman:2-39}\"\n    say: \"n {1}\"\n")
        #expect(try normalizer.utterance(for: "n IV").words == "n cuatro")
        #expect(try normalizer.utterance(for: "n XXXIX").words == "n treinta y nueve")
        #expect(try normalizer.utterance(for: "n V").words == "n V")
        #expect(try normalizer.utterance(for: "n XL").words == "n XL")
        #expect(try normalizer.utterance(for: "n DC").words == "n DC")
        for broken in ["{roman:39-2}", "{roman:0-3}", "{roman:2-4000}", "{roman:2}", "{roman:a-b}"] {
            let (diagnostics, _) = VoiceFixtures.loadErrors(
                "es.yaml", replacing: "\npatterns:\n", with: "\npatterns:\n  - match: \"n \(broken)\"\n    say: \"{1}\"\n", region: "es-AR")
            #expect(diagnostics.first?.fix == "write the least and the greatest value: {roman:2-39}")
        }
    }

    @Test("A capture of digits takes a range of its values; a range outside them is a data error")
    func digitRange() throws {
        let normalizer = try Self.spanish(adding: "  - match: \"d {day:13-31}\"\n    say: \"día {1}\"\n")
        #expect(try normalizer.utterance(for: "d 13").words == "día trece")
        #expect(try normalizer.utterance(for: "d 31").words == "día treinta y uno")
        #expect(try normalizer.utterance(for: "d 12").words == "d doce")
        #expect(try normalizer.utterance(for: "d 32").words == "d treinta y dos")
        #expect(try VoiceFixtures.words("vence 15/3", "es-AR") == "vence quince de marzo")
        #expect(try VoiceFixtures.words("3/4", "es-AR") == "tres cuartos")
        for broken in ["{day:0-31}", "{day:13-40}", "{hour:5}", "{minute:30-10}"] {
            let (diagnostics, _) = VoiceFixtures.loadErrors(
                "es.yaml", replacing: "\npatterns:\n", with: "\npatterns:\n  - match: \"d \(broken)\"\n    say: \"{1}\"\n", region: "es-AR")
            #expect(diagnostics.first?.problem.contains("is not a range of values") == true)
        }
    }

    @Test("A spell-out rewrite can be limited to rule sets, each of which must exist")
    func rewriteRuleSets() throws {
        #expect(try VoiceFixtures.words("400.000 personas", "es-ES") == "cuatrocientas mil personas")
        #expect(try VoiceFixtures.words("400.000 pesos", "es-ES") == "cuatrocientos mil pesos")
        // French joins the units after "quatre-vingt" with a hyphen, where CLDR fr_BE writes a space.
        #expect(try VoiceFixtures.words("89 €", "fr-BE") == "quatre-vingt-neuf euros")
        #expect(try VoiceFixtures.words("84e", "fr-BE") == "quatre-vingt-quatrième")
        #expect(try VoiceFixtures.words("80 000", "fr-BE") == "quatre-vingt mille")
        let (diagnostics, _) = VoiceFixtures.loadErrors(
            "es.yaml", replacing: "rule-sets: [\"%spellout-cardinal-feminine\"] }\n",
            with: "rule-sets: [\"%spellout-cardinal-femenine\"] }\n", region: "es-AR")
        #expect(diagnostics.first?.problem == "cldr/rbnf/es.rbnf has no rule set '%spellout-cardinal-femenine'")
        #expect(diagnostics.first?.fix == "did you mean '%spellout-cardinal-feminine'?")
    }

    @Test("A pattern that refers to itself is a data error")
    func cycle() throws {
        let (diagnostics, _) = VoiceFixtures.loadErrors(
            "es.yaml", replacing: "\npatterns:\n", with: "\npatterns:\n  - name: loop\n    match: \"{loop}x\"\n    say: \"{1}\"\n",
            region: "es-AR")
        #expect(diagnostics.map(\.problem) == ["the pattern 'loop' refers to itself through {loop} or other patterns"])
    }
}

@Suite struct NormalizerLawTests {
    @Test("Text it does not recognize passes through unchanged")
    func passThrough() async throws {
        let profile = try VoiceFixtures.profile("es-AR")
        let normalizer = Normalizer(profile: profile)
        // Words the data reads ("vs" → contra) are recognized text: a random text made of letters
        // may spell one, and is then left out.
        let writing = profile.writing
        let known = Set(
            [writing.abbreviations.keys, writing.units.keys, writing.foldedUnits.keys, writing.symbols.keys].joined()
                .map { $0.lowercased() })
        let words = Gen<Character?>.element(of: Array("abcdefghijklmnopqrstuvwxyzñáéÓÜ çà")).map { $0 ?? "a" }
        await propertyCheck(count: 2000, input: words.string(of: 1...40)) { text in
            guard text.contains(where: { !$0.isWhitespace }),
                !text.split(separator: " ").contains(where: { known.contains($0.lowercased()) })
            else { return }
            let said = try? normalizer.utterance(for: text).words
            #expect(said == text.trimmingSpaces(), "\(text)")
        }
    }

    @Test("Never crashes on arbitrary Unicode, in any region")
    func arbitraryText() async throws {
        let normalizers = try RegionLoadingTests.regions.map { Normalizer(profile: try VoiceFixtures.profile($0)) }
        await propertyCheck(count: 5000, input: Gen.int(in: 0...(normalizers.count - 1)), TextGen.text(0...40)) { index, text in
            do {
                let utterance = try normalizers[index].utterance(for: text)
                _ = utterance.ssml(language: "x")
                var writer = JSONWriter()
                writer.beginObject()
                utterance.writeSegments(to: &writer)
                writer.endObject()
                #expect(!utterance.words.isEmpty)
            } catch {
                // An amount a region cannot say is a clean error, not a crash.
            }
        }
    }
    /// Pieces of display text from every region, and pieces that break them: a long text made of
    /// them has matches across any place it is cut, unread runs, and amounts that cannot be said.
    private static let pieces: [String] = [
        "$ 1.299.900", "R$ 1.299,90", "100 ₽", "2 bd. • 75 m²", "n°5", "12/05/2020", "19% OFF", "12 cuotas de $ 2.749",
        "до 9-го мая", "1,7", "-4 °C", "3 1/4", "R$ 3 milhões", "16:45:20", "3.45 p.m.", "22-08-2025", "7 junio 1985",
        "4,5 тыс. ₽", "25 000", "£35", "80 mph", "9 €/kg", "the 1970s", "1 234 567", "1 - 1 - ", "////", "{{{",
        "$ 1,2.3,4.5", "abc", "de", " ", " ", " • ", ", ", "-", "1", "2", ".", "/", "\u{A0}", "\u{202F}", "é", "ü",
    ]
    /// Amounts no region can say: too many digits, too many decimals for pesos or reais.
    private static let unsayable = [String(repeating: "9", count: 45), "$ 1.234,567", "R$ 0,001"]

    @Test("A long text scanned in parts on several cores says what one scan says, errors included")
    func partsAgree() async throws {
        let normalizers = try ["es-AR", "pt-BR", "en-US", "ru-RU", "fr-BE", "nl-BE"].map {
            Normalizer(profile: try VoiceFixtures.profile($0))
        }
        let pieces = Gen<String?>.element(of: Self.pieces).map { $0 ?? " " }.array(of: 1...400)
        // Half the texts hold an amount that cannot be said, somewhere.
        let unsayable = Gen.int(in: 0...799)
        await propertyCheck(count: 150, input: Gen.int(in: 0...(normalizers.count - 1)), Gen.int(in: 2...9), pieces, unsayable) {
            region, parts, pieces, unsayable in
            var pieces = pieces
            if unsayable < pieces.count { pieces.insert(Self.unsayable[unsayable % Self.unsayable.count], at: unsayable) }
            let text = pieces.joined()
            let normalizer = normalizers[region]
            let one = Result { () throws(InputError) in try normalizer.utterance(for: text, parts: 1) }
            let many = Result { () throws(InputError) in try normalizer.utterance(for: text, parts: parts) }
            #expect(one == many, "\(parts) parts of \(text)")
        }
    }

    @Test("A pattern group skips only patterns that would not match: its candidates match where every pattern tried does")
    func candidatesAreComplete() async throws {
        let normalizers = try ["es-AR", "pt-BR", "en-US", "ru-RU", "fr-BE", "nl-BE"].map {
            Normalizer(profile: try VoiceFixtures.profile($0))
        }
        // Codes read digit by digit, times with a day period in several spellings, besides the long-text pieces.
        let extra = ["код 1234", "PIN 538 214", "1234567", "10 PM", "7 a. m.", "5 дп", "9 h 30", "21h", "n° 12", "3e", "2-й"]
        let text = Gen<String?>.element(of: Self.pieces + extra).map { $0 ?? " " }.array(of: 1...6).map { $0.joined() }
        await propertyCheck(count: 150, input: Gen.int(in: 0...(normalizers.count - 1)), text) { region, text in
            let normalizer = normalizers[region]
            let every = normalizer.matchingRanks(in: text, everyPattern: true)
            #expect(normalizer.matchingRanks(in: text, everyPattern: false) == every, "\(text)")
        }
    }

    @Test("A text read after others says what it says read first: the memo forgets the texts before")
    func memoForgets() async throws {
        let regions = ["es-AR", "en-US", "ru-RU", "fr-BE"]
        let used = try regions.map { Normalizer(profile: try VoiceFixtures.profile($0)) }
        // Up to thousands of scalars: positions past the memo's window share its slots.
        let text = Gen<String?>.element(of: Self.pieces).map { $0 ?? " " }.array(of: 1...600).map { $0.joined() }
        await propertyCheck(count: 25, input: Gen.int(in: 0...(regions.count - 1)), text, text) { region, before, text in
            let normalizer = used[region]
            _ = try? normalizer.utterance(for: before)
            let again = Result { () throws(InputError) in try normalizer.utterance(for: text) }
            // Recorded, not thrown: a property check drops what its body throws.
            let profile: RegionProfile
            do {
                profile = try VoiceFixtures.profile(regions[region])
            } catch {
                Issue.record("\(regions[region]): \(error)")
                return
            }
            let fresh = Normalizer(profile: profile)
            let first = Result { () throws(InputError) in try fresh.utterance(for: text) }
            #expect(again == first, "\(text) after \(before)")
        }
    }
}

/// Digit groups that name something, en dashes that are minus signs, counts out of totals and
/// letters that belong to places: each reading and the readings it must leave alone.
@Suite struct IdentifierAndSignTests {
    static func end(_ text: String) -> Int? {
        Normalizer.identifierEnd(Array(text.unicodeScalars), at: 0)?.end
    }

    @Test("Hyphenated digit groups are an identifier only where no date, range or list is written so")
    func identifiers() {
        for text in ["3311-0042-77", "123-45-6789", "00123-2024", "592-1234567-89", "1234-56-7890-1"] {
            #expect(Self.end(text) == text.unicodeScalars.count, "\(text)")
        }
        for text in ["05-11-2025", "2025-11-05", "3-6-9", "12-15-20", "2019-2020", "10-20", "2024-11-05T10:00", "1234"] {
            #expect(Self.end(text) == nil, "\(text)")
        }
    }

    static func enDashIsMinus(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return MoneyReader.isEnDashMinus(scalars, at: scalars.firstIndex(of: "\u{2013}") ?? 0)
    }

    @Test("An en dash glued to a number with none before it is a minus sign; between numbers it joins a range")
    func enDash() {
        #expect(["Température –3 °C", "(–3.2%)", "–5"].map(Self.enDashIsMinus) == [true, true, true])
        #expect(["10–20", "10 – 20", "10 –20", "Pages 10 –20"].map(Self.enDashIsMinus) == [false, false, false, false])
    }

    @Test(
        "Said as a whole: minus signs, ranges going up through their signs, counts out of totals past any fraction's parts, places' letters",
        arguments: [
            ("fr-BE", "Température –3 °C", "Température moins trois degrés Celsius"),
            ("fr-BE", "10 – 20 €", "de dix à vingt euros"),
            ("ru-RU", "Ночью −7…−3°", "Ночью от минус семи до минус трёх градусов"),
            ("nl-BE", "2-3 werkdagen", "van twee tot drie werkdagen"),
            ("es-AR", "Lakers 112-108", "Lakers ciento doce a ciento ocho"),
            ("es-ES", "Créditos: 180/350", "Créditos: ciento ochenta de trescientos cincuenta"),
            ("en-US", "Steps 8,432/10,000", "Steps eight thousand four hundred thirty-two of ten thousand"),
            ("en-US", "2019/2020", "twenty nineteen to twenty twenty"),
            ("nl-BE", "Kerkstraat 12A", "Kerkstraat twaalf A"),
            ("es-ES", "Asiento: 14A", "Asiento: catorce A"),
            ("nl-BE", "Oplader 2A", "Oplader twee ampère"),
        ])
    func wholeReadings(region: String, text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, region) == words)
    }
}
