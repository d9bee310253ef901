"""The judge: warm a fresh cache with a base prompt P, then ask edited prompts P' and rule.

The rule (README "What `verified` means"; the safe set is empty):

* P' identical to an earlier prompt: the cached answer must be served unchanged, without a
  model call.
* P' changed in any way (NFC/NFD, line endings and outer whitespace included), answered without a model call: a violation, except when the judge's own
  oracle fully understands P' (a corpus math template whose equations it solves, or a JSON
  template stating every value) and the served answer is right for P' (final line states the
  asked unknowns' values, no false equation; the exact object asked for).
* Any served text carrying an echo line written for another earlier prompt is stale content
  (a cached step kept for a changed prompt), with or without a model call.

Every request of a session is remembered, so a P' answered from the entry another P' left
in the cache is judged against that prompt as well.
"""

from __future__ import annotations

import math
import os
import random
import re
import socket
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .corpus import chat_bases, plain_bases, single_message_sample
from .edits import _texts, apply_edit, miscased_units, rotation
from .oracle import oracle_verdict
from .prompts import Base, Msg, Request, canon_key, digest, edge_key, show
from .targets import TARGETS, Served, Session, Target

EDITS_PER_EXAMPLE = 8
MIN_TOTAL_EDITS = 5000

# the order in which a judged edit's problems are named (the first is its violation kind)
VIOLATION_ORDER = ("crash", "unsafe_reuse", "safe_edit_changed", "stale_content", "call_count_mismatch", "safe_edit_missed")

_ECHO = re.compile(r"ECHO:([0-9a-p]{12})")
_LETTERS_AS_HEX = str.maketrans("ghijklmnop", "0123456789")


# Open engine findings (wip/fuzzC, reported to the lead, not fixed on that branch): a violation whose
# edited prompt matches one is listed apart under its name, by the script and in the report, so that
# every other violation still fails the run. (name, the edited prompt's text, why)
OPEN_FINDINGS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("jsonB-bare-name-role",
     re.compile(r'"(?:name|player)" and "(?:age|score)": [^\W\d_][\w\'-]* (?:is [0-9]+ years old|scored [0-9]+)\b'
                r'|"name" and "city" for: [^\W\d_][\w\'-]*, [^\W\d_][\w\'-]*\.'),
     "the subject a sentence names fills a person or player key of the JSON reader's prose shapes as written "
     "(wip/jsonB; declared, the oracle's closed lists of people cannot tell): 'Lyon scored 87.' -> player Lyon, "
     "'Mars is 30 years old.' -> name Mars, 'for: Omar, Luca.' -> city Luca (a GeoNames city). Since W24 a "
     "pronoun, question word, quantifier, negation or calendar word of the table is never served as a name "
     "('Who is 47 years old.', 'She scored 87.', 'for: He, Cairo.': tests/adversarial/test_json_said_names_w24.py)"),
    # json-capitalised-negation-in-name ('Stadt Not Kiel' -> stadt 'Not Kiel') was closed by wip/fuzz0: a negation of any
    # table is no part of a name (tests/adversarial/test_json_negation_in_name_fuzz0.py); a served one now counts
    # wip/fuzzQ (script_mix, and seed 21's proper_noun 'She ha 26 anni'): the same declared reading in the French and Italian
    # sentence shapes, with a word of another script or an English pronoun as the subject
    ("fuzzQ-foreign-word-as-subject",
     re.compile(r'"(?:prenom|nome)" (?:et|e) "(?:age|eta)" ?: (?:[^\W\d_A-Za-z\u00c0-\u024f]+|She|He|They|We|It|Who) (?:a|ha) [0-9]+ (?:ans|anni)\.'),
     "an unlabelled subject of the fr/it age sentence is served as written when it is a word of another script or an English "
     "pronoun: 'Иван ha 26 anni.' -> nome Иван (a name: right), but 'Возраст ha 26 anni.' -> nome 'Возраст' (Russian 'age') and "
     "'She ha 26 anni.' -> nome 'She': the Italian and French tables' never-names hold their own words only (open: "
     "tests/fuzz/test_fuzzQ.py xfail strict)"),
    ("oracle-mixed-script-token",
     re.compile(r'O cliente [^\W\d_]*[\u3040-\u9fff\u0370-\u04ff][^\W\d_]*[A-Za-z][^\W\d_]* pagou|O cliente [A-Za-z]+[\u3040-\u9fff\u0370-\u04ff][^\W\d_]* pagou'),
     "not an engine finding: one token of two scripts ('O cliente 小刚Rita pagou 45 reais.') is served as written (cliente "
     "'小刚Rita'); the oracle binds one word of one script there (wip/fuzzQ lists it apart, judged right by hand)"),
    # wip/fuzzK's findings fuzzK-bare-boolean-leaf, -underscore-emphasis-item, -modifier-in-value-run, -never-name-value and
    # -trailing-zeros-passage were closed by wip/fuzzO (tests/fuzz/test_fuzzK_findings.py CLOSED: traps now)
    ("oracle-trailing-solve",
     re.compile(r"\? solve$"),
     "not an engine finding: a word problem's question with 'solve' appended ('... How many miles did I travel? solve') is "
     "served the problem's own proven answer (x = 8 for 3 + 2x = 19: right, checked by hand, 2026-12-07); the oracle reads no "
     "word after the question mark"),
    ("oracle-word-for-a-number",
     re.compile(r"(?i)\b(?:qty|port|year|population|stock|total|price)(?:=| is |: )(?:[a-z]+|'[0-9]+')(?=[,.\n]|$)"),
     "not an engine finding: a word (or a single-quoted number) where the oracle's template states a number is served "
     "as the string written ('qty=Nobody' -> \"Nobody\", 'port is nadie', 'year: they', \"qty: '3'\" -> \"3\"); the oracle "
     "types no such value, and no rule says a quantity's key holds a number (wip/fuzzK lists it apart, judged right by hand)"),
)


