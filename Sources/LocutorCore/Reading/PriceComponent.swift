import Foundation

/// A price as an app's price component describes it: the amount and what kind of amount it is.
///
/// Reads as DESIGN.md says: `{"previous": "6500", "price": "5249", "discount": 19}` in es-AR is
/// "antes: seis mil quinientos pesos, ahora: cinco mil doscientos cuarenta y nueve pesos,
/// diecinueve por ciento de descuento".
public struct PriceComponent: Hashable, Sendable {
    /// What kind of amount the price is: to pay, taken off, or struck through.
    public enum Kind: String, Sendable, CaseIterable {
        /// An amount to pay.
        case positive
        /// An amount taken off or owed: "menos mil pesos".
        case negative
        /// A struck-through price, never said as a bare number: "antes: mil pesos".
        case previous
    }

    /// What the amount is for, said after it.
    public enum Suffix: Hashable, Sendable {
        /// "por unidad", "per unit".
        case unit
        /// "por mes", "per month".
        case month
        /// Free text said after the amount.
        case text(String)
    }

    /// The amount.
    public var price: Decimal?
    /// The struck-through amount shown before the price.
    public var previous: Decimal?
    /// A whole percentage off: 19 is "diecinueve por ciento de descuento".
    public var discount: Int?
    /// What kind of amount `price` is.
    public var kind: Kind
    /// The currency as an ISO 4217 code (`USD`), when not the region's own.
    public var currency: String?
    /// What the amount is for ("per month", free text).
    public var suffix: Suffix?
    /// How many installments the price is split into: "12 cuotas de …".
    public var installments: Int?

    /// A component with the given parts; the currency defaults to the region's own.
    public init(
        price: Decimal? = nil, previous: Decimal? = nil, discount: Int? = nil, kind: Kind = .positive,
        currency: String? = nil, suffix: Suffix? = nil, installments: Int? = nil
    ) {
        self.price = price
        self.previous = previous
        self.discount = discount
        self.kind = kind
        self.currency = currency
        self.suffix = suffix
        self.installments = installments
    }

    static let keys = ["price", "previous", "discount", "type", "currency", "suffix", "installments"]

    /// Reads a component from one JSON object, as ../shared/cases/README.md defines it: decimals
    /// as strings ("32999.99"), discount and installments as whole numbers.
    ///
    /// - Throws: `InputError` naming the key and what it should hold.
    public init(json: String) throws(InputError) {
        var fields: [String: Any] = [:]
        for (key, value) in try JSONObject(json).fields {
            switch value {
            case let .string(text): fields[key] = text
            case let .number(text): fields[key] = JSONNumber(text: text)
            case let .bool(flag): fields[key] = flag
            case .null: fields[key] = NSNull()
            case let .nested(text): fields[key] = JSONNumber(text: text, isNumber: false)
            }
        }
        try self.init(fields: fields)
    }

    /// A JSON number as written, never through a Double (or a nested value, for messages).
    struct JSONNumber: CustomStringConvertible {
        let text: String
        var isNumber = true

        var description: String { text }

        /// The number when it is a whole number written without exponent: "1000", "-5".
        var whole: Decimal? {
            guard isNumber, let value = PriceComponent.plainDecimal(text), !text.contains(".") else { return nil }
            return value
        }
    }

    /// Reads a component from its fields: decimals as strings, whole numbers as numbers or as
    /// text (a catalog's YAML gives text), the rest as strings.
    ///
    /// - Throws: `InputError` naming the key and what it should hold.
    package init(fields: [String: Any]) throws(InputError) {
        for key in fields.keys.sorted() where !Self.keys.contains(key) {
            throw InputError.unknownKey(key, suggestion: DataReader.nearest(key, in: Self.keys))
        }
        func decimal(_ key: String) throws(InputError) -> Decimal? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            if let text = value as? String {
                guard let parsed = Self.plainDecimal(text) else { throw InputError.notDecimalText(key: key, text: text) }
                return parsed
            }
            // A JSON number: whole numbers are read from their text; a number with decimals or an
            // exponent is refused, since the digits an app meant cannot be known.
            if let number = value as? JSONNumber, let whole = number.whole { return whole }
            if let number = value as? NSNumber, !Self.isBoolean(number), let whole = Int(exactly: number.doubleValue),
                abs(whole) < 1 << 53
            {
                return Decimal(whole)
            }
            throw InputError.notADecimal(key: key, value: "\(value)")
        }
        func whole(_ key: String, _ range: ClosedRange<Int>) throws(InputError) -> Int? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            let whole: Int
            if let text = value as? String, let parsed = Int(text) {
                whole = parsed
            } else if let number = value as? JSONNumber, let exact = number.whole,
                let exact = exact.exactInt64, let parsed = Int(exactly: exact)
            {
                whole = parsed
            } else if let number = value as? NSNumber, !Self.isBoolean(number), let parsed = Int(exactly: number.doubleValue) {
                whole = parsed
            } else {
                throw InputError.notAWholeNumber(key: key, value: "\(value)", range: range)
            }
            guard range.contains(whole) else { throw InputError.notAWholeNumber(key: key, value: "\(whole)", range: range) }
            return whole
        }
        func text(_ key: String) throws(InputError) -> String? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            guard let text = value as? String else { throw InputError.notText(key: key) }
            return text
        }
        price = try decimal("price")
        previous = try decimal("previous")
        discount = try whole("discount", 0...100)
        installments = try whole("installments", 1...999)
        if let type = try text("type") {
            guard let kind = Kind(rawValue: type) else {
                throw InputError.unknownType(type, suggestion: DataReader.nearest(type, in: Kind.allCases.map(\.rawValue)))
            }
            self.kind = kind
        } else {
            kind = .positive
        }
        if let code = try text("currency") {
            guard CurrencyCode(code) != nil else { throw InputError.unknownCurrency(code) }
            self.currency = code
        } else {
            currency = nil
        }
        switch try text("suffix") {
        case nil: suffix = nil
        case "unit": suffix = .unit
        case "month": suffix = .month
        case let free?:
            guard !free.trimmingSpaces().isEmpty else { throw InputError.notText(key: "suffix") }
            suffix = .text(free)
        }
        if price == nil && previous == nil && discount == nil { throw InputError.nothingToSay }
        if (installments != nil || suffix != nil || kind != .positive) && price == nil {
            throw InputError.needsPrice(installments != nil ? "installments" : suffix != nil ? "suffix" : "type")
        }
    }

    /// A plain decimal: optional minus, digits, optional "." and digits. No grouping, no exponent.
    static func plainDecimal(_ text: String) -> Decimal? {
        var scalars = Substring(text).unicodeScalars[...]
        let negative = scalars.first == "-"
        if negative { scalars = scalars.dropFirst() }
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integer = parts.first, !integer.isEmpty, integer.allSatisfy(\.isASCIIDigit),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)),
            integer.count + (parts.count > 1 ? parts[1].count : 0) <= 34,
            let magnitude = DecimalDigits.decimal(integer: integer, fraction: parts.count > 1 ? parts[1] : integer[integer.endIndex...])
        else { return nil }
        return negative && !magnitude.isZero ? -magnitude : magnitude
    }

    /// JSON's true and false arrive as NSNumbers whose type is a C char.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    private static func describe(_ error: Error) -> String {
        let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return "not valid JSON (\(message))"
    }
}
