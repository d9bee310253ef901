"""The mutation check's table: each promised behaviour, the exact text that keeps it, the text
that breaks it, and the tests that must notice (run by ``scripts/mutation_check.py``)."""

from __future__ import annotations

from dataclasses import dataclass

PKG = "stepcache_integrations"
ENGINE = f"{PKG}/core/engine.py"
POLICY = f"{PKG}/core/planner.py"
PLANNER = f"{PKG}/core/planner.py"
PIPELINE = f"{PKG}/core/engine.py"
TEXT_TASK = f"{PKG}/core/tasks/text/task.py"
GUARD = f"{PKG}/core/engine.py"
BREAKER = f"{PKG}/core/engine.py"
TASKS = f"{PKG}/core/tasks/__init__.py"
BASE = f"{PKG}/core/tasks/base.py"
LINEAR = f"{PKG}/core/tasks/linear/task.py"
JSON_TASK = f"{PKG}/core/tasks/json/task.py"
JSON_SCHEMA = f"{PKG}/core/tasks/json/schema.py"
ALGEBRA = f"{PKG}/core/tasks/algebra.py"
LINEAR_PROMPT = f"{PKG}/core/tasks/linear/prompt.py"
TYPES = f"{PKG}/core/types.py"
CLI = f"{PKG}/cli.py"
# the stepcache-bench tooling (tooling/): the demo and the command that registers it
TOOLING = "tooling"
BENCH_PKG = "stepcache_bench"
DEMO = f"{TOOLING}/{BENCH_PKG}/demo.py"
TOOLING_CLI = f"{TOOLING}/{BENCH_PKG}/cli.py"
PROMPT_DIFF = f"{PKG}/core/tasks/prompt_diff.py"
JSON_EVIDENCE = f"{PKG}/core/tasks/json/evidence.py"
LINEAR_STEPS = f"{PKG}/core/tasks/linear/chain.py"
LINEAR_REWRITE = f"{PKG}/core/tasks/linear/rewrite.py"
FINGERPRINT = f"{PKG}/core/tasks/fingerprint.py"
PROOFS = f"{PKG}/core/planner.py"
ARITH_TASK = f"{PKG}/core/tasks/arithmetic/task.py"
LINEAR_ANSWER = f"{PKG}/core/tasks/linear/chain.py"
JSON_REQUEST = f"{PKG}/core/tasks/json/request.py"
JSON_READER = f"{PKG}/core/tasks/json/reader.py"
JSON_GRAMMAR = f"{PKG}/core/tasks/json/request.lark"
JSON_CONSTRAINTS = f"{PKG}/core/tasks/json/constraints.py"
JSON_LITERAL = f"{PKG}/core/tasks/json/literal.py"
JSON_MERGE = f"{PKG}/core/tasks/json/merge.py"
ARITH_GRAMMAR = f"{PKG}/core/tasks/arithmetic/grammar.py"
TEXT_CLAIMS = f"{PKG}/core/tasks/text/claims.py"
FAISS_INDEX = f"{PKG}/stores/vector_index.py"
MEMORY_STORE = f"{PKG}/stores/memory.py"
UNNAMED = "tests/adversarial/test_unnamed_classes.py"
FORMATTING = "tests/adversarial/test_formatting_rule.py"
TEXT_PAIRS = "tests/adversarial/test_text_pairs.py"
ARITH_PAIRS = "tests/adversarial/test_arithmetic_pairs.py"
ARITH_FALSE = "tests/adversarial/test_arith_false_equations.py"
TEXT_FALSE = "tests/adversarial/test_text_false_equations.py"
ANSWER_LINES = "tests/adversarial/test_answer_lines.py"
JSON_FIDELITY = "tests/adversarial/test_json_fidelity.py"
MEMO_PAIRS = "tests/adversarial/test_memo_pairs.py"

U = "tests/unit/"
PROMISES = U + "test_promises.py"
PROOF_TESTS = U + "test_proofs.py"
ENGINE_TESTS = U + "test_engine.py"
TASK_TESTS = U + "test_tasks.py"
HOSTILE = U + "test_hostile_input.py"
BREAKER_TESTS = U + "test_store_breaker.py"
LEVELS = U + "test_verification_levels.py"
RULES = U + "test_task_rules.py"
BOUNDS = U + "test_linear_bounds.py"
ARITH_TESTS = U + "test_arithmetic_task.py"
ARITH_UNREAD = U + "test_arith_unread_claims.py"
TEXT_CLAIMS_TESTS = U + "test_text_claims.py"
LINEAR_ANSWER_TESTS = U + "test_linear_answer_lines.py"
JSON_FIDELITY_UNIT = U + "test_json_fidelity.py"
JSON_BINDING = U + "test_json_binding.py"
JSON_TYPED_RULES = U + "test_json_typed_rules.py"
JSON_ENTITIES_TYPES = "tests/adversarial/test_json_entities_and_types.py"
STORE_CONTRACT = U + "test_store_contract.py"
ISOLATION = "tests/reliability/test_isolation.py"
DEMO_TESTS = "tests/tooling/unit/test_demo.py"
TOOLING_COMMANDS = "tests/tooling/unit/test_commands.py"

# the adapters (LangChain, LlamaIndex) and their tests
ADAPTER_RECORD = f"{PKG}/adapters/flow.py"
ADAPTER_OPTIONS = f"{PKG}/adapters/flow.py"
LC_REQUESTS = f"{PKG}/langchain/_requests.py"
LC_RUNNABLE = f"{PKG}/langchain/runnable.py"
LC_CACHE = f"{PKG}/langchain/cache.py"
LI_KEY = f"{PKG}/llama_index/_llm_key.py"
LI_REQUESTS = f"{PKG}/llama_index/_requests.py"
LC_NO_CLAIM = "tests/unit/test_langchain_no_claim.py"
LI_NO_CLAIM = "tests/unit/test_llama_index_no_claim.py"
REQUEST_KEY = "tests/unit/test_request_key.py"

# A remote-$ref registry that really fetches (what "never fetched" must catch).
_FETCHING_REGISTRY = (
    "    import json as _j, urllib.request as _u\n"
    "    from referencing import Resource as _R\n"
    "    return Registry(retrieve=lambda uri: _R.from_contents(_j.loads(_u.urlopen(uri, timeout=2).read())))\n"
)


@dataclass(frozen=True)
class Mutant:
    id: str
    behaviour: str
    file: str
    old: str
    new: str
    tests: tuple[str, ...]  # pytest arguments: files / node ids, optionally "-k", "expr"


