import Foundation
import LocutorCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document as a tree of elements, read with Foundation's `XMLParser`, each element with
/// where its content starts (for `.stringsdict` and Android's `strings.xml`).
final class XMLTree {
    /// An element: its name, attributes, children in order, and its content as the parser gave it,
    /// interleaved: text and child elements.
    final class Element {
        let name: String
        let attributes: [String: String]
        /// Where the element's content starts: just after its start tag.
        let contentStart: SourceLocation
        var content: [Content] = []

        enum Content {
            case text(String)
            /// CDATA: text the parser did not interpret.
            case cdata(String)
            case element(Element)
        }

        init(name: String, attributes: [String: String], contentStart: SourceLocation) {
            self.name = name
            self.attributes = attributes
            self.contentStart = contentStart
        }

        var children: [Element] {
            content.compactMap { if case let .element(child) = $0 { child } else { nil } }
        }

        /// All the text inside, child elements' text included, their tags dropped.
        var text: String {
            content.map {
                switch $0 {
                case let .text(text), let .cdata(text): text
                case let .element(child): child.text
                }
            }.joined()
        }
    }

    let root: Element

    /// Parses `data` (the file as bytes) named `file` in messages.
    ///
    /// - Throws: `StringFileError` at the line and column where the parser stopped.
    init(_ data: Data, file: String) throws(StringFileError) {
        let data = try Self.utf8Document(data, file: file)
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let builder = Builder(file: file, lines: lines)
        let parser = XMLParser(data: data)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let finished = parser.parse()
        if let failure = builder.failure { throw failure }
        guard finished, let root = builder.root else {
            throw StringFileError(
                builder.location(line: parser.lineNumber, byteColumn: parser.columnNumber),
                "not well-formed XML — check the tags and escape & and < as &amp; and &lt;")
        }
        self.root = root
    }

