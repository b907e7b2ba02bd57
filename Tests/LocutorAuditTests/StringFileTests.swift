import Foundation
import LocutorCore
import Testing

@testable import LocutorAudit

/// The string-file readers: every format, its escapes and variants, locations of values, and
/// malformed files as file:line:column errors.
@Suite struct StringFileTests {
    static func read(_ format: StringFileFormat, _ text: String, path: String = "x") throws -> [AppString] {
        try format.read(Data(text.utf8), path: path, name: "f")
    }

    static func summary(_ strings: [AppString]) -> [String] {
        strings.map {
            "\($0.location.line):\($0.location.column) \($0.key)\($0.variant.isEmpty ? "" : "|" + $0.variant) \($0.locale ?? "-") \($0.text)"
        }
    }

    @Test("A .strings file: comments, escapes, unquoted keys, the locale from its .lproj folder")
    func strings() throws {
        let text = """
            /* A comment with "quotes" = "no"; */
            "a" = "Total: $ %@";
            // A line comment
            b = "Dijo \\"hola\\"\\nchau \\U00B2";
              "c"="x";
            """
        let strings = try Self.read(.strings, text, path: "App/es-AR.lproj/Localizable.strings")
        #expect(Self.summary(strings) == ["2:8 a es-AR Total: $ %@", "4:6 b es-AR Dijo \"hola\"\nchau ²", "5:8 c es-AR x"])
    }

    @Test("A .strings file in UTF-16, with and without a byte-order mark, as Xcode writes it")
    func utf16() throws {
        let text = "\"k\" = \"R$ 1.299,90\";\n"
        let little: [UInt8] = text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let variants: [[UInt8]] = [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little]
        for bytes in variants {
            let strings = try StringFileFormat.strings.read(Data(bytes), path: "pt-BR.lproj/L.strings", name: "f")
            #expect(Self.summary(strings) == ["1:8 k pt-BR R$ 1.299,90"])
        }
    }

