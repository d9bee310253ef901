"""Hit-path shortcuts of issue 33 item 5, round 4: each skips only work whose result is already
known, so the shortcut cannot serve what the full check refuses.

* ``_closest`` (the problem-key tier's order of a problem's entries) is lazy: the newest entry
  sharing every field of the new reading comes first without the others being scored. The order
  is the full sort's, always (a property over drawn entries), and each entry is still checked in
  full: a tampered newest entry is never served.
"""

from __future__ import annotations

import pytest

import random
from typing import Any

from stepcache_integrations import StepCache
from stepcache_integrations.core.problem_key_tier import TIER, _closest, _shared
from stepcache_integrations.core.tasks import LinearEquationTask
from stepcache_integrations.core.types import CacheEntry, Step

MATH = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
LINEAR = LinearEquationTask()


def answer(a: int, b: int, c: int) -> str:
    x = (c - b) // a
    return (
        f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}"
    )


def no_model(prompt: str) -> str:
    raise AssertionError(f"the model must not be called: {prompt!r}")


class Model:
    def __init__(self, reply: str) -> None:
        self.reply, self.calls = reply, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.reply


# -- _closest: the full sort's order, lazily ------------------------------------------------------
class Scored:
    """An entry whose stored constraints count how often they are read (scored)."""

    def __init__(self, name: int, constraints: Any) -> None:
        self.name, self._constraints, self.reads = name, constraints, 0

    @property
    def constraints(self) -> Any:
        self.reads += 1
        return self._constraints


def full_sort(entries: list[Any], constraints: Any) -> list[Any]:
    """The order before the shortcut: every entry scored, sorted by (-score, position)."""
    if len(entries) < 2:
        return entries
    new = dict(constraints)
    return [e for _, e in sorted(enumerate(entries), key=lambda item: (-_shared(item[1]._constraints, new), item[0]))]


def drawn_reading(rng: random.Random, new: dict[str, Any]) -> Any:
    """A stored reading like ``new``: equal, a field changed, a list reordered, a field missing or
    extra, or not a mapping at all."""
    kind = rng.randrange(7)
    out = dict(new)
    if kind == 0:
        return out
    if kind == 1:
        out[rng.choice(sorted(out))] = "other"
    elif kind == 2:
        out["params"] = list(reversed(out["params"]))
    elif kind == 3:
        del out[rng.choice(sorted(out))]
    elif kind == 4:
        out["extra"] = 1
    elif kind == 5:
        out["equation_texts"] = ["9x = 1"]
        out["params"] = list(reversed(out["params"]))
    else:
        return None
    return out


def test_the_lazy_order_is_the_full_sorts_order() -> None:
    """Over drawn lists of entries (the newest equal to the new reading or not, ties, lists
    reordered, fields missing or extra, readings that are no mapping), the lazy order is exactly
    the order of scoring every entry, and no entry is yielded twice or left out."""
    rng = random.Random(7)
    new = dict(LINEAR.constraints(MATH.format(eq="3x + 5 = 20")))
    for _ in range(3000):
        entries = [Scored(i, drawn_reading(rng, new)) for i in range(rng.randint(0, 7))]
        assert [e.name for e in _closest(entries, new)] == [e.name for e in full_sort(entries, new)]
        assert [e.name for e in _closest(entries, LINEAR.constraints(MATH.format(eq="3x + 5 = 20")))] == [
            e.name for e in full_sort(entries, new)
        ]


