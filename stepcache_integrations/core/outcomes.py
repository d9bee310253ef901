"""The one vocabulary of what the cache did: outcomes, step provenance and answer sources.

Each name is spelled once, in the ``Literal`` types below; ``stats()``, the ``stepcache`` response
metadata, the adapters' log lines, the OpenTelemetry attributes, the CLI and the benchmark demo
all take their names from here, and docs/outcomes.md is generated from the tables below
(``scripts/outcome_docs.py``; a test fails when the page is stale).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, get_args

__all__ = [
    "ANSWER_SOURCES",
    "AnswerSource",
    "CACHE_ALONE_OUTCOMES",
    "CacheAlone",
    "CacheServed",
    "Meaning",
    "OUTCOMES",
    "OUTCOME_MEANINGS",
    "Outcome",
    "PROVENANCE",
    "PROVENANCE_MEANINGS",
    "Provenance",
    "SERVED_OUTCOMES",
    "SOURCE_MEANINGS",
    "SUMMARY_OUTCOMES",
    "SummaryOutcome",
    "answer_source",
    "register",
]

CacheAlone = Literal["reuse", "reinstantiate"]
"""Engine outcomes the cache answers alone (no model call)."""

CacheServed = Literal[CacheAlone, "patch"]
"""Engine outcomes whose answer is (at least partly) cached text."""

ModelAnswered = Literal["skip_reuse", "miss"]
"""Engine outcomes whose answer the model wrote whole."""

Outcome = Literal[CacheServed, ModelAnswered]
"""What the engine did for one request (``StepCacheResult.outcome``, ``stats()["outcomes"]``)."""

Replayed = Literal["exact"]
"""The exact tier served the model's own answer to exactly this request (adapters only)."""

Bypassed = Literal["bypass"]
"""Tier ``none``: the adapter sent the request straight to the model (adapters only)."""

SummaryOutcome = Literal[Outcome, Replayed, Bypassed]
"""Every outcome an adapter's ``stepcache`` record, log line or span names."""

Fallback = Literal["fallback"]
"""Text the task's deterministic fallback wrote (a step's provenance, an answer's source)."""

Provenance = Literal["reused", "reinstantiated", "regenerated", "repaired", Fallback]
"""Where one step of a returned answer came from."""

ModelWritten = Literal["model"]
"""An answer the model wrote for this request."""

AnswerSource = Literal[Replayed, CacheServed, Fallback, ModelWritten]
"""Where a whole answer came from (the benchmark demo's per-answer line)."""

OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)
CACHE_ALONE_OUTCOMES: tuple[CacheAlone, ...] = get_args(CacheAlone)
SERVED_OUTCOMES: tuple[CacheServed, ...] = get_args(CacheServed)
SUMMARY_OUTCOMES: tuple[SummaryOutcome, ...] = get_args(SummaryOutcome)
PROVENANCE: tuple[Provenance, ...] = get_args(Provenance)
ANSWER_SOURCES: tuple[AnswerSource, ...] = get_args(AnswerSource)


class Meaning(NamedTuple):
    """One outcome as the docs table shows it."""

    model_calls: str
    what_happened: str


OUTCOME_MEANINGS: dict[SummaryOutcome, Meaning] = {
    "reuse": Meaning("0", "every cached step passed verification for the new prompt"),
    "reinstantiate": Meaning("0", "steps failed only on changed slot values; rewritten with the new values, then verified"),
    "patch": Meaning("1 (+ repairs)", "verified prefix kept, first failing step + suffix regenerated (JSON: only the "
                     "failing keys)"),
    "skip_reuse": Meaning("1 (+ repairs)", "a cached candidate was found and not used: it failed verification, reuse "
                          "would not pay (first step fails or more than `max_regen_share` would be regenerated), the "
                          "adapter could not serve it (e.g. a patch without `patch_model`), or a patched answer still "
                          "failed its checks: the model then answered the whole request (2 calls + repairs)"),
    "miss": Meaning("1 (+ repairs)", "no cached prompt above the similarity threshold"),
    "exact": Meaning("0", "the exact tier: the model's own answer to exactly this request (same model identity), "
                     "replayed, `unchecked`"),
    "bypass": Meaning("1", "tier `none`: the global cache cannot tell which model answers (its `llm_string` names "
                      "none)"),
}

PROVENANCE_MEANINGS: dict[Provenance, str] = {
    "reused": "a cached step, verified for the new prompt",
    "reinstantiated": "a cached step rewritten with the new prompt's values, then verified",
    "regenerated": "written by the model for this request (a miss, a skip, a patch's suffix)",
    "repaired": "written by the model's repair call after the step failed its checks",
    "fallback": "written by the task's deterministic fallback (e.g. sympy for linear equations)",
}

SOURCE_MEANINGS: dict[AnswerSource, str] = {
    "exact": "the exact tier replayed the model's own earlier answer to this request",
    "reuse": "cached text the model wrote, served as it is",
    "reinstantiate": "cached text the model wrote, rewritten for the new values",
    "patch": "a verified cached prefix plus the model's new steps",
    "fallback": "the deterministic fallback's text: for this request, or cached text it wrote earlier",
    "model": "the model's answer to this request (outcomes `miss`, `skip_reuse`, `bypass`)",
}


def answer_source(outcome: SummaryOutcome, *, used_fallback: bool, cached_fallback: bool = False) -> AnswerSource:
    """Where an answer came from: ``fallback`` when the fallback wrote it now (``used_fallback``) or
    wrote the cached text a reuse or re-instantiation served (``cached_fallback``), else the
    outcome when the cache served it, else ``model``."""
    if used_fallback or (cached_fallback and outcome in CACHE_ALONE_OUTCOMES):
        return "fallback"
    if outcome == "exact" or outcome in SERVED_OUTCOMES:
        return outcome  # type: ignore[return-value]  # a served outcome is a source of the same name
    return "model"


def register(subparsers: Any) -> None:
    """Add ``stepcache outcomes``: what each name of the vocabulary means (as docs/outcomes.md)."""
    parser = subparsers.add_parser("outcomes", help="what each outcome, step provenance and answer source means")
    parser.set_defaults(func=_print_vocabulary)


def _print_vocabulary(args: Any) -> int:
    tables = [
        ("outcomes (stats()['outcomes'], the metadata's 'outcome', the first word of a log line, spans)",
         {name: f"{m.model_calls:<14}{m.what_happened}" for name, m in OUTCOME_MEANINGS.items()}),
        ("step provenance (the metadata's 'provenance')", dict(PROVENANCE_MEANINGS)),
        ("answer sources (the demo's per-answer lines)", dict(SOURCE_MEANINGS)),
    ]
    width = max(len(name) for _, rows in tables for name in rows)
    for title, rows in tables:
        print(title)
        for name, meaning in rows.items():
            print(f"  {name:<{width}}  {meaning}")
    return 0