def open_finding(request: Request) -> str | None:
    """The name of the open finding whose shape the request's text has, if any."""
    text = "\n".join(_texts(request))
    return next((name for name, shape, _ in OPEN_FINDINGS if shape.search(text)), None)


@dataclass
class Judged:
    campaign: str
    target: str
    prompt_kind: str
    edit_kind: str
    relation: str  # "safe" | "edge" (chat transcript edge whitespace) | "changed"
    base: Request
    edited: Request
    served: Served | None
    own_calls: int
    violation: str | None = None
    problems: list[tuple[str, str]] = field(default_factory=list)
    cached_text: str | None = None
    served_from: Request | None = None  # the earlier request whose answer was served verbatim
    open_finding: str | None = None  # the OPEN_FINDINGS entry the violation is (listed apart)

    def describe(self) -> str:
        s = self.served
        lines = [
            f"[{self.violation}] {self.campaign} kind={self.prompt_kind} edit={self.edit_kind} ({self.relation})"
            + (f" outcome={s.outcome} model_calls(own)={self.own_calls} model_calls(reported)={s.reported_calls}" if s else ""),
            f"  P  = {show(self.base)}",
            f"  P' = {show(self.edited)}",
            f"  served = {s.text!r}" if s else "  served = (exception)",
        ]
        if self.cached_text is not None and s is not None and self.cached_text != s.text:
            lines.append(f"  cached = {self.cached_text!r}")
        if self.served_from is not None and self.served_from != self.base:
            lines.append(f"  served verbatim from the answer of {show(self.served_from)}")
        lines += [f"  why ({kind}): {why}" for kind, why in self.problems]
        return "\n".join(lines)


@dataclass
class Warmup:
    """A base prompt whose answer was not cached: asked twice, the second time was not a verbatim hit."""

    campaign: str
    base: Request
    outcomes: tuple[str, str]
    calls: tuple[int, int]
    verified: bool | None
    same_text: bool
    error: str = ""

    def describe(self) -> str:
        if self.error:
            return f"{self.campaign}: {show(self.base)} crashed: {self.error}"
        return (
            f"{self.campaign}: {show(self.base)} -> first {self.outcomes[0]} ({self.calls[0]} calls, verified={self.verified}),"
            f" again {self.outcomes[1]} ({self.calls[1]} calls, same text={self.same_text})"
        )