    @Test(
        "Malformed .strings files are errors at their line and column",
        arguments: [
            ("\"a\" = \"x\"\n\"b\" = \"y\";", "f:2:1: expected ';' after the value"),
            ("\"a\" \"x\";", "f:1:5: expected '=' after the key"),
            ("\"a\" = x;", "f:1:7: expected the value in double quotes"),
            ("\"a\" = \"x;\n", "f:1:7: a string that is never closed"),
            ("/* open\n\"a\" = \"x\";", "f:1:1: a comment that is never closed"),
            ("\"a\" = \"x\";\n\"a\" = \"y\";", "f:2:1: the key \"a\" is written twice"),
        ])
    func malformedStrings(text: String, message: String) {
        #expect(throws: StringFileError.self) { try Self.read(.strings, text) }
        do {
            _ = try Self.read(.strings, text)
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test("A String Catalog: every localization, plural and device variations, the source text from the key")
    func catalog() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Fare: $%@" : {
                  "localizations" : {
                    "es-AR" : { "stringUnit" : { "state" : "translated", "value" : "Tarifa: $ %@" } }
                  }
                },
                "rides" : {
                  "localizations" : {
                    "ru" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld поездка" } },
                      "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld поездки" } } } } },
                    "en" : { "variations" : { "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%@ mi" } } } } }
                  }
                },
                "skip" : { "shouldTranslate" : false }
              },
              "version" : "1.0"
            }
            """
        let strings = try Self.read(.xcstrings, text)
        #expect(
            Self.summary(strings) == [
                "4:6 Fare: $%@ en Fare: $%@", "6:73 Fare: $%@ es-AR Tarifa: $ %@", "12:73 rides|plural.one ru %lld поездка",
                "13:73 rides|plural.few ru %lld поездки", "15:76 rides|device.iphone en %@ mi",
            ])
        #expect(strings.map(\.plural) == [nil, nil, .one, .few, nil])
    }

    @Test("JSON translations: nested keys, i18next plurals, arrays, ARB's @@locale and metadata; the locale from the name or folder")
    func translations() throws {
        let nested = try Self.read(
            .json, "{\"cart\": {\"total\": \"Total: {{amount}}\", \"items_one\": \"{{count}} artículo\"}, \"tips\": [\"a\", \"b\"]}",
            path: "web/locales/es-MX/translation.json")
        #expect(
            Self.summary(nested) == [
                "1:21 cart.total es-MX Total: {{amount}}", "1:55 cart.items_one es-MX {{count}} artículo", "1:87 tips[0] es-MX a",
                "1:92 tips[1] es-MX b",
            ])
        #expect(nested[1].plural == .one)
        let arb = try Self.read(
            .json, "{\"@@locale\": \"pt_BR\", \"price\": \"R$ {p}\", \"@price\": {\"description\": \"x\"}}", path: "l10n/app.arb")
        #expect(Self.summary(arb) == ["1:33 price pt-BR R$ {p}"])
        #expect(TranslationJSONReader.locale(ofPath: "lib/l10n/app_es_AR.arb") == "es-AR")
        #expect(TranslationJSONReader.locale(ofPath: "locales/ru.json") == "ru")
        #expect(TranslationJSONReader.locale(ofPath: "i18n/strings-pt-BR.json") == "pt-BR")
    }

    @Test(
        "Malformed JSON is an error at its line and column",
        arguments: [
            ("{\"a\": \"x\",\n \"b\" \"y\"}", "f:2:6: not valid JSON: expected ':' after the key"),
            ("{\"a\": \"x\", \"a\": \"y\"}", "f:1:12: the key \"a\" is written twice"),
            ("{\"a\": \"x\"", "f:1:10: not valid JSON: the text ends inside an object"),
            ("{\"a\": \"\\q\"}", "f:1:8: not valid JSON: an unknown escape"),
            ("[\"a\"]", "f:1:1: a translation file is a JSON object"),
            (
                String(repeating: "{\"a\":", count: 100) + "1" + String(repeating: "}", count: 100),
                "f:1:321: not valid JSON: nested more than 64"
            ),
        ])
    func malformedJSON(text: String, message: String) {
        do {
            _ = try Self.read(.json, text)
            Issue.record("no error for \(text)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test("Android strings: strings, plurals, string-arrays, CDATA, inline markup, escapes; translatable=false skipped")
    func android() throws {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
                <string name="a">$<xliff:g id="p">%1$s</xliff:g>/mo</string>
                <string name="b"><![CDATA[<b>295 000 €</b>]]></string>
                <string name="c">Contactez l\\'agence\\n  "  deux  espaces"</string>
                <string name="d" translatable="false">X</string>
                <plurals name="e"><item quantity="one">%d foto</item><item quantity="other">%d fotos</item></plurals>
                <string-array name="f"><item>Hasta $ 1.500</item></string-array>
            </resources>
            """
        let strings = try Self.read(.android, text, path: "res/values-es-rCO/strings.xml")
        #expect(
            Self.summary(strings) == [
                "3:22 a es-CO $%1$s/mo", "4:22 b es-CO <b>295 000 €</b>", "5:22 c es-CO Contactez l'agence\n   deux  espaces",
                "7:44 e|plural.one es-CO %d foto", "7:81 e|plural.other es-CO %d fotos", "8:34 f[0] es-CO Hasta $ 1.500",
            ])
        #expect(strings[3].plural == .one)
        #expect(LocaleName.ofAndroidFolder("res/values-b+es+419/strings.xml") == "es-419")
        #expect(LocaleName.ofAndroidFolder("res/values-ru/strings.xml") == "ru")
        #expect(LocaleName.ofAndroidFolder("res/values/strings.xml") == nil)
    }

    @Test("A .stringsdict: the format key and each plural form, with its category")
    func stringsdict() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>n</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>%#@c@</string>
                    <key>c</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>one</key>
                        <string>%d cuota de $ %@</string>
                        <key>other</key>
                        <string>%d cuotas</string>
                    </dict>
                </dict>
            </dict>
            </plist>
            """
        let strings = try Self.read(.stringsdict, text, path: "es-AR.lproj/L.stringsdict")
        #expect(
            Self.summary(strings) == [
                "7:17 n|format es-AR %#@c@", "13:21 n|c.one es-AR %d cuota de $ %@", "15:21 n|c.other es-AR %d cuotas",
            ])
        #expect(strings.map(\.plural) == [nil, .one, .other])
    }

    @Test("A UTF-16 .stringsdict or strings.xml is read as its UTF-8 twin; a lone surrogate is an error at its place")
    func utf16XML() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-16"?>
            <resources>
                <string name="precio">$ 1.299.900</string>
            </resources>
            """
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in text.utf16 {
                bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            let strings = try StringFileFormat.android.read(Data(bytes), path: "res/values-es-rAR/strings.xml", name: "f")
            let twin = text.replacingOccurrences(of: "UTF-16", with: "UTF-8")
            #expect(Self.summary(strings) == (try Self.summary(Self.read(.android, twin, path: "res/values-es-rAR/strings.xml"))))
            #expect(strings.map(\.text) == ["$ 1.299.900"])
        }
        // What the fuzzer found: a byte-order mark, then a lone surrogate (libxml2 crashed on it).
        let broken = Data([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x00, 0xD8, 0x3E, 0x00])
        for format in [StringFileFormat.stringsdict, .android] {
            #expect(throws: StringFileError.self) { try format.read(broken, path: "es.lproj/L.stringsdict", name: "f") }
        }
    }

    @Test("An XML string file that declares an encoding other than UTF-8 or UTF-16 is an error at the declaration, never parsed")
    func otherEncodings() throws {
        for encoding in ["utf-7", "ISO-8859-1", "bogus"] {
            let text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<resources>\n<string name=\"a\">x</string>\n</resources>\n"
            #expect {
                try Self.read(.android, text)
            } throws: { error in
                "\(error)" == "f:1:21: the file says it is written in \(encoding) — save it as UTF-8 and say encoding=\"UTF-8\""
            }
        }
        let utf8 = "<?xml version='1.0' encoding='utf-8'?>\n<resources>\n<string name=\"a\">x</string>\n</resources>\n"
        #expect(try Self.read(.android, utf8).map(\.text) == ["x"])
        // What the fuzzer found: a declaration whose "?>" is broken still names an encoding, and
        // libxml2 switched to it (and crashed) before it noticed.
        let unclosed = "<?xml version=\"1.0\" encoding=\"utf-7\"?%.2f>\n<resources>\n<string name=\"a\">x</string>\n</resources>\n"
        #expect {
            try Self.read(.android, unclosed)
        } throws: { error in
            "\(error)" == "f:1:21: the file says it is written in utf-7 — save it as UTF-8 and say encoding=\"UTF-8\""
        }
        for quoteless in ["<?xml version=\"1.0\" encoding=utf-7?>\n<resources/>\n", "<?xml version=\"1.0\" encoding=\"utf-7"] {
            #expect {
                try Self.read(.android, quoteless)
            } throws: { error in
                "\(error)" == "f:1:21: the XML declaration names an encoding without closing its quotes — write encoding=\"UTF-8\""
            }
        }
    }

    @Test(
        "A processing instruction without data is an error at its place (FoundationXML crashes on one); one with data, or <? in CDATA or a comment, is read"
    )
    func emptyProcessingInstruction() throws {
        let empty = "<?xml version=\"1.0\"?>\n<resources>\n  <?empty?>\n<string name=\"a\">x</string>\n</resources>\n"
        #expect {
            try Self.read(.android, empty)
        } throws: { error in
            "\(error)" == "f:3:3: a processing instruction without data (<?empty?>) — remove it"
        }
        let fine = """
            <?xml version="1.0"?>
            <resources>
            <?target some data?>
            <!-- <?not-one?> -->
            <string name="a"><![CDATA[<?nor-this?> x]]></string>
            </resources>
            """
        #expect(try Self.read(.android, fine).map(\.text) == ["<?nor-this?> x"])
    }

    @Test("A character XML does not allow is an error at its place, before the parser guesses an encoding from it")
    func forbiddenCharacters() throws {
        #expect {
            try Self.read(.stringsdict, "\0\0\0<dict></dict>")
        } throws: { error in
            "\(error)" == "f:1:1: the character U+0000 is not allowed in XML — remove it"
        }
        #expect {
            try Self.read(.android, "<resources>\n<string name=\"a\">x\u{1}</string>\n</resources>")
        } throws: { error in
            "\(error)" == "f:2:19: the character U+0001 is not allowed in XML — remove it"
        }
    }

    @Test(
        "Malformed XML is an error with its line",
        arguments: [
            "<resources>\n<string name=\"a\">x</strin>\n</resources>", "<resources>\n<string name=\"a\">a & b</string>\n</resources>",
            "<resources>\n<string name=\"a\">x", "",
        ])
    func malformedXML(text: String) {
        do {
            _ = try Self.read(.android, text, path: "res/values/strings.xml")
            Issue.record("no error for \(text)")
        } catch {
            #expect("\(error)".hasPrefix("f:"), "\(error)")
            #expect("\(error)".contains("not well-formed XML"), "\(error)")
        }
    }

    @Test("Locale names become tags; folders and names that are not locales give none")
    func locales() {
        #expect(LocaleName.tag("es_AR") == "es-AR")
        #expect(LocaleName.tag("pt-br") == "pt-BR")
        #expect(LocaleName.tag("es-419") == "es-419")
        #expect(LocaleName.tag("zh-hans") == "zh-Hans")
        #expect(LocaleName.tag("Base") == nil)
        #expect(LocaleName.tag("translation") == nil)
        #expect(LocaleName.ofFolder("App/Base.lproj/Main.strings") == nil)
        #expect(LocaleName.ofFolder("App/ru.lproj/Main.strings") == "ru")
    }

    @Test("Regions for locales: exact, by language default, overridden, and none")
    func regions() throws {
        var map = RegionMap(regions: ["es-AR", "es-ES", "es-MX", "pt-BR", "fr-BE", "ru-RU", "en-US"])
        #expect(map.region(for: "es_AR") == "es-AR")
        #expect(map.region(for: "es") == "es-ES")
        #expect(map.region(for: "es-419") == "es-ES")
        #expect(map.region(for: "pt") == "pt-BR")
        #expect(map.region(for: "ru") == "ru-RU")
        #expect(map.region(for: "de-DE") == nil)
        #expect(map.region(for: nil) == nil)
        try map.add("es-419=es-MX")
        try map.add("default=en-US")
        try map.add("es=es-AR")
        #expect(map.region(for: "es-419") == "es-MX")
        #expect(map.region(for: "es") == "es-AR")
        #expect(map.region(for: "es-CO") == "es-AR")
        #expect(map.region(for: nil) == "en-US")
        #expect(throws: RegionMapError.self) { try map.add("es=xx-YY") }
        #expect(throws: RegionMapError.self) { try map.add("es") }
    }
}
