import LocutorCore
import Testing

@testable import LocutorAudit

/// Placeholders stand for numbers while a string is read, and are put back in what is reported.
@Suite struct PlaceholderTests {
    @Test(
        "Each kind of placeholder becomes a number",
        arguments: [
            ("Total: $ %@", "Total: $ 7"), ("%1$@ m²", "7 m²"), ("%d cuotas de $ %@", "7 cuotas de $ 8"),
            ("%.2f €", "7 €"), ("%lld rides", "7 rides"), ("100%% off", "100% off"), ("{{count}} artículos", "7 artículos"),
            ("Hola {name}", "Hola 7"), ("{price, number} ₽", "7 ₽"), ("%#@items@", "7"), ("12 cuotas de $ %@", "12 cuotas de $ 7"),
            ("7 pisos, %@ m²", "7 pisos, 8 m²"),
        ])
    func single(text: String, read: String) {
        let readings = Placeholders.readings(of: text)
        #expect(readings.map(\.text) == [read])
    }

    @Test("A plural form's placeholder is a number of its category")
    func pluralForms() {
        #expect(Placeholders.readings(of: "%d cuota de $ %@", plural: .one).map(\.text) == ["1 cuota de $ 7"])
        #expect(Placeholders.readings(of: "%lld поездки", plural: .few).map(\.text) == ["3 поездки"])
    }

    @Test("An ICU plural is one reading per branch, # the branch's number")
    func icuPlural() {
        let readings = Placeholders.readings(of: "Hay {count, plural, =0 {nada} one {# auto} other {# autos}} cerca")
        #expect(readings.map(\.text) == ["Hay nada cerca", "Hay 1 auto cerca", "Hay 7 autos cerca"])
        #expect(readings.map(\.branch) == ["count==0", "count=one", "count=other"])
        #expect(readings[1].restoring("1 auto") == "# auto")
    }

    @Test("Nested plurals come apart into at most 16 readings, the first ones in branch order")
    func readingsAreCapped() {
        // 4 × 5 = 20 combinations: after three branches (15 readings) the fourth brings five, of
        // which one fits.
        let inner = "{b, plural, =0 {x} =1 {y} one {# y} few {# z} other {# w}}"
        let text = "{a, plural, =0 {\(inner)} =1 {\(inner)} one {\(inner)} other {\(inner)}}"
        let readings = Placeholders.readings(of: text)
        #expect(readings.count == 16)
        #expect(readings.prefix(6).map(\.branch) == ["a==0,b==0", "a==0,b==1", "a==0,b=one", "a==0,b=few", "a==0,b=other", "a==1,b==0"])
        #expect(readings.last?.branch == "a=other,b==0")
    }

    @Test("Numbers are put back as their placeholders, and only whole numbers")
    func restoring() {
        let reading = Placeholders.readings(of: "%d cuotas de $ %@")[0]
        #expect(reading.restoring("7 cuotas de 8 pesos") == "%d cuotas de %@ pesos")
        #expect(reading.restoring("78 pesos") == "78 pesos")
        #expect(reading.isOnlySamples("7"))
        #expect(!reading.isOnlySamples("$ 8"))
    }

    @Test("Text that only looks like a placeholder stays", arguments: ["50 % off", "100% natural", "{ not icu }", "a { b"])
    func notPlaceholders(text: String) {
        #expect(Placeholders.readings(of: text).map(\.text) == [text])
    }
}