@dataclass
class Report:
    records: list[Judged] = field(default_factory=list)
    warmup_failures: list[Warmup] = field(default_factory=list)
    inapplicable: Counter = field(default_factory=Counter)
    network_attempts: list[str] = field(default_factory=list)
    seconds: float = 0.0
    bases_used: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    @property
    def judged(self) -> int:
        return len(self.records)

    @property
    def violations(self) -> list[Judged]:
        return [r for r in self.records if r.violation and not r.open_finding]

    @property
    def open_findings(self) -> list[Judged]:
        """Violations of a known open engine finding (:data:`OPEN_FINDINGS`), listed apart."""
        return [r for r in self.records if r.violation and r.open_finding]

    def counts(self, *keys: str) -> Counter:
        return Counter(tuple(getattr(r, k) for k in keys) for r in self.records)

    def violations_for(self, **match: Any) -> list[Judged]:
        return [r for r in self.violations if all(getattr(r, k) == v for k, v in match.items())]

    def summary(self, max_examples: int = 3, only: Callable[[Judged], bool] | None = None) -> str:
        out = [f"{self.judged} edits judged in {self.seconds:.1f}s; {len(self.violations)} violations"]
        if self.warmup_failures:
            out.append(f"{len(self.warmup_failures)} base prompts were not cached at warm-up (their safe edits cannot be served):")
            out += [f"  {w.describe()}" for w in self.warmup_failures[:10]]
        if self.network_attempts:
            out.append(f"network attempts: {self.network_attempts[:5]}")
        groups: dict[tuple[str, str, str, str], list[Judged]] = defaultdict(list)
        for r in (v for v in self.violations if only is None or only(v)):
            groups[(r.campaign, r.prompt_kind, r.edit_kind, r.violation or "")].append(r)
        for (campaign, kind, edit, violation), items in sorted(groups.items()):
            total = sum(1 for r in self.records if (r.campaign, r.prompt_kind, r.edit_kind) == (campaign, kind, edit))
            out.append(f"\n== {campaign} / {kind} / {edit}: {len(items)} x {violation} (of {total} judged)")
            out += [r.describe() for r in items[:max_examples]]
        return "\n".join(out)

    def table(self) -> str:
        """Judged edits and violations per target/prompt kind and per edit kind."""
        out = ["judged edits (violations) per campaign and prompt kind:"]
        by_kind = self.counts("campaign", "prompt_kind")
        bad_kind = Counter((r.campaign, r.prompt_kind) for r in self.violations)
        for key in sorted(by_kind):
            out.append(f"  {key[0]:<26} {key[1]:<14} {by_kind[key]:>6} ({bad_kind[key]})")
        out.append("judged edits (violations) per edit kind [safe/edge/changed]:")
        by_edit = self.counts("edit_kind")
        bad_edit = Counter(r.edit_kind for r in self.violations)
        rel = self.counts("edit_kind", "relation")
        for (edit,) in sorted(by_edit):
            out.append(
                f"  {edit:<14} {by_edit[(edit,)]:>6} ({bad_edit[edit]})"
                f" [{rel[(edit, 'safe')]}/{rel[(edit, 'edge')]}/{rel[(edit, 'changed')]}]"
            )
        out.append("violations per kind: " + ", ".join(f"{k}={v}" for k, v in Counter(r.violation for r in self.violations).items()))
        return "\n".join(out)


# --------------------------------------------------------------------------- one example
def _ask(session: Session, request: Request) -> tuple[Served, int]:
    before = len(session.model.calls)
    session.model.current = request
    try:
        served = session.ask(request)
    finally:
        session.model.current = None
    return served, len(session.model.calls) - before


