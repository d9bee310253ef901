"""Mutation-check rows for W27 (red team 21), wip/w27y: a block of colon-labelled lines is read only as YAML reads it
(json/yaml_block.py). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_TESTS = ("tests/adversarial/test_red_team_21_w27_y.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w27y-check-skipped", "the YAML check is not called: 'enabled: on' served \"on\", 'age: 30, not 31' served \"not\": 31",
     f"{_JSON}/reader.py", "    return None if read is None or _yaml_disagrees(transformer, read, prompt) else read\n",
     "    return read\n", _TESTS),
    ("w27y-values-not-compared", "a statement's value is not compared with YAML's: 'title: Dr.' served \"Dr\", 'active: off' served \"off\"",
     f"{_JSON}/yaml_block.py", "    return not (_same_or_decimal_comma(st.value, value) or _same(written, value)) or must_be_key and key != label\n",
     "    return must_be_key and key != label\n", _TESTS),
    # w27y-bool-as-string retired 2026-12-06 (redundant): W29 declines the truth words 'on'/'off' unquoted for any key (json tables'
    # truth_words, rows w29-truth-word and w29-check-wired), so the YAML 1.1 check's on/off case no longer decides a reading
    ("w27y-key-not-compared", "with no key list a label is not compared with YAML's key: 'Make this a JSON object: first name: Ana' served first_name",
     f"{_JSON}/yaml_block.py", "    return not (_same_or_decimal_comma(st.value, value) or _same(written, value)) or must_be_key and key != label\n",
     "    return not (_same_or_decimal_comma(st.value, value) or _same(written, value))\n", _TESTS),
    ("w27y-no-key-claims", "a statement where YAML reads no key is kept: 'age: 30, not 31' served \"not\": 31",
     f"{_JSON}/yaml_block.py", "    if pair is None:\n        return True",
     "    if pair is None:\n        return False", _TESTS),
    ("w27y-yaml-error-claims", "a block YAML does not read (a tab, a stray indentation) is no check: served as an object",
     f"{_JSON}/yaml_block.py", "    if read is None:\n        return True\n", "    if read is None:\n        return False\n", _TESTS),
    ("w27y-parent-line-dropped", "a nested block is cut below its label line: every YAML-like nested block declined",
     f"{_JSON}/yaml_block.py", "        while first > 0 and lines[first][:1] in", "        while False and lines[first][:1] in", _TESTS),
    ("w27y-inline-unchecked", "an inline block ('Make this a JSON object: name: Ana, age: 30, not 31') is not checked",
     f"{_JSON}/yaml_block.py", "            inline[index] = min(start, inline.get(index, start))\n", "            pass\n", _TESTS),
    ("w27y-whole-mapping-unchecked", "with no key list the object is not compared with YAML's mapping",
     f"{_JSON}/yaml_block.py", "    return not inline and final is not None and not _same(final, _as_declared(document, pairs, statements, declared))",  # re-anchored (wip/jsonAC)
     "    return False", _TESTS),
    # w27y-any-colon-labelled retired 2026-12-06 (main): it survived the merged code's run; since wip/w27y's last commits
    # (an inline block is data after the request's colon only) no prompt found reaches the label comparison with another
    # label (tried: 'holding this list of strings: ...' inline and in blocks). FOLLOW-UP: find one, or delete the comparison
    ("w27y-sentences-unsplit", "an inline text is one flow mapping: 'Make JSON from: city: Porto; population: 231800' declined",
     f"{_JSON}/yaml_block.py", "    for mark in _SENTENCE_END.finditer(prompt, start, end):\n", "    for mark in ():\n", _TESTS),
    ("w27y-declared-type-ignored", "a declared type's word is compared as served only: 'ativo (booleano): não' declined",
     f"{_JSON}/reader.py", "    declared = {st.span: st.value for label, st, _unit in transformer.stated if label in typed}\n",
     "    declared = {}\n", _TESTS),
]
# fmt: on