# fmt: off
MUTANTS: list[Mutant] = [
    # -- max_regen_share skip rule (README "Outcomes": skip_reuse)
    Mutant("regen-share-ignored", "max_regen_share: the parameter is ignored (fixed 0.5)",
           POLICY, "share <= self.max_regen_share", "share <= 0.5", (PROMISES, "-k", "regen_share")),
    Mutant("regen-share-boundary", "max_regen_share: 'more than' becomes 'at least'",
           POLICY, "share <= self.max_regen_share", "share < self.max_regen_share", (PROMISES, "-k", "regen_share")),
    Mutant("regen-share-never-skips", "max_regen_share: the share never triggers skip_reuse",
           POLICY, "share <= self.max_regen_share", "share <= 1.0", (PROMISES, "-k", "regen_share")),
    Mutant("first-step-rule-dropped", "skip_reuse when the first step fails",
           POLICY, "and not handler.blocks_reuse(verification)", "and True", (PROMISES, "-k", "regen_share")),
    # -- the store breaker's pauses: 5 s doubling, capped at 60 s (README guarantee 3)
    Mutant("breaker-no-cap", "breaker: the pause is not capped at 60 s",
           BREAKER, ", self.max_pause)", ", 1e9)", (PROMISES, "-k", "store_pause or retry_after")),
    Mutant("breaker-cap-120", "breaker: the engine caps pauses at 120 s instead of 60 s",
           GUARD, "max(60.0, retry_after)", "max(120.0, retry_after)",
           (PROMISES, "-k", "store_pause or retry_after")),
    Mutant("breaker-cap-clips-retry", "breaker: store_retry_after above 60 s is refused",
           GUARD, "max(60.0, retry_after)", "60.0", (PROMISES, "-k", "store_pause or retry_after")),
    Mutant("breaker-no-doubling", "breaker: the pause does not double",
           BREAKER, "2 ** (", "1 ** (", (PROMISES, "-k", "store_pause")),
    # -- TaskRegistry.register(first=True) (README "Architecture": tasks are a registry)
    Mutant("register-first-ignored", "register(first=True) appends instead of prepending",
           TASKS, "if first else", "if False else", (PROMISES, "-k", "register")),
    Mutant("register-text-not-last", "register: the text catch-all is not kept last",
           TASKS, "key=lambda kv: kv[1].catch_all)", "key=lambda kv: False)", (PROMISES, "-k", "register")),
    Mutant("register-no-replace", "register: a handler of the same name is not replaced",
           TASKS, "if k != handler.name]", "if True]", (PROMISES, "-k", "register")),
    # -- the deterministic fallback is re-checked before it is served as verified
    Mutant("fallback-unchecked", "a fallback that fails check_answer is served as verified",
           PIPELINE, "if not self.handler.check_answer(steps, self.plan.constraints):", "if True:",
           (PROMISES, "-k", "fallback")),
    # -- StepCacheResult.provenance_counts()
    Mutant("provenance-counts-cap", "provenance_counts counts each provenance at most once",
           TYPES, "counts.get(step.provenance, 0) + 1", "1", (PROMISES, "-k", "provenance")),
    # -- `stepcache demo` (the stepcache-bench tooling's command, found through its entry point)
    Mutant("demo-not-registered", "the demo subcommand is missing from the stepcache-bench command",
           TOOLING_CLI, '"stepcache_bench.demo",', "", (TOOLING_COMMANDS,)),
    Mutant("tooling-commands-not-found", "stepcache does not find the tooling's commands (stepcache.commands entry points)",
           CLI, "entry_points(group=COMMANDS_ENTRY_POINT_GROUP)", 'entry_points(group="stepcache.none")',
           (DEMO_TESTS, "-k", "demo_command")),
    Mutant("demo-exit-code", "stepcache demo exits non-zero although every answer is verified",
           DEMO, "return 0 if all(", "return 1 if all(", (DEMO_TESTS, "-k", "demo_command")),
    Mutant("demo-outcome-column", "stepcache demo prints a wrong outcome",
           DEMO, "{result.outcome:<13}", "{'miss':<13}", (DEMO_TESTS, "-k", "demo_command")),
    Mutant("demo-drops-requests", "stepcache demo runs only some of its requests",
           DEMO, "enumerate(DEMO_REQUESTS, 1)", "enumerate(DEMO_REQUESTS[:5], 1)",
           (DEMO_TESTS, "-k", "demo_command")),
    # -- soundness (README guarantees 1 and 4)
    Mutant("verification-always-passes", "a verifier accepts every step (Verification.passed)",
           BASE, "return all(unit.ok for unit in self.units)", "return True", (ENGINE_TESTS, TASK_TESTS)),
    Mutant("linear-accepts-every-step", "the linear-equation verifier accepts every step",
           LINEAR, 'UnitCheck(f"step {i + 1}", v.ok, v.reason', 'UnitCheck(f"step {i + 1}", True, v.reason',
           (ENGINE_TESTS, TASK_TESTS)),
    Mutant("strict-ignored", "strict=True returns unverified answers instead of raising",
           ENGINE, "if self.strict and not result.checks_passed:", "if False:", (ENGINE_TESTS, "-k", "strict")),
    Mutant("store-unverified", "unverified answers are stored as trusted entries",
           PIPELINE, "    if result.checks_passed:\n", "    if True:\n", (ENGINE_TESTS, "-k", "unverified")),
    # -- `verified` means proven; the level is carried and kept (issue 20)
    Mutant("fresh-text-proven", "a fresh free-text answer no checker judged is returned as verified",
           TEXT_TASK, "        if cached_constraints is None:\n            return own\n",
           '        if cached_constraints is None:\n            return "proven"\n',
           (LEVELS, U + "test_engine_parts.py", U + "test_hostile_input.py")),
    Mutant("stored-level-ignored", "a JSON value kept because the request is unchanged is served as proven",
           JSON_TASK, "                levels.append(stored)\n", '                levels.append("proven")\n',
           (LEVELS, U + "test_langchain_structured.py")),
    Mutant("level-not-stored", "an entry is stored without its level (served again as unchecked)",
           PIPELINE, '                "verification": level,\n', "",
           (LEVELS, U + "test_langchain_engine_metadata.py")),
    Mutant("caller-sets-the-level", "store_answer keeps a level the caller's metadata claims",
           PIPELINE, '{**(metadata or {}), "verification": level}', '{"verification": level, **(metadata or {})}',
           (LEVELS, U + "test_langchain_engine_metadata.py")),
    Mutant("strict-raises-on-unchecked", "strict=True raises for an unchecked answer that failed nothing",
           ENGINE, "if self.strict and not result.checks_passed:", "if self.strict and not result.verified:",
           (LEVELS, "-k", "strict", "tests/reliability/test_model_faults.py", "-k", "strict_mode")),
    Mutant("only-proven-stored", "only proven answers are stored (free text is no longer cached)",
           PIPELINE, "    if result.checks_passed:\n", "    if result.verified:\n",
           (LEVELS, U + "test_hostile_input.py")),
    Mutant("store-answer-unverified", "store_answer stores an answer that fails its check",
           PIPELINE, "    errors = list(rejected) + errors\n", "    errors = list(rejected)\n",
           (ENGINE_TESTS, "-k", "store_answer")),
    Mutant("reuse-unchecked", "cached steps are reused without the final check of the whole answer",
           PLANNER, "if proves(verification) and not PROOFS.answer_errors(handler, checked, constraints if carried is None else cached):",
           "if proves(verification):", (PROMISES, "-k", "final_check", ENGINE_TESTS)),
    Mutant("reinstantiation-unchecked", "a re-instantiated answer is served without its final check",
           PLANNER, "if proves(check) and not PROOFS.answer_errors(handler, checked, constraints):",
           "if proves(check):", (PROMISES, "-k", "final_check", ENGINE_TESTS)),
    Mutant("remote-ref-fetched", "a remote $ref in a caller's JSON Schema is fetched",
           JSON_SCHEMA, "    return Registry()\n", _FETCHING_REGISTRY,
           (HOSTILE, "-k", "fetched", TASK_TESTS, "-k", "fetched or remote")),
    # -- notation the linear task does not model goes to the model (issue 11)
    Mutant("factorial-claimed", "'6!' is read as 6 followed by an exclamation mark (the mark dropped as punctuation)",
           LINEAR_PROMPT, "    if not _rule_plain_notation(powered):\n",
           '    powered = powered.replace("!", " ")\n    if not _rule_plain_notation(powered):\n',
           ("tests/adversarial/test_math_pairs.py", "-k", "notation")),
    # -- sound by construction (issue 19): the safe set, closed grammars, one answer
    # the safe set is empty (round 3): identical prompts only, tasks read the prompt as given
    # memoised checks (the hit path): a memo hit is the proof for exactly these inputs
    Mutant("proof-key-ignores-the-cached-problem", "a proof of the steps as a fresh answer is served for an entry of another problem",
           PROOFS, "_steps_key(steps), _frozen(constraints), _frozen(cached))", "_steps_key(steps), _frozen(constraints))",
           (PROOF_TESTS, MEMO_PAIRS)),
    Mutant("crowded-search-not-widened", "an identical repeat is missed when more than top_k prompts share its vector",
           PIPELINE, "    if look_wider(choice, hits, policy.top_k):", "    if False:",
           (FORMATTING, "tests/unit/test_store_engine.py")),
    Mutant("same-prompt-folds-outer-whitespace", "two prompts differing in outer whitespace are the same request (indentation, characters to count)",
           FINGERPRINT, "    if old.prompt is None or new.prompt is None or old.prompt != new.prompt:",
           "    if old.prompt is None or new.prompt is None or old.prompt.strip() != new.prompt.strip():",
           (FORMATTING, TEXT_PAIRS, RULES)),
    Mutant("same-prompt-folds-case", "two prompts differing in letter case are the same request (Turkey/turkey)",
           FINGERPRINT, "    if old.prompt is None or new.prompt is None or old.prompt != new.prompt:",
           "    if old.prompt is None or new.prompt is None or old.prompt.casefold() != new.prompt.casefold():",
           (FORMATTING, UNNAMED, RULES)),
    Mutant("tasks-read-a-folded-prompt", "tasks read the prompt with its outer whitespace and line endings folded",
           PLANNER, "    handler, constraints, request_key = PLANS.select_keyed(tasks, prompt, task, schema)",
           '    handler, constraints, request_key = PLANS.select_keyed(tasks, prompt.strip().replace("\\r\\n", "\\n"), task, schema)',
           (FORMATTING, TEXT_PAIRS, LEVELS)),
    Mutant("json-statement-under-a-rule", "a statement is evidence in a prompt beyond plain framing ('Round the price')",
           JSON_EVIDENCE, "if not ctx.new_plain or key not in ctx.new_stated:", "if key not in ctx.new_stated:",
           (TASK_TESTS, UNNAMED)),
    Mutant("json-unstated-value-on-changed-prompt", "an unstated cached value is served for a changed prompt",
           JSON_EVIDENCE, "if ctx.same_request and not reinst:", "if not reinst:", (TASK_TESTS, UNNAMED)),
    Mutant('linear-open-alphabet', 'the linear grammar reads past characters outside its alphabet (x², другой язык)',
           f"{PKG}/core/tasks/linear/reader.py", '    if found is None:\n        return None\n    kind, end = found', '    if found is None:\n        return None, pos + 1\n    kind, end = found', (UNNAMED, TASK_TESTS, "-k", "unnamed or phrase or misread")),
    Mutant("answer-after-answer-accepted", "a text that restarts after its answer line is accepted",
           LINEAR_STEPS, "errors: list[str] = _answer_line_errors(steps)", "errors: list[str] = []",
           (TASK_TESTS, UNNAMED)),
    Mutant("unread-operation-accepted", "an operation in words ('Add three to both sides') is not failed",
           LINEAR_STEPS, "    if unread is not None:\n", "    if False:\n", (TASK_TESTS, UNNAMED)),
    # -- issue 22: each task's rules as named functions, each broken on its own
    Mutant("decimal-fraction-accepted", "a step writing a fraction with decimals ('7.5/1.5') is checked as canonical",
           LINEAR_STEPS, "    if _DECIMAL_FRACTION.search(body):\n", "    if False:\n", (RULES, TASK_TESTS)),
    Mutant("false-equation-accepted", "a step's equation that does not hold at the solution is not failed",
           LINEAR_STEPS, "        if reason:\n            verdict.fail(reason)\n            return\n",
           "        if False:\n            return\n", (RULES, TASK_TESTS)),
    Mutant("long-operation-number-skipped", "an operation with a number too long to check is skipped, not failed",
           LINEAR_STEPS, '            verdict.fail("a number too long to check")\n            break\n',
           "            continue\n", (RULES, TASK_TESTS)),
    Mutant("stale-variable-accepted", "prose naming an unknown of the cached problem is served for the new one",
           LINEAR_STEPS, "    if stale_var is not None:\n", "    if False:\n", (RULES, TASK_TESTS)),
    Mutant("proof-by-failing-step", "an operation proven only by a failing later step passes",
           LINEAR_STEPS, "    if verdict.ok and verdict.depends_on is not None and not verdicts[verdict.depends_on].ok:\n",
           "    if False:\n", (RULES, TASK_TESTS)),
    Mutant('second-solving-verb-ignored', "'solve ... for x, and then solve 2y = x' is claimed",
           f"{PKG}/core/tasks/linear/reader.py", '        if len(self.solves) > 1 and any(self.solves):', '        if False:', (RULES, "tests/adversarial/test_math_pairs.py")),
    Mutant("rewrite-across-shapes", "re-instantiation rewrites a derivation for an equation of another form",
           LINEAR_REWRITE, "    return len(cached.params) == len(new.params) and cached.shapes == new.shapes",
           "    return len(cached.params) == len(new.params)", (RULES, TASK_TESTS)),
    Mutant("rewrite-unproven", "re-instantiation keeps the first rewrite of a step, proven or not",
           LINEAR_REWRITE, "    if not check_steps([*done, candidate], ctx, provisional_tail=True)[-1].ok:\n        return False\n",
           "", (RULES, TASK_TESTS, ENGINE_TESTS)),
    Mutant("json-empty-value-accepted", "a requested JSON key holding null or an empty string passes",
           JSON_TASK, '    if (obj[key] is None or obj[key] == "") and not (key in c.stated and c.stated[key] is None):\n'
           '        return "empty"  # null only where the request states null (wip/jsonR6: a record\'s None)\n', "", (RULES, TASK_TESTS)),
    Mutant("json-schema-prose-missed", "a schema keyword outside the structural grammar (a description) is no prose",
           JSON_SCHEMA, "value.values())\n    return True\n", "value.values())\n    return False\n", (RULES, TASK_TESTS)),
    Mutant("json-rule-across-types", "a cached answer's rule for a number is applied to a statement of a string",
           JSON_EVIDENCE, "    if _json_kind(new) != _json_kind(old):\n        return False\n", "", (RULES, TASK_TESTS, UNNAMED)),
    Mutant("cut-prompt-by-prefix", "two prompts cut at the stored limit are the same when their prefixes are",
           FINGERPRINT, "        return old.digest is not None and old.digest == new.digest",
           "        return old.prompt == new.prompt", (RULES, TEXT_PAIRS)),
    # round 5: a number in another base, a power before an implied product, 0^0
    Mutant("linear-other-base-read", "'0x10' is read as 0 * x10 (a number in another base)",
           ALGEBRA, '        if kind == "num" and value == "0" and text[match.end() : match.end() + 1].isalpha():',
           "        if False:", (U + "test_linear_alphabet.py", "tests/adversarial/test_linear_ambiguity.py")),
    Mutant("linear-power-before-product-read", "'2^3x' is read one way (2^3 * x), though 2^(3x) is the other reading",
           ALGEBRA, '            if self.peek() is not None and (self.peek()[0] in ("num", "ident") or self.peek() in (("op", "("), ("op", "/"))):  # type: ignore[index]',
           "            if False:", (U + "test_linear_alphabet.py", "tests/adversarial/test_linear_ambiguity.py")),
    Mutant("huge-value-computed", "the parser computes values past the bound (str() of them raises ValueError)",
           ALGEBRA, '    if not is_small(form.const) or not all(is_small(v) for _, v in form.coeffs):\n        raise NotLinear("a value too large to check")\n',
           "", (BOUNDS, RULES)),
    Mutant("huge-solution-kept", "a solution past the bound is kept (the prompt is claimed)",
           f"{PKG}/core/tasks/algebra.py", " and is_small(pinned[i])", "", (RULES,)),
    # -- the arithmetic task (README "What `verified` means", row arithmetic)
    Mutant("arith-last-line-not-literal", "an arithmetic last line that never writes the value ('= 12 * 12') passes",
           ARITH_TASK, "    if not final.states_final_literally:", "    if False:", (ARITH_TESTS, ARITH_PAIRS)),
    Mutant("arith-other-expression-reused", "a cached arithmetic answer is served for another expression of the same value",
           ARITH_TASK, "    if not _same_expression(cached, new) and not _opens_with(steps, new) and not _value_alone(steps, new):\n",
           "    if False:\n", (ARITH_TESTS, ARITH_PAIRS)),
    Mutant("arith-division-chain-claimed", "'6 / 2 * 3' (read two ways) is claimed and computed",
           ARITH_GRAMMAR, "    if _ambiguous_division(tree.body, text):\n", "    if False:\n", (ARITH_TESTS, ARITH_PAIRS)),
    Mutant("arith-prose-for-another-prompt", "a cached arithmetic answer's prose is served for another prompt",
           ARITH_TASK, "    return cached is None or same_prompt(cached.prompt, constraints.prompt)", "    return True",
           (ARITH_TESTS, ARITH_UNREAD, ARITH_FALSE)),
    # -- every '=' and number of an arithmetic answer is read (red team round 3, R2)
    Mutant("arith-unread-claim-passes", "a line the checker cannot read ('1. 3 * 4 = 13', '**20**', '= 20') passes as prose",
           ARITH_TASK, "        or _prose_states_nothing(lines)\n", "", (ARITH_UNREAD, ARITH_FALSE)),
    Mutant("arith-bullet-read-as-sign", "a '- ' bullet is read as a sign ('- 3 * 4 = -12' holds, '3 * 4 = -12' does not)",
           ARITH_GRAMMAR, '    if text[:1] == "-" and text[1:2].isspace():\n', "    if False:\n", (ARITH_UNREAD, ARITH_FALSE)),
    Mutant("arith-prose-digits-only", "prose is checked for numerals only: '=', '*' and markup in a words-only line pass",
           ARITH_GRAMMAR,
           '    return char.isalpha() or char.isspace() or char in _PROSE_PUNCTUATION or unicodedata.category(char) == "Mn"',
           "    return True", (ARITH_UNREAD, ARITH_FALSE)),
    Mutant("arith-level-ignores-unread", "verification_level calls an answer with an unread claim 'checked'",
           ARITH_TASK, '        if not all(plain_prose(line) for line in unread):\n', "        if False:\n",
           (ARITH_UNREAD, ARITH_FALSE)),
    # -- linear answer lines (from the blind red team: 'Answer: 3x' was read as x = 3)
    Mutant("answer-prefix-read", "an answer line is read by its start ('Answer: x = 2 = 3 - 1' as x = 2)",
           LINEAR_ANSWER, "    elif _PAIRS.fullmatch(text):", "    elif _PAIRS.match(text):", (LINEAR_ANSWER_TESTS, ANSWER_LINES)),
    Mutant("statement-prefix-read", "without an answer line, the last 'x = ...' is read by its leading number",
           LINEAR_ANSWER,
           r'    rf"\s*(?P<n>{CANONICAL_LITERAL})(?=\s*$|\s*[,;)]|\.(?:\s|$)|\s+(?:and|so|then|which)\b)", re.MULTILINE',
           r'    rf"\s*(?P<n>{CANONICAL_LITERAL})", re.MULTILINE', (LINEAR_ANSWER_TESTS, ANSWER_LINES)),
    # -- the linear task's closed ASCII alphabet and division read two ways (blind red team R6, R8, R9)
    Mutant("linear-foreign-digit-fused", "a digit of another script is read as a digit ('1\u0660' as 10)",
           ALGEBRA, r"(?P<num>[0-9]+(?:\.[0-9]+)?)", r"(?P<num>\d+(?:\.\d+)?)",
           (U + "test_linear_alphabet.py", "tests/adversarial/test_linear_ambiguity.py")),
    Mutant("linear-foreign-step-read", "a step with a digit of another script or '\u00d7' is checked as if it were ASCII",
           LINEAR_STEPS, "    reason = _rule_closed_alphabet(step.text) or _rule_checkable(body, ctx)\n",
           "    reason = _rule_checkable(body, ctx)\n", (U + "test_linear_alphabet.py", RULES)),
    Mutant("linear-foreign-final-unchecked", "the final check passes a text with a digit of another script outside its answer line",
           LINEAR_STEPS, "    errors += [reason for step in steps if (reason := _rule_closed_alphabet(step.text))]\n", "",
           (U + "test_linear_alphabet.py", RULES)),
    Mutant("linear-division-two-ways", "'4 / 2x', 'x / 2 * 2', 'x/2(3)' are read one way (claimed and proven)",
           ALGEBRA, '            if divided and (tok[0] != "op" or tok[1] in "*/("):', "            if False:",
           (U + "test_linear_alphabet.py", "tests/adversarial/test_linear_ambiguity.py", RULES)),
    # -- JSON fidelity (README "What `verified` means", row json; from the blind red team)
    Mutant("json-key-list-partial", "part of a key list the grammar does not read whole is read ('name (string), age')",
           JSON_REQUEST, "    closed = _LIST_END.match(head, match.end()) is not None or (", "    closed = True or (",
           (JSON_FIDELITY_UNIT, RULES)),
    Mutant("json-fresh-reserialised", "a fresh JSON answer is re-serialised (1E2 -> 100.0, escapes lost, 1e400 -> Infinity)",
           JSON_TASK, '        return [Step(text=answer[start:end].strip(), kind="json", meta={"object": obj})]',
           '        return [Step(text=dumps(obj), kind="json", meta={"object": obj})]', (JSON_FIDELITY_UNIT, JSON_FIDELITY)),
    Mutant("json-schema-hides-prompt-keys", "with a schema, the keys the prompt's list asks for are not required",
           JSON_CONSTRAINTS, "        for key in required_keys_from_prompt(prompt):",
           "        for key in (required_keys_from_prompt(prompt) if schema is None else []):",
           (JSON_FIDELITY_UNIT, JSON_FIDELITY)),
    Mutant("json-dup-top-level-only", "a key written twice inside a nested object passes",
           JSON_LITERAL, "json.loads(raw_value, object_pairs_hook=_no_repeat)", "json.loads(raw_value)",
           (JSON_FIDELITY_UNIT, JSON_FIDELITY)),
    Mutant("json-patch-conflict-kept-silently", "a patch reply contradicting a kept value is merged silently",
           JSON_MERGE, "            if not same_json(kept[key], value):", "            if False:",
           (JSON_FIDELITY_UNIT, JSON_FIDELITY)),
    Mutant("json-key-lists-first-only", "of two key lists in a prompt, only the first is required",
           JSON_REQUEST, "        union += [k for k in keys if k not in union]", "        union = union or keys",
           (JSON_FIDELITY_UNIT, JSON_FIDELITY)),
    # -- a key phrase not read whole, a word beside a compared value (blind red team round 4, R1 R5 R4)
    Mutant("json-unread-key-phrase-checked", "a JSON answer to a prompt whose key phrase was not read whole is 'checked'",
           JSON_TASK, "        if not new.read_whole:\n", "        if False:\n",
           (U + "test_json_unread_keys.py", JSON_FIDELITY)),
    Mutant("json-prompt-not-read-whole-checked", "a JSON answer to a prompt outside the plain-request grammar ('Don't forget age.') is 'checked'",
           JSON_CONSTRAINTS, "            plain and reads_every_key_phrase(prompt),", "            reads_every_key_phrase(prompt),",
           (U + "test_json_unread_keys.py", U + "test_langchain_structured.py")),
    Mutant("text-words-beside-value-unread", "free text with a word outside the closed vocabulary ('not x = 4') is checked",
           TEXT_CLAIMS, "    return all(word in _STATES_NOTHING or (len(word) == 1 and word.isascii()) for word in words)",
           "    return True", (TEXT_CLAIMS_TESTS, "tests/adversarial/test_text_negation.py")),
    # -- JSON typed binding and the entity vocabulary (blind red team R3, R6)
    Mutant("json-entity-open-vocabulary", "any one word after 'for a' is a plain request's entity ('an antonym with word ...')",
           JSON_GRAMMAR, "entity: FOR ART ENTITY |", "entity: FOR ART (ENTITY | NAME) |",
           (JSON_BINDING, JSON_TYPED_RULES, JSON_ENTITIES_TYPES)),
    Mutant("json-stated-int-accepts-float", "a stated integer is matched by value, not type (30.0, true for 1)",
           JSON_TASK, "    return identical(actual, stated)", "    return actual == stated", (JSON_BINDING, JSON_TYPED_RULES)),
    Mutant("json-literal-bound-by-value", "the text check binds a stated integer by numeric value (30.0, 3e1 pass)",
           JSON_LITERAL, "        return bool(_INT_LITERAL.fullmatch(text)) and int(text) == stated",
           "        return Decimal(text) == stated", (JSON_BINDING, JSON_TYPED_RULES)),
    Mutant("json-bool-stated-as-int", "'flag true' is read as the integer 1",
           JSON_READER, '        return match.group("bool") == "true", False', '        return int(match.group("bool") == "true"), False',
           (JSON_BINDING, JSON_TYPED_RULES, JSON_ENTITIES_TYPES)),
    Mutant("json-big-int-not-stated", "an integer past 15 digits is no statement (the model's rounded id is served)",
           JSON_READER, "|0|[1-9]\\d{0,59}))", "|0|[1-9]\\d{0,14}))", (JSON_BINDING, JSON_TYPED_RULES, JSON_ENTITIES_TYPES)),
    Mutant("json-untyped-double-statement", "'flag true and flag 1' states one value (True == 1)",
           JSON_EVIDENCE, "if key in found and (not identical(found[key].value, value) or found[key].quoted != quoted):",
           "if key in found and (found[key].value != value or found[key].quoted != quoted):",
           (JSON_BINDING, JSON_TYPED_RULES)),
    Mutant("json-reinstantiated-retyped", "a cached answer that wrote 30 as 30.0 re-instantiates 31 as 31.0",
           JSON_EVIDENCE, "        return written if identical(written, new.value) else MISSING", "        return written",
           (JSON_BINDING, JSON_TYPED_RULES)),
    # -- stores: isolation and TTL on read (README "Guarantees")
    Mutant("search-ignores-model-key", "a vector search reads the namespace's first partition, whatever the model key",
           FAISS_INDEX, "            part = self._parts.get(key)\n            if part is None or fetch <= 0:",
           "            part = next((p for k2, p in self._parts.items() if k2[0] == key[0]), None)\n"
           "            if part is None or fetch <= 0:", (STORE_CONTRACT, ISOLATION)),
    Mutant("memory-ttl-not-on-read", "the memory store serves an expired entry from a search",
           MEMORY_STORE, "[0]\n                if self.is_expired(entry, now):\n", "[0]\n                if False:\n",
           (STORE_CONTRACT, U + "test_store_engine.py")),
    # -- adapters: no claim where the engine does not read the whole request (round 3, R1/R5/R7)
    Mutant("lc-extra-content-parts-read", "a LangChain message with a text part and another part (image, text-plain...) is claimed",
           LC_REQUESTS, "    if len(content) != 1:\n", "    if not content:\n",
           (LC_NO_CLAIM, REQUEST_KEY)),
    Mutant("lc-message-fields-ignored", "a LangChain message's name, tool calls or additional_kwargs are ignored (claimed)",
           LC_REQUESTS, "    if extra:\n        return f\"a {message.type} message with", "    if False:\n        return f\"a {message.type} message with",
           (LC_NO_CLAIM, REQUEST_KEY)),
    Mutant("option-stop-modelled", "a stop sequence is treated as harmless (the cache serves a fallback containing it)",
           ADAPTER_OPTIONS, '        "model", "model_name", "model_id",', '        "stop", "model", "model_name", "model_id",',
           (LC_NO_CLAIM, LI_NO_CLAIM, U + "test_langchain_runnable.py")),
    Mutant("option-length-limit-unread", "a max_tokens length limit is not read by the length rule (the step tier declines it)",
           ADAPTER_OPTIONS, '    squash(name) for name in ("max_tokens", "max_completion_tokens",',
           '    squash(name) for name in ("max_tokens_unread", "max_completion_tokens",', (LC_NO_CLAIM,)),
    Mutant("option-n-above-one-ignored", "n > 1 (several answers) is treated as harmless",
           ADAPTER_OPTIONS, "        return not (value is None or (isinstance(value, int) and not isinstance(value, bool) and value == 1))  # n = 0 too",
           "        return False", (LC_NO_CLAIM, LI_NO_CLAIM)),
    Mutant("lc-global-options-unchecked", "the LangChain global cache does not read llm_string for unmodelled options",
           f"{PKG}/langchain/_requests.py", "    found = options_reasons(options_string, json_task=json_task)",
           "    found: list[str] = []",
           (LC_NO_CLAIM, U + "test_langchain_cache.py")),
    Mutant("li-key-ignores-fields", "the LlamaIndex llm_key leaves out the inner model's fields (api_base, headers, custom fields)",
           LI_KEY, '"fields": key_fields(llm, 0, dropped) if isinstance(llm, BaseModel)', '"fields": {} if isinstance(llm, BaseModel)',
           (LI_NO_CLAIM, U + "test_llama_index_llm.py")),
    Mutant("li-call-options-unchecked", "LlamaIndex call kwargs (stop, n, logprobs...) are not read for unmodelled options",
           f"{PKG}/llama_index/_tiers.py", "    yield from option_reasons(kwargs)", "    yield from ()",
           (LI_NO_CLAIM, U + "test_llama_index_llm.py")),
    Mutant("option-allowlist-open", "an option outside the allowlist (extra_body instructions, an unknown key) is claimed",
           ADAPTER_OPTIONS, '        if strict:\n            yield f"{key} is set (not a known option', '        if False:\n            yield f"{key} is set (not a known option',
           (LC_NO_CLAIM, U + "test_adapter_allowlist.py")),
    Mutant("li-formatter-unchecked", "a LlamaIndex prompt template or system prompt on the inner model is claimed",
           f"{PKG}/llama_index/_tiers.py", "    formatter = formatter_reason(llm)", "    formatter = None",
           (LI_NO_CLAIM, U + "test_adapter_allowlist.py")),
    Mutant("lc-unforced-tools-claimed", "tools bound with tool_choice unset/auto/none: a text answer replaces the model's tool call",
           f"{PKG}/langchain/_requests.py", "            or (bool(spec.tools) and not spec.requires_tool_call))",
           "            or False)", (U + "test_langchain_identity_tools.py", REQUEST_KEY, U + "test_red_team_24_unforced_tools.py")),
    Mutant("lc-wrapper-key-ignores-identity", "the LangChain wrapper shares entries across API keys and endpoints",
           f"{PKG}/langchain/_requests.py", '                       "clients": model_identity(model), "llm_string": key_string},',
           '                       "clients": None, "llm_string": key_string},',
           (U + "test_langchain_identity_tools.py", REQUEST_KEY)),
    Mutant("lc-global-env-endpoint-claimed", "the global cache claims a request whose endpoint comes from OPENAI_BASE_URL",
           f"{PKG}/langchain/_requests.py", "    if env_endpoint_reason(model) is not None:  # the client went to OPENAI_BASE_URL: part of the identity",
           "    if False:",
           (U + "test_langchain_identity_tools.py", U + "test_langchain_cache.py")),
]
# fmt: on
# Retired (2026-12-03): lc-wrapper-options-unchecked: the wrapper's bound and call options are in the
# llm_string it reads (its params read strictly, or as fields of a model LangChain does not serialize),
# so dropping the second, direct read of them changes no tier; option-allowlist-open stands for it.
# Retired (2026-12-03): li-history-normalized: a LlamaIndex conversation is keyed by its rendered prompt,
# exactly as written, and by each turn's length (request_turns, issue 32 item 7.2), so folding line
# endings in the history digest alone changes no key; li-turns-unkeyed (mutants_issue32) stands for it.
# Retired (2026-12-01): mixed-number-as-product, run-glued-to-word, json-key-phrase-beside-list-ignored and
# json-list-closed-by-in-addition break a rule that a later, wider rule now also enforces (a product across a
# space, every '=' of a claimed prompt read, JSON 'checked' only for a plain request), so no single-line
# mutant can break their behaviour; the wider rules' mutants (linear-label-read-as-product,
# linear-dropped-equation-ignored, json-prompt-not-read-whole-checked) stand for them.
from mutants_model_fields import ROWS as _MODEL_FIELD_ROWS  # noqa: E402 - rows kept apart (this file is past 450 lines)
from mutants_red_team import ROWS as _RED_TEAM_ROWS  # noqa: E402
from mutants_issue32 import ROWS as _ISSUE32_ROWS  # noqa: E402
from mutants_repairs import ROWS as _REPAIR_ROWS  # noqa: E402
from mutants_tiers import ROWS as _TIER_ROWS  # noqa: E402
from mutants_grammar import ROWS as _GRAMMAR_ROWS  # noqa: E402
from mutants_json_grammar import ROWS as _JSON_GRAMMAR_ROWS  # noqa: E402
from mutants_problem_key import ROWS as _PROBLEM_KEY_ROWS  # noqa: E402
from mutants_targets import ROWS as _TARGET_ROWS  # noqa: E402
from mutants_jsonlang import ROWS as _JSONLANG_ROWS  # noqa: E402