    /// The document as UTF-8 text, its declaration saying UTF-8: the parser never switches
    /// encodings. A UTF-16 file (by its byte-order mark, or every other byte zero) is decoded
    /// here, anything else must be UTF-8, each with its errors at their line and column; a
    /// declaration naming another encoding is an error. libxml2 2.9 crashes on some documents
    /// that make it switch (a lone surrogate after a UTF-16 byte-order mark, `encoding="utf-7"`
    /// on UTF-8 text), so it only ever reads what this has checked.
    static func utf8Document(_ data: Data, file: String) throws(StringFileError) -> Data {
        let (document, utf16) = try StringFileFormat.decode(data, file)
        var text = String(String.UnicodeScalarView(document.scalars))
        // The declaration runs to its first ">": libxml2 switches to the encoding it names before
        // it looks for the "?>" that ends it ("encoding='utf-7'?%>" crashed it too).
        let declarationEnd = text.firstIndex(of: ">") ?? text.endIndex
        if text.hasPrefix("<?xml"), let name = text.range(of: "encoding", range: text.startIndex..<declarationEnd) {
            let open = text[name.upperBound..<declarationEnd].firstIndex(where: { $0 == "\"" || $0 == "'" })
            let close = open.flatMap { text[text.index(after: $0)..<declarationEnd].firstIndex(of: text[$0]) }
            guard let open, let close else {
                throw document.error(
                    text.unicodeScalars[..<name.lowerBound].count,
                    "the XML declaration names an encoding without closing its quotes — write encoding=\"UTF-8\"")
            }
            let declared = text[text.index(after: open)..<close].lowercased()
            guard declared == "utf-8" || declared == "utf8" || (utf16 && declared.hasPrefix("utf-16")) else {
                throw document.error(
                    text.unicodeScalars[..<name.lowerBound].count,
                    "the file says it is written in \(text[text.index(after: open)..<close]) — save it as UTF-8 and say encoding=\"UTF-8\"")
            }
            text.replaceSubrange(name.lowerBound...close, with: #"encoding="UTF-8""#)
        }
        try refuseForbiddenCharacters(document)
        try refuseEmptyInstructions(document)
        return Data(text.utf8)
    }

    /// Throws at the first character XML 1.0 does not allow (a control character other than tab
    /// and line breaks, U+FFFE, U+FFFF): libxml2 guesses an encoding from a file's first bytes
    /// ("\0\0\0<" is UCS-4) and crashes on what follows.
    private static func refuseForbiddenCharacters(_ document: ScalarText) throws(StringFileError) {
        let forbidden = document.scalars.firstIndex { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
        if let forbidden {
            throw document.error(
                forbidden, "the character U+\(String(format: "%04X", document.scalars[forbidden].value)) is not allowed in XML — remove it")
        }
    }

    /// Throws at the first processing instruction without data (`<?name?>`): FoundationXML's
    /// parser reads its missing data through a null pointer and crashes. Comments and CDATA
    /// sections are skipped; no string file needs such an instruction.
    private static func refuseEmptyInstructions(_ document: ScalarText) throws(StringFileError) {
        let scalars = document.scalars
        func starts(_ literal: String, at index: Int) -> Bool {
            var cursor = index
            for scalar in literal.unicodeScalars {
                guard cursor < scalars.count, scalars[cursor] == scalar else { return false }
                cursor += 1
            }
            return true
        }
        func skip(to literal: String, from index: Int) -> Int {
            var cursor = index
            while cursor < scalars.count, !starts(literal, at: cursor) { cursor += 1 }
            return cursor + literal.unicodeScalars.count
        }
        var index = 0
        while index < scalars.count {
            if starts("<!--", at: index) {
                index = skip(to: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                index = skip(to: "]]>", from: index + 9)
            } else if starts("<?", at: index) {
                var cursor = index + 2
                while cursor < scalars.count, !scalars[cursor].properties.isWhitespace, !starts("?>", at: cursor) { cursor += 1 }
                while cursor < scalars.count, scalars[cursor].properties.isWhitespace { cursor += 1 }
                if starts("?>", at: cursor) {
                    let written = String(String.UnicodeScalarView(scalars[index..<cursor + 2]))
                    throw document.error(index, "a processing instruction without data (\(written)) — remove it")
                }
                index = skip(to: "?>", from: cursor)
            } else {
                index += 1
            }
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let file: String
        let lines: [Data.SubSequence]
        var stack: [Element] = []
        var root: Element?
        var failure: StringFileError?

        init(file: String, lines: [Data.SubSequence]) {
            self.file = file
            self.lines = lines
        }

        /// libxml2 counts columns in bytes; messages count Unicode scalars.
        func location(line: Int, byteColumn: Int) -> SourceLocation {
            guard line >= 1, line <= lines.count else { return SourceLocation(file: file, line: max(line, 1), column: max(byteColumn, 1)) }
            let bytes = lines[lines.index(lines.startIndex, offsetBy: line - 1)]
            let prefix = bytes.prefix(max(byteColumn, 0))
            let scalars = String(decoding: prefix, as: UTF8.self).unicodeScalars.count
            return SourceLocation(file: file, line: line, column: scalars + 1)
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            // The parser stands on the start tag's '>': the content starts after it.
            let element = Element(
                name: name, attributes: attributes, contentStart: location(line: parser.lineNumber, byteColumn: parser.columnNumber))
            if let parent = stack.last { parent.content.append(.element(element)) } else if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let current = stack.last else { return }
            if case let .text(previous)? = current.content.last {
                current.content[current.content.count - 1] = .text(previous + string)
            } else {
                current.content.append(.text(string))
            }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            stack.last?.content.append(.cdata(String(decoding: block, as: UTF8.self)))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
            guard failure == nil else { return }
            failure = StringFileError(
                location(line: parser.lineNumber, byteColumn: parser.columnNumber),
                "not well-formed XML (\(Self.reason(error))) — check the tags and escape & and < as &amp; and &lt;")
            parser.abortParsing()
        }

        static func reason(_ error: any Error) -> String {
            let code = (error as NSError).code
            switch code {
            case 4: return "the document is empty"
            case 5: return "the file ends inside an element"
            case 9, 76: return "a tag is not closed, or closed in the wrong order"
            case 23, 68: return "an & that does not start an entity"
            case 26: return "an entity that is not defined"
            case 38, 41: return "an attribute is malformed"
            default: return "libxml2 error \(code)"
            }
        }
    }
}
