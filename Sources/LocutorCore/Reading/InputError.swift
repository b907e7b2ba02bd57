/// A problem with one input (a display text or a price component), not with the data.
///
/// The wording — what is wrong and how to write the input instead — is `description`, kept in
/// `InputError+Description.swift`.
public enum InputError: Error, Equatable, Sendable {
    /// The price component is not one JSON object; the detail says why.
    case malformedJSON(String)
    /// A key written twice in one price component.
    case duplicateKey(String)
    /// A key a price component does not have, with the nearest one that it has.
    case unknownKey(String, suggestion: String?)
    /// An amount that is not a plain decimal written as a string.
    case notADecimal(key: String, value: String)
    /// An amount written as a string that is not a plain decimal ("abc", "1,5", "1e3").
    case notDecimalText(key: String, text: String)
    /// A count or percentage that is not a whole number in its range.
    case notAWholeNumber(key: String, value: String, range: ClosedRange<Int>)
    /// A key whose value must be non-empty text.
    case notText(key: String)
    /// A price type other than positive, negative or previous.
    case unknownType(String, suggestion: String?)
    /// A currency code that is not three capital letters of ISO 4217.
    case unknownCurrency(String)
    /// A currency the region's language has no words for.
    case unnamedCurrency(String, language: String)
    /// More decimals than the currency has (nothing is rounded).
    case tooManyDecimals(amount: String, currency: String, allowed: Int)
    /// A number too large to spell exactly.
    case tooLarge(String)
    /// A price component with neither price, previous nor discount.
    case nothingToSay
    /// A key that applies to a price, in a component without one.
    case needsPrice(String)
    /// A text with nothing but white space.
    case emptyText
}