def test_the_newest_entry_sharing_every_field_comes_first_unscored_others() -> None:
    """The first entry read, when it shares every field, is yielded before any other is scored;
    the others are scored only when a second candidate is asked for. An entry that shares less
    is never yielded first without every entry scored."""
    new = dict(LINEAR.constraints(MATH.format(eq="3x + 5 = 20")))
    entries = [Scored(i, dict(new)) for i in range(5)]
    order = _closest(entries, new)
    assert next(order) is entries[0]
    assert [e.reads for e in entries[1:]] == [0, 0, 0, 0]
    assert [e.name for e in order] == [1, 2, 3, 4]
    assert all(e.reads >= 1 for e in entries[1:])
    changed = dict(new, equation_texts=["20 = 5 + 3x"])
    entries = [Scored(0, changed), *(Scored(i, dict(new)) for i in range(1, 4))]
    assert next(_closest(entries, new)) is entries[1]  # the closest, found by scoring them all
    assert all(e.reads >= 1 for e in entries)


def tamper(cache: StepCache, entry_id: str, text: str) -> None:
    """The stored entry's steps replaced in place (around every check), as a corrupted store would."""
    entry = cache.store.get(entry_id)
    assert entry is not None
    entry.steps = [Step(text=text)]


def test_a_tampered_newest_entry_is_checked_in_full_and_never_served() -> None:
    """A problem cached three times; the newest entry (first in the lazy order, sharing every field)
    has its steps replaced by a wrong answer: the next entry of the problem serves, rightly."""
    cache = StepCache()
    prompt = MATH.format(eq="3x + 5 = 20")
    ids = [cache.store_answer(prompt, answer(3, 5, 20)) for _ in range(3)]
    assert all(ids)
    tamper(cache, ids[-1], "Step 1: x = 6.\nAnswer: x = 6")
    result = cache.generate(prompt.replace("Solve", "Please solve"), no_model)
    assert result.tier == TIER and result.outcome == "reuse" and result.verification == "proven"
    assert result.matched_entry_id == ids[-2] and result.text.endswith("Answer: x = 5") and "x = 6" not in result.text


def test_every_entry_tampered_reaches_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every entry of the problem tampered: none serves, the model answers (and rightly)."""
    # the rewrite itself (the engine's own derivation, written when a rewrite fails since wip/linK, off)
    monkeypatch.setattr("stepcache_integrations.core.tasks.linear.task._same_kind", lambda *a: False)
    # (with it on, the engine's derivation answers, proven: test_linear_reach_linK.py)
    cache = StepCache()
    prompt = MATH.format(eq="3x + 5 = 20")
    ids = [cache.store_answer(prompt, answer(3, 5, 20)) for _ in range(3)]
    for entry_id in ids:
        assert entry_id is not None
        tamper(cache, entry_id, "Step 1: x = 6.\nAnswer: x = 6")
    model = Model(answer(3, 5, 20))
    result = cache.generate(prompt.replace("Solve", "Please solve"), model)
    assert model.calls == 1 and result.tier is None and result.text.endswith("Answer: x = 5")
    assert "x = 6" not in result.text


# -- a rewrite's checks are not kept by digest ----------------------------------------------------
def test_a_rewrites_checks_are_checked_in_full_and_not_kept_by_digest() -> None:
    """A re-instantiation's verify and level (against the entry it was rewritten from, met by no
    later request) add no proof kept by digest; only its final check (no cached constraints) is
    kept. The rewrite is served, proven and right; the seeded proofs stay."""
    from stepcache_integrations.core.planner import PROOFS

    cache = StepCache()
    assert cache.store_answer(MATH.format(eq="7x + 11 = 60"), answer(7, 11, 60))
    before = len(PROOFS.digests)
    result = cache.generate(MATH.format(eq="7x + 11 = 81"), no_model)
    assert result.outcome == "reinstantiate" and result.tier == TIER and result.verification == "proven"
    assert result.text.endswith("Answer: x = 10") and "Subtract 11 from both sides: 7x = 70" in result.text
    assert len(PROOFS.digests) - before == 1  # the final check alone


def test_a_wrong_rewrite_is_refused_whatever_the_digests_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rewrite's verify is neither looked up by digest: a proof kept under any digest cannot
    pass a rewrite the check refuses (9x + 36 = 162 rewritten for 198 states 9x = 126)."""
    # the rewrite itself (the engine's own derivation, written when a rewrite fails since wip/linK, off)
    monkeypatch.setattr("stepcache_integrations.core.tasks.linear.task._same_kind", lambda *a: False)
    cache = StepCache()
    assert cache.store_answer(MATH.format(eq="9x + 36 = 162"), answer(9, 36, 162))
    model = Model(answer(9, 36, 198))
    result = cache.generate(MATH.format(eq="9x + 36 = 198"), model)
    assert model.calls == 1 and result.tier is None and "9x = 126" not in result.text
    assert result.text.endswith("Answer: x = 18") and result.checks_passed


