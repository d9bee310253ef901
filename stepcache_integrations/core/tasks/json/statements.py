"""The JSON reader's results: a value a prompt states for a key (:class:`Statement`) and a plain request
(:class:`JsonRequest`). Kept apart from ``reader.py`` so that the readers of pasted blocks (``pastes.py``) build
them without importing the reader that calls them."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["JsonRequest", "Statement"]


@dataclass(frozen=True)
class Statement:
    """A value a prompt states for a key, and how it was written."""

    value: str | int | float | bool
    quoted: bool
    span: tuple[int, int]
    #: A lowercase word after ":" or "=" ("color: teal"): read only in a conversion request
    lowercase: bool = False
    #: A bare name after a space alone ("cliente Ana Souza"): read only for a listed key
    spaced_bare: bool = False
    #: Written with "=" ("sku=AB-100"): such statements may follow each other without a comma
    equals: bool = False
    #: Written with a hyphen between spaces ("age - 31"): a number so written is read only beside a
    #: string so written ("name - Ana"), which shows the hyphen to be the block's separator (wip/jsonS)
    dashed: bool = False
    #: How the key and value were joined ("=", ":", "-", "is", "" a space alone), for a statement read as "key
    #: value" (W27: :func:`_unlisted_beside_another_style`); None for a statement read any other way
    style: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class JsonRequest:
    """A plain request: its keys in written order, its unambiguous statements, the entity the
    object describes ("" when none is named) and the table's language."""

    keys: tuple[str, ...]
    statements: dict[str, Statement]
    stated_keys: frozenset[str]
    entity: str
    language: str
    #: Declared transforms by key ("uppercase", "round to 10", "to fahrenheit": ``transforms.py``);
    #: the statements hold the transformed values.
    transforms: dict[str, str] = field(default_factory=dict)
    #: A transformed key's statement as written, and the unit stated after it (or None).
    written: dict[str, tuple[str | int | float | bool, str | None]] = field(default_factory=dict)
    #: The keys are listed (a key list or a shape), not only the stated keys as written.
    listed: bool = False