MUTANTS += [Mutant(*row) for row in _MODEL_FIELD_ROWS + _RED_TEAM_ROWS + _ISSUE32_ROWS + _REPAIR_ROWS + _TIER_ROWS
            + _GRAMMAR_ROWS + _JSON_GRAMMAR_ROWS + _PROBLEM_KEY_ROWS + _TARGET_ROWS]
MUTANTS += [Mutant(*row) for row in _JSONLANG_ROWS]
from mutants_en2 import ROWS as _EN2_ROWS  # noqa: E402 - everyday English, round 2 (wip/en2)

MUTANTS += [Mutant(*row) for row in _EN2_ROWS]

from mutants_hitpath import ROWS as _HITPATH_ROWS  # noqa: E402

MUTANTS += [Mutant(*row) for row in _HITPATH_ROWS]

from mutants_langs2 import ROWS as _LANGS2_ROWS  # noqa: E402

MUTANTS += [Mutant(*row) for row in _LANGS2_ROWS]

from mutants_tpl import ROWS as _TPL_ROWS  # noqa: E402 - held-out templates and the fallback's language (wip/tpl)

MUTANTS += [Mutant(*row) for row in _TPL_ROWS]
from mutants_lin import ROWS as _LIN_ROWS  # noqa: E402 - asked expressions, bare number, yes/no checks (wip/lin)

