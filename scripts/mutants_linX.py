"""Mutation-check rows for wip/linX: format instructions and wrappers around a written equation (templates
asked exactly or unquoted, the form before the colon, inline chat tags, personas with a relative clause,
casual fillers). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_T = "tests/adversarial/test_linear_wrappers_linX.py"
_A = (f"{_T}::test_a_template_asked_exactly_or_unquoted_is_the_last_line", f"{_T}::test_a_trap_is_no_claim")
_B = (f"{_T}::test_a_form_before_the_colon_is_followed", f"{_T}::test_a_trap_is_no_claim")
_C = (f"{_T}::test_an_inline_transcript_is_read_as_its_turns", f"{_T}::test_a_trap_is_no_claim",
      f"{_T}::test_only_turn_tags_are_rewritten")
_D = (f"{_T}::test_a_casual_wrapper_is_read_around_the_equation", f"{_T}::test_a_trap_is_no_claim",
      f"{_T}::test_another_question_is_answered_as_asked")

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linX-lead-after-alone-dropped", "the form after 'only the answer' before the colon no longer read: '答えだけ分数で：...' declined",
     f"{_LIN}/request.lark", "                | alone_lead form_lead COLON (request | given) -> led\n", "", _B),
    ("linX-fraction-lead-as-decimal", "'as a fraction' before the colon read as the decimal form: 2/3 declined or written as a decimal",
     f"{_LIN}/request.lark", "form_lead: AS? ART? FRACTION -> as_fraction", "form_lead: AS? ART? FRACTION -> as_decimal", _B),
    ("linX-linked-fraction-dropped", "'..., as a fraction: ...' after the answer alone (a LINK) no longer read",
     f"{_LIN}/request.lark", "%extend colon_format: AS ART? FRACTION -> as_fraction | AS ART? DECIMAL -> as_decimal",
     "%extend colon_format: AS ART? DECIMAL -> as_decimal", _B),
    ("linX-tags-not-rewritten", "chat tags left as written: '[user] solve: ...' and '<|user|>...' declined",
     f"{_LIN}/prompt.py", "    rewritten = _TURN_TAG.sub(label, prompt)\n", "    rewritten = prompt\n", _C),
    ("linX-tag-any-role", "a bracketed word of any name read as a turn label: '[note] solve: ...' read as 'Note: solve: ...'",
     f"{_LIN}/prompt.py", r'r"^[ \t]*\[(?P<b>system|user|human|assistant)\]', r'r"^[ \t]*\[(?P<b>[a-z]+)\]', _C),
    ("linX-relative-format-as-steps", "a persona's relative clause 'that only outputs the result' read as steps asked",
     f"{_LIN}/request.lark", "rel_format: ONLY? WRITE ONLY? ART? ANSWER -> answer_only", "rel_format: ONLY? WRITE ONLY? ART? ANSWER -> steps", _C),
    ("linX-calculator-noun-dropped", "'calculator' left out of the English persona nouns: 'You are a calculator.' declined",
     f"{_LIN}/vocabulary/en.json", '   "calculator",\n', "", _C),
    ("linX-exact-template-dropped", "'Reply exactly in the form ...' no longer read",
     f"{_LIN}/request.lark", "%extend format: ANSWER EXACT (FORM_OF | AS) (ANSWER_FORM | TEMPLATE) -> answer_form\n              | ",
     "%extend format: ", _A),
    ("linX-format-colon-template-dropped", "'Format: x = <value>' (unquoted) no longer read",
     f"{_LIN}/request.lark", "              | ANSWER? FORM_OF COLON TEMPLATE -> answer_form\n", "", _A),
    ("linX-exact-clause-unlinked", "'... and reply exactly in the form ...' no longer linked (EXACT left out of the answer's clause words)",
     f"{_LIN}/reader.py", '"FORM_OF", "IN", "BOX_VERB", "EXACT"}),', '"FORM_OF", "IN", "BOX_VERB"}),', _A),
    ("linX-it-exactly-dropped", "Italian 'esattamente' left out of EXACT: 'Rispondi esattamente nella forma ...' declined",
     f"{_LIN}/vocabulary/it.json", '   "esattamente",\n', "", _A),
    ("linX-ja-format-dropped", "Japanese 形式 left out of FORM_OF: '形式：「x = …」' declined",
     f"{_LIN}/vocabulary/ja.json", '  "FORM_OF": [\n   "形式"\n  ],\n', "", _A),
    ("linX-eqs-question-dropped", "the question right after the equations with no mark no longer read: '... = 6 whats x??' declined",
     f"{_LIN}/request.lark", "%extend request: eqs question\n", "", _D),
    ("linX-stuck-word-dropped", "'i cant do this' (its three spellings) left out of STUCK: 'lol i cant do this: ...' declined",
     f"{_LIN}/vocabulary/en.json", '   "i cant do this",\n   "i can\'t do this",\n   "cant do this",\n', "", _D),
    ("linX-thanks-word-dropped", "'thx in advance' left out of THANKS: 'thx in advance! solve ...' declined",
     f"{_LIN}/vocabulary/en.json", '   "thx in advance",\n', "", _D),
    ("linX-on-this-one-dropped", "'on this one' left out of CHATTER: 'ugh im stuck on this one, ...' declined",
     f"{_LIN}/vocabulary/en.json", '   "on this one",\n', "", _D),
    ("linX-ja-number-alone-dropped", "ja '答えの数字だけ：...' (the answer's number alone, possessive written) no longer read",
     f"{_LIN}/request.lark", "%extend bare: ANSWER OF_POST BARE_NUMBER ONLY -> bare_number\n", "",
     (f"{_T}::test_the_answers_number_alone_is_the_whole_answer_ja",)),
    ("linX-factorial-after-accent", "a letter after an accented letter before '!' read as a factorial again: 'lição!' declines the prompt",
     f"{_LIN}/prompt.py", r'(?<![^\W\d_])[A-Za-z])\s*[!\uff01]', r'(?<![A-Za-z])[A-Za-z])\s*[!\uff01]',
     ("tests/adversarial/test_linear_chatter_linT.py",)),
]
# fmt: on
