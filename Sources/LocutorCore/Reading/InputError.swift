/// A problem with one input line (a display text or a price component), not with the data.
///
/// The wording lives in `InputError+Description.swift`.
public enum InputError: Error, Equatable, Sendable {
    case malformedJSON(String)
    case unknownKey(String, suggestion: String?)
    case notADecimal(key: String, value: String)
    case notAWholeNumber(key: String, value: String, range: ClosedRange<Int>)
    case notText(key: String)
    case unknownType(String, suggestion: String?)
    case unknownCurrency(String)
    case unnamedCurrency(String, language: String)
    case tooManyDecimals(amount: String, currency: String, allowed: Int)
    case tooLarge(String)
    case nothingToSay
    case needsPrice(String)
    case emptyText
}
