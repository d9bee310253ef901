#!/usr/bin/env python
"""Mutation check: break each promised behaviour on purpose and expect the unit suite to fail.

Each mutant in ``MUTANTS`` (the table in ``scripts/mutants.py``) replaces one exact ``old`` text (it must occur exactly once in its
file) by ``new`` in a temporary copy of the repository, then runs the unit tests listed for
it there (``-x -q``). The real checkout is never edited. A mutant is *caught* when those tests
fail (or time out); it *survives* when they pass. After the mutants, every test that caught one
(and every selection that caught one by a collection error or a timeout) must pass on the
unmutated copy, or that "catch" would be meaningless: the run then fails.

The mutants run ``--jobs`` at a time (default: one per CPU core), each worker in its own copy.
A worker is a small server started in its copy that has imported pytest and the third-party
libraries the package uses (never the package, the tooling or the tests); it forks one child
per pytest run, so a run starts from that clean state and imports the copy's (mutated) code
fresh, without paying the interpreter's and the libraries' start-up again (the libraries' objects
are frozen out of the garbage collector's sight before it forks, and a mutated grammar's LALR
tables are built by an equivalent, cheaper analysis: ``_fast_lalr``; the regular expressions the
copy's package compiles at import are already in ``re``'s cache: ``_compile_patterns``). Each copy's bytecode
is compiled once, checked against its source's hash on import, so only the mutated file is
compiled again.

A mutant is first run against the one test that caught it last time (``scripts/mutation_hints.json``,
written by ``--write-hints``), when that test is in its selection: a catch there is a catch; when it
passes, is gone or no hint is recorded, the whole selection runs as above. Every mutant is still
checked on every run; the hints only put the likeliest catching test first.

Exit status: 0 only if every anchor was found exactly once and every mutant was caught.
Anchors are short on purpose; when code moves (e.g. the engine split), update the ``file``
and ``old`` columns here: a missing anchor fails the run instead of silently skipping.

    python scripts/mutation_check.py                 # all mutants
    python scripts/mutation_check.py --list          # the table
    python scripts/mutation_check.py --only ID ...   # some of them
    python scripts/mutation_check.py --jobs 1        # one at a time
    python scripts/mutation_check.py --keep          # keep the temporary copies (prints their paths)
    python scripts/mutation_check.py --write-hints   # also record each mutant's catching test

Run it with the project's interpreter (the one that has pytest and the package's deps).
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the pytest command of every run (the server runs the same arguments in a forked child)
PYTEST_ARGS = ("-x", "-q", "-p", "no:cacheprovider", "-p", "asyncio", "--no-header")
# and of a mutant's runs: no traceback is drawn for the failure that catches it (the exit code and the
# failed test's node id decide; drawing the failure cost ~0.2 s of a ~0.8 s child: a quarter of the
# check's CPU). The witnesses' runs keep their tracebacks: a failing witness is shown in full.
MUTANT_ARGS = ("--tb=no",)


# -- the worker's server (``--serve``), kept above the table's import: it never imports it ----
def _serve() -> int:
    """Run pytest for each request read from stdin (one JSON line: args, timeout), in a child
    forked from this process, and answer one JSON line (status, tail, seconds) on stdout.

    Started in a copy with ``_env(copy)``. Before the first request it imports the third-party
    modules named on the ``--preload`` line (never the copy's own code: the driver leaves it
    out), so a child pays only for the copy's code and its tests."""
    import gc
    import random

    out = os.fdopen(os.dup(1), "w", encoding="utf-8")  # the answers; fd 1 goes to each child's log
    os.dup2(2, 1)  # what an import prints is no answer
    copy = Path.cwd()
    sys.path[0] = str(copy)  # as `python -m pytest` run in the copy has it
    preload = json.loads(sys.stdin.readline())
    names, patterns = (preload, []) if isinstance(preload, list) else (preload["modules"], preload["patterns"])
    import re

    re._MAXCACHE = max(re._MAXCACHE, 2 * len(patterns) + 512)  # type: ignore[attr-defined] - see _compile_patterns
    for name in names:
        try:
            __import__(name)
        except BaseException:  # noqa: BLE001 - a module that cannot be preloaded is imported by the child
            pass
    lalr = _fast_lalr()  # a mutated grammar's tables built with less CPU, the same tables
    compiled = _compile_patterns(patterns)
    # The preloaded libraries' objects to the permanent generation: a child's collections (pytest
    # runs two full ones as it ends) then never walk them (~0.6 s of CPU a child). They live as
    # long as the child anyway; what the child makes is collected as before.
    gc.collect()
    gc.freeze()
    own = [m for m, mod in list(sys.modules.items())
           if str(getattr(mod, "__file__", None) or "").startswith(str(copy) + os.sep)]
    # fork only from a single-threaded process that holds none of the copy's code
    forking = hasattr(os, "fork") and threading.active_count() == 1 and not own
    out.write(json.dumps({"forking": forking, "own": own[:5], "lalr": lalr, "frozen": gc.get_freeze_count(),
                          "patterns": compiled}) + "\n")
    out.flush()
    import pytest

    main_file = str(Path(pytest.__file__).with_name("__main__.py"))
    for line in sys.stdin:
        request = json.loads(line)
        args, timeout = request["args"], request["timeout"]
        log = tempfile.NamedTemporaryFile(prefix="mutant-run-", suffix=".log", delete=False)
        t0 = time.perf_counter()
        if forking:
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:  # the child: one pytest run, then exit with its code
                code = 3
                try:
                    os.setpgid(0, 0)
                    out.close()
                    null = os.open(os.devnull, os.O_RDONLY)
                    os.dup2(null, 0)
                    os.dup2(log.fileno(), 1)
                    os.dup2(log.fileno(), 2)
                    random.seed()  # its own seeds, as a fresh interpreter has
                    if "numpy" in sys.modules:
                        sys.modules["numpy"].random.seed()
                    sys.argv = [main_file, *args]
                    code = int(pytest.main([*args, "-W", _PRELOADED_PLUGIN], plugins=[_FirstFailure(log.name + ".failed")]))
                except BaseException:  # noqa: BLE001 - reported in the log, exit 3
                    import traceback

                    traceback.print_exc()
                finally:
                    try:
                        import atexit

                        atexit._run_exitfuncs()
                        sys.stdout.flush()
                        sys.stderr.flush()
                    finally:
                        os._exit(code)
            returncode, cpu = _wait(pid, timeout)
        else:
            command = [sys.executable, "-m", "pytest", *args]
            cpu = None
            try:
                returncode = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                            timeout=timeout, check=False).returncode
            except subprocess.TimeoutExpired:
                returncode = None
        log.close()
        text = Path(log.name).read_text(encoding="utf-8", errors="replace")
        os.unlink(log.name)
        failed_path = Path(log.name + ".failed")
        failed = failed_path.read_text(encoding="utf-8") if failed_path.exists() else None
        failed_path.unlink(missing_ok=True)
        tail = "\n".join(text.strip().splitlines()[-6:])
        out.write(json.dumps({"returncode": returncode, "tail": tail, "failed": failed,
                              "seconds": time.perf_counter() - t0, "cpu": cpu}) + "\n")
        out.flush()
    return 0


