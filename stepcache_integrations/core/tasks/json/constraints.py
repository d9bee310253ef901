"""The JSON task's typed constraints: the keys, schema and stated values of one request."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base import TaskConstraints
from ..fingerprint import PromptFingerprint, fingerprint
from ..prompt_diff import PROMPT_LIMIT
from .evidence import plain_request
from .request import (
    declared_transforms,
    has_unread_key_list,
    reads_every_key_phrase,
    required_keys_from_prompt,
    stated_values,
)
from .schema import has_prose, validate_schema

__all__ = ["JsonConstraints"]


@dataclass(frozen=True)
class JsonConstraints(TaskConstraints):
    """The requested keys in order (``required``), the caller's schema, the values a plain request
    states (``stated``; empty for any other prompt), the prompt's fingerprint, and whether the
    prompt was read whole (``read_whole``: a plain request whose every key phrase is a key list
    read whole; when not, some key or rule it asks for may be unread -- "with name and age",
    "Don't forget age." -- and no answer is more than "unchecked"), and the transforms the plain
    request declares by key (``transforms``: ``stated`` holds the transformed values)."""

    required: tuple[str, ...] = ()
    schema: dict[str, Any] | None = None
    stated: dict[str, Any] = field(default_factory=dict)
    prompt: PromptFingerprint = PromptFingerprint(None, None)
    read_whole: bool = False
    transforms: dict[str, str] = field(default_factory=dict)

    @staticmethod
    def of_prompt(prompt: str, schema: dict[str, Any] | None) -> JsonConstraints:
        """Required keys (the schema's and those the prompt names), schema, stated values, and
        the prompt (cut at PROMPT_LIMIT; the digest identifies all of it)."""
        required = _schema_keys(schema) if schema is not None else []
        for key in required_keys_from_prompt(prompt):  # the prompt's own list asks too, beside a schema
            if key not in required:
                required.append(key)
        # Beyond a plain data request ("dates in ISO format", "values in French") a statement may
        # not be the value as written: it neither rejects an answer nor is the fallback. A
        # schema's description may state a rule too ("twice the stated age").
        # A key list this grammar could not read may hold a rule, or a statement's key: no
        # statement of that prompt is evidence.
        plain = (
            plain_request(prompt[:PROMPT_LIMIT], tuple(required))
            and not has_prose(schema)
            and not has_unread_key_list(prompt)
        )
        return JsonConstraints(
            tuple(required),
            schema,
            stated_values(prompt, required) if plain else {},
            fingerprint(prompt),
            plain and reads_every_key_phrase(prompt),
            declared_transforms(prompt) if plain else {},
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "required": list(self.required),
            "schema": self.schema,
            "stated": self.stated,
            "read_whole": self.read_whole,
            "transforms": self.transforms,
            **self.prompt.fields(),
        }

    @staticmethod
    def read(data: Any) -> JsonConstraints:
        """The constraints an entry stored (older entries may lack the digest, and the prompt's
        reading: then it is taken as not read whole)."""
        if isinstance(data, JsonConstraints):
            return data
        get = data.get if hasattr(data, "get") else (lambda _key: None)
        return JsonConstraints(
            tuple(str(k) for k in get("required") or []),
            get("schema"),
            dict(get("stated") or {}),
            PromptFingerprint.read(data),
            get("read_whole") is True,
            {str(k): str(v) for k, v in (get("transforms") or {}).items()},
        )


def _schema_keys(schema: dict[str, Any]) -> list[str]:
    """A validated schema's required keys, or all its properties when it requires none."""
    validate_schema(schema)
    required = [str(k) for k in schema.get("required", [])]
    for key in schema.get("properties", {}):
        if key not in required and not schema.get("required"):
            required.append(str(key))
    return required
