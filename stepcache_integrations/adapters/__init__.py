"""What both framework adapters share, framework-free: the record they attach and log (``record``),
the flow of a method and its async twin (``flow``), the options and model fields the engine models
(``options``), the tier decision (``tiers``), the provider profiles (``profiles``), a model's identity
(``identity``) and the length rule (``length``)."""

from .profiles import CATEGORIES, Category, Profile, all_profiles, profile_for, profile_of_llm_string
from .tiers import Reason, Tier, TierDecision, decide_tier, warn_once

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
