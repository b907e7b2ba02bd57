/// One JSON object read from its text, numbers kept as they are written.
///
/// Foundation's parser turns every number into a Double, so `99.9999999999999999` arrives as
/// 100: an amount must never pass through a Double. This reader keeps each number's text, so a
/// price component reads it exactly or refuses it, and it refuses a key written twice, which
/// Foundation would silently resolve to the last value.
package struct JSONObject {
    package enum Value {
        case string(String)
        /// A number as written: `1000`, `-2.5`, `1e3`.
        case number(String)
        case bool(Bool)
        case null
        /// An array or object, which a price component never holds; kept as written for messages.
        case nested(String)
    }

    package let fields: [String: Value]

    /// - Throws: `InputError.malformedJSON` naming the character where the text stops being one
    ///   JSON object; `InputError.duplicateKey` for a key written twice.
    package init(_ text: String) throws(InputError) {
        let scalars = Array(text.unicodeScalars)
        let tree: JSONTree
        do {
            tree = try JSONTree.parse(scalars)
        } catch {
            if let key = error.duplicateKey { throw InputError.duplicateKey(key) }
            throw InputError.malformedJSON("not valid JSON (\(error.problem) at character \(error.index + 1))")
        }
        guard let members = tree.members else {
            throw InputError.malformedJSON("a price component is one JSON object, such as {\"price\": \"1000\"}")
        }
        var fields: [String: Value] = [:]
        for member in members {
            switch member.value {
            case let .string(value, _): fields[member.key] = .string(value)
            case let .number(value, _): fields[member.key] = .number(value)
            case let .bool(value, _): fields[member.key] = .bool(value)
            case .null: fields[member.key] = .null
            case let .array(_, at, end), let .object(_, at, end): fields[member.key] = .nested(String(scalars: scalars[at..<end]))
            }
        }
        self.fields = fields
    }
}
