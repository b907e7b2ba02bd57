import Foundation
import LocutorCore
import PropertyBased
import Testing

@Suite struct JSONWriterTests {
    @Test("Any text written as a JSON string reads back the same, control characters, quotes and backslashes included")
    func stringsRoundTrip() async {
        let special = Gen<Unicode.Scalar?>.element(of: Array("\"\\\n\r\t\u{0}\u{1}\u{1F}\u{7F}/é😀".unicodeScalars)).map { $0 ?? "a" }
        let text = Gen.oneOf(special, TextGen.anyScalar).array(of: 0...40).map { String(String.UnicodeScalarView($0)) }
        await propertyCheck(count: 500, input: text, text) { key, value in
            var writer = JSONWriter()
            writer.beginObject()
            writer.string(key, value)
            writer.beginArray("list")
            writer.beginObject()
            writer.bool("flag", true)
            writer.raw("number", "12.5")
            writer.endObject()
            writer.endArray()
            writer.endObject()
            // Nothing thrown here: a property check does not count a thrown error as a failure.
            let object = (try? JSONSerialization.jsonObject(with: Data(writer.text.utf8))) as? [String: Any]
            #expect(object?[key] as? String == value, "\(writer.text)")
            let list = object?["list"] as? [[String: Any]]
            #expect(list?.count == 1 && list?[0]["flag"] as? Bool == true && (list?[0]["number"] as? NSNumber)?.doubleValue == 12.5)
        }
    }

    @Test("A U+FEFF that starts a string is escaped: Foundation's reader drops it written raw, as a byte-order mark")
    func byteOrderMark() throws {
        for text in ["\u{FEFF}", "\u{FEFF}x", "a\u{FEFF}b", "\u{FEFF}\u{FEFF}"] {
            var writer = JSONWriter()
            writer.beginObject()
            writer.string("text", text)
            writer.endObject()
            #expect(!writer.text.unicodeScalars.contains("\u{FEFF}"), "\(writer.text)")
            let object = try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [String: Any]
            #expect(object?["text"] as? String == text, "\(writer.text)")
        }
    }
}
