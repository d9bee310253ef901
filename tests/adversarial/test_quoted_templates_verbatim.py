"""A quoted answer template is the line the user asks for, character for character (red team round 8,
W8: 376 pairs served verified with the template rewritten: '"Result: x=<value>"' -> "Result: x = 9",
'"Solution - x = <value>"' -> "Answer: x = 0", '"(Answer: x = <value>)"' -> "Answer: x = 2", a final
point dropped, a Russian label's spacing changed).

Every template below is built from labels, separators, spellings of "x =", placeholders, wrappers and
quote marks. After a cached plain request, the new request with the template is either answered by
the model, or its answer's last line is the template with the proven value in its slot, verbatim."""

from __future__ import annotations

import itertools

import pytest

from stepcache_integrations import StepCache

from .harness import FixedReplyModel

CACHED = "Solve 3x + 1 = 10 for x."
CACHED_ANSWER = "Step 1: Subtract 1 from both sides: 3x = 9.\nStep 2: Divide both sides by 3: x = 3.\nAnswer: x = 3"
VALUE = "2"  # 3x + 1 = 7

LABELS = ("Answer", "Final answer", "Result", "Solution", "**Answer**", "Ответ", "")
SEPARATORS = (": ", ":", " : ", " - ", ":  ", ":\t")
UNKNOWNS = ("x = ", "x=", "x =", "x= ", "")
PLACEHOLDERS = ("<value>", "?", "...", "<answer>")
WRAPPERS = ("{}", "({})", "'{}'", "{}.", "[{}]")
QUOTES = ('"{}"', "\u201c{}\u201d", "\u00ab{}\u00bb")


def _templates() -> list[tuple[str, str]]:
    out = []
    for label, sep, unknown, slot in itertools.product(LABELS, SEPARATORS, UNKNOWNS, PLACEHOLDERS):
        if not label and sep != SEPARATORS[0]:
            continue
        if slot != "<value>" and not unknown:
            continue  # "Answer: ?" is no template of a value
        line = (label + sep if label else "") + unknown + slot
        out.append((line, slot))
    return out


TEMPLATES = _templates()
CASES = [(wrapper.format(line), slot, quote) for (line, slot) in TEMPLATES for wrapper in WRAPPERS for quote in QUOTES]


def _filled(template: str, slot: str) -> str:
    # the placeholder is the last one in the line ("x = ?" has one; a wrapper adds none)
    at = template.rindex(slot)
    return template[:at] + VALUE + template[at + len(slot):]


@pytest.mark.parametrize(("template", "slot", "quote"), CASES[::13])
def test_a_quoted_template_is_written_verbatim_or_reaches_the_model(template: str, slot: str, quote: str) -> None:
    prompt = f"Solve 3x + 1 = 7 for x. End with {quote.format(template)}."
    cache = StepCache()
    cache.generate(CACHED, FixedReplyModel(CACHED_ANSWER))
    model = FixedReplyModel("MODEL")
    result = cache.generate(prompt, model)
    if model.calls:
        return
    last = result.text.strip().splitlines()[-1]
    assert last == _filled(template, slot), (prompt, result.outcome, result.text)


def test_the_red_team_templates() -> None:
    served = {}
    for template in ("Result: x=<value>", "Answer: x = <value>.", "Answer:x=<value>", "x=?", "Answer : x = <value>",
                     "Solution - x = <value>", "(Answer: x = <value>)", "Answer: '<value>'", "Answer - x = <value>",
                     "x = ....", "Result: x = ?"):
        cache = StepCache()
        cache.generate(CACHED, FixedReplyModel(CACHED_ANSWER))
        model = FixedReplyModel("MODEL")
        result = cache.generate(f'Solve 3x + 1 = 7 for x. End with "{template}".', model)
        served[template] = None if model.calls else result.text.strip().splitlines()[-1]
    # read and written verbatim
    assert served["Result: x=<value>"] == "Result: x=2"
    assert served["Answer: x = <value>."] == "Answer: x = 2."
    assert served["x=?"] == "x=2"
    # no declared form: the model answers
    assert served["Solution - x = <value>"] is None and served["(Answer: x = <value>)"] is None
    assert served["Answer: '<value>'"] is None and served["Answer - x = <value>"] is None
    assert served["x = ...."] is None  # "<value>." or ".<value>": read two ways
    assert served["Result: x = ?"] == "Result: x = 2"
    # whatever else is served is the template verbatim
    for template in ("Answer:x=<value>", "Answer : x = <value>"):
        assert served[template] in (None, template.replace("<value>", "2")), (template, served[template])


def test_a_russian_template_is_no_claim() -> None:
    cache = StepCache()
    cache.generate("Реши 3x + 1 = 10.", FixedReplyModel("3x = 9\nx = 3"))
    model = FixedReplyModel("MODEL")
    cache.generate('Реши 3x + 1 = 7. Закончи "Ответ: x=<value>".', model)
    assert model.calls == 1
