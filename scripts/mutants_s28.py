"""Mutation-check rows for the session of 2026-12-07 06:10 (main): red team 30, class B (a number form shown by an
earlier answer dropped when the history was read away) and class A (a stale number word in a reused step's prose).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_B = ("tests/adversarial/test_red_team_30_shown_number_forms.py",)
_A = ("tests/adversarial/test_red_team_30_stale_prose.py",)
_HOLDING = ("tests/adversarial/test_json_holding_leaves_evident.py",)
_B30B = ("tests/adversarial/test_red_team_30b_history_layouts_and_brevity.py",)
_QUIZ = ("tests/adversarial/test_red_team_30c_quiz_requests.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s28-b-any-number-form", "an earlier answer 'x = 3.0' / 'x = 6/2' / 'x = 03' is read away as history (its value alone compared)",
     "stepcache_integrations/core/tasks/linear/prompt.py",
     "        k in solution and v == format_number(solution[k]) for k, v in values.items())",
     "        k in solution and Fraction(v) == solution[k] for k, v in values.items())", _B),
    ("s28-b-turns-form-unchecked", "a LangChain history's assistant turn 'x = 3.0' is read away (the task's form rule not asked)",
     "stepcache_integrations/adapters/turns.py",
     "    if as_served is not None and not as_served(answered, constraints, served_in):", "    if False:", _B),  # wip/histK: re-anchored
    ("s28-a-constants-unchanged", "prose naming the old constants is served for a problem of the same form ('Take away four' for 2x + 7 = 17)",
     "stepcache_integrations/core/tasks/linear/task.py",
     "            sorted(cached.params)) != (new.equations,", "            sorted(new.params)) != (new.equations,", _A),
    ("s28-holding-leaf-keys-unevident", "a word after the last leaf of a key holding an object is a leaf key ('port 443, maybe 31')",
     "stepcache_integrations/core/tasks/json/reader.py",
     "    if flat is not None and transformer.nests and not _keys_evident(prompt, flat):", "    if False:", _HOLDING),
    ("s28-b1-history-layout-read", "a history message '**x = 3**' / '$x = 3$' / 'Final answer: x = 3' is read away (values found inside)",
     "stepcache_integrations/core/tasks/linear/prompt.py",
     "    stated = _STATED_VALUES.fullmatch(text.strip())\n    if stated is None or stated.group(\"bare\"):",
     "    stated = _STATED_VALUES.search(text.strip())\n    if stated is None or stated.group(\"bare\"):", _B30B),
    ("s28-e-concise-persona", "'You are a concise assistant.' read as a plain persona again (the whole derivation served)",
     "stepcache_integrations/core/tasks/linear/vocabulary/en.json", '   "friendly",\n', '   "friendly",\n   "concise",\n', _B30B),
    ("s28-e-russian-brevity-persona", "'Ты краткий помощник.' read as a plain persona again",
     "stepcache_integrations/core/tasks/linear/vocabulary/ru.json", '   "вежливый"\n', '   "вежливый",\n   "краткий"\n', _B30B),
    ("s28-e-brief-persona-plain", "'You are a concise assistant.' read as a plain persona (the brief format not read: the derivation served)",
     "stepcache_integrations/core/tasks/linear/request.lark",
     "%extend persona: YOU_ARE ART? BRIEF_ADJ ROLE_ADJ* ROLE_NOUN -> answer_only\n               | YOU_ARE ART? ROLE_ADJ* ROLE_NOUN BRIEF_ADJ -> answer_only",
     "%extend persona: YOU_ARE ART? BRIEF_ADJ ROLE_ADJ* ROLE_NOUN\n               | YOU_ARE ART? ROLE_ADJ* ROLE_NOUN BRIEF_ADJ", _B30B),
    ("s28-quiz-chatter", "'Quiz me: Solve ...' read as a plain solve request again (the solution served)",
     "stepcache_integrations/core/tasks/linear/vocabulary/en.json", '   "class",\n', '   "class",\n   "quiz",\n', _QUIZ),
    ("s28-try-myself-chatter", "'I try myself. Solve ...' read as a plain solve request again",
     "stepcache_integrations/core/tasks/linear/vocabulary/en.json", '   "tried",\n', '   "tried",\n   "try",\n   "myself",\n', _QUIZ),
]
# fmt: on
