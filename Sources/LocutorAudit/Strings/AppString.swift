import Foundation
import LocutorCore

/// One string an app shows, as a string file holds it: its key, its locale, the variant it is
/// (a plural form, a device), its text with escapes resolved, and where its value is written.
package struct AppString: Hashable, Sendable {
    /// The key: `price.total`, or for a variant its key and the variant's path (`items|plural.one`).
    package var key: String
    /// The variant within the key, empty for a plain string: `plural.one`, `device.iphone`.
    package var variant: String
    /// The locale the file gives it: `es-AR`, `es_AR`, `values-es-rAR`'s `es-AR`; nil when the file
    /// does not say (Android's `values/`, a `.strings` file outside an `.lproj` folder).
    package var locale: String?
    /// The text, escapes resolved, placeholders as written.
    package var text: String
    /// Where the value starts: file:line:column (the column in Unicode scalars, from 1).
    package var location: SourceLocation
    /// The plural category a variant is for, when it is one: its placeholders stand for a number
    /// of that category.
    package var plural: PluralCategory?

    package init(
        key: String, variant: String = "", locale: String?, text: String, location: SourceLocation, plural: PluralCategory? = nil
    ) {
        self.key = key
        self.variant = variant
        self.locale = locale
        self.text = text
        self.location = location
        self.plural = plural
    }
}

/// A string file that cannot be read: where, what is wrong, and what to do.
package struct StringFileError: Error, Equatable, Sendable, CustomStringConvertible {
    package let location: SourceLocation
    package let problem: String

    package init(_ location: SourceLocation, _ problem: String) {
        self.location = location
        self.problem = problem
    }

    package var description: String { "\(location): \(problem)" }
}

/// A text as Unicode scalars with line and column bookkeeping, for the readers.
struct ScalarText {
    let scalars: [Unicode.Scalar]
    let file: String
    /// The index where each line starts.
    private let lineStarts: [Int]

    init(_ text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The location of the scalar at `index`.
    func location(_ index: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(file: file, line: low + 1, column: index - lineStarts[low] + 1)
    }

    func error(_ index: Int, _ problem: String) -> StringFileError {
        StringFileError(location(index), problem)
    }

    /// The one JSON value of the text, or an error at its line and column.
    func json() throws(StringFileError) -> JSONTree {
        do {
            return try JSONTree.parse(scalars)
        } catch {
            if error.duplicateKey != nil { throw self.error(error.index, error.problem + " — keep one") }
            throw self.error(error.index, "not valid JSON: \(error.problem)")
        }
    }
}
