"""The entities of the paper workload's JSON task: base values, extra keys, alternative values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ENTITIES", "Entity"]


@dataclass(frozen=True)
class Entity:
    """One kind of record: its base values, keys that can be added, and alternative values."""

    entity: str
    values: dict[str, Any]
    extra: dict[str, Any]
    alternatives: dict[str, tuple[Any, ...]]


ENTITIES = (
    Entity(
        "person",
        {"name": "Alice Smith", "age": 34, "city": "Lyon"},
        {"email": "alice.smith@example.com", "country": "France", "job": "architect"},
        {
            "name": ("Bruno Diaz", "Chloe Martin"),
            "age": (41, 27),
            "city": ("Porto", "Oslo"),
        },
    ),
    Entity(
        "product",
        {"name": "Trail Runner", "price": 89, "currency": "EUR"},
        {"brand": "Northpeak", "color": "blue", "stock": 12},
        {
            "name": ("Road Glide", "Summit Pro"),
            "price": (74, 129),
            "currency": ("USD", "GBP"),
        },
    ),
    Entity(
        "book",
        {"title": "The Silent Harbor", "author": "Mara Quinn", "year": 2011},
        {"publisher": "Bluefield Press", "pages": 352, "genre": "mystery"},
        {
            "title": ("Glass Rivers", "The Last Orchard"),
            "author": ("Owen Hale", "Lena Ortiz"),
            "year": (1998, 2019),
        },
    ),
    Entity(
        "movie",
        {"title": "Night Train", "director": "Ines Laurent", "year": 2004},
        {"genre": "thriller", "runtime": 112, "language": "French"},
        {
            "title": ("Red Canyon", "Paper Moons"),
            "director": ("Tom Becker", "Sara Kim"),
            "year": (1987, 2016),
        },
    ),
    Entity(
        "city",
        {"name": "Valdora", "country": "Spain", "population": 48000},
        {"mayor": "Rosa Vidal", "founded": 1204, "region": "Aragon"},
        {
            "name": ("Brightwater", "Kessel"),
            "country": ("Italy", "Austria"),
            "population": (91000, 12500),
        },
    ),
    Entity(
        "employee",
        {"name": "Daniel Park", "department": "finance", "salary": 58000},
        {"manager": "Helen Cho", "office": "Berlin", "level": 3},
        {
            "name": ("Emma Rossi", "Farid Haddad"),
            "department": ("marketing", "legal"),
            "salary": (61000, 72500),
        },
    ),
    Entity(
        "car",
        {"make": "Toyota", "model": "Corolla", "year": 2018},
        {"color": "silver", "mileage": 42000, "fuel": "hybrid"},
        {
            "make": ("Honda", "Skoda"),
            "model": ("Civic", "Octavia"),
            "year": (2015, 2021),
        },
    ),
    Entity(
        "restaurant",
        {"name": "Blue Fig", "cuisine": "Greek", "rating": 4},
        {"city": "Athens", "seats": 40, "owner": "Nikos Pappas"},
        {
            "name": ("Saffron House", "Little Kyoto"),
            "cuisine": ("Indian", "Japanese"),
            "rating": (5, 3),
        },
    ),
    Entity(
        "flight",
        {"airline": "Aerowest", "number": "AW212", "destination": "Dublin"},
        {"origin": "Madrid", "gate": "B7", "seats": 180},
        {
            "airline": ("SkyNordic", "Transalp"),
            "number": ("SN480", "TA905"),
            "destination": ("Vienna", "Lisbon"),
        },
    ),
    Entity(
        "pet",
        {"name": "Biscuit", "species": "dog", "age": 5},
        {"owner": "Mia Torres", "breed": "beagle", "weight": 11},
        {"name": ("Pepper", "Juniper"), "species": ("cat", "rabbit"), "age": (2, 9)},
    ),
)