MUTANTS += [Mutant(*row) for row in _LIN_ROWS]
from mutants_jsonA import ROWS as _JSONA_ROWS  # noqa: E402 - English statement syntaxes (wip/jsonA)

MUTANTS += [Mutant(*row) for row in _JSONA_ROWS]
from mutants_jsonB import ROWS as _JSONB_ROWS  # noqa: E402 - values from prose, transforms, extraction (wip/jsonB)

MUTANTS += [Mutant(*row) for row in _JSONB_ROWS]
from mutants_linR import ROWS as _LINR_ROWS  # noqa: E402 - linear reach (wip/linR)

MUTANTS += [Mutant(*row) for row in _LINR_ROWS]
from mutants_linE import ROWS as _LINE_ROWS  # noqa: E402 - linear everyday reach (wip/linE)

MUTANTS += [Mutant(*row) for row in _LINE_ROWS]
from mutants_linG import ROWS as _LING_ROWS  # noqa: E402 - linear everyday reach, round 3 (wip/linG)

MUTANTS += [Mutant(*row) for row in _LING_ROWS]
from mutants_linK import ROWS as _LINK_ROWS  # noqa: E402 - the engine's derivation where a rewrite cannot carry (wip/linK)

MUTANTS += [Mutant(*row) for row in _LINK_ROWS]