def _compile_patterns(patterns: list) -> int:
    """Compile the copy's regular expressions (``_preload`` lists them: [str or bytes, pattern, flags])
    into ``re``'s own cache, which the forked children inherit: a child's ``re.compile`` of the same
    pattern and flags then returns the compiled pattern instead of compiling it again (~0.1 s of a
    ~0.5 s child: the package compiles ~250 at import). Only ``re``'s cache: no code of the copy
    runs here, a mutated pattern is simply not found and compiled by the child as before. The cache
    is made large enough to hold them all (``re`` keeps 512 and drops the oldest beyond)."""
    import re

    re._MAXCACHE = max(re._MAXCACHE, 2 * len(patterns) + 512)  # type: ignore[attr-defined]
    done = 0
    for kind, pattern, flags in patterns:
        try:
            re.compile(pattern.encode("latin-1") if kind == "bytes" else pattern, flags)
            done += 1
        except Exception:  # noqa: BLE001 - the child compiles it (and meets its error) as before
            pass
    return done


# -- the children's grammar builds: Lark's LALR analysis with two methods made cheaper ----------
# A grammar mutant's child builds the mutated grammar's LALR tables (linear ~6.5 s of CPU, JSON ~4 s:
# ~45% of all the children's CPU). Two of Lark's methods cost most of it by comparing every item of
# a state with what they look for; the server replaces them (before it forks) by methods that find
# the same items through a dict and add the same entries in the same order. Only for the Lark
# sources they were written against (each method's source hash below; another Lark keeps its own),
# and only in the servers: the tables of the unmutated grammars (``_warm_tables``), which every
# witness loads, are built by Lark's own methods. tests/tooling/unit/test_mutation_check.py builds
# every grammar of the package both ways and compares the tables.
_LALR_SOURCES = {"compute_includes_lookback": "0d0a254b4d998194", "expand_rule": "9df5c10c4dcd0682"}
_RULE_PTR_SOURCE = "2f128e4f07036558"  # grammar_analysis.RulePtr, made once per item (_interned_rule_ptr)


