"""``scripts/mutation_check.py``'s own shortcuts keep its checks as they were.

Its pytest servers replace two methods of Lark's LALR analysis (``_fast_lalr``) so that a grammar
mutant's child builds the mutated grammar's tables with less CPU: the tables must be exactly the
ones Lark's own methods build, for every grammar of the package.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from lark import Lark
from lark.parsers import grammar_analysis, lalr_analysis

from stepcache_integrations.core.tasks.request_language import _Tokens

ROOT = Path(__file__).resolve().parents[3]
GRAMMARS = sorted((ROOT / "stepcache_integrations").rglob("request.lark"))


@pytest.fixture(scope="module")
def mutation_check():
    spec = importlib.util.spec_from_file_location("_mutation_check_under_test", ROOT / "scripts" / "mutation_check.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    saved = list(sys.path)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved  # the script puts its folder first (its table of mutants)
    return module


def _table(grammar: str):
    """The LALR tables Lark builds the way the package's readers build them (``debug`` keeps them
    keyed by item sets, so two builds compare)."""
    return Lark(grammar, parser="lalr", lexer=_Tokens, start="start", strict=True, debug=True).parser.parser._parse_table


@pytest.mark.parametrize("grammar", GRAMMARS, ids=lambda path: path.parent.name)
def test_the_faster_lalr_analysis_builds_lark_s_own_tables(mutation_check, monkeypatch, grammar: Path) -> None:
    text = grammar.read_text(encoding="utf-8")
    analyzer = lalr_analysis.LALR_Analyzer
    monkeypatch.setattr(analyzer, "compute_includes_lookback", analyzer.compute_includes_lookback)
    monkeypatch.setattr(analyzer, "expand_rule", analyzer.expand_rule)  # all three put back after the test
    monkeypatch.setattr(grammar_analysis, "RulePtr", grammar_analysis.RulePtr)
    own = _table(text)
    assert mutation_check._fast_lalr() == "applied"
    assert analyzer.compute_includes_lookback is mutation_check._includes_lookback
    assert grammar_analysis.RulePtr.replaces is not None
    fast = _table(text)
    assert fast.states == own.states
    # a reduction names the very rule Lark's own tables name: its alias and options too (a Rule
    # compares by origin and expansion only)
    for state, actions in own.states.items():
        for name, (action, target) in actions.items():
            if action is lalr_analysis.Reduce:
                made = fast.states[state][name][1]
                assert (made.alias, vars(made.options), made.order) == (target.alias, vars(target.options), target.order)
    assert fast.start_states == own.start_states
    assert fast.end_states == own.end_states
    assert len(own.states) > 10


def test_the_faster_lalr_analysis_is_not_put_in_another_lark(mutation_check, monkeypatch) -> None:
    analyzer = lalr_analysis.LALR_Analyzer

    def compute_includes_lookback(self) -> None:  # another Lark's method: another source
        pass

    monkeypatch.setattr(analyzer, "compute_includes_lookback", compute_includes_lookback)
    monkeypatch.setattr(analyzer, "expand_rule", analyzer.expand_rule)
    monkeypatch.setattr(grammar_analysis, "RulePtr", grammar_analysis.RulePtr)
    assert mutation_check._fast_lalr().startswith("not applied")
    assert analyzer.compute_includes_lookback is compute_includes_lookback


def test_the_server_freezes_its_preloaded_objects_and_runs_each_request_in_a_child(mutation_check, tmp_path: Path) -> None:
    """The pytest server (``--serve``): it preloads what it is told, freezes those objects out of the
    collector's sight (``gc.freeze``), puts the faster LALR analysis in, then answers each request
    from a forked child: a passing test passes, a failing one names itself."""
    import json
    import os
    import subprocess

    (tmp_path / "test_sample.py").write_text(
        "import re\n\n\ndef test_ok():\n    assert True\n\n\ndef test_bad():\n    assert False\n\n\n"
        "def test_compiled():\n    assert (str, 'a+b', 2) in re._cache and (bytes, b'c+', 0) in re._cache\n"
    )
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    server = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "mutation_check.py"), "--serve"], cwd=tmp_path,
                              env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True, bufsize=1)
    try:
        # the modules to import, and the patterns to compile into re's cache (one that does not compile
        # is left to the child)
        patterns = [["str", "a+b", 2], ["bytes", "c+", 0], ["str", "(", 0]]
        server.stdin.write(json.dumps({"modules": ["json", "lark"], "patterns": patterns}) + "\n")
        server.stdin.flush()
        hello = json.loads(server.stdout.readline())
        assert hello["forking"] and hello["lalr"] == "applied" and hello["frozen"] > 1000
        assert hello["patterns"] == 2
        server.stdin.write(json.dumps({"args": [*mutation_check.PYTEST_ARGS, "test_sample.py::test_compiled"], "timeout": 120}) + "\n")
        server.stdin.flush()
        assert json.loads(server.stdout.readline())["returncode"] == 0  # the child inherits the compiled patterns
        # as a witness runs (tracebacks drawn) and as a mutant runs (MUTANT_ARGS: none drawn): the
        # same exit codes, and the failing test names itself either way
        tails = []
        for extra in ((), mutation_check.MUTANT_ARGS):
            answers = {}
            for node in ("test_sample.py::test_ok", "test_sample.py::test_bad"):
                args = [*mutation_check.PYTEST_ARGS, *extra, node]
                server.stdin.write(json.dumps({"args": args, "timeout": 120}) + "\n")
                server.stdin.flush()
                answers[node] = json.loads(server.stdout.readline())
            assert answers["test_sample.py::test_ok"]["returncode"] == 0
            assert answers["test_sample.py::test_bad"]["returncode"] == 1
            assert answers["test_sample.py::test_bad"]["failed"] == "test_sample.py::test_bad"
            tails.append(answers["test_sample.py::test_bad"]["tail"])
        assert "FAILED test_sample.py::test_bad" in tails[0] and "FAILED test_sample.py::test_bad" in tails[1]
    finally:
        server.stdin.close()
        server.wait(timeout=60)
