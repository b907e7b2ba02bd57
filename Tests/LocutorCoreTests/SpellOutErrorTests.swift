import Foundation
import LocutorCore
import Testing

/// What a caller or a data author reads when spelling out fails, as exact strings.
@Suite struct SpellOutErrorTests {
    @Test("An unknown rule set names the closest one and lists the rest")
    func unknownRuleSet() throws {
        let nl = try SpellOutFixtures.format("nl")
        #expect(throws: SpellOutError.unknownRuleSet("%spellout-cardinl", available: nl.ruleSetNames)) {
            try nl.format(5, ruleSet: "%spellout-cardinl")
        }
        let error = SpellOutError.unknownRuleSet("%spellout-cardinl", available: nl.ruleSetNames)
        #expect(
            error.description == "unknown rule set '%spellout-cardinl' — did you mean %spellout-cardinal? "
                + "(available: %spellout-numbering-year, %spellout-numbering, %spellout-cardinal, %spellout-ordinal)")
        let far = SpellOutError.unknownRuleSet("%%private", available: ["%spellout-cardinal"])
        #expect(far.description == "unknown rule set '%%private' — use one of the rule set names (available: %spellout-cardinal)")
    }

    @Test("A private rule set cannot be asked for by name")
    func privateRuleSet() throws {
        let nl = try SpellOutFixtures.format("nl")
        #expect(throws: SpellOutError.unknownRuleSet("%%number-en", available: nl.ruleSetNames)) {
            try nl.format(5, ruleSet: "%%number-en")
        }
    }

    @Test("Refuses 10^18 in Spanish instead of writing digits")
    func tooLarge() throws {
        let es = try SpellOutFixtures.format("es")
        let value = Decimal(string: "1000000000000000000")!
        #expect(throws: SpellOutError.tooLarge(value)) { try es.format(value, ruleSet: "%spellout-cardinal-masculine") }
        #expect(
            SpellOutError.tooLarge(value).description
                == "cannot spell 1000000000000000000 exactly: the rules would fall back to digits — spell a smaller or whole amount, or show this one in digits"
        )
        #expect(try es.format(Decimal(string: "999999999999999999")!, ruleSet: "%spellout-cardinal-masculine").hasPrefix("novecientos"))
        let huge = Decimal(string: "1e30")!
        #expect(throws: SpellOutError.tooLarge(huge)) { try es.format(huge, ruleSet: "%spellout-cardinal-masculine") }
    }

    @Test("Refuses a fraction in an ordinal rule set, and Russian ordinals past 21000")
    func noExactRule() throws {
        let es = try SpellOutFixtures.format("es")
        let half = Decimal(string: "1.5")!
        #expect(throws: SpellOutError.tooLarge(half)) { try es.format(half, ruleSet: "%spellout-ordinal-masculine") }
        let ru = try SpellOutFixtures.format("ru")
        #expect(throws: SpellOutError.tooLarge(21_001)) { try ru.format(21_001, ruleSet: "%spellout-ordinal-masculine") }
    }

    @Test("Refuses NaN")
    func notANumber() throws {
        let en = try SpellOutFixtures.format("en")
        #expect(throws: SpellOutError.notANumber) { try en.format(.nan, ruleSet: "%spellout-cardinal") }
        #expect(SpellOutError.notANumber.description == "cannot spell NaN: the value is not a number — check how the amount was parsed")
    }

    @Test("A malformed rule text reports every problem as file:line:col: problem — fix")
    func malformedRules() {
        let text = """
            %spellout-test:
            0: zero;
            1: one;
            5y: five;
            10: <%spellout-tset< ten;
            20: twenty[->>];
            15: fifteen;
            """
        #expect(throws: DataError.self) { try RuleBasedNumberFormat(rules: text, origin: "test.rbnf", firstLine: 10) }
        do {
            _ = try RuleBasedNumberFormat(rules: text, origin: "test.rbnf", firstLine: 10)
        } catch {
            #expect(
                error.description == """
                    test.rbnf:13:2: illegal character 'y' in base value — a base value is digits, optionally followed by `/radix` and `>` marks, as in `100:` or `1000/1000:`
                    test.rbnf:14:6: unknown rule set '%spellout-tset' — did you mean %spellout-test?
                    test.rbnf:16:1: base value 15 is out of order: this rule set's rules must reach at least 22 here — list the rules of a rule set by increasing base value
                    """)
        }
    }

    @Test("A cycle of unchanged values is reported when the rules are loaded")
    func cycle() {
        let text = """
            %a:
            0: =%b=;
            %b:
            0: zero;
            5: =%a=;
            """
        do {
            _ = try RuleBasedNumberFormat(rules: text, origin: "cycle.rbnf")
            Issue.record("a cycle was accepted")
        } catch {
            #expect(
                error.description == "cycle.rbnf:5:1: rule hands values 5 and up on unchanged in a cycle (%a → %b → %a), "
                    + "so formatting them would never end — make the rule divide the value (<<), take a remainder (>>), or name a rule set that does not lead back"
            )
        }
    }

    @Test("Plural patterns need the language's plural rules")
    func pluralWithoutLocale() {
        let text = "%x:\n0: zero;\n1000: << $(cardinal,one{thousand}other{thousands})$;\n"
        do {
            _ = try RuleBasedNumberFormat(rules: text, origin: "p.rbnf")
            Issue.record("a plural pattern without plural rules was accepted")
        } catch {
            #expect(
                error.description == "p.rbnf:3:10: plural pattern needs the language's CLDR plural rules, which were not given — "
                    + "load these rules with the language's plural rules (voices/cldr/plurals.yaml), or spell the forms out as separate rules"
            )
        }
    }
}
