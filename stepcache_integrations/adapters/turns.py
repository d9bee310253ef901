"""A conversation's newest question read alone: the one rule both adapters follow (issue 33, item 4; wip/adaptD).

A chat request with history ("user: What is 3 + 4?", "assistant: 3 + 4 = 7.", "user: What is 3 + 5?") is a
multi-turn text no task reads, so the step tier made no claim on it and every follow-up went to the model.
The newest user turn is read alone (the step tier's prompt is the system turn, if any, and that turn; its
entries are those of the same request asked alone) only with positive evidence that no earlier turn can
change its answer:

* the turns are an optional system turn first, then user and assistant turns alternating, ending with the
  user's; at most :data:`MAX_EXCHANGES` exchanges before it;
* every earlier user turn is read by a task, alone, as a problem that asks no format and sets no convention
  (``TaskHandler.plain_problem``: the arithmetic question asked plainly, the linear problem with no format,
  answer label or template, the JSON request read whole with no transform and no schema); one holding a
  turn label, a chat tag or an arrow (a transcript or a few-shot block of its own) is not read;
* every assistant turn is a proven answer to the user turn before it (its task's checks pass and prove
  every part of it: ``verification_level`` "proven") with nothing around it (``TaskHandler.answer_alone``: a
  JSON object alone): no prose in it, so no convention announced there; and written as the cache serves its
  question in the format the newest question is served in (``written_as_served``; an earlier answer shows the form
  the user expects the reply in): the linear values alone as the cache writes them ("x = 3", not "x = 3.0" or "3"
  alone), the arithmetic answer exactly as its fallback writes it ("3 + 4 = 7." for "What is 3 + 4?"; "7" only
  before a question that asks the number alone; not "7", "The answer is 7." or "**7**" before "What is 3 + 5?",
  red team 30b B3, wip/histK);
* the newest turn, with the system turn, is read by a task as a problem (it has a problem key); the system
  turn is read by the tasks' own persona rules there (a persona or none).

A request of a system turn and one user turn read as a problem (:func:`question_after_system`; a newest turn
read alone is one) is keyed as the prompt's text alone: both adapters meet the entries of the same question
asked without the system turn when the tasks read that turn as a persona (LangChain always did; LlamaIndex keyed
the turns' roles and lengths apart, wip/adaptE).

Anything else (a convention set earlier: "from now on answer in binary", "use base 7", "answer in French";
a follow-up that refers back: "and times 2?", "now add 5 to that"; a correction: "no, x is 5"; an earlier
turn no task reads; a wrong or wordy assistant turn) keeps the whole conversation as the prompt: no claim
for the step tier, the exact tier answers as before. The model is still sent the whole conversation: only
the step tier's prompt and entries are those of the newest turn read alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..core.engine import answer_judged, stands_for
from ..errors import InvalidPromptError

__all__ = ["MAX_EXCHANGES", "Alone", "alone_turns", "question_after_system"]

MAX_EXCHANGES = 8  # earlier user/assistant pairs read at most: a longer history is no claim

# A turn label, a chat tag or a few-shot arrow inside a user's turn: a transcript of its own (the linear
# reader blanks such history in a prompt; as an earlier turn it is not read).
_OWN_TRANSCRIPT = re.compile(
    r"(?im)^[ \t]*(?:system|user|human|assistant|ai)[ \t]*:|<\||\[(?:system|user|human|assistant)\]|^[ \t]*###|->|\u2192")

Turn = tuple[str, str]  # (role: "system", "user" or "assistant"; the turn's text)
Render = Callable[[list[int], str], str]  # the step tier's prompt of the turns at these indices, the last one's text this


class Alone(NamedTuple):
    """A conversation's newest turn read alone: the turns kept, and the newest turn's text as the step tier reads it."""

    kept: list[int]
    newest: str


def alone_turns(engine: Any, turns: Sequence[Turn], render: Render) -> Alone | None:
    """The turns the step tier reads (the system turn, if any, and the newest user turn: their indices) and the
    newest turn's text as it reads it, when the rule above holds, else None. ``render(at, newest)`` writes the step
    tier's prompt of the turns at ``at``, the last one's text ``newest``. The text is the turn as written, or, when
    every earlier answer is written in the form a format of the newest question's task asks (the number alone:
    "7"), the turn with that format asked in its own words (``alone_form_asked``): keyed and enforced as if the
    user had asked it (wip/histK)."""
    start = 1 if turns and turns[0][0] == "system" else 0
    body = [role for role, _ in turns[start:]]
    exchanges = (len(body) - 1) // 2
    if not 1 <= exchanges <= MAX_EXCHANGES or body != ["user", "assistant"] * exchanges + ["user"]:
        return None
    kept = [*range(start), len(turns) - 1]
    texts = [text for _, text in turns[start:]]
    newest = _planned(engine, render(kept, texts[-1]))
    if not _has_problem_key(newest):
        return None
    if _history_read_away(engine, texts, newest, same_task=False):
        return Alone(kept, texts[-1])
    ask = getattr(newest.handler, "alone_form_asked", None)
    asked = None if ask is None else ask(texts[-1], newest.constraints)
    if asked is None:
        return None
    newest = _planned(engine, render(kept, asked))  # the form the history shows, asked as the user would ask it
    if not _has_problem_key(newest) or not _history_read_away(engine, texts, newest, same_task=True):
        return None
    return Alone(kept, asked)


def _history_read_away(engine: Any, texts: list[str], newest: Any, *, same_task: bool) -> bool:
    """Whether every earlier exchange is a plain problem and its proven answer written as the cache serves it in
    the newest question's format; ``same_task``: each read by the newest question's task (one form for all)."""
    return all(_answered_plainly(engine, texts[i], texts[i + 1], newest, same_task) for i in range(0, len(texts) - 1, 2))


def question_after_system(engine: Any, turns: Sequence[Turn], render: Callable[[], str]) -> bool:
    """Whether a request of one system turn and then one user turn (the first turn of a chat engine with a
    ``system_prompt``, a conversation's newest turn read alone) is read by a task as a problem from its prompt
    (``render()``): it has a problem key (wip/adaptE, red team 27b).

    Then what the system turn says is read by the tasks' own rules, in the prompt: a persona ("You are a
    helpful assistant.") or a format the task reads and enforces; anything else there ("Always answer 42.",
    "Answer in French.", "All numbers are in base 8.", "You are a pirate.") leaves no problem read, and this is
    False. When True, the turns' roles and lengths are not keyed apart from the prompt's text: the request meets
    the entries of the same question asked alone, as LangChain's message lists always did (LlamaIndex keyed them
    and so never served a chat engine's first turn from the question cached outside the chat)."""
    if [role for role, _ in turns] != ["system", "user"]:
        return False
    return _read_as_problem(engine, render())


