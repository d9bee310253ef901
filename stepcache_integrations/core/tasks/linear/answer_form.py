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

__all__ = ["AnswerForm", "BOXED", "PLACEHOLDER", "SLOT", "TEMPLATE_WORDS", "in_language", "form_of_template", "is_json_form", "json_form", "json_keys", "json_values",
           "json_written", "read_answer_form", "value_in", "written_in"]

#: The slot as a stored template writes it.
SLOT = "<value>"
#: "Put the final answer in \boxed{}": the last line is the one value asked, boxed.
BOXED = "\\boxed{" + SLOT + "}"

#: The words a slot may name, in each table's language ("<value>", "<valor>", "<valeur>", "<Wert>",
#: "<valore>", "<значение>": wip/linN); a slot naming a form ("<decimal>", "<fraction>") is none.
PLACEHOLDER_WORDS = "value|answer|number|solution|result|valor|valeur|wert|valore|\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435"
PLACEHOLDER = r"<\s*(?:(?:the|your|final)\s+)*(?:" + PLACEHOLDER_WORDS + r")\s*>"
_PLACEHOLDER = PLACEHOLDER
#: A template's words in each table's language but English (its label, its slot's word): a quoted
#: template is read only in its own words ("Resposta: p = <valor>" in Portuguese, "So x equals
#: <value>." never in a Spanish prompt).
TEMPLATE_WORDS = {
    "es": frozenset({"respuesta", "valor"}), "pt": frozenset({"resposta", "valor"}),
    "fr": frozenset({"r\u00e9ponse", "valeur"}), "de": frozenset({"antwort", "wert"}),
    "it": frozenset({"risposta", "valore"}), "ru": frozenset({"\u043e\u0442\u0432\u0435\u0442", "\u0437\u043d\u0430\u0447\u0435\u043d\u0438\u0435"}),
    "ja": frozenset({"\u7b54\u3048"}), "zh": frozenset({"\u7b54\u6848"}),  # wip/linT: 「答え: k = …」, 「答案：x = …」
}
_OTHER_WORDS = frozenset().union(*TEMPLATE_WORDS.values())
_TEMPLATE_WORD = re.compile(r"[^\W\d_]{2,}")


def in_language(text: str, language: str) -> bool:
    """Whether the quoted template ``text`` is written in ``language``'s template words (English:
    none of another table's)."""
    words = _TEMPLATE_WORD.findall(text.lower())
    if language == "en":
        return not _OTHER_WORDS.intersection(words)
    return language in TEMPLATE_WORDS and all(word in TEMPLATE_WORDS[language] for word in words)
_UNKNOWN = r"[A-Za-z](?:_?[0-9]+)?"
_MARK = r"(?:\*\*|__)"
# "Answer:", "**Answer:**", "**Answer**:", "Final answer:", "Solution:", "Result:" (bold marks paired)
# (the answer's word in es/pt/fr/de/it/ru too, wip/linN: "Resposta:", "Réponse :", "Antwort:", "Ответ:")
_LABEL = (rf"(?P<open>{_MARK})?(?:final\s+answer|answer|solution|result|respuesta|resposta|r\u00e9ponse|antwort"
          rf"|risposta|\u043e\u0442\u0432\u0435\u0442|\u7b54\u3048|\u7b54\u6848)"  # wip/linT: ja 答え, zh 答案
          rf"(?:(?:(?P<close>{_MARK})?[ ]?:|[ ]?:(?P<close2>{_MARK})?)[ ]|\uff1a[ ]?)")
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
    exactly, the value a plain number), or None when the line is not the template filled; for a JSON
    form, the line itself when it is the object asked (its values: ``json_values``)."""
    if is_json_form(form):
        return None if json_values(form, line) is None else line.strip()
    before, after = form.split(SLOT, 1)
    match = re.fullmatch(re.escape(before) + f"({_VALUE})" + re.escape(after), line.strip())
    return None if match is None else match.group(1)


def form_of_template(unknown: str) -> AnswerForm:
    """The unquoted template "x = ..." as a form ("Answer in the form x = ..."): the line "x = 5"."""
    return AnswerForm(f"{unknown} = {SLOT}", unknown)


# -- the answer asked as a JSON object (wip/linI): 'reply as JSON like {"x": <value>}'. The template is
# an object whose every key is one unknown's letter and every value a slot ("<value>", "...",
# "number"); its line is that object with the exact value of each key's unknown as a JSON number
# (an integer or a terminating decimal: no string, no fraction, no other key, no key twice).
_JSON_SLOT = r"(?:" + _PLACEHOLDER + r"|\.\.\.|\u2026|<?\s*number\s*>?|\?)"
_JSON_MEMBER = r'"(' + _UNKNOWN + r')"\s?:\s?' + _JSON_SLOT
JSON_TEMPLATE = re.compile(r"\{\s?" + _JSON_MEMBER + r"(?:\s?,\s?" + _JSON_MEMBER + r")*\s?\}", re.IGNORECASE)


def json_form(template: str) -> str | None:
    """The stored form of a JSON template (the text of a ``JSON_TEMPLATE`` match), its slots written
    ``<value>``: '{"x": <value>, "y": <value>}'; None when a key is written twice."""
    keys = template.split('"')[1::2]  # a slot holds no quote: the quoted strings are the keys
    if len(set(keys)) != len(keys):
        return None
    return "{" + ", ".join(f'"{key}": {SLOT}' for key in keys) + "}"


def is_json_form(form: str) -> bool:
    return form.startswith("{")


def json_keys(form: str) -> list[str]:
    """The unknowns a stored JSON form's keys name, in written order."""
    return form.split('"')[1::2]


def json_written(form: str, values: dict[str, str]) -> str:
    """The object the JSON form asks for, each key's slot holding its unknown's value (written as
    a JSON number by the caller)."""
    return "{" + ", ".join(f'"{key}": {values[key]}' for key in json_keys(form)) + "}"


def json_values(form: str, line: str) -> dict[str, str] | None:
    """The numbers a line states for the JSON form's keys: the line is one JSON object whose keys
    are exactly the form's, each once, each value a JSON number (its text as written); None else."""
    import json

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        if len({key for key, _ in items}) != len(items):
            raise ValueError("a key written twice")
        return dict(items)

    number = _Number
    try:
        read = json.loads(line.strip(), object_pairs_hook=pairs, parse_int=number, parse_float=number,
                          parse_constant=lambda _c: None)
    except (ValueError, RecursionError):
        return None
    if not isinstance(read, dict) or set(read) != set(json_keys(form)):
        return None
    if not all(isinstance(value, _Number) for value in read.values()):
        return None
    return {key: str(value) for key, value in read.items()}


class _Number(str):
    """A JSON number's text as written (a string value is a plain ``str``, never this)."""
