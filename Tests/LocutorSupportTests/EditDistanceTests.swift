import LocutorSupport
import Testing

@Suite struct EditDistanceTests {
    @Test("Counts insertions, deletions and substitutions")
    func distance() {
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("abc", "") == 3)
        #expect(EditDistance.between("ARS", "ARS") == 0)
        #expect(EditDistance.between("año", "ano") == 1)
    }

    @Test("Suggests the nearest name within the limit, ignoring case; ties go to sort order")
    func nearest() {
        #expect(EditDistance.nearest("ARZ", in: ["ARS", "BRL", "USD"]) == "ARS")
        #expect(EditDistance.nearest("prize", in: ["price", "previous"]) == "price")
        #expect(EditDistance.nearest("PRICE", in: ["price"]) == "price")
        #expect(EditDistance.nearest("zzzzzz", in: ["price", "previous"]) == nil)
        #expect(EditDistance.nearest("ab", in: ["ac", "ad"]) == "ac")
        #expect(EditDistance.nearest("abcdefgh", in: ["abcdxyzh"], limit: 2) == nil)
    }
}
