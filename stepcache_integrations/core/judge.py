"""The optional judge: a model asked whether a cached text answer also answers a reworded prompt.

Pure: the planner's plan says whether to ask and what; the lookup flow yields the question
as a model request and hands the reply back here. Only the judge's explicit "YES" turns the
plan into reuse; any other reply (or a failing reply) leaves the plan as verification left it.
"""

from __future__ import annotations

import re

from .planner import CachePlan
from .types import LLMResponse, Step

__all__ = ["judge_prompt", "apply_verdict"]

_MAX_QUOTED = 4000  # characters of each prompt and answer quoted to the judge
_YES = re.compile(r"^\W*yes\b", re.IGNORECASE)


def judge_prompt(plan: CachePlan) -> str | None:
    """The judge's question for this plan, or None when the judge has nothing to decide."""
    entry = plan.entry
    if entry is None or not plan.handler.judge_may_approve or plan.outcome not in ("patch", "skip_reuse"):
        return None
    return (
        "A cached answer was written for an earlier request. Decide whether it answers the new "
        "request exactly as well: same question, same facts, same constraints.\n\n"
        f"Earlier request:\n{entry.prompt[:_MAX_QUOTED]}\n\n"
        f"Cached answer:\n{entry.text[:_MAX_QUOTED]}\n\n"
        f"New request:\n{plan.prompt[:_MAX_QUOTED]}\n\n"
        "Reply with YES if the cached answer is correct and complete for the new request, "
        "otherwise NO, then one short reason."
    )


def apply_verdict(plan: CachePlan, reply: LLMResponse | None) -> None:
    """Record the judge's reply (None: the judge failed); on YES, serve the cached answer as stored."""
    if reply is None:
        plan.errors.append("judge failed; not reusing without its verdict")
        return
    plan.judge_reply = reply
    verdict = " ".join(reply.text.split())[:200]
    if plan.entry is None or not _YES.match(reply.text):
        plan.errors.append(f"judge declined reuse: {verdict or '(empty reply)'}")
        return
    steps = [Step(text=s.text, kind=s.kind, meta=s.meta) for s in plan.entry.steps]
    plan.outcome = "reuse"
    plan.steps = plan.handler.present(steps, plan.constraints)
    plan.provenance = ["reused"] * len(plan.steps)
    plan.step_evidence = [f"judge approved reuse: {verdict}"] * len(plan.steps)
    plan.generation_prompt, plan.prefix_text = None, ""
    plan.errors = []
