"""Mutation-check rows for wip/linAD (2026-12-06): a request frame around one equation (a remark after the equations
joined by a comma or "and", "it's" stating them, a greeting before a help request, stated struggles in every table),
the final answer on its own line (format answer_line, enforced) and the JSON object alone ('Reply only with JSON like
{"z": <value>}'). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_VOC = f"{_LIN}/vocabulary"
_AD = ("tests/adversarial/test_linear_frames_linAD.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAD-answer-line-unchecked", "'put the final answer on its own line' served with the answer inside a sentence ('so the answer is x = 5')",
     f"{_LIN}/chain.py", '    return "answer_line" in fmt and not alone\n', '    return False\n', _AD),
    ("linAD-answer-line-plural-read", "'Put the answers on separate lines' read as one answer line (x = 4, y = 6 on one line served)",
     f"{_LIN}/reader.py", "        if _folded_phrase(line.value) not in _ONE_ANSWER_LINE:\n", "        if False:\n", _AD),
    ("linAD-answer-line-not-keyed", "'put the final answer on its own line' read as no format (keyed and served as a plain request)",
     f"{_LIN}/reader.py", '        self.format.add("answer_line")\n', "        pass\n", _AD),
    ("linAD-json-alone-with-working", "'Reply only with JSON like {\"z\": <value>}' served with working lines before the object",
     f"{_LIN}/reader.py", '        self.json_answer(children)\n        self.format.add("answer_only")\n', "        self.json_answer(children)\n", _AD),
    ("linAD-remark-rule-gone", "'salut, tu peux m'aider ? 2(3x - 1) = 4x + 9, je bloque' no claim again (the remark after the equations)",
     f"{_LIN}/request.lark", "%extend sentence: eqs LINK _after_given -> led\n", "\n", _AD),
    ("linAD-greeting-help-gone", "'hey can you help me with my homework? 5y + 3 = 2y + 27, what's y?' no claim again",
     f"{_LIN}/request.lark", "%extend sentence: contexts help_with -> led\n", "\n", _AD),
    ("linAD-en-its-deleted", "'it's 7x - 4 = 3x + 22, i keep getting it wrong' no claim again (en GIVEN_BY 'it's' deleted)",
     f"{_VOC}/en.json", "\"it's\",\n", "", _AD),
    ("linAD-en-stuck-deleted", "'... and i keep getting the wrong thing lol' no claim again (en STUCK deleted)",
     f"{_VOC}/en.json", '"i keep getting the wrong thing",\n', "", _AD),
    ("linAD-en-nothing-else-deleted", "'Give only the value of x, nothing else' no claim again (en NOTHING_ELSE 'nothing else' deleted)",
     f"{_VOC}/en.json", '"NOTHING_ELSE": ["nothing else", "and nothing else"],', '"NOTHING_ELSE": ["and nothing else"],', _AD),
    ("linAD-nothing-else-answer-line", "'Give only the value of x, nothing else' served 'Answer: x = 14' (the answer alone, not the number alone)",
     f"{_LIN}/request.lark", "COMMA NOTHING_ELSE -> bare_number_of", "COMMA NOTHING_ELSE -> find_alone", _AD),
    ("linAD-fr-stuck-deleted", "fr '..., je me trompe tout le temps' no claim again", f"{_VOC}/fr.json", '"je me trompe tout le temps",\n', "", _AD),
    ("linAD-fr-cest-deleted", "fr 'c'est 2(3x - 1) = 4x + 9' no claim again", f"{_VOC}/fr.json", "\"c'est\",\n", "", _AD),
    ("linAD-es-stuck-deleted", "es '..., siempre me sale mal' no claim again", f"{_VOC}/es.json", '"siempre me sale mal",\n', "", _AD),
    ("linAD-de-stuck-deleted", "de '... und ich komme immer auf das falsche Ergebnis' no claim again",
     f"{_VOC}/de.json", '"ich komme immer auf das falsche ergebnis",\n', "", _AD),
    ("linAD-pt-stuck-deleted", "pt '..., sempre dá errado' no claim again", f"{_VOC}/pt.json", '"sempre dá errado",\n', "", _AD),
    ("linAD-it-stuck-deleted", "it '..., sbaglio sempre' no claim again", f"{_VOC}/it.json", '"sbaglio sempre",\n', "", _AD),
    ("linAD-ru-stuck-deleted", "ru '..., у меня не выходит' no claim again", f"{_VOC}/ru.json", '"у меня не выходит",\n', "", _AD),
    ("linAD-zh-stuck-deleted", "zh '...，我一直算错' no claim again", f"{_VOC}/zh.json", '"我一直算错",\n', "", _AD),
    ("linAD-ja-stuck-deleted", "ja '... が解けません。' no claim again", f"{_VOC}/ja.json", '"が解けません",\n', "", _AD),
]
# fmt: on
ROWS += [
    ("linAD-help-with-eqs-gone", "'Can you help me with the equation 3x + 1 = 7?' no claim again (a help request naming its equations)",
     f"{_LIN}/request.lark", "%extend help_with: courtesy? HELP_WITH object eqs politely?\n", "\n", _AD),
    ("linAD-ru-answer-template-gone", "ru 'Ответ запишите в виде «y = ...»' no claim again",
     f"{_LIN}/request.lark", "%extend format: ANSWER WRITE AS ANSWER_FORM -> answer_form\n", "\n", _AD),
    ("linAD-only-write-number-swapped", "zh '只写答案数字' read as the answer alone, not the number alone ('Answer: y = 9' served)",
     f"{_LIN}/request.lark", "%extend bare: ONLY (WRITE | GIVE) ANSWER? BARE_NUMBER -> bare_number\n",
     "%extend bare: ONLY (WRITE | GIVE) ANSWER? BARE_NUMBER -> answer_only\n", _AD),
    ("linAD-es-solo-quiero-deleted", "es 'Solo quiero el número.' no claim again", f"{_VOC}/es.json", '"solo quiero",\n', "", _AD),
]
