import Foundation
import LocutorCore
import Testing

/// The RBNF syntax on a small inline rule text: brackets, `>>>`, radix, apostrophes, fraction
/// rule sets, `x.0`, plural patterns. Every expected string is ICU 72's output for the same
/// rules (integers through ICU's int64 path), recorded with python3-icu.
@Suite struct SpellOutSyntaxTests {
    static let rules = """
        %main:
        -x: minus >>;
        x.x: << point >>;
        0: zero; 1: one; 2: two; 3: three; 4: four; 5: five; 6: six; 7: seven; 8: eight; 9: nine;
        10: ten; 11: eleven; 12: twelve; 13: >>teen;
        20: twenty[->>];
        30: thirty[->>];
        100: << hundred[ >>];
        1000: << thousand[, >>];
        1,000,000: << million[ >>];
        %digits:
        0: =%main=;
        10: >>>;
        100/100: <<-hundred>>>;
        %pad:
        1: ' and =%main=;
        100: ' =%main=;
        %verbose:
        0: =%main=;
        101: << hundred>%pad>;
        %frac:
        x.x: <%main< and >%%parts>;
        0.x: >%%parts>;
        %%parts:
        2: <%main< half;
        2: <%main< halves;
        4: <%main< quarter;
        4: <%main< quarters;
        %plural:
        0: =%main=;
        1000000: <%main< $(cardinal,one{milhão}other{milhões})$[ e >>];
        %rounded:
        0: =%main=;
        x.0: << and a bit[ more];
        """

    static let expected: [(ruleSet: String, value: String, words: String)] = [
        ("%main", "0", "zero"),
        ("%main", "13", "threeteen"),
        ("%main", "20", "twenty"),
        ("%main", "21", "twenty-one"),
        ("%main", "99", "thirty-nine"),
        ("%main", "100", "one hundred"),
        ("%main", "101", "one hundred one"),
        ("%main", "200", "two hundred"),
        ("%main", "999", "nine hundred thirty-nine"),
        ("%main", "1000", "one thousand"),
        ("%main", "1001", "one thousand, one"),
        ("%main", "12345", "twelve thousand, three hundred thirty-five"),
        ("%main", "1000000", "one million"),
        ("%main", "2000001", "two million one"),
        ("%main", "-7", "minus seven"),
        ("%main", "1.5", "one point five"),
        ("%main", "0.25", "zero point two five"),
        ("%digits", "0", "zero"),
        ("%digits", "7", "seven"),
        ("%digits", "10", "zero"),
        ("%digits", "42", "two"),
        ("%digits", "100", "one-hundredzero"),
        ("%digits", "105", "one-hundredfive"),
        ("%digits", "1999", "nine-hundrednine"),
        ("%digits", "2000", "zero-hundredzero"),
        ("%digits", "4321", "three-hundredone"),
        ("%verbose", "100", "one hundred"),
        ("%verbose", "101", "one hundred and one"),
        ("%verbose", "105", "one hundred and five"),
        ("%verbose", "150", "one hundred and thirty"),
        ("%verbose", "300", "three hundred"),
        ("%verbose", "301", "three hundred and one"),
        ("%frac", "0.5", "one half"),
        ("%frac", "1.5", "one and one half"),
        ("%frac", "2.75", "two and three quarters"),
        ("%frac", "0.25", "one quarter"),
        ("%frac", "3.25", "three and one quarter"),
        ("%rounded", "5", "five"),
        ("%rounded", "2.5", "two and a bit more"),
        ("%rounded", "7", "seven"),
        ("%plural", "1", "one"),
        ("%plural", "2", "two"),
        ("%plural", "5", "five"),
        ("%plural", "21", "twenty-one"),
        ("%plural", "1000000", "one milhão"),
        ("%plural", "3000000", "three milhões"),
        ("%plural", "3000001", "three milhões e one"),
        ("%plural", "2500000", "two milhões e five hundred thousand"),
    ]

    @Test("Formats inline rules word for word as ICU does", arguments: expected.indices)
    func syntax(_ index: Int) throws {
        let item = Self.expected[index]
        let format = try SpellOutFixtures.make(Self.rules, origin: "inline.rbnf", locale: "pt")
        let value = try #require(Decimal(string: item.value, locale: Locale(identifier: "en_US_POSIX")))
        let got = try format.format(value, ruleSet: item.ruleSet)
        #expect(got == item.words, "\(item.ruleSet) \(item.value): got \(got)")
    }

    @Test("A digit pattern substitution is refused, not written as digits")
    func digitPattern() throws {
        let format = try RuleBasedNumberFormat(rules: "%x:\n0: zero;\n10: =#,##0=;\n", origin: "digits.rbnf")
        #expect(try format.format(0, ruleSet: "%x") == "zero")
        #expect(throws: SpellOutError.tooLarge(10)) { try format.format(10, ruleSet: "%x") }
    }

    @Test("A leading apostrophe keeps the space after it")
    func apostrophe() throws {
        let format = try RuleBasedNumberFormat(rules: "%x:\n0: zero;\n1: ' one;\n%y:\n0: a=%x=b;\n", origin: "quote.rbnf")
        #expect(try format.format(1, ruleSet: "%y") == "a oneb")
        #expect(format.ruleSetNames == ["%x", "%y"])
    }

    @Test("A cycle the loader cannot see stops at ICU's recursion limit instead of crashing")
    func recursionLimit() throws {
        // The loader follows normal rules only; two -x: rules handing a negative value to each
        // other unchanged are caught when formatting.
        let text = "%x:\n-x: =%y=;\n0: zero;\n%y:\n-x: =%x=;\n0: zero;\n"
        let format = try RuleBasedNumberFormat(rules: text, origin: "loop.rbnf")
        #expect(try format.format(1, ruleSet: "%x") == "zero")
        #expect(throws: SpellOutError.ruleCycle("%x")) { try format.format(-1, ruleSet: "%x") }
        #expect(
            SpellOutError.ruleCycle("%x").description
                == "the rules of %x call themselves more than 64 levels deep — the rule text has a cycle; fix the rule set that hands the value back unchanged"
        )
    }

    @Test(">>> formats the remainder with the rule before, skipping the search")
    func predecessorRule() throws {
        let format = try RuleBasedNumberFormat(rules: "%x:\n0: zero;\n1: one;\n10: >>>x;\n", origin: "pred.rbnf")
        #expect(try format.format(15, ruleSet: "%x") == "onex")
    }
}
