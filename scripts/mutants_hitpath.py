"""Mutation-check rows for the hit path's faster readers (issue 33, hit-path speed): the exact
solver that replaced sympy's linsolve and the request grammar's kept trees; each breaks one promise.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks/"
_SOLVE = "tests/unit/test_linear_solve_exact.py"
_SHAPES = "tests/unit/test_request_shapes.py"
_CORE = "stepcache_integrations/core/"
_SHORTCUTS = "tests/unit/test_hit_path_shortcuts.py"
_TABLES = "tests/unit/test_parser_tables.py"
_DIGESTS = "tests/unit/test_proof_digests.py"
_ROUND4 = "tests/unit/test_hit_path_round4.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("solve-free-unknown-pinned", "an unknown a system leaves free gets a value (its reduced row's constant)",
     _TASKS + "algebra.py", "        if all(rows[index][other] == 0 for other in free)\n", "", (_SOLVE,)),
    ("solve-inconsistent-solved", "an inconsistent system (x + y = 3, 2x + 2y = 7) is read as solvable",
     _TASKS + "algebra.py", "        return None  # a row 0 = c with c != 0: inconsistent", "        pass", (_SOLVE,)),
    ("shape-kept-leaves-misplaced", "a kept tree's leaves are all the first word (a prompt read with another's words)",
     _TASKS + "request_language.py", "            children.append(position[id(child)])", "            children.append(0)",
     (_SHAPES, "-k", "own_words or linear_corpus")),
    ("parser-tables-digest-unchecked", "saved parser tables are loaded without checking they were built from this grammar",
     _TASKS + "parser_tables.py", '            if saved.readline().rstrip(b"\\n") != digest:\n                return None\n',
     "            saved.readline()\n", (_TABLES,)),
    ("parser-tables-grammar-undigested", "the saved tables' name and digest leave the grammar text out (an edit loads old tables)",
     _TASKS + "parser_tables.py", "        [grammar, lark.__version__,", "        [lark.__version__,", (_TABLES,)),
    ("parser-tables-folder-shared", "the folder of saved tables (pickles) is created readable and writable by others",
     _TASKS + "parser_tables.py", "folder.mkdir(mode=0o700,", "folder.mkdir(mode=0o777,", (_TABLES,)),
    ("lookup-keys-eager", "a problem-key hit computes its shape and family keys too (work the hit does not need)",
     _CORE + "problem_key_tier.py", "        key = plan_lookup_key(plan, which)\n", "        key = plan_lookup_keys(plan)[which]\n",
     (_SHORTCUTS,)),
    ("lookup-keyless-counted", "a request its task names no lookup key for is counted as a lookup of the tier",
     _CORE + "problem_key_tier.py", "            return False  # the task names no key for this request",
     "            pass  # the task names no key for this request", (_SHORTCUTS,)),
    ("presents-fallback-dropped", "a handler whose present is set to None on the object is not served through its class's present",
     _CORE + "planner.py", '    return getattr(handler, "present", None) is not None or isinstance(handler, Presents)\n',
     '    return getattr(handler, "present", None) is not None\n', (_SHORTCUTS,)),
    ("walk-discard-kept", "a callback's Discard is passed on to its rule when a kept tree is walked",
     _TASKS + "request_language.py", "        if res is not Discard:\n            args.append(res)\n",
     "        args.append(res)\n", (_SHORTCUTS,)),
    ("walk-default-list", "a rule with no callback gives its children's list, not Lark's default tree, on a kept tree",
     _TASKS + "request_language.py", "        return transformer.__default__(data, args, Meta())\n", "        return args\n",
     (_SHORTCUTS,)),
    ("walk-own-walk-ignored", "a transformer with its own walk (a Lark method overridden) is walked as Lark's",
     _TASKS + "request_language.py",
     "        and all(getattr(cls, name) is getattr(Transformer, name) for name in _LARK_WALK)\n", "", (_SHORTCUTS,)),
    ("walk-token-callback-skipped", "a token's callback is not called when a kept tree is walked (the token passes as it is)",
     _TASKS + "request_language.py",
     "            res = transformer.__default_token__(token) if f is _MISSING else f(token)\n",
     "            res = transformer.__default_token__(token)\n", (_SHORTCUTS, "tests/unit/test_request_shapes.py")),
    ("read-memo-by-texts", "a stored form is read as one read before with the same equation texts (its solution ignored)",
     _TASKS + "linear/chain.py", "                key: Any = freeze(data)\n", '                key: Any = freeze(data.get("equation_texts"))\n',
     (_SHORTCUTS,)),
    ("digest-steps-dropped", "a proof kept by digest is found for other steps (a tampered entry's steps meet the seeded proof)",
     _CORE + "planner.py", "            parts.extend(self._input_pickle(value) for value in inputs)\n",
     "            parts.extend(self._input_pickle(value) for value in inputs[1:])\n", (_DIGESTS,)),
    ("digest-cached-dropped", "a proof kept by digest is found for another cached problem (the entry's stored constraints left out)",
     _CORE + "planner.py", "            parts.extend(self._input_pickle(value) for value in inputs)\n",
     "            parts.extend(self._input_pickle(value) for value in inputs[:-1])\n", (_DIGESTS,)),
    ("digest-handler-shared", "two handlers of one task share the proofs kept by digest (the handler's token left out)",
     _CORE + "planner.py", "            parts = [_type_exact_pickle((check, self._token(handler)))]\n",
     "            parts = [_type_exact_pickle((check, 0))]\n", (_DIGESTS,)),
    ("digest-token-reused", "a handler made where a collected one was meets its proofs (the token is the handler's id)",
     _CORE + "planner.py", "            token, ident = next(self._counter), id(handler)\n",
     "            token, ident = id(handler), id(handler)\n", (_DIGESTS,)),
    ("digest-memo-shared", "the type-exact pickle shares equal objects (a memo): the seeded proof misses the stored form",
     _CORE + "planner.py", "    pickler.fast = True  # no memo", "    pickler.fast = False  # no memo", (_DIGESTS, _ROUND4)),
    ("digest-unbounded", "the proofs kept by digest grow without bound",
     _CORE + "planner.py", "            while len(self._items) > self.maxsize:\n", "            while False:\n", (_DIGESTS,)),
    ("digest-own-task-kept", "a task of its own (a subclass) has its proofs kept by digest too",
     _CORE + "planner.py", "        digest = self.digests.digest(key, handler) if kept and _builtin(handler) else None\n",
     "        digest = self.digests.digest(key, handler) if kept else None\n", (_DIGESTS,)),
    ("digest-result-shared-mutable", "a returned proof found by digest is the kept one (a caller's change reaches the memo)",
     _CORE + "planner.py", "        return _copy(found) if isinstance(found, Verification) else _verification(found)\n",
     "        return found if isinstance(found, Verification) else _verification(found)\n", (_DIGESTS, "tests/unit/test_proofs.py")),
    ("closest-first-unchecked", "the lazy order yields the newest entry first though another shares more of the new reading",
     _CORE + "problem_key_tier.py", "    if _shared(entries[0].constraints, new) == 2 * len(new):\n",
     "    if _shared(entries[0].constraints, new) >= len(new):\n", (_ROUND4,)),
    ("closest-first-twice", "the newest entry, yielded first, is yielded again among the others (checked twice)",
     _CORE + "problem_key_tier.py", "    rest = entries[start:]\n", "    rest = entries[0:]\n", (_ROUND4,)),
    ("closest-eager", "every entry of a problem is scored though the newest shares every field (the order's work not skipped)",
     _CORE + "problem_key_tier.py", "        yield entries[0]\n        start = 1\n", "        pass\n", (_ROUND4,)),
    ("rewrite-verify-digested", "a rewrite's verify (against the entry it was rewritten from) is looked up and kept by digest",
     _CORE + "planner.py", "    check = PROOFS.verify(handler, checked, constraints, cached, kept=False)  # see _try_reinstantiate\n",
     "    check = PROOFS.verify(handler, checked, constraints, cached)  # see _try_reinstantiate\n", (_ROUND4,)),
    ("rewrite-level-digested", "a rewrite's served level is looked up and kept by digest",
     _CORE + "engine.py", "                        kept=plan.outcome != \"reinstantiate\")", "                        kept=True)",
     (_ROUND4,)),
    ("digest-kept-ignored", "a check asked not to be kept by digest is digested all the same",
     _CORE + "planner.py", "        digest = self.digests.digest(key, handler) if kept and _builtin(handler) else None\n",
     "        digest = self.digests.digest(key, handler) if _builtin(handler) else None\n", (_ROUND4,)),
    ("digest-inputs-by-equality", "an input's pickle is found by equality (True for 1): two keys of other types share a digest",
     _CORE + "planner.py", "        ident = id(value)\n        with self._lock:\n            found = self._inputs.get(ident)\n"
     "            if found is not None and found[0] is value:\n",
     "        ident = value\n        with self._lock:\n            found = self._inputs.get(ident)\n"
     "            if found is not None:\n", (_ROUND4,)),
    ("digest-inputs-unbounded", "the kept input pickles grow without bound",
     _CORE + "planner.py", "            while len(self._inputs) > _PICKLED_INPUTS:\n", "            while False:\n", (_ROUND4,)),
    ("digest-inputs-outlive-clear", "clearing the digests keeps the input pickles",
     _CORE + "planner.py", "            self._inputs.clear()\n", "            pass\n", (_ROUND4,)),
]
# fmt: on