def _includes_lookback(self) -> None:  # noqa: ANN001 - Lark's LALR_Analyzer
    """Lark 1.3.1's ``LALR_Analyzer.compute_includes_lookback``: the items of a transition's
    nonterminal found by their rule's origin, a rule's completed items in a state by their rule;
    whether the rest of a rule after a position is nullable read from the rule's nullable tail
    (the first position from which every symbol is nullable, found once per rule), and a state's
    transitions, the read relations and a state's items by origin looked up by the symbol's name
    (a str: its hash is cached),
    where no two symbols of the grammar share a name (else by the symbols, as Lark does)."""
    by_origin: dict = {}  # state -> origin -> its items, in the closure's order
    completed: dict = {}  # state -> rule -> its completed items, in the closure's order
    tails: dict = {}  # rule -> the first position of its all-nullable tail (len: none nullable at the end)
    nullable, reads = self.NULLABLE, self.reads
    by_name = _names_unique(self)
    if by_name:
        named: dict = {}  # state -> {symbol's name: next state}
        read = {(state, symbol.name) for state, symbol in reads}
    for nt in self.nonterminal_transitions:
        state, nonterminal = nt
        groups = by_origin.get(state)
        if groups is None:
            groups = by_origin[state] = {}
            for rp in state.closure:
                origin = rp.rule.origin
                groups.setdefault(origin.name if by_name else origin, []).append(rp)
        includes = []
        lookback = self.lookback[nt]
        for rp in groups.get(nonterminal.name if by_name else nonterminal, ()):
            rule = rp.rule
            expansion = rule.expansion
            tail = tails.get(rule)
            if tail is None:
                tail = len(expansion)
                while tail > 0 and expansion[tail - 1] in nullable:
                    tail -= 1
                tails[rule] = tail
            state2 = state
            for i in range(rp.index, len(expansion)):
                s = expansion[i]
                if by_name:
                    name = s.name
                    if i + 1 >= tail and (state2, name) in read:
                        includes.append((state2, s))
                    following = named.get(state2)
                    if following is None:
                        following = named[state2] = {t.name: n for t, n in state2.transitions.items()}
                    state2 = following[name]
                else:
                    nt2 = (state2, s)
                    state2 = state2.transitions[s]
                    if i + 1 >= tail and nt2 in reads:
                        includes.append(nt2)
            if rp.index == 0:
                done = completed.get(state2)
                if done is None:
                    done = completed[state2] = {}
                    for rp2 in state2.closure:
                        if rp2.is_satisfied:
                            done.setdefault(rp2.rule, []).append(rp2)
                for rp2 in done.get(rule, ()):
                    lookback.add((state2, rp2.rule))
        for nt2 in includes:
            self.includes[nt2].add(nt)


def _names_unique(analyzer) -> bool:  # noqa: ANN001 - Lark's LALR_Analyzer
    """Whether no two different symbols of the analysed grammar share a name (a terminal and a
    rule of one name, say): then a symbol's name stands for the symbol in the lookups above."""
    seen: dict = {}
    symbols = [symbol for state in analyzer.lr0_itemsets for symbol in state.transitions]
    for symbol in [*symbols, *analyzer.lr0_rules_by_origin]:  # and every rule's origin
        other = seen.setdefault(symbol.name, symbol)
        if other is not symbol and other != symbol:
            return False
    return True


def _kept_expansions(expand_rule):  # noqa: ANN001, ANN202 - Lark's GrammarAnalyzer.expand_rule
    """``expand_rule`` kept per nonterminal for the LR(0) rules (a pure function of them: the LR(0)
    states ask it again for every state that starts a nonterminal); read only by ``|`` and
    ``frozenset``, never changed, so one result serves every call."""

    def kept(self, source_rule, rules_by_origin=None):  # noqa: ANN001, ANN202
        lr0 = self.__dict__.get("lr0_rules_by_origin")
        if rules_by_origin is None or rules_by_origin is not lr0:
            return expand_rule(self, source_rule, rules_by_origin)
        memo = self.__dict__.setdefault("_kept_expansions", {})
        found = memo.get(source_rule)
        if found is None:
            found = memo[source_rule] = expand_rule(self, source_rule, rules_by_origin)
        return found

    kept.replaces = expand_rule
    return kept


