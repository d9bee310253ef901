"""An answer its task's checks leave "unchecked" is never served for a request other than its own
(planner.vouched). Blind set 20 (i1144) found the JSON reader reading pt "Converta para JSON só com a
chave cidade: nome=Rui, cidade=Porto" with the cached prompt's keys: the cached object of both keys
was served, 0 model calls, level "unchecked" (the prompt was not read whole). Now such a candidate is
declined (one model call), in every table; the same request is still replayed as stored, and free
text's opt-in slot substitution (``reinstantiate=True``) still serves as the user asked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import TaskRegistry
from stepcache_integrations.core.tasks.text.task import TextTask

from .harness import FixedReplyModel, NeverRightModel

# (first, second): the second asks for fewer keys, or words no grammar reads, over the same data
_PAIRS = [
    ("Converta para JSON: nome=Rui, cidade=Porto", "Converta para JSON só com a chave cidade: nome=Rui, cidade=Porto"),
    ("Convert to JSON: name=Rui, city=Porto", "Convert to JSON only with the key city: name=Rui, city=Porto"),
    ("Convierte a JSON: nombre=Rui, ciudad=Porto", "Convierte a JSON solo con la clave ciudad: nombre=Rui, ciudad=Porto"),
    ("Convertis en JSON : nom=Rui, ville=Porto", "Convertis en JSON seulement avec la clé ville : nom=Rui, ville=Porto"),
    ("Wandle in JSON um: name=Rui, stadt=Porto", "Wandle in JSON um, nur mit dem Schlüssel stadt: name=Rui, stadt=Porto"),
    ("Converti in JSON: nome=Rui, citta=Porto", "Converti in JSON solo con la chiave citta: nome=Rui, citta=Porto"),
    ("Преврати в JSON: имя=Rui, город=Porto", "Преврати в JSON только с ключом город: имя=Rui, город=Porto"),
    ("把 name=Rui, city=Porto 转成 JSON", "把 name=Rui, city=Porto 转成 JSON，只要 city 这个键"),
    ("JSONで：name=Rui、city=Porto", "JSONで、cityのキーだけ：name=Rui、city=Porto"),
    ("Convert to JSON: name=Rui, city=Porto", "Convert to JSON with the key city: name=Rui, city=Porto"),
    ("Return JSON with keys name and city: name Rui, city Porto",
     "Return JSON with keys name and city, and drop name: name Rui, city Porto"),
]
_BOTH = '{"name": "Rui", "city": "Porto"}'


@pytest.mark.parametrize(("first", "second"), _PAIRS, ids=[f"pair-{i}" for i in range(len(_PAIRS))])
def test_an_unchecked_answer_is_not_served_for_another_request(first: str, second: str) -> None:
    for model in (NeverRightModel(), FixedReplyModel(_BOTH)):
        cache = StepCache()
        cache.generate(first, model)
        before = model.calls
        result = cache.generate(second, model)
        served = model.calls == before
        assert not (served and result.verification == "unchecked"), (second, result.outcome, result.text)


@pytest.mark.parametrize(("first", "second"), _PAIRS, ids=[f"pair-{i}" for i in range(len(_PAIRS))])
def test_the_same_request_is_still_replayed(first: str, second: str) -> None:
    keys = re.findall(r"(\w+)[= ](?:Rui|Porto)\b", first)  # the object of the pair's data, in its keys
    answer = json.dumps(dict(zip(keys, ["Rui", "Porto"])), ensure_ascii=False)
    cache, model = StepCache(), FixedReplyModel(answer)
    cache.generate(second, model)
    again = cache.generate(second, model)
    assert model.calls == 1 and again.text == answer, (again.outcome, again.text)


def test_free_texts_opt_in_substitution_still_serves() -> None:
    cache = StepCache(tasks=TaskRegistry([TextTask(reinstantiate=True)]))
    model = FixedReplyModel("Dear Ana, your order has shipped.")
    cache.generate("Write a one-line shipping notice for Ana.", model)
    result = cache.generate("Write a one-line shipping notice for Eve.", model)
    assert model.calls == 1 and result.verification == "unchecked"


def test_no_served_answer_of_the_dev_sets_is_unchecked() -> None:
    """Held-out set 19 (dev data): every JSON pair's second prompt served without a model call is
    served at a level a check gave it."""
    root = Path(__file__).parents[2] / "bench_data"
    pairs = [p for name in ("heldout_phrasings_19.json", "heldout_languages_19.json")
             for p in json.loads((root / name).read_text(encoding="utf-8")) if p["task"] == "json"]
    for pair in pairs:
        cache, model = StepCache(), NeverRightModel()
        cache.generate(pair["first"], model)
        before = model.calls
        result = cache.generate(pair["second"], model)
        assert model.calls > before or result.verification != "unchecked", (pair["id"], result.text)
