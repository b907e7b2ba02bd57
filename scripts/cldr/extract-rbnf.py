#!/usr/bin/python3
"""Writes voices/cldr/rbnf/<locale>.rbnf: ICU's spell-out rules for each locale Locutor speaks.

Each file is exactly the text of
`RuleBasedNumberFormat(URBNFRuleSetTag.SPELLOUT, Locale(locale)).getRules()` from ICU 72
(CLDR 42 data) as Debian's python3-icu ships it: one rule per line, rule-set headers
`%name:`, private sets `%%name:`. LocutorCore's RuleBasedNumberFormat interprets these files;
ICU is not needed at run time.

usage: /usr/bin/python3 scripts/cldr/extract-rbnf.py   (from the repository root)
"""
import os
import sys

from icu import ICU_VERSION, Locale, RuleBasedNumberFormat, URBNFRuleSetTag

LOCALES = ["es", "pt", "en", "ru", "fr", "fr_BE", "nl"]
EXPECTED_ICU = "72."


def rules(locale):
    return RuleBasedNumberFormat(URBNFRuleSetTag.SPELLOUT, Locale(locale)).getRules()


def main():
    if not ICU_VERSION.startswith(EXPECTED_ICU):
        sys.exit(f"error: ICU {ICU_VERSION} found, the pinned rules come from ICU {EXPECTED_ICU}x — "
                 "run with /usr/bin/python3 and Debian's python3-icu")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    folder = os.path.join(root, "voices", "cldr", "rbnf")
    os.makedirs(folder, exist_ok=True)
    texts = {locale: rules(locale) for locale in LOCALES}
    # Belgian French counts septante/nonante; if ICU ever folded it into fr, the file would lie.
    belgian = texts["fr_BE"]
    if belgian == texts["fr"] or "septante" not in belgian or "nonante" not in belgian:
        sys.exit("error: fr_BE rules do not differ from fr (no septante/nonante) — check the ICU data")
    for locale, text in texts.items():
        path = os.path.join(folder, f"{locale}.rbnf")
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        print(f"{os.path.relpath(path, root)}: {text.count(chr(10))} lines", file=sys.stderr)


if __name__ == "__main__":
    main()
