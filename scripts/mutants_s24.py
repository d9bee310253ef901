"""Mutation-check rows for the session of 2026-12-06 15:21 (main): a lone unknown written as letters
then digits ("x2") is no claim without evidence. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PROMPT = "stepcache_integrations/core/tasks/linear/prompt.py"
_INDEXED = ("tests/adversarial/test_linear_indexed_name_evidence.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s24-lone-indexed-name-read", "a lone 'x2' (maybe x\u00b2 typed flat) is read as an unknown's name: 'Solve x2 + 3 = 8.' answered x2 = 5",
     _PROMPT, "    if not _rule_indexed_names_evident(variables, request.named, subscripted):\n        return False\n", "", _INDEXED),
    ("s24-indexed-sibling-any-letter", "any other unknown counts as a sibling ('x1 + y = 10' reads x1 as a name)",
     _PROMPT, "stems.count(stem) < 2", "len(stems) < 2", _INDEXED),
    ("s24-indexed-named-ignored", "the request naming the token ('for x2') is no evidence",
     _PROMPT, "if stem is not None and name not in named and", "if stem is not None and", _INDEXED),
]
# fmt: on

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_MORE = ("tests/adversarial/test_overdecl_arithmetic.py", "tests/adversarial/test_arithmetic_everyday_arithS.py")
ROWS += [
    ("s24-more-than-as-minus", "'11 more than 14' computed as a difference (14 - 11)",
     _ARITH + "grammar.py", '"MORE_THAN": "+",', '"MORE_THAN": "-",', _MORE),
    ("s24-more-than-a-relation", "'Is 11 more than 14?' read (more than as a relation word)",
     _ARITH + "request.lark", "relation: DIVISIBLE | LESS | LESS_THAN | GREATER | FACTOR_OF", "relation: DIVISIBLE | LESS | LESS_THAN | GREATER | FACTOR_OF | MORE_THAN", _MORE),
    ("s24-fewer-than-as-more", "'fewer than' read as 'more than' (a word of the class swapped)",
     _ARITH + "vocabulary/en.json", '"MORE_THAN": ["more than", "added to"],', '"MORE_THAN": ["more than", "added to", "fewer than"],', _MORE),
]

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_RT26 = ("tests/adversarial/test_red_team_26_instruction_words.py",)
ROWS += [
    ("s24-rt26-sentence-words-read", "a word after a key in a sentence is stated as its value ('with its country code' served country: code)",
     _READER, "unevident = not _keys_evident(prompt, read) or not _values_evident(prompt, read)",
     "unevident = not _keys_evident(prompt, read)", _RT26),
    ("s24-rt26-lowercase-word-read", "one lowercase word in a sentence is read as a value ('where the country is implied')",
     _READER, "return _NAME_WORD.fullmatch(value) is not None and value[0].isupper() and any(c.islower() for c in value[1:])",
     "return _NAME_WORD.fullmatch(value) is not None and any(c.islower() for c in value[1:])", _RT26),
    ("s24-rt26-capitals-read", "a word in capitals or with digits is read as a value in a sentence ('with its country TLD')",
     _READER, "return _NAME_WORD.fullmatch(value) is not None and value[0].isupper() and any(c.islower() for c in value[1:])",
     "return _NAME_WORD.fullmatch(value) is not None and value[0].isupper()", _RT26),
    ("s24-rt26-several-words-read", "several capitalised words in a sentence are read as a value ('with the country Official Name')",
     _READER, "_NAME_WORD = re.compile(r\"[^\\W\\d_][^\\W\\d_'\\u2019-]*(?:['\\u2019-][^\\W\\d_]+)*\")",
     "_NAME_WORD = re.compile(r\"[^\\W\\d_][^\\W\\d_'\\u2019-]*(?:['\\u2019 -][^\\W\\d_]+)*\")", _RT26),
    ("s24-rt26-run-anywhere", "a run of statements counts as data wherever it stands ('for the city Paris; country: translated')",
     _READER, "if last > index and _RUN_OPENS.search(prompt, 0, ordered[index].span[0]):", "if last > index:", _RT26),
    ("s24-rt26-hyphen-shape", "a hyphenated code counts as a data shape ('alpha-2')",
     _READER, "if not any(c.isupper() or c.islower() for c in value) or _DATA_SHAPE.fullmatch(value):",
     "if not any(c.isupper() or c.islower() for c in value) or \"-\" in value or _DATA_SHAPE.fullmatch(value):", _RT26),
]

_SCHEMA = "stepcache_integrations/core/tasks/json/schema.py"
_TITLES = ("tests/unit/test_json_schema_default_titles.py", "tests/unit/test_langchain_known_structured_class.py")
ROWS += [
    ("s24-any-property-title-inert", "any property title is read as stating nothing ('Age In Months' on age)",
     _SCHEMA, 'return title == name.replace("_", " ").title()', "return True", _TITLES),
    ("s24-any-class-title-inert", "any top-level title is read as stating nothing ('person_in_uppercase')",
     _SCHEMA, "return _NAME.fullmatch(title) is not None and is_entity_word(title.casefold())", "return True", _TITLES),
]
