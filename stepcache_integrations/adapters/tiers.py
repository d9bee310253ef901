"""Which tier answers a request, decided in one place for every entry point.

* ``step``: retrieval, verification, reuse, re-instantiation, patching (the engine);
* ``exact``: the same model identity and the same request get the same answer (``core.exact_tier``),
  the floor every request the framework would cache stands on;
* ``none``: the cache cannot tell which model answers (LangChain's global cache sees only
  ``llm_string``, and some providers put no model name there): the model answers, nothing is kept.

:func:`decide_tier` takes every reason the adapter found (message parts, model fields, options)
and returns them all at once, each with the opt-in that would lift it where one exists. The first
decision below the step tier per model class and entry point is logged at WARNING.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["NO_MODEL_NAMED", "Reason", "Tier", "TierDecision", "decide_tier", "reasons_text", "warn_once"]

Tier = Literal["step", "exact", "none"]

logger = logging.getLogger("stepcache_integrations")

NO_MODEL_NAMED = (
    "llm_string names no model for {cls}: LangChain's global cache cannot tell its models apart "
    "(wrap the model with with_step_cache(model), which sees it)"
)


@dataclass(frozen=True)
class Reason:
    """Why the step tier makes no claim: ``text``, and ``lift``, the opt-in that would lift it (None:
    none can: the option or part is not modelled)."""

    text: str
    lift: str | None = None

    def __str__(self) -> str:
        return self.text if self.lift is None else f"{self.text} [opt-in: {self.lift}]"


@dataclass(frozen=True)
class TierDecision:
    """The tier of one request and every reason it is not the step tier.

    ``json_only``: the step tier holds only if the engine's plan names the json task (a JSON
    response format or bound tools without a schema the engine reads); otherwise ``exact``.
    """

    tier: Tier
    reasons: tuple[Reason, ...] = ()
    json_only: bool = False
    model_class: str | None = None

    @property
    def reason(self) -> str | None:
        """All reasons in one line (None: the step tier)."""
        return reasons_text(self.reasons) if self.reasons else None

    def demoted(self, reason: Reason) -> TierDecision:
        """This decision moved to the exact tier for ``reason`` (a json-only request the json task
        does not answer)."""
        return TierDecision("exact", (*self.reasons, reason), False, self.model_class)

    def record(self) -> dict[str, Any]:
        """The ``tier`` and ``tier_reasons`` fields of a ``stepcache`` record."""
        return {"tier": self.tier, "tier_reasons": [str(r) for r in self.reasons]}


def reasons_text(reasons: Iterable[Reason | str]) -> str:
    """Reasons joined for one log line or record."""
    return "; ".join(str(r) for r in reasons)


def _unique(reasons: Iterable[Reason | str | None]) -> tuple[Reason, ...]:
    out: dict[str, Reason] = {}
    for reason in reasons:
        if reason is None:
            continue
        item = reason if isinstance(reason, Reason) else Reason(str(reason))
        out.setdefault(item.text, item)
    return tuple(out.values())


def decide_tier(
    reasons: Iterable[Reason | str | None],
    *,
    model_named: bool = True,
    json_only: bool = False,
    model_class: str | None = None,
) -> TierDecision:
    """The tier of a request from every reason its adapter found.

    ``model_named``: the adapter can tell which model answers (False only for LangChain's global
    cache and a class whose ``llm_string`` names no model: then no tier; no opt-in relaxes a
    model's identity). Any reason puts the request in the exact tier; none, the step tier.
    """
    found = _unique(reasons)
    if not model_named:
        text = NO_MODEL_NAMED.format(cls=model_class or "this model")
        return TierDecision("none", (*found, Reason(text)), False, model_class)
    if found:
        return TierDecision("exact", found, False, model_class)
    return TierDecision("step", (), json_only, model_class)


_warned: set[tuple[str, str, str]] = set()
_lock = threading.Lock()


def warn_once(entry_point: str, decision: TierDecision) -> None:
    """Log the first decision below the step tier per model class and entry point at WARNING, with
    every reason and the opt-in that would lift each (later ones: DEBUG)."""
    if decision.tier == "step":
        return
    key = (entry_point, decision.model_class or "?", decision.tier)
    with _lock:
        first = key not in _warned
        _warned.add(key)
    level = logging.WARNING if first else logging.DEBUG
    if logger.isEnabledFor(level):
        tier = "no caching" if decision.tier == "none" else "exact tier only (same request, same answer)"
        logger.log(level, "stepcache %s: %s gets %s: %s", entry_point, decision.model_class or "the model", tier,
                   decision.reason or "-")
