extension InputError: CustomStringConvertible {
    /// What is wrong with the input and how to write it instead.
    public var description: String {
        switch self {
        case let .malformedJSON(detail):
            return "the price component is \(detail) — write one JSON object per line, such as {\"price\": \"1000\"}"
        case let .duplicateKey(key):
            return "'\(key)' appears twice in the price component — keep one, so no value is picked silently"
        case let .unknownKey(key, suggestion):
            return "unknown key '\(key)' in the price component — "
                + (suggestion.map { "did you mean '\($0)'?" } ?? "use " + PriceComponent.keys.joined(separator: ", "))
        case let .notDecimalText(key, text):
            return "'\(key)' is \"\(text)\", which is not a decimal — write digits with at most one '.', such as \"32999.99\""
        case let .notADecimal(key, value):
            return "'\(key)' must be a decimal written as a string, such as \"32999.99\", not \(value) — quote it so no digit is lost"
        case let .notAWholeNumber(key, value, range):
            return "'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(value)"
        case let .notText(key):
            return "'\(key)' must be a non-empty string"
        case let .unknownType(type, suggestion):
            return "unknown type '\(type)' — " + (suggestion.map { "did you mean '\($0)'?" } ?? "use positive, negative or previous")
        case let .unknownCurrency(code):
            return "unknown currency '\(code)' — use an ISO 4217 code listed in voices/currencies.yaml, such as USD"
        case let .unnamedCurrency(code, language):
            return "the language '\(language)' has no words for \(code) — add \(code) under currencies in voices/\(language).yaml"
        case let .tooManyDecimals(amount, currency, allowed):
            return allowed == 0
                ? "\(amount) has decimals, but \(currency) has no minor unit — write a whole amount"
                : "\(amount) has more than \(allowed) decimals for \(currency) — nothing is rounded; write at most \(allowed)"
        case let .tooLarge(amount):
            return "\(amount) is too large to spell exactly — amounts must stay below 10^18 (a million million million)"
        case .nothingToSay:
            return "the price component has nothing to say — give at least price, previous or discount"
        case let .needsPrice(key):
            return "'\(key)' needs a 'price' to apply to — add \"price\""
        case .emptyText:
            return "the line is empty — write a price or a text"
        }
    }
}