from mutants_jsonR import ROWS as _JSONR_ROWS  # noqa: E402 - JSON reach by class (wip/jsonR)

MUTANTS += [Mutant(*row) for row in _JSONR_ROWS]

from mutants_arith import ROWS as _ARITH_ROWS  # noqa: E402 - the arithmetic request grammar (wip/arith)

MUTANTS += [Mutant(*row) for row in _ARITH_ROWS]

from mutants_jsonR2 import ROWS as _JSONR2_ROWS  # noqa: E402 - a conversion said before the request (wip/jsonR2)

MUTANTS += [Mutant(*row) for row in _JSONR2_ROWS]

from mutants_linW import ROWS as _LINW_ROWS  # noqa: E402 - word problems by a declared grammar (wip/linW)

MUTANTS += [Mutant(*row) for row in _LINW_ROWS]

from mutants_jsonR3 import ROWS as _JSONR3_ROWS  # noqa: E402 - JSON reach round 3 (wip/jsonR3)

MUTANTS += [Mutant(*row) for row in _JSONR3_ROWS]

from mutants_linF import ROWS as _LINF_ROWS  # noqa: E402 - linear everyday reach, round 2 (wip/linF)

MUTANTS += [Mutant(*row) for row in _LINF_ROWS]

from mutants_linW2 import ROWS as _LINW2_ROWS  # noqa: E402 - a quantity asked in words (wip/linW2)

MUTANTS += [Mutant(*row) for row in _LINW2_ROWS]

from mutants_linN import ROWS as _LINN_ROWS  # noqa: E402 - number sentences in every table, round 3 (wip/linN)

MUTANTS += [Mutant(*row) for row in _LINN_ROWS]

from mutants_linH import ROWS as _LINH_ROWS  # noqa: E402 - linear everyday reach, round 4 (wip/linH)