def _interned_rule_ptr(base):  # noqa: ANN001, ANN202 - Lark's grammar_analysis.RulePtr
    """Lark's ``RulePtr`` made once per (rule object, position) and its hash kept: the LR(0) states
    advance the same items again and again, and every set of items hashes them (Lark computes
    ``hash((rule, index))`` at each call). Equal to Lark's items, hashed the same; keyed by the rule
    object itself (never an equal rule of another grammar: its alias and options may differ)."""

    class RulePtr(base):
        __slots__ = ("_hash",)
        _made: dict = {}

        def __new__(cls, rule, index):  # noqa: ANN001, ANN204
            key = (id(rule), index)
            found = cls._made.get(key)
            if found is None:
                found = object.__new__(cls)
                base.__init__(found, rule, index)  # Lark's own checks
                found._hash = hash((rule, index))
                cls._made[key] = found  # the item holds its rule: the id is never reused meanwhile
            return found

        def __init__(self, rule, index) -> None:  # noqa: ANN001 - made in __new__
            pass

        def __hash__(self) -> int:
            return self._hash

        def __eq__(self, other) -> bool:  # noqa: ANN001
            return self is other or base.__eq__(self, other)

    RulePtr.replaces = base
    return RulePtr


def _fast_lalr() -> str:
    """Put the two methods in Lark's LALR analyzer (this process only); says whether it did."""
    import hashlib
    import inspect

    try:
        from lark.parsers import lalr_analysis
    except ImportError:
        return "not applied: no Lark"
    from lark.parsers import grammar_analysis

    analyzer = lalr_analysis.LALR_Analyzer
    if getattr(analyzer.expand_rule, "replaces", None) is not None:
        return "applied"
    for name, want in _LALR_SOURCES.items():
        got = hashlib.sha256(inspect.getsource(getattr(analyzer, name)).encode("utf-8")).hexdigest()[:16]
        if got != want:
            return f"not applied: Lark's {name} is another than the one replaced ({got})"
    got = hashlib.sha256(inspect.getsource(grammar_analysis.RulePtr).encode("utf-8")).hexdigest()[:16]
    if got != _RULE_PTR_SOURCE:
        return f"not applied: Lark's RulePtr is another than the one replaced ({got})"
    analyzer.compute_includes_lookback = _includes_lookback
    analyzer.expand_rule = _kept_expansions(analyzer.expand_rule)
    grammar_analysis.RulePtr = _interned_rule_ptr(grammar_analysis.RulePtr)
    return "applied"


