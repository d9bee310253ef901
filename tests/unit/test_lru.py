"""The memos' one LRU: bounded by entries and by declared sizes, least recently used out first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.base import SHORT_TEXT, short_text_cache
from stepcache_integrations.core.types import BoundedLRU


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


def _counting(long_maxsize: int) -> tuple[list[tuple[str, int]], object]:
    calls: list[tuple[str, int]] = []

    @short_text_cache(2, long_maxsize=long_maxsize)
    def read(text: str, n: int) -> tuple[str, int]:
        calls.append((text, n))
        return (text.upper(), n)

    return calls, read


def test_short_texts_are_read_once_long_ones_each_time_unless_given_their_own_memo() -> None:
    calls, read = _counting(long_maxsize=0)
    short, long = "a" * SHORT_TEXT, "b" * (SHORT_TEXT + 1)
    assert read(short, 1) == read(short, 1) == (short.upper(), 1)  # type: ignore[operator]
    assert read(short, 2) == (short.upper(), 2)  # type: ignore[operator]
    assert read(long, 1) == read(long, 1) == (long.upper(), 1)  # type: ignore[operator]
    assert calls == [(short, 1), (short, 2), (long, 1), (long, 1)]
    calls, read = _counting(long_maxsize=1)
    read(long, 1), read(long, 1)  # type: ignore[operator]
    assert calls == [(long, 1)]
    read.cache_clear()  # type: ignore[attr-defined]
    read(long, 1)  # type: ignore[operator]
    assert calls == [(long, 1), (long, 1)]


def test_short_text_memo_is_bounded_least_recent_first() -> None:
    calls, read = _counting(long_maxsize=0)
    for text in ("x", "y", "x", "z", "y"):  # maxsize 2: "y" was evicted by "z" after "x" was used
        read(text, 0)  # type: ignore[operator]
    assert [text for text, _ in calls] == ["x", "y", "z", "y"]
