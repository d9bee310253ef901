"""Mutation-check rows for the session of 2026-12-06 08:23 (main): a person's name is no place (the gazetteer's
exemption for another table's never-a-name word holds only for a key that may hold a place). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_NO_PLACE = ("tests/adversarial/test_json_person_name_no_place.py",)
_REQUESTS = "stepcache_integrations/langchain/_requests.py"
_TOOLS = ("tests/unit/test_red_team_24_unforced_tools.py",)
_ALGEBRA = "stepcache_integrations/core/tasks/algebra.py"
_BRACKET = ("tests/adversarial/test_linear_letter_before_bracket.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s22-person-name-as-place", "it '\"nome\" e \"eta\": She ha 26 anni.' is read nome 'She' (a city of the gazetteer) and served",
     _READER, '_never_a_name([Token("NAME", st.value)], language, _may_be_place(key, language))',
     '_never_a_name([Token("NAME", st.value)], language)', _NO_PLACE),
    ("s22-place-key-by-concept", "a person's key counts as one that may hold a place: 'She' read as nome",
     _READER, 'return not concepts or bool(concepts & {"city", "country", "from", "to"})', 'return True', _NO_PLACE),
    ("s22-unforced-tools-claimed-global", "the global cache answers a JSON request with unforced bound tools by the step tier: a text object cached without tools served where the model calls a tool",
     _REQUESTS, "reasons.extend([TOOLS_BOUND] if _tools_unforced(params) else [])", "reasons.extend([])", _TOOLS),
    ("s22-unforced-read-as-forced", "bound tools with tool_choice auto read as forced: the step tier answers them",
     _REQUESTS, "or (bool(spec.tools) and not spec.requires_tool_call))", "or False)", _TOOLS),
    ("s22-class-response-format-read-as-none", "the global cache reads a response format bound as a pydantic class (its repr in llm_string) as none: 'age in MONTHS' re-instantiated as the stated 41, proven, 0 model calls",
     _REQUESTS, "_OBJECT_REPR.sub(lambda _: repr(_OBJECT_MARK), text)", "_OBJECT_REPR.sub(\"None\", text)", _TOOLS),
    ("s22-unreadable-tool-ignored", "a bound tool the cache cannot read (an object's repr) is dropped and the request claimed",
     _REQUESTS, "or any(_function(tool) is None for tool in tools)", "or False", _TOOLS),
    ("s22-letter-before-bracket-product", "'Solve f(2) = 12 for f.' read as 2f = 12 and served f = 6 (a function's value read as a product)",
     _ALGEBRA, 'elif tok == ("op", "(") and self.tokens[self.pos - 1][0] == "ident":', 'elif False:', _BRACKET),
]
# fmt: on
