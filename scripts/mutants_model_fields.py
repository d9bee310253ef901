"""Mutation-check rows for the model-field rule (``adapters.flow``): a custom model's own field the
adapters do not know (``instructions``, ``persona``...) makes no claim. Kept beside ``mutants.py``
(past its 450 lines), which appends them to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PKG = "stepcache_integrations"
_FIELDS_UNIT = "tests/unit/test_adapter_model_fields.py"
_SMUGGLING = "tests/adversarial/test_model_field_smuggling.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("li-model-field-read-leniently",
     "a LlamaIndex custom LLM's own field outside the allowlist (instructions...) is read for the always-reasons only",
     f"{_PKG}/llama_index/_tiers.py",
     "    fields = field_reasons(declared_fields(llm), known, inert_names(inert), defaults=True, profile=profile_for(llm))",
     "    fields = iter(())",
     (_FIELDS_UNIT, _SMUGGLING)),
    ("lc-model-field-read-leniently",
     "the LangChain wrapper reads every field a custom model declares as known (instructions... claimed)",
     f"{_PKG}/langchain/_requests.py",
     "    known = known_fields(model, LANGCHAIN_CLASSES, NOT_INERT)",
     '    known = frozenset(squash(n) for n in getattr(type(model), "model_fields", {}))',
     (_FIELDS_UNIT, _SMUGGLING)),
    ("lc-unserialized-model-claimed",
     "the global cache claims a model LangChain does not serialize (its fields are not in llm_string)",
     f"{_PKG}/langchain/_requests.py",
     "    if known is None and profile is None and not fields_read:",
     "    if False:",
     (_FIELDS_UNIT, _SMUGGLING)),
]
# fmt: on
