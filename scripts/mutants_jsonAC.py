"""Mutation-check rows for wip/jsonAC: JSON declarations (issue 33 item 4) -- objects declared with their keys ('a "user"
object (name, email) and a "settings" object (theme, language)'), one key's list after a colon ("one key, tags, a list of:
...", fr "une seule clé langues, une liste : ..."), a list whose label counts its items (no claim), a type note said as a
sentence ("(capital is a boolean)", it "(spedito è un booleano)") also in a YAML-checked block, and one key and its type
beside it ("with key price as a number"). Appended to the table in ``mutants.py``:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_YAML = f"{_JSON}/yaml_block.py"
_VOC = f"{_JSON}/vocabulary"
_T = "tests/adversarial/test_json_declarations_jsonAC.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # objects declared with their keys
    ("jsonAC-declared-objects-rule", "'JSON with a \"user\" object (name, email) and ...' is not derived", _GRAMMAR,
     "%extend mod: WITH declared_objects\n", "", (_T,)),
    ("jsonAC-declared-object-after-noun", "fr/es 'un objet client (nom, ville)' (the key after OBJECT) is not derived", _GRAMMAR,
     "               | ART? OBJECT (QNAME | NAME | ENTITY) LPAR keys RPAR\n", "", (_T,)),
    ("jsonAC-declared-object-flat", "the declared objects' leaves served flat, no object", _READER,
     "        self.nests.append((str(container.value), leaves))\n\n    def _nest_container", "\n    def _nest_container", (_T,)),
    ("jsonAC-declared-object-type-word", "'a \"user\" object (name, string)' reads 'string' as a leaf", _READER,
     "        if fold(str(container.value)) in _TYPE_WORDS or any(_types_a_value(leaf) for leaf in leaves):\n            raise Declined  # \"a string object",
     "        if False:\n            raise Declined  # \"a string object", (_T,)),
    # one key's list after a colon; a label that counts
    ("jsonAC-list-of-colon", "'one key, tags, a list of: rust, tokio' is not derived", _GRAMMAR,
     "%extend _list_intro: LIST_OF COLON | ART LIST_NOUN COLON\n", "%extend _list_intro: ART LIST_NOUN COLON\n", (_T,)),
    ("jsonAC-single-key-listed", "fr 'une seule clé langues, une liste : ...' is not derived", _GRAMMAR,
     "%extend _key_listed: (DEF | ART)? ADJ KEYWORD_ONE key COMMA? _list_intro _list_items\n", "", (_T,)),
    ("jsonAC-fr-seule", "fr 'seule' is no word for 'single'", f"{_VOC}/fr.json",
     '   "valide",\n   "seule"\n', '   "valide"\n', (_T,)),
    ("jsonAC-list-count-read", "'a list of three: rust, tokio' is read as the two items", _READER,
     "        if _counts_items(label):\n", "        if False:\n", (_T,)),
    ("jsonAC-es-count-word", "es 'una lista de tres: alemán, italiano' is read as the two items", f"{_VOC}/es.json",
     '"dos", "tres", "cuatro"', '"dos", "cuatro"', (_T,)),
    # type notes said as a sentence
    ("jsonAC-en-is-a-boolean", "en '(capital is a boolean)' is no type note", f"{_VOC}/en.json",
     '"as a bool", "is a boolean", "is a bool"]', '"as a bool", "is a bool"]', (_T,)),
    ("jsonAC-it-e-un-booleano", "it '(spedito è un booleano)' is no type note", f"{_VOC}/it.json",
     '"come un booleano", "è un booleano"]', '"come un booleano"]', (_T,)),
    ("jsonAC-yaml-declared-kept", "de '(aktiv als boolean)' then 'aktiv: nein' in a block is declined by the YAML mapping", _YAML,
     "            mapping[pair[0]] = st.value\n", "            pass\n", (_T,)),
    # one key and its type beside it
    ("jsonAC-one-key-typed-rule", "'with key price as a number: price 19.99' is not derived", _GRAMMAR,
     "%extend mod: WITH (DEF | ART)? KEYWORD_ONE key _said_note -> one_key_typed\n", "%extend mod: WITH (DEF | ART)? KEYWORD_ONE key _said_note T_STRING -> one_key_typed\n", (_T,)),
    ("jsonAC-one-key-type-dropped", "'with key age as a string: age 30' serves the number 30", _READER,
     "        self.one_keys.append(key)\n        self.typed.append((str(key.value), _SAID_NOTES[note.type]))\n",
     "        self.one_keys.append(key)\n", (_T,)),
]
# fmt: on
