"""Mutation-check rows for a persona that only outputs the final value (the number alone), and an age story over time: one k times (or d years more than) the other now, in n years
one k2 times as old as the other, one age now asked, in en es it fr de zh (branch wip/linZ, 2026-12-06).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_WP = _LINEAR + "word_problems.py"
_AGE = ("tests/adversarial/test_linear_age_then_linZ.py",)
_PERSONA = ("tests/adversarial/test_linear_persona_value_linZ.py",)
_FEE = ("tests/adversarial/test_linear_fee_clause_linZ.py",)
_CONSEC = ("tests/adversarial/test_linear_consecutive_add_up_linZ.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linZ-then-years-dropped", "the years to come left out of both sides (3x = 2x)",
     _WP, '    text = f"{one} + {years} = {format_number(k)}({other} + {years})"',
     '    text = f"{one} = {format_number(k)}({other})"', _AGE),
    ("linZ-then-years-one-side", "the years to come added to the one's age only (3x + 12 = 2x)",
     _WP, '    text = f"{one} + {years} = {format_number(k)}({other} + {years})"',
     '    text = f"{one} + {years} = {format_number(k)}({other})"', _AGE),
    ("linZ-then-roles-swapped", "the later sentence's one and other read the other way round",
     _WP, "    one, other = (expressions[person] for person in roles)",
     "    other, one = (expressions[person] for person in roles)", _AGE),
    ("linZ-then-first-way", "two readings of the later sentence's pronouns: the first taken ('he ... him' of a man and his son)",
     _WP, "    return ways[0] if len(ways) == 1 else None",
     "    return ways[0] if ways else None", _AGE),
    ("linZ-pronoun-any-gender", "a pronoun fits a person of any or no gender ('she' of Tom, of a name)",
     _WP, "    return ref.gender is None or gender == ref.gender",
     "    return True", _AGE),
    ("linZ-pronoun-unknown-fits", "a pronoun fits a name of unknown gender ('Paul ... il', 'Maria ... Tom ... she ... him')",
     _WP, "    return ref.gender is None or gender == ref.gender",
     "    return ref.gender is None or gender in (None, ref.gender)", _AGE),
    ("linZ-asked-other-unchecked", "the age asked not one of the two (the daughter asked of a mother and her son)",
     _WP, "    if named != letter or measure != \"age\" or who not in (big, small) or roles is None:",
     "    if named != letter or measure != \"age\" or roles is None:", _AGE),
    ("linZ-ages-sign-unchecked", "an age now not positive served ('she will be 4 times as old as him': x = -36)",
     _WP, "    return text, lambda value: value > 0 and other_of(value) > 0",
     "    return text, lambda value: True", _AGE),
    ("linZ-factor-one", "a factor of 1 or not whole read ('1 times as old as', '2.5 times as old as')",
     _WP, "        if k <= 1 or k.denominator != 1:\n            raise Declined\n        return k",
     "        return k", _AGE),
    ("linZ-years-word-unchecked", "'In 12 years old' read as 'in 12 years'",
     _WP, "        if (unit is not None and unit not in _YEARS) or n <= 0 or n.denominator != 1:",
     "        if n <= 0 or n.denominator != 1:", _AGE),
    ("linZ-now-word-unchecked", "any context word after the age asked ('How old is the son hi?')",
     _WP, "        if when.type != \"WP_NOW\" and fold(when.value) not in (\"now\", \"today\", \"ahora\"):",
     "        if False:", _AGE),
    ("linZ-times-of-diff", "a story of d years more read as k times (x + 24 taken as 24x)",
     _WP, "        return {big: f\"{letter} + {format_number(d)}\", small: letter}, lambda value: value + d",
     "        return {big: f\"{format_number(d)}{letter}\", small: letter}, lambda value: value + d", _AGE),
    ("linZ-rule-deleted", "the en later sentence ('In 12 years she will be twice as old as him') deleted",
     _LINEAR + "request.lark", "%extend word_fact: wp_in_years COMMA? wp_then_subject WP_WILL_BE wp_old_as wp_then_object -> wp_age_later\n                 | wp_then_subject",
     "%extend word_fact: wp_then_subject", _AGE),
    ("linZ-fee-clause-taken-away", "'parking was $6' composed as taken away (8x - 6 = 70)",
     _WP, '        self._fact("basket", ((), None, "", (_money(children),)))',
     '        self._fact("basket", ((), None, "", ((-_money(children)[0], _money(children)[1]),)))', _FEE),
    ("linZ-fee-clause-deleted", "'Movie tickets cost $8 each and parking was $6.' read by no rule",
     _LINEAR + "request.lark", "%extend word_fact: ART? wp_item _wp_costs money (WP_EACH_POST | POSS)? AND ART? wp_fee_word (WP_COST | EQUALS) money -> wp_price_and_fee\n                 | ART?",
     "%extend word_fact: ART?", _FEE),
    ("linZ-we-spent-no-person", "'We spent $70 ... How many tickets did she buy?' served (the payer's person unread)",
     _LINEAR + "vocabulary/en.json", '"buyer_persons": {"we spent": "1", "we paid": "1", ',
     '"buyer_persons": {', _FEE),
    ("linZ-consecutive-add-up-deleted", "'Three consecutive integers add up to 72' read by no rule",
     _LINEAR + "request.lark", "%extend word_fact: WP_CONSEC WP_ADD_UP_TO NUM -> wp_consecutive\n", "\n", _CONSEC),
    ("linZ-persona-value-labelled", "'You are a calculator that only outputs the final value' answered 'Answer: y = 9' (the labelled line)",
     _LINEAR + "request.lark", "%extend rel_format: ONLY? WRITE_VALUE_ALONE -> bare_number",
     "%extend rel_format: ONLY? WRITE_VALUE_ALONE -> answer_only", _PERSONA),
    ("linZ-persona-value-deleted", "the persona's 'only outputs the final value' read by no rule (no claim)",
     _LINEAR + "request.lark", "%extend rel_format: ONLY? WRITE_VALUE_ALONE -> bare_number\n",
     "\n", _PERSONA),
]
# fmt: on