MUTANTS += [Mutant(*row) for row in _LINH_ROWS]
from mutants_linI import ROWS as _LINI_ROWS  # noqa: E402 - linear reach, round I (wip/linI)

MUTANTS += [Mutant(*row) for row in _LINI_ROWS]

from mutants_linJ import ROWS as _LINJ_ROWS  # noqa: E402 - linear reach, round 5 (wip/linJ)

MUTANTS += [Mutant(*row) for row in _LINJ_ROWS]

from mutants_jsonR4 import ROWS as _JSONR4_ROWS  # noqa: E402 - JSON reach round 4 (wip/jsonR4)

MUTANTS += [Mutant(*row) for row in _JSONR4_ROWS]

from mutants_jsonT import ROWS as _JSONT_ROWS  # noqa: E402 - JSON transforms said first (wip/jsonT)

MUTANTS += [Mutant(*row) for row in _JSONT_ROWS]

from mutants_jsonR5 import ROWS as _JSONR5_ROWS  # noqa: E402 - JSON reach round 5 (wip/jsonR5)

MUTANTS += [Mutant(*row) for row in _JSONR5_ROWS]

from mutants_jsonR6 import ROWS as _JSONR6_ROWS  # noqa: E402 - JSON stated-values reach round 6 (wip/jsonR6)

MUTANTS += [Mutant(*row) for row in _JSONR6_ROWS]

from mutants_jsonU import ROWS as _JSONU_ROWS  # noqa: E402 - every declared unit, arithmetic yes/no (wip/jsonU)

MUTANTS += [Mutant(*row) for row in _JSONU_ROWS]

from mutants_arithA import ROWS as _ARITHA_ROWS  # noqa: E402 - arithmetic reach: number only, percent, units, operator words (wip/arithA)

MUTANTS += [Mutant(*row) for row in _ARITHA_ROWS]

from mutants_hit7 import ROWS as _HIT7_ROWS  # noqa: E402 - re-instantiation's first pass (wip/hit7)

MUTANTS += [Mutant(*row) for row in _HIT7_ROWS]

from mutants_hit8 import ROWS as _HIT8_ROWS  # noqa: E402 - a re-instantiation proven once (wip/hit8)

MUTANTS += [Mutant(*row) for row in _HIT8_ROWS]
from mutants_jsonP import ROWS as _JSONP_ROWS  # noqa: E402 - pasted tables and .env blocks (wip/jsonP)

MUTANTS += [Mutant(*row) for row in _JSONP_ROWS]
from mutants_jsonV import ROWS as _JSONV_ROWS  # noqa: E402 - JSON request reach (wip/jsonV)

MUTANTS += [Mutant(*row) for row in _JSONV_ROWS]

from mutants_w20 import ROWS as _W20_ROWS  # noqa: E402 - unit symbols read as their tables spell them (W20)

MUTANTS += [Mutant(*row) for row in _W20_ROWS]

from mutants_w21 import ROWS as _W21_ROWS  # noqa: E402 - a values-like key makes "the values" no claim (W21)

MUTANTS += [Mutant(*row) for row in _W21_ROWS]
from mutants_jsonT2 import ROWS as _JSONT2_ROWS  # noqa: E402 - rounding then "as JSON", euro kept, few-shot (wip/jsonT round 2)

MUTANTS += [Mutant(*row) for row in _JSONT2_ROWS]
from mutants_jsonK import ROWS as _JSONK_ROWS  # noqa: E402 - values in the keys' order bound by a typed proof (wip/jsonK)

MUTANTS += [Mutant(*row) for row in _JSONK_ROWS]
from mutants_cleanup import ROWS as _CLEANUP_ROWS  # noqa: E402 - every table match reads a Folded text (wip/cleanup)

MUTANTS += [Mutant(*row) for row in _CLEANUP_ROWS]
from mutants_overdecl import ROWS as _OVERDECL_ROWS  # noqa: E402 - over-declines of red teams 14-15 (wip/overdecl)

MUTANTS += [Mutant(*row) for row in _OVERDECL_ROWS]
from mutants_jsonX import ROWS as _JSONX_ROWS  # noqa: E402 - passages by labels and relation frames (wip/jsonX)

MUTANTS += [Mutant(*row) for row in _JSONX_ROWS]
from mutants_linL import ROWS as _LINL_ROWS  # noqa: E402 - homework labels and intros in more words (wip/linL)

MUTANTS += [Mutant(*row) for row in _LINL_ROWS]
from mutants_linM import ROWS as _LINM_ROWS  # noqa: E402 - homework labels with a problem's number (wip/linM)

MUTANTS += [Mutant(*row) for row in _LINM_ROWS]
from mutants_linN4 import ROWS as _LINN4_ROWS  # noqa: E402 - everyday wrappers around a written equation, round 4 (wip/linN)

MUTANTS += [Mutant(*row) for row in _LINN4_ROWS]
from mutants_jsonW import ROWS as _JSONW_ROWS  # noqa: E402 - JSON conversions whose keys are the units (wip/jsonW)

MUTANTS += [Mutant(*row) for row in _JSONW_ROWS]
from mutants_lead15 import ROWS as _LEAD15_ROWS  # noqa: E402 - the lead's changes of session 15 (subscripted unknowns in prose)

MUTANTS += [Mutant(*row) for row in _LEAD15_ROWS]
from mutants_lead16 import ROWS as _LEAD16_ROWS  # noqa: E402 - the lead's changes of session 16 (the place gazetteer saved as digests)

MUTANTS += [Mutant(*row) for row in _LEAD16_ROWS]
from mutants_w23 import ROWS as _W23_ROWS  # noqa: E402 - W23 (red team 18): numbers read two ways in expressions, passage items, modal copulas

MUTANTS += [Mutant(*row) for row in _W23_ROWS]
from mutants_w25 import ROWS as _W25_ROWS  # noqa: E402 - W25 (red team 19): template values naming no one, quoted CSV cells, formulas asked

MUTANTS += [Mutant(*row) for row in _W25_ROWS]
from mutants_w26 import ROWS as _W26_ROWS  # noqa: E402 - W26 (red team 20): literal words, markdown cells, list items, two-way tables

MUTANTS += [Mutant(*row) for row in _W26_ROWS]
from mutants_w22 import ROWS as _W22_ROWS  # noqa: E402 - W22 (red team 17): passage roles, digit groups, labels, pasted numbers as written

MUTANTS += [Mutant(*row) for row in _W22_ROWS]
from mutants_jsonY import ROWS as _JSONY_ROWS  # noqa: E402 - JSON requests users write: all-key notes, personas, said order (wip/jsonY)

MUTANTS += [Mutant(*row) for row in _JSONY_ROWS]
from mutants_jsonZ import ROWS as _JSONZ_ROWS  # noqa: E402 - JSON templates filled by a conversion or a sum, key/value lists (wip/jsonZ)

MUTANTS += [Mutant(*row) for row in _JSONZ_ROWS]

from mutants_linW_1205 import ROWS as _LINW_1205_ROWS  # noqa: E402 - price stories in every table (wip/linW, 2026-12-05)

MUTANTS += [Mutant(*row) for row in _LINW_1205_ROWS]

from mutants_linP import ROWS as _LINP_ROWS  # noqa: E402 - wrappers, labels and formats around a written equation, by family (wip/linP)

MUTANTS += [Mutant(*row) for row in _LINP_ROWS]
from mutants_linQ import ROWS as _LINQ_ROWS  # noqa: E402 - word problems by construction (wip/linQ, 2026-12-05)

MUTANTS += [Mutant(*row) for row in _LINQ_ROWS]
from mutants_jsonQ import ROWS as _JSONQ_ROWS  # noqa: E402 - JSON values after request phrases by construction, filled templates (wip/jsonQ)

MUTANTS += [Mutant(*row) for row in _JSONQ_ROWS]
from mutants_fuzzC import ROWS as _FUZZC_ROWS  # noqa: E402 - fuzzer findings fixed by wip/fuzzC (digit groups in word problems)

MUTANTS += [Mutant(*row) for row in _FUZZC_ROWS]
from mutants_cleanD import ROWS as _CLEAND_ROWS  # noqa: E402 - shared atomic write; one "number read two ways" predicate (wip/cleanD)

MUTANTS += [Mutant(*row) for row in _CLEAND_ROWS]
from mutants_hitB import ROWS as _HITB_ROWS  # noqa: E402 - the readers' per-position shortcuts (wip/hitB)

MUTANTS += [Mutant(*row) for row in _HITB_ROWS]
from mutants_jsonS import ROWS as _JSONS_ROWS  # noqa: E402 - conversion phrases composed by the grammar (wip/jsonS)

MUTANTS += [Mutant(*row) for row in _JSONS_ROWS]
from mutants_linS import ROWS as _LINS_ROWS  # noqa: E402 - a purchase as a cart of parts, a rectangle's sides compared (wip/linS, 2026-12-05)

MUTANTS += [Mutant(*row) for row in _LINS_ROWS]
from mutants_linT import ROWS as _LINT_ROWS  # noqa: E402 - everyday words around a written equation by construction (wip/linT)

