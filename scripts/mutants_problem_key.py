"""Mutation-check rows for issue 33's problem-key tier (core/problem_key_tier.py, the tasks' keys,
the stores' dictionaries): each breaks one promise. Kept beside ``mutants.py`` (past its 450 lines), which appends them to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PKG = "stepcache_integrations"
_TIER = "tests/unit/test_problem_key_tier.py"
_PAIRS = "tests/adversarial/test_problem_key_pairs.py"
_KEPT = "tests/unit/test_problem_key_kept_plans.py"
_LINEAR = f"{_PKG}/core/tasks/linear/task.py"
_ALGEBRA = f"{_PKG}/core/tasks/algebra.py"
_REACH = "tests/adversarial/test_problem_key_reach.py"
_JSON = f"{_PKG}/core/tasks/json/task.py"
_PROBLEM_LINE = '            ("forms", *forms), ("constants", *constants), ("asked", *c.asked_or_all), ("format", *_format_of(c))'
_SHAPE_LINE = ('            ("shapes", *c.shapes), ("variables", *c.variables), ("asked", *c.asked_or_all), '
               '("format", *_format_of(c))')

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("pk-repeat-stale-entry", "a repeated request is served from the map of served answers after the store deleted its entry",
     f"{_PKG}/core/problem_key_tier.py", "    if not _same_entry(current, served.entry):", "    if False:",
     (_TIER, "-k", "removed")),
    ("pk-shape-rewrite-unchecked", "a re-instantiation found by its shape key is served without its checks",
     f"{_PKG}/core/planner.py", "    if not proves(check) or PROOFS.answer_errors(handler, checked, constraints):",
     "    if False:", (_TIER, "-k", "rewrite_that_fails")),
    ("pk-keyed-expired-entry", "the in-memory store's key dictionary returns an expired entry",
     f"{_PKG}/stores/memory.py", "                if self.is_expired(item[0], now):", "                if False:",
     (_TIER, "-k", "expired")),
    # the keys' parts: each dropped part makes two problems share a key (their pairs: tests/adversarial)
    ("pk-linear-key-drops-asked", "the linear problem key leaves out the unknowns asked",
     _LINEAR, _PROBLEM_LINE, _PROBLEM_LINE.replace(' ("asked", *c.asked_or_all),', ""), (_PAIRS, "-k", "memory")),
    ("pk-linear-key-drops-format", "the linear problem key leaves out the format read",
     _LINEAR, _PROBLEM_LINE, _PROBLEM_LINE.replace(', ("format", *_format_of(c))', ""), (_PAIRS, "-k", "memory")),
    ("pk-linear-key-drops-constants", "the linear problem key leaves out the constants as written (one form, two derivations)",
     _LINEAR, _PROBLEM_LINE, _PROBLEM_LINE.replace(' ("constants", *constants),', ""), (_PAIRS, "-k", "memory")),
    ("pk-linear-shape-drops-asked", "the linear shape key leaves out the unknowns asked",
     _LINEAR, _SHAPE_LINE, _SHAPE_LINE.replace(' ("asked", *c.asked_or_all),', ""), (_PAIRS, "-k", "memory")),
    ("pk-linear-shape-drops-format", "the linear shape key leaves out the format read",
     _LINEAR, _SHAPE_LINE, _SHAPE_LINE.replace(', ("format", *_format_of(c))', ""), (_PAIRS, "-k", "memory")),
    ("pk-linear-key-drops-label", "the linear keys leave out the answer label the prompt asks for",
     _LINEAR, 'f"label {c.answer_label}", f"language {_key_language(c.language)}")',
     'f"language {_key_language(c.language)}")', (_TIER, "-k", "format_read")),
    ("pk-json-key-drops-values", "the JSON problem key leaves out the stated values",
     _JSON, "            stated = repr(freeze(dict(sorted(c.stated.items()))))", '            stated = ""',
     (_PAIRS, "-k", "memory")),
    ("pk-json-key-drops-types", "the JSON keys read a stated value without its type (34 and \"34\" one value)",
     _JSON, "            stated = repr(freeze(dict(sorted(c.stated.items()))))",
     "            stated = repr(sorted((k, str(v)) for k, v in c.stated.items()))", (_PAIRS, "-k", "memory")),
    ("pk-json-shape-drops-types", "the JSON shape key leaves out the stated values' types",
     _JSON, "        types = sorted((str(key), _type_shape(value)) for key, value in c.stated.items())",
     "        types = sorted(str(key) for key in c.stated)", (_PAIRS, "-k", "memory")),
    ("pk-json-key-drops-schema", "the JSON problem key leaves out the schema",
     _JSON, '        return "\\n".join((repr(c.required), stated, *_transforms_identity(c), _schema_identity(c.schema)))',
     '        return "\\n".join((repr(c.required), stated, *_transforms_identity(c)))', (_TIER, "-k", "json_and_arithmetic")),
    # never across namespaces or models
    ("pk-repeat-key-drops-partition", "a repeated request is replayed in another namespace or for another model",
     f"{_PKG}/core/problem_key_tier.py", "        return None if request_key is None else (request_key, namespace, llm_key)",
     "        return None if request_key is None else request_key", (_PAIRS, "-k", "namespace")),
    ("pk-partition-unchecked", "entries a store's dictionary returns are not checked for the namespace and model",
     f"{_PKG}/core/planner.py",
     "    return entry.task == plan.handler.name and entry.namespace == plan.namespace and entry.llm_key == plan.llm_key",
     "    return entry.task == plan.handler.name", (_TIER, "-k", "partition")),
    ("pk-memory-keyed-partition", "the in-memory store's dictionary is shared by every namespace and model",
     f"{_PKG}/stores/memory.py", "            ids = self._keyed.get((namespace, llm_key, key))",
     '            ids = next((v for (_n, _l, k), v in self._keyed.items() if k == key), None)',
     (_TIER, "-k", "namespace_and_model")),
    ("pk-repeat-ignores-policy", "a repeat is replayed under another reuse policy than it was planned under",
     f"{_PKG}/core/problem_key_tier.py", "        return found if found.policy is policy else None",
     "        return found", (_TIER, "-k", "new_policy")),
    # the kept plans of lookup (issue 34 item 6): handed out only while path 2 would reuse the same entry, unchanged
    ("pk-kept-plan-stale-entry", "lookup hands out a kept plan after the store replaced its entry's steps",
     f"{_PKG}/core/problem_key_tier.py", "            return entry.id == kept.id and _same_entry(entry, kept)",
     "            return entry.id == kept.id", (_KEPT, "-k", "replace")),
    ("pk-kept-plan-not-first", "lookup hands out a kept plan whose entry path 2 would not check first",
     f"{_PKG}/core/problem_key_tier.py",
     "        if entry.task == plan.handler.name and entry.namespace == plan.namespace and entry.llm_key == plan.llm_key:",
     "        if entry.id == kept.id:", (_KEPT, "-k", "newer")),
    ("pk-kept-plan-ignores-policy", "lookup hands out a plan kept under another reuse policy",
     f"{_PKG}/core/problem_key_tier.py", "        return None if found.policy is not policy else self._planned_flow(",
     "        return None if False else self._planned_flow(", (_KEPT, "-k", "partition_and_policy")),
    # the family key (path 4) and the rewrites it finds (issue 33 items 4 and 5)
    ("pk-family-drops-language", "the linear family key leaves out the request's language",
     _LINEAR, '("unknowns", str(len(c.variables))), ("language", _key_language(c.language)))', '("unknowns", str(len(c.variables))))',
     (_REACH, "-k", "family_key_leaves")),
    ("pk-family-drops-unknowns", "the linear family key leaves out how many unknowns the problem has",
     _LINEAR, '("unknowns", str(len(c.variables))), ("language", _key_language(c.language)))', '("language", _key_language(c.language)))',
     (_REACH, "-k", "family_key_leaves")),
    ("pk-family-path-dropped", "the tier never looks entries up by their family key",
     f"{_PKG}/core/problem_key_tier.py", ", (2, True, SHAPE_CANDIDATES))", ")",
     (_REACH, "-k", "problem_key_tier and memory")),
    ("pk-mirror-keeps-order", "a swapped equation's constants are read in the order written, not swapped with its sides",
     _ALGEBRA, '    return f"{sides[1]}={sides[0]}", (*params[left:], *params[:left])',
     '    return f"{sides[1]}={sides[0]}", params', (_REACH, "-k", "problem_key_tier and memory and swapped")),
    ("pk-minus-one-read-as-one", "an unwritten coefficient -1 ('-x') is read as 1",
     _ALGEBRA, "            one = Fraction(-1)", "            one = Fraction(1)",
     (_REACH, "-k", "problem_key_tier and memory and minus")),
]
# fmt: on