def _planned(engine: Any, prompt: str) -> Any:
    try:
        return engine.prepare(prompt)
    except InvalidPromptError:
        return None


def _answered_plainly(engine: Any, asked: str, answered: str, newest: Any, same_task: bool = False) -> bool:
    """Whether ``asked`` is read alone as a plain problem and ``answered`` is a proven answer to it, written as the
    cache serves it in the format the newest question (``newest``, its plan) is served in."""
    if _OWN_TRANSCRIPT.search(asked):
        return False
    plan = _planned(engine, asked)
    if plan is None:
        return False
    handler, constraints = plan.handler, plan.constraints
    plain = getattr(handler, "plain_problem", None)
    if plain is None or not plain(constraints) or (same_task and handler is not newest.handler):
        return False
    steps, errors, level = answer_judged(plan, answered)  # as the engine judges an answer it is asked to store
    if errors or not answered.strip():
        return False
    if level != "proven":
        return False
    # the form the turn shows is the form the user expects the reply in (red teams 30, 30b, histK)
    as_served = getattr(handler, "written_as_served", None)
    served_in = newest.constraints if newest.handler is handler else None  # the newest question's own format
    if as_served is not None and not as_served(answered, constraints, served_in):
        return False
    return stands_for(handler, answered, "".join(step.text for step in steps), level, constraints)


def _read_as_problem(engine: Any, prompt: str) -> bool:
    """Whether a task reads ``prompt`` as a problem (it has a problem key)."""
    return _has_problem_key(_planned(engine, prompt))


def _has_problem_key(plan: Any) -> bool:
    keys = None if plan is None else getattr(plan.handler, "problem_key", None)
    return keys is not None and keys(plan.constraints) is not None
