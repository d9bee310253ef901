"""Mutation-check rows for wrappers, labels and formats around a written linear equation, by
family (branch wip/linP, 2026-12-05): exercise labels "<label noun> <id> <punct>", courtesy and
context clauses, answer-shape instructions mapped to enforced formats, bare questions and chat
turns. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_VOCAB = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_wrappers_linP.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linP-label-id-digits-only", "a label's id read as digits alone ('Exercise 12(b).', 'Homework Q7:', 'Exercise IV.' no claim)",
     _LINEAR + "reader.py", r'(?:[1-9][0-9]{0,2}(?:\.[1-9][0-9]?)?(?:[a-z]|\([a-z]\))?|Q[1-9][0-9]?|[IVX]{1,4})"',
     r'(?:[1-9][0-9]{0,2})"', _TESTS),
    ("linP-label-stop-rule-deleted", "a label closed by a full stop no longer read ('Задание 4. Найдите ...')",
     _LINEAR + "request.lark", "%extend sentence: LABEL LABEL_NUMBER STOP? body -> led",
     "%extend sentence: LABEL LABEL_NUMBER body -> led", _TESTS),
    ("linP-label-letter-unknown-read", "a label's letter that is an unknown read as part of the label ('Exercise 3x: solve 3x + 2 = 23')",
     _LINEAR + "reader.py", 'set(re.findall(r"[A-Za-z]", w.text)) & variables for w in words)',
     'set() & variables for w in words)', _TESTS),
    ("linP-intro-label-id-deleted", "an id after an intro word no longer read ('Homework Q7: find x: ...')",
     _LINEAR + "reader.py", '        return _LABEL_NUMBER.match(text, pos)  # wip/linP: "Homework Q4:", "Hausaufgabe 3b)"',
     "        return None", _TESTS),
    ("linP-en-label-word-deleted", "en label noun 'hw' deleted ('HW 3: ...' no claim)",
     _VOCAB + "en.json", '   "hw",\n', "", _TESTS),
    ("linP-laugh-before-colon-kept", "an emoji or laugh before a colon kept ('I'm stuck lol: ...' no claim)",
     _LINEAR + "reader.py", '    return (words[i].kind == "STOP" and words[i].text not in _MARKS',
     '    return False and (words[i].kind == "STOP" and words[i].text not in _MARKS', _TESTS),
    ("linP-contexts-side-by-side-deleted", "two contexts side by side no longer read ('ok so my teacher gave us this ...')",
     _LINEAR + "request.lark", "%extend contexts: contexts CONTEXT  ", "%extend contexts: contexts COMMA CONTEXT  ", _TESTS),
    ("linP-bare-number-unknown-not-asked", "'Reply with just the number y': the unknown named not asked (x served)",
     _LINEAR + "reader.py", "        self.asked_names.update(_names(children))\n        self.bare_number(children)",
     "        self.bare_number(children)", _TESTS),
    ("linP-final-form-deleted", "a quoted template before the colon no longer read ('then a final line 'x = ...': ...')",
     _LINEAR + "request.lark", "%extend request: courtesy? acts LINK final_form COLON eqs politely?",
     "%extend request: courtesy? acts LINK final_form COMMA eqs politely?", _TESTS),
    ("linP-fraction-as-decimal", "'Trouve x sous forme de fraction : ...' read as the decimal form",
     _LINEAR + "request.lark", "FIND VAR AS? ART? FRACTION where                           -> find_as_fraction",
     "FIND VAR AS? ART? FRACTION where                           -> find_as_decimal", _TESTS),
    ("linP-lone-equation-any-count", "an equation before '?' asks its unknown beside another ('x + y = 10. x - y = 2?' served)",
     _LINEAR + "reader.py", "    return len(equations) == 1\n", "    return len(equations) >= 1\n", _TESTS),
    ("linP-lone-equation-deleted", "one equation alone before '?' no claim ('x - 3 = 2(x - 9)?')",
     _LINEAR + "reader.py", "and not _lone_equation_asked(previous, children):", ":", _TESTS),
    ("linP-quoted-template-colon-unread", "a template closed by a quote before a colon not blanked whole ('... 'z = ...': 9 - 2z = 1' no claim)",
     _LINEAR + "prompt.py", r"""|(?=['\"\u2019\u201d\u00bb][.,:;]?(?:\s|$))""", "", _TESTS),
    ("linP-template-words-as-read", "a template's words checked after its '...' is read as '<value>' ('no formato 'x = ...'' no claim in pt)",
     _LINEAR + "reader.py", "not in_language(text[pos + 1 : quoted[1] - 1], table.language)",
     "not in_language(quoted[0].text, table.language)", _TESTS),
    ("linP-ru-answer-word-deleted", "ru 'в ответе' deleted ('В ответе только число' no claim)",
     _VOCAB + "ru.json", ',\n   "в ответе"', "", _TESTS),
    ("linP-es-brief-deleted", "es 'responde brevemente' deleted (a system turn's format no claim)",
     _VOCAB + "es.json", '   "responde brevemente",\n', "", _TESTS),
    ("linP-de-verb-last-deleted", "de 'Weißt du, was x bei ... ist?' no longer read",
     _LINEAR + "request.lark", "%extend question: WHAT vars IN eqs EQUALS  ", "%extend question: WHAT vars IN eqs EQUALS COMMA  ", _TESTS),
    ("linP-de-tell-verb-last-deleted", "de 'Kannst du mir bitte sagen, was x bei ... ist?' no longer read",
     _LINEAR + "request.lark", "%extend find: GIVE ME? (COMMA | LINK) WHAT vars IN eqs EQUALS  ",
     "%extend find: GIVE ME? (COMMA | LINK) WHAT vars IN eqs EQUALS COMMA  ", _TESTS),
    ("linP-zh-only-answer-unlinked", "zh '，只回答数字' no longer joined to the request",
     _LINEAR + "reader.py", '"BARE_NUMBER", "ANSWER_VERB"}),', '"BARE_NUMBER"}),', _TESTS),
]
# fmt: on
