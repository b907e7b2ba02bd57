import LocutorCore
import Testing

/// What an app gets from LocutorCore alone, with the data bundled as a resource.
@Suite struct PriceLabelTests {
    @Test("Reads $ 1.299.900 as un millón doscientos noventa y nueve mil novecientos pesos, with no voices folder named")
    func price() throws {
        let utterance = try Locutor(region: "es-AR").utterance(for: "$ 1.299.900")
        #expect(utterance.words == "un millón doscientos noventa y nueve mil novecientos pesos")
        #expect(utterance.label == "1.299.900 pesos")
        #expect(
            utterance.ssml
                == #"<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="es-AR"><sub alias="un millón doscientos noventa y nueve mil novecientos pesos">$ 1.299.900</sub></speak>"#
        )
    }

    @Test("Hinted words carry their IPA in the segments and in SSML")
    func hints() throws {
        let utterance = try Locutor(region: "es-AR").utterance(for: "Envío Full")
        #expect(utterance.segments.map(\.ipa) == [nil, "ˈful"])
        #expect(utterance.ssml.contains(#"<phoneme alphabet="ipa" ph="ˈful">Full</phoneme>"#))
    }

    @Test("A price component, and the regions the bundled data has")
    func component() throws {
        let combo = try Locutor(region: "es-AR").utterance(for: PriceComponent(price: 5249, previous: 6500, discount: 19))
        #expect(combo.label == "antes: 6.500 pesos, ahora: 5.249 pesos, 19 por ciento de descuento")
        #expect(try Locutor.regions().contains("pt-BR"))
    }
}