class _FirstFailure:
    """A pytest plugin of the forked child: writes the node id of the first failed test to ``path``
    (the mutant's catching test, recorded exactly as pytest names it)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.done = False

    def pytest_runtest_logreport(self, report) -> None:  # noqa: ANN001 - pytest's TestReport
        if report.failed and not self.done:
            self.done = True
            Path(self.path).write_text(report.nodeid, encoding="utf-8")


# `-p asyncio` names the stdlib module too, which the server has imported: not a warning here
_PRELOADED_PLUGIN = "ignore:Module already imported so cannot be rewritten:pytest.PytestAssertRewriteWarning"


def _wait(pid: int, timeout: float) -> tuple[int | None, float]:
    """The child's exit code, or None (and the child's process group killed) after ``timeout`` s;
    and the CPU seconds it used."""
    import signal

    deadline = time.monotonic() + timeout
    delay = 0.005
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime
        if time.monotonic() > deadline:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, _, usage = os.wait4(pid, 0)
            return None, usage.ru_utime + usage.ru_stime
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


if __name__ == "__main__" and sys.argv[1:2] == ["--serve"]:
    sys.exit(_serve())

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutants import BENCH_PKG, MUTANTS, PKG, TOOLING, Mutant  # noqa: E402 - the table beside this script


def _copy_repo(dest: Path) -> None:
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "*.pyc", ".pytest_cache", "notebooks", "*.db", "*.egg-info"
    )
    shutil.copytree(ROOT, dest, ignore=ignore, dirs_exist_ok=True)


def _compile(copies: list[Path]) -> None:
    """Bytecode for the copies, checked against each source file's hash on import (PEP 552): a
    module loads from it while its source is unchanged, a mutated file is compiled from its source
    (never a stale .pyc: nothing is written at run time, PYTHONDONTWRITEBYTECODE)."""
    code = ("import compileall, py_compile, sys\n"
            "for d in sys.argv[1:]:\n"
            "    compileall.compile_dir(d, quiet=2, workers=0, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)")
    subprocess.run([sys.executable, "-c", code, *map(str, copies)], stdin=subprocess.DEVNULL,
                   capture_output=True, check=False, timeout=600)


def _env(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    # the copy's library and tooling, ahead of the editable installs of the real checkout
    env["PYTHONPATH"] = os.pathsep.join([str(copy), str(copy / TOOLING)])
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # mutated and restored files never meet a stale .pyc (_compile)
    # Installed pytest plugins (langchain-tests, codspeed, ...) cost seconds per run; the unit
    # tests selected here need only pytest-asyncio, loaded explicitly (the baseline proves it).
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    env.setdefault("OMP_NUM_THREADS", "1")
    env["STEPCACHE_HYPOTHESIS_PROFILE"] = "mutation"  # tests/conftest.py: a failing property is not shrunk
    # the copy's own saved parser tables, never the user's folder: the unmutated grammars' tables,
    # built once at setup (_warm_tables) and put back as they were after every mutant (_restore_tables)
    env["STEPCACHE_PARSER_CACHE"] = str(_tables(copy))
    return env


def _tables(copy: Path) -> Path:
    return copy.parent / f"parser-tables-{copy.name}"


_WARM = r"""
import sys
from pathlib import Path
from lark import Transformer
from stepcache_integrations.core.tasks.request_language import RequestLanguage
RequestLanguage(Path(sys.argv[1]), Transformer).parser
"""


def _warm_tables(copies: list[Path], pristine: Path) -> None:
    """Build each unmutated grammar's LALR tables once (one process per grammar, side by side) into
    ``pristine``, exactly as a reader does (``RequestLanguage.parser``), and give every copy its own
    folder of them. A child then loads them (~0.1 s) instead of building them (the linear grammar:
    ~8 s of CPU), and no two copies share a folder (one copy's mutant never touches another's)."""
    env = {**_env(copies[0]), "STEPCACHE_PARSER_CACHE": str(pristine)}
    procs = [subprocess.Popen([sys.executable, "-c", _WARM, str(grammar.parent)], cwd=copies[0], env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for grammar in sorted((copies[0] / PKG).rglob("request.lark"))]
    for proc in procs:
        _, stderr = proc.communicate(timeout=900)
        if proc.returncode != 0:
            print(f"note: a grammar's tables were not built at setup (its children build them):\n{stderr[-400:]}")
    for copy in copies:
        _restore_tables(copy, pristine)


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    try:
        return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}
    except OSError:
        return {}


def _restore_tables(copy: Path, pristine: Path) -> None:
    """The copy's tables folder exactly as ``pristine`` again, if a run changed it (a mutated
    grammar's tables saved beside them would soon prune the unmutated ones: each later child would
    then build them again; a mutant of the tables module may write anything there)."""
    folder = _tables(copy)
    if folder.exists() and _listing(folder) == _listing(pristine):
        return
    shutil.rmtree(folder, ignore_errors=True)
    if pristine.exists():
        shutil.copytree(pristine, folder)  # copy2 keeps sizes and mtimes, so the listings compare


_OWN = (PKG, BENCH_PKG, "tests", "conftest", "mutants", "__main__", "__mp_main__")


def _preload(copy: Path) -> dict[str, list]:
    """The third-party modules the package and its tooling import, in import order: found by
    importing every module of both in a throwaway interpreter (in the copy). The workers import
    these before forking; the copy's own modules are left out."""
    probe = r"""
import json, pkgutil, re, sys, importlib
re._MAXCACHE = 1 << 20  # every pattern compiled below stays listed
import pytest, hypothesis, hypothesis.strategies
for package in sys.argv[1:]:
    try:
        root = importlib.import_module(package)
    except BaseException:
        continue
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        try:
            importlib.import_module(info.name)
        except BaseException:
            pass
patterns = [["bytes" if kind is bytes else "str", p.decode("latin-1") if kind is bytes else p, flags]
            for (kind, p, flags) in list(re._cache) if kind in (str, bytes) and isinstance(flags, int)]
print(json.dumps({"modules": list(sys.modules), "patterns": patterns}))
"""
    done = subprocess.run([sys.executable, "-c", probe, PKG, BENCH_PKG], cwd=copy, env=_env(copy),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False, timeout=300)
    try:
        found = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return {"modules": [], "patterns": []}
    modules = [n for n in found["modules"] if n.split(".")[0] not in _OWN and not n.startswith("__editable__")]
    return {"modules": modules, "patterns": found["patterns"]}


