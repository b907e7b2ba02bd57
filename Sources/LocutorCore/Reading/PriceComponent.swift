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
        try self.init(
            values: try JSONObject(json).fields.mapValues { value in
                switch value {
                case let .string(text): .text(text)
                case let .number(text): .number(JSONNumber(text: text))
                case let .bool(flag): .other("\(flag)")
                case .null: .null
                case let .nested(text): .other(text)
                }
            })
    }

    /// A JSON number as written, never through a Double.
    struct JSONNumber: CustomStringConvertible {
        let text: String

        var description: String { text }

        /// The number when it is a whole number written without exponent: "1000", "-5".
        var whole: Decimal? {
            guard let value = PriceComponent.plainDecimal(text), !text.contains(".") else { return nil }
            return value
        }
    }

    /// A field's value, as JSON or a catalog gives it: JSON's values come here without a cast
    /// from `Any` for every field read.
    private enum Value {
        case text(String)
        /// A JSON number, as written.
        case number(JSONNumber)
        /// A number another reader made (a catalog's YAML), not a boolean.
        case approximate(NSNumber)
        case null
        /// Anything else (a boolean, an array), as written, for messages.
        case other(String)

        init(_ value: Any) {
            if let text = value as? String {
                self = .text(text)
            } else if value is NSNull {
                self = .null
            } else if let number = value as? NSNumber, !PriceComponent.isBoolean(number) {
                self = .approximate(number)
            } else {
                self = .other("\(value)")
            }
        }
    }

    /// Reads a component from its fields: decimals as strings, whole numbers as numbers or as
    /// text (a catalog's YAML gives text), the rest as strings.
    ///
    /// - Throws: `InputError` naming the key and what it should hold.
    package init(fields: [String: Any]) throws(InputError) {
        try self.init(values: fields.mapValues(Value.init))
    }

    private init(values fields: [String: Value]) throws(InputError) {
        if let key = fields.keys.filter({ !Self.keys.contains($0) }).min() {
            throw InputError.unknownKey(key, suggestion: DataReader.nearest(key, in: Self.keys))
        }
        func decimal(_ key: String) throws(InputError) -> Decimal? {
            switch fields[key] {
            case nil, .null: return nil
            case let .text(text):
                guard let parsed = Self.plainDecimal(text) else { throw InputError.notDecimalText(key: key, text: text) }
                return parsed
            // A JSON number: whole numbers are read from their text; a number with decimals or an
            // exponent is refused, since the digits an app meant cannot be known.
            case let .number(number):
                guard let whole = number.whole else { throw InputError.notADecimal(key: key, value: number.text) }
                return whole
            case let .approximate(number):
                guard let whole = Int(exactly: number.doubleValue), abs(whole) < 1 << 53 else {
                    throw InputError.notADecimal(key: key, value: "\(number)")
                }
                return Decimal(whole)
            case let .other(written): throw InputError.notADecimal(key: key, value: written)
            }
        }
        func whole(_ key: String, _ range: ClosedRange<Int>) throws(InputError) -> Int? {
            let whole: Int
            switch fields[key] {
            case nil, .null: return nil
            case let .text(text):
                guard let parsed = Int(text) else { throw InputError.notAWholeNumber(key: key, value: text, range: range) }
                whole = parsed
            case let .number(number):
                guard let exact = number.whole?.exactInt64, let parsed = Int(exactly: exact) else {
                    throw InputError.notAWholeNumber(key: key, value: number.text, range: range)
                }
                whole = parsed
            case let .approximate(number):
                guard let parsed = Int(exactly: number.doubleValue) else {
                    throw InputError.notAWholeNumber(key: key, value: "\(number)", range: range)
                }
                whole = parsed
            case let .other(written): throw InputError.notAWholeNumber(key: key, value: written, range: range)
            }
            guard range.contains(whole) else { throw InputError.notAWholeNumber(key: key, value: "\(whole)", range: range) }
            return whole
        }
        func text(_ key: String) throws(InputError) -> String? {
            switch fields[key] {
            case nil, .null: return nil
            case let .text(text): return text
            default: throw InputError.notText(key: key)
            }
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

    /// A boolean from another reader arrives as an NSNumber whose type is a C char.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    private static func describe(_ error: Error) -> String {
        let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return "not valid JSON (\(message))"
    }
}
