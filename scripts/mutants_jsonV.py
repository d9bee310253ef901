"""Mutation-check rows for wip/jsonV: JSON request reach (issue 33 items 2-4): a bare key list read
when its values follow, one lowercase word in the listed keys' order, "make this a JSON object".
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_T = "tests/unit/test_json_reach_jsonv.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonV-bare-list-unchecked", "'JSON, keys reordered.' is read as a list holding 'reordered' with no value stated",
     _READER, "    if (transformer.bare_list or transformer.bare_with) and (ambiguous or list(found) != transformer.asked):",
     "    if False:", (_T,)),
    ("jsonV-bare-list-any-order", "a bare list's values stated in another order are read",
     _READER, "    if (transformer.bare_list or transformer.bare_with) and (ambiguous or list(found) != transformer.asked):",
     "    if (transformer.bare_list or transformer.bare_with) and (ambiguous or set(found) != set(transformer.asked)):", (_T,)),
    ("jsonV-bare-list-never-noted", "a bare key list ending the request sentence is read with no check of its values",
     _READER, "        self.bare_list = bare and not any(isinstance(c, Tree) and c.data == \"tail\" for c in children)",
     "        self.bare_list = False", (_T,)),
    # jsonV-plain-word-type-words retired: equivalent since main's _names_no_value (session 2026-12-06 23:00, s26-type-word-any-case-data): every word this rule declines that no other rule declines is a type word, now no value in any case and form before this rule decides (clean-clone mutation check of ad13dda7: survived); its behaviour stays tested by its tests and the s26 row
    ("jsonV-plain-word-never", "one lowercase word in order ('pen, 12') is declined",
     _READER, "lowercase_ok=lambda: _one_plain_word(key, tokens, language))", "lowercase_ok=lambda: False)", (_T,)),
    ("jsonV-split-lowercase-declined", "a lowercase first value in order ('\"quantidade\": caneta, 12') is declined",
     _READER, "        if st.lowercase and (children[1:] or st.equals):", "        if st.lowercase:", (_T,)),
    ("jsonV-en-make-this-deleted", "'Make this a JSON object: ...' is declined",
     f"{_JSON}/vocabulary/en.json", '   "make this",\n', "", (_T,)),
    ("jsonV-de-mach-daraus-deleted", "'Mach daraus ein JSON-Objekt: ...' is declined",
     f"{_JSON}/vocabulary/de.json", '   "mach daraus",\n', "", (_T,)),
]
ROWS += [
    ("jsonV-plain-word-any-name-key", "'keys population and city for: 545000, lisbon' reads a lowercase word as a proper name",
     _READER, "    word = tokens[0].value\n    if _label_folded(key, _LABEL_FOLDING.get(language, frozenset())) not in _COMMON_NOUN_KEYS.get(language, frozenset()):\n        return False\n",
     "    word = tokens[0].value\n", (_T,)),
    ("jsonV-pt-common-noun-key-deleted", "pt '\"produto\" e \"quantidade\": caneta, 12' is declined",
     f"{_JSON}/vocabulary/pt.json", ' "common_noun_keys": [\n  "produto",', ' "common_noun_keys": [\n  "produtox",', (_T,)),
]
ROWS += [
    ("jsonV-grammar-from-this-lines", "'Make a JSON object from this:\\nname: ...' (the values on the lines after 'from this:') is not derived",
     f"{_JSON}/request.lark", "            | FROM (DEF | SOURCE)? COLON STOP+ stmts", "            | FROM (DEF | SOURCE)? COLON STOP STOP+ stmts", (_T,)),
    ("jsonV-grammar-from-this-inline", "'Make a JSON object from this: name: Ana, age: 31' is not derived",
     f"{_JSON}/request.lark", "%extend tail: FROM DEF COLON stmts\n", "%extend tail: FROM DEF DEF COLON stmts\n", (_T,)),
    ("jsonV-grammar-als-json-ausgeben", "de 'Bitte als JSON ausgeben:\\n...' is not derived",
     f"{_JSON}/request.lark", "%extend request: courtesy? AS noun VERB_END politely? tail\n", "%extend request: courtesy? AS AS noun VERB_END politely? tail\n", (_T,)),
    ("jsonV-es-from-phrase-deleted", "es 'a partir de esto:' frames no data",
     f"{_JSON}/vocabulary/es.json", '    "a partir de esto",\n', "", (_T,)),
    ("jsonV-pt-transforma-deleted", "pt 'Transforma isso em JSON' is declined",
     f"{_JSON}/vocabulary/pt.json", '   "transforma",\n', "", (_T,)),
]
ROWS += [
    # jsonV-plain-word-two-scripts retired 2026-12-06 (main): wip/fuzzO's _mixed_scripts declines 'pеn' (a Cyrillic е)
    # as any stated word of two scripts; the gate stays (a two-script word is never a plain word)
]
ROWS += [
    ("jsonV-number-type-change-patched", "es 'precio=45.5' then 'precio=120' is patched with a model call (no re-instantiation)",
     f"{_JSON}/evidence.py", "        return new.value if identical(old_value, old.value) else MISSING",
     "        return MISSING", (_T,)),
    ("jsonV-number-type-any-type", "a number stated for a cached boolean or string is written as stated",
     f"{_JSON}/evidence.py", "    if type(new.value) is not type(old.value) and _a_number(new.value) and _a_number(old.value):",
     "    if type(new.value) is not type(old.value):", (_T,)),
]
