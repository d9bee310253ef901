"""Mutation-check rows for the rules blind red teams rounds 3-7 found missing (text read whole,
layout and number marks read two ways, a revised stream, LangChain turn labels). Kept beside
``mutants.py`` (past its 450 lines), which appends them to its table: (id, behaviour, file, old,
new, tests)."""

from __future__ import annotations

PKG = "stepcache_integrations"
U = "tests/unit/"
ADAPTER_RECORD = f"{PKG}/adapters/flow.py"
ALGEBRA = f"{PKG}/core/tasks/algebra.py"
LAYOUT = f"{PKG}/core/tasks/algebra.py"
LINEAR_PROMPT = f"{PKG}/core/tasks/linear/prompt.py"
JSON_EVIDENCE = f"{PKG}/core/tasks/json/evidence.py"
JSON_READER = f"{PKG}/core/tasks/json/reader.py"
JSON_OWNERS = "tests/adversarial/test_json_owners.py"
JSON_GRAMMAR = f"{PKG}/core/tasks/json/request.lark"
JSON_EN_TABLE = f"{PKG}/core/tasks/json/vocabulary/en.json"
TEXT_CLAIMS = f"{PKG}/core/tasks/text/claims.py"
TEXT_CLAIMS_TESTS = U + "test_text_claims.py"
TEXT_FALSE = "tests/adversarial/test_text_false_equations.py"
TEXT_ASKED = "tests/adversarial/test_text_asked_quantity.py"
LINEAR_LAYOUT = "tests/adversarial/test_linear_layout.py"
NUMBER_SUFFIXES = "tests/adversarial/test_number_suffixes.py"
JSON_FRAMING = "tests/adversarial/test_json_framing_order.py"
UNREAD_STATEMENTS = "tests/adversarial/test_unread_statements.py"
RELATIONS = f"{PKG}/core/tasks/relations.py"
RELATIONS_TESTS = U + "test_relations.py"
RELATION_WORDS = "tests/adversarial/test_relation_words.py"
STEP_SOURCES = "tests/adversarial/test_step_sources.py"
LINEAR_REQUESTS = "tests/adversarial/test_linear_requests.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # -- free text is "checked" only when its compared values are its only claims (red team round 3, R8)
    ("text-checked-beside-other-claims", "free text with a compared value and another equation ('so 3x = 13') is checked",
           TEXT_CLAIMS, "    if unknowns is None or not only_compared_claims(prompt, answer):",
           "    if unknowns is None:", (TEXT_CLAIMS_TESTS, TEXT_FALSE)),
    ("text-claims-rest-unread", "numbers and equations beside the compared 'x = N' statements are not looked at",
           TEXT_CLAIMS, '    return _states_nothing(_CLAIM.sub(" ", body))', "    return True", (TEXT_CLAIMS_TESTS, TEXT_FALSE)),
    ("text-claim-not-compared", "a 'u = N' statement is taken as read without being compared ('y = 13', an earlier x)",
           TEXT_CLAIMS, "        if not equation_claims_checked(prompt, statement) or equation_claim_errors(prompt, statement):",
           "        if False:", (TEXT_CLAIMS_TESTS, TEXT_FALSE)),
    # -- ... and only for a prompt that asks for the unknowns and nothing else (red team round 5 (a))
    ("text-prompt-words-unread", "the prompt's words beside its equations are not read ('what is x squared?')",
           TEXT_CLAIMS, "        if word.casefold() not in _ASKS_FOR_UNKNOWNS and word not in unknowns:",
           "        if False:", (TEXT_CLAIMS_TESTS, TEXT_ASKED)),
    ("text-unknown-unstated", "an answer stating one unknown of a system is checked",
           TEXT_CLAIMS, "    return unknowns <= stated", "    return bool(stated)", (TEXT_CLAIMS_TESTS, TEXT_ASKED)),
    # -- a stream whose sent text the checks replaced is not verified (blind red team round 6, R6_9)
    ("revised-stream-keeps-level", "a streamed answer whose sent text was replaced keeps the checked text's level",
           ADAPTER_RECORD, '        verification="unchecked" if revised else result.verification,  # what was streamed',
           "        verification=result.verification,", (U + "test_adapter_core.py", U + "test_revised_stream_record.py")),
    ("revised-record-keeps-level", "LangChain's revised stream record keeps the level of the checked text",
           ADAPTER_RECORD, '            "verification": "unchecked", "verified": False}', "            }",
           (U + "test_adapter_core.py", U + "test_revised_stream_record.py")),
    # -- a LangChain request's prompt text reads one way (blind red team round 7, R7_1)
    ("lc-turn-label-read-two-ways", "a user text 'System: ...' shares the key of a lone system message",
           f"{PKG}/langchain/_requests.py", '            if lone_user or found.group().startswith("\\n"):', "            if False:",
           (U + "test_langchain_turn_rendering.py", U + "test_langchain_no_claim.py")),
    # -- layout read two ways is not read (blind red team round 6: labels, bullets, primes)
    ("linear-label-read-as-product", "an equation label beside an equation ('20 (1)') is read as a product",
           LAYOUT, '    if spaced and after_operand and (kind in ("num", "ident") or value == "("):',
           "    if False:", (U + "test_linear_layout_reading.py", LINEAR_LAYOUT)),
    ("linear-bullet-read-as-sign", "a bullet ('- 3x + y = 20') is read as a minus sign",
           LAYOUT, '    if kind == "op" and value in "-+\\u2212" and not after_operand and text[match.end() : match.end() + 1].isspace():',
           "    if False:", (U + "test_linear_layout_reading.py", LINEAR_LAYOUT)),
    ("linear-prime-dropped", "a primed unknown at an equation's end ('4x\'') is read as x",
           ALGEBRA, "            sides = sides[:-1]  # \"2x = 4x'\", \"3x = 0.99...\", \"x = 4!\": the last equation is not read",
           "            pass", (U + "test_linear_layout_reading.py", LINEAR_LAYOUT)),
    # -- what stands beside a number changes it (blind red team round 7: "0.33...", "4!", "6'", ".5x")
    ("number-suffix-dropped", "a number followed by '...', '!', a prime, '%' or '\u00b0' is read as the bare digits",
           LAYOUT, "    return (last.isalnum() or last == \")\") and _AFTER_RUN.match(text, end) is not None", "    return False",
           (U + "test_number_suffix_reading.py", NUMBER_SUFFIXES)),
    ("leading-decimal-point-dropped", "'.5x = 2' is read as 5x = 2",
           LAYOUT, '    return start > 0 and text[start - 1] == "." and run[:1] in _ASCII_DIGITS', "    return False",
           (U + "test_number_suffix_reading.py", NUMBER_SUFFIXES)),
    ("json-number-suffix-read", "a JSON value written '0.33...' is stated as 0.33",
           JSON_READER, '    r"""(?![\\w%/!\'`"\\u2032\\u2033\\u2026\\u00b0\\u2030]|[.,]\\d|\\.\\.)"""',
           '    r"""(?![\\w%/]|[.,]\\d)"""',
           (U + "test_number_suffix_reading.py", NUMBER_SUFFIXES)),
    # -- every '=' of a claimed prompt is read; a primed or factorial name is another question (round 8)
    ("linear-dropped-equation-ignored", "an equation the reader drops (\"2x = 6 'x = 4'\") leaves the rest claimed",
     LINEAR_PROMPT, "    if len(equations) != pairs:", "    if False:", (U + "test_linear_layout_reading.py", LINEAR_LAYOUT)),
    ('linear-primed-question-read', 'a primed unknown asked for ("what is y\'?") is read as the unknown',
     f"{PKG}/core/tasks/linear/reader.py", '    if char in _PRIMES and pos and text[pos - 1].isalnum():', '    if False:',
     (U + "test_linear_layout_reading.py", LINEAR_LAYOUT)),
    ("text-primed-question-read", "free text is checked for a prompt asking for y' or y!",
     TEXT_CLAIMS, "    if not words.isascii() or not _free_of_numbers(words) or _CHANGES_A_NAME.search(words):",
     "    if not words.isascii() or not _free_of_numbers(words):", (U + "test_linear_layout_reading.py", TEXT_ASKED)),
    # -- one equation in one unknown is solved by division, not sympy (issue 22): bounded alike
    ("one-unknown-solution-unbounded", "a one-unknown solution past the bound is kept (the prompt is claimed)",
     f"{PKG}/core/tasks/algebra.py", "    return {name: value} if is_small(value.numerator) and is_small(value.denominator) else {}",
     "    return {name: value}", (U + "test_linear_solve_one_unknown.py", U + "test_linear_bounds.py")),
    # -- every '=' of a step read, ".25" a number, a mark after a space (red team round 9)
    ("step-unread-equals-accepted", "a step stating 'x = .25' or 'x = 5 = .6' passes (its unread '=' ignored)",
     f"{PKG}/core/tasks/linear/chain.py", '    if reason := unread_equals(body, equations):  # "x = .25": a statement no equation read',
     '    if reason := "":', (U + "test_linear_statements.py", UNREAD_STATEMENTS)),
    ("prose-leading-point-number-unread", "a number written '.25' in prose is not a number",
     f"{PKG}/core/tasks/linear/chain.py", '-?(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(?![\\d])")  # ".25" is a number too',
     '-?[0-9]+(?:\\.[0-9]+)?(?![\\d])")', (U + "test_linear_statements.py", UNREAD_STATEMENTS)),
    ("spaced-mark-after-run-read", "'x = 5 %' (a mark after a space) is read as x = 5",
     LAYOUT, "    last = run.rstrip()[-1:]", "    last = run[-1:]", (U + "test_linear_statements.py", UNREAD_STATEMENTS)),
    # -- arithmetic with no unknown states only numbers the problem or the derivation states (round 10)
    ("stale-arithmetic-accepted", "a closing '15 / 3 = 5' of the cached problem is served for 3x + 5 = 5",
     f"{PKG}/core/tasks/linear/chain.py", '    for index, reason in unexplained_arithmetic(sequence, ctx).items():  # "15 / 3 = 5" for x = 0',
     "    for index, reason in {}.items():", (U + "test_linear_statements.py", UNREAD_STATEMENTS)),
    ("standalone-arithmetic-result-unread", "a standalone '2 * 2 = 4' passes on its inputs alone (its result unexplained)",
     f"{PKG}/core/tasks/linear/chain.py",
     "    used = _inputs(equation.text) if chained else [abs(n) for n in equation.numbers]",
     "    used = _inputs(equation.text)", (U + "test_linear_statements.py", UNREAD_STATEMENTS)),
    ("wider-search-when-served", "a served lookup whose top_k candidates tie searches again (64 candidates)",
     f"{PKG}/core/planner.py", "    if choice.served or len(hits) < k or k >= WIDE_K:",
     "    if len(hits) < k or k >= WIDE_K:", (U + "test_store_engine.py",)),
    ("copies-hide-a-serving-candidate", "copies of one prompt that do not serve hide a candidate that does",
     f"{PKG}/core/planner.py", "    return hits[-1].similarity >= hits[0].similarity - 1e-6",
     "    return hits[0].similarity >= 1.0 - 1e-5 and hits[-1].similarity >= hits[0].similarity - 1e-6",
     (U + "test_store_engine.py",)),
    # -- words relating quantities; prose saying what an equation is (blind red team round 11)
    ("relation-per-unread", "'2x = 12 per y' is read as 2x = 12 ('per' a free word)",
     RELATIONS, '    "per": lambda before, after: (before, after[0]) in _PER,', '    "per": lambda before, after: True,',
     (RELATIONS_TESTS, RELATION_WORDS)),
    ("relation-one-unread", "'one' is a free word ('What is one per x?', 'one of x')",
     RELATIONS, '    "one": lambda before, after: (after[0], after[1], after[2]) in {("step", "per", "line"), ("line", "per", "step")}\n    or (before in {",", "steps"} and (after[0], after[1]) == ("per", "line")),', '    "one": lambda before, after: True,',
     (RELATIONS_TESTS, RELATION_WORDS)),
    ("relation-outside-phrases-read", "'x to y', '2x = 12 of y': a relating word outside its phrases is read as a free word",
     RELATIONS, "        if not rule(before, after):", '        if token in ("per", "one") and not rule(before, after):',
     (RELATIONS_TESTS, RELATION_WORDS)),
    ('linear-relations-unchecked', "'x to y', '12 per y': a relating word is read by the linear grammar outside its phrases",
     f"{PKG}/core/tasks/linear/vocabulary/en.json", '  "ADV": [\n   "clearly",', '  "ADV": [\n   "per",\n   "by",\n   "clearly",',
     (RELATIONS_TESTS, RELATION_WORDS, U + "test_linear_grammar.py")),
    ("text-relations-unchecked", "free text for 'what is x of y?' is checked as the unknowns' values",
     TEXT_CLAIMS, "    if unread_relation(prompt, [(eq.start, eq.end) for eq in equations]) is not None:",
     "    if False:", (RELATIONS_TESTS, RELATION_WORDS)),
    ("rearrangement-unread", "'Collect the x terms ...: 50x = 10' after 10x + 1 = 3 passes (the verb states nothing)",
     f"{PKG}/core/tasks/linear/chain.py",
     '    sequence.extend((i, op.pos, op) for op in rearrangements(i, body))  # "Collect the terms": same form',
     "    pass", (U + "test_linear_statements.py", RELATION_WORDS)),
    ("rearrangement-scales", "a rearranging verb may scale the equation (8x = 4 after 4x + 3 = 5)",
     f"{PKG}/core/tasks/linear/chain.py", "        return form == after or form == after.scale(Fraction(-1))",
     "        return True", (U + "test_linear_statements.py", RELATION_WORDS)),
    ("restatement-unchecked", "'Start from the equation 3x = 15' passes for 3x + 5 = 20",
     f"{PKG}/core/tasks/linear/chain.py", "    said = _RESTATING.search(body)", "    said = None",
     (U + "test_linear_statements.py", RELATION_WORDS)),
    # -- the equation before an operation, a whole system, asked lists, one side (red team round 11b)
    ("operation-from-any-earlier", "'Subtract 5: 3x = 15' twice passes (checked against the problem, not 3x = 15)",
     f"{PKG}/core/tasks/linear/chain.py", "    if len(earlier) > given and set(earlier[-1].form.variables) == unknowns:",
     "    if False:", (U + "test_linear_statements.py", STEP_SOURCES)),
    ("system-restated-partly", "'The system is x - y = 2.' passes for a system of two",
     f"{PKG}/core/tasks/linear/chain.py",
     '    if said.group().lower().startswith(("system", "equations")) and not all(any(_same(eq, p) for eq in stated) for p in problem):',
     "    if False:", (U + "test_linear_statements.py", STEP_SOURCES)),
    ('asked-list-cut', "'find x, y = 2x and z = x + 1' asks for x alone",
     f"{PKG}/core/tasks/linear/reader.py", '        self.asked_names.add(_defined_unknown(children[0].value))', '        _defined_unknown(children[0].value)',
     (U + "test_linear_statements.py", STEP_SOURCES)),
    ("one-side-operation-read", "'Subtract 5 from the left: 3x = 15' is read as both sides",
     f"{PKG}/core/tasks/linear/chain.py", "(?![\\d.])(?!\\s+(?:to|from|on)\\s+the\\b)", "(?![\\d.])",
     (U + "test_linear_statements.py", STEP_SOURCES)),
    ("power-before-division-read", "'8^1/3' is read as 8/3 (a cube root to many)",
     ALGEBRA, '(self.peek()[0] in ("num", "ident") or self.peek() in (("op", "("), ("op", "/")))',
     '(self.peek()[0] in ("num", "ident") or self.peek() == ("op", "("))', (U + "test_linear_statements.py", STEP_SOURCES)),
    # -- a JSON request names one object; "describe" asks for prose (red team round 12)
    ("json-object-mentions-uncounted", "a sentence naming another object ('Return a JSON object.') after the request is "
     "read as a closing one (one object proven)",
     JSON_GRAMMAR, "_only_json: ONLY? VERB? ME? ONLY? DEF? ADJ?", "_only_json: ONLY? VERB? ME? ONLY? (DEF | ART)? ADJ?",
     (U + "test_json_typed_rules.py", JSON_FRAMING)),
    ("json-describe-is-framing", "'Describe this JSON object.' is framing (the bare object proven for a request of prose)",
     JSON_EN_TABLE, '"VERB": [\n   "return",', '"VERB": [\n   "describe",\n   "return",',
     (U + "test_json_typed_rules.py", JSON_FRAMING)),
