"""Free text: a cached answer is reused only for the same prompt (up to the documented safe set)."""

from __future__ import annotations

import difflib
import hashlib
import re
from functools import lru_cache
from typing import Any

from ..types import Step, VerificationLevel, weakest
from .base import UnitCheck, Verification
from .linear_steps import equation_claim_errors, equation_claims_checked
from .prompt_diff import (
    PROMPT_LIMIT,
    TOKEN,
    extract_slots,
    canonical_digest,
    mentions,
    prompt_changes,
    slot_mapping,
    stale_slots,
)
from .stepwise import StepwiseTask

__all__ = ["TextTask", "prompt_changes", "same_prompt"]

_SLOT_LIKE = re.compile(r"\d|[A-Z]|_|@")


def prompt_fingerprint(prompt: str) -> dict[str, Any]:
    """The constraint fields that identify a prompt: its first ``PROMPT_LIMIT`` characters,
    and a digest of all of it (cheap even for megabyte prompts)."""
    return {
        "prompt": prompt[:PROMPT_LIMIT],
        "digest": hashlib.sha256(prompt.encode("utf-8", "surrogatepass")).hexdigest(),
        "truncated": len(prompt) > PROMPT_LIMIT,
    }


def same_prompt(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether two prompts (as fingerprinted constraints) are the same up to the safe set:
    Unicode normalization form, line-ending style, outer whitespace
    (``prompt_diff.canonical_prompt``). Prompts longer than the stored prefix must be
    identical; unknown (digest-less entries cut at the limit) counts as different."""
    old_prompt, new_prompt = old.get("prompt"), new.get("prompt")
    if not isinstance(old_prompt, str) or not isinstance(new_prompt, str):
        return False
    if old.get("truncated") or new.get("truncated") or max(len(old_prompt), len(new_prompt)) >= PROMPT_LIMIT:
        return isinstance(old.get("digest"), str) and old.get("digest") == new.get("digest")
    return _canonical_digest(old_prompt) == _canonical_digest(new_prompt)


@lru_cache(maxsize=256)
def _canonical_digest(prompt: str) -> str:
    return canonical_digest(prompt)


def _only_slot_replacements(old_prompt: str, new_prompt: str) -> bool:
    """The new prompt replaces names/numbers/identifiers one for one and changes nothing else."""
    old, new = TOKEN.findall(old_prompt), TOKEN.findall(new_prompt)
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag != "replace" or i2 - i1 > 4 or j2 - j1 > 4:
            return False
        if not all(_SLOT_LIKE.search(token) for token in [*old[i1:i2], *new[j1:j2]]):
            return False
    return True


class TextTask(StepwiseTask):
    """Anything else. A cached step is served only with evidence that it holds for the new
    prompt, and for free text the only evidence is that the prompts are the same up to the
    safe set (Unicode normalization form, line endings, outer whitespace). Any other
    change -- a letter's case, a punctuation mark, inner whitespace, a word, another question
    over the same RAG context, a chat follow-up -- fails every step, so the request is a miss.

    ``reinstantiate=True`` is an explicit opt-in for prompts whose answers depend on their
    names and numbers only where they mention them (templated prose): when the prompts
    differ only by one-for-one slot replacements, steps are rewritten with the new values
    and served, with that assumption named in their evidence. It is unsound for facts that
    depend on a slot without naming it ("capital of France" -> "of Germany": "Paris")."""

    name = "text"
    judge_may_approve = True

    def __init__(self, *, reinstantiate: bool = False) -> None:
        self.allow_reinstantiation = reinstantiate

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return True

    @property
    def catch_all(self) -> bool:  # type: ignore[override]
        """True unless a subclass narrows ``detect`` (then it is an ordinary, ordered task)."""
        return type(self).detect is TextTask.detect

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        return prompt_fingerprint(prompt)

    def verify(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
    ) -> Verification:
        if cached_constraints is None:
            return Verification([UnitCheck(f"step {i + 1}", True, evidence="fresh answer") for i in range(len(steps))])
        if same_prompt(cached_constraints, constraints):
            same = cached_constraints.get("prompt") == constraints.get("prompt")
            evidence = "prompt unchanged" if same else "prompt unchanged up to the safe set"
            return Verification([UnitCheck(f"step {i + 1}", True, evidence=evidence) for i in range(len(steps))])
        if self.allow_reinstantiation:
            return self._verify_substituted(steps, constraints, cached_constraints)
        reason = "the prompt's content changed; nothing shows this step still holds"
        return Verification([UnitCheck(f"step {i + 1}", False, reason) for i in range(len(steps))])

    def check_answer(self, steps: list[Step], constraints: dict[str, Any]) -> list[str]:
        """Non-empty; and a value it states for an unknown of the prompt's linear equations
        (a prompt the linear task declined: a word problem, an injected "Step 1: x = 5") must
        be the one those equations pin down."""
        errors = super().check_answer(steps, constraints)
        if errors:
            return errors
        return equation_claim_errors(str(constraints.get("prompt", "")), "".join(s.text for s in steps))

    def verification_level(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
        stored: VerificationLevel = "unchecked",
    ) -> VerificationLevel:
        """Free text has no checker: a fresh answer is "unchecked", or "checked" when it states a
        value for an unknown of the prompt's linear equations and that value was checked (the
        rest of its prose was not). A cached answer served for the same prompt (up to the safe
        set) is no more than it was stored as; one served under the opt-in slot substitution
        rests on an assumption, not a check: "unchecked"."""
        answer = "".join(step.text for step in steps)
        own: VerificationLevel = (
            "checked" if equation_claims_checked(str(constraints.get("prompt", "")), answer) else "unchecked"
        )
        if cached_constraints is None:
            return own
        if same_prompt(cached_constraints, constraints):
            return weakest(stored, own)
        return "unchecked"

    def _verify_substituted(
        self, steps: list[Step], constraints: dict[str, Any], cached_constraints: dict[str, Any]
    ) -> Verification:
        """Opt-in rule: slot-for-slot prompt changes, and the step names no replaced slot."""
        old_prompt, new_prompt = str(cached_constraints.get("prompt", "")), str(constraints.get("prompt", ""))
        if (
            cached_constraints.get("truncated")
            or constraints.get("truncated")
            or not _only_slot_replacements(old_prompt, new_prompt)
        ):
            reason = "the prompt changed beyond slot replacements"
            return Verification([UnitCheck(f"step {i + 1}", False, reason) for i in range(len(steps))])
        stale = stale_slots(extract_slots(old_prompt), extract_slots(new_prompt))
        units = []
        for i, step in enumerate(steps):
            old = next((s for s in stale if mentions(step.text, s)), None)
            if old is not None:
                units.append(UnitCheck(f"step {i + 1}", False, f"mentions {old!r}, which the new prompt changed"))
            else:
                evidence = "names no replaced slot (opt-in reinstantiate=True assumes that suffices)"
                units.append(UnitCheck(f"step {i + 1}", True, evidence=evidence))
        return Verification(units)

    def reinstantiate(
        self,
        steps: list[Step],
        cached_constraints: dict[str, Any],
        constraints: dict[str, Any],
    ) -> list[Step] | None:
        if not self.allow_reinstantiation:
            return None
        old_prompt, new_prompt = cached_constraints.get("prompt", ""), constraints.get("prompt", "")
        mapping = slot_mapping(old_prompt, new_prompt)
        stale = set(stale_slots(extract_slots(old_prompt), extract_slots(new_prompt)))
        # Only substitute slot values (names, numbers...), never ordinary changed words.
        mapping = {o: n for o, n in mapping.items() if o in stale}
        if not mapping:
            return None
        out: list[Step] = []
        for step in steps:
            text = step.text
            for old, new in mapping.items():
                text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w]|\.\d)", lambda _m, n=new: n, text)
            out.append(Step(text=text, kind=step.kind))
        return out
