"""Provider profiles: what each field of a known model class is, read from ``provider_profiles.json``.

A profile sorts a model class's fields into categories (:data:`CATEGORIES`); the adapters read a
field by its category instead of by a rule of their own, so a new provider is a new profile (data),
not a code change. A field a profiled class has in no category is unknown: with a value it keeps
the step tier from a claim, and the exact tier keys on it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

__all__ = [
    "CATEGORIES", "Category", "Profile", "all_profiles", "inert_names_of", "profile_for", "profile_of_llm_string", "squash",
]

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