class Worker:
    """One copy of the repository and its pytest server."""

    def __init__(self, copy: Path, preload: dict[str, list]) -> None:
        self.copy = copy
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"], cwd=copy, env=_env(copy),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        )
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(preload) + "\n")
        self.proc.stdin.flush()
        self.hello = json.loads(self.proc.stdout.readline() or "{}")

    def pytest(self, args: tuple[str, ...], timeout: float, extra: tuple[str, ...] = ()) -> tuple[str, str]:
        """Run pytest in the copy; return ("pass" | "fail" | "timeout" | "empty", tail of output);
        ``self.failed`` is then the node id of the run's first failed test (None: none failed).
        ``extra``: more pytest arguments, after ``PYTEST_ARGS`` (a mutant's runs: ``MUTANT_ARGS``).

        "fail" is any failing exit (failed tests, or a collection error the mutant caused);
        "empty" means the selection matched no test (exit 5): a broken table row, not a catch.
        """
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps({"args": [*PYTEST_ARGS, *extra, *args], "timeout": timeout}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the pytest server in {self.copy} stopped")
        answer = json.loads(line)
        code, tail = answer["returncode"], answer["tail"]
        self.cpu = answer.get("cpu") or 0.0  # the child's CPU seconds (0: not forked), load-independent
        self.failed: str | None = answer.get("failed") or (_failed_test(tail) if code == 1 else None)
        if code is None:
            return "timeout", tail
        if code == 0:
            return "pass", tail
        if code == 5:
            return "empty", tail
        return "fail", tail

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


HINTS = Path(__file__).resolve().with_name("mutation_hints.json")
# --write-hints: the hints learned so far, rewritten after each one (the run adds them to HINTS only
# when it ends with every witness passing; an interrupted run leaves them here, to be checked)
PARTIAL_HINTS = Path(__file__).resolve().with_name("mutation_hints.partial.json")


def _write_hints(path: Path, hints: dict[str, str]) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(dict(sorted(hints.items())), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temporary, path)
_FAILED = re.compile(r"^FAILED (\S+::\S+)", re.MULTILINE)  # without the forked child's record


def _failed_test(tail: str) -> str | None:
    """The node id the summary reports FAILED first, where it has no space (a fresh interpreter's
    run, which has no :class:`_FirstFailure` record)."""
    found = _FAILED.search(tail)
    return found.group(1) if found else None


def _hint_for(m: Mutant, hints: dict[str, str]) -> str | None:
    """The test that caught ``m`` last time, if it lies in a file of ``m``'s selection."""
    hint = hints.get(m.id)
    if hint is None:
        return None
    return hint if hint.split("::")[0] in _files([m]) else None


def _split(tests: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Split a selection into pytest runs: each ``-k`` applies to the paths right before it."""
    runs: list[tuple[str, ...]] = []
    paths: list[str] = []
    i = 0
    while i < len(tests):
        if tests[i] == "-k":
            runs.append((*paths, "-k", tests[i + 1]))
            paths = []
            i += 2
        else:
            paths.append(tests[i])
            i += 1
    if paths:
        runs.append(tuple(paths))
    return runs


def _files(mutants: list[Mutant]) -> tuple[str, ...]:
    """Every test file some mutant selects from (the baseline runs them whole, once)."""
    seen: dict[str, None] = {}
    for m in mutants:
        for i, arg in enumerate(m.tests):
            if arg != "-k" and (i == 0 or m.tests[i - 1] != "-k"):
                seen.setdefault(arg.split("::")[0], None)
    return tuple(seen)


def _pool(workers: list[Worker], jobs: list, run) -> None:
    """Call ``run(worker, job)`` for every job, each worker taking the next job when it is free."""
    todo: queue.Queue = queue.Queue()
    for job in jobs:
        todo.put(job)
    errors: list[BaseException] = []

    def loop(worker: Worker) -> None:
        while not errors:
            try:
                job = todo.get_nowait()
            except queue.Empty:
                return
            try:
                run(worker, job)
            except BaseException as exc:  # noqa: BLE001 - re-raised in the main thread
                errors.append(exc)

    threads = [threading.Thread(target=loop, args=(w,), daemon=True) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the mutants and exit")
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutants")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copies")
    parser.add_argument("--jobs", type=int, default=_cores(), help="mutants run at a time, each in its own copy (default: one per core)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per pytest run (a timeout counts as caught)")
    parser.add_argument("--write-hints", action="store_true", help=f"record each mutant's catching test in {HINTS.name}")
    args = parser.parse_args(argv)
    hints: dict[str, str] = json.loads(HINTS.read_text(encoding="utf-8")) if HINTS.exists() else {}
    learned: dict[str, str] = {}

    mutants = MUTANTS
    if args.only:
        unknown = set(args.only) - {m.id for m in MUTANTS}
        if unknown:
            parser.error(f"unknown mutant id(s): {', '.join(sorted(unknown))}")
        mutants = [m for m in MUTANTS if m.id in args.only]
    if args.list:
        for m in mutants:
            print(f"{m.id:<28} {m.file:<40} {m.behaviour}")
        return 0

    # Anchors first: each old text must occur exactly once, in the real checkout.
    drift = []
    for m in mutants:
        path = ROOT / m.file
        count = path.read_text(encoding="utf-8").count(m.old) if path.exists() else -1
        if count != 1:
            where = "file missing" if count < 0 else f"found {count} times"
            drift.append(f"{m.id}: anchor {m.old!r} in {m.file}: {where}")
    for line in drift:
        print(f"ANCHOR DRIFT  {line}")

    tmp = Path(tempfile.mkdtemp(prefix="stepcache-mutants-"))
    runnable = [m for m in mutants if not any(line.startswith(f"{m.id}:") for line in drift)]
    jobs = max(1, min(args.jobs, len(runnable) or 1))
    copies = [tmp / f"repo-{i}" for i in range(jobs)]
    workers: list[Worker] = []
    caught: list[str] = []
    cpu_seconds = [0.0, 0.0]  # the children's CPU: the mutants' runs, the witnesses' runs
    hint_counts = {"none": 0, "stale": 0}  # rows without a usable hint, rows whose hint did not catch
    survived: list[str] = []
    lock = threading.Lock()
    try:
        for copy in copies:
            _copy_repo(copy)
        t_setup = time.perf_counter()
        _compile(copies)
        print(f"setup: compile {time.perf_counter() - t_setup:.0f} s", flush=True)
        t_setup = time.perf_counter()
        pristine = tmp / "parser-tables-base"
        warming = threading.Thread(target=_warm_tables, args=(copies, pristine))
        warming.start()  # beside the probe: both are other processes
        preload = _preload(copies[0])
        print(f"setup: preload probe {time.perf_counter() - t_setup:.0f} s", flush=True)
        warming.join()
        print(f"setup: preload probe and parser tables {time.perf_counter() - t_setup:.0f} s", flush=True)
        workers = [Worker(copy, preload) for copy in copies]
        for worker in workers:
            if not worker.hello.get("forking"):
                print(f"note: the pytest server in {worker.copy} starts a fresh interpreter per run ({worker.hello})")
            if worker.hello.get("lalr") != "applied":
                print(f"note: the pytest server in {worker.copy} builds grammars with Lark's own LALR analysis ({worker.hello.get('lalr')})")
        probes = [
            (copy, package, subprocess.Popen(
                [sys.executable, "-c", f"import {package}; print({package}.__file__)"], cwd=copy, env=_env(copy),
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            ))
            for package in (PKG, BENCH_PKG) for copy in copies
        ]
        for copy, package, proc in probes:
            stdout, stderr = proc.communicate()
            if not stdout.strip().startswith(str(copy) + os.sep):
                print(f"the copy's {package} is not the one imported ({stdout.strip() or stderr.strip()})")
                return 2

        witnesses: dict[str, tuple[str, ...]] = {}  # mutant -> the test (or selection) that caught it

        def run_mutant(worker: Worker, m: Mutant) -> None:
            target = worker.copy / m.file
            original = target.read_text(encoding="utf-8")
            target.write_text(original.replace(m.old, m.new, 1), encoding="utf-8")
            t0 = time.perf_counter()
            cpu = 0.0
            hint = _hint_for(m, hints)
            try:
                results = []  # (selection, status, tail) of each pytest run, the deciding one last
                if hint is not None:
                    status, tail = worker.pytest((hint,), args.timeout, MUTANT_ARGS)
                    cpu += worker.cpu
                    # a catch only when that very test failed (a stale id exits 4: no catch)
                    if status == "timeout" or (status == "fail" and worker.failed == hint):
                        results.append(((hint,), status, tail, worker.failed))
                    else:
                        with lock:
                            hint_counts["stale"] += 1
                else:
                    with lock:
                        hint_counts["none"] += 1
                if not results:
                    for selection in _split(m.tests):
                        status, tail = worker.pytest(selection, args.timeout, MUTANT_ARGS)
                        cpu += worker.cpu
                        results.append((selection, status, tail, worker.failed))
                        if status in ("fail", "timeout"):
                            break
            finally:
                target.write_text(original, encoding="utf-8")
                _restore_tables(worker.copy, pristine)
            selection, status, tail, failed = results[-1]
            seconds = time.perf_counter() - t0
            failed = failed if status == "fail" else None
            with lock:
                cpu_seconds[0] += cpu
                if failed:
                    learned[m.id] = failed
                    if args.write_hints:  # as learned, beside the table: an interrupted run keeps them
                        _write_hints(PARTIAL_HINTS, learned)
                if status in ("fail", "timeout"):
                    witnesses[m.id] = (failed,) if failed else selection
                    caught.append(m.id)
                    print(f"caught    {m.id:<28} {seconds:5.1f} s {cpu:5.1f} cpu-s  ({status}) {m.behaviour}", flush=True)
                else:
                    survived.append(m.id)
                    print(f"SURVIVED  {m.id:<28} {seconds:5.1f} s {cpu:5.1f} cpu-s  ({status}) {m.behaviour}\n{tail}", flush=True)

        _pool(workers, runnable, run_mutant)

        # Each catch holds only if its witness passes without the mutant.
        t0 = time.perf_counter()
        nodes = sorted({w[0] for w in witnesses.values() if len(w) == 1 and "::" in w[0]})
        selections = sorted({w for w in witnesses.values() if not (len(w) == 1 and "::" in w[0])})
        runs = [tuple(nodes[i::jobs]) for i in range(jobs) if nodes[i::jobs]] + selections
        failures: list[str] = []

        def run_witness(worker: Worker, selection: tuple[str, ...]) -> None:
            status, tail = worker.pytest(selection, args.timeout)
            with lock:
                cpu_seconds[1] += worker.cpu
            if status == "pass":
                return
            if len(selection) > 1 and all("::" in arg for arg in selection):  # which node: one at a time
                for node in selection:
                    run_witness(worker, (node,))
                return
            void = sorted(m for m, w in witnesses.items() if w == selection or (len(selection) == 1 and w == selection))
            with lock:
                failures.append(f"WITNESS FAILS ({status}) on the unmutated copy, so these catches are void: "
                                f"{', '.join(void)}\n{tail}")

        _pool(workers, runs, run_witness)
        if failures:
            print("\n".join(failures))
            return 2
        print(f"witnesses: the {len(nodes)} catching tests and {len(selections)} catching selection(s) pass on the "
              f"unmutated copy ({time.perf_counter() - t0:.0f} s)")
        print(f"children's CPU: {cpu_seconds[0]:.0f} s the mutants, {cpu_seconds[1]:.0f} s the witnesses")
        print(f"hints: {hint_counts['none']} row(s) without one ran their whole selection, {hint_counts['stale']} hint(s) "
              f"did not catch (then the whole selection ran); --write-hints records the catching tests")
    finally:
        for worker in workers:
            worker.close()
        if args.keep:
            print(f"copies kept at {', '.join(map(str, copies))}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    if args.write_hints:
        _write_hints(HINTS, {**hints, **learned})
        PARTIAL_HINTS.unlink(missing_ok=True)
        print(f"hints: {len(learned)} recorded in {HINTS.relative_to(ROOT)}")
    total = len(mutants)
    print(f"\nmutation check: {len(caught)}/{total} caught, {len(survived)} survived, {len(drift)} anchor(s) not found")
    if survived:
        order = {m.id: i for i, m in enumerate(mutants)}
        print("survived: " + ", ".join(sorted(survived, key=order.__getitem__)))
    return 0 if not survived and not drift else 1


if __name__ == "__main__":
    sys.exit(main())
