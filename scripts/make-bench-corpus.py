#!/usr/bin/python3
"""Writes samples/bench-prices.tsv: 500 short spoken prices for the speech benchmark.

The words come from ICU's spell-out (Debian python3-icu; run with /usr/bin/python3) with a
fixed random seed, so the corpus is the same on every machine. It is a load for espeak-ng, not
a reference for wording: the verbalizer's own output is checked elsewhere.

usage: /usr/bin/python3 scripts/make-bench-corpus.py > samples/bench-prices.tsv
"""
import random
from icu import Locale, PluralRules, RuleBasedNumberFormat, URBNFRuleSetTag

# voice, ICU locale, share of the corpus, rule set, noun per CLDR plural category
VOICES = [
    ("es-419", "es", 200, "%spellout-cardinal-masculine", {"one": "peso", "other": "pesos", "many": "de pesos"}),
    ("pt-br", "pt", 100, "%spellout-cardinal-masculine", {"one": "real", "other": "reais", "many": "de reais"}),
    ("en-us", "en", 100, "%spellout-cardinal", {"one": "dollar", "other": "dollars"}),
    ("ru", "ru", 50, "%spellout-cardinal-masculine", {"one": "рубль", "few": "рубля", "many": "рублей", "other": "рубля"}),
    ("fr-be", "fr_BE", 25, "%spellout-cardinal-masculine", {"one": "euro", "other": "euros", "many": "d’euros"}),
    ("nl", "nl", 25, "%spellout-cardinal", {"one": "euro", "other": "euro"}),
]

def main():
    rng = random.Random(20261121)
    print("voice\ttext")
    for voice, locale, count, rule_set, nouns in VOICES:
        spell = RuleBasedNumberFormat(URBNFRuleSetTag.SPELLOUT, Locale(locale))
        spell.setDefaultRuleSet(rule_set)
        plurals = PluralRules.forLocale(Locale(locale))
        for _ in range(count):
            amount = rng.choice([rng.randint(1, 99), rng.randint(100, 9999), rng.randint(10000, 2000000)])
            words = spell.format(amount).replace("\u00ad", "")
            print(f"{voice}\t{words} {nouns[plurals.select(amount)]}")

if __name__ == "__main__":
    main()
