/// A CLDR plural category: the form a noun takes after a number.
///
/// Which numbers fall in which category depends on the language and on how the number is
/// displayed. Reads as: Russian 1 is `one` ("один рубль"), 2 is `few` ("два рубля"), 5 is `many`
/// ("пять рублей"); English 1 is `one` but 1.00 is `other`; French 0 and 1.5 are `one`.
/// The cases come in CLDR's order, the order `PluralRules.categories` lists them in.
package enum PluralCategory: String, CaseIterable, Sendable, Codable {
    case zero, one, two, few, many, other
}
