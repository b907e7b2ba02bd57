#!/usr/bin/python3
"""Writes Tests/Fixtures/icu-spellout.tsv: what ICU 72 says for numbers in each spell-out rule set.

The table is the oracle for LocutorCore's RuleBasedNumberFormat, which interprets the rule
files in voices/cldr/rbnf/ (written by extract-rbnf.py from the same ICU). Columns:
`locale<TAB>rule_set<TAB>value<TAB>text`; values are integers or decimal strings, text has the
soft hyphens (U+00AD) some rule sets put inside words removed.

The rule sets: those voices/ names for each RBNF locale (found in the language and region
files), and a base list per locale. Values per rule set: every integer 0–1000; a fixed-seed random sample up to 10^12 spread over
magnitudes (below the first rule that falls back to digits: Russian ordinals stop at 21000);
a few negatives; for cardinal sets some decimals. Year sets take every year 0–1000 and
1900–2100, every seventh between, and two negatives. Nothing at or above 10^18, where ICU
falls back to digits or to garbage.

ICU formats decimals through a double (python3-icu has no decimal-string entry point), so a
decimal is kept only where that double carries exactly the written decimal:
  * the digit-by-digit path (`x.x: << point >>`) reads the fraction from the shortest
    round-trip form of the whole number, so the string must be that shortest form;
  * the fraction-rule-set path (Russian `x.x: … >%%fractions-feminine>`) multiplies
    `value - floor(value)` by the rule set's least common multiple in double and int64, so the
    rounded product must equal the exact one and the fraction may have at most 6 digits
    (more overflow ICU's int64 arithmetic).
A decimal that fails the check for a rule set is left out for that rule set, not fudged.

usage: /usr/bin/python3 scripts/cldr/make-spellout-oracle.py   (from the repository root)
"""
import math
import os
import random
import re
import sys
from decimal import Decimal

from icu import ICU_VERSION, Formattable, Locale, RuleBasedNumberFormat, URBNFRuleSetTag

# Rule sets every shipped voice has needed so far; the ones voices/ names are added to them.
ROMANCE = ["%spellout-cardinal-masculine", "%spellout-cardinal-feminine",
           "%spellout-ordinal-masculine", "%spellout-ordinal-feminine", "%spellout-numbering-year"]
GERMANIC = ["%spellout-cardinal", "%spellout-ordinal", "%spellout-numbering-year"]
RUSSIAN = ([f"%spellout-cardinal-{g}" for g in ("masculine", "feminine", "neuter", "plural")]
           + [f"%spellout-cardinal-{g}-genitive" for g in ("masculine", "feminine", "neuter", "plural")]
           + [f"%spellout-ordinal-{g}" for g in ("masculine", "feminine", "neuter")]
           + ["%spellout-numbering-year"])
BASE_RULE_SETS = {
    "es": ROMANCE,
    "pt": ROMANCE,
    "en": GERMANIC,
    "ru": RUSSIAN,
    "fr": ROMANCE,
    "fr_BE": ROMANCE,
    "nl": GERMANIC,
}


def rule_sets_named_in_voices(root):
    """Each RBNF locale's rule sets as voices/ names them: a language file and its regions'
    files name rule sets (`%spellout-…`) of the locale of the language's `rules:` file, and of
    a region's own `rules:` file where it has one (fr-BE)."""
    voices = os.path.join(root, "voices")
    texts = {}
    for name in sorted(os.listdir(voices)):
        if name.endswith(".yaml") and name != "currencies.yaml":
            with open(os.path.join(voices, name), encoding="utf-8") as handle:
                texts[name[:-len(".yaml")]] = handle.read()

    def locale_of(text):
        match = re.search(r"^\s*rules:\s*cldr/rbnf/([\w]+)\.rbnf", text, re.MULTILINE)
        return match.group(1) if match else None

    named = {}
    for stem, text in texts.items():
        if "-" in stem:
            continue
        language_locale = locale_of(text)
        regions = [t for s, t in texts.items() if s.startswith(stem + "-")]
        for region_text in regions:
            locale = locale_of(region_text) or language_locale
            named.setdefault(locale, set()).update(re.findall(r"%spellout[\w-]*", text + region_text))
        named.setdefault(language_locale, set()).update(re.findall(r"%spellout[\w-]*", text))
    return named


NEGATIVES = [-1, -2, -21, -100, -101, -1000, -2001, -123456]
DECIMALS = ["1.5", "0.25", "32999.99", "3.14159", "0.05", "100.001", "0.5", "1.01", "21.5",
            "2.75", "1000.1", "0.999", "12.345", "-2.5", "-0.75", "1234567.89", "0.000123"]
RANDOM_INTEGERS = 120
RANDOM_DECIMALS = 20
SOFT_HYPHEN = "\u00ad"


def set_rules(text, name):
    """The rule lines of one rule set in getRules() text."""
    lines, inside = [], False
    for line in text.split("\n"):
        if line.startswith("%"):
            inside = line == name + ":"
        elif inside:
            lines.append(line)
    return lines


