import Testing

@testable import LocutorCore

@Suite struct TabularFileTests {
    private let columns = ["key", "category", "name"]

    @Test("Rows are read field by field: comments and blank lines skipped, CR LF taken, empty fields kept")
    func rows() throws {
        let text = "# generated\nkey\tcategory\tname\r\n\nUSD\tone\tdólar\r\nUSD\tother\t\n# end\nRUB\tfew\tрубля"
        let table = try TabularFile(Array(text.utf8), origin: "t.tsv", columns: columns)
        #expect(table.rows.map(\.fields) == [["USD", "one", "dólar"], ["USD", "other", ""], ["RUB", "few", "рубля"]])
        #expect(table.rows.map(\.line) == [4, 5, 7])
    }

    @Test("keepingFirst keeps the rows of one key only")
    func keepingFirst() throws {
        let text = "key\tcategory\tname\nes_AR\ta\tb\nes\tc\td\nes_AR\te\tf\n"
        let table = try TabularFile(Array(text.utf8), origin: "t.tsv", columns: columns, keepingFirst: "es_AR")
        #expect(table.rows.map(\.fields) == [["es_AR", "a", "b"], ["es_AR", "e", "f"]])
    }

    @Test("A line that is not UTF-8, a row of the wrong width and a wrong header are named at their lines")
    func problems() {
        var bytes = Array("key\tcategory\tname\nUSD\tone\tdollar\n".utf8)
        bytes += [0x55, 0x09, 0xFF, 0x09, 0x61, 0x0A]  // line 3
        bytes += Array("EUR\tone\nGBP\tone\tpound\n".utf8)  // line 4 is short
        do {
            _ = try TabularFile(bytes, origin: "t.tsv", columns: columns)
            Issue.record("the problems were not reported")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "t.tsv:3:1: the line is not UTF-8 text — regenerate the file (voices/cldr/TABLES.md says how)",
                    "t.tsv:4:1: the row has 2 fields, not 3 — separate key, category, name by single tabs",
                ])
        }
        #expect(throws: DataError.self) { _ = try TabularFile(Array("a\tb\tc\n".utf8), origin: "t.tsv", columns: columns) }
        #expect(throws: DataError.self) { _ = try TabularFile(Array("# only\n".utf8), origin: "t.tsv", columns: columns) }
    }
}
