import LocutorCore
import Testing

@Suite struct DiagnosticTests {
    @Test("Reads like a compiler: file:line:column, the problem, then the fix")
    func wording() {
        let diagnostic = Diagnostic(
            SourceLocation(file: "voices/es-AR.yaml", line: 42, column: 7),
            "unknown currency 'ARZ'", fix: "did you mean ARS?")
        #expect(diagnostic.description == "voices/es-AR.yaml:42:7: unknown currency 'ARZ' — did you mean ARS?")
    }

    @Test("Reports every problem together, in file order")
    func collects() {
        var collector = DiagnosticCollector()
        collector.report(SourceLocation(file: "b.yaml", line: 1, column: 1), "second", fix: "fix b")
        collector.report(SourceLocation(file: "a.yaml", line: 9, column: 2), "first", fix: "fix a")
        collector.report(SourceLocation(file: "a.yaml", line: 10, column: 1), "between", fix: "fix a again")
        #expect(throws: DataError.self) { try collector.check() }
        do {
            try collector.check()
        } catch {
            #expect(
                error.description == """
                    a.yaml:9:2: first — fix a
                    a.yaml:10:1: between — fix a again
                    b.yaml:1:1: second — fix b
                    """)
        }
        #expect(throws: Never.self) { try DiagnosticCollector().check() }
    }
}
