"""Mutation-check rows for wip/jsonR5: JSON reach round 5 (issue 33 items 3/4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_T = "tests/unit/test_json_reach_jsonr5.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR5-placeholder-fr-deleted", "fr 'valeur' is no placeholder word ('{\"grammes\": valeur}' reads nothing)",
     f"{_JSON}/vocabulary/fr.json", ' "placeholder_words": ["valeur"],', ' "placeholder_words": ["valeurx"],', (_T,)),
    ("jsonR5-placeholder-half-bracket", "'<value' (no closing bracket) is read as a placeholder",
     _READER, '_VALUE_PLACEHOLDER = "<" + _VALUE_WORD + ">|" + _VALUE_WORD', '_VALUE_PLACEHOLDER = "<?" + _VALUE_WORD + ">?|" + _VALUE_WORD', (_T,)),
    ("jsonR5-placeholder-kind-string", "a placeholder word asks for a string (a number stated for it is declined)",
     _READER, 'kinds[key] = "any" if value.strip("<>") in _VALUE_WORDS or letter else', 'kinds[key] = "string" if value.strip("<>") in _VALUE_WORDS or letter else', (_T,)),
    ("jsonR5-as-pt-deleted", "pt 'em JSON' after the template is not read",
     f"{_JSON}/vocabulary/pt.json", '  "AS": ["em"],', '  "AS": ["emx"],', (_T,)),
    ("jsonR5-grammar-as-verb-end", "de 'gib {...} als JSON aus' is not derived",
     _GRAMMAR, "%extend request: lead TEMPLATE AS noun VERB_END politely?\n", "%extend request: lead TEMPLATE AS noun VERB_END VERB_END politely?\n", (_T,)),
    ("jsonR5-grammar-ja-de-noun", "ja '{...} の JSON で返してください' is not derived",
     _GRAMMAR, "               | TEMPLATE DE noun VERB_END politely?\n", "               | TEMPLATE DE DE noun VERB_END politely?\n", (_T,)),
    ("jsonR5-equals-before-and-never", "es 'producto=teclado y precio=24.95': the lowercase word before 'y' is not read",
     _READER, 'or text[:pos].rstrip(" \\t")[-1:] == "="):', 'or False):', (_T,)),
    ("jsonR5-grammar-values-label", "'Values: lat 48.85, lon 2.35' is not derived",
     _GRAMMAR, "%extend stmt_sentence: VALUES COLON stmts\n", "%extend stmt_sentence: VALUES COLON COLON stmts\n", (_T,)),
    ("jsonR5-grammar-pt-me-verb", "pt 'Me devolve um JSON ...' is not derived",
     _GRAMMAR, "%extend lead: courtesy? ME VERB ONLY?\n", "%extend lead: courtesy? ME ME VERB ONLY?\n", (_T,)),
    ("jsonR5-js-true-any-name", "a JavaScript literal's bare name is read as true ('{active: yes}')",
     _READER, "    if bare and isinstance(node, ast.Name) and node.id in _JS_WORDS:\n        return _JS_WORDS[node.id]\n",
     "    if bare and isinstance(node, ast.Name):\n        return _JS_WORDS.get(node.id, True)\n", (_T,)),
    ("jsonR5-js-python-true", "'{active: True}' beside bare keys is read as a record",
     _READER, '        return _NOT_DATA  # "{active: True}": JavaScript writes true', '        pass  # "{active: True}": JavaScript writes true', (_T,)),
    ("jsonR5-dict-call-args", "a positional argument of dict(...) is ignored",
     _READER, "if call and isinstance(node, ast.Call) and not node.args and node.keywords", "if call and isinstance(node, ast.Call) and node.keywords", (_T,)),
    ("jsonR5-dict-call-deleted", "'dict(title=..., year=...)' is not read",
     _READER, '    if text.startswith("dict(", pos):\n        return _python_record_at(text, pos)\n', '', (_T,)),
    ("jsonR5-grammar-one-key-stmt", "'with key \"color\" set to \"red\"' is not derived",
     _GRAMMAR, "%extend mod: WITH (DEF | ART)? KEYWORD_ONE _keyed_stmts -> with_keyed_stmts\n",  # re-anchored by wip/jsonAE
     "%extend mod: WITH (DEF | ART)? KEYWORD_ONE KEYWORD_ONE _keyed_stmts -> with_keyed_stmts\n", (_T,)),
    ("jsonR5-grammar-one-key-rounded-plain", "'with key \"temp\" holding 21.46 rounded to one decimal' states the value unrounded",
     _GRAMMAR, "           | WITH (DEF | ART)? KEYWORD_ONE STMT ROUNDED target -> stmt_rounded\n", "           | WITH (DEF | ART)? KEYWORD_ONE STMT ROUNDED target -> with_stmts\n", (_T,)),
    ("jsonR5-en-holding-deleted", "en 'holding' is no separator of a key and its value",
     f"{_JSON}/vocabulary/en.json", '   "holding",\n', '   "holdingx",\n', (_T,)),
    ("jsonR5-ru-population-deleted", "ru 'население' is no word for a population ('население: 1300000' fills no key population)",
     f"{_JSON}/vocabulary/ru.json", '   "население"', '   "населениеx"', (_T,)),
    ("jsonR5-bar-never", "'... only. | User: ...' is not read (the bar unread)",
     _READER, '    return found is not None and found[0] == "ROLE"', '    return False', (_T,)),
    ("jsonR5-bar-any-word", "a bar is skipped before any word",
     _READER, '    return found is not None and found[0] == "ROLE"', '    return True', (_T,)),
]
# fmt: on
