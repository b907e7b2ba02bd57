import Foundation
import PropertyBased
import Testing

@testable import LocutorCore

@Suite struct MoneyReadingTests {
    @Test(
        "Reads each region's display strings exactly",
        arguments: [
            ("es-AR", "$ 1.299.900", "1299900", "ARS"), ("es-MX", "$1,299.00", "1299", "MXN"), ("pt-BR", "R$ 1.299,90", "1299.9", "BRL"),
            ("ru-RU", "1 234,56 ₽", "1234.56", "RUB"), ("ru-RU", "1\u{00A0}234,56\u{00A0}₽", "1234.56", "RUB"),
            ("es-ES", "32,99 €", "32.99", "EUR"),
            ("nl-BE", "€ 1.250,25", "1250.25", "EUR"), ("es-AR", "US$ 100", "100", "USD"), ("es-UY", "U$S 1.500", "1500", "USD"),
            ("es-PE", "S/ 49.90", "49.9", "PEN"), ("es-AR", "-$ 1.000", "-1000", "ARS"), ("es-AR", "$-1.000", "-1000", "ARS"),
            ("pt-BR", "- R$ 5,00", "-5", "BRL"), ("es-AR", "\u{2212}$ 1.000", "-1000", "ARS"), ("en-US", "$32,999.99", "32999.99", "USD"),
            ("es-CL", "$9.990", "9990", "CLP"), ("fr-BE", "1\u{202F}250,25 €", "1250.25", "EUR"), ("es-AR", "USD 30", "30", "USD"),
        ])
    func displayStrings(region: String, text: String, amount: String, currency: String) throws {
        let reader = MoneyReader(profile: try VoiceFixtures.profile(region))
        let scalars = Array(text.unicodeScalars)
        let reading = try #require(reader.read(scalars, at: 0))
        #expect(reading.value == Decimal(string: amount))
        #expect(reading.currency.rawValue == currency)
        #expect(reading.end == scalars.count)
    }

    @Test("A symbol inside a word is not money")
    func boundaries() throws {
        let reader = MoneyReader(profile: try VoiceFixtures.profile("ru-RU"))
        #expect(reader.read(Array("пр.5".unicodeScalars), at: 2) == nil)
        let argentina = MoneyReader(profile: try VoiceFixtures.profile("es-AR"))
        #expect(argentina.read(Array("USDA 5".unicodeScalars), at: 0) == nil)
    }

    @Test("Letters CLDR gives a currency stand for none unless the region says so; a code that is a word neither")
    func lettersAreNoCurrency() throws {
        func amount(_ region: String, _ text: String) throws -> MoneyReader.Reading? {
            try MoneyReader(profile: VoiceFixtures.profile(region)).read(Array(text.unicodeScalars), at: 0)
        }
        for (region, text) in [("fr-BE", "P 2"), ("nl-BE", "L 4561"), ("nl-BE", "R 0"), ("fr-BE", "TOP 10"), ("en-US", "ALL 3")] {
            #expect(try amount(region, text) == nil, "\(region) \(text)")
        }
        #expect(try amount("es-MX", "Q 150")?.currency == CurrencyCode("GTQ"))
        #expect(try amount("ru-RU", "AMD 2 000")?.currency == CurrencyCode("AMD"))
        #expect(try amount("fr-BE", "1 000 FB")?.currency == CurrencyCode("BEF"))
    }

    @Test("Where the symbol stands first, a symbol between two numbers is the second one's; after the amount it stays")
    func symbolBetweenNumbers() throws {
        let argentina = MoneyReader(profile: try VoiceFixtures.profile("es-AR"))
        #expect(argentina.read(Array("2 $ 5.990".unicodeScalars), at: 0) == nil)
        #expect(argentina.read(Array("2 $ 5.990".unicodeScalars), at: 2)?.value == 5990)
        #expect(argentina.read(Array("20 $".unicodeScalars), at: 0)?.value == 20)
        let spain = MoneyReader(profile: try VoiceFixtures.profile("es-ES"))
        #expect(spain.read(Array("2 € 5".unicodeScalars), at: 0)?.value == 2)
    }

