/// Text made safe for markup: the one escaper of SSML, the listening page and the diff page.
package enum MarkupText {
    /// Text safe inside XML and HTML content and quoted attribute values: `& < > " '` become
    /// `&amp; &lt; &gt; &quot; &apos;` (named in both XML 1.0 and HTML5). Runs that need no escape are copied whole.
    ///
    /// What XML 1.0 cannot carry at all, even escaped — control characters other than tab and
    /// line breaks, and the noncharacters U+FFFE and U+FFFF — becomes a space.
    package static func escaped(_ text: String) -> String {
        let utf8 = text.utf8
        guard
            utf8.contains(where: {
                $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                    || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0xEF
            })
        else { return text }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let escape: String?
            var next = utf8.index(after: index)
            switch utf8[index] {
            case UInt8(ascii: "&"): escape = "&amp;"
            case UInt8(ascii: "<"): escape = "&lt;"
            case UInt8(ascii: ">"): escape = "&gt;"
            case UInt8(ascii: "\""): escape = "&quot;"
            case UInt8(ascii: "'"): escape = "&apos;"
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): escape = nil
            case 0..<0x20: escape = " "
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
            case 0xEF:
                if let third = utf8.index(index, offsetBy: 2, limitedBy: utf8.index(before: utf8.endIndex)),
                    utf8[next] == 0xBF, utf8[third] == 0xBE || utf8[third] == 0xBF
                {
                    escape = " "
                    next = utf8.index(after: third)
                } else {
                    escape = nil
                }
            default: escape = nil
            }
            if let escape {
                result += text[start..<index]
                result += escape
                start = next
            }
            index = next
        }
        result += text[start..<utf8.endIndex]
        return result
    }
}
