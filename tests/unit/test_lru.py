"""The memos' one LRU: bounded by entries and by declared sizes, least recently used out first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.lru import BoundedLRU


def test_least_recently_used_goes_first_and_reads_count() -> None:
    lru: BoundedLRU[str] = BoundedLRU(2)
    lru.put("a", "A")
    lru.put("b", "B")
    assert lru.get("a") == "A"  # now the most recent
    lru.put("c", "C")
    assert lru.get("b") is None and lru.get("a") == "A" and lru.get("c") == "C"
    assert (lru.hits, lru.misses, len(lru)) == (3, 1, 2)


def test_sizes_bound_the_total_and_a_replaced_value_gives_its_size_back() -> None:
    lru: BoundedLRU[int] = BoundedLRU(100, max_size=10)
    lru.put("a", 1, 4)
    lru.put("a", 2, 6)  # replaced: 6, not 10
    assert lru.size == 6 and lru.get("a") == 2
    lru.put("b", 3, 5)  # 11 > 10: the oldest ("a") goes
    assert lru.get("a") is None and lru.size == 5
    lru.put("c", 4, 50)  # larger than the bound alone: nothing stays
    assert len(lru) == 0 and lru.size == 0


def test_a_size_zero_memo_keeps_nothing() -> None:
    lru: BoundedLRU[int] = BoundedLRU(0)
    lru.put("a", 1)
    assert lru.get("a") is None and len(lru) == 0


@settings(max_examples=200, deadline=None)
@given(
    maxsize=st.integers(min_value=0, max_value=5),
    max_size=st.none() | st.integers(min_value=0, max_value=20),
    ops=st.lists(st.tuples(st.booleans(), st.integers(0, 6), st.integers(0, 8)), max_size=60),
)
def test_matches_a_plain_model(maxsize: int, max_size: int | None, ops: list[tuple[bool, int, int]]) -> None:
    lru: BoundedLRU[int] = BoundedLRU(maxsize, max_size)
    model: list[tuple[int, int, int]] = []  # (key, value, size), oldest first
    for is_put, key, number in ops:
        held = next((item for item in model if item[0] == key), None)
        if is_put:
            if maxsize <= 0:
                continue
            lru.put(key, number, number)
            if held is not None:
                model.remove(held)
            model.append((key, number, number))
            while model and (len(model) > maxsize or (max_size is not None and sum(i[2] for i in model) > max_size)):
                model.pop(0)
        else:
            assert lru.get(key) == (None if held is None else held[1])
            if held is not None:
                model.remove(held)
                model.append(held)
        assert len(lru) == len(model) and lru.size == sum(i[2] for i in model)
