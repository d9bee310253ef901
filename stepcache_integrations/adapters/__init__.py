"""What both framework adapters share: the tier decision and the provider profiles."""

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