def run_example(
    target: Target,
    campaign: str,
    base: Base,
    edits: Iterable[tuple[str, int]],
    report: Report,
    salt: str = "",
) -> None:
    """Warm a fresh cache with ``base`` and judge each edit of it."""
    report.bases_used[campaign].add(canon_key(base.request))
    with target.session() as session:
        history: dict[str, list[tuple[Request, str]]] = defaultdict(list)  # canon key -> (request, served text)
        seen_digests: dict[str, Request] = {}
        base_key = canon_key(base.request)
        try:
            first, calls1 = _ask(session, base.request)
            again, calls2 = _ask(session, base.request)
        except Exception:  # noqa: BLE001 - a crash on the base prompt is a finding, not a judge error
            report.warmup_failures.append(
                Warmup(campaign, base.request, ("crash", "crash"), (0, 0), None, False, traceback.format_exc(limit=3))
            )
            return
        base_cached = calls1 >= 1 and calls2 == 0 and again.text == first.text
        if not base_cached:
            report.warmup_failures.append(
                Warmup(campaign, base.request, (first.outcome, again.outcome), (calls1, calls2), first.verified,
                       again.text == first.text)
            )
        history[base_key].append((base.request, first.text))
        seen_digests[digest(base.request)] = base.request
        for j, (kind, seed) in enumerate(edits):
            rng = random.Random(f"{campaign}|{salt}|{j}|{seed}")
            edited = apply_edit(base.request, kind, rng)
            if edited is None:
                report.inapplicable[kind] += 1
                continue
            record = judge_one(session, campaign, target.name, base, edited, kind, base_key, base_cached, history, seen_digests)
            report.records.append(record)


def judge_one(
    session: Session,
    campaign: str,
    target: str,
    base: Base,
    edited: Request,
    edit_kind: str,
    base_key: str,
    base_cached: bool,
    history: dict[str, list[tuple[Request, str]]],
    seen_digests: dict[str, Request],
) -> Judged:
    key, loose, d = canon_key(edited), edge_key(edited), digest(edited)
    relation = "safe" if key == base_key else "edge" if loose == edge_key(base.request) else "changed"
    record = Judged(campaign, target, base.kind, edit_kind, relation, base.request, edited, None, 0)
    cached = history.get(base_key)
    record.cached_text = cached[0][1] if cached else None
    try:
        served, own = _ask(session, edited)
    except Exception:  # noqa: BLE001
        record.problems.append(("crash", traceback.format_exc(limit=4)))
        record.violation = "crash"
        return record
    record.served, record.own_calls = served, own
    problems = record.problems
    # answers this very prompt (up to the safe set) was served before; at a transcript's edge
    # whitespace, those of the prompt without it too
    earlier_texts = [text for _, text in history.get(key, [])]
    if relation == "edge" or loose != key:
        earlier_texts += [text for k, reqs in history.items() for req, text in reqs if edge_key(req) == loose]
    for requests in history.values():
        for req, text in requests:
            if text == served.text and record.served_from is None:
                record.served_from = req
    if served.reported_calls is not None and (served.reported_calls == 0) != (own == 0):
        problems.append(("call_count_mismatch", f"the echo model counted {own} call(s), the cache reported {served.reported_calls}"))
    if own == 0:
        if served.text in earlier_texts:
            pass  # the cached answer of this very prompt (up to the safe set), unchanged
        elif relation in ("safe", "edge"):
            problems.append(("safe_edit_changed", "a prompt inside the safe set was served a text other than the cached answer"))
        elif edit_kind == "unit_case" and any(miscased_units(t) for t in _texts(edited)):
            # a unit symbol in a case no reader may read ("2 Mg", "3 Km"): no answer without the model,
            # whatever the oracle reads (its conversions read the symbol in any case)
            problems.append(("unsafe_reuse", f"a miscased unit symbol {miscased_units(' '.join(_texts(edited)))} answered without a model call"))
        else:
            why = oracle_verdict(edited, served.text)
            if why is not None:
                problems.append(("unsafe_reuse", f"changed prompt answered without a model call: {why}"))
    elif relation == "safe" and base_cached:
        problems.append(("safe_edit_missed", f"a prompt inside the safe set cost {own} model call(s) instead of the cached answer"))
    found = {x.translate(_LETTERS_AS_HEX) for x in _ECHO.findall(served.text)}  # arithmetic tags are in letters
    stale = sorted({x for x in found if x != d and x in seen_digests})
    if relation == "edge":  # the answer of the prompt without the edge whitespace is not stale here
        stale = [x for x in stale if edge_key(seen_digests[x]) != loose]
    if stale:
        sources = "; ".join(show(seen_digests[x]) for x in stale)
        problems.append(("stale_content", f"served text contains echo lines written for another prompt: {sources}"))
    if problems:
        record.violation = min((k for k, _ in problems), key=VIOLATION_ORDER.index)
        if record.violation == "unsafe_reuse" and len(problems) == 1:
            record.open_finding = open_finding(edited)
    history[key].append((edited, served.text))
    seen_digests.setdefault(d, edited)
    return record


