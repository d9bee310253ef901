"""Mutation-check rows for the session of 2026-12-06 11:45 (main): red team 25's failed patch (a cache-made
answer that failed its checks is never served; the model answers the whole request). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ENGINE = "stepcache_integrations/core/engine.py"
_PATCHER = "stepcache_integrations/langchain/_patch_caller.py"
_RT25 = ("tests/adversarial/test_red_team_25_failed_patch.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s23-failed-patch-served", "a patch whose assembled object lacks a requested key (the model's sub-answer unusable) is served, unchecked, instead of the model's answer to the whole request",
     _ENGINE, 'if regenerate and plan.outcome == "patch" and attempt.errors and not attempt.rejected:', "if False:", _RT25),
    ("s23-whole-request-sends-the-patch-prompt", "the whole request re-sends the patch sub-prompt (the original messages are never asked)",
     _ENGINE, 'reply = yield AskModel("whole", plan.prompt)', 'reply = yield AskModel("whole", plan.generation_prompt)', _RT25),
    ("s23-whole-request-costs-uncounted", "the answer to the whole request hides the patch's call (model_calls counts one call)",
     _ENGINE, "    result.model_calls += spent.model_calls\n", "", _RT25),
    ("s23-patch-model-answers-whole", "the global cache's patch_model (not the request's model) answers the whole request after a failed patch",
     _PATCHER, "    answers_whole_request = False\n", "    answers_whole_request = True\n", _RT25),
]
# fmt: on
