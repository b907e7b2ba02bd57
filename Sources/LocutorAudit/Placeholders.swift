import LocutorCore

/// The placeholders of a string, kept opaque: printf-style (`%@`, `%d`, `%lld`, `%1$@`, `%.2f`,
/// `%#@items@`), `{{count}}`, and ICU MessageFormat (`{name}`, `{0}`, `{count, number}`, and
/// `{count, plural, one {# item} other {# items}}` whose branches are strings of their own).
///
/// To read a string, each placeholder stands in for a number (`%@ m²` is read as `7 m²`): what
/// is next to it is read as it will be when the app fills it in, and the number is put back as
/// the placeholder in what is reported (`%@ metros cuadrados`).
package enum Placeholders {
    /// One way to read a string: its text with a number for each placeholder, and the placeholder
    /// each number stands for.
    package struct Reading: Equatable, Sendable {
        /// The text with numbers for placeholders.
        package var text: String
        /// The numbers, as written in `text`, and the placeholder each stands for.
        package var samples: [(number: String, placeholder: String)]
        /// The branch of an ICU plural or select, when the reading is one: `count=one`.
        package var branch: String

        package static func == (a: Reading, b: Reading) -> Bool {
            a.text == b.text && a.branch == b.branch && a.samples.map(\.number) == b.samples.map(\.number)
                && a.samples.map(\.placeholder) == b.samples.map(\.placeholder)
        }

        /// `text` (a span of the reading, or its label) with each number put back as its placeholder.
        package func restoring(_ text: String) -> String {
            guard !samples.isEmpty else { return text }
            var scalars = Array(text.unicodeScalars)
            var result = String.UnicodeScalarView()
            var index = 0
            while index < scalars.count {
                if scalars[index].properties.numericType != nil, index == 0 || scalars[index - 1].properties.numericType == nil {
                    var end = index
                    while end < scalars.count, scalars[end].properties.numericType != nil { end += 1 }
                    let number = String(String.UnicodeScalarView(scalars[index..<end]))
                    if let sample = samples.first(where: { $0.number == number }) {
                        result.append(contentsOf: sample.placeholder.unicodeScalars)
                    } else {
                        result.append(contentsOf: number.unicodeScalars)
                    }
                    index = end
                    continue
                }
                result.append(scalars[index])
                index += 1
            }
            scalars.removeAll()
            return String(result)
        }

        /// Whether `span` is nothing but placeholder numbers (and spaces): the placeholder's own
        /// reading, not the string's.
        package func isOnlySamples(_ span: String) -> Bool {
            let pieces = span.split(whereSeparator: \.isWhitespace)
            return !pieces.isEmpty && pieces.allSatisfy { piece in samples.contains { $0.number == piece } }
        }
    }

    /// The most readings a string comes apart into.
    static let maximumReadings = 16

    /// The readings of `text`: one, or one per branch of its ICU plurals and selects (at most 16).
    ///
    /// - Parameter plural: the plural category the string is for (a `.stringsdict` form, an
    ///   i18next `_one` key): its placeholders stand for a number of that category.
    package static func readings(of text: String, plural: PluralCategory? = nil) -> [Reading] {
        var pool = samplePool(avoiding: text)
        var results: [Reading] = []
        expand(Array(text.unicodeScalars), plural: plural, branch: [], pool: &pool, into: &results)
        return results
    }

    /// A number for a plural category.
    static func number(for category: PluralCategory) -> String {
        switch category {
        case .zero: "0"
        case .one: "1"
        case .two: "2"
        case .few: "3"
        case .many: "5"
        case .other: "7"
        }
    }

    /// Numbers for placeholders that do not appear as digits in the text, so putting them back is
    /// unambiguous.
    private static func samplePool(avoiding text: String) -> [String] {
        let candidates = ["7", "8", "9", "6", "4", "3", "2", "5", "47", "68", "93", "74", "86", "39"]
        let digits = text.unicodeScalars.filter { $0.properties.numericType != nil }.map(String.init)
        return candidates.filter { candidate in !digits.contains(where: { candidate.contains($0) }) } + ["74", "86"]
    }

    private static func expand(
        _ scalars: [Unicode.Scalar], plural: PluralCategory?, branch: [String], pool: inout [String], into results: inout [Reading]
    ) {
        var text = String.UnicodeScalarView()
        var samples: [(number: String, placeholder: String)] = []
        var index = 0
        var pluralTaken = false
        func sample(_ placeholder: String, category: PluralCategory? = nil) -> String {
            // The string's plural form is about its first placeholder; the others are any number.
            if let chosen = category ?? (pluralTaken ? nil : plural) {
                if category == nil { pluralTaken = true }
                let number = number(for: chosen)
                samples.append((number, placeholder))
                return number
            }
            if let known = samples.first(where: { $0.placeholder == placeholder }) { return known.number }
            pool.removeAll { number in samples.contains { $0.number == number } }
            let number = pool.isEmpty ? "74" : pool.removeFirst()
            samples.append((number, placeholder))
            return number
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%", let end = printfEnd(scalars, from: index) {
                let written = String(String.UnicodeScalarView(scalars[index..<end]))
                if written == "%%" { text.append("%") } else { text.append(contentsOf: sample(written).unicodeScalars) }
                index = end
                continue
            }
            if scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "{", let close = find("}}", in: scalars, from: index + 2) {
                let written = String(String.UnicodeScalarView(scalars[index..<close + 2]))
                text.append(contentsOf: sample(written).unicodeScalars)
                index = close + 2
                continue
            }
            if scalar == "{", let argument = icuArgument(scalars, from: index) {
                let written = String(String.UnicodeScalarView(scalars[index..<argument.end]))
                if argument.branches.isEmpty {
                    text.append(contentsOf: sample(written).unicodeScalars)
                    index = argument.end
                    continue
                }
                // One reading per branch, each with the rest of the string around it.
                let before = Array(text)
                let after = Array(scalars[argument.end...])
                for (selector, body) in argument.branches where results.count < Self.maximumReadings {
                    let category = argument.isPlural ? selectorCategory(selector) : plural
                    let number = argument.isPlural ? (selector.hasPrefix("=") ? String(selector.dropFirst()) : nil) : nil
                    let hash = number ?? category.map(Self.number(for:)) ?? "7"
                    var bodyScalars: [Unicode.Scalar] = []
                    for piece in body {
                        if piece == "#", argument.isPlural { bodyScalars += hash.unicodeScalars } else { bodyScalars.append(piece) }
                    }
                    var nested: [Reading] = []
                    var nestedPool = pool
                    expand(
                        before + bodyScalars + after, plural: plural, branch: branch + ["\(argument.name)=\(selector)"], pool: &nestedPool,
                        into: &nested)
                    // A branch with plurals of its own brings several readings: only those that fit.
                    for var reading in nested.prefix(Self.maximumReadings - results.count) {
                        reading.samples = samples + reading.samples
                        if argument.isPlural { reading.samples.append((hash, "#")) }
                        results.append(reading)
                    }
                }
                return
            }
            text.append(scalar)
            index += 1
        }
        results.append(Reading(text: String(text), samples: samples, branch: branch.joined(separator: ",")))
    }

    private static func selectorCategory(_ selector: String) -> PluralCategory? {
        if selector.hasPrefix("=") { return nil }
        return PluralCategory(rawValue: selector)
    }

    /// The end of a printf placeholder starting at `start` (a "%"), or nil when it is not one.
    static func printfEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "%" { return index + 1 }
        // %#@name@: a .stringsdict variable.
        if scalars[index] == "#", index + 1 < scalars.count, scalars[index + 1] == "@" {
            guard let close = scalars[(index + 2)...].firstIndex(of: "@") else { return nil }
            return close + 1
        }
        // Position: %1$@.
        var digits = index
        while digits < scalars.count, ("0"..."9").contains(scalars[digits]) { digits += 1 }
        if digits > index, digits < scalars.count, scalars[digits] == "$" { index = digits + 1 }
        // No space flag: "50 % off" is a percentage, not "% o".
        while index < scalars.count, "-+0#'".unicodeScalars.contains(scalars[index]) { index += 1 }
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "*" { index += 1 }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "*" { index += 1 }
        }
        for length in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let unit = Array(length.unicodeScalars)
            if index + unit.count <= scalars.count, Array(scalars[index..<index + unit.count]) == unit {
                index += unit.count
                break
            }
        }
        guard index < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(scalars[index]) else { return nil }
        return index + 1
    }

    private static func find(_ needle: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        var index = start
        while index + pattern.count <= scalars.count {
            if Array(scalars[index..<index + pattern.count]) == pattern { return index }
            index += 1
        }
        return nil
    }

    /// An ICU MessageFormat argument at `start` (a "{"): `{name}`, `{name, type[, style]}`, or a
    /// plural, selectordinal or select with its branches; nil when the braces are not one.
    private static func icuArgument(_ scalars: [Unicode.Scalar], from start: Int)
        -> (name: String, isPlural: Bool, branches: [(String, [Unicode.Scalar])], end: Int)?
    {
        guard let end = matchingBrace(scalars, from: start) else { return nil }
        let inner = Array(scalars[(start + 1)..<(end - 1)])
        let parts = splitTopLevel(inner, maximum: 3)
        let name = String(String.UnicodeScalarView(parts[0])).trimmingSpaces
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" })
        else { return nil }
        guard parts.count >= 2 else { return (name, false, [], end) }
        let type = String(String.UnicodeScalarView(parts[1])).trimmingSpaces
        guard ["plural", "selectordinal", "select"].contains(type), parts.count == 3 else { return (name, false, [], end) }
        var branches: [(String, [Unicode.Scalar])] = []
        var index = 0
        let body = parts[2]
        while index < body.count {
            while index < body.count, body[index].properties.isWhitespace { index += 1 }
            let selectorStart = index
            while index < body.count, !body[index].properties.isWhitespace, body[index] != "{" { index += 1 }
            let selector = String(String.UnicodeScalarView(body[selectorStart..<index]))
            while index < body.count, body[index].properties.isWhitespace { index += 1 }
            guard index < body.count, body[index] == "{", let close = matchingBrace(body, from: index) else { break }
            if !selector.hasPrefix("offset:") { branches.append((selector, Array(body[(index + 1)..<(close - 1)]))) }
            index = close
        }
        guard !branches.isEmpty else { return nil }
        return (name, type != "select", branches, end)
    }

    /// The index after the "}" that closes the "{" at `start`.
    private static func matchingBrace(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < scalars.count {
            if scalars[index] == "{" { depth += 1 }
            if scalars[index] == "}" {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// `scalars` split at commas outside braces, into at most `maximum` parts.
    private static func splitTopLevel(_ scalars: [Unicode.Scalar], maximum: Int) -> [[Unicode.Scalar]] {
        var parts: [[Unicode.Scalar]] = [[]]
        var depth = 0
        for scalar in scalars {
            if scalar == "{" { depth += 1 }
            if scalar == "}" { depth -= 1 }
            if scalar == ",", depth == 0, parts.count < maximum {
                parts.append([])
            } else {
                parts[parts.count - 1].append(scalar)
            }
        }
        return parts
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()))
    }
}