# Retired (issue 33): json-closing-sentence-any-words: a closing sentence is a rule of request.lark now, and a word
# outside the vocabulary table is no token, so no single edit lets "any words" close a request; the table edit
# json-describe-is-framing and the grammar edit json-object-mentions-uncounted stand for it.    # -- a question or an ending asks for an unknown or the answer (red team round 12)
    ("question-asks-anything", "'What's the system of equations?' after a linear problem is read (answer served proven)",
     RELATIONS, '_QUESTIONS: dict[str, _Rule] = {"what": lambda before, after: _asks_unknown(after),',
     '_QUESTIONS: dict[str, _Rule] = {"what": lambda before, after: True,', (RELATIONS_TESTS, RELATION_WORDS)),
    ("end-with-anything", "'End with the system of equations.' is read as a layout instruction",
     RELATIONS, '    "with": lambda before, after: before in _ENDING and _first_beyond(after, _BEFORE_ANSWER) in _ANSWER_WORDS,',
     '    "with": lambda before, after: before in _ENDING,', (RELATIONS_TESTS, RELATION_WORDS)),
    ('whats-blanked', 'the contraction "what\'s" is not blanked for the math reader, so what it asks for is never read',
     LINEAR_PROMPT, '    return _CONTRACTION.sub(blank, _PLACEHOLDER.sub(blank, _TEMPLATE_EQUATION.sub(blank, prompt)))', '    return _PLACEHOLDER.sub(blank, _TEMPLATE_EQUATION.sub(blank, prompt))',
     (RELATIONS_TESTS, RELATION_WORDS, U + "test_linear_statements.py")),
    ('question-asks-no-equation', "'Solve for x: 3x + 5 = 26. What is y = 2x?' asks for x alone (answer line x = 7, proven)",
     f"{PKG}/core/tasks/linear/request.lark", '?target: VAR | ART? VALUE OF VAR -> value_of | VALUE VAR -> value_of | VAR POST_VALUE -> value_of | EQ -> defined', '?target: VAR | ART? VALUE OF VAR -> value_of | VALUE VAR -> value_of | VAR POST_VALUE -> value_of | EQ -> value_of',
     (U + "test_linear_statements.py", STEP_SOURCES)),
    # -- a linear prompt is a request to solve (red team round 12c)
    ('request-none-needed', "'x = 5, y = 2.' (values stated, no request) is read as a problem",
     LINEAR_PROMPT, '    return request.asks or not all(_ASSIGNMENT.fullmatch(eq.text.strip()) for eq in equations)', '    return True',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('asking-verb-any-object', "'Give the unknowns: x + y = 10, ...' is answered by the solver (proven)",
     f"{PKG}/core/tasks/linear/request.lark", '    | GIVE ME? ART? ANSWER (FOR | COLON) eqs', '    | GIVE ME? ART? (ANSWER | VALUE) (FOR | COLON) eqs',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('writing-verb-any-object', "'Write the equation: 3x + 5 = 20.' is answered by the solver (proven)",
     f"{PKG}/core/tasks/linear/request.lark", '     | SHOW ART? POSS? STEPNOUN COLON eqs', '     | (SHOW | WRITE) ART? POSS? (STEPNOUN | EQNOUN) COLON eqs',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('each-equation-read', "'Solve each equation for x: x + y = 10, x - y = 2' is solved as one system",
     f"{PKG}/core/tasks/linear/request.lark", 'object: ART? EQNOUN', 'object: (ART | POSS)? EQNOUN',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('yes-no-question-read', "'If x + y = 10, is y = 4?' takes its hypothesis as given (x = 6, y = 4 proven)",
     f"{PKG}/core/tasks/linear/vocabulary/en.json", '  "WHAT_IS": [\n   "what is",', '  "WHAT_IS": [\n   "is",\n   "what is",',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('assistant-turn-read', "an assistant turn's 'Answer: x = 4' becomes a premise",
     f"{PKG}/core/tasks/linear/request.lark", 'label: ROLE | LABEL | EQNOUN', 'label: ROLE | LABEL | EQNOUN | ROLE_NOUN',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('adjacent-unknowns-read', "'Find x y' (a product, or a list) is read as x and y",
     f"{PKG}/core/tasks/linear/request.lark", 'targets: target | targets COMMA target | targets AND target', 'targets: target | targets COMMA target | targets AND target | targets VAR',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ("answer-cut-off-kept", "a truncated output ending 'Ans' is kept as the model's checked answer",
     f"{PKG}/core/tasks/linear/chain.py", '    if (cut := text.rstrip().rsplit("\\n", 1)[-1].strip(" *").lower()) and "answer".startswith(cut):',
     '    if False:', (U + "test_linear_statements.py", "tests/adversarial/test_answer_lines.py")),    # -- a proposed answer, another role, a template spelling a form, a free name (red team round 12d)
    ('other-role-label-read', "'Tutor: y = 3' / 'A: y = 3' turns become premises",
     f"{PKG}/core/tasks/linear/request.lark", 'label: ROLE | LABEL | EQNOUN', 'label: ROLE | LABEL | EQNOUN | ART',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('result-stated-as-given', "'Student answer: y = 3', 'Answer: y = 3' become premises (x = 7 proven for x + y = 10)",
     f"{PKG}/core/tasks/linear/request.lark", '?body: request | given | persona | answer_template', '?body: request | given | persona | answer_template | ROLE? ANSWER COLON eqs',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    ('cancelled-name-dropped', "'x - x + y = 3' is solved for y alone (x is free)",
     LINEAR_PROMPT, '        and all(eq.form.coeffs and set(eq.identifiers) <= set(eq.form.variables) for eq in equations)', '        and all(eq.form.coeffs for eq in equations)',
     (U + "test_linear_request.py", LINEAR_REQUESTS)),
    # -- the request's language is part of what is asked (blind red team 2026-12-03, W1)
    ("answer-language-not-verified", "English steps cached for an English request are reused for a French one",
     f"{PKG}/core/tasks/linear/task.py", "        if mismatch is not None:\n            for verdict in verdicts:",
     "        if False:\n            for verdict in verdicts:", ("tests/adversarial/test_answer_language.py",)),
    ("answer-language-not-keyed", "a French request of a cached English problem is served by the problem-key tier",
     f"{PKG}/core/tasks/linear/task.py", ', f"language {c.language}")', ")",
     ("tests/adversarial/test_answer_language.py",)),
    ("answer-language-not-read", "the request's language is never recorded: every entry serves every language",
     LINEAR_PROMPT, "value, language=request.language)", 'value, language="")',
     ("tests/adversarial/test_answer_language.py",)),
    ("answer-language-not-reinstantiated", "English steps are re-instantiated for a French request with other constants",
     f"{PKG}/core/tasks/linear/task.py", "        if _language_mismatch(cached, new) is not None:\n            return None",
     "        if False:\n            return None", ("tests/adversarial/test_answer_language.py",)),
    # -- "just the number" in de/it/ru/zh/ja is the number alone (red team round 6, W5)
    ("bare-number-de-read-as-answer", "German 'Nur die Zahl.' read as the answer only: 'x = 5' served for the number alone",
     f"{PKG}/core/tasks/linear/vocabulary/de.json", '  "BARE_NUMBER": [\n   "die zahl",\n', '  "BARE_NUMBER": [\n   "die zahlen",\n',
     ("tests/adversarial/test_bare_number_languages.py",)),
    ("bare-number-zh-read-as-answer", "Chinese '只要数字' read as the answer only: 'x = 4.5' served for the number alone",
     f"{PKG}/core/tasks/linear/vocabulary/zh.json", '"ANSWER": [\n', '"ANSWER": [\n   "数字",\n',
     ("tests/adversarial/test_bare_number_languages.py",)),
    ("vacuous-check-serves", "a cached answer whose checks hold no unit (\"{}\" for an unread key list) serves another prompt",
     f"{PKG}/core/planner.py", "    return verification.passed and bool(verification.units)\n",
     "    return verification.passed\n", ("tests/adversarial/test_vacuous_evidence.py",)),
    ("json-owners-unchecked", "values marked as two people's (\"Me llamo Ines y tiene 77 años\") are read as one object",
     JSON_READER, "    return transformer if _one_owner(owners) else None\n",
     "    return transformer\n", (JSON_OWNERS,)),
    ("json-owners-gender-ignored", "owners agree by grammatical person alone (\"Her name is Ana and his age is 30\" read as one)",
     JSON_READER, "    return all(a.startswith(b) or b.startswith(a) for a in distinct for b in distinct)",
     "    return all(a[0] == b[0] for a in distinct for b in distinct)", (JSON_OWNERS,)),
    ("json-owner-es-tiene-deleted", "the es table's \"tiene\" marks no owner (a third person's age beside \"me llamo\")",
     f"{PKG}/core/tasks/json/vocabulary/es.json", '  "se llama": "3s",\n  "tengo": "1s",\n  "tiene": "3s"\n',
     '  "se llama": "3s",\n  "tengo": "1s"\n', (JSON_OWNERS,)),
    ("json-owner-en-his-swapped", "the en table marks \"his\" as \"her\"'s owner",
     f"{PKG}/core/tasks/json/vocabulary/en.json", '  "his": "3sm",', '  "his": "3sf",', (JSON_OWNERS,)),
    ("json-owner-named-subject-ignored", "a name said as the age's subject names no owner ('Giulia ho 26 anni' read as Giulia's age)",
     JSON_READER, '        owners.append("3")  # "Giulia ho 26 anni"', '        pass  # "Giulia ho 26 anni"', (JSON_OWNERS,)),
    ("json-age-pronoun-unowned", "an age said of a pronoun no table owns is read ('Je m'appelle Marc et nous 71 ans' as Marc's age)",
     JSON_READER, "    if any(fold(word) not in pronoun_owners for word in transformer.age_pronouns):\n",
     "    if False:\n", (JSON_OWNERS,)),
    ("json-age-pronoun-ru-we-as-me", "the ru table owns 'нам' (we) as 'мне' (me): 'Меня зовут Анна, нам 22 года' read as Anna's age",
     f"{PKG}/core/tasks/json/vocabulary/ru.json", '  "нам": "1p"\n', '  "нам": "1s"\n', (JSON_OWNERS,)),
    ("quoted-template-other-language", "a quoted answer template is read in any table (a Spanish request ending with an English template)",
     f"{PKG}/core/tasks/linear/reader.py", '        if quoted is not None and table.language != "en":\n', '        if False:\n',
     ("tests/adversarial/test_answer_templates.py",)),
    ("quoted-template-slot-only-value", "a quoted template whose placeholder is '?' is read as words ('\"Result: x=?\"' served 'Result: x = 2')",
     f"{PKG}/core/tasks/linear/reader.py", "    slot = _QUOTED_SLOT_MARK.search(inside)\n", "    slot = _SLOT.search(inside)\n",
     ("tests/adversarial/test_quoted_templates_verbatim.py",)),
    ("quoted-template-dots-ambiguous", "'x = ....' in quotes is read as '<value>.' (or '.<value>': read two ways)",
     f"{PKG}/core/tasks/linear/reader.py", '    if mark is not None and "." not in inside[mark.start() - 1 : mark.start()] + inside[mark.end() : mark.end() + 1]:\n',
     "    if mark is not None:\n", ("tests/adversarial/test_quoted_templates_verbatim.py",)),
    ("quoted-template-read-as-words", "a quoted span holding a slot is read as words around it ('\"Result: x=<value>\"' served 'Result: x = 2')",
     f"{PKG}/core/tasks/linear/reader.py", "        token = quoted or _token_at(", "        token = _token_at(",
     ("tests/adversarial/test_quoted_templates_verbatim.py",)),
    ("json-measure-any-noun", "a measure is read of any word ('for a third of 5 hours' as 300 minutes)",
     JSON_READER, "    if any(fold(noun) not in _MEASURE_NOUNS.get(language, ()) for noun in transformer.measure_nouns):\n",
     "    if False:\n", ("tests/adversarial/test_json_measure_nouns.py",)),
]
# fmt: on
