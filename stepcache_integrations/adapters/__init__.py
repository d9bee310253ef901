"""What both framework adapters share, framework-free: the record they attach and log (``record``),
the flow of a method and its async twin (``flow``), the options, model fields and length limits the
engine models (``options``), the tier decision and the provider profiles (``tiers``), and a model's
identity (``identity``)."""

from .flow import (
    CATEGORIES,
    Category,
    Profile,
    Reason,
    Tier,
    TierDecision,
    all_profiles,
    decide_tier,
    profile_for,
    profile_of_llm_string,
    warn_once,
)

__all__ = [
    "CATEGORIES",
    "Category",
    "Profile",
    "Reason",
    "Tier",
    "TierDecision",
    "all_profiles",
    "decide_tier",
    "profile_for",
    "profile_of_llm_string",
    "warn_once",
]
