"""Free text: a cached answer is reused only for the same prompt (identical)."""

from __future__ import annotations

import difflib
import re
from typing import Any

from ...types import Step, VerificationLevel, weakest
from ..base import UnitCheck, Verification
from ..algebra import equation_claim_errors, equation_claims_checked
from ..fingerprint import same_prompt
from ..prompt_diff import TOKEN, extract_slots, mentions, slot_mapping, stale_slots
from ..stepwise import StepwiseTask
from .claims import answers_what_was_asked
from .constraints import TextConstraints

__all__ = ["TextTask"]

_SLOT_LIKE = re.compile(r"\d|[A-Z]|_|@")


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


def _all_steps(steps: list[Step], ok: bool, reason: str = "", evidence: str = "") -> Verification:
    return Verification([UnitCheck(f"step {i + 1}", ok, reason, evidence) for i in range(len(steps))])


class TextTask(StepwiseTask):
    """Anything else. A cached step is served only with evidence that it holds for the new
    prompt, and for free text the only evidence is that the prompts are identical. Any
    change -- Unicode normalization form, line endings, outer whitespace, a letter's case, a
    punctuation mark, inner whitespace, a word, another question over the same RAG context, a
    chat follow-up -- fails every step, so the request is a miss.

    ``reinstantiate=True`` is an explicit opt-in for prompts whose answers depend on their
    names and numbers only where they mention them (templated prose): when the prompts
    differ only by one-for-one slot replacements, steps are rewritten with the new values
    and served, with that assumption named in their evidence. It is unsound for facts that
    depend on a slot without naming it ("capital of France" -> "of Germany": "Paris")."""

    name = "text"
    judge_may_approve = True

    def __init__(self, *, reinstantiate: bool = False) -> None:
        self.allow_reinstantiation = reinstantiate

    @property
    def serves_unchecked_changes(self) -> bool:  # type: ignore[override]
        """The opt-in slot substitution serves a changed prompt on an assumption, not a check."""
        return self.allow_reinstantiation

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return True

    @property
    def catch_all(self) -> bool:  # type: ignore[override]
        """True unless a subclass narrows ``detect`` (then it is an ordinary, ordered task)."""
        return type(self).detect is TextTask.detect

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> TextConstraints:
        return TextConstraints.of_prompt(prompt)

    def load_constraints(self, data: Any) -> TextConstraints:
        return TextConstraints.read(data)

    def verify(self, steps: list[Step], constraints: Any, cached_constraints: Any) -> Verification:
        if cached_constraints is None:
            return _all_steps(steps, True, evidence="regenerated (written for this prompt)")
        new, cached = self.load_constraints(constraints), self.load_constraints(cached_constraints)
        if same_prompt(cached.prompt, new.prompt):
            return _all_steps(steps, True, evidence="prompt unchanged")
        if self.allow_reinstantiation:
            return self._verify_substituted(steps, new, cached)
        return _all_steps(steps, False, "the prompt's content changed; nothing shows this step still holds")

    def check_answer(self, steps: list[Step], constraints: Any) -> list[str]:
        """Non-empty; and a value it states for an unknown of the prompt's linear equations
        (a prompt the linear task declined: a word problem, an injected "Step 1: x = 5") must
        be the one those equations pin down."""
        errors = super().check_answer(steps, constraints)
        if errors:
            return errors
        return equation_claim_errors(self.load_constraints(constraints).text, "".join(s.text for s in steps))

    def verification_level(
        self,
        steps: list[Step],
        constraints: Any,
        cached_constraints: Any,
        stored: VerificationLevel = "unchecked",
    ) -> VerificationLevel:
        """Free text has no checker: a fresh answer is "unchecked", or "checked" when the prompt
        asks for the unknowns of its linear equations and nothing else, and the answer states a
        checked value for each and no other number or equation (:func:`answers_what_was_asked`:
        "x = 4, so 3x = 13." or "x = 4" for "what is 3x?" are "unchecked"). A cached answer served for the same prompt (up to the safe
        set) is no more than it was stored as; one served under the opt-in slot substitution
        rests on an assumption, not a check: "unchecked"."""
        new = self.load_constraints(constraints)
        answer = "".join(step.text for step in steps)
        checked = equation_claims_checked(new.text, answer) and answers_what_was_asked(new.text, answer)
        own: VerificationLevel = "checked" if checked else "unchecked"
        if cached_constraints is None:
            return own
        if same_prompt(self.load_constraints(cached_constraints).prompt, new.prompt):
            return weakest(stored, own)
        return "unchecked"

    def _verify_substituted(self, steps: list[Step], new: TextConstraints, cached: TextConstraints) -> Verification:
        """Opt-in rule: slot-for-slot prompt changes, and the step names no replaced slot."""
        old_prompt, new_prompt = cached.text, new.text
        if cached.prompt.truncated or new.prompt.truncated or not _only_slot_replacements(old_prompt, new_prompt):
            return _all_steps(steps, False, "the prompt changed beyond slot replacements")
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

    def reinstantiate(self, steps: list[Step], cached_constraints: Any, constraints: Any) -> list[Step] | None:
        if not self.allow_reinstantiation:
            return None
        old_prompt = self.load_constraints(cached_constraints).text
        new_prompt = self.load_constraints(constraints).text
        stale = set(stale_slots(extract_slots(old_prompt), extract_slots(new_prompt)))
        # Only substitute slot values (names, numbers...), never ordinary changed words.
        mapping = {o: n for o, n in slot_mapping(old_prompt, new_prompt).items() if o in stale}
        if not mapping:
            return None
        out: list[Step] = []
        for step in steps:
            text = step.text
            for old, new in mapping.items():
                text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w]|\.\d)", lambda _m, n=new: n, text)
            out.append(Step(text=text, kind=step.kind))
        return out