    @Test("A withdrawn currency's symbol (none in currency-symbols.yaml) stands for no currency; a current one does")
    func withdrawnSymbols() throws {
        for region in ["es-MX", "en-US", "fr-BE"] {
            let symbols = try VoiceFixtures.profile(region).money.symbols
            #expect(symbols["Lt"] == nil && symbols["Ls"] == nil && symbols["kn"] == nil, "\(region)")
            #expect(symbols["zł"] == CurrencyCode("PLN"), "\(region)")
        }
        let listed = (VoiceFixtures.files["currency-symbols.yaml"] ?? "") + "\"Nu.\": nothing\n"
        let problems: [String]
        do {
            _ = try VoiceFixtures.library(replacing: ["currency-symbols.yaml": listed]).profile(RegionID("es-MX"))
            problems = []
        } catch {
            problems = error.diagnostics.map(\.description)
        }
        let line = listed.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(
            problems == [
                "voices/currency-symbols.yaml:\(line):8: 'nothing' is not an ISO 4217 code — write three capital letters, such as GBP, or none for a withdrawn currency's symbol"
            ])
    }
}

@Suite struct AgreementTests {
    @Test(
        "Spanish: the number agrees with the noun it counts",
        arguments: [
            ("$ 1", "un peso"), ("$ 21", "veintiún pesos"), ("$ 401", "cuatrocientos un pesos"), ("$ 1.000.000", "un millón de pesos"),
            ("$ 2.000.000", "dos millones de pesos"), ("$ 1.200.000", "un millón doscientos mil pesos"), ("$ 0", "cero pesos"),
            ("$ 195.401", "ciento noventa y cinco mil cuatrocientos un pesos"),
        ])
    func spanish(text: String, words: String) throws {
        #expect(try VoiceFixtures.words(text, "es-AR") == words)
    }

    @Test("Spanish installments are feminine: veintiuna cuotas")
    func cuotas() throws {
        #expect(
            try VoiceFixtures.words(#"{"price": "2749", "installments": 21}"#, "es-AR")
                == "veintiuna cuotas de dos mil setecientos cuarenta y nueve pesos")
        #expect(
            try VoiceFixtures.words(#"{"price": "2749", "installments": 1}"#, "es-AR")
                == "una cuota de dos mil setecientos cuarenta y nueve pesos")
    }

    @Test("Portuguese: um real, dois reais, duas parcelas, um milhão de reais")
    func portuguese() throws {
        #expect(try VoiceFixtures.words("R$ 1,00", "pt-BR") == "um real")
        #expect(try VoiceFixtures.words("R$ 2,00", "pt-BR") == "dois reais")
        #expect(try VoiceFixtures.words("R$ 1.000.000,00", "pt-BR") == "um milhão de reais")
        #expect(try VoiceFixtures.words(#"{"price": "10", "installments": 2}"#, "pt-BR") == "duas parcelas de dez reais")
    }

    @Test("Russian: один рубль, два рубля, пять рублей, двадцать одна копейка")
    func russian() throws {
        #expect(try VoiceFixtures.words("1 ₽", "ru-RU") == "один рубль")
        #expect(try VoiceFixtures.words("2 ₽", "ru-RU") == "два рубля")
        #expect(try VoiceFixtures.words("5 ₽", "ru-RU") == "пять рублей")
        #expect(try VoiceFixtures.words("0,21 ₽", "ru-RU") == "двадцать одна копейка")
        #expect(try VoiceFixtures.words("100,02 ₽", "ru-RU") == "сто рублей две копейки")
    }