def fraction_set_lcm(text, name):
    """The LCM of the fraction rule set a rule set's x.x/0.x rules call, or None when digit by digit.

    A rule set without fraction rules of its own that hands every value on (`0: =%other=;`)
    inherits the other's.
    """
    lines = set_rules(text, name)
    if not any(re.match(r"(x\.x|0\.x):", line) for line in lines):
        delegate = re.match(r"0: =(%[\w-]+)=;$", lines[0]) if lines else None
        return fraction_set_lcm(text, delegate.group(1)) if delegate else None
    for line in lines:
        match = re.match(r"(x\.x|0\.x): .*>(%%[\w-]+)>", line)
        if match and match.group(2) != name:
            lcm = 1
            for rule in set_rules(text, match.group(2)):
                base = int(rule.split(":")[0].split("/")[0])
                lcm = lcm * base // math.gcd(lcm, base)
            return lcm
    return None


def icu_sees_exactly(value, lcm):
    """True when ICU's double arithmetic reproduces the decimal `value` exactly (see the module doc)."""
    exact = Decimal(value).normalize()
    double = float(value)
    shortest = Decimal(repr(double)).normalize()
    if exact != shortest:
        return False
    if lcm is not None:
        fraction_digits = max(0, -exact.as_tuple().exponent)
        magnitude = abs(double)
        icu_numerator = int((magnitude - math.floor(magnitude)) * lcm + 0.5)
        exact_fraction = abs(exact) - int(abs(exact))
        if fraction_digits > 6 or icu_numerator != exact_fraction * lcm:
            return False
    return True


def digits_from(text, name):
    """The first base value at which the rule set falls back to digits (`=#,##0=`, `=0=`)."""
    for line in set_rules(text, name):
        match = re.match(r"(\d+)(/\d+)?: =[#0]", line)
        if match:
            return int(match.group(1))
    return 10 ** 18


def icu_number(value):
    """What ICU is handed: an int64 Formattable for integers (a bare Python int would take ICU's
    double path), the double of a decimal string that icu_sees_exactly accepted."""
    if isinstance(value, str):
        return float(value)
    number = Formattable()
    number.setInt64(value)
    return number


def values_for(locale, name, text):
    rng = random.Random(f"{locale}{name}")
    if name.endswith("-year"):
        return (list(range(0, 1001)) + list(range(1001, 1900, 7)) + list(range(1900, 2101))
                + [-1, -1999])
    values = list(range(0, 1001))
    limit = min(10 ** 12, digits_from(text, name))
    for _ in range(RANDOM_INTEGERS):
        exponent = rng.randint(3, max(3, len(str(limit - 1)) - 1))
        values.append(rng.randrange(10 ** exponent, min(limit, 10 ** (exponent + 1))))
    values += [n for n in NEGATIVES if -n < limit]
    if "cardinal" in name or name == "%spellout-numbering":
        lcm = fraction_set_lcm(text, name)
        decimals = list(DECIMALS)
        for _ in range(RANDOM_DECIMALS):
            places = rng.randint(1, 4)
            whole = rng.randrange(0, 10 ** rng.randint(1, 6))
            decimals.append(f"{whole}.{rng.randrange(1, 10 ** places):0{places}d}")
        values += [d for d in decimals if icu_sees_exactly(d, lcm)]
    return values


def main():
    if not ICU_VERSION.startswith("72."):
        sys.exit(f"error: ICU {ICU_VERSION} found, the oracle is ICU 72 — run with /usr/bin/python3")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    path = os.path.join(root, "Tests", "Fixtures", "icu-spellout.tsv")
    rule_sets = {locale: list(names) for locale, names in BASE_RULE_SETS.items()}
    for locale, names in rule_sets_named_in_voices(root).items():
        if locale not in rule_sets:
            sys.exit(f"error: voices/ names the RBNF locale {locale}, which this script has no rule sets for — add it to BASE_RULE_SETS")
        rule_sets[locale] += sorted(names - set(rule_sets[locale]))
    rows = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("locale\trule_set\tvalue\ttext\n")
        for locale, names in rule_sets.items():
            formatter = RuleBasedNumberFormat(URBNFRuleSetTag.SPELLOUT, Locale(locale))
            text = formatter.getRules()
            public = [formatter.getRuleSetName(i) for i in range(formatter.getNumberOfRuleSetNames())]
            for name in names:
                if name not in public:
                    sys.exit(f"error: {locale} has no public rule set {name}")
                formatter.setDefaultRuleSet(name)
                for value in values_for(locale, name, text):
                    spoken = formatter.format(icu_number(value)).replace(SOFT_HYPHEN, "")
                    if re.search(r"[0-9]", spoken) or not spoken:
                        sys.exit(f"error: ICU fell back to digits: {locale} {name} {value} → {spoken!r}")
                    out.write(f"{locale}\t{name}\t{value}\t{spoken}\n")
                    rows += 1
    print(f"{os.path.relpath(path, root)}: {rows} rows, {os.path.getsize(path)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