# -- digests: each frozen input pickled once while held ---------------------------------------------
def _digests() -> Any:
    from stepcache_integrations.core.planner import ProofDigests

    return ProofDigests(1000)


def test_a_kept_input_pickle_gives_the_digest_of_a_fresh_pickle() -> None:
    """The digest of a key whose inputs were pickled before equals the digest a fresh memo computes
    for an equal key built anew; another input in any place gives another digest."""
    rng = random.Random(3)
    warm = _digests()
    atoms = ["x", "", 1, -1, 0, 2.5, None, "3x + 5 = 20"]
    for _ in range(300):
        inputs = tuple(tuple(("str", rng.choice(atoms)) for _ in range(rng.randint(0, 4))) for _ in range(3))
        key = (("verify",), id(LINEAR), *inputs)
        first = warm.digest(key, LINEAR)
        again = warm.digest(key, LINEAR)  # the inputs' pickles kept
        copy = (("verify",), id(LINEAR), *(tuple(list(part)) for part in inputs))
        cold = _digests()
        cold._token = warm._token  # the same handler token, computed by the other memo
        assert first == again == cold.digest(copy, LINEAR)
        for place in range(3):
            changed = list(inputs)
            changed[place] = (*inputs[place], ("str", "other"))
            assert warm.digest((("verify",), id(LINEAR), *changed), LINEAR) != first


def test_equal_inputs_of_other_types_never_share_a_pickle() -> None:
    """(1,), (1.0,) and (True,) are equal (and hash alike) but pickle apart: with the first's
    pickle kept, the others still get digests of their own, in any order."""
    for order in ([(1,), (1.0,), (True,)], [(True,), (1,), (1.0,)]):
        digests = _digests()
        seen = set()
        for value in order:
            key = (("verify",), id(LINEAR), ("str", "steps"), value, None)
            found = digests.digest(key, LINEAR)
            assert found is not None and found not in seen
            seen.add(found)


def test_the_kept_input_pickles_are_bounded_and_cleared() -> None:
    from stepcache_integrations.core.planner import _PICKLED_INPUTS

    digests = _digests()
    for i in range(3 * _PICKLED_INPUTS):
        digests.digest((("verify",), id(LINEAR), (i,), ("c", i), None), LINEAR)
    assert 0 < len(digests._inputs) <= _PICKLED_INPUTS
    digests.clear()
    assert len(digests._inputs) == 0


def test_an_input_sharing_its_parts_digests_as_one_built_anew() -> None:
    """Equal inputs pickle alike whether their parts are shared objects or not (no pickle memo):
    a stored form read back from a store (parts built anew) meets the proof seeded with shared ones."""
    part = ("str", "".join(["3x + 5", " = 20"]))  # built at run time: not a shared constant
    shared = (part, part, ("map", (part,)))
    anew = tuple((p[0], "".join(["3x + 5", " = 20"])) for p in (part, part)) + (
        ("map", (("str", "".join(["3x + 5", " = 20"])),)),)
    assert shared == anew and shared[0] is shared[1] and anew[0] is not anew[1]
    digests = _digests()
    assert digests.digest((("verify",), id(LINEAR), shared, None, None), LINEAR) == digests.digest(
        (("verify",), id(LINEAR), anew, None, None), LINEAR)