# --------------------------------------------------------------------------- campaigns
@dataclass(frozen=True)
class Campaign:
    name: str
    target: str
    bases: tuple[Base, ...]
    edits: int  # judged edits in CI

    def examples(self, scale: float = 1.0) -> int:
        return max(1, math.ceil(self.edits * scale / EDITS_PER_EXAMPLE))


_ENGINE_BUDGET = {
    "prose": 400, "code": 360, "data": 360, "proper_noun": 320, "json_stated": 480, "json_unstated": 240,
    "json_rule": 240, "math_en": 480, "math_fr": 240, "math_ru": 240, "math_zh": 240, "math_system": 320,
    "math_es": 160, "math_de": 160, "math_pt": 120, "math_it": 120, "math_ja": 160,
    "math_en_everyday": 240,
    "arithmetic": 320, "json_no_keys": 320, "json_langs": 320, "json_en_syntax": 320, "json_passage": 320,
    "word_en": 440, "word_langs": 440,  # 320 -> 440 since wip/fuzzC: two more edit kinds, as many role swaps
    "arith_words": 320,  # wip/arithS: everyday English wordings of one operation (--new-kinds)
    "persona": 320,  # wip/sysP: a persona-only system prompt before JSON and arithmetic (--new-kinds)
    "json_temperature": 160,  # wip/fuzzF: red team 27's temperature conversions, the difference_key edit's bases (--new-kinds)
    "word_reach": 320, "json_reach": 320,  # wip/fuzzK: the newest reach (composed numbers, carts, rectangles, trees, lists)
}
_ADAPTER_BUDGET = {"chat": 320, "multimodal": 160, "tools": 160, "single": 760}  # single: 3 bases of every prompt kind (25 kinds, 75 bases: each visited once or twice; 760 since wip/fuzzC so that every kind is still judged)


# wip/adaptC: the adapters' options (tests/fuzz/options.py) as a campaign: one judged request per example, not
# base prompts and their edits; the script's runs include it (``options``), the CI test of the prompt edits does
# not (tests/fuzz/test_adapter_options_fuzz.py runs it in CI on its own)
OPTIONS = "adapters/options"
_OPTIONS_BUDGET = 300


def campaigns(reach: bool = False, options: bool = False) -> list[Campaign]:
    """Every campaign; ``reach``: with wip/fuzzK's prompt kinds of the newest reach (engine only); ``options``:
    with the adapters' options campaign (:data:`OPTIONS`)."""
    out = [Campaign(f"engine/{k}", "engine", tuple(v), _ENGINE_BUDGET[k]) for k, v in plain_bases(reach).items()]
    chats = chat_bases()
    single = single_message_sample()
    for target in ("lc_cache", "lc_runnable", "llama_index"):
        for k, bases in chats.items():
            out.append(Campaign(f"{target}/{k}", target, tuple(bases), _ADAPTER_BUDGET[k]))
        # plain prompts through the adapter: half as a string, half as one user message
        as_requests = tuple(
            b if i % 2 == 0 else Base(b.kind, (Msg("user", b.request),))  # type: ignore[arg-type]
            for i, b in enumerate(single)
        )
        out.append(Campaign(f"{target}/single", target, as_requests, _ADAPTER_BUDGET["single"]))
    if options:
        out.append(Campaign(OPTIONS, "options", (), _OPTIONS_BUDGET))
    return out


