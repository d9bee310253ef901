"""Mutation-check rows for everyday English linear requests, round 2 (issue 33, items 2 and 4;
tests/adversarial/test_linear_everyday_english_2.py): a word of the new classes deleted or a wrong
one added, a production dropped, a rule of the lexer widened. Appended by ``mutants.py`` to its
table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_ENGLISH_2 = ("tests/adversarial/test_linear_everyday_english_2.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("en2-method-word-deleted", "'How do I solve ...?' is no longer read (a word deleted from its class)",
     _LINEAR + "vocabulary/en.json", '   "how do i",\n', "", _ENGLISH_2),
    ("en2-method-steps-dropped", "'How do I solve ...?' is read without the steps it asks for",
     _LINEAR + "reader.py", '        """"How do I solve ...", "show me how to solve ...": the steps are asked, as a question."""\n'
     '        self.format.add("steps")\n', '        """"How do I solve ...", "show me how to solve ...": the steps are asked, as a question."""\n',
     _ENGLISH_2),
    ("en2-false-read-as-true", "'the value of x that makes 2x + 7 = 15 false' is read as '... true'",
     _LINEAR + "vocabulary/en.json", '  "TRUE": [\n   "true",', '  "TRUE": [\n   "false",\n   "true",', _ENGLISH_2),
    ("en2-makes-true-dropped", "'Find the value of x that makes ... true' is no longer read (its production dropped)",
     _LINEAR + "request.lark", "%extend where: MAKES eqs TRUE ", "// where: MAKES eqs TRUE ", _ENGLISH_2),
    ("en2-approximate-read-as-exact", "'Give the approximate answer' is read as the exact (fraction) form",
     _LINEAR + "vocabulary/en.json", '  "EXACT": [\n   "exact answer",', '  "EXACT": [\n   "approximate answer",\n   "exact answer",',
     _ENGLISH_2),
    ("en2-exact-lead-dropped", "'Exact answer: 3x + 2 = 7' is no longer read (the leading format dropped)",
     _LINEAR + "request.lark", "    | EXACT -> as_fraction\n", "\n", _ENGLISH_2),
    ("en2-audience-names-a-language", "'a patient teacher for a French student' is read (the audience names a language)",
     _LINEAR + "vocabulary/en.json", '  "AUDIENCE": [\n   "kid",', '  "AUDIENCE": [\n   "french student",\n   "kid",', _ENGLISH_2),
    # en2-label-number-widened retired by wip/linP: a label's id is now "3", "12b", "12(b)", "4.2", "Q4", "IV"
    # ("Exercise 3.5:" is a label, read into nothing), and a term taken for the id ("Exercise 3x: solve 2x + 7
    # = 15") is declined by the unknown-letter check in reader._words: mutants_linP.py's
    # linP-label-letter-unknown-read breaks that check and is caught (the widened id alone serves nothing wrong)
    ("en2-spelled-comma-split-dropped", "'x divided by 2, plus 3, equals 10' is not rewritten term by term (the comma kept in a term)",
     _LINEAR + "prompt.py", '    for token in re.split(r",?\\s+(plus|minus)\\s+", side.lower()):',
     '    for token in re.split(r"\\s+(plus|minus)\\s+", side.lower()):', _ENGLISH_2),
    ("en2-history-assistant-prose-read", "an assistant turn with prose ('From now on I answer in French.') is blanked as history",
     _LINEAR + "prompt.py", '_STATED_VALUES = re.compile(rf"(?:Answer: )?(?:{_VALUE}(?:, (?:and )?{_VALUE})*|(?P<bare>-?[0-9]+(?:[./][0-9]+)?))\\.?")',
     '_STATED_VALUES = re.compile(rf"(?:Answer: )?(?:{_VALUE}(?:, (?:and )?{_VALUE})*|(?P<bare>-?[0-9]+(?:[./][0-9]+)?))[^\\n]*")', _ENGLISH_2),  # re-anchored (wip/linI)
    ("en2-history-earlier-format-read", "an earlier turn's format ('with numbered steps') is blanked as history",
     _LINEAR + "prompt.py", "        if problem is None or problem.format or not stated_alone_as_served(problem.solution, problem.asked, answered):",
     "        if problem is None or not stated_alone_as_served(problem.solution, problem.asked, answered):", _ENGLISH_2),  # re-anchored (wip/linI; s27 D3)
    ("en2-not-hold-read-as-hold", "'For which x does 2x + 7 = 15 not hold?' is read as '... hold'",
     _LINEAR + "vocabulary/en.json", '   "hold",\n   "hold true",', '   "hold",\n   "not hold",\n   "hold true",', _ENGLISH_2),
    ("en2-just-need-deleted", "'I just need the answer.' is no longer read (a word deleted from its class)",
     _LINEAR + "vocabulary/en.json", '   "i just need",\n', "", _ENGLISH_2),
    ("en2-brief-beside-steps", "'briefly' and 'show all steps' together are read (no answer can follow both)",
     _LINEAR + "reader.py", '_EXCLUSIVE = (({"steps", "numbered", "lines"}, {"answer_only", "one_line"}),',
     '_EXCLUSIVE = (({"numbered", "lines"}, {"one_line"}),', _ENGLISH_2),
]
# fmt: on
