import LocutorCore
import Testing

/// Reading plural rule files: every problem reported at file:line:column with its fix.
@Suite struct PluralRuleBookTests {
    /// What loading `yaml` as test.yaml reports, one diagnostic per line; "" when it loads.
    private func problems(_ yaml: String) -> String {
        do {
            _ = try PluralRuleBook(yaml: yaml, origin: "test.yaml")
            return ""
        } catch {
            return error.description
        }
    }

    @Test("Loads voices/cldr/plurals.yaml: six languages, in the file's order")
    func loadsTheRealFile() throws {
        let book = try PluralFixtures.book.get()
        #expect(book.languages == ["es", "pt", "en", "ru", "fr", "nl"])
        #expect(book["es"]?.categories == [.one, .many, .other])
        #expect(book["ru"]?.categories == [.one, .few, .many, .other])
    }

    @Test("Points at an unknown operand inside a quoted rule, one column after the quote")
    func unknownOperand() {
        #expect(
            problems(
                """
                en:
                  one: "x = 1"
                  other: ""
                """) == "test.yaml:2:9: unknown operand 'x' in the rule for 'one' — use one of n, i, v, w, f, t, e, c")
    }

    @Test("Counts columns through escapes, doubled quotes and folded lines")
    func columnsInsideScalars() {
        #expect(
            problems(
                """
                en:
                  one: "\\u0069 = 1 and q = 1"
                  other: ""
                """) == "test.yaml:2:24: unknown operand 'q' in the rule for 'one' — use one of n, i, v, w, f, t, e, c")
        #expect(
            problems(
                """
                en:
                  one: 'i = 1 and ''x'' = 2'
                  other: ''
                """) == """
                    test.yaml:2:19: expected an operand in the rule for 'one', found "'" — \
                    a relation starts with one of n, i, v, w, f, t, e, c, as in 'i = 1'
                    """)
        #expect(
            problems(
                """
                en:
                  one: i = 1 and
                    q = 2
                  other: ""
                """) == "test.yaml:3:5: unknown operand 'q' in the rule for 'one' — use one of n, i, v, w, f, t, e, c")
        #expect(
            problems(
                """
                en:
                  one: >
                    i = 1 and
                    q = 2
                  other: ""
                """) == "test.yaml:4:5: unknown operand 'q' in the rule for 'one' — use one of n, i, v, w, f, t, e, c")
    }

    @Test("Counts lines and columns as libYAML does: CR LF is one break, a byte order mark takes a column")
    func columnsLikeLibYAML() {
        #expect(
            problems("en:\r\n  one: \"x = 1\"\r\n  other: \"\"\r\n")
                == "test.yaml:2:9: unknown operand 'x' in the rule for 'one' — use one of n, i, v, w, f, t, e, c")
        #expect(
            problems("\u{FEFF}en: {one: \"x = 1\", other: \"\"}\n")
                == "test.yaml:1:13: unknown operand 'x' in the rule for 'one' — use one of n, i, v, w, f, t, e, c")
        #expect(
            problems("en:\n  one: \"i = 1 @integer 1\\\n    , 2\"\n  other: \"\"\n") == """
                test.yaml:3:7: sample '2' of 'one' is 'other' by these rules — \
                fix the rule for 'one' or move the sample to 'other'
                """)
    }

    @Test("Reports a range written backwards")
    func badRange() {
        #expect(
            problems(
                """
                ru:
                  few: "i % 10 = 4..2"
                  other: ""
                """) == "test.yaml:2:18: bad range '4..2' in the rule for 'few' — write the smaller end first, as in 2..4")
        #expect(
            problems(
                """
                ru:
                  few: "i = 2.."
                  other: ""
                """) == "test.yaml:2:13: bad range '2..' in the rule for 'few' — write both ends, as in 2..4")
    }

    @Test("Reports a language without 'other' at the language")
    func missingOther() {
        #expect(
            problems(
                """
                en:
                  one: "i = 1 and v = 0"
                """) == """
                    test.yaml:1:1: the rules for 'en' have no 'other' — add other: "", which takes every number the other rules leave
                    """)
    }

    @Test("Reports an unknown category, with the one it resembles")
    func unknownCategory() {
        #expect(
            problems(
                """
                en:
                  onee: "i = 1"
                  other: ""
                """) == """
                    test.yaml:2:3: unknown plural category 'onee' in 'en' — \
                    did you mean 'one'? The categories are zero, one, two, few, many, other
                    """)
        #expect(
            problems(
                """
                en:
                  several: "i = 1"
                  other: ""
                """) == """
                    test.yaml:2:3: unknown plural category 'several' in 'en' — use one of zero, one, two, few, many, other
                    """)
    }

    @Test("Reports a sample that the rules put in another category")
    func sampleInAnotherCategory() {
        #expect(
            problems(
                """
                en:
                  one: "i = 1 @integer 1, 2"
                  other: " @integer 0, 3~5"
                """) == """
                    test.yaml:2:27: sample '2' of 'one' is 'other' by these rules — \
                    fix the rule for 'one' or move the sample to 'other'
                    """)
    }

    @Test("Reports YAML syntax errors where Yams finds them")
    func yamlSyntax() {
        #expect(
            problems(
                """
                en:
                  one: "i = 1

                """) == """
                    test.yaml:3:1: invalid YAML: found unexpected end of stream \
                    (while scanning a quoted scalar at line 2, column 8) — check the quotes, colons and indentation here
                    """)
        #expect(
            problems(
                """
                en:
                  one: "i = 1"
                  one: "i = 2"
                  other: ""
                """) == "test.yaml:2:3: 'one' appears more than once in the same mapping — keep one definition of each")
        #expect(
            problems("") == """
                test.yaml:1:1: no plural rules in the file — add a language, as in en: { one: "i = 1 and v = 0", other: "" }
                """)
    }

    @Test("Reports values that are not rule text, and keys that are not language codes")
    func wrongShapes() {
        #expect(
            problems(
                """
                en:
                  one: [i, 1]
                  other: ""
                """) == """
                    test.yaml:2:8: the rule for 'one' in 'en' is a list, not text — write the rule in quotes, as in one: "i = 1 and v = 0"
                    """)
        #expect(
            problems(
                """
                Spanish:
                  one: "n = 1"
                  other: ""
                """) == "test.yaml:1:1: 'Spanish' is not a language code — name each language by its code, as in es or pt_PT")
        #expect(
            problems("en: \"x\"\n") == """
                test.yaml:1:5: the rules for 'en' are text, not a mapping of categories to rules — \
                indent one line per category under 'en:', as in   one: "i = 1 and v = 0"
                """)
        #expect(
            problems("- en\n") == """
                test.yaml:1:1: the file is a list, not a mapping of languages to their rules — \
                start each language at the beginning of a line, as in en: then its categories indented
                """)
    }

    @Test("Reports every problem of the file together, in file order")
    func collectsEverything() {
        #expect(
            problems(
                """
                en:
                  one: i = 1 and q = 2
                  other:
                es:
                  one: "n = 1 @integer 1.5 @decimal 2, 1.0~1.55 @foo 3"
                  many: "e = 0 and i % 0 = 0 or e = 7..5"
                  other: "n = 5"
                """) == """
                    test.yaml:1:1: the rules for 'en' have no 'other' — add other: "", which takes every number the other rules leave
                    test.yaml:2:18: unknown operand 'q' in the rule for 'one' — use one of n, i, v, w, f, t, e, c
                    test.yaml:3:9: the rule for 'other' in 'en' is empty — write the rule in quotes, as in other: ""
                    test.yaml:5:24: sample '1.5' is under @integer in the rule for 'one' — move it to @decimal
                    test.yaml:5:37: sample '2' is under @decimal in the rule for 'one' — write it with decimals, as in 2.0, or move it to @integer
                    test.yaml:5:40: bad sample range '1.0~1.55' in the rule for 'one' — write both ends with the same number of decimals, as in 0.0~1.5
                    test.yaml:5:49: unknown sample list '@foo' in the rule for 'one' — use @integer or @decimal
                    test.yaml:6:22: '% 0' in the rule for 'many' divides by zero — use a modulus of 1 or more, as in 'i % 10'
                    test.yaml:6:37: bad range '7..5' in the rule for 'many' — write the smaller end first, as in 5..7
                    test.yaml:7:11: the rule for 'other' has a condition — 'other' takes every number the other rules leave; remove 'n = 5'
                    """)
    }

    @Test("PluralRules(rules:) reports columns from each rule's own location")
    func rulesInitialiser() {
        let place = SourceLocation(file: "voices/cldr/plurals.yaml", line: 4, column: 9)
        do {
            _ = try PluralRules(rules: [(.one, "i = 1 and x = 1", place), (.other, "", place)])
            Issue.record("no error")
        } catch {
            #expect(
                error.description == """
                    voices/cldr/plurals.yaml:4:19: unknown operand 'x' in the rule for 'one' — use one of n, i, v, w, f, t, e, c
                    """)
        }
        do {
            _ = try PluralRules(rules: [(.one, "i = 1", place)])
            Issue.record("no error")
        } catch {
            #expect(
                error.description == """
                    voices/cldr/plurals.yaml:4:9: these plural rules have no 'other' — \
                    add other: "", which takes every number the other rules leave
                    """)
        }
    }
}