    @Test("French: un euro, vingt et un euros, un million d’euros")
    func french() throws {
        #expect(try VoiceFixtures.words("1 €", "fr-BE") == "un euro")
        #expect(try VoiceFixtures.words("21 €", "fr-BE") == "vingt-et-un euros")
        #expect(try VoiceFixtures.words("1\u{202F}000\u{202F}000 €", "fr-BE") == "un million d’euros")
        #expect(try VoiceFixtures.words("1 000 000 €", "fr-BE") == "un million d’euros")
        #expect(try VoiceFixtures.words("0 €", "fr-BE") == "zéro euro")
    }

    @Test("Dutch keeps the singular after a number; English says one dollar")
    func dutchAndEnglish() throws {
        #expect(try VoiceFixtures.words("€ 5", "nl-BE") == "vijf euro")
        #expect(try VoiceFixtures.words("$1", "en-US") == "one dollar")
        #expect(try VoiceFixtures.words("$1.50", "en-US") == "one dollar and fifty cents")
    }
}

@Suite struct PriceComponentTests {
    @Test("Cents are spoken as the minor unit; zero cents are not spoken")
    func cents() throws {
        #expect(
            try VoiceFixtures.words("$ 32.999,99", "es-AR")
                == "treinta y dos mil novecientos noventa y nueve pesos con noventa y nueve centavos")
        #expect(try VoiceFixtures.words("$1,299.00", "es-MX") == "mil doscientos noventa y nueve pesos")
        #expect(try VoiceFixtures.words("$ 0,50", "es-AR") == "cincuenta centavos")
        #expect(try VoiceFixtures.words("S/ 49.90", "es-PE") == "cuarenta y nueve soles con noventa céntimos")
        #expect(try VoiceFixtures.words("$ 10,05", "es-UY") == "diez pesos con cinco centésimos")
    }

    @Test("Chilean pesos have no cents: a price with decimals is an error, never rounded; text with two says centavos")
    func zeroDecimalCurrency() throws {
        #expect(try VoiceFixtures.words("$9.990", "es-CL") == "nueve mil novecientos noventa pesos")
        #expect(throws: InputError.tooManyDecimals(amount: "1000.5", currency: "CLP", allowed: 0)) {
            _ = try VoiceFixtures.words(#"{"price": "1000.50"}"#, "es-CL")
        }
        #expect(throws: InputError.tooManyDecimals(amount: "1000.55", currency: "CLP", allowed: 0)) {
            _ = try VoiceFixtures.words(#"{"price": "1000.55"}"#, "es-CL")
        }
        #expect(
            try VoiceFixtures.words("UF: $ 38.432,15", "es-CL")
                == "UF: treinta y ocho mil cuatrocientos treinta y dos pesos con quince centavos")
        #expect(try VoiceFixtures.words("$ 1.000,5", "es-CL") == "mil coma cinco pesos")
        #expect(
            InputError.tooManyDecimals(amount: "1000.5", currency: "CLP", allowed: 0).description
                == "1000.5 has decimals, but CLP has no minor unit — write a whole amount")
    }

    @Test("Labels keep digits in the region's format and say the currency")
    func labels() throws {
        #expect(try VoiceFixtures.label("$ 6.500", "es-AR") == "6.500 pesos")
        #expect(try VoiceFixtures.label("$ 32.999,99", "es-AR") == "32.999,99 pesos")
        #expect(try VoiceFixtures.label("$ 1.000.000", "es-AR") == "1.000.000 de pesos")
        #expect(
            try VoiceFixtures.label(#"{"previous": "6500", "price": "5249", "discount": 19}"#, "es-AR")
                == "antes: 6.500 pesos, ahora: 5.249 pesos, 19 por ciento de descuento")
        #expect(try VoiceFixtures.label("1812 ₽", "ru-RU") == "1\u{00A0}812 рублей")
    }

    @Test(
        "Price types, suffixes and the currency override",
        arguments: [
            ("es-AR", #"{"price": "1000", "type": "negative"}"#, "menos mil pesos"),
            ("es-AR", #"{"price": "-1000"}"#, "menos mil pesos"),
            ("es-AR", #"{"price": "1000", "type": "previous"}"#, "antes: mil pesos"),
            ("es-AR", #"{"price": "1000", "suffix": "unit"}"#, "mil pesos por unidad"),
            ("es-AR", #"{"price": "1000", "suffix": "month"}"#, "mil pesos por mes"),
            ("es-AR", #"{"price": "1000", "suffix": "con envío gratis"}"#, "mil pesos con envío gratis"),
            ("es-AR", #"{"discount": 19}"#, "diecinueve por ciento de descuento"),
            ("es-AR", #"{"price": "100", "currency": "USD"}"#, "cien dólares"),
            (
                "en-US", #"{"previous": "6500", "price": "5249", "discount": 19, "currency": "ARS"}"#,
                "before: six thousand five hundred pesos, now: five thousand two hundred forty-nine pesos, nineteen percent off"
            ),
            ("ru-RU", #"{"discount": 21}"#, "скидка двадцать один процент"),
            ("pt-BR", #"{"price": "108.32", "installments": 12}"#, "doze parcelas de cento e oito reais e trinta e dois centavos"),
            ("fr-BE", #"{"price": "19.99", "suffix": "month"}"#, "dix-neuf euros et nonante-neuf centimes par mois"),
        ])
    func components(region: String, json: String, words: String) throws {
        #expect(try VoiceFixtures.words(json, region) == words)
    }

    @Test(
        "A bad component says which key is wrong and how to write it",
        arguments: [
            (#"{"prize": "10"}"#, "unknown key 'prize' in the price component — did you mean 'price'?"),
            (
                #"{"price": 32999.99}"#,
                "'price' must be a decimal written as a string, such as \"32999.99\", not 32999.99 — quote it so no digit is lost"
            ),
            (
                #"{"price": "1.299,90"}"#,
                "'price' is \"1.299,90\", which is not a decimal — write digits with at most one '.', such as \"32999.99\""
            ),
            (#"{"price": "abc"}"#, "'price' is \"abc\", which is not a decimal — write digits with at most one '.', such as \"32999.99\""),
            (#"{"price": "10", "type": "previus"}"#, "unknown type 'previus' — did you mean 'previous'?"),
            (#"{"discount": 150}"#, "'discount' must be a whole number from 0 to 100, not 150"),
            (#"{"installments": 12}"#, "the price component has nothing to say — give at least price, previous or discount"),
            (#"{"price": "10""#, "the price component is not valid JSON"),
            (
                #"{"price": 99.9999999999999999}"#,
                "'price' must be a decimal written as a string, such as \"32999.99\", not 99.9999999999999999 — quote it so no digit is lost"
            ),
            (#"{"price": "1000", "price": "2000"}"#, "'price' appears twice in the price component — keep one"),
            (#"{"price": 1e3}"#, "'price' must be a decimal written as a string, such as \"32999.99\", not 1e3"),
            (
                #"{"price": "10", "currency": "usd"}"#,
                "unknown currency 'usd' — use an ISO 4217 code listed in voices/currencies.yaml, such as USD"
            ),
            (
                #"{"price": "1000000000000000000"}"#,
                "1.000.000.000.000.000.000 is too large to spell exactly — amounts must stay below 10^18 (a million million million)"
            ),
        ])
    func badComponents(json: String, message: String) {
        do {
            _ = try VoiceFixtures.words(json, "es-AR")
            Issue.record("no error for \(json)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test("A JSON number that is whole is read from its text, exactly, past what a Double holds")
    func exactNumbers() throws {
        #expect(try VoiceFixtures.words(#"{"price": 9007199254740993}"#, "en-US").hasSuffix("nine hundred ninety-three dollars"))
        #expect(try PriceComponent(json: #"{"discount": 19, "price": "10"}"#).discount == 19)
    }

    @Test("Decimal text reads as Foundation's parser reads it, signs, leading zeros and up to 34 digits")
    func decimalText() async {
        let digits = Gen.int(in: 0...9).array(of: 0...20).map { $0.map(String.init).joined() }
        await propertyCheck(count: 3000, input: Gen.bool, digits, digits, Gen.bool) { negative, integer, fraction, pointed in
            let text = (negative ? "-" : "") + integer + (pointed ? "." + fraction : "")
            let readable = !integer.isEmpty && !(pointed && fraction.isEmpty) && integer.count + (pointed ? fraction.count : 0) <= 34
            let expected = readable ? Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) : nil
            #expect(PriceComponent.plainDecimal(text) == expected, "\(text)")
        }
        for text in ["1.", ".5", "--1", "1e5", "+1", " 1", "1,5", "١٢"] { #expect(PriceComponent.plainDecimal(text) == nil, "\(text)") }
    }

    @Test("Every region says random amounts with no digit left in the words")
    func noDigits() async throws {
        let normalizers = try RegionLoadingTests.regions.map { Normalizer(profile: try VoiceFixtures.profile($0)) }
        await propertyCheck(
            count: 3000, input: Gen.int(in: 0...(normalizers.count - 1)), Gen.int(in: 0...999_999_999_999), Gen.int(in: 0...99)
        ) { index, whole, cents in
            let normalizer = normalizers[index]
            let profile = normalizer.profile
            let digits = profile.currencyDigits[profile.money.home] ?? 2
            let amount = Decimal(whole) + (digits == 0 ? 0 : Decimal(cents) / 100)
            do {
                let utterance = try normalizer.verbalizer.money(amount, currency: profile.money.home)
                #expect(!utterance.words.isEmpty)
                #expect(!utterance.words.contains { $0.isNumber && $0.isASCII }, "\(profile.id) \(amount): \(utterance.words)")
            } catch {
                Issue.record("\(profile.id) \(amount): \(error)")
            }
        }
    }

    @Test("Whole and minor units come out the same from integer arithmetic and from Decimal's")
    func unitsOfAmounts() async {
        // Mantissas past 2^63 and exponents past the fast path's range included.
        let mantissa = Gen.int(in: 0...Int.max).map { UInt64($0) * 2 + 1 }
        await propertyCheck(count: 3000, input: mantissa, Gen.int(in: -22...3), Gen.int(in: 0...4), Gen.bool) {
            mantissa, exponent, digits, negative in
            let magnitude = Decimal(sign: .plus, exponent: exponent, significand: Decimal(mantissa))
            let major = magnitude.integerPart
            let minor = (magnitude - major) * Verbalizer.power(of: 10, digits)
            let units = Verbalizer.units(of: magnitude, digits: digits)
            #expect(units.major == major && units.minor == minor, "\(magnitude) with \(digits) decimals")
            let signed = negative ? -magnitude : magnitude
            #expect(signed.isBelowZero == (signed < 0), "\(signed)")
        }
        #expect(!Decimal.nan.isBelowZero && !Decimal(0).isBelowZero && (-Decimal(0)).isBelowZero == false)
    }

    @Test("A label's number reads back as the amount: parse(format(x)) == x")
    func labelRoundTrip() async throws {
        let normalizers = try RegionLoadingTests.regions.map { Normalizer(profile: try VoiceFixtures.profile($0)) }
        await propertyCheck(
            count: 3000, input: Gen.int(in: 0...(normalizers.count - 1)), Gen.int(in: 1...999_999_999_999), Gen.int(in: 0...99)
        ) { index, whole, cents in
            let profile = normalizers[index].profile
            let digits = profile.currencyDigits[profile.money.home] ?? 2
            let amount = Decimal(whole) + (digits == 0 ? 0 : Decimal(cents) / 100)
            do {
                let label = try normalizers[index].verbalizer.money(amount, currency: profile.money.home).label
                let scalars = Array(label.unicodeScalars)
                let reading = profile.numbers.read(scalars, from: 0)
                #expect(reading?.value == amount, "\(profile.id): \(label)")
                #expect(reading.map { scalars[$0.end] == " " } == true, "\(profile.id): \(label)")
            } catch {
                Issue.record("\(profile.id) \(amount): \(error)")
            }
        }
    }
}
