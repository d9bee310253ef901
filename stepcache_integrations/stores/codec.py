"""The codec of stored entries: entry <-> JSON text, vector <-> float32 bytes.

Persistence is JSON text and raw little-endian float32 arrays only, never pickle, so a
tampered store or export file cannot execute code: anything malformed raises StoreError.
Every backend imports its (de)serialisation from here and from nowhere else in ``stores``;
:func:`redact_url` lives here too, so that a backend naming its DSN in a message needs no
import of the URL factory (which opens the backends: that would be an import cycle).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np
from pydantic import ValidationError

from ..core.types import CacheEntry
from ..errors import StoreError

__all__ = [
    "entry_to_json",
    "entry_from_json",
    "entry_from_obj",
    "check_vector",
    "vector_to_blob",
    "vector_from_blob",
    "redact_url",
    "short_error",
    "validation_details",
]


# -- entries and vectors -----------------------------------------------------------
def entry_to_json(entry: CacheEntry) -> str:
    """The entry as compact JSON text."""
    return entry.model_dump_json()


def entry_from_json(text: str | bytes, *, where: str = "store") -> CacheEntry:
    """Parse and validate an entry; any malformed or tampered data raises StoreError."""
    try:
        return CacheEntry.model_validate_json(text)
    except (ValidationError, ValueError, TypeError) as exc:
        raise StoreError(f"corrupt cache entry in {where}: {validation_details(exc)}") from exc


def entry_from_obj(obj: Any, *, where: str = "store") -> CacheEntry:
    """Validate an already-decoded JSON object as an entry (StoreError if invalid)."""
    try:
        return CacheEntry.model_validate(obj)
    except (ValidationError, ValueError, TypeError) as exc:
        raise StoreError(f"corrupt cache entry in {where}: {validation_details(exc)}") from exc


def check_vector(vector: Any, dim: int | None = None) -> np.ndarray:
    """A finite 1-D float32 vector (of dimension ``dim`` when given), else StoreError."""
    try:
        vec = np.asarray(vector, dtype=np.float32).reshape(-1)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"not a numeric vector: {exc}") from exc
    if vec.size == 0 or not np.all(np.isfinite(vec)):
        raise StoreError("vector is empty or has non-finite values")
    if dim is not None and vec.size != dim:
        raise StoreError(f"vector has dimension {vec.size}, store holds {dim}")
    return vec


def vector_to_blob(vector: np.ndarray) -> bytes:
    """Little-endian float32 bytes of a vector."""
    return np.ascontiguousarray(vector, dtype="<f4").tobytes()


def vector_from_blob(blob: bytes, dim: int, *, where: str = "store") -> np.ndarray:
    """The float32 vector stored as ``blob`` (StoreError if the size or values are wrong)."""
    if not isinstance(blob, (bytes, bytearray, memoryview)) or len(blob) != 4 * dim:
        raise StoreError(f"corrupt embedding in {where}: expected {4 * dim} bytes")
    vec = np.frombuffer(blob, dtype="<f4").astype(np.float32)
    if not np.all(np.isfinite(vec)):
        raise StoreError(f"corrupt embedding in {where}: non-finite values")
    return vec


def validation_details(exc: Exception, limit: int = 8) -> str:
    """What is wrong with an entry: for a pydantic error every field's location and message
    (``steps.0.text: Input should be a valid string``; at most ``limit`` of them), else
    :func:`short_error`."""
    if not isinstance(exc, ValidationError):
        return short_error(exc)
    errors = exc.errors(include_url=False)
    parts = []
    for err in errors[:limit]:
        loc = ".".join(str(part) for part in err.get("loc", ())) or "(the entry)"
        parts.append(f"{loc}: {err.get('msg', '')}"[:200])
    if len(errors) > limit:
        parts.append(f"... and {len(errors) - limit} more")
    noun = "error" if len(errors) == 1 else "errors"
    return f"{len(errors)} validation {noun} for {exc.title}: " + "; ".join(parts)


def short_error(exc: Exception) -> str:
    """The first line of an exception message (at most 200 characters), for StoreError."""
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


# -- text shown in messages ---------------------------------------------------------
_PASSWORD_PARAM = re.compile(r"(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]*)", re.IGNORECASE)


def redact_url(url: str) -> str:
    """The URL with any password replaced by ``***`` (for messages and stats); also a
    ``password=`` parameter of the query or of a libpq ``key=value`` string."""
    url = _PASSWORD_PARAM.sub(r"\1***", url)
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:  # malformed: redact anything between "user:" and "@"
        return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)
    if password:
        netloc = parts.netloc.replace(":" + password + "@", ":***@", 1)
        return urlunsplit(parts._replace(netloc=netloc))
    return url
