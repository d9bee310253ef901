"""Which tier answers a request, decided in one place for every entry point.

* ``step``: retrieval, verification, reuse, re-instantiation, patching (the engine);
* ``exact``: the same model identity and the same request get the same answer (``core.exact_tier``),
  the floor every request the framework would cache stands on;
* ``none``: the cache cannot tell which model answers (LangChain's global cache sees only
  ``llm_string``, and some providers put no model name there): the model answers, nothing is kept.

:func:`decide_tier` takes every reason the adapter found (message parts, model fields, options)
and returns them all at once, each with the opt-in that would lift it where one exists. The first
decision below the step tier per model class and entry point is logged at WARNING.

Provider profiles: what each field of a known model class is, read from ``provider_profiles.json``.

A profile sorts a model class's fields into categories (:data:`CATEGORIES`); the adapters read a
field by its category instead of by a rule of their own, so a new provider is a new profile (data),
not a code change. A field a profiled class has in no category is unknown: with a value it keeps
the step tier from a claim, and the exact tier keys on it.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

__all__ = [
    "CATEGORIES", "Category", "NO_MODEL_NAMED", "Profile", "Reason", "Tier", "TierDecision", "all_profiles", "decide_tier",
    "inert_names_of", "profile_for", "profile_of_llm_string", "reasons_text", "squash", "warn_once",
]

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


# ----------------------------------------------------------------------------- provider profiles
Category = Literal["model", "identity", "sampling", "length_limit", "prompt", "inert"]
CATEGORIES: tuple[Category, ...] = ("model", "identity", "sampling", "length_limit", "prompt", "inert")
"""``model``: names the model; ``identity``: keyed, never a reason (endpoint, key, region, version...);
``sampling``: keyed, a plain number the step tier reads; ``length_limit``: keyed, the answer must fit
it; ``prompt``: text the model sees, read by the adapter's own rules; ``inert``: out of every key."""


def squash(name: str) -> str:
    """A field name compared without case, ``_`` and ``-``."""
    return str(name).lower().replace("_", "").replace("-", "")


@dataclass(frozen=True)
class Profile:
    """One model class's profile (``path``: ``module.qualname`` of the class)."""

    path: str
    framework: str
    fields: Mapping[str, Category] = field(default_factory=dict)  # squashed name -> category
    lc_id: tuple[str, ...] = ()
    llm_type: str | None = None
    llm_string_names_model: bool = True

    @property
    def class_name(self) -> str:
        return self.path.rpartition(".")[2]

    def category(self, name: str) -> Category | None:
        """The category of field ``name`` (None: the profile does not know it)."""
        return self.fields.get(squash(name))

    def names(self, category: Category) -> frozenset[str]:
        """The squashed names of one category."""
        return frozenset(name for name, cat in self.fields.items() if cat == category)


def _lists(spec: Mapping[str, Any], groups: Mapping[str, Any], seen: tuple[str, ...] = ()) -> dict[str, Category]:
    out: dict[str, Category] = {}
    for parent in spec.get("extends", ()):
        if parent in seen:
            raise ValueError(f"provider profile group {parent!r} extends itself")
        out.update(_lists(groups[parent], groups, (*seen, parent)))
    for category in CATEGORIES:
        for name in spec.get(category, ()):
            out[squash(name)] = category
    return out


def _load(data: Mapping[str, Any]) -> dict[str, Profile]:
    groups = data.get("groups", {})
    profiles = {}
    for path, spec in data["classes"].items():
        profiles[path] = Profile(
            path=path,
            framework=spec["framework"],
            fields=_lists(spec, groups),
            lc_id=tuple(spec.get("lc_id", ())),
            llm_type=spec.get("llm_type"),
            llm_string_names_model=bool(spec.get("llm_string_names_model", True)),
        )
    return profiles


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("provider_profiles.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def all_profiles() -> dict[str, Profile]:
    """Every profile, by class path (read once from the package's ``provider_profiles.json``)."""
    return _load(_data())


@lru_cache(maxsize=None)
def inert_names_of(model_or_class: Any, framework: str) -> frozenset[str]:
    """The squashed names of the inert fields of a model class: its profile's, or for a class with no
    profile, those of its framework's base classes (group ``<framework>_base``)."""
    profile = profile_for(model_or_class)
    if profile is not None:
        return profile.names("inert")
    base = _lists(_data()["groups"].get(f"{framework}_base", {}), _data()["groups"])
    return frozenset(name for name, category in base.items() if category == "inert")


def profile_for(model_or_class: Any) -> Profile | None:
    """The profile of the nearest profiled class in the MRO of ``model_or_class`` (None: none)."""
    cls = model_or_class if isinstance(model_or_class, type) else type(model_or_class)
    profiles = all_profiles()
    for klass in getattr(cls, "__mro__", ()):
        found = profiles.get(f"{klass.__module__}.{klass.__qualname__}")
        if found is not None:
            return found
    return None


@lru_cache(maxsize=None)
def _by_llm_string_names() -> tuple[dict[tuple[str, ...], Profile], dict[str, Profile]]:
    by_id = {p.lc_id: p for p in all_profiles().values() if p.lc_id}
    by_type = {p.llm_type: p for p in all_profiles().values() if p.llm_type and p.framework == "langchain"}
    return by_id, by_type


def profile_of_llm_string(lc_id: Iterable[str] | None = None, llm_type: str | None = None) -> Profile | None:
    """The LangChain profile of a model as ``llm_string`` shows it: its serialized ``id`` or its ``_type``."""
    by_id, by_type = _by_llm_string_names()
    if lc_id is not None:
        found = by_id.get(tuple(lc_id))
        if found is not None:
            return found
    return by_type.get(llm_type) if llm_type is not None else None