MUTANTS += [Mutant(*row) for row in _LINT_ROWS]
from mutants_jsonN import ROWS as _JSONN_ROWS  # noqa: E402 - JSON templates with nested objects (wip/jsonN)

MUTANTS += [Mutant(*row) for row in _JSONN_ROWS]
from mutants_jsonL import ROWS as _JSONL_ROWS  # noqa: E402 - JSON lists by construction: list phrases, array literals, typed lists (wip/jsonL)

MUTANTS += [Mutant(*row) for row in _JSONL_ROWS]
from mutants_jsonE import ROWS as _JSONE_ROWS  # noqa: E402 - everyday flat JSON statements: table-word values, declared value lists (wip/jsonE)

MUTANTS += [Mutant(*row) for row in _JSONE_ROWS]
from mutants_linU import ROWS as _LINU_ROWS  # noqa: E402 - "a number" composed, a number thought of and its steps (wip/linU)

MUTANTS += [Mutant(*row) for row in _LINU_ROWS]
from mutants_s19 import ROWS as _S19_ROWS  # noqa: E402 - main, 2026-12-05 22:06: a grammar's build error raised again at once

MUTANTS += [Mutant(*row) for row in _S19_ROWS]
from mutants_cleanE import ROWS as _CLEANE_ROWS  # noqa: E402 - W26's closed lists on wip/jsonR6's list path (wip/cleanE)

MUTANTS += [Mutant(*row) for row in _CLEANE_ROWS]
from mutants_linV import ROWS as _LINV_ROWS  # noqa: E402 - generic lead-ins and asks by construction (wip/linV)

MUTANTS += [Mutant(*row) for row in _LINV_ROWS]
from mutants_w27w import ROWS as _W27W_ROWS  # noqa: E402 - W27 (red team 21, wip/w27w): referring words, open lists, abbreviations, two styles

MUTANTS += [Mutant(*row) for row in _W27W_ROWS]
from mutants_jsonF import ROWS as _JSONF_ROWS  # noqa: E402 - a listed key's JSON type said in words beside its list (wip/jsonF)

MUTANTS += [Mutant(*row) for row in _JSONF_ROWS]
from mutants_w27y import ROWS as _W27Y_ROWS  # noqa: E402 - W27 (red team 21), wip/w27y: colon-labelled blocks read as YAML reads them

MUTANTS += [Mutant(*row) for row in _W27Y_ROWS]
from mutants_s20 import ROWS as _S20_ROWS  # noqa: E402 - main, 2026-12-06 01:22: an unchecked answer is never served for another request

MUTANTS += [Mutant(*row) for row in _S20_ROWS]
from mutants_w28 import ROWS as _W28_ROWS  # noqa: E402 - W28 (red team 22, wip/w28): unit symbols case-sensitive on every path, exact formulas, negated questions

MUTANTS += [Mutant(*row) for row in _W28_ROWS]
from mutants_jsonG import ROWS as _JSONG_ROWS  # noqa: E402 - values by position said so, capitalised labels as keys (wip/jsonG)

MUTANTS += [Mutant(*row) for row in _JSONG_ROWS]
from mutants_linY import ROWS as _LINY_ROWS  # noqa: E402 - a shop's price each and a fee paid with it, a level's rise over time (wip/linY)

MUTANTS += [Mutant(*row) for row in _LINY_ROWS]
from mutants_linX import ROWS as _LINX_ROWS  # noqa: E402 - format instructions and wrappers around an equation (wip/linX)

MUTANTS += [Mutant(*row) for row in _LINX_ROWS]
from mutants_fuzzO import ROWS as _FUZZO_ROWS  # noqa: E402 - wip/fuzzO: fuzzK's open JSON classes closed by one check in every path

MUTANTS += [Mutant(*row) for row in _FUZZO_ROWS]
from mutants_jsonD import ROWS as _JSOND_ROWS  # noqa: E402 - a listed key a declared relation fixes: total = quantity x unit price (wip/jsonD)

MUTANTS += [Mutant(*row) for row in _JSOND_ROWS]
from mutants_s21 import ROWS as _S21_ROWS  # noqa: E402 - main, 2026-12-06 05:10: a German negated yes/no question is no claim (W28 C)

MUTANTS += [Mutant(*row) for row in _S21_ROWS]
from mutants_jsonR7 import ROWS as _JSONR7_ROWS  # noqa: E402 - everyday JSON shapes found declined: a name without a key list, list phrases, declared booleans (wip/jsonR7)

MUTANTS += [Mutant(*row) for row in _JSONR7_ROWS]
from mutants_linZ import ROWS as _LINZ_ROWS  # noqa: E402 - an age story over time: in n years one k2 times as old as the other (wip/linZ)

MUTANTS += [Mutant(*row) for row in _LINZ_ROWS]
from mutants_w29 import ROWS as _W29_ROWS  # noqa: E402 - W29 (red team 23, wip/w29): a bare value whose JSON type the prompt does not fix is no claim

MUTANTS += [Mutant(*row) for row in _W29_ROWS]
from mutants_fuzzP import ROWS as _FUZZP_ROWS  # noqa: E402 - wip/fuzzP: a statement after a hedge "for" word ("about age 31") is no claim

MUTANTS += [Mutant(*row) for row in _FUZZP_ROWS]
from mutants_s22 import ROWS as _S22_ROWS  # noqa: E402 - main, 2026-12-06 08:23: a person's name is no place (fuzzP's borderline 'She')

MUTANTS += [Mutant(*row) for row in _S22_ROWS]
from mutants_jsonT3 import ROWS as _JSONT3_ROWS  # noqa: E402 - wip/jsonT3: a lowercase word in a block of "key: value" lines, by positive evidence

MUTANTS += [Mutant(*row) for row in _JSONT3_ROWS]
from mutants_linAB import ROWS as _LINAB_ROWS  # noqa: E402 - a For lead before the equations; superscript powers of an unknown (wip/linAB)

MUTANTS += [Mutant(*row) for row in _LINAB_ROWS]
from mutants_hitF import ROWS as _HITF_ROWS  # noqa: E402 - wip/hitF: hit-path shortcuts (ASCII math runs, freeze, prompt rewrites, reader)

MUTANTS += [Mutant(*row) for row in _HITF_ROWS]
from mutants_linAB_powers import ROWS as _LINAB_POWERS_ROWS  # noqa: E402 - superscript powers of an unknown (wip/linAB-powers)

MUTANTS += [Mutant(*row) for row in _LINAB_POWERS_ROWS]
from mutants_linAC import ROWS as _LINAC_ROWS  # noqa: E402 - the language decided by positive evidence; request words (wip/linAC)

MUTANTS += [Mutant(*row) for row in _LINAC_ROWS]
from mutants_s23 import ROWS as _S23_ROWS  # noqa: E402 - main, 2026-12-06 11:45: red team 25's failed patch is never served

MUTANTS += [Mutant(*row) for row in _S23_ROWS]
from mutants_arithS import ROWS as _ARITHS_ROWS  # noqa: E402 - everyday arithmetic wordings, red team 24 (wip/arithS)

MUTANTS += [Mutant(*row) for row in _ARITHS_ROWS]
from mutants_hitG import ROWS as _HITG_ROWS  # noqa: E402 - wip/hitG: the linear request reading kept per prompt template

MUTANTS += [Mutant(*row) for row in _HITG_ROWS]
from mutants_jsonU2 import ROWS as _JSONU2_ROWS  # noqa: E402 - wip/jsonU round 2: pasted tables in the JSON tables' request words, .env in every table, kept types joined

MUTANTS += [Mutant(*row) for row in _JSONU2_ROWS]
from mutants_adaptB import ROWS as _ADAPTB_ROWS  # noqa: E402 - wip/adaptB: tools read from the wrapper's options, the known structured class, sampling options and proven answers

MUTANTS += [Mutant(*row) for row in _ADAPTB_ROWS]
from mutants_sysP import ROWS as _SYSP_ROWS  # noqa: E402 - a persona-only system prompt before JSON and arithmetic (wip/sysP)

MUTANTS += [Mutant(*row) for row in _SYSP_ROWS]
from mutants_fuzzR import ROWS as _FUZZR_ROWS  # noqa: E402 - wip/fuzzR: the JSON fuzz campaign's class-1 findings (nested leaf type, irregular-case label)

MUTANTS += [Mutant(*row) for row in _FUZZR_ROWS]
from mutants_s24 import ROWS as _S24_ROWS  # noqa: E402 - main, 2026-12-06 15:21: a lone letters-then-digits unknown needs evidence

MUTANTS += [Mutant(*row) for row in _S24_ROWS]
from mutants_adaptC import ROWS as _ADAPTC_ROWS  # noqa: E402 - wip/adaptC: LlamaIndex shares proven answers across sampling options, the wrapper's one read

MUTANTS += [Mutant(*row) for row in _ADAPTC_ROWS]
from mutants_jsonAB import ROWS as _JSONAB_ROWS  # noqa: E402 - wip/jsonAB: the request frame and the value tokens (please, ISO dates, IPv4, "for my config")

