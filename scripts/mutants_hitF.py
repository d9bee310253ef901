"""Mutation-check rows for the hit path's shortcuts of wip/hitF (issue 33): an ASCII text's math runs
cut by one pattern, strings frozen in place, the linear prompt's whole-text rewrites run only where a
match can stand, its quoted-equation and placeholder patterns led by their first characters, the
reader's per-token shortcuts. Each row breaks one promise (a run cut otherwise, a string frozen
otherwise, a rewrite skipped where it reads something, a pattern that no longer finds what it found);
the differential tests of tests/unit/test_hit_path_hitF.py must catch each.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ALGEBRA = "stepcache_integrations/core/tasks/algebra.py"
_TYPES = "stepcache_integrations/core/types.py"
_PROMPT = "stepcache_integrations/core/tasks/linear/prompt.py"
_READER = "stepcache_integrations/core/tasks/linear/reader.py"
_DIFF = "stepcache_integrations/core/tasks/prompt_diff.py"
_T = "tests/unit/test_hit_path_hitF.py"
_RUNS = (f"{_T}::test_ascii_runs_are_cut_as_token_by_token",)
_FREEZE = (f"{_T}::test_freeze_is_the_reference_freeze",)
_WORDS = (f"{_T}::test_reader_shortcuts_are_the_reference_at_every_position",)
_SLOTS = (f"{_T}::test_extract_slots_is_the_reference",)
_REWRITES = (f"{_T}::test_prompt_rewrites_are_the_reference",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("hitF-ascii-run-name-joined", "a name's digits split from it before a letter ('x1a' read as x, 1, a: x a run's)",
     _ALGEBRA, r"|[A-Za-z](?:_?[0-9]+)?(?![A-Za-z0-9_])|", r"|[A-Za-z](?:_?[0-9]+)?(?![A-Za-z_])|", _RUNS),
    ("hitF-ascii-run-line-break", "a blank holding a line break joins an ASCII run",
     _ALGEBRA, r"|[^\S\n]+(?!\s))+)", r"|\s+)+)", _RUNS),
    ("hitF-freeze-str-as-atom", "a string inside a list frozen as another kind",
     _TYPES, 'tuple([("str", item) if type(item) is str else freeze(item) for item in value])',
     'tuple([("text", item) if type(item) is str else freeze(item) for item in value])', _FREEZE),
    ("hitF-template-hint-no-question", "a template 'x = ?' not blanked (the hint misses '?')",
     _PROMPT, r'_TEMPLATE_HINT = re.compile(r"=\s*(?:<|\.\.\.|\u2026|\?)")', r'_TEMPLATE_HINT = re.compile(r"=\s*(?:<|\.\.\.|\u2026)")', _REWRITES),
    ("hitF-placeholder-led-no-ellipsis", "a bare '\u2026' placeholder not blanked (the lookahead misses it)",
     _PROMPT, '_PLACEHOLDER_LED = _led(_PLACEHOLDER, "<.\\u2026")', '_PLACEHOLDER_LED = _led(_PLACEHOLDER, "<.")', _REWRITES),
    ("hitF-quoted-before-unread", "a quote after a word opens a quoted equation (the character before it not looked at)",
     _PROMPT, r'''_QUOTED_EQUATION = re.compile(r"""(["'])(?<![\w"']["'])''', r'''_QUOTED_EQUATION = re.compile(r"""(["'])''', _REWRITES),
    ("hitF-few-shot-unicode-arrow", "a few-shot block written with '\u2192' not read",
     _PROMPT, '    if "->" not in prompt and "\\u2192" not in prompt:\n', '    if "->" not in prompt:\n', _REWRITES),
    ("hitF-spelled-word-missing", "an equation spelled with 'times' alone not rewritten",
     _PROMPT, '("plus", "minus", "times", "equal", "divided")', '("plus", "minus", "equal", "divided")', _REWRITES),
    ("hitF-label-lead-missing", "a label's number after an ordinal mark not read ('\u7b2c4\u9898')",
     _READER, '_LABEL_LEADS = frozenset({"ORDINAL", "INTRO", "LABEL"})', '_LABEL_LEADS = frozenset({"INTRO", "LABEL"})', _WORDS),
    ("hitF-special-step-lower", "a 'step k:' label in lower case not read",
     _READER, '_SPECIAL_ALL[:2] if c in "sS" else', '_SPECIAL_ALL[:2] if c in "S" else', _WORDS),
    ("hitF-slots-email-dropped", "an email in a prompt not read as a slot",
     _DIFF, '(_SLOT_WORDS if "@" in text else _SLOT_WORDS_NO_EMAIL)', '(_SLOT_WORDS_NO_EMAIL)', _SLOTS),  # wip/hitH's patterns
]
# fmt: on