def total_budget(options: bool = False) -> int:
    return sum(c.edits for c in campaigns(options=options))


def scale_from_env() -> float:
    """STEPCACHE_FUZZ_EXAMPLES (total edits) scales the run up, never below the CI default."""
    wanted = int(os.environ.get("STEPCACHE_FUZZ_EXAMPLES", "0") or 0)
    return max(1.0, wanted / total_budget())


@contextmanager
def no_network(report: Report) -> Iterator[None]:
    """Nothing the judge asks may reach the network (image URLs included)."""
    saved = socket.socket.connect, socket.create_connection, socket.getaddrinfo

    def refuse(what: str) -> Callable[..., Any]:
        def blocked(*args: Any, **kwargs: Any) -> Any:
            report.network_attempts.append(f"{what}{args[1:2]!r}")
            raise OSError(f"network blocked by the fuzzer: {what}")

        return blocked

    socket.socket.connect = refuse("connect")  # type: ignore[method-assign]
    socket.create_connection = refuse("create_connection")  # type: ignore[assignment]
    socket.getaddrinfo = refuse("getaddrinfo")  # type: ignore[assignment]
    try:
        yield
    finally:
        socket.socket.connect, socket.create_connection, socket.getaddrinfo = saved  # type: ignore[method-assign]


def run_hypothesis(campaign: Campaign, report: Report, scale: float = 1.0, target: Target | None = None) -> None:
    """The CI driver: hypothesis draws (base, edits), derandomized; violations are collected, not raised,
    so every example runs and the report lists them all."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    target = target or TARGETS[campaign.target]()
    bases = campaign.bases
    counter = iter(range(10**9))

    visits: Counter = Counter()

    def explore(data: Any) -> None:
        n = next(counter)
        # every base in turn (hypothesis alone would draw a few favourite indexes again and again),
        # and each visit of a base goes on through its edit kinds; hypothesis draws the seeds that
        # place and choose each edit (the strategy must not depend on the base: hypothesis replays
        # choice sequences)
        b = n % len(bases)
        base, visit = bases[b], visits[b]
        visits[b] += 1
        kinds = rotation(base.request, shift=3 * b)
        seeds = data.draw(
            st.lists(st.integers(0, 2**32 - 1), min_size=EDITS_PER_EXAMPLE, max_size=EDITS_PER_EXAMPLE),
            label="seeds",
        )
        edits = [(kinds[(visit * EDITS_PER_EXAMPLE + j) % len(kinds)], seed) for j, seed in enumerate(seeds)]
        run_example(target, campaign.name, base, edits, report, salt=str(n))

    # derandomize seeds from the test function's name and source: one name per campaign
    explore.__name__ = explore.__qualname__ = "explore_" + re.sub(r"\W", "_", campaign.name)
    test = settings(
        derandomize=True,
        max_examples=campaign.examples(scale),
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )(given(st.data())(explore))
    test()


def run_random(campaign: Campaign, report: Report, rng: random.Random, examples: int, target: Target | None = None,
               edit_kinds: frozenset[str] | None = None) -> None:
    """The nightly driver: the same examples from a seeded ``random.Random``; with ``edit_kinds``,
    only those kinds (a base none of them applies to is skipped)."""
    target = target or TARGETS[campaign.target]()
    for n in range(examples):
        base = campaign.bases[n % len(campaign.bases)] if n < len(campaign.bases) else rng.choice(campaign.bases)
        kinds = rotation(base.request, shift=rng.randrange(64))
        if edit_kinds is not None:
            kinds = [k for k in kinds if k in edit_kinds]
            if not kinds:
                continue
        start = 0 if n < len(campaign.bases) else rng.randrange(len(kinds))
        edits = [(kinds[(start + j) % len(kinds)], rng.getrandbits(32)) for j in range(EDITS_PER_EXAMPLE)]
        run_example(target, campaign.name, base, edits, report, salt=f"r{n}")


def _judge_options(report: Report, draw: tuple[str, str, bool, tuple[int, str], tuple[int, str]]) -> None:
    """One example of the options campaign (tests/fuzz/options.py), recorded as a judged request: the prompt kind
    is the pair's, the edit kind the second request's options, a violation when it is served what the oracle
    does not accept without a model call."""
    from .options import PAIRS, SAMPLING_FIELDS, judge_example

    path, kind, changed, first, second = draw
    p1 = PAIRS[kind][0]
    p2 = PAIRS[kind][1] if changed else p1
    try:
        example = judge_example(path, kind, changed, first, second)
    except Exception:  # noqa: BLE001 - a crash is a finding, as in the prompt edits
        record = Judged(OPTIONS, path, kind, second[1], "changed", p1, p2, None, 0, "crash")
        record.problems.append(("crash", traceback.format_exc(limit=4)))
        report.records.append(record)
        return
    relation = "changed" if changed or first != second else "safe"
    served = Served(example.served[0], example.outcome, None, None)
    target = {"wrapper": "lc_runnable", "global": "lc_cache", "llama": "llama_index"}[path]
    record = Judged(OPTIONS, target, kind, second[1], relation, p1, p2, served, example.calls)
    if not example.ok:
        record.violation = "unsafe_reuse"
        record.problems.append(("unsafe_reuse", f"options {(SAMPLING_FIELDS[first[0]], first[1])} then "
                                                f"{(SAMPLING_FIELDS[second[0]], second[1])}: served {example.served!r}, "
                                                f"the model would return {example.expected!r}"))
    report.records.append(record)


def run_options(campaign: Campaign, report: Report, driver: str, rng: random.Random, scale: float = 1.0) -> None:
    """The options campaign: ``campaign.edits * scale`` examples, drawn by a seeded ``random.Random`` or by
    hypothesis (derandomized, the CI test's strategies)."""
    from .options import CALL_OPTIONS, PAIRS, PATHS, REQUEST, SAMPLING_FIELDS

    examples = max(1, math.ceil(campaign.edits * scale))
    if driver != "hypothesis":
        options = [o for o, _ in CALL_OPTIONS]
        for _ in range(examples):
            first = (rng.randrange(len(SAMPLING_FIELDS)), rng.choice(options))
            second = (rng.randrange(len(SAMPLING_FIELDS)), rng.choice(options))
            _judge_options(report, (rng.choice(PATHS), rng.choice(sorted(PAIRS)), rng.random() < 0.5, first, second))
        return
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    @settings(derandomize=True, max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(st.tuples(st.sampled_from(PATHS), st.sampled_from(sorted(PAIRS)), st.booleans(), REQUEST, REQUEST))
    def explore_adapters_options(draw: tuple[str, str, bool, tuple[int, str], tuple[int, str]]) -> None:
        _judge_options(report, draw)

    explore_adapters_options()


def run_all(
    driver: str = "hypothesis",
    scale: float = 1.0,
    seed: int = 0,
    only: Callable[[Campaign], bool] | None = None,
    progress: Callable[[str], None] | None = None,
    edit_kinds: frozenset[str] | None = None,
    new_kinds: bool = False,
    options: bool = False,
) -> Report:
    """``new_kinds``: wip/fuzzK's edit kinds in the rotation and its prompt kinds among the campaigns; ``options``:
    the adapters' options campaign too (:func:`run_options`)."""
    from . import edits

    report = Report()
    start = time.perf_counter()
    rng = random.Random(seed)
    edits.WITH_NEW[0] = new_kinds or bool(edit_kinds and edit_kinds & set(edits.NEW_TEXT_EDITS))
    with no_network(report):
        for c in campaigns(reach=edits.WITH_NEW[0], options=options):
            if only is not None and not only(c):
                continue
            t0 = time.perf_counter()
            if c.name == OPTIONS:
                run_options(c, report, driver, rng, scale)
            elif driver == "hypothesis":
                run_hypothesis(c, report, scale)
            else:
                run_random(c, report, rng, c.examples(scale), edit_kinds=edit_kinds)
            if progress:
                progress(f"{c.name}: {time.perf_counter() - t0:.1f}s")
    edits.WITH_NEW[0] = False
    report.seconds = time.perf_counter() - start
    return report
