"""Mutation-check rows for branch wip/arithX (arithmetic reach, everyday requests): courtesy around the question
(greetings, 'Quick question:' lead-ins, thanks after the last mark, ', please' before it), 'Can you tell me what 12 * 13
is?', brevity read as the number alone, thousands separators where one reading only (arithmetic/request.lark, its
tables, grammar.py). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_T = ("tests/adversarial/test_arithmetic_reach_arithX.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("arithX-thanks-before", "'Thanks! What is 12 * 14?' claimed (thanks before the question: after a history it may change the ask)",
     _ARITH + "request.lark", "_greeting: GREETING (BANG | COMMA | STOP) _SP (QUICK COLON _SP)?",
     "_greeting: (GREETING | THANKS) (BANG | COMMA | STOP) _SP (QUICK COLON _SP)?", _T),
    ("arithX-greeting-without-mark", "'Hi What is 12 * 13?' claimed (a greeting without its mark)",
     _ARITH + "request.lark", "_greeting: GREETING (BANG | COMMA | STOP) _SP (QUICK COLON _SP)?",
     "_greeting: GREETING (BANG | COMMA | STOP)? _SP (QUICK COLON _SP)?", _T),
    ("arithX-glued-thanks-before", "zh '谢谢！12 * 13等于多少？' claimed (thanks before the question)",
     _ARITH + "request.lark", "_glued_greeting: GLUED_GREETING (BANG | COMMA | STOP)? GLUED_LEAD?",
     "_glued_greeting: (GLUED_GREETING | GLUED_THANKS) (BANG | COMMA | STOP)? GLUED_LEAD?", _T),
    ("arithX-brief-unread", "'What is 12 times 13? Be brief.' declined (brevity not read as the number alone)",
     _ARITH + "request.lark", "       | BRIEF                                         //", "                                                       //", _T),
    ("arithX-brief-explain", "'Explain briefly.' read as brevity (an explanation asked)",
     _ARITH + "vocabulary/en.json", '"BRIEF": ["be brief", ', '"BRIEF": ["explain briefly", "be brief", ', _T),
    ("arithX-grouped-list", "'What is the sum of 100,200 and 300?' claimed (a grouped number where a list may stand)",
     _ARITH + "grammar.py", "        if _grouped_list(text, words):\n            continue\n", "", _T),
    ("arithX-grouped-decimal-comma-table", "de 'Was ist 1,000 + 1?' claimed (a grouped number in a table with a decimal comma)",
     _ARITH + "grammar.py", 'if not _tables()[language].get("thousands_comma") or "," not in text:', 'if "," not in text:', _T),
    ("arithX-grouped-any-group", "'What is 1,5 + 1,000?' claimed (a comma group of other than three digits read as thousands)",
     _ARITH + "grammar.py", '_GROUPED = re.compile(r"(?<![0-9,.])[1-9][0-9]{0,2}(?:,[0-9]{3})+(?![0-9]|,[0-9])")',
     '_GROUPED = re.compile(r"(?<![0-9,.])[1-9][0-9]{0,2}(?:,[0-9]{1,3})+(?![0-9]|,[0-9])")', _T),
    ("arithX-grouped-list-words", "'What is the average of 100,200 and 300?' claimed (the mean's list forgotten)",
     _ARITH + "grammar.py", '_LIST_WORDS = frozenset({"SUM_OF", "PRODUCT_OF", "MEAN_OF"})', '_LIST_WORDS = frozenset({"SUM_OF", "PRODUCT_OF"})', _T),
    ("arithX-fr-spaced-marks", "fr 'Bonjour ! Combien font 12 * 13 ?' declined (the space before '!' and ':' unread)",
     _ARITH + "vocabulary/fr.json", ' "space_before_marks": "!:",\n', "", _T),
    ("arithX-tell-spoken-as-expression", "'Can you tell me what 12 times 13 is?' answered 12 (the operator word dropped)",
     _ARITH + "request.lark", "        | TELL_WHAT _SP _told _SP IS _qmark            -> ask_spoken",
     "        | TELL_WHAT _SP _told _SP IS _qmark            -> ask_expr", _T),
]
# fmt: on
