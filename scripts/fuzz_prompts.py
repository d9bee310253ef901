#!/usr/bin/env python
"""Nightly prompt-edit fuzzer: the soundness judge of tests/fuzz/ as a script.

    .venv/bin/python scripts/fuzz_prompts.py                      # the CI-sized run (~6,500 edits), seed 0
    .venv/bin/python scripts/fuzz_prompts.py --examples 50000 --seed 7
    .venv/bin/python scripts/fuzz_prompts.py --only engine/math --examples 20000
    .venv/bin/python scripts/fuzz_prompts.py --only adapters/options --examples 300   # the adapters' options (wip/adaptC)

A fresh in-memory StepCache (or adapter) is warmed with each base prompt P by an echo model,
then asked random edits P' of it. A changed prompt answered without a model call is a
violation unless the judge's own oracle proves the answer right for P' (linear equations,
word problems in the engine's declared shapes with their answer label, JSON stating every value); a prompt inside the documented safe set (NFC, line endings, edge
whitespace) must get the cached answer unchanged. The rule is written out in
tests/fuzz/judge.py.

Prints the judged edits per prompt kind and per edit kind and every violation (P, P', the
served text, the outcome); exits 1 when there is a violation or a base prompt the cache did
not cache (the run would test nothing for it), 0 otherwise. (The CI test marks two open engine
findings in word problems as expected failures, tests/fuzz/test_prompt_edit_fuzz.py
_known_engine_finding; this script reports them like any other violation.)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fuzz.judge import OPTIONS, campaigns, run_all, total_budget  # noqa: E402
from tests.fuzz.prompts import show  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    names = ", ".join(c.name for c in campaigns(reach=True, options=True))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=f"campaigns: {names}")
    parser.add_argument("--examples", type=int, default=total_budget(options=True),
                        help=f"edits to judge in total, spread over every campaign (default {total_budget(options=True)}:"
                             f" {total_budget()} prompt edits and the adapters' options)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random driver (default 0)")
    parser.add_argument("--driver", choices=("random", "hypothesis"), default="random",
                        help="random: seeded random.Random (default); hypothesis: the CI driver, derandomized")
    parser.add_argument("--only", action="append", default=[],
                        help="run only campaigns whose name contains this text (repeatable), e.g. engine/math, lc_cache")
    parser.add_argument("--edit", action="append", default=[],
                        help="judge only these edit kinds (repeatable; random driver), e.g. proper_noun, number_format, negation")
    parser.add_argument("--new-kinds", action="store_true",
                        help="add wip/fuzzK's edit kinds (value_class, modifier_insert, semantic_operator, clause_move, number_swap, "
                             "number_word, key_case, statement_dup, code_switch, key_subset; wip/fuzzQ: script_mix, unicode_variant, synonym_swap; "
                             "wip/fuzzF: difference_key; wip/fuzzG: function_word_key, determiner_key, unit_key, dash_chain) and prompt kinds (json_reach, word_reach; wip/fuzzF: json_temperature); "
                             "implied by --edit naming one of them")
    parser.add_argument("--quiet", action="store_true", help="print the counts and one line per violation only")
    parser.add_argument("--json", metavar="PATH", help="also record the counts, violations and provenance as JSON")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tooling"))
    from stepcache_bench.provenance import provenance, provenance_line

    record = provenance()
    print(provenance_line(record))

    os.environ.pop("STEPCACHE_STORE", None)  # in-memory caches only: never fuzz into a real store
    from tests.fuzz.edits import NEW_TEXT_EDITS

    new_kinds = args.new_kinds or bool(set(args.edit) & set(NEW_TEXT_EDITS))
    chosen = [c for c in campaigns(reach=new_kinds, options=True) if not args.only or any(o in c.name for o in args.only)]
    if not chosen:
        parser.error(f"no campaign matches {args.only}; campaigns: {names}")
    if args.edit and args.driver != "random":
        parser.error("--edit needs the random driver")
    scale = args.examples / sum(c.edits for c in chosen)
    names = {c.name for c in chosen}
    report = run_all(
        driver=args.driver,
        scale=scale,
        seed=args.seed,
        only=lambda c: c.name in names,
        progress=lambda line: print(line, file=sys.stderr, flush=True),
        edit_kinds=frozenset(args.edit) or None,
        new_kinds=new_kinds,
        options=True,
    )

    print(f"seed {args.seed}, driver {args.driver}: {report.judged} edits judged in {report.seconds:.1f}s")
    print(report.table())
    options = [r for r in report.records if r.campaign == OPTIONS]
    if options:  # the adapters' options: how many second requests the cache answered alone, per adapter
        alone = Counter(r.target for r in options if r.served is not None and r.own_calls == 0)
        print(f"{OPTIONS}: answered without a model call " + ", ".join(
            f"{t} {alone[t]}/{sum(1 for r in options if r.target == t)}" for t in sorted({r.target for r in options})))
    print("judged edits per prompt kind and edit kind (violations):")
    judged = report.counts("prompt_kind", "edit_kind")
    bad = Counter((v.prompt_kind, v.edit_kind) for v in report.violations)
    for kind in sorted({k for k, _ in judged}):
        row = ", ".join(f"{e} {judged[(kind, e)]}" + (f" ({bad[(kind, e)]})" if bad[(kind, e)] else "")
                        for e in sorted({e for k, e in judged if k == kind}))
        print(f"  {kind}: {row}")
    if report.warmup_failures:
        print(f"\n{len(report.warmup_failures)} base prompts not cached at warm-up:")
        for w in report.warmup_failures:
            print(f"  {w.describe()}")
    if report.network_attempts:
        print(f"\nnetwork attempts: {report.network_attempts}")
    if report.violations:
        print(f"\n{len(report.violations)} VIOLATIONS:")
        for v in report.violations:
            if args.quiet:
                print(f"  [{v.violation}] {v.campaign} {v.prompt_kind}/{v.edit_kind}: P' = {show(v.edited)}")
            else:
                print(v.describe())
                print()
    if report.open_findings:
        from tests.fuzz.judge import OPEN_FINDINGS

        print(f"\n{len(report.open_findings)} served pairs of open engine findings (tests/fuzz/judge.py OPEN_FINDINGS;"
              " reported, not counted as new violations):")
        for name, _, why in OPEN_FINDINGS:
            mine = [v for v in report.open_findings if v.open_finding == name]
            if mine:
                print(f"  {name} ({len(mine)}): {why}")
                for v in mine[: 3 if args.quiet else 10]:
                    print(f"    {v.prompt_kind}/{v.edit_kind}: P' = {show(v.edited)} -> {v.served.text if v.served else ''!r}")
    # image and tool-call transcripts, and messages with a name, bypass a cache (README: "a name ...
    # bypass"); any other uncached base is a failure
    uncached = [w for w in report.warmup_failures
                if not (w.campaign.endswith(("/multimodal", "/tools")) and (set(w.outcomes) == {"bypass"} or w.calls == (1, 1)))
                and not (isinstance(w.base, tuple) and any(getattr(m, "name", None) for m in w.base) and w.calls == (1, 1))]
    failed = bool(report.violations or uncached or report.network_attempts)
    if args.json:
        import json

        record.update(seed=args.seed, driver=args.driver, judged=report.judged, violations=len(report.violations),
                      uncached_bases=len(uncached), network_attempts=report.network_attempts,
                      violation_lines=[f"[{v.violation}] {v.campaign} {v.prompt_kind}/{v.edit_kind}: {show(v.edited)}"
                                       for v in report.violations])
        Path(args.json).write_text(json.dumps(record, indent=1, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    print("FAIL" if failed else "OK", f"({len(report.violations)} violations, {len(uncached)} uncached bases)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