MUTANTS += [Mutant(*row) for row in _JSONAB_ROWS]
from mutants_linAD import ROWS as _LINAD_ROWS  # noqa: E402 - wip/linAD: a frame around one equation, the answer on its own line, the JSON object alone

MUTANTS += [Mutant(*row) for row in _LINAD_ROWS]
from mutants_jsonAC import ROWS as _JSONAC_ROWS  # noqa: E402 - wip/jsonAC: JSON declarations (declared objects, lists after a colon, type notes)

MUTANTS += [Mutant(*row) for row in _JSONAC_ROWS]
from mutants_sysQ import ROWS as _SYSQ_ROWS  # noqa: E402 - wip/sysQ: the persona sentence in es fr de pt it ru zh ja (JSON and arithmetic), the number-only format after it

MUTANTS += [Mutant(*row) for row in _SYSQ_ROWS]
from mutants_s25 import ROWS as _S25_ROWS  # noqa: E402 - main, 2026-12-06 18:52: red team 27, a temperature difference is no reading

MUTANTS += [Mutant(*row) for row in _S25_ROWS]
from mutants_adaptD import ROWS as _ADAPTD_ROWS  # noqa: E402 - wip/adaptD: a conversation's newest question read alone, personas ending in "!" or a space

MUTANTS += [Mutant(*row) for row in _ADAPTD_ROWS]
from mutants_hitH import ROWS as _HITH_ROWS  # noqa: E402 - wip/hitH: exact cuts on the hit path (frozen key from the fields, slot words, key text, plan key)

MUTANTS += [Mutant(*row) for row in _HITH_ROWS]
from mutants_jsonAD import ROWS as _JSONAD_ROWS  # noqa: E402 - wip/jsonAD: k=v runs joined by a space, a short request before the statements, null after "="

MUTANTS += [Mutant(*row) for row in _JSONAD_ROWS]
from mutants_linAE import ROWS as _LINAE_ROWS  # noqa: E402 - wip/linAE: a spaced coefficient, a clause right after the equations, a question after a colon, es "e"

MUTANTS += [Mutant(*row) for row in _LINAE_ROWS]
from mutants_arithT import ROWS as _ARITHT_ROWS  # noqa: E402 - wip/arithT: red team 26 arithmetic reach (powers 3^2/3², plus/minus chains, sums of lists, double/triple, N的K倍, Whats)

MUTANTS += [Mutant(*row) for row in _ARITHT_ROWS]
from mutants_fuzz0 import ROWS as _FUZZ0_ROWS  # noqa: E402 - wip/fuzz0: a negation of any passage table is no name and no part of one

MUTANTS += [Mutant(*row) for row in _FUZZ0_ROWS]
from mutants_s26 import ROWS as _S26_ROWS  # noqa: E402 - main, 2026-12-06 23:00: red team 28, a JSON reply holding more than its proven object

MUTANTS += [Mutant(*row) for row in _S26_ROWS]
from mutants_s27 import ROWS as _S27_ROWS  # noqa: E402 - main, 2026-12-07 02:37: red team 29, function words as JSON keys (FW), wrong transcript answers (D3)
MUTANTS += [Mutant(*row) for row in _S27_ROWS]
from mutants_s28 import ROWS as _S28_ROWS  # noqa: E402 - main, 2026-12-07 06:10: red team 30, number forms shown by a history (B)
MUTANTS += [Mutant(*row) for row in _S28_ROWS]
from mutants_adaptE import ROWS as _ADAPTE_ROWS  # noqa: E402 - wip/adaptE: identical requests in flight share one model call; a system turn then a question read as its text in LlamaIndex

MUTANTS += [Mutant(*row) for row in _ADAPTE_ROWS]
from mutants_jsonAE import ROWS as _JSONAE_ROWS  # noqa: E402 - wip/jsonAE: more statements after a key word's first ("the key 'city' set to Berlin and 'population' set to ...")

MUTANTS += [Mutant(*row) for row in _JSONAE_ROWS]
from mutants_cleanH import ROWS as _CLEANH_ROWS  # noqa: E402 - wip/cleanH: request-reading code folded, no reading changed

MUTANTS += [Mutant(*row) for row in _CLEANH_ROWS]
from mutants_arithU import ROWS as _ARITHU_ROWS  # noqa: E402 - wip/arithU: the decided everyday arithmetic forms (case, no '?', '**', a signed number, en dash, full-width, √, cube root, product list, el triple de, mod)

MUTANTS += [Mutant(*row) for row in _ARITHU_ROWS]
from mutants_linAF import ROWS as _LINAF_ROWS  # noqa: E402 - wip/linAF: '3 × y', '½x', 'x₁', en dash, full-width digits/operators, es 'x e y'

MUTANTS += [Mutant(*row) for row in _LINAF_ROWS]
from mutants_arithV import ROWS as _ARITHV_ROWS  # noqa: E402 - wip/arithV: a signed number in word forms, cube roots in every table, compound number words, '.5', '3 + 4 times ten', 'Which is bigger'

MUTANTS += [Mutant(*row) for row in _ARITHV_ROWS]
from mutants_linAG import ROWS as _LINAG_ROWS  # noqa: E402 - wip/linAG: integer / alone-on-the-last-line formats, '½ x', 'I:'/'II:' labels, 'xy' products

MUTANTS += [Mutant(*row) for row in _LINAG_ROWS]
from mutants_jsonAF import ROWS as _JSONAF_ROWS  # noqa: E402 - wip/jsonAF: a type note after a value, a list ended by "and key", CSV rows "header names as keys" / "Make JSON from:"

MUTANTS += [Mutant(*row) for row in _JSONAF_ROWS]
from mutants_vocabC import ROWS as _VOCABC_ROWS  # noqa: E402 - wip/vocabC: the vocabulary check and the entries its witnesses first see

MUTANTS += [Mutant(*row) for row in _VOCABC_ROWS]
from mutants_linAH import ROWS as _LINAH_ROWS  # noqa: E402 - wip/linAH: 'for x!', a persona's grade audience, the answer on the (very) last line, 'in lowest terms'

MUTANTS += [Mutant(*row) for row in _LINAH_ROWS]
from mutants_cleanI import ROWS as _CLEANI_ROWS  # noqa: E402 - wip/cleanI: the grammar check and the grammar alternatives its CI sample's witnesses first see

MUTANTS += [Mutant(*row) for row in _CLEANI_ROWS]
from mutants_jsonAG import ROWS as _JSONAG_ROWS  # noqa: E402 - wip/jsonAG: generic attribute nouns as key nouns in every table, the key-evidence fields one list

MUTANTS += [Mutant(*row) for row in _JSONAG_ROWS]
from mutants_arithW import ROWS as _ARITHW_ROWS  # noqa: E402 - wip/arithW: primality, 'Please calculate', 'What does E equal?', 'Add 7 and 5', '7+5?', sign words, '.5 plus .25', which-is-bigger in every table

MUTANTS += [Mutant(*row) for row in _ARITHW_ROWS]
from mutants_histK import ROWS as _HISTK_ROWS  # noqa: E402 - wip/histK: an earlier answer's form (arithmetic written_as_served), bare numbers ask the number alone

MUTANTS += [Mutant(*row) for row in _HISTK_ROWS]
from mutants_rt31 import ROWS as _RT31_ROWS  # noqa: E402 - red team 31: a prompt asking the steps gets an answer with a step
from mutants_rt32 import ROWS as _RT32_ROWS  # noqa: E402 - red team 32: keys hold what a name or repr hides

MUTANTS += [Mutant(*row) for row in _RT31_ROWS]
MUTANTS += [Mutant(*row) for row in _RT32_ROWS]
from mutants_linAI import ROWS as _LINAI_ROWS  # noqa: E402 - wip/linAI: a cart said alone with its total apart, 'I bought ... for $17 total', one item's price named by its letter

MUTANTS += [Mutant(*row) for row in _LINAI_ROWS]
from mutants_arithX import ROWS as _ARITHX_ROWS  # noqa: E402 - wip/arithX: courtesy around an arithmetic question, 'can you tell me what ... is', brevity as the number alone, thousands separators

MUTANTS += [Mutant(*row) for row in _ARITHX_ROWS]
from mutants_hitK import ROWS as _HITK_ROWS  # noqa: E402 - wip/hitK: the writing transport of a problem-key hit (sides swapped), each condition dropped

MUTANTS += [Mutant(*row) for row in _HITK_ROWS]
from mutants_jsonAI import ROWS as _JSONAI_ROWS  # noqa: E402 - wip/jsonAI: a lowercase word after "key:" in a run after "with", the key word before statements, "for:" before a block

MUTANTS += [Mutant(*row) for row in _JSONAI_ROWS]
from mutants_linAJ import ROWS as _LINAJ_ROWS  # noqa: E402 - wip/linAJ: set 29's everyday declines: a format before the colon, a blank line, 'to find m', the value alone and the steps written after the equations, lead-ins

MUTANTS += [Mutant(*row) for row in _LINAJ_ROWS]
