"""Quoted answer templates ("End with "**Answer:** x = <value>"."): the last line the user asks for.

A template is text the engine writes verbatim with the proven value in its one slot, so it is read
only when every word of it is declared here and the line it asks for states the asked value and
nothing else: an optional label ("Answer:", "**Final answer:**"), the unknown with "=", "equals"
or "is", or "the solution/answer/result is", then the slot and at most a closing point. Anything
else ("x > <value>", "<value> + 1", "approximately <value>", two slots, another language) is no
template this task reads: the prompt is not claimed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["AnswerForm", "BOXED", "SLOT", "form_of_template", "read_answer_form", "value_in", "written_in"]

#: The slot as a stored template writes it.
SLOT = "<value>"
#: "Put the final answer in \boxed{}": the last line is the one value asked, boxed.
BOXED = "\\boxed{" + SLOT + "}"

_PLACEHOLDER = r"<\s*(?:(?:the|your|final)\s+)*(?:value|answer|number|solution|result)\s*>"
_UNKNOWN = r"[A-Za-z](?:_?[0-9]+)?"
_MARK = r"(?:\*\*|__)"
# "Answer:", "**Answer:**", "**Answer**:", "Final answer:", "Solution:", "Result:" (bold marks paired)
_LABEL = (rf"(?P<open>{_MARK})?(?:final\s+answer|answer|solution|result)"
          rf"(?:(?P<close>{_MARK})?:|:(?P<close2>{_MARK})?)[ ]")
_LEAD = r"(?:(?:so|thus|therefore|hence),?[ ])?"
_FORMS = (
    # [label | so] x = <value>  /  label <value>
    re.compile(rf"(?:{_LABEL}|{_LEAD})(?P<unknown>{_UNKNOWN})[ ]?=[ ]?(?P<slot>{_PLACEHOLDER})\.?", re.IGNORECASE),
    re.compile(rf"{_LABEL}(?P<slot>{_PLACEHOLDER})\.?", re.IGNORECASE),
    # [so] x equals <value>.  /  [so] x is <value>.
    re.compile(rf"{_LEAD}(?P<unknown>{_UNKNOWN})[ ](?:equals|is)[ ](?P<slot>{_PLACEHOLDER})\.?", re.IGNORECASE),
    # [so] the solution is <value>.
    re.compile(rf"{_LEAD}the[ ](?:final[ ])?(?:solution|answer|result)[ ]is[ ](?P<slot>{_PLACEHOLDER})\.?",
               re.IGNORECASE),
)
_VALUE = r"-?[0-9]+(?:/[0-9]+|\.[0-9]+)?"


@dataclass(frozen=True)
class AnswerForm:
    """A declared answer template: its text with the slot written ``<value>``, and the unknown it
    names ("" when the slot stands for the one thing asked)."""

    text: str
    unknown: str


def read_answer_form(text: str) -> AnswerForm | None:
    """The declared template ``text`` is (the inside of the quotes), or None."""
    text = text.strip()
    if "\n" in text or text.count("<") != 1:
        return None  # one slot, one line
    for form in _FORMS:
        match = form.fullmatch(text)
        if match is None:
            continue
        if match.groupdict().get("open") and match.group("open") != (match.group("close") or match.group("close2")):
            return None  # "**Answer: x = <value>": a bold mark the template never closes
        if not match.groupdict().get("open") and (match.groupdict().get("close") or match.groupdict().get("close2")):
            return None
        slot = match.span("slot")
        return AnswerForm(text[: slot[0]] + SLOT + text[slot[1] :], match.groupdict().get("unknown") or "")
    return None


def written_in(form: str, value: str) -> str:
    """The template ``form`` (a stored :attr:`AnswerForm.text`) with ``value`` in its slot: the
    line the engine writes."""
    return form.replace(SLOT, value, 1)


def value_in(form: str, line: str) -> str | None:
    """The value ``line`` states in the slot of the template ``form`` (the line is the template
    exactly, the value a plain number), or None when the line is not the template filled."""
    before, after = form.split(SLOT, 1)
    match = re.fullmatch(re.escape(before) + f"({_VALUE})" + re.escape(after), line.strip())
    return None if match is None else match.group(1)


def form_of_template(unknown: str) -> AnswerForm:
    """The unquoted template "x = ..." as a form ("Answer in the form x = ..."): the line "x = 5"."""
    return AnswerForm(f"{unknown} = {SLOT}", unknown)
