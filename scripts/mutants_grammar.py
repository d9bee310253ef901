"""Mutation-check rows for issue 33's request language: the grammar file, the vocabulary tables
and the format each breaks one promise (a word deleted or moved to another class, a production
dropped, the format not enforced). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests).

Retired (2026-12-03, issue 33): open-instruction-vocabulary (mutants.py): the request grammar's lexer
has one rule for a word or character outside every table (no claim); linear-open-alphabet breaks it
and stands for both. form-template-read (mutants_red_team.py): a template spelling a form ('x = ?.??',
'<value>.<value>', '?:?') is refused by the reader's template rule, and were it not, its trailing
marks end no sentence the grammar derives (a question mark ends only a question:
question-mark-after-a-given stands for it)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_GRAMMAR_TESTS = ("tests/unit/test_linear_grammar.py", "tests/unit/test_linear_request.py")
_RED_TEAM = ("tests/adversarial/test_grammar_red_team.py",)
_LANGUAGES = ("tests/adversarial/test_linear_everyday_languages.py",)
_ENGLISH = ("tests/adversarial/test_linear_everyday_english.py",)
_FORMS = ("tests/adversarial/test_answer_templates.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("vocabulary-word-deleted", "a word deleted from a language's table ('resuelve'): its requests are no longer read",
     _LINEAR + "vocabulary/es.json", '   "resuelve",\n', "", _GRAMMAR_TESTS),
    ("vocabulary-word-moved", "a word moved to another word class ('if' read as a value noun)",
     _LINEAR + "vocabulary/en.json", '  "IF": [\n   "if",', '  "IF": [\n   "iff",', _GRAMMAR_TESTS),
    ("grammar-production-dropped", "a production of the grammar dropped ('If 2x + 3 = 11, what is x?' no longer read)",
     _LINEAR + "request.lark", "       | IF eqs LINK? acts politely?\n", "", _GRAMMAR_TESTS),
    ("format-not-enforced", "an answer not in the format the prompt asks for (numbered steps, 'Final answer:') is served",
     _LINEAR + "chain.py", "    return [why for failed, why in _checks(lines[:-1], lines[-1], fmt, label, asked, target) if failed]",
     "    return []",
     _GRAMMAR_TESTS),
    ("format-not-keyed", "the format read is dropped from the constraints (a numbered request served an unnumbered answer)",
     _LINEAR + "chain.py", "            format=problem.format,\n", "", _GRAMMAR_TESTS),
    ("answer-only-working-served", "'Give only the final answer' is served a cached line of working ('3x = 15, so x = 5.')",
     _LINEAR + "chain.py", '        ("answer_only" in fmt and not alone,', '        (False,', _GRAMMAR_TESTS),  # re-anchored: wip/linAD named it
    ("one-line-not-enforced", "'Answer in one line' is served a model's answer of several lines",
     _LINEAR + "chain.py", '        (bool(working) and ("answer_only" in fmt or "one_line" in fmt),', '        (False,',
     _GRAMMAR_TESTS),
    ("fraction-form-not-enforced", "'Give the answer as a fraction' is served 'x = 3.5'",
     _LINEAR + "chain.py", '        ("fraction" in fmt and _DECIMAL.search(value) is not None,', '        (False,',
     _GRAMMAR_TESTS),
    ("decimal-without-finite-form-read", "'as a decimal' with x = 1/3 is claimed (no answer can follow it exactly)",
     _LINEAR + "prompt.py", '    if ("decimal" in fmt or json_asked) and any(not _terminates(v) for v in values):',
     '    if json_asked and any(not _terminates(v) for v in values):', _GRAMMAR_TESTS),  # re-anchored (wip/linI: the JSON form's numbers share the check)
    ("exclusive-formats-read", "'Show your steps. Answer in one line.' is read (one of the two instructions is broken)",
     _LINEAR + "reader.py", "    if any(transformer.format & one and transformer.format & other for one, other in _EXCLUSIVE):",
     "    if False:", _GRAMMAR_TESTS),
    ("trailing-letter-kept-in-run", "'Resuelve ... = 20 y explica los pasos': the letter cut off the run is read again as a factor (20y)",
     _LINEAR + "prompt.py", "    for _, end in spans:  # a letter alone cut off a run's end", "    for _, end in []:  # a letter alone cut off a run's end",
     _GRAMMAR_TESTS),
    ("answer-only-names-unchecked", "'find y. Just the answer.' is served a cached 'x = 2.5, y = 0.5' (working beside the answer)",
     _LINEAR + "chain.py", "    return sorted(names) == sorted(asked) if names else len(asked) == 1",
     "    return True", _RED_TEAM),
    ("template-beside-other-asks", "'find x ... Answer: y = ?' is served 'Answer: x = 2.5, y = 0.5' (not the template's line)",
     _LINEAR + "reader.py", "    if transformer.template_names and transformer.template_names != asked:", "    if False:", _RED_TEAM),
    ("french-juste-read-as-only", "'Donne la réponse juste' (the right answer) is read as 'just the answer'",
     _LINEAR + "vocabulary/fr.json", '   "juste par",\n   "seulement",\n   "uniquement"\n  ]',
     '   "juste par",\n   "seulement",\n   "uniquement",\n   "juste"\n  ]', _RED_TEAM),  # re-anchored (wip/linT)
    # -- blind red team on the grammars (tests/adversarial/test_grammar_red_team.py)
    ("question-mark-after-a-given", "'x + y = 10. y = 4?' (is y = 4?) is read with y = 4 as a given (x = 6 proven)",
     _LINEAR + "reader.py", "                if previous not in (_ASKS_QUESTION, _ASKS_BARE) and not _lone_equation_asked(previous, children):",
     "                if False:", _RED_TEAM),  # re-anchored (wip/linP)
    ("answer-template-name-unchecked", "'End with Answer: x = ?' is served a cached 'Answer: 7'",
     _LINEAR + "chain.py", '        ("answer_named" in fmt and not _NAMED_VALUE.match(_after_label(last)),',
     '        (False,', _RED_TEAM),
    ("dot-thousands-read-as-decimal", "German '2x = 10.000' (ten thousand) is solved as 2x = 10",
     _LINEAR + "prompt.py", "    if request.language not in _POINT_IS_DECIMAL and any(", "    if False and any(",
     _RED_TEAM),
    ("give-value-unnamed", "'Give the value of y' beside 'Solve for x' asks x alone (y never stated, proven)",
     _LINEAR + "reader.py", "        self.asked_names.update(named)\n", "", _RED_TEAM),
    # -- context sentences and everyday shapes in other languages (tests/adversarial/test_linear_everyday_languages.py)
    ("context-word-deleted", "a context sentence's phrase deleted ('me atasqué con este ejercicio'): its prompts no longer read",
     _LINEAR + "vocabulary/es.json", '   "me atasqué con este ejercicio",\n', "", _LANGUAGES),
    ("context-word-moved-to-instruction", "a context phrase moved into an answer-form class ('estoy haciendo los deberes "
     "de matemáticas' read as 'decimal')", _LINEAR + "vocabulary/es.json",
     '   "decimales"\n  ],\n  "CONTEXT": [\n   "estoy haciendo los deberes de matemáticas",',
     '   "decimales",\n   "estoy haciendo los deberes de matemáticas"\n  ],\n  "CONTEXT": [', _LANGUAGES),
    ("instruction-read-as-context", "an instruction that changes the answer ('responde en inglés') read as a context sentence",
     _LINEAR + "vocabulary/es.json", '  "CONTEXT": [\n   "estoy haciendo los deberes de matemáticas",',
     '  "CONTEXT": [\n   "responde en inglés",\n   "estoy haciendo los deberes de matemáticas",', _LANGUAGES),
    ("instruction-read-as-context-zh", "'用英文回答' (answer in English) read as a context sentence",
     _LINEAR + "vocabulary/zh.json", '  "CONTEXT": [\n   "老师布置的作业",', '  "CONTEXT": [\n   "用英文回答",\n   "老师布置的作业",',
     _LANGUAGES),
    # context-led-sentence-dropped retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("format-clause-comma-not-linked", "a comma before the answer's form no longer links it ('を解いて、答えを一行で書いてください')",
     _LINEAR + "reader.py", "    clause = after in _FORMAT_CLAUSES and j + 1", "    clause = False and j + 1", _LANGUAGES),
    ("fullwidth-factorial-read", "'解方程 x + 15 = 3！求 x。' read with '3！' as the number 3 (a factorial, as '3!' is)",
     _LINEAR + "prompt.py", '        ("!" in marked or "\\uff01" in marked) and', '        ("!" in marked) and', _LANGUAGES),  # wip/linAH: re-anchored
    ("dot-between-number-and-letter-read", "'= 9.x' read as '= 9. x' (a dot for 9·x?)",
     _LINEAR + "reader.py", 'text[pos - 1].isdigit() and _DOT_TERM.match(text, pos + 1):',
     'text[pos - 1].isdigit() and False:', _LANGUAGES),
    # -- everyday shapes in other languages: thanks, the answer alone first, the question first
    ("thanks-word-deleted", "a word of thanks deleted ('gracias'): 'Hola, ¿me ayudas a resolver ...? Gracias' no longer read",
     _LINEAR + "vocabulary/es.json", '  "THANKS": [\n   "gracias",', '  "THANKS": [\n   "graciass",', _LANGUAGES),
    ("instruction-read-as-thanks", "an instruction that changes the answer ('responde en inglés') read as thanks",
     _LINEAR + "vocabulary/es.json", '  "THANKS": [\n   "gracias",', '  "THANKS": [\n   "responde en inglés",\n   "gracias",',
     _LANGUAGES),
    # thanks-sentence-dropped retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("answer-alone-first-dropped", "the answer alone asked before the equations no longer read ('Solo la respuesta: ...')",
     _LINEAR + "request.lark", "%extend request: courtesy? answer_alone (COMMA answer_alone)? COLON eqs  //",
     "%extend request: courtesy? answer_alone (COMMA answer_alone)? COLON COLON eqs", _LANGUAGES),
    ("only-unknown-not-answer-alone", "'Dammi solo x: ...' read without the answer alone (a cached answer with its working served)",
     _LINEAR + "reader.py", '        self.find(children)\n        self.format.add("answer_only")\n        self.only_named = True',
     "        self.find(children)\n        self.only_named = True", _LANGUAGES),
    ("only-answer-word-is-juste", "French 'juste' alone read as the answer alone ('la réponse juste' is the right answer)",
     _LINEAR + "vocabulary/fr.json", '  "ONLY_ANSWER": [\n   "juste la réponse",', '  "ONLY_ANSWER": [\n   "juste",', _LANGUAGES),
    ("question-mark-before-equation-unread", "'x 等于多少?2x + 15 = 5x': the equation after a question mark no longer read",
     _LINEAR + "prompt.py", '?\\uff1f\\uff01")', '\\uff01")', _LANGUAGES),
    ("exclamation-before-equation-unread", "'你好！5x - 2 = 18，x 是多少？': the equation after a full-width '！' no longer read",
     _LINEAR + "prompt.py", '\\uff1f\\uff01")', '\\uff1f")', _LANGUAGES),
    # thanks-comma-kept retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("only-the-comma-not-linked", "a comma before 'only the answer' no longer links it ('Resuelve 2x - 3 = 7, solo la respuesta.')",
     _LINEAR + "reader.py", '"ONLY": frozenset({"WRITE", "GIVE", "ANSWER", "ART", "BARE_NUMBER", "ANSWER_VERB"})',
     '"ONLY": frozenset({"WRITE", "GIVE", "ANSWER", "BARE_NUMBER", "ANSWER_VERB"})',  # re-anchored (wip/linP)
     _LANGUAGES),
    ("asked-after-equation-dropped", "'5x - 2 = 18 の x はいくつですか？' no longer read (the unknown asked after the equation's の)",
     _LINEAR + "request.lark", "asked_after: named WHAT_POST -> question | ", "asked_after: named WHAT_POST ONLY -> question | ",
     _LANGUAGES),
    ("answer-alone-write-only", "'只写答案：...' no longer read (only, then write the answer)",
     _LINEAR + "request.lark", "%extend answer_alone: ONLY (WRITE | GIVE) ART? ANSWER -> answer_only",
     "%extend answer_alone: ONLY (WRITE | GIVE) ART? ANSWER ANSWER -> answer_only", _LANGUAGES),
    ("exclamation-after-a-mark-read", "'... = 20.! Чему равен x?' read ('!' after a mark or a number is no word's emphasis)",
     _LINEAR + "reader.py", '    if char == "!" and not _emphasis_or_exclaimed(text, pos):', '    if False:',
     _LANGUAGES),  # wip/linAH: re-anchored
    # -- everyday English around the problem (tests/adversarial/test_linear_everyday_english.py)
    ("thanks-word-deleted-en", "a thanks phrase deleted ('thanks so much'): 'Hi! Could you please solve ...? Thanks so much!' no longer read",
     _LINEAR + "vocabulary/en.json", '   "thanks so much",\n', "", _ENGLISH),
    # thanks-sentence-dropped-en retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("instruction-read-as-thanks-en", "an instruction that changes the answer ('in french') read as a thanks after the request",
     _LINEAR + "vocabulary/en.json", '  "THANKS": [\n   "thx in advance",', '  "THANKS": [\n   "in french",\n   "thx in advance",', _ENGLISH),
    ("negation-read-as-equals", "'is not' read as 'is' in 'tell me what x is not if ...' (the negation served x)",
     _LINEAR + "vocabulary/en.json", '   "is",\n   "is equal to",', '   "is",\n   "is not",\n   "is equal to",', _ENGLISH),
    ("explain-why-read-as-dont-explain", "'explain why' read as 'don't explain' (the answer alone served for an explanation asked)",
     _LINEAR + "vocabulary/en.json", '   "no explanations needed"\n', '   "no explanations needed",\n   "explain why"\n', _ENGLISH),
    ("undeclared-persona-read", "a persona the table does not declare ('You are a pirate') read as a tutor's",
     _LINEAR + "vocabulary/en.json", '   "chatbot",\n   "ai assistant",\n   "bot",\n', '   "chatbot",\n   "ai assistant",\n   "pirate",\n   "bot",\n',
     _ENGLISH),  # re-anchored (wip/linP)
    ("lone-dollar-blanked", "a lone '$' (a price) blanked as markup ('Solve 2x + 7 = $15' read)",
     _LINEAR + "prompt.py", "    return _MARKUP.sub(blank, prompt)\n", '    return _MARKUP.sub(blank, prompt).replace("$", " ")\n',
     _ENGLISH),
    ("markup-not-blanked", "paired markup no longer blanked ('Solve $3x + 5 = 20$.' not read)",
     _LINEAR + "prompt.py", "    if _MARKUP_CHARS.isdisjoint(prompt):\n", "    if True:\n", _ENGLISH),
    ("markup-around-words-blanked", "bold around words unwrapped ('End with **Answer:** x = <value>' served without its bold)",
     _LINEAR + "prompt.py", "        if _WORD_IN_MARKUP.search(match.group(body)) and not (body == \"f\" and _bold_label(match.group(body))):\n",
     "        if False:\n", _ENGLISH),
    ("numbered-manner-read-as-steps", "'with numbered steps' read as plain steps (an unnumbered answer served)",
     _LINEAR + "request.lark", "%extend manner: NUMBERED -> numbered ", "%extend manner: NUMBERED -> manner ", _ENGLISH),
    ("given-lead-deleted", "a lead-in stating the equations deleted ('my teacher gave us'): its prompts no longer read",
     _LINEAR + "vocabulary/en.json", '   "my teacher gave us",\n', "", _ENGLISH),
    ("labelled-question-not-read", "a labelled chat turn's question ('User: What's x in ...?') no longer asks",
     _LINEAR + "reader.py", '        """A labelled sentence ("User: What\'s x in ...?") asks what its body asks."""\n        return children[-1]',
     '        """A labelled sentence ("User: What\'s x in ...?") asks what its body asks."""\n        return None', _ENGLISH),
    ("bare-number-read-as-answer-alone", "'just the number' read as the answer alone, served 'Answer: x = 4.5' (red team W3)",
     _LINEAR + "request.lark", '-> bare_number  // "Answer with only the number."',
     '-> answer_only  // "Answer with only the number."', _ENGLISH + ("tests/adversarial/test_linear_asked_and_checked.py",)),
    ("thousands-in-any-language", "a comma grouping thousands read in a table whose comma is decimal ('Löse 2x + 7 = 1,500.' as 1500)",
     _LINEAR + "prompt.py", "    if grouped and request.language not in _COMMA_GROUPS:", "    if False:", _ENGLISH),
    ("thousands-listing-comma-joined", "'x + y = 7,100 - y = 3' read as 7100 (the comma may list two equations)",
     _LINEAR + "prompt.py", '    if any(_may_list(prompt, i) for match in found for i in range(*match.span()) if prompt[i] == ","):',
     "    if False:", _ENGLISH),
    ("thousands-not-joined", "a comma grouping thousands no longer dropped ('3x + 1,200 = 4,500' not read)",
     _LINEAR + "prompt.py", '    return _COMMA_THOUSANDS.sub(lambda m: m.group().replace(",", ""), prompt), len(found)',
     "    return prompt, len(found)", _ENGLISH),
    ("bare-unknown-without-question-mark", "'2x + 7 = 15. x' read as asking x (an unknown alone asks only before '?')",
     _LINEAR + "reader.py", "            if child == _ASKS_BARE and not (", "            if False and not (", _ENGLISH),
    ("spelled-tens-units-dropped", "'x plus twenty five equals 30' read with 20 for 'twenty five' (x = 10 served)",
     _LINEAR + "prompt.py", "(_UNITS.index(parts[1]) if len(parts) > 1 else 0)", "0", _ENGLISH),
    ("spelled-is-without-arithmetic", "'x is 3. Solve x plus y equals 10.' read with x = 3 as a given ('x is 3' states or asks?)",
     _LINEAR + "prompt.py", '        if match.group("rel").lower() == "is" and not _ARITHMETIC_WORD.search(left):',
     "        if False:", _ENGLISH),
    ("spelled-article-read-as-unknown", "'Solve a plus 4 equals 9.' read with the article 'a' as an unknown",
     _LINEAR + "prompt.py", '_UNKNOWN_LETTER = "[b-hj-zB-HJ-Z]"', '_UNKNOWN_LETTER = "[a-zA-Z]"', _ENGLISH),
    # -- answer templates and formats (branch wip/formats) --
    ("form-template-undeclared-words", "a template with words outside the declared forms ('Answer: x > <value>', "
     "'x = <value> + 1') read as the last line to write",
     _LINEAR + "answer_form.py", r'(?P<unknown>{_UNKNOWN})[ ]?=[ ]?(?P<slot>{_PLACEHOLDER})\.?", re.IGNORECASE),',
     r'(?P<unknown>{_UNKNOWN})[ ]?[=>][ ]?(?P<slot>{_PLACEHOLDER})(?:[ ].*)?\.?", re.IGNORECASE),', _FORMS),
    ("form-unclosed-bold-read", "a template whose bold mark is never closed ('**Answer: x = <value>') read",
     _LINEAR + "answer_form.py", '            return None  # "**Answer: x = <value>": a bold mark', '            pass  # ', _FORMS),
    ("form-not-enforced", "an answer whose last line is not the quoted template filled ('Answer: x = 5' for "
     "'**Answer:** x = <value>') passes its format check",
     _LINEAR + "chain.py", "    if value_in(form, lines[-1]) is None:", "    if False:", _FORMS),
    ("form-not-keyed", "two quoted templates share a problem key (one's answer served for the other)",
     _LINEAR + "task.py", '    return keyed + ((f"form {c.answer_form}",) if c.answer_form else ())', "    return keyed", _FORMS),
    ("form-bare-slot-many-unknowns", "a bare slot ('The solution is <value>.') read while two unknowns are asked",
     _LINEAR + "reader.py", "    return form.text if transformer.derived or len(asked) == 1 else None",
     "    return form.text", _FORMS),
    ("form-one-sentence-not-alone", "'Reply with one sentence of the form ...' served with working before the sentence",
     _LINEAR + "reader.py", '        self.answer_form(children)\n        self.format.add("answer_only")',
     "        self.answer_form(children)", _FORMS),
    ("form-phrase-deleted", "'in the form' deleted from the English table ('Answer in the form k = ...' not read)",
     _LINEAR + "vocabulary/en.json", '   "in the form",\n', "", _FORMS),
    ("form-production-dropped", "the 'one sentence of the form' production dropped (the hard workload's template not read)",
     _LINEAR + "request.lark", "              | (WRITE | GIVE ME?)? ONE_SENTENCE ANSWER_FORM                  -> answer_form_alone\n",
     "", _FORMS),
    ("exact-answer-not-a-fraction", "'Give the exact answer' read as asking a decimal",
     _LINEAR + "request.lark", "              | (GIVE ME? | WRITE)? EXACT_ANSWER                              -> as_fraction",
     "              | (GIVE ME? | WRITE)? EXACT_ANSWER                              -> as_decimal", _FORMS),
    ("form-prose-exempt-whole-step", "a step holding the template's line is exempt whole from the unread-prose rule "
     "('x is prime' re-served for another problem)",
     _LINEAR + "task.py", '            text = "\\n".join(line for line in text.split("\\n") if value_in(form, line) is None)',
     '            text = ""', _FORMS),
    ("numbered-steps-not-written", "numbered steps asked and the cached working unnumbered: the unnumbered working "
     "served or a model call made (the engine no longer writes them)",
     _LINEAR + "task.py", " or _format_errors(result, new)):\n", "):\n", _FORMS),
]
