import Foundation
import PropertyBased
import Testing

@testable import LocutorCore

/// Nothing unread passes silently: a digit, a currency symbol or code, or a separator between
/// digits that Locutor did not read is marked, never handed to the voice as if it were fine.
@Suite struct UnreadTests {
    static let regions = ["es-AR", "es-MX", "es-CO", "es-CL", "es-UY", "es-PE", "es-ES", "pt-BR", "en-US", "ru-RU", "fr-BE", "nl-BE"]

    static func unread(_ text: String, _ region: String) throws -> [String] {
        try VoiceFixtures.utterance(text, region).segments.filter(\.isUnread).map { $0.unreadText ?? "" }
    }

    @Test("Marks digits glued to words, currency symbols and codes standing alone, and separators between numbers")
    func marked() throws {
        #expect(try Self.unread("Papel A1B2", "es-AR") == ["A1B2"])
        #expect(try Self.unread("Precios USD", "es-AR") == ["USD"])
        // After "en" the sign names the currency prices are in: read.
        #expect(try VoiceFixtures.words("Precios en USD", "es-AR") == "Precios en dólares")
        #expect(try Self.unread("pagar en $", "es-AR") == ["$"])
        // Four parts are an IP address ("uno punto dos punto tres punto cuatro"); a fifth is none.
        #expect(try Self.unread("1.2.3.4", "es-AR") == [])
        #expect(try Self.unread("1.2.3.4.5", "es-AR") == ["."])
        // A spaced slash parts two things with a pause, but not two numbers: "5 / 8" is no list.
        #expect(try Self.unread("5 / 8", "es-AR") == ["/"])
        #expect(try Self.unread("compra $ 1.180 / venta $ 1.200", "es-AR") == [])
        #expect(try VoiceFixtures.words("Ida / vuelta", "es-AR") == "Ida, vuelta")
        // A pattern whose rule set cannot say its number leaves the text as written, marked,
        // not the whole line refused: CLDR's Russian ordinals stop short of 100 000.
        #expect(try Self.unread("100000-й посетитель", "ru-RU") == ["100000-й"])
        #expect(try VoiceFixtures.words("Ты 12345-й посетитель", "ru-RU") == "Ты двенадцать тысяч триста сорок пятый посетитель")
        #expect(try Self.unread("$ 9.000, envío gratis", "es-AR") == [])
        #expect(try Self.unread("Hola", "es-AR") == [])
    }

    @Test("A code of letters and digits is read whole or left whole, marked: none of its numbers is a number")
    func codes() throws {
        #expect(try Self.unread("Ref. 7XK9-2M.", "es-ES") == ["7XK9-2M."])
        #expect(try VoiceFixtures.words("Ref. 7XK9-2M", "es-ES") == "referencia 7XK9-2M")
        #expect(try Self.unread("Casque Sony WH-1000XM5 · 299 €", "fr-BE") == ["WH-1000XM5"])
        #expect(try Self.unread("Seat map HX7K2P", "en-US") == ["HX7K2P"])
        // After a word that names a code it is said character by character, and so read.
        #expect(try VoiceFixtures.words("Booking HX7K2P", "en-US") == "Booking H X seven K two P")
        #expect(try Self.unread("Booking HX7K2P", "en-US") == [])
        // There a code of capitals and digits that take turns three times is one too; a word and
        // its number stays a coupon ("SAVE20").
        #expect(try VoiceFixtures.words("Localizador ABC12D", "es-ES") == "Localizador A B C uno dos D")
        #expect(try VoiceFixtures.words("Folio: 8F3K-22QX", "es-MX") == "Folio: ocho F tres K, dos dos Q X")
        #expect(try VoiceFixtures.words("Cupom FRETE10", "pt-BR") == "Cupom FRETE dez")
        #expect(try Self.unread("Modelo ABC12D", "es-ES") == ["ABC12D"])
        #expect(try Self.unread("Erro 0x80070005", "pt-BR") == ["0x80070005"])
        #expect(try VoiceFixtures.words("Erro 0x80070005", "pt-BR") == "Erro 0x80070005")
        // Read whole by a pattern: "10am-5pm"; a single letter between numbers, a unit, a date
        // and a time, a word and its number: no codes.
        #expect(try VoiceFixtures.words("Open 9am-5pm", "en-US") == "Open nine a.m. to five p.m.")
        #expect(try VoiceFixtures.words("Promo 2x1", "es-AR") == "Promo dos por uno")
        #expect(try VoiceFixtures.words("Pantalla 4K", "es-AR") == "Pantalla cuatro K")
        #expect(try VoiceFixtures.words("COVID-19", "es-AR").hasSuffix("diecinueve"))
        #expect(try Self.unread("Llega 18h30", "es-ES") == [])
        // A user name or a file joined by an underscore is one word: its digits are no number.
        #expect(try Self.unread("Liked by jen_88", "en-US") == ["jen_88"])
        #expect(try VoiceFixtures.words("Foto IMG_2025.jpg", "es-AR") == "Foto IMG_2025.jpg")
    }

    @Test("The JSON export says which segment is unread")
    func json() throws {
        let utterance = try VoiceFixtures.utterance("Papel A1B2", "es-AR")
        #expect(utterance.json().contains(#"{"text":"Papel A1B2","unread":true}"#))
    }

    /// Amounts, numbers, dates, times, fractions and units as regions write them.
    static let shapes: [@Sendable (Int, Int, Int) -> String] = [
        { a, b, _ in "$ \(a).\(String(format: "%03d", b % 1000))" },
        { a, b, _ in "\(a),\(b % 100) €" },
        { a, b, c in "\(a % 28 + 1)/\(b % 12 + 1)/\(1990 + c % 40)" },
        { a, b, _ in "\(a % 24):\(String(format: "%02d", b % 60))" },
        { a, b, _ in "\(a % 7 + 1)/\(b % 7 + 8)" },
        { a, _, _ in "\(a) m²" },
        { a, b, _ in "\(a % 1000) km/h, \(b % 100) kg" },
        { a, b, _ in "\(a % 50 + 1) \(b % 2 == 0 ? "½" : "¼")" },
        { a, _, _ in "-\(a % 40) °C" },
        { a, b, _ in "\(a % 90 + 1)% OFF \(b)" },
        { a, b, c in "\(a % 900 + 100) \(["MB", "GB", "mph", "ft", "lb", "ml"][c % 6]) · \(b % 10) min" },
    ]

    @Test(
        "Random amounts, dates, times, fractions and units in every region: no digit or currency symbol in the words, or a segment is marked unread"
    )
    func law() async {
        await propertyCheck(
            count: 400,
            input: Gen.int(in: 0..<(Self.shapes.count * Self.regions.count)), Gen.int(in: 0...99_999), Gen.int(in: 0...99_999),
            Gen.int(in: 0...9_999)
        ) { pick, a, b, c in
            let region = Self.regions[pick % Self.regions.count]
            let text = Self.shapes[pick / Self.regions.count](a, b, c)
            guard let utterance = try? VoiceFixtures.utterance(text, region) else { return }
            let words = utterance.words
            let bare = words.unicodeScalars.contains { $0.isASCIIDigit || $0.properties.generalCategory == .currencySymbol }
            #expect(!bare || utterance.segments.contains(where: \.isUnread), "\(region) \(text.debugDescription) → \(words)")
        }
    }
}
