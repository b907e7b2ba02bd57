import Foundation
import Yams

/// A YAML file's text, kept to say where each character of a scalar was written and to word
/// Yams's errors like a compiler.
///
/// Lines and columns count from 1 and columns count Unicode scalars, as libYAML (and so Yams's
/// `Mark`) does: `voices/cldr/plurals.yaml:4:15` is the 15th scalar of line 4.
package final class YAMLSource: Sendable {
    let origin: String
    /// The lines without their breaks (LF, CR LF, CR, NEL, LS and PS all end a line, as in libYAML;
    /// a byte order mark takes a column, as in libYAML), split only when a message needs them:
    /// splitting every file was a twentieth of loading a region.
    private let split: Lazy<[[Unicode.Scalar]]>
    /// How many "\n" the text has: every line up to one more than this exists.
    private let lineFeeds: Int

    package init(_ text: String, origin: String) {
        self.origin = origin
        var lineFeeds = 0
        for byte in text.utf8 where byte == 0x0A { lineFeeds += 1 }
        self.lineFeeds = lineFeeds
        split = Lazy {
            var lines: [[Unicode.Scalar]] = [[]]
            var previous: Unicode.Scalar = " "
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n" where previous == "\r":
                    break
                case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                    lines.append([])
                default:
                    lines[lines.count - 1].append(scalar)
                }
                previous = scalar
            }
            return lines
        }
    }

    private var lines: [[Unicode.Scalar]] { split.value }

    /// How many lines the text has; a final line break starts one more, empty line.
    package var lineCount: Int { lines.count }

    /// Where a mark points; libYAML puts the end of a text without a final line break on a line
    /// of its own, which this moves back to just after the last character.
    func location(_ place: Place?) -> SourceLocation {
        let line = max(1, place?.line ?? 1)
        guard line <= lineFeeds + 1 || line <= lines.count else {
            return SourceLocation(file: origin, line: lines.count, column: lines[lines.count - 1].count + 1)
        }
        return SourceLocation(file: origin, line: line, column: max(1, place?.column ?? 1))
    }

    /// A line and a column in the text, both from 1, the column in Unicode scalars: what Yams's
    /// `Mark` holds, for values that were not read through Yams.
    struct Place: Equatable {
        let line: Int
        let column: Int

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        init(_ mark: Mark) {
            self.init(line: mark.line, column: mark.column)
        }
    }

    // MARK: Where a scalar's characters were written

    /// Where each character of `scalar`'s value was written: exact for plain, quoted (escapes and
    /// line folding included) and block scalars; when the text cannot be followed, one column
    /// further on the scalar's first line per character.
    func locator(style: Node.Scalar.Style, mark: Place, text: String) -> (Int) -> SourceLocation {
        let quoted = style == .singleQuoted || style == .doubleQuoted
        let start = (line: mark.line, column: mark.column + (quoted ? 1 : 0))
        let origin = origin
        // Walked only when a location is asked for (a message): most scalars never need one, and
        // walking every one was a tenth of loading a region.
        let walked = Lazy<[(line: Int, column: Int)]?> { [self] in positions(style: style, mark: mark, text: text) }
        return { offset in
            guard let positions = walked.value else {
                return SourceLocation(file: origin, line: start.line, column: start.column + offset)
            }
            if offset >= 0, offset < positions.count {
                return SourceLocation(file: origin, line: positions[offset].line, column: positions[offset].column)
            }
            guard let last = positions.last else {
                return SourceLocation(file: origin, line: start.line, column: start.column)
            }
            return SourceLocation(file: origin, line: last.line, column: last.column + 1)
        }
    }

    /// Walks the source from the scalar's mark, matching each character of its value; nil when they part.
    private func positions(style: Node.Scalar.Style, mark: Place, text: String) -> [(line: Int, column: Int)]? {
        let lines = self.lines
        var line = mark.line - 1
        var column = mark.column - 1
        switch style {
        case .singleQuoted, .doubleQuoted:
            column += 1
        case .literal, .folded:
            line += 1  // the content starts under the | or > line
            column = 0
        default:
            break
        }
        guard line < lines.count else { return nil }

        /// The scalar at the cursor, "\n" at a line's end, nil after the text.
        func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
            var peekLine = line
            var peekColumn = column
            for _ in 0..<ahead {
                guard peekLine < lines.count else { return nil }
                if peekColumn < lines[peekLine].count {
                    peekColumn += 1
                } else {
                    peekLine += 1
                    peekColumn = 0
                }
            }
            guard peekLine < lines.count else { return nil }
            return peekColumn < lines[peekLine].count ? lines[peekLine][peekColumn] : "\n"
        }
        func advance(_ count: Int = 1) {
            for _ in 0..<count where line < lines.count {
                if column < lines[line].count {
                    column += 1
                } else {
                    line += 1
                    column = 0
                }
            }
        }

        var positions: [(line: Int, column: Int)] = []
        positions.reserveCapacity(text.unicodeScalars.count)
        for wanted in text.unicodeScalars {
            var matched = false
            while !matched, let raw = peek() {
                let here = (line: line + 1, column: column + 1)
                if style == .doubleQuoted, raw == "\\" {
                    guard let next = peek(1) else { return nil }
                    if next == "\n" {  // an escaped line break joins the lines
                        advance(2)
                        continue
                    }
                    guard let (decoded, length) = Self.escape(next, at: { peek($0) }), decoded == wanted else { return nil }
                    positions.append(here)
                    advance(length)
                    matched = true
                } else if style == .singleQuoted, raw == "'" {
                    guard peek(1) == "'", wanted == "'" else { return nil }
                    positions.append(here)
                    advance(2)
                    matched = true
                } else if raw == wanted || (raw == "\n" && (wanted == " " || wanted == "\n")) {
                    positions.append(here)
                    advance()
                    matched = true
                } else if raw == " " || raw == "\t" || raw == "\n" {
                    advance()  // indentation, or spaces folded away
                } else {
                    return nil
                }
            }
            if !matched { return nil }
        }
        return positions
    }

    /// libYAML's one-letter escapes in double quotes.
    private static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}",
        "f": "\u{0C}", "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\",
        "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ]

    /// The character a double-quoted escape stands for and how many scalars it takes, backslash
    /// included; `peek(n)` is the scalar `n` after the backslash. Nil for what libYAML refuses.
    static func escape(_ letter: Unicode.Scalar, at peek: (Int) -> Unicode.Scalar?) -> (Unicode.Scalar, Int)? {
        if let decoded = simpleEscapes[letter] { return (decoded, 2) }
        let digits: Int
        switch letter {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: return nil
        }
        var value: UInt32 = 0
        for index in 0..<digits {
            guard let digit = peek(2 + index), digit.isASCII, let hex = UInt32(String(digit), radix: 16) else {
                return nil
            }
            value = value * 16 + hex
        }
        guard let decoded = Unicode.Scalar(value) else { return nil }
        return (decoded, 2 + digits)
    }

    // MARK: Yams's errors

    /// A Yams error as a diagnostic at the place libYAML points to.
    package func diagnostic(for error: any Error) -> Diagnostic {
        let fix = "check the quotes, colons and indentation here"
        guard let yamlError = error as? YamlError else {
            return Diagnostic(location(nil), "cannot read the YAML: \(error)", fix: fix)
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var text = "invalid YAML: \(problem)"
            if let context {
                text += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            return Diagnostic(location(Place(mark)), text, fix: fix)
        case .reader(let problem, let offset, _, let yaml):
            return Diagnostic(
                location(atCharacterOffset: offset, in: yaml), "invalid YAML: \(problem)",
                fix: "remove the control character or invalid text here")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let verb = duplicates.count == 1 ? "appears" : "appear"
            return Diagnostic(
                location(Place(context.mark)), "\(names) \(verb) more than once in the same mapping",
                fix: "keep one definition of each")
        default:
            return Diagnostic(location(nil), "cannot read the YAML: \(yamlError)", fix: fix)
        }
    }

    /// Yams gives reader errors as a count of `Character`s from the start.
    private func location(atCharacterOffset offset: Int?, in yaml: String) -> SourceLocation {
        guard let offset, offset > 0 else { return location(nil) }
        var line = 1
        var column = 1
        var previous: Unicode.Scalar = " "
        for character in yaml.prefix(offset) {
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\n" where previous == "\r":
                    break
                case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                    line += 1
                    column = 1
                default:
                    column += 1
                }
                previous = scalar
            }
        }
        return SourceLocation(file: origin, line: line, column: column)
    }
}
