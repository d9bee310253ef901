"""The JSON task's request reader: the prompt cut into words, read by ``request.lark``.

Every character of the prompt must be a statement (a key, a separator and a typed literal), a
key (an identifier no table word is, or a quoted one), a word of one language's table
(``vocabulary/``), a sentence mark or a bracket. The grammar then derives the whole sequence, or
the prompt is no plain request (:func:`read_request` returns None). The tree gives the keys asked
for in order, the values stated with their JSON types, and the entity the object describes.
"""

from __future__ import annotations

import ast
import datetime
import json
import math
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Token, Transformer, Tree

from ..digit_groups import read_two_ways
from ...ast_lock import PARSE_LOCK
from ..request_language import Declined, Folded, RequestLanguage, Vocabulary, Word, fold
from .statements import JsonRequest, Statement
from .passage import bound_values, framed_values, negations, never_names
from .places import CITY, COUNTRY, place_kinds
from .relations import TABLES, derived_counts, derived_totals, relation_role
from .yaml_block import DECLARED_LIST, block_disagrees, flow_mapping, same_as_yaml
from .two_readings import read_two_ways as _typed_two_ways
from .transforms import FORMULAS, HALF_UP, MEASURES, TARGET_UNIT, TARGETS, UNIT_TARGET, UNITLESS_TARGETS, UNITS, apply_transform, rounding_first, summed

__all__ = ["JsonRequest", "Statement", "literal_value", "read_request", "LITERAL", "render"]


# A typed literal: a quoted string (no backslash, no line break), a number written as JSON writes
# it and followed by nothing that changes it ("0.33...", "4!", "6'", "20%", "5°", "1,299", "74EUR"),
# or the JSON literals true / false.
LITERAL = (
    r"""(?:"(?P<dq>[^"\n\\\\]{0,200})"|'(?P<sq>[^'\n\\\\]{0,200})'"""
    r"""|\u201c(?P<cq>[^\u201d\u201c"\n\\\\]{0,200})\u201d|\u00ab\s?(?P<gq>[^\u00bb\u00ab"\n\\\\]{0,200}?)\s?\u00bb"""
    r"""|\u300c(?P<jq>[^\u300d\u300c\n\\\\]{0,200})\u300d|\u300e(?P<jq2>[^\u300f\u300e\n\\\\]{0,200})\u300f"""
    r"""|(?P<num>-?(?:(?:0|[1-9]\d{0,14})\.\d{0,9}[1-9]|0|[1-9]\d{0,59}))"""
    r"""(?![\w%/!'`"\u2032\u2033\u2026\u00b0\u2030]|[.,]\d|\.\.)"""
    r"""|(?P<bool>(?-i:true|false))(?![\w-]))"""
)
_STRING_GROUPS = ("dq", "sq", "cq", "gq", "jq", "jq2")
_KEY_QUOTES = frozenset("\"'`\u201c\u300c")  # the quotes a quoted key opens with (_QUOTED_KEY)
# A bare value ("city = Paris", "sku: A-100") is a name: a capital letter, then letters, digits or
# hyphens; never a word that may be another JSON type or no value at all.
# A bare name ends at a space, a comma or a sentence's end: "Rome?" or "R.." is no name read whole.
_BARE = re.compile(r"[^\W\d_][\w-]{0,60}(?![\w'\u2019?!]|\.\.|\.\w)")
# Languages whose "1.500" is a decimal; in the others a point before three digits may group thousands.
_POINT_IS_DECIMAL = frozenset({"en", "zh", "ja"})
_DOT_THOUSANDS = re.compile(r"-?\d+\.\d{3}")
# A decimal comma ("12,70", "3,5") in a language whose table declares it ("decimal_comma"): one or
# two digits after it, or four to nine ("3,14159", wip/jsonR2), never three ("1,299" groups thousands
# in some of these languages' regions); ASCII digits only ("3,1\uff14159" is no number read whole: wip/jsonT).
_COMMA_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,14}),(?:[0-9]{1,2}|[0-9]{4,9})(?![\w%/!'`\"\u2032\u2033\u2026\u00b0\u2030]|[.,]\d|\.\.)")
_NOT_BARE = frozenset("true false null none nil nan inf infinity yes no".split())
_KEY = r"[^\W\d][\w-]{0,60}"
_SPACED_KEY = re.compile(r"(?P<key>" + _KEY + r")(?![\w'\u2019])")
_ASCII_KEY = re.compile(r"(?P<key>[A-Za-z_][A-Za-z0-9_-]{0,60})(?![A-Za-z0-9_'\u2019-])")
_QUOTED_KEY = re.compile(
    r"(?:(?P<q>[\"'`])(?P<key>" + _KEY + r")(?P=q)|\u201c(?P<cjk>" + _KEY + r")\u201d|\u300c(?P<jp>" + _KEY + r")\u300d)"
)
_LITERAL = re.compile(LITERAL)
# Without spaces (Chinese, Japanese) a number may touch the next word ("30です"): any letter
# after it must then be a word of the table ("30岁", years, is no statement: "岁" is in no table).
_LITERAL_UNSPACED = re.compile(LITERAL.replace(r"(?![\w%/!", r"(?![A-Za-z0-9_%/!"))
# Sentence marks in every script; ";" ends a clause like ".".
# no "!": after a number it may be a factorial ("34 !"), so it is no sentence mark here
_MARKS = {".": "STOP", "\n": "STOP", ";": "STOP", "?": "QMARK", ",": "COMMA", ":": "COLON",
          "(": "LPAR", ")": "RPAR", "\u3002": "STOP", "\uff01": "STOP", "\uff1b": "STOP", "\uff1f": "QMARK",
          "\uff0c": "COMMA", "\u3001": "COMMA", "\uff1a": "COLON", "\uff08": "LPAR", "\uff09": "RPAR",
          "\u2014": "COLON"}  # an em dash opens a clause ("... quantite \u2014 produit : 12"); Russian reads it as "is"
# A comma before a clause word joins clauses, it lists nothing: "..., where name = Ann".
_CLAUSE = frozenset({"WHERE", "WITH", "FOR"})
# Word classes that frame a request and are never a statement's key ("fields "city"" lists a key;
# "make "Toyota"" states one: a verb, an entity or an adjective may be a key).
_NO_KEY = frozenset({"KEYWORD", "REQUIRED", "WITH", "FOR", "ART", "DEF", "AND", "WHERE", "IS", "IS_KEYS", "COURTESY",
                     "PLEASE", "ME", "ONLY", "NOTHING", "JSON", "OBJECT", "DE", "WO", "KEYED", "KEYED_NEXT", "COPULA"})
# "me llamo", "tengo", "j'ai" introduce a person's name or age: never a statement's key
_NO_KEY |= {"NAME_SAYS", "AGE_HAS"}
# "from "sku"="A-100"": "from" introduces the data, it is no key (wip/jsonA)
_NO_KEY |= {"FROM"}
# "Widget costs 12.4", "Mia scored 87.6", "is not a vegetarian", "from Lisbon to Oslo" (wip/jsonB)
_NO_KEY |= {"SAYS_PRICE", "SAYS_SCORE", "TRAIT_IS", "TO_PLACE", "EXTRACT"}
# 'with the key "user" containing ...': "key" introduces a key, it states none (wip/jsonR)
_NO_KEY |= {"KEYWORD_ONE"}
# de "... zurück: Name Mia": the request's closing verb states nothing (wip/jsonR)
_NO_KEY |= {"VERB_END"}
# "with a key tags listing: red, green": the list phrase introduces items, it is no key (wip/jsonL)
_NO_KEY |= {"LISTING", "LIST_NOUN"}
# "Values, respectively: 17, open": the order phrase heads the values, it is no key (wip/jsonG)
_NO_KEY |= {"IN_ORDER"}
# "3 mugs at 4 dollars each": "at" prices a count, it is no key (wip/jsonD)
_NO_KEY |= {"PRICED_AT", "PRICED_EACH", "EACH", "EACH_BEFORE", "CURRENCY"}
# The classes that price a count ("3 mugs at 4 dollars each", fr "à", es "a", pt "por", ru "по")
_PRICED_AT = frozenset({"PRICED_AT", "PRICED_EACH", "CONVERT_PREP"})
# "Input: red, 3 -> {...}": a few-shot example's label at a line's start, before its colon, states
# nothing; elsewhere "input" may be a key ("keys input and output: input 3") (wip/jsonT)
_SHOT_LABELS = frozenset({"SHOT", "SHOT_NOW"})


def literal_value(match: re.Match[str]) -> tuple[str | int | float | bool, bool]:
    """A literal's JSON value, typed as written, and whether it was quoted."""
    for group in _STRING_GROUPS:
        if match.group(group) is not None:
            return match.group(group), True
    if match.group("bool") is not None:
        return match.group("bool") == "true", False
    number = match.group("num")
    return (float(number) if "." in number else int(number)), False


def render(value: Any) -> str | None:
    """A stated value as the prompt writes it (an integer exactly, whatever its size)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value).removesuffix(".0") if value == value else None
    return None


@dataclass(frozen=True)
class _Unit:
    unit: str
    noted: bool = False  # written in brackets after the number: "temp 20 (Celsius)"


@dataclass(frozen=True)
class _Target:
    transform: str


@dataclass(frozen=True)
class _CommaKeys:
    introduced: bool  # a colon or "is" after the key word


@dataclass(frozen=True)
class _Keys:
    key: str | None  # None: every stated value ("Write the values in uppercase")


def _is_token(child: Any, *types: str) -> bool:
    return isinstance(child, Token) and child.type in types


def _list_end_and_cut(children: list[Any], ones: list[int]) -> tuple[int, int]:
    """Where 'key "tags" holding the list ... and key "count" ...' ends its list and starts its statements
    (:meth:`_Read.key_listing_then_stmts`)."""
    if len(ones) != 2:
        raise Declined  # a "key" word inside the list or the statements: which key it opens is not certain
    cut = ones[-1]
    while _is_token(children[cut - 1], "DEF", "ART"):
        cut -= 1
    if not _is_token(children[cut - 1], "AND"):
        raise Declined
    end = cut - 1
    if _is_token(children[end - 1], "COMMA"):
        end -= 1
    return end, cut


class _Read(Transformer[Token, Any]):
    """The tree to keys (in order), statements (with the unit stated after a number), declared
    transforms, key counts and the entity."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []
        self.stated: list[tuple[str, Statement, str | None]] = []
        self.entities: list[str] = []
        self.transforms: list[tuple[str | None, str]] = []
        self.counts: list[int] = []
        self.keep = False
        self.postposed = False
        self.converts = False  # a conversion request ("Convert this to JSON:"): what follows is data
        self.yaml_framed = False  # the data is said to be YAML ("Convert this YAML to JSON:"; wip/jsonF)
        self.template: dict[str, str] = {}  # a template's keys and the type each asks for
        self.said: list[tuple[str, Token]] = []  # a person's name or age said in a sentence ("Me llamo Lucía")
        self.runs = False  # statements joined without a comma ("temp=21 unit=C")
        self.named: list[tuple[str, Token]] = []  # "the product name is Kettle": (entity word, statement)
        self.in_order: list[list[Token]] = []  # values in the listed keys' order ("for: Alice, 30")
        self.bare_keys = False  # keys in order not quoted: each must be a table's key word (wip/jsonK)
        self.entity_first = False  # the first value in order follows "for" with no colon: the entity
        self.noted: set[str] = set()
        self.passages: list[Token] = []  # 'from: "<passage>"' (wip/jsonB)
        self.iso = False  # "(YYYY-MM-DD)": dates written as the ISO format asks
        self.measure_nouns: list[str] = []  # "duration" of "for a duration of 2 hours": what the measure is
        self.for_stated: list[tuple[str, Statement, str | None]] = []  # ru "для расстояния 9 км": a statement after "for" (wip/jsonW)
        self.for_words: list[str] = []  # the word before each statement said after "for" ("about age 31": a hedge; wip/fuzzP)
        self.converted_first = ""  # the verb of a conversion said before the request (wip/jsonR2)
        self.rounded_first_label: tuple[Token, str | None] | None = None  # "Round 3.14159 to ...", zh "把价格 88.456 ..." (wip/jsonT)
        self.measures: list[tuple[Token, str, str | None]] = []  # "for a duration of 2 hours" (wip/jsonB)  # keys whose unit is a note in brackets ("temp 20 (Celsius)")
        self.request_keys = 0  # the keys listed up to the request sentence
        self.key_lists = 0  # the key lists beside the request ("with keys a and b")
        self.one_keys: list[Token] = []  # "with the key distance_m" (wip/jsonR)
        self.typed: list[tuple[str, str]] = []  # "age (a number)": (key, JSON type) (wip/jsonR)
        self.named_subject = False  # "Lucía tiene 28 años": a name as the subject is a third person
        self.age_pronouns: list[str] = []  # "мне 30 лет": the pronoun whose age is said
        self.items: dict[str, list[Token]] = {}  # "tags: red, green": the items after a statement's first (wip/jsonR6)
        self.closed_lists: set[str] = set()  # the lists whose last item came after "and" (W26)
        self.bare_list = False  # "JSON only, keys user and role.": a list of bare keys the request sentence ends with (wip/jsonV)
        self.shot_keys: list[str] = []  # few-shot: the examples' keys (wip/jsonT)
        self.formulas: list[tuple[str, str, str, str, int]] = []  # "total = price * qty": (target, a, op, b, start) (wip/jsonY)
        self.places: list[list[Token]] = []  # fr "pour Lyon": a place named after "for" (wip/jsonY)
        self.counted: list[str] = []  # pt "3 pedidos": keys written after their number (wip/jsonY)
        self.priced: list[tuple[Token, Token, Token]] = []  # "3 mugs at 4 dollars each": (count, noun, price) (wip/jsonD)
        self.declared_order = False  # "and values 20, 35, 10 in that order": the values' order is said (wip/jsonY)
        self.shot_types: list[type] = []
        self.expressions: list[tuple[Token, str | None]] = []  # '{"total": <value>} with the total of 12 + 30': (EXPR, noun) (wip/jsonZ)
        self.values_in_order: list[Token] = []  # "Keys: a, b. Values: 17, open.": the values in the keys' order (wip/jsonZ)
        self.set_pairs: list[tuple[Token, Token]] = []  # "set timeout to 30": (key, value) (wip/jsonS)
        self.tree_filled = False  # '{"user": {...}} for name Carl, age 40': read only for a nested template (wip/jsonN)
        self.nests: list[tuple[str, list[str]]] = []  # 'a key "server" holding host ... and port ...': (key, its leaves) (wip/jsonN)
        self.item_kinds: dict[str, type | tuple[type, ...]] = {}  # '"tags" (array of strings)': the items' JSON type (wip/jsonL)
        self.lowercase_keys = False  # "(keys in lowercase)": each stated label is its key lowercased (wip/jsonE)
        self.key_notes: list[tuple[str, Token]] = []  # "name (as a string)": each key list's noted key and its note (wip/fuzzO)
        self.noted_after: set[tuple[int, int]] = set()  # "active: no (as a boolean)": spans of values a note follows (wip/jsonAF)
        self.values_kind = ""  # "with boolean values": the JSON type of every value (wip/jsonR7)
        self.bare_with = False  # "JSON with name and age": bare words after "with", keys only if then stated (wip/jsonR7)

    def key(self, children: list[Token]) -> Token:
        self.asked.append(children[0].value)
        return children[0]

    def with_keys(self, children: list[Any]) -> None:
        """"with keys a and b": one key list beside the request; a second ('with the key "user"
        containing keys name and age') may be a nested object's keys: no flat object is claimed."""
        self.key_lists += 1
        if self.key_lists > 1:
            raise Declined

    def said_typed(self, children: list[Token]) -> None:
        """"(el precio como número)": the key's value must be a number (:func:`_typed_as_noted`; wip/jsonX);
        "port as an integer", "plz als Zeichenkette", "actif en booléen": of the type said (wip/jsonF)."""
        self.typed.append((str(children[0].value), _SAID_NOTES[children[1].type]))

    def one_key_typed(self, children: list[Any]) -> None:
        """"with key price as a number", de 'mit dem Schlüssel "menge" als String': the one key asked and its JSON type (it
        must be stated, of that type: _typed_as_noted; a number for a key said a string stays no claim; wip/jsonAC)."""
        self.with_keys(children)
        key, note = children[-2], children[-1]  # the key rule's token, then the note
        self.one_keys.append(key)
        self.typed.append((str(key.value), _SAID_NOTES[note.type]))

    def with_quoted_keys(self, children: list[Any]) -> None:
        """"JSON with "city" and "age"": quoted keys; bare words ("JSON with name and age") are keys only when the
        statements then state exactly them, in order ("...: name Pedro, age 19"; "JSON with comments" lists nothing:
        _asked_keys, wip/jsonR7)."""
        self.with_keys(children)
        keys = next(c for c in children if isinstance(c, Tree))
        self.bare_with |= any(t.type not in ("QNAME", "AND", "COMMA") for t in keys.scan_values(lambda v: isinstance(v, Token)))

    def typed_key(self, children: list[Any]) -> Token:
        """"age (a number)", "done (true/false)": a key and the JSON type its value must have
        (:func:`_typed_as_noted`)."""
        key = self.key(children[:1])
        note = children[1].children[0].type
        self.typed.append((key.value, _TYPE_NOTES[note]))
        self.key_notes.append((str(key.value), children[1].children[0]))  # wip/fuzzO: _last_key_note_read_two_ways
        if note in _ITEM_KINDS:
            self.item_kinds[str(key.value)] = _ITEM_KINDS[note]  # "(array of strings)": the items' type (wip/jsonL)
        return key

    def ordered(self, children: list[Any]) -> None:
        """"and values 20, 35, 10 in that order", zh "值依次为 15 和 25": values in the listed keys' order, said so (wip/jsonY)."""
        if self.in_order:
            raise Declined  # two runs of values in order: which one the object holds is not said
        self.declared_order = True
        self.in_order += [c for c in children if isinstance(c, list)]

    def values_noted(self, children: list[Any]) -> None:
        """"with boolean values": every key asked typed boolean once the keys are known (_values_noted; wip/jsonR7)."""
        self.values_kind = "boolean"

    def keys_noted(self, children: list[Any]) -> Tree[Token]:
        """"keys active and admin as booleans": every key of the list typed by the one note after it (wip/jsonY)."""
        keys, note = children
        kind = _ALL_NOTES[note.children[0].type]
        for token in keys.scan_values(lambda v: isinstance(v, Token) and v.type not in ("COMMA", "AND")):
            self.typed.append((str(token.value), kind))
        return keys

    def key_in_unit(self, children: list[Any]) -> Token:
        """"distance_m (in meters)": a key and the conversion of its stated measure (wip/jsonR2)."""
        key = self.key(children[:1])
        self.transforms.append((key.value, TARGETS[children[1].value]))  # the note's text is its target's class
        return key

    def record_tail(self, children: list[Any]) -> None:
        """": {"sku": "A-1", "qty": 3}": the record's members are statements (wip/jsonR)."""
        token = next(c for c in children if _is_token(c, "RECORD"))
        span = (token.start_pos or 0, (token.start_pos or 0) + 1)
        for key, value, quoted in token.value:
            self.stated.append((key, Statement(value, quoted, span), None))

    def with_one_key(self, children: list[Any]) -> None:
        """"with the key distance_m": one key, checked by :func:`_parse` (quoted, or its value stated)."""
        self.with_keys(children)
        key = next(c for c in children if isinstance(c, Token) and c.type not in ("WITH", "DEF", "KEYWORD_ONE"))
        self.one_keys.append(key)

    def with_keyed_stmts(self, children: list[Any]) -> None:
        """'with the key "city" set to Berlin and "population" set to 3645000', 'with a field count set to 12 and a field
        label set to 5' (wip/jsonAE): each statement its key and value (read by :meth:`stmt`). A count word as the first
        article ("with one key city set to Berlin and population set to 5") says one key: with a second, no claim."""
        counted = any(_is_token(c, "ART") and fold(str(c.value)) in _COUNT_WORDS for c in children)
        if counted and sum(1 for c in children if _is_token(c, "COMMA", "AND")):
            raise Declined

    def with_one_key_said(self, children: list[Any]) -> None:
        """"with key ratio as a decimal fraction", "with a single key price, rounded to 2 decimals":
        the one key and its transform (wip/jsonR3)."""
        self.with_keys(children)
        key = next(c for c in children if isinstance(c, Token) and c.type not in ("WITH", "DEF", "ART", "ADJ", "KEYWORD_ONE",
                                                                                 "COMMA", "ROUNDED"))
        self.one_keys.append(key)
        self.rewrite([_Keys(key.value), next(c for c in children if isinstance(c, _Target))])

    def list_item(self, children: list[Any]) -> None:
        """", green": one more item of the statement before it (a list; :func:`_lists_assembled`, wip/jsonR6)."""
        if not self.stated:
            raise Declined
        key = self.stated[-1][0]
        if key in self.closed_lists:
            raise Declined  # W26 (red team 20, C3/C4): "red and blue, twice", "black and white, blue": "and" ended the list
        if any(_is_token(c, "AND") for c in children[:-1]):
            self.closed_lists.add(key)
        self.items.setdefault(key, []).append(children[-1])

    def with_one_list(self, children: list[Any]) -> None:
        """'a "tags" key holding a list of these colors: red, green': the one key, noted a list; the
        statement's label ("colors") names the items, no key (wip/jsonR6)."""
        self.with_keys(children)
        key = next(c for c in children if isinstance(c, Token) and c.type not in (
            "WITH", "DEF", "ART", "KEYWORD_ONE", "COMMA", "AS", "IS", "LIST_OF", "SOURCE"))
        if key.type == "QNAME":
            self.key([key])  # '"tags" key' (the key rule reads the key after "key")
        self._one_list(key)

    def key_list_of(self, children: list[Any]) -> None:
        """'with a key "tags" holding this list of strings: rust, async': the one key after "key" (read by the key
        rule), noted a list; the statement's label names the items, as :meth:`with_one_list` reads it (wip/jsonL)."""
        self.with_keys(children)
        tokens = [c for c in children if isinstance(c, Token)]
        self._one_list(tokens[[t.type for t in tokens].index("KEYWORD_ONE") + 1])

    def _one_list(self, key: Token) -> None:
        if len(self.stated) != 1 or len(self.items) > 1 or self.items and self.stated[0][0] not in self.items:
            raise Declined
        label, st, unit = self.stated[0]
        if _counts_items(label):
            raise Declined  # "a list of three: rust, tokio": a count said beside the items, which may disagree (wip/jsonAC)
        kind = _LIST_LABELS.get(fold(label))
        if kind is not None and not all(isinstance(v, kind) and not isinstance(v, bool)
                                        for v in (st.value, *(t.value for t in self.items.get(label, [])))):
            raise Declined  # "a list of numbers: red, green": the items are not what the label says
        self.stated[0] = (key.value, st, unit)
        self.items = {key.value: self.items.get(label, [])}
        self.typed.append((key.value, "array"))

    def formula(self, children: list[Any]) -> None:
        """"where total = price * qty": the target key computed from two stated keys (_formulas_applied; wip/jsonY)."""
        token = next(c for c in children if _is_token(c, "FORMULA"))
        self.formulas.append((*token.value, token.start_pos or 0))

    def formula_key(self, children: list[Token]) -> Token:
        """fr "total (= prix_unitaire × quantite)": a listed key and the formula that computes it (wip/jsonY)."""
        key = self.key(children[:1])
        self.formulas.append((str(key.value), *children[1].value, children[1].start_pos or 0))
        return key

    def key_listing(self, children: list[Any]) -> None:
        """'with a key tags listing: red, green', 'a "tags" key holding the list red, green': the one key, noted a
        list, and its items after the list phrase, in written order (:func:`_lists_assembled`; wip/jsonL)."""
        self.with_keys(children)
        tokens = [c for c in children if isinstance(c, Token)]
        at = next(i for i, t in enumerate(tokens) if t.type == "KEYWORD_ONE")
        if at and tokens[at - 1].type == "QNAME":
            key = self.key([tokens[at - 1]])  # '"tags" key' (the key rule reads the key after "key")
        else:
            key = next(t for t in tokens[at + 1 :] if t.type != "COMMA")  # "one key, tags, holding the list"
        self._listed(key, tokens[at + 1 :])

    def key_listing_then_stmts(self, children: list[Any]) -> None:
        """'key "tags" holding the list oak, pine and key "count" equal to 3': the list (:meth:`key_listing`) ends at the
        "and" before the next "key"; the statements after it as :meth:`with_keyed_stmts` reads them (wip/jsonAF)."""
        ones = [i for i, c in enumerate(children) if _is_token(c, "KEYWORD_ONE")]
        end, cut = _list_end_and_cut(children, ones)
        self.key_listing(children[:end])
        self.with_keyed_stmts(children[cut:])
        after = children[ones[-1]].start_pos or 0
        keyed = sorted((st.span[0], label) for label, st, _unit in self.stated if st.span[0] > after)
        if not keyed:
            raise Declined
        self.asked += [label for _pos, label in keyed]  # each key after "and key" is asked as the listed one is

    def list_of_key(self, children: list[Any]) -> None:
        """"with the key tags containing the list: red, green": the items of the one key of the mod just read
        (with_one_key; any other mod before it, or a statement of that key, states no list: wip/jsonL)."""
        if not self.one_keys or len(self.asked) != 1 or self.asked[-1] != self.one_keys[-1].value or self.stated:
            raise Declined
        self._listed(self.one_keys[-1], [c for c in children if isinstance(c, Token)])

    def _listed(self, key: Token, tokens: list[Token]) -> None:
        """The key's items: the words after the list phrase's last word, the first the statement's value."""
        start = max(i for i, t in enumerate(tokens) if t.type in ("LISTING", "LIST_NOUN", "COLON"))
        marks = [t.type for t in tokens[start + 1 :] if t.type in ("COMMA", "AND")]
        if "AND" in marks[:-1]:
            raise Declined  # W26 (red team 20, C3/C4): "black and white, blue", "red and blue, twice": "and" ended the list
        items = [t for t in tokens[start + 1 :] if t.type not in ("COMMA", "AND")]
        first = items[0]
        st = Statement(first.value, first.type == "QNAME", (first.start_pos or 0, first.end_pos or 0))
        self.stated.append((str(key.value), st, None))
        self.items.setdefault(str(key.value), []).extend(items[1:])
        self.typed.append((str(key.value), "array"))

    def _quoted_only(self, children: list[Any]) -> None:
        keys = next(c for c in children if isinstance(c, Tree))
        if any(t.type not in ("QNAME", "AND", "COMMA") for t in keys.scan_values(lambda v: isinstance(v, Token))):
            raise Declined  # "JSON with comments": a bare word after "with" may be no key

    def stmt(self, children: list[Any]) -> None:
        token = next(c for c in children if _is_token(c, "STMT"))
        unit = next((c for c in children if isinstance(c, _Unit)), None)
        if unit is not None and unit.noted:
            self.noted.add(token.value[0])
        self.stated.append((*token.value, unit.unit if unit is not None else None))  # (key, Statement), set by the lexer

    def for_place(self, children: list[Any]) -> None:
        """fr "pour Lyon, 520000 habitants": the place named after "for", bound by its kind (_places_bound; wip/jsonY)."""
        names = [c for c in children if _is_token(c, "NAME")]
        self.places.append(names)

    def counted_stmt(self, children: list[Token]) -> None:
        """pt "3 pedidos": the number stated for the key written after it, read only for a key the shape
        or a key list holds (_named_statements; wip/jsonY)."""
        number, name = children
        if isinstance(number.value, bool) or not isinstance(number.value, (int, float)):
            raise Declined
        start = number.start_pos or 0
        st = Statement(number.value, False, (start, (name.start_pos or 0) + len(name.value)))
        self.counted.append(str(name.value))
        self.stated.append((str(name.value), st, None))

    def priced_stmt(self, children: list[Token]) -> None:
        """"3 mugs at 4 dollars each": a count of the noun priced per unit (wip/jsonD: _priced_counts)."""
        numbers = [c for c in children if c.type == "NUMBER"]
        noun = next(c for c in children if c.type == "NAME")
        self.priced.append((numbers[0], noun, numbers[1]))

    def entity_stmt(self, children: list[Any]) -> None:
        """"for <label> <number> <unit>" (ru "для расстояния 9 км"): the statement just read, noted as
        one said after "for"; read as a measure only of a measure noun the table declares, for keys
        that are each a unit word (_measured_in_unit_keys), else a statement as before (wip/jsonW)."""
        self.for_words += [fold(str(c)) for c in children[:1] if isinstance(c, Token)]
        if self.stated:
            self.for_stated.append(self.stated[-1])

    def shot_values(self, children: list[Any]) -> list[Token]:
        return [c for c in children if _is_token(c, "NAME", "NUMBER")]

    def shot(self, children: list[Any]) -> None:
        """"Input: red, 3 -> {"color": "red", "count": 3}": an example whose object holds its values as
        written, in order, one member each (a string for a name, the number for a number); its keys are
        the keys asked. Another example must have the same keys (wip/jsonT)."""
        values = next(c for c in children if isinstance(c, list))
        record = next(c for c in children if _is_token(c, "RECORD"))
        members = list(record.value)
        if len(members) != len(values) or any(
            value.value != member or type(value.value) is not type(member) or quoted != (value.type == "NAME")
            for value, (_key, member, quoted) in zip(values, members)
        ):
            raise Declined  # "Input: red, 3 -> {"color": "RED", ...}": no copy of the values: the model's
        keys = [key for key, _member, _quoted in members]
        if self.shot_keys and keys != self.shot_keys:
            raise Declined
        self.shot_keys, self.shot_types = keys, [type(value.value) for value in values]

    def shot_problem(self, children: list[Any]) -> None:
        """"Input: blue, 5 ->": the problem after the examples, its values for the examples' keys in order,
        each of its example's type ("Input: blue, 5.5" after "red, 3" is no claim; wip/jsonT)."""
        values = next(c for c in children if isinstance(c, list))
        if len(values) != len(self.shot_keys) or any(type(v.value) is not t for v, t in zip(values, self.shot_types)):
            raise Declined
        for key, value in zip(self.shot_keys, values):
            start = value.start_pos or 0
            self.key([Token("NAME", key, start_pos=start)])
            self.stated.append((key, Statement(value.value, False, (start, start + len(str(value.value)))), None))

    def typed_stmt(self, children: list[Any]) -> None:
        """zh 'order_id = 8812（整数）': a statement and the JSON type its value must have (wip/jsonT)."""
        token = next(c for c in children if _is_token(c, "STMT"))
        self.stmt([token])
        note = next(c for c in children if isinstance(c, Tree))
        self.typed.append((token.value[0], _TYPE_NOTES[note.children[0].type]))
        self.noted_after.add(token.value[1].span)

    def nulled_stmt(self, children: list[Any]) -> None:
        """'assignee none (use null)': a statement of the table's word for no value, noted null (wip/jsonAF)."""
        token = next(c for c in children if _is_token(c, "STMT"))
        if token.value[1].value is not None:
            raise Declined  # "name Kim (use null)" is not read as a statement before the note; kept for any other form
        self.stmt([token])
        self.typed.append((token.value[0], "null"))
        self.noted_after.add(token.value[1].span)

    def stmt_rounded(self, children: list[Any]) -> None:
        """'with the price 19.987 rounded to 2 decimals': the statement, and its key's rounding (wip/jsonR2)."""
        token = next(c for c in children if _is_token(c, "STMT"))
        self.stmt([token])
        self.rewrite([_Keys(token.value[0]), next(c for c in children if isinstance(c, _Target))])

    def unit(self, children: list[Token]) -> _Unit:
        return _Unit(UNITS[children[0].type], children[0].value.startswith(("(", "\uff08")))

    def target(self, children: list[Token]) -> _Target:  # zh "换算成米": a unit word names its unit's target (wip/jsonU)
        kind = children[0].type
        return _Target(TARGETS[kind] if kind in TARGETS else UNIT_TARGET.get(UNITS[kind], "no target"))

    def tf_key(self, children: list[Token]) -> _Keys:
        return _Keys(children[0].value)

    def tf_values(self, children: list[Token]) -> _Keys:
        return _Keys(None)

    def rewrite(self, children: list[Any]) -> None:
        keys = next(c for c in children if isinstance(c, _Keys))
        target = next(c for c in children if isinstance(c, _Target))
        self.transforms.append((keys.key, target.transform))

    # "(price rounded to the nearest integer)", ", values in uppercase"; "Round the score to the nearest integer and
    # return JSON ..." (wip/jsonB): the same rewrite, said after or before the request
    said_rewrite = first_rewrite = rewrite

    def comma_keys(self, children: list[Any]) -> _CommaKeys:
        keys = next(c for c in children if isinstance(c, Tree))
        quoted = all(t.type in ("QNAME", "AND", "COMMA") for t in keys.scan_values(lambda v: isinstance(v, Token)))
        # a list of quoted keys needs no colon: "Reply with JSON only, keys "name" and "age"."
        return _CommaKeys(quoted or any(_is_token(c, "COLON", "IS") for c in children))

    def named_stmt(self, children: list[Token]) -> None:
        """"the product name is Kettle": the entity word and the statement of its name (:func:`_named_as_keys`)."""
        entity = next(c for c in children if c.type == "ENTITY")
        self.named.append((entity.value, next(c for c in children if c.type == "STMT")))

    def eq_run(self, children: list[Any]) -> None:
        """"temp=21 unit=C": statements without a comma between them, each written with "=" (in a
        table that declares "equals_runs")."""
        if len(self.stated) < 2 or not (self.stated[-1][1].equals and self.stated[-2][1].equals):
            raise Declined  # "name Bob age 42": where one value ends is not stated
        self.runs = True

    def with_quoted_keys_said(self, children: list[Any]) -> None:
        """"JSON with "city" and "country", values in uppercase" (wip/jsonB)."""
        self.with_keys(children)
        self._quoted_only(children)
        self.rewrite(children)

    def with_keys_said(self, children: list[Any]) -> None:
        """"JSON with keys "code" and "city", with the code uppercased" (wip/jsonB)."""
        self.with_keys(children)
        self.rewrite(children)

    def pos_name(self, children: list[Token]) -> list[Token]:
        return children

    def pos_titled(self, children: list[Token]) -> list[Token]:
        """"Il Gattopardo, 1958": a name whose first word is the table's article, capitalised (wip/jsonR4)."""
        article = children[0]  # a lowercase one ("the Hobbit") is declined as any lowercase word of a name is
        return [Token("NAME", article.value, start_pos=article.start_pos), *children[1:]]

    def pos_pair(self, children: list[Token]) -> list[Token]:
        """"Ines, New York": a later value of two capitalised words, which the lexer read as a spaced
        statement ("New" = "York"), is those two words (a name; _positional_statements checks them)."""
        token = children[0]
        first, st = token.value
        if not st.spaced_bare or st.quoted or st.equals or st.lowercase or not isinstance(st.value, str):
            raise Declined
        second = st.span[1] - len(st.value)
        return [Token("NAME", first, start_pos=token.start_pos), Token("NAME", st.value, start_pos=second)]

    pos_number = pos_email = pos_name

    def set_pair(self, children: list[Token]) -> None:
        """"set timeout to 30", "set the name to "Ana"": a key and its value (wip/jsonS: _set_statements)."""
        tokens = [c for c in children if isinstance(c, Token) and c.type not in ("DEF", "TO_PLACE")]
        self.set_pairs.append((tokens[0], tokens[1]))

    # 'and values 18, "open", 3': a quoted value, a string; read only where the order is said (wip/jsonS:
    # _positional_statements declines it elsewhere). "River Loop, 4 km": a number and its unit, for a key that is a
    # unit word (wip/jsonB).
    pos_quoted = pos_measure = pos_name

    def measure(self, children: list[Any]) -> None:
        """'for a duration of 2 hours', 'giving 45% as a decimal': the one listed key's measure (wip/jsonB)."""
        number = next(c for c in children if _is_token(c, "NUMBER"))
        unit = next((c for c in children if _is_token(c, *UNITS)), None)
        target = next((c for c in children if isinstance(c, _Target)), None)
        self.measure_nouns += [c.value for c in children if _is_token(c, "NAME")]
        self.measures.append((number, UNITS[unit.type] if unit is not None else None, target.transform if target is not None else None))

    def converted(self, children: list[Any]) -> None:
        """"Convert 2.5 km to meters and return JSON {"meters": ...}": a measure whose key must be
        the target's unit word (wip/jsonR2)."""
        self.measure(children)
        self.converted_first = next(c.value for c in children if _is_token(c, "TF_VERB"))

    def grams_converted(self, children: list[Any]) -> None:
        """zh '把 3000 克换算一下': "克" (the table's grams target) right after the number is its unit (wip/jsonZ)."""
        self.converted([Token("U_GRAMS", c.value, start_pos=c.start_pos) if _is_token(c, "TO_GRAMS")
                        else c for c in children])

    def expression(self, children: list[Token]) -> None:
        """'with the total of 12 + 30', 'für 17 + 25', ': 250 + 130': the expression filling the template's slot,
        and the noun said of it (wip/jsonZ: _expression_statements)."""
        noun = next((c.value for c in children if c.type == "NAME"), None)
        self.expressions.append((next(c for c in children if c.type == "EXPR"), noun))

    def listed_values(self, children: list[Token]) -> None:
        """"Values: 17, open, 2" after "Keys: ...": the values in order (wip/jsonZ: _listed_values_statements)."""
        if self.values_in_order:
            raise Declined
        self.values_in_order = [c for c in children if c.type != "COMMA"]

    def keys_lowercased(self, children: list[Token]) -> None:
        """"(keys in lowercase)": the stated labels are the keys, lowercased (wip/jsonE: _keys_lowercased)."""
        if self.lowercase_keys:
            raise Declined
        self.lowercase_keys = True

    def these_keys(self, children: list[Token]) -> None:
        """"with these fields": the keys are the ones the statements after it state (wip/jsonE)."""

    values_listed = listed_values  # "Values: Grace, Hopper." after the request: as jsonZ's listed values before it (wip/jsonE)

    def values_said(self, children: list[Token]) -> None:
        """"Values: Grace, Hopper." after the request, "values in order: 1, 5, 3", "values Lee, 78": the values in
        the one key list's order, every one a plain token (wip/jsonE: _listed_values_statements)."""
        if self.values_in_order:
            raise Declined
        self.values_in_order = [Token("VALUES_SAID", "")] + [c for c in children if c.type in ("NAME", "NUMBER")]

    def rounded_first(self, children: list[Any]) -> None:
        """"Round 3.14159 to two decimals and return JSON {"value": ...}": a number said first with
        no unit, its rounding the one listed key's transform (wip/jsonT: transforms.rounding_first)."""
        number = next(c for c in children if _is_token(c, "NUMBER"))
        self.rounded_first_label = (number, None)
        self.converted(children)
        self._half_up()

    def converted_sum(self, children: list[Any]) -> None:
        """"Converti 2 ore e 30 minuti in minuti": the parts summed in the target's unit (wip/jsonT)."""
        numbers = [c for c in children if _is_token(c, "NUMBER")]
        units = [UNITS[c.type] for c in children if _is_token(c, *UNITS)]
        target = next(c for c in children if isinstance(c, _Target)).transform
        total = summed(list(zip([n.value for n in numbers], units)), target)
        if total is None:
            raise Declined
        self.converted_first = next(c.value for c in children if _is_token(c, "TF_VERB"))
        self.measures.append((Token("NUMBER", total, start_pos=numbers[0].start_pos), TARGET_UNIT[target], target))

    def _half_up(self) -> None:
        """A rounding said first by a verb the table declares half-up ("四舍五入"): a tie goes up (wip/jsonT)."""
        number, unit, target = self.measures[-1]
        if target is not None and target.startswith("round to ") and fold(self.converted_first) in _HALF_UP_VERBS:
            self.measures[-1] = (number, unit, HALF_UP + target[len("round to ") :])

    def labelled_rounded_first(self, children: list[Any]) -> None:
        """zh "把价格 88.456 四舍五入到两位小数": the number's label must name the key asked (wip/jsonT)."""
        label, number, rest = _labelled_number(children)
        self.rounded_first_label = (number, label)
        self.converted([number, *rest])
        self._half_up()

    def labelled_converted(self, children: list[Any]) -> None:
        """"Rechne die Strecke 3,5 km in Meter um": the label names what is measured, the key asked
        is the target's unit word as without it (wip/jsonT). The label must be a measure noun the
        table declares: "Convert minus 34 degrees Celsius" is no label "minus" (W17, red team 12)."""
        label, number, rest = _labelled_number(children)
        self.measure_nouns.append(label)
        self.converted([number, *rest])

    def positional(self, children: list[Any]) -> None:
        """"for: Alice, 30.": the values, each a run of names or a number (and its years) (wip/jsonB)."""
        self.in_order += [c for c in children if isinstance(c, list)]

    def with_nested(self, children: list[Any]) -> None:
        """'with a key "server" holding host "10.0.0.5" and port 9090': one key whose value is an object, its leaves the
        statements or the key list said after it (wip/jsonN; reader.py _nested_read). The key is no flat key asked."""
        self.key_lists += 1
        if self.key_lists > 1 or self.nests:
            raise Declined  # one nested object said in words, and no other key list beside it
        token = self._nest_container(children)
        container = token.value
        at = self.asked.index(container)
        leaves = self.asked[at + 1 :]
        del self.asked[at:]
        said = [key for key, st, _unit in self.stated if st.span[0] > (token.start_pos or 0)]
        if any(_types_a_value(str(leaf)) for leaf in leaves + said):
            raise Declined  # 'the key "zip" set to the string "10115"': a type word names no leaf, it types the value (g165)
        _one_way(children, leaves, said)
        self.asked += leaves
        self.nests.append((container, leaves or said))

    def with_object(self, children: list[Any]) -> None:
        """"JSON with an address with city Paris and zip 75001": the one key, holding the statements after it, when nothing
        was asked or stated before it (wip/jsonR7)."""
        container = next(c for c in children if _is_token(c, "NAME", "ENTITY"))
        if self.asked or any(st.span[0] < (container.start_pos or 0) for _key, st, _unit in self.stated):
            raise Declined  # "with name Ana and an address with city Paris and zip 75001": is "zip" the address's?
        if fold(str(container.value)) in _TYPE_WORDS:
            raise Declined  # "with a string with city Paris": a type word names no key
        self.key([container])
        self.with_nested(children)

    def declared_objects(self, children: list[Any]) -> None:
        """'with a "user" object (name, email) and a "settings" object (theme, language)': one key list beside the
        request, each object's key holding the leaves in its brackets (wip/jsonAC; :meth:`declared_object`)."""
        self.with_keys(children)

    def declared_object(self, children: list[Any]) -> None:
        """One object declared with its keys: the key named beside the OBJECT word holds the leaves listed in its brackets,
        each stated by the flat rules (_nested_read: every leaf stated once, nothing else stated). The object's key is no
        flat key asked; a key named twice, a type word as the object's key: no claim (wip/jsonAC)."""
        container = next(c for c in children if _is_token(c, "QNAME", "NAME", "ENTITY"))
        leaves = [str(t.value) for t in next(c for c in children if isinstance(c, Tree)).scan_values(
            lambda v: isinstance(v, Token) and v.type not in ("COMMA", "AND"))]
        if fold(str(container.value)) in _TYPE_WORDS or any(_types_a_value(leaf) for leaf in leaves):
            raise Declined  # "a string object (name)": a type word names no key
        if any(str(container.value) == key for key, _leaves in self.nests):
            raise Declined  # 'a "user" object (name) and a "user" object (email)': which one is meant is not said
        self.nests.append((str(container.value), leaves))

    def _nest_container(self, children: list[Any]) -> Token:
        """The one key said to hold an object (wip/jsonN)."""
        keys = [c for c in children if isinstance(c, Tree) and c.data == "keys"]
        tokens = [t for t in (keys[0].scan_values(lambda v: isinstance(v, Token)) if keys else children)
                  if _is_token(t, "NAME", "QNAME", "ENTITY")]
        if len(tokens) != 1 or self.asked.count(tokens[0].value) != 1:
            raise Declined  # "with keys a and b holding ...": which key holds the object is not said
        return tokens[0]

    def nest_block(self, children: list[Any]) -> None:
        """'server:\n  host: localhost\n  port: 9090': the label line's key holds the indented lines' statements (wip/jsonN)."""
        opened = next(c for c in children if _is_token(c, "NEST_OPEN"))
        closed = next(c for c in children if _is_token(c, "NEST_CLOSE"))
        said = [key for key, st, _unit in self.stated if (opened.start_pos or 0) < st.span[0] < (closed.start_pos or 0)]
        if not said:
            raise Declined
        self.nests.append((str(opened.value), said))

    def nest_in_order(self, children: list[Any]) -> Tree[Token]:
        """fr 'qui contient "nom" et "ville" : Dubois, Nantes': the leaves listed, then their values in order (wip/jsonN)."""
        self.in_order += [c for c in children if isinstance(c, list)]
        return Tree("nest_in_order", children)

    def tree_stmts(self, children: list[Any]) -> None:
        """'{"user": {"name": ..., "age": ...}} for name Carl, age 40': the leaves stated after "for" (wip/jsonN)."""
        self.tree_filled = True

    tree_positional = tree_stmts  # '{"user": {"name": ..., "age": ...}} for: Frank, 61': the leaves' values in order (wip/jsonN)

    def entity_then_values(self, children: list[Any]) -> None:
        """"keys name and age for Alice, 30": the first value names the entity the object describes."""
        self.entity_first = True

    one_value = positional  # "with key ratio as a decimal fraction: 45%": one value in order, right after the colon (wip/jsonR3)

    def split_value(self, children: list[Token]) -> list[Token]:
        """'"age": Alice' before more values in order: the last key, then the first value's tokens."""
        key, st = children[0].value
        if st.quoted and isinstance(st.value, str) and not children[1:]:
            # fr 'clés titre et annee : « Les Misérables », 1862': a quoted first value, a string (wip/jsonR3)
            self.asked.append(key)
            return [Token("QUOTED", st, start_pos=st.span[0])]
        if st.quoted or st.spaced_bare or (children[1:] and not isinstance(st.value, str)):
            raise Declined  # '"age": "Alice"' is a statement; only a colon and a bare value start a list
        if st.lowercase and (children[1:] or st.equals):
            raise Declined  # pt '"quantidade": caneta, 12': one lowercase word, the first value (wip/jsonV)
        self.asked.append(key)
        kind = "NAME" if isinstance(st.value, str) else "NUMBER"
        start = st.span[1] - len(render(st.value) or "")
        return [Token(kind, st.value, start_pos=start), *children[1:]]

    def with_keys_in_order(self, children: list[Any]) -> None:
        self.with_keys(children)
        lists = [c for c in children if isinstance(c, list)]
        said = next((c for c in children if isinstance(c, tuple)), None)
        if said is not None and lists[0][0].type == "QUOTED":
            raise Declined  # '"price": "Widget" costs 12.4' says nothing of a name
        if said is not None:
            self._said_about(lists[0], said)  # '"price": Widget costs 12.4'
        else:
            self.in_order += lists

    def with_quoted_keys_in_order(self, children: list[Any]) -> None:
        """Keys before values in order: quoted, or (wip/jsonK: de 'mit name, alter und stadt: Lea, 31,
        München') bare words that must each be a table's key word (_positional_statements checks)."""
        keys = next(c for c in children if isinstance(c, Tree))
        if any(t.type not in ("QNAME", "AND", "COMMA") for t in keys.scan_values(lambda v: isinstance(v, Token))):
            if any(isinstance(c, tuple) for c in children):
                raise Declined  # a sentence about the first value after bare keys: not read
            self.bare_keys = True
        self.with_keys_in_order(children)

    comma_keys_in_order = with_keys_in_order  # zh '，键为 "name" 和 "age"：张伟，29': a key list after a comma, then its values in order (wip/jsonR4)

    def trait_rest(self, children: list[Token]) -> tuple[str, Any]:
        word = children[-1]
        return "trait", (word, " not " in f" {children[0].value.casefold()} ")

    def price_rest(self, children: list[Token]) -> tuple[str, Any]:
        return "price", children[-1]

    def score_rest(self, children: list[Token]) -> tuple[str, Any]:
        return "score", children[-1]

    def subject_sentence(self, children: list[Any]) -> None:
        """"Widget costs 12.4", "Liam is not a vegetarian" (wip/jsonB)."""
        self._said_about([children[0]], children[1])

    def _said_about(self, subject: list[Token], rest: tuple[str, Any]) -> None:
        what, token = rest
        name = _joined(subject)
        if name is None:
            raise Declined
        if what == "trait":
            word, negated = token
            self.said += [("name", name), ("trait", Token("TRAIT", (word.value, not negated), start_pos=word.start_pos))]
        else:
            self.said += [("item" if what == "price" else "player", name), (what, token)]

    def route(self, children: list[Any]) -> None:
        """"Flight from Lisbon to Oslo": the places for the listed keys "from" and "to" (wip/jsonB)."""
        children = [t for c in children for t in (c if isinstance(c, list) else [c])]  # "New York" (pos_pair)
        to = next(i for i, c in enumerate(children) if c.type == "TO_PLACE")
        start = next(i for i, c in enumerate(children) if c.type == "FROM")
        origin, destination = _joined(children[start + 1 : to]), _joined(children[to + 1 :])
        if origin is None or destination is None:
            raise Declined
        self.said += [("from", origin), ("to", destination)]

    def source(self, children: list[Token]) -> None:
        """'from: "<passage>"': the quoted passage a typed key is extracted from (wip/jsonB)."""
        quoted = children[-1]
        self.passages.append(Token("PASSAGE", quoted.value[1:-1], start_pos=quoted.start_pos))

    from_first = source  # pt 'Extraia deste texto um JSON com ...: "<passage>"': the passage after the request (wip/jsonX)

    def iso_dates(self, children: list[Token]) -> None:
        self.iso = True

    def case_sentence(self, children: list[Any]) -> None:
        """"City in upper case.": the key's case said as a sentence of its own (wip/jsonR)."""
        case = next(c for c in children if _is_token(c, "TO_UPPER", "TO_LOWER"))
        self.rewrite([*children, _Target(TARGETS[case.type])])

    def case_verb(self, children: list[Token]) -> _Target:
        """"Uppercase the city" (wip/jsonB)."""
        return _Target("uppercase" if children[0].type == "UPPER_V" else "lowercase")

    def object_request(self, children: list[Any]) -> None:
        """"Build an object with "name" and "score": ..." after "Respond only with JSON.": the
        object's keys, only when no key list came before (two lists may ask for two objects)."""
        if self.request_keys:
            raise Declined

    def convert(self, children: list[Any]) -> Token:
        """wip/jsonS: a conversion phrase the grammar composed ("convert this to", "make the data below into",
        "gib das als"): a word of another class serves as its verb, object or preposition only when a
        table's "convert_shared" lists it ("Round this to JSON" is no conversion); read as the table's
        CONVERT phrases were (one CONVERT token)."""
        tokens = [c for c in children if isinstance(c, Token)]
        for token in tokens:
            role = _CONVERT_SHARED_ROLE.get(token.type)
            if role is not None and fold(token.value) not in _CONVERT_SHARED[role]:
                raise Declined
        first = tokens[0] if tokens else children[0]
        return Token("CONVERT", " ".join(t.value for t in tokens), start_pos=getattr(first, "start_pos", None))

    def short_as(self, children: list[Any]) -> None:
        """wip/jsonG: "as JSON please" after the statements: a conversion of them, as "Convert this to JSON" is."""
        self.request(children)
        self.converts = True

    def request(self, children: list[Any]) -> None:
        self.request_keys = len(self.asked)
        self._conversion_verb_only(children)
        self.converts = any(_is_token(c, "CONVERT", "CONVERT_END", "SOURCE", "TF_VERB") for c in children)
        self.yaml_framed |= _names_yaml(children)
        # "Make a JSON object from: ...": what follows "from" is data, as after "Convert to JSON"
        self.converts |= any(isinstance(c, Tree) and c.data == "tail" and c.children[0].type == "FROM" for c in children)
        self.template = next((c.value for c in children if _is_token(c, "TEMPLATE")), {})
        self._named_in_template(children)
        bare = any(isinstance(c, _CommaKeys) and not c.introduced for c in children)
        # "JSON, keys reordered": no list, unless the later sentences state exactly the keys listed
        # ("Reply with JSON only, keys user and role. | User: user Maria, role admin": _asked_keys)
        self.bare_list = bare and not any(isinstance(c, Tree) and c.data == "tail" for c in children)

    @staticmethod
    def _conversion_verb_only(children: list[Any]) -> None:
        if any(_is_token(c, "TF_VERB") and fold(c.value) not in _ALL_CONVERSION_VERBS for c in children):
            raise Declined  # "四舍五入JSON：..." rounds what? Only a conversion verb frames data (zh 转换成JSON：; wip/jsonR6)

    def _named_in_template(self, children: list[Any]) -> None:
        """"Extract the date as JSON {"date": ...}": the word names a key of the template (wip/jsonB)."""
        named = [c.children[0].value for c in children if isinstance(c, Tree) and c.data == "extract_named"]
        if any(name not in self.template for name in named):
            raise Declined  # "Extract the date as JSON {"day": ...}": the word names no key of the template

    @staticmethod
    def persona(children: list[Any]) -> None:
        """"You are a helpful assistant.": no request and no format (wip/sysP); its lead is read only as a table's
        "persona_lead" words ("you are": YOU and IS_KEYS, never "you will are")."""
        if " ".join(fold(c.value) for c in children[:2]) not in _PERSONA_LEADS:
            raise Declined

    def keys_sentence(self, children: list[Any]) -> None:
        kinds = [c.type for c in children if isinstance(c, Token)]
        if "KEYWORD" in kinds and "REQUIRED" in kinds[kinds.index("KEYWORD") :]:
            self.postposed = True  # "claves requeridas"; English puts it first ("Required keys")

    key_intro = keys_sentence

    def count(self, children: list[Token]) -> None:
        self.counts.append(_COUNTS[children[0].value])

    def closing(self, children: list[Any]) -> None:
        self.keep |= any(_is_token(c, "KEEP") for c in children)

    def name_said(self, children: list[Token]) -> None:
        self.said.append(("name", children[-1]))

    def name_and_age(self, children: list[Any]) -> None:
        self.said.append(("age", next(c for c in children if _is_token(c, "NUMBER"))))

    def age_said(self, children: list[Token]) -> None:
        self.age_pronouns += [c.value for c in children if c.type == "ME"]
        self.said.append(("age", next(c for c in children if c.type == "NUMBER")))

    def aged_stmt(self, children: list[Token]) -> None:
        """"年齢：45歳", "Jonas ist 27 Jahre alt": a statement before an age unit, a listed key's age
        or a name and an age (:func:`_labelled_ages`)."""
        token = next(c for c in children if c.type == "STMT")
        _label, st = token.value
        if isinstance(st.value, bool) or not isinstance(st.value, int) or st.quoted or st.spaced_bare:
            raise Declined
        self.said.append(("labelled", token))

    def person_age(self, children: list[Token]) -> None:
        """"Lucía tiene 28 años", "王芳今年 24 岁"."""
        name = next(c for c in children if c.type == "NAME")
        self.named_subject = True
        self.said += [("name", name), ("age", next(c for c in children if c.type == "NUMBER"))]

    def entity(self, children: list[Token]) -> None:
        self.entities.append(fold(children[-1].value))


@lru_cache(maxsize=1024)
def _types_a_value(word: str) -> bool:
    """A type word ("string", "integer") that no table lists as a key word (es "nombre" is a name's key, fr "nombre" a
    type): said where a nested leaf would be, it types the value (wip/jsonT3, g165)."""
    folded = fold(word)
    return folded in _TYPE_WORDS and not any(any(_table_kinds(folded, language)) for language in _TABLES)


def _one_way(children: list[Any], leaves: list[str], said: list[str]) -> None:
    """An object's leaves listed or stated, one way (wip/jsonN: _Read.with_nested), else Declined."""
    body = next(c for c in children if isinstance(c, Tree) and c.data in ("nest_body", "nest_in_order"))
    if leaves and said or not leaves and not said or body.data == "nest_in_order" and not leaves:
        raise Declined  # the leaves listed or stated, one way


def _labelled_number(children: list[Any]) -> tuple[str, Token, list[Any]]:
    """A labelled value ("Strecke 3,5", "价格 88.456") as its label, the value as a NUMBER token
    (a string or boolean there is declined when the transform is applied), and the other children (wip/jsonT)."""
    label, st = next(c for c in children if _is_token(c, "STMT")).value
    number = Token("NUMBER", st.value, start_pos=st.span[1] - len(str(st.value)))
    return label, number, [c for c in children if not _is_token(c, "STMT")]


def _joined(tokens: list[Token]) -> Token | None:
    """Capitalised names one space apart ("New York") as one NAME token; None otherwise."""
    if not tokens or any(not isinstance(t.value, str) or not t.value[:1].isupper() for t in tokens):
        return None
    for before, after in zip(tokens, tokens[1:]):
        if (after.start_pos or 0) != (before.start_pos or 0) + len(before.value) + 1:
            return None  # two spaces, a tab or a mark between: not one name read whole
    return Token("NAME", " ".join(t.value for t in tokens), start_pos=tokens[0].start_pos)


# zh: "包含name和age两个字段": the count must be the number of keys listed.
_COUNTS = {"两个": 2, "二个": 2, "三个": 3, "四个": 4, "五个": 5, "六个": 6, "2个": 2, "3个": 3, "4个": 4, "5个": 5, "6个": 6}


_LANGUAGE = RequestLanguage(Path(__file__).parent, _Read)
_TABLES = TABLES  # the vocabulary tables by language, read once (relations.py)
# Languages whose tables declare a bare name after a key and a space a value ("Artikel Kaffee").
_SPACED_BARE = frozenset(language for language, table in _TABLES.items() if table.get("spaced_bare_values"))
_KEPT_UNITS = {language: tuple(table.get("kept_units", ())) for language, table in _TABLES.items()}
_DECIMAL_COMMA = frozenset(language for language, table in _TABLES.items() if table.get("decimal_comma"))
# Languages whose tables declare a lowercase word a value after "is" or a listed key and a space
# ("host is localhost", "user alice"): read only in a conversion or a record of every listed key.
_LOWERCASE = frozenset(language for language, table in _TABLES.items() if table.get("lowercase_values"))
# The words after a listed key that say its value is the name stated ("the product name is Kettle").
_NAMED_BY = {language: frozenset(fold(w) for w in table.get("named_by", ())) for language, table in _TABLES.items()}
# The nouns a measure may be said of ("for a duration of 2 hours", "a length of 4 km"): a word that
# says what part of it is meant ("for a third of 5 hours") is no such noun, so no claim.
# Verbs that say a tie rounds up ("half_up_verbs": zh 四舍五入, ja 四捨五入して), in any table (wip/jsonT)
_HALF_UP_VERBS = frozenset(fold(w) for table in _TABLES.values() for w in table.get("half_up_verbs", ()))
_CONVERSION_VERBS = {language: frozenset(fold(w) for w in table.get("conversion_verbs", ())) for language, table in _TABLES.items()}
_ALL_CONVERSION_VERBS = frozenset().union(*_CONVERSION_VERBS.values())
# wip/sysP: the words a persona sentence starts with in each table ("you are"), YOU then IS_KEYS
_PERSONA_LEADS = frozenset(fold(w) for table in _TABLES.values() for w in table.get("persona_lead", ()))
# wip/jsonS: the words of other classes a conversion phrase takes as its verb, object or preposition
# (each table's "convert_shared"), by the class they are read as
_CONVERT_SHARED = {role: frozenset(fold(w) for table in _TABLES.values() for w in table.get("convert_shared", {}).get(role, ()))
                   for role in ("verbs", "objects", "prepositions")}
_CONVERT_SHARED_ROLE = {"TF_VERB": "verbs", "DEF": "objects", "RESULT": "objects", "SOURCE": "objects", "REQUIRED": "objects",
                        "IS": "objects", "AS": "prepositions", "TO_PLACE": "prepositions", "FOR": "prepositions"}
# A key spelled like "the values" or a word for "all" in any table ("values", "all", "werte",
# "todos"): "Round the values" could name that key or every value (red team 16, W21), so a
# transform of "the values" beside such a key, or naming such a word, is no claim.
_VALUES_LIKE = frozenset(fold(w) for table in _TABLES.values()
                         for w in (*table.get("classes", {}).get("VALUES", ()), *table.get("quantifier_words", ())))
_MEASURE_NOUNS = {language: frozenset(fold(w) for w in table.get("measure_nouns", ())) for language, table in _TABLES.items()}
# Languages whose tables declare "="-statements a run without commas ("temp=21 unit=C").
_EQUALS_RUNS = frozenset(language for language, table in _TABLES.items() if table.get("equals_runs"))
# A label names a listed key it equals under the table's declared folding ("label_folding":
# "case", "accents"); none declared, only the key as written.
_LABEL_FOLDING = {language: frozenset(table.get("label_folding", ())) for language, table in _TABLES.items()}


# The owner a word marks (red team round 7: values of two people were read as one object), by the
# table's "owners": grammatical person, number and gender ("1s", "3sm", "3sf", "3p"; "3" any third
# person). Words that mark none ("the", "this", "a request", "I need") are not listed.
def _owner_table(name: str) -> dict[str, dict[str, str]]:
    """Each language's table ``name`` (word -> owner), its words folded."""
    return {language: {fold(word): owner for word, owner in table.get(name, {}).items()} for language, table in _TABLES.items()}


_OWNERS = _owner_table("owners")
# The owner of a pronoun an age is said of ("мне 30 лет": 1s; "нам 22 года": 1p, red team round 8): by
# the table's "age_pronouns"; a pronoun the table does not list there is no claim.
_AGE_PRONOUNS = _owner_table("age_pronouns")


def _noting_owners(words: Iterator[Word], language: str, owners: list[str]) -> Iterator[Word]:
    """``words`` passed on, the owner each marks noted in ``owners``."""
    marks = _OWNERS.get(language, {})
    for word in words:
        owner = marks.get(fold(word.text)) if isinstance(word.text, str) else None  # a value's token holds the value
        if owner is not None:
            owners.append(owner)
        yield word


def _one_owner(owners: list[str]) -> bool:
    """Every owner mark can name the same one: each pair agrees where both say ("3" and "3sf" do,
    "3sm" and "3sf" or "1s" and "3s" do not)."""
    distinct = set(owners)
    return all(a.startswith(b) or b.startswith(a) for a in distinct for b in distinct)


# wip/jsonE: the table classes a capitalised value after ":" or "=" may collide with ("Laptop", "L")
_SEPARATED_CLASSES = frozenset({"ENTITY", *UNITS})


# Degree signs an ASCII-only table still reads, in its unit words only ("25 \u00b0C"): elsewhere no word is read (wip/jsonT)
_DEGREE_SIGNS = dict.fromkeys(map(ord, "\u00b0\u2103\u2109"), "")


# Words a JSON literal or a table's yes/no is written with, in any case ("False", "NULL", "Nein")
_LITERAL_WORDS = _NOT_BARE | {"undefined"} | {fold(word) for table in _TABLES.values()
                                              for words in table.get("booleans", {}).values() for word in words}


def _literal_as_string(transformer: _Read, stated: dict[str, Statement]) -> bool:
    """W26 (red team 20, C1): an unquoted value (or list item) that is a literal's word in another
    case ("debug to False", "values 18, None") would be served as the string "False", which a program
    reads as true; whether the literal or the word is meant is not stated, so no claim. A quoted one,
    or one whose key is noted a string ("ativo (texto): sim"), is a string."""
    strings = {key for key, kind in transformer.typed if kind == "string"}
    for key, st in stated.items():
        items = st.value if isinstance(st.value, list) else [st.value]
        if key not in strings and not st.quoted and any(isinstance(v, str) and fold(v) in _LITERAL_WORDS for v in items):
            return True
    return False


def _bare_boolean(transformer: _Read, stated: dict[str, Statement], where: tuple[str, str]) -> bool:
    """wip/fuzzO (fuzzK-bare-boolean-leaf): an unquoted JSON literal read as a boolean for a key the tables say holds
    a name or a number and no note types boolean ("name true", "host: false", "age false", "city=true", a nested leaf,
    a key holding an object, a colon block): the boolean, or the word as the name? Not stated, so no claim, in every
    path the statements come from. A key of no such kind ("active true", "debug: false") reads the literal as before;
    data written as data (a JSON, JS or Python record: "{active: true}") writes its own types."""
    language, prompt = where
    booleans = {key for key, kind in transformer.typed if kind == "boolean"}
    for key, st in stated.items():
        if key in booleans or prompt[st.span[0] : st.span[0] + 1] == "{" or not _key_meaning(key, language)[0]:
            continue
        items = st.value if isinstance(st.value, list) else [st.value]
        if any(isinstance(v, bool) for v in items):
            return True
    return False


# wip/fuzzO (fuzzK-underscore-emphasis-item): a word of a value opening or closing with "_" ("_blue_", "__green__"): markdown
# emphasis, never data; beside W26's "*", "**", "~~", "<b>", "[x](u)", which no value rule reads
_EMPHASIS_EDGE = re.compile(r"(?:^|(?<=\s))_|_(?=\s|$)")


def _backticked_item(transformer: _Read, stated: dict[str, Statement], prompt: str) -> bool:
    """A list item in backticks, after the first ("red, `blue`") or the first ("listing: `red`, green") (wip/fuzzO)."""
    if any(prompt[item.start_pos or 0 : (item.start_pos or 0) + 1] == "`" for items in transformer.items.values() for item in items):
        return True
    if any(isinstance(st.value, list) and prompt[st.span[0] : st.span[0] + 1] == "`" for st in stated.values()):
        return True  # a list's first item in backticks
    return False


def _markup_in_values(transformer: _Read, stated: dict[str, Statement], prompt: str) -> bool:
    """wip/fuzzO: markdown inline syntax in a value or list item is no claim in every path: an unquoted value or item
    with a word in underscore emphasis ("_blue_", "sku=AB_"), and a list item in backticks ("`blue`": code, as a
    statement's "`Ana`" is no claim already). A quoted value is a string; data written as data (a record) its own."""
    if _backticked_item(transformer, stated, prompt):
        return True
    for st in stated.values():
        if prompt[st.span[0] : st.span[0] + 1] == "{" or st.quoted and not isinstance(st.value, list):
            continue
        items = st.value if isinstance(st.value, list) else [st.value]
        if any(isinstance(v, str) and _EMPHASIS_EDGE.search(v) for v in items):
            return True
    return False


# wip/fuzzO: a number written with zeros after its point or decimal comma ("349.00", "12,50", "1.0")
_PADDED_DECIMAL = re.compile(r"-?\d+[.,]\d*0")


def _padded_number(stated: dict[str, Statement], prompt: str) -> bool:
    """wip/fuzzO (fuzzK-trailing-zeros-passage): a number the prompt writes with zeros after its point ("costs $349.00",
    "349,00 €") is the number (349, 349.0) or the amount as written ("349.00")? Not stated: no claim in every path (a
    statement's literal states nothing so written already; now a passage's frame or label the same). A number only
    a record writes ("{"price": 349.00}") is data written as data."""
    for st in stated.values():
        if isinstance(st.value, bool) or not isinstance(st.value, (int, float)) or prompt[st.span[0] : st.span[0] + 1] == "{":
            continue
        if _PADDED_DECIMAL.fullmatch(prompt[st.span[0] : st.span[1]]):
            return True
    return False


# wip/fuzzO: the alphabets a homoglyph passes between (Cyrillic "о", Greek "ο" for a Latin "o")
_HOMOGLYPH_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def _word_scripts(word: str) -> set[str]:
    """The alphabets (by each letter's Unicode name: "LATIN SMALL LETTER O", "CYRILLIC SMALL LETTER O") of a word's letters."""
    return {unicodedata.name(c, "").split(" ", 1)[0] for c in word if c.isalpha()} & _HOMOGLYPH_SCRIPTS


def _mixed_scripts(stated: dict[str, Statement]) -> bool:
    """wip/fuzzO: a string value or list item with a word whose letters mix the Latin, Cyrillic and Greek alphabets
    ("Bilbaо" with a Cyrillic "о", "Иpина" with a Latin "p"): a homoglyph, the word meant or a trap? No claim in every
    path, quoted or not (the served string would not be the word it looks like)."""
    for st in stated.values():
        for v in st.value if isinstance(st.value, list) else [st.value]:
            if isinstance(v, str) and any(len(_word_scripts(w)) > 1 for w in re.split(r"[\W\d_]+", v)):
                return True
    return False


# W27 (red team 21, N1/N5): each table's declared "referring_words" ("ditto", "idem", "dito", "\u540c\u4e0a", "twice", "doble",
# "more"): a word that refers to another value or relates to one is no value of its own
_REFERRING_WORDS = frozenset(fold(word) for table in _TABLES.values() for word in table.get("referring_words", ()))


def _refers_or_relates(stated: dict[str, Statement]) -> bool:
    """W27 (red team 21, N1/N5): an unquoted value or list item that is, whole (or with a period: "dto."), a word of
    a table's "referring_words" ("height: ditto", "Values: 20, twice", "S, M, idem"; the reader cuts a period: "dto.") says "the value before" or "twice
    it": served as the word it would be wrong, so no claim. A quoted one is a string."""
    for st in stated.values():
        items = st.value if isinstance(st.value, list) else [st.value]
        if not st.quoted and any(isinstance(v, str) and fold(v).strip() in _REFERRING_WORDS for v in items):
            return True
    return False


# W27 (red team 21, N7): each table's declared "abbreviations" ("Dr", "Inc", "Str", "ул"), folded, without their period
_ABBREVIATIONS = frozenset(fold(word).rstrip(".") for table in _TABLES.values() for word in table.get("abbreviations", ()))
_DOTTED = re.compile(r"(?:[^\W\d_]{1,4}\.)+[^\W\d_]{1,4}")  # "a.m", "e.g", "r.s.v.p" (no address: "mail.example.org")
_VOWELS = frozenset("aeiouy\u0430\u0435\u0451\u0438\u043e\u0443\u044b\u044d\u044e\u044f\u0456\u0454")


def _abbreviation_shaped(word: str) -> bool:
    """A table's abbreviation, short letter groups joined by periods ("a.m", "e.g") or a Latin or Cyrillic word with no vowel
    ("Mrs", "Nr", "Str"; a code in capitals, "SP", "NY", is none)."""
    folded = fold(word)
    if folded in _ABBREVIATIONS or _DOTTED.fullmatch(folded):
        return True
    bare = unicodedata.normalize("NFD", folded)
    return not (len(word) > 1 and word.isupper()) and bare.isalpha() and all(ord(c) < 0x0530 for c in folded) and not any(c in _VOWELS for c in bare)


def _period_dropped(stated: dict[str, Statement], prompt: str) -> bool:
    """W27 (red team 21, N7): an unquoted value or list item whose last word is abbreviation-shaped, written with a
    period after it ("title: Dr.", "Values: Ana, Dr.", "Acme Inc."): the period is the abbreviation's or the
    sentence's; which is not said, so no claim."""
    for st in stated.values():
        for v in st.value if isinstance(st.value, list) else [st.value]:
            if st.quoted or not isinstance(v, str) or not v.split() or not _abbreviation_shaped(v.split()[-1]):
                continue
            if re.search(r"(?<![\w.])" + re.escape(v) + r"\.", prompt):
                return True
    return False


@lru_cache(maxsize=1024)
def read_request(prompt: str) -> JsonRequest | None:
    """The plain request ``prompt`` is, in the first language whose table reads every word and
    whose sentences the grammar derives; None when none does (no plain request)."""
    if not _readable(prompt):
        return None
    for vocabulary in _LANGUAGE.vocabularies:  # English first: most prompts
        if vocabulary.ascii_only and not prompt.translate(_DEGREE_SIGNS).isascii():
            continue  # English reads printable ASCII only ("José", an emoji: blind red team round 4)
        seen: list[Word] = []
        words = _nest_blocks(_noted(_words(prompt, vocabulary), seen), prompt)
        read = _parse(_values_heads(_list_bars(words)), vocabulary.language, prompt)
        if read is not None:
            unevident = not _keys_evident(prompt, read) or not _values_evident(prompt, read)
            return None if _symbol_misspelled(read, seen) or unevident else read
    from .pastes import read_paste  # a pasted table or .env block (wip/jsonP); imports this module

    return read_paste(prompt)


def _readable(prompt: str) -> bool:
    """Whether ``prompt`` may be a plain request at all (:func:`read_request`'s first checks)."""
    if len(prompt) > 4000 or ("json" not in prompt.casefold() and "{" not in prompt):
        return False  # every request sentence the grammar derives names JSON (its noun; every table's JSON word
        # holds "json") or is a template after a conversion (bare_request)
    if unicodedata.normalize("NFC", prompt) != prompt:
        return False
    if any(c < " " and c not in "\t\n" for c in prompt):  # a carriage return is no character of the grammar
        return False
    return prompt.count("```") <= 2  # two code blocks: which one "the block above" means is not stated (wip/jsonR2)


def _noted(words: Iterator[Word], seen: list[Word]) -> Iterator[Word]:
    """``words``, each noted in ``seen`` as it is cut."""
    for word in words:
        seen.append(word)
        yield word


def _symbol_misspelled(read: JsonRequest, seen: list[Word]) -> bool:
    """W28 (red team 22, A): a key or a word that folds to a unit symbol of any table but is written in a
    spelling no table lists ("Mm" is the megametre, "ML" the megalitre, "G", "KG", ru "Мм"), in a request
    that measures (a unit or target word read, a conversion, or the word right after a number: "4.5 M"):
    no claim. Unit phrases themselves are matched as the tables spell them (Vocabulary.match); this is
    the same rule for the keys and names the reader cuts itself."""
    measured = bool(read.transforms or read.written) or any(w.kind in _UNIT_WORDS for w in seen)
    if measured and any(_misspelled_symbol(key) for key in read.keys):
        return True
    names = [(before, w) for before, w in zip([None, *seen], seen) if w.kind == "NAME" and isinstance(w.text, str)]
    return any(_misspelled_symbol(w.text) and (measured or (before is not None and before.kind == "NUMBER")) for before, w in names)


def _misspelled_symbol(word: str) -> bool:
    return any(table.symbol_misspelled(word) for table in _LANGUAGE.vocabularies)


def _parse_one_owner(words: Iterator[Word], language: str) -> Any:
    """The grammar's reading of ``words``, or None when their owner marks name two owners ("Me
    llamo Hugo y tiene 77 años", "Her name is Ana and his age is 30": two people, never one object)."""
    owners: list[str] = []
    transformer = _LANGUAGE.parse(_noting_owners(words, language, owners))
    if transformer is None:
        return None
    if transformer.named_subject:
        owners.append("3")  # "Giulia ho 26 anni" (fuzzer, owner_swap): the name and "I" are two people
    pronoun_owners = _AGE_PRONOUNS.get(language, {})
    if any(fold(word) not in pronoun_owners for word in transformer.age_pronouns):
        return None  # "Marc et nous 71 ans": an age said of a pronoun the table does not own
    owners += [pronoun_owners[fold(word)] for word in transformer.age_pronouns]
    return transformer if _one_owner(owners) else None


def _parse(words: Iterator[Word], language: str, prompt: str) -> JsonRequest | None:
    transformer = _parse_one_owner(words, language)
    read = _read_statements(transformer, language, prompt)
    if transformer is None or read is None or _hedged(transformer, language):
        return None
    read = _keys_lowercased(transformer, read)
    if read is None:
        return None
    found, units, ambiguous = read
    if _dashed_numbers_alone(found):
        return None
    if transformer.runs and language not in _EQUALS_RUNS:
        return None  # "temp=21 unit=С" (a Cyrillic "С") is no English; no other table declares such runs
    keys = _asked_keys(transformer, found, ambiguous, prompt, language)
    if keys is None:
        return None
    transforms = _transforms_read(transformer, keys, read, language)
    if transforms is None:
        return None
    stated = {k: v for k, v in found.items() if k not in ambiguous}
    _ages_in_years(transforms, units, language)
    written = {key: (stated[key].value, units[key]) for key in transforms}
    if not _apply_transforms(stated, transforms, units, language):
        return None  # a tie, another type, an undeclared unit, an inexact result, a difference's offset: no claim
    return _checked_request(transformer, keys, found, stated, (language, prompt), transforms, written)


def _hedged(transformer: _Read, language: str) -> bool:
    """wip/fuzzP: a statement after a "for" word of the table that is also a hedge ("hedge_words": en 'with name
    "Ana", about age 31', de "über", es/pt "sobre") states an approximate value or a bound, never the value: no claim.
    "A JSON object about a person" (the word before an entity noun) is no statement and stays read."""
    hedges = {fold(word) for word in _TABLES.get(language, {}).get("hedge_words", ())}
    return any(word in hedges for word in transformer.for_words)


def _checked_request(transformer: _Read, keys: Any, found: dict, stated: dict, where: tuple[str, str],
                     transforms: Any, written: dict) -> JsonRequest | None:
    """The request read, once the notes, types, formulas, the tree and W27's YAML reading allow it; else None."""
    language, prompt = where
    _notes_by_listed_key(transformer, keys, language)
    _values_noted(transformer, keys)
    _declared_booleans(transformer, stated, language)
    transformer.yaml_framed |= _YAML_FENCE.search(prompt) is not None  # "```yaml" frames the block as YAML (wip/jsonF)
    if not _typed_as_noted(transformer, found, stated) or _period_dropped(stated, prompt) or _value_read_two_ways(transformer, stated, where):
        return None
    if not _formulas_applied(transformer, keys, found, stated, prompt):
        return None
    if not _relations_applied(transformer, keys, found, stated, transforms):
        return None
    flat = _request_read(transformer, keys, found, stated, language, transforms, written)
    if flat is not None and transformer.nests and not _keys_evident(prompt, flat):
        return None  # a leaf said after "holding" is a key only with evidence too ('and port 443, maybe 31': fuzzG)
    read = _nested_read(transformer, flat)
    return None if read is None or _yaml_disagrees(transformer, read, prompt) else read


_DECLARED_LIST = DECLARED_LIST


def _value_read_two_ways(transformer: _Read, stated: dict[str, Statement], where: tuple[str, str]) -> bool:
    """wip/fuzzO: the one check every path's statements pass (flat, nested leaves, a key holding an object, colon
    blocks, lists, k=v, passages, said and ordered names): a value read two ways is no claim -- a bare boolean for a
    key not noted boolean, markup, a name no one is, a number with zeros after its point, a type said after the last
    key of a list, a word mixing alphabets, a bare value whose JSON type the prompt does not fix (W29: two_readings.py)."""
    language, prompt = where
    return _bare_boolean(transformer, stated, where) or _markup_in_values(transformer, stated, prompt) \
        or _names_no_one(stated, language) or _padded_number(stated, prompt) \
        or _last_key_note_read_two_ways(transformer, stated, language) or _mixed_scripts(stated) \
        or _typed_two_ways(stated, transformer.asked, transformer.typed, where, lambda key: _key_meaning(key, language))


def _yaml_disagrees(transformer: _Read, read: JsonRequest, prompt: str) -> bool:
    """W27 (red team 21): a block read from colon-labelled lines reads the same under YAML, or no claim (yaml_block.py).
    With no key list (nor a shape, nor "(keys in lowercase)") each key is its label as YAML reads it."""
    own_keys = not read.listed and not transformer.template and not transformer.lowercase_keys
    # each statement as the request serves it ("in_stock (boolean)": yes as true), a transformed one as written
    served = {st.span: st for key, st in read.statements.items() if key not in read.transforms}
    said = [(label, served.get(st.span, st), own_keys) for label, st, _unit in transformer.stated]
    said += [(key, st, own_keys) for key, st in read.statements.items() if key not in read.transforms]
    whole = own_keys and not read.transforms and set(read.keys) <= set(read.statements)
    final = {key: read.statements[key].value for key in read.keys} if whole else None
    return block_disagrees(prompt, said, final, _declared_values(transformer))


def _declared_values(transformer: _Read) -> dict[tuple[int, int], Any]:
    """By span, the value as written of a statement whose key's type the request declares (W27's YAML reading)."""
    # a type the request declares ("ativo (booleano): não"): the word as written may be what YAML reads
    typed = {key for key, _kind in transformer.typed}
    declared = {st.span: st.value for label, st, _unit in transformer.stated if label in typed}
    # a type noted after the value ("age: 41 (integer)"): YAML reads the note into its string
    declared.update({st.span: _DECLARED_LIST for label, st, _unit in transformer.stated
                     if label in typed and (not isinstance(st.value, (bool, str)) or st.span in transformer.noted_after)})
    # a key declared a list ("sizes (a list of integers): 3, 5"): its items are the request's, not YAML's flow
    declared.update({st.span: _DECLARED_LIST for label, st, _unit in transformer.stated if label in transformer.item_kinds})
    return declared


def _nested_read(transformer: _Read, read: JsonRequest) -> JsonRequest | None:
    """wip/jsonN: a template with nested objects ('Return {"user": {"name": ..., "age": ...}} for name Carl, age 40'),
    a key holding an object said in words or an indented block: its leaves were read as flat keys, each statement by
    the flat rules; the request asks the tree's members in order, a nested object's value the object of its leaves'
    statements in its order. Declined (no plain request) unless every leaf of every nested object is stated once,
    nothing else is stated, no key list is said beside it and nothing is transformed (W22-W25 per leaf)."""
    if not transformer.nests and not getattr(transformer.template, "nested", False):
        return None if transformer.tree_filled else read  # "for name Carl, age 40" after a flat template: as before, no claim
    tree = _nests_tree(transformer, read) if transformer.nests else _template_tree(transformer, read)
    if tree is None or not _leaves_stated_once(transformer, read, tree):
        return None
    return _tree_request(read, tree)


def _nests_tree(transformer: _Read, read: JsonRequest) -> list[tuple[str, tuple[str, ...] | None]] | None:
    """The tree of the objects said in words or as indented blocks (wip/jsonN), or None."""
    if transformer.template or transformer.tree_filled:
        return None  # a nested object said in words beside a template
    tree: list[tuple[str, tuple[str, ...] | None]] = [(key, tuple(leaves)) for key, leaves in transformer.nests]
    leaves = [leaf for _key, inner in tree for leaf in inner or ()]
    if len(set(leaves)) != len(leaves) or any(key in leaves for key, _inner in tree) or list(read.keys) != leaves:
        return None  # a leaf said twice, named as its object, or a key asked beside the object's leaves
    return tree


def _template_tree(transformer: _Read, read: JsonRequest) -> list[tuple[str, tuple[str, ...] | None]] | None:
    """A nested template's tree (wip/jsonN), or None when a key list is said beside it."""
    if transformer.asked or list(read.keys) != list(transformer.template):
        return None
    return list(transformer.template.tree)  # type: ignore[attr-defined]


def _leaves_stated_once(transformer: _Read, read: JsonRequest, tree: list[tuple[str, tuple[str, ...] | None]]) -> bool:
    """Every leaf of every nested object stated once, nothing stated the tree does not hold, nothing transformed."""
    leaves = [leaf for _key, inner in tree if inner is not None for leaf in inner]
    flat = [key for key, inner in tree if inner is None]
    if read.transforms or read.written:
        return False
    said = [key for key, _st, _unit in transformer.stated]
    if any(said.count(key) > 1 for key in said):
        return False  # "name Carl, age 40, name Carl": a leaf stated twice is no claim, even alike
    if any(leaf not in read.statements for leaf in leaves) or not read.stated_keys <= set(leaves + flat):
        return False  # a leaf unstated, stated twice (ambiguous) or a key stated that the tree does not hold
    return True


def _tree_request(read: JsonRequest, tree: list[tuple[str, tuple[str, ...] | None]]) -> JsonRequest:
    """The request of the tree's members, a nested object's statement the object of its leaves' values (wip/jsonN)."""
    statements: dict[str, Statement] = {}
    for key, inner in tree:
        if inner is None:
            if key in read.statements:
                statements[key] = read.statements[key]
            continue
        value = {leaf: read.statements[leaf].value for leaf in inner}
        statements[key] = Statement(value, False, (-1, -1))  # type: ignore[arg-type]
    keys = tuple(key for key, _inner in tree)
    return replace(read, keys=keys, statements=statements, stated_keys=frozenset(statements))


def _unlisted_beside_equals(transformer: _Read, found: dict[str, Statement]) -> bool:
    """W26 (red team 20, C6): statements written "k=v" beside one written otherwise for a key no list
    names (zh "年龄=31，改成32", ja "age=31、プラス1": an instruction glued to a number, read as a key):
    whether that is a key is not said."""
    listed = set(transformer.asked) | set(transformer.template)
    return any(st.equals for st in found.values()) and any(
        not st.equals and key not in listed for key, st in found.items())


def _unlisted_beside_another_style(transformer: _Read, found: dict[str, Statement]) -> bool:
    """W27 (red team 21, N8; W26's C6 in every separator and language): statements joined in two styles ("name: Ana,
    age: 30, not 31": two "key: value", then "not 31" a "key value"; "k=v" beside "k: v") for a key no list names:
    whether the odd one is a statement or words said of the value before it ("not 31", "was 31") is not said."""
    listed = set(transformer.asked) | set(transformer.template)
    styles = {st.style for st in found.values() if st.style is not None}
    return len(styles) > 1 and any(st.style is not None and key not in listed for key, st in found.items())


def _keys_lowercased(
    transformer: _Read, read: tuple[dict[str, Statement], dict[str, str | None], set[str]]
) -> tuple[dict[str, Statement], dict[str, str | None], set[str]] | None:
    """wip/jsonE: "(keys in lowercase)" before a labelled block: each stated label lowercased is its key ("Title: Dune"
    states "title"). None (no claim) beside a key list or a template (which keys are meant is theirs to say), when two
    labels lowercase alike, when a label is not one word of ASCII letters, digits and underscores, or when
    no label is capitalised (the note then says nothing). Without the note, ``read`` as it is."""
    if not transformer.lowercase_keys:
        return read
    found, units, ambiguous = read
    if transformer.asked or transformer.template or not found:
        return None
    keys = list(found)
    if any(not _LOWERED_LABEL.fullmatch(key) for key in keys) or not any(key[:1].isupper() for key in keys):
        return None
    lowered = [key.lower() for key in keys]
    if len(set(lowered)) != len(lowered):
        return None
    rename = dict(zip(keys, lowered))
    return ({rename[k]: st for k, st in found.items()}, {rename.get(k, k): u for k, u in units.items()}, {rename.get(k, k) for k in ambiguous})


_LOWERED_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,60}")
_SET_VALUE_END = re.compile(r"(?:[ \t]*(?:$|[,;\n])|\.(?:\s|$)|[ \t]+(?:and|as)\b)")  # "... to 5 as JSON"


def _set_statements(transformer: _Read, prompt: str) -> list[tuple[str, Statement, str | None]] | None:
    """wip/jsonS: "set timeout to 30 and retries to 5": each key's value as written -- a number (nothing after it
    but a comma, "and" or the sentence's end: "30 seconds", "45%" are no claim), a quoted string, true/false, or
    one capitalised word (a name); a lowercase word ("to team") may describe, so None (no claim)."""
    read: list[tuple[str, Statement, str | None]] = []
    for key, value in transformer.set_pairs:
        one = _set_value(value, prompt)
        if one is None:
            return None
        read.append((key.value, one, None))
    return read


def _set_scalar(value: Token) -> tuple[str, Any] | None:
    """A number, true/false or one capitalised word after "set <key> to": (as written, as read), or None."""
    if value.type == "NUMBER" and isinstance(value.value, (int, float)) and not isinstance(value.value, bool):
        return render(value.value) or "", value.value
    if value.type != "NAME" or not isinstance(value.value, str):
        return None
    if value.value in ("true", "false"):
        return value.value, value.value == "true"
    return (value.value, value.value) if value.value[:1].isupper() and value.value.isalpha() else None


def _set_value(value: Token, prompt: str) -> Statement | None:
    """One value after "set <key> to" as written (wip/jsonS: _set_statements), or None."""
    start = value.start_pos or 0
    if value.type == "QNAME" and prompt[start : start + 1] in _KEY_QUOTES:
        text = prompt[start : start + len(value.value) + 2]
        ok = text[1:-1] == value.value and text[-1] == text[0]
        return Statement(value.value, True, (start, start + len(text))) if ok else None
    scalar = _set_scalar(value)
    if scalar is None:
        return None
    text, read = scalar
    end = start + len(text)
    if prompt[start:end] != text or not _SET_VALUE_END.match(prompt, end):
        return None  # read exactly as written, nothing after it that changes it ("30 seconds", "16px")
    return Statement(read, False, (start, end))


def _dashed_numbers_alone(found: dict[str, Statement]) -> bool:
    """wip/jsonS: "temp - 12" alone may be a minus sign: a number after a spaced hyphen is read only when
    a string is written so too ("name - Ana\nage - 31": the hyphen is the block's separator)."""
    dashed = [st for st in found.values() if st.dashed]
    return any(not isinstance(st.value, str) for st in dashed) and not any(isinstance(st.value, str) for st in dashed)


def _request_read(transformer: _Read, keys: list[str], found: dict[str, Statement], stated: dict[str, Statement], language: str,
                  transforms: dict[str, str], written: dict[str, tuple[str | int | float | bool, str | None]]) -> JsonRequest:
    """The request as read, once every check passed: a computed key counts as found beside the stated ones,
    the first entity named is the object's, and the keys are listed when a key list or a shape said them."""
    found = {**found, **{key: stated[key] for key in stated if key not in found}}
    entity = transformer.entities[0] if transformer.entities else ""
    listed = bool(transformer.asked or transformer.template)
    return JsonRequest(tuple(keys), stated, frozenset(found), entity, language, dict(sorted(transforms.items())), written, listed)


def _relations_applied(transformer: _Read, keys: list[str], found: dict[str, Statement], stated: dict[str, Statement],
                       transforms: dict[str, str]) -> bool:
    """A listed key a declared relation fixes, as its statement: a total of the one quantity and unit price
    stated (relations.py; wip/jsonD). Only among listed keys (a key list or a template): unlisted, which keys
    the object holds is not said. A count priced per unit ("3 mugs at 4 dollars each") must fix the total, or
    the request is no claim (False)."""
    if not (transformer.asked or transformer.template) or set(found) - set(stated):
        return not transformer.priced
    values = {key: st.value for key, st in stated.items()}
    priced = _priced_counts(transformer, keys, values)
    if priced is None:
        return False
    relation_keys, said = priced
    roles = {key: role for key, role in zip(said, ("quantity", "unit_price"))}
    derived = derived_totals(relation_keys, {**values, **said}, transforms, roles)
    if transformer.priced and not derived:
        return False  # a count priced per unit that fixes no total: what else it asks is not said
    derived.update(derived_counts(list(keys), values, transforms) if not transformer.priced else {})
    for key, value in {**said, **derived}.items():
        if key in keys:
            stated[key] = Statement(value, False, (0, 0))
    return True


_SAID_PRICE = "unit price"  # the relation's unit price said in prose beside no listed unit price key


def _priced_counts(transformer: _Read, keys: list[str], values: dict[str, Any]) -> tuple[list[str], dict[str, Any]] | None:
    """The keys the relation reads and the values a count priced per unit says ("3 mugs at 4 dollars each"): the
    count for the listed quantity key (else the one listed key written as the noun, "2 tickets" for "tickets"),
    the price for the listed unit price key (else for the relation alone). None (no claim) for two such phrases,
    no key for the count, a key it says already stated, a count that is no whole number."""
    if not transformer.priced:
        return list(keys), {}
    if len(transformer.priced) != 1:
        return None
    count, noun, price = transformer.priced[0]
    quantity, unit = _priced_keys(keys, noun.value)
    if len(quantity) != 1 or len(unit) > 1 or not isinstance(count.value, int) or isinstance(count.value, bool):
        return None
    said = {quantity[0]: count.value, (unit[0] if unit else _SAID_PRICE): price.value}
    if any(key in values for key in said):
        return None  # the count or the price stated twice: which one holds is not said
    return [*keys, *([] if unit else [_SAID_PRICE])], said


def _priced_keys(keys: list[str], noun: str) -> tuple[list[str], list[str]]:
    """The listed keys a priced count may bind: the quantity keys (else the keys written as the noun) and the
    unit price keys."""
    roles = {key: relation_role(key) for key in keys}
    quantity = [k for k in keys if roles[k] == "quantity"] or [k for k in keys if k == noun]
    return quantity, [k for k in keys if roles[k] == "unit_price"]


def _formula_key(name: str, keys: list[str]) -> str:
    """The listed key a formula names: as written, else the one listed key of that name in another case
    ("Total = price * qty" for "total"); else the name (no listed key: the formula is declined)."""
    if name in keys:
        return name
    same = [key for key in keys if key.casefold() == name.casefold()]
    return same[0] if len(same) == 1 else name


def _formulas_applied(transformer: _Read, keys: list[str], found: dict[str, Statement], stated: dict[str, Statement],
                      prompt: str) -> bool:
    """Each declared formula's target as its statement, computed exactly from the two stated numbers it names
    ("total = price * qty": 4 * 5 = 20; decimals by their literals, an inexact double declined). False (no claim)
    when the target is unlisted or stated, an operand is unlisted, unstated, stated unclearly or no number, one
    key is computed twice, or the keys are no key list's (wip/jsonY)."""
    if not transformer.formulas:
        return True
    if not transformer.asked:
        return False  # "Total = price * qty" without a key list: which keys the object holds is not said
    for named in transformer.formulas:
        target, a, b = (_formula_key(name, keys) for name in (named[0], named[1], named[3]))
        op, start = named[2], named[4]
        if _formula_keys_declined(target, a, b, keys, found, stated) or _sentence_asks(prompt, start):
            return False  # "Total = price + qty?" asks whether the formula holds, it declares none (W25)
        operands = [stated.get(a), stated.get(b)]
        if any(st is None or isinstance(st.value, bool) or not isinstance(st.value, (int, float)) for st in operands):
            return False
        value = _formula_result(op, operands)
        if value is None:
            return False
        stated[target] = Statement(value, False, (start, start))
    return True


def _formula_keys_declined(target: str, a: str, b: str, keys: list[str], found: dict[str, Statement], stated: dict[str, Statement]) -> bool:
    """True when a formula may not be computed: its target is unlisted or already stated (the prompt's value
    and the formula's could differ), an operand is unlisted, or the target is one of its own operands."""
    return target not in keys or target in found or target in stated or a not in keys or b not in keys or a == target or b == target


def _formula_result(op: str, operands: list[Statement | None]) -> int | float | None:
    """``op`` applied exactly to the two stated numbers, decimals by their literals (0.1 + 0.2 is 0.3):
    an int when both are ints; None when the result has no exact double, so no value is guessed.
    Computed in Fractions, never in the ambient ``decimal`` context (28 digits, or whatever the
    application set: prec=6 made 123456.78 * 3 370370.0; W28)."""
    x, y = (_exact_fraction(render(st.value)) for st in operands)  # type: ignore[union-attr]
    if x is None or y is None:
        return None
    exact = x * y if op == "*" else x + y if op == "+" else x - y
    if all(isinstance(st.value, int) for st in operands):  # type: ignore[union-attr]
        return int(exact)  # a product, sum or difference of ints: an int, every digit kept
    try:
        value = float(exact)
    except OverflowError:
        return None
    return value if _exact_fraction(render(value)) == exact else None


def _exact_fraction(literal: str | None) -> Fraction | None:
    """The exact rational a finite decimal literal writes (no context, no rounding), else None."""
    try:
        return Fraction(literal) if literal is not None else None
    except (ValueError, ZeroDivisionError):
        return None


def _notes_by_listed_key(transformer: _Read, keys: list[str], language: str) -> None:
    """A note after a label names the listed key the label folds to ("Age: 41 (integer)": "age"; wip/overdecl)."""
    transformer.typed = [(_folded_to_key(key, keys, language) or key, kind) for key, kind in transformer.typed]


def _values_noted(transformer: _Read, keys: list[str]) -> None:
    """wip/jsonR7: "JSON with boolean values: ...": every key asked noted of that type, as "keys a and b as booleans" notes
    each listed key (_typed_as_noted then asks each stated, of that type; _declared_booleans reads "yes"/"no")."""
    if transformer.values_kind:
        transformer.typed += [(key, transformer.values_kind) for key in keys]


def _holds_null(value: Any) -> bool:
    """A value that is null or holds one (a record's None, [1, None], {"a": null})."""
    if isinstance(value, dict):
        return any(_holds_null(item) for item in value.values())
    return value is None or isinstance(value, list) and any(_holds_null(item) for item in value)


# A type note after a key ("age (a number)") and the JSON values it admits (wip/jsonR).
_TYPE_NOTES = {"T_NUMBER": "number", "T_INTEGER": "integer", "T_STRING": "string", "T_BOOL": "boolean", "T_ARRAY": "array",
               "T_ARRAY_STRINGS": "array", "T_ARRAY_NUMBERS": "array", "T_ARRAY_INTEGERS": "array"}
# A listed key's type said in words beside its list ("port as an integer", wip/jsonX and wip/jsonF).
_SAID_NOTES = {"T_NUMBER_SAID": "number", "T_INTEGER_SAID": "integer", "T_STRING_SAID": "string", "T_BOOL_SAID": "boolean"}
# One note for every key of a list ("keys a and b as booleans", wip/jsonY).
_ALL_NOTES = {"T_ALL_NUMBER": "number", "T_ALL_INTEGER": "integer", "T_ALL_STRING": "string", "T_ALL_BOOL": "boolean"}


# A table's words for true and false ("booleans": pt "sim"/"não", de "ja"/"nein"), read only as the
# value of a key noted boolean ("ativo (booleano)"), unquoted (wip/jsonR3).
_BOOLEAN_WORDS = {language: {fold(word): value == "true" for value, words in table.get("booleans", {}).items() for word in words}
                  for language, table in _TABLES.items()}


def _declared_booleans(transformer: _Read, stated: dict[str, Statement], language: str) -> None:
    """A boolean key's unquoted value that is the table's word for true or false, as that boolean."""
    words = _BOOLEAN_WORDS.get(language, {})
    for key, kind in transformer.typed:
        st = stated.get(key)
        if kind == "boolean" and st is not None and isinstance(st.value, str) and not st.quoted and fold(st.value) in words:
            stated[key] = replace(st, value=words[fold(st.value)])


def _typed_as_noted(transformer: _Read, found: dict[str, Statement], stated: dict[str, Statement]) -> bool:
    """Every key noted with a type is stated (after its transforms), with a value of that type: a
    note is then no rule ("age (a string)" for a stated 30 asks "30", which nothing here writes;
    an unstated key's type no check would hold the model's answer to). A key after a singular
    "key" is quoted or stated ("with key facts" lists nothing)."""
    if not _stated_plainly(transformer, found, stated):
        return False
    if not transformer.converts and any(_holds_null(st.value) and not _null_as_data(st) and st.span not in transformer.noted_after
                                        for st in stated.values()):
        return False  # "Return JSON: {"title": null, ...}" may ask to fill it; only data to convert states null (wip/jsonR6)
    if any(not _of_kind(stated[key].value if key in stated else None, kind) for key, kind in transformer.typed):
        return False
    return not _read_otherwise_as_yaml(transformer, found)  # W27: "active: on" under YAML is true in YAML 1.1 (PyYAML)


def _of_kind(value: Any, kind: str) -> bool:
    """Whether ``value`` is of the JSON type a note says ("string", "boolean", "integer", "array", "number")."""
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "array":
        return isinstance(value, list)
    if kind == "null":
        return value is None
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# A table's phrases for a type said in words ("as a string", es "como texto"): in brackets after a key, a note (wip/jsonF)
_SAID_PHRASES = {language: frozenset(fold(w) for cls in _SAID_NOTES for w in table["classes"].get(cls, ()))
                 for language, table in _TABLES.items()}


def _last_key_note_read_two_ways(transformer: _Read, stated: dict[str, Statement], language: str) -> bool:
    """wip/fuzzO (jsonF's open case): a type said in words in brackets after the last key of a list of two or more, no
    other key noted ("keys code and name (as a string): code 7"), types that key alone or every key of the list: two
    readings. No claim unless they agree (every other key listed is stated with a value of that type)."""
    if len(transformer.key_notes) != 1 or len(transformer.asked) < 2:
        return False
    key, note = transformer.key_notes[0]
    if key != transformer.asked[-1] or fold(str(note.value)).strip("()\uff08\uff09 ") not in _SAID_PHRASES.get(language, ()):
        return False
    kind = _TYPE_NOTES[note.type]
    return not all(other in stated and _of_kind(stated[other].value, kind) for other in transformer.asked[:-1])


# Words that may say a list's transformation or exception ("red, green, sorted", "blue, except red"): never an item (wip/jsonL).
_LIST_ITEM_STOPS = frozenset(fold(w) for table in _TABLES.values() for w in table.get("list_item_stops", ()))
# The items' JSON type a key's note says ('"tags" (array of strings)'; wip/jsonL).
_ITEM_KINDS: dict[str, type | tuple[type, ...]] = {"T_ARRAY_STRINGS": str, "T_ARRAY_NUMBERS": (int, float), "T_ARRAY_INTEGERS": int}
# A list's label that names its items' JSON type ("a list of strings: ...", "a list of integers: ...").
_LIST_LABELS: dict[str, type | tuple[type, ...]] = {"strings": str, "words": str, "numbers": (int, float), "integers": int}


def _lists_assembled(transformer: _Read) -> bool:
    """Each key noted a list ("tags (a list)", "a list of these colors") stated once, its value the
    statement's then the items after it ("tags: red, green": ["red", "green"]), every item of one
    JSON type, none a key's name or a word JSON or a type names ("null", "string"); items only after
    a key noted a list (else "name: Ana, Bob" is no claim). A list's words are data, as after "=" (wip/jsonR6)."""
    arrays = {key for key, kind in transformer.typed if kind == "array"}
    if not set(transformer.items) <= arrays:
        return False
    if transformer.items and not set(transformer.asked) <= {key for key, _st, _unit in transformer.stated}:
        return False  # "keys tags (a list) and owner: tags: red, Bob": "Bob" may be the owner
    return all(_list_assembled(transformer, key) for key in arrays)


# The tables' words for a count ("three", fr "trois", "several"): a list's label that says how many items (wip/jsonAC).
_COUNT_WORDS = frozenset(fold(w) for table in _TABLES.values() for w in table.get("count_words", ()))


def _counts_items(label: str) -> bool:
    """Whether a list's label ("a list of three: ...", "a list of 3 colors: ...") says how many items it holds: a count
    may disagree with the items stated, so the list is no claim (wip/jsonAC)."""
    words = fold(label).replace("_", " ").split()
    return any(word in _COUNT_WORDS or any(c.isdigit() for c in word) for word in words)


def _items_fit(values: list[Any], asked: list[str]) -> bool:
    """A list's items: one JSON type (a string, an integer or a decimal), none a key's name or a word JSON or a type names."""
    if len({type(v) for v in values}) != 1 or not isinstance(values[0], (str, int, float)) or isinstance(values[0], bool):
        return False
    return not any(isinstance(v, str) and (v.casefold() in _NOT_BARE | _TYPE_WORDS | _LIST_ITEM_STOPS or v in asked) for v in values)


# W26 (red team 20, C3): beside the tables' "list_item_stops", any word shaped as a multiplier ("x2", "3x") or an
# English participle or adverb of five letters or more ("inverted", "numbered", "alphabetically"): it may say how
# to list, not what
_HOW_TO_LIST = re.compile(r"(?i)[x\u00d7]\d+|\d+[x\u00d7]|[a-z]{3,}(?:ed|ly)")


def _list_assembled(transformer: _Read, key: str) -> bool:
    """One key noted a list: its one statement's value and items as one list (:func:`_lists_assembled`)."""
    at = [i for i, (k, _st, _unit) in enumerate(transformer.stated) if k == key]
    if len(at) != 1 or transformer.stated[at[0]][2] is not None:
        return False if at else key not in transformer.items
    st = transformer.stated[at[0]][1]
    values = _list_values(transformer, key, st)
    if values is None:
        return False
    span = (st.span[0], max([st.span[1], *((item.end_pos or 0) for item in transformer.items.get(key, []))]))
    transformer.stated[at[0]] = (key, Statement(values, False, span), None)  # type: ignore[arg-type]
    return True


def _list_values(transformer: _Read, key: str, st: Statement) -> list[Any] | None:
    """The list a key noted a list holds: its statement's value, then the items after it; None when they are no
    list of one JSON type (and the noted one) or the statement states one value (:func:`_list_assembled`)."""
    if st.spaced_bare and (not isinstance(st.value, str) or " " in st.value) or st.equals and transformer.items.get(key):
        return None  # "tags Red Rose, Green": a bare name run; "tags=red, green": "=" states one value
        # ("tags marketing, launch": one word after the key, then the items, is read: wip/jsonL)
    values = [st.value, *(item.value for item in transformer.items.get(key, []))]
    if isinstance(st.value, list):
        values = st.value if not transformer.items.get(key) else [st.value]  # "tags (a list): ["a", "b"]" (wip/jsonL)
    if not _items_fit(values, transformer.asked) or _says_how_to_list(values, st, transformer.items.get(key, [])):
        return None
    kind = transformer.item_kinds.get(key)
    if kind is not None and not all(isinstance(v, kind) for v in values):
        return None  # '"tags" (array of strings): tags 1, 2': the items are not what the note says (wip/jsonL)
    return values


def _says_how_to_list(values: list[Any], st: Statement, items: list[Token]) -> bool:
    """W26: an unquoted item shaped as a multiplier or an English participle or adverb ("x2", "inverted") may say
    how to list; quoted, it is an item."""
    bare = [not st.quoted, *(item.type != "QNAME" for item in items)]
    return any(flag and isinstance(v, str) and _HOW_TO_LIST.fullmatch(v) for v, flag in zip(values, bare))


def _stated_plainly(transformer: _Read, found: dict[str, Statement], stated: dict[str, Statement]) -> bool:
    """A key after a singular "key" is quoted or stated; no unquoted yes/no stands for a key noted no
    boolean ("enabled: yes": true, or the word? not stated; wip/jsonR4), nor a literal's word in another
    case (W26: :func:`_literal_as_string`); no statement stands unwritten "k=v" beside ones that are
    (W26: :func:`_unlisted_beside_equals`)."""
    return not any(t.type != "QNAME" and t.value not in found for t in transformer.one_keys) \
        and not any(isinstance(st.value, str) and not st.quoted and st.value in _NOT_BARE for st in stated.values()) \
        and not _literal_as_string(transformer, stated) and not _unlisted_beside_equals(transformer, found) \
        and not _refers_or_relates(stated) and not _unlisted_beside_another_style(transformer, found)


def _transforms_read(transformer: _Read, keys: list[str], read: tuple[Any, Any, Any], language: str) -> dict[str, str] | None:
    """The transforms the request declares by key, implied by a unit key, each with the unit it reads;
    None when one is read nowhere whole, beside "keep the values exactly as given", or a unit is
    stated that no conversion reads."""
    found, units, ambiguous = read
    values_like_key = any(fold(key) in _VALUES_LIKE for key in (*keys, *found))
    if any(fold(key) in _VALUES_LIKE if key is not None else values_like_key for key, _name in transformer.transforms):
        return None  # "values 41.3 and count 7.2. Round the values": the key, or every value? (W21)
    declared = [(_folded_to_key(key, keys, language), name) for key, name in transformer.transforms]
    transforms = _declared_transforms(declared, keys, found, units, ambiguous)
    if transforms is None or (transforms and transformer.keep):
        return None  # a transform read nowhere whole, or beside "keep the values exactly as given"
    _implied_conversions(transforms, keys, units, language)
    if not _units_read(units, transforms, language, transformer.noted):
        return None  # "distance 5 km" with no conversion: which number to write is not stated
    return transforms


def _ages_in_years(transforms: dict[str, str], units: dict[str, str | None], language: str) -> None:
    """An age key stated without a unit is counted in years for a months conversion (wip/jsonB)."""
    for key, name in transforms.items():
        if name == "to months" and units.get(key) is None and _is_concept(key, "age", language):
            units[key] = "years"  # "age 34. Give age in months": an age is counted in years


def _folded_to_key(word: str | None, keys: list[str], language: str) -> str | None:
    """The listed key a transform names: as written, or the one key it folds to under the table's
    label folding ("Donne l'âge en mois" names "age"; "Rechne die Temperatur ..." "temperatur");
    a word that names no key, or two, is returned as written (no listed key: no claim)."""
    if word is None or word in keys:
        return word
    rules = _LABEL_FOLDING.get(language, frozenset())
    named = [key for key in keys if rules and _label_folded(key, rules) == _label_folded(word, rules)]
    return named[0] if len(named) == 1 else word


def _named_statements(transformer: _Read, language: str, prompt: str) -> list[tuple[str, Statement, str | None]] | None:
    """The statements by the listed key each names: sayings (:func:`_said_as_statements`) and
    labels (:func:`_labels_as_keys`); None when one names no key it may, or a list is not read whole."""
    if not _lists_read_whole(transformer, language):
        return None
    _person_is_aged(transformer, language, prompt)
    said = _said_as_statements(transformer, language)
    if said is None or any(_sentence_asks(prompt, st.span[1]) for _key, st, _unit in said):
        return None  # "Liam is a vegetarian?", "Alma is 30 years old?" ask, they state nothing (wip/jsonB)
    positional = _positional_statements(transformer, language, prompt)
    if positional is None:
        return None
    named = _named_as_keys(transformer, language)
    if named is None:
        return None
    measured = _measured_and_computed(transformer, language, prompt)
    if measured is None:
        return None
    positional += measured
    extracted = _extracted_statements(transformer, language)
    if extracted is None:
        return None
    positional += extracted
    set_said = _set_statements(transformer, prompt)
    if set_said is None:
        return None
    positional += set_said
    # a shape's keys are the keys asked as a key list's are: 'Item "notebook"' names "item" (wip/jsonR3)
    asked = transformer.asked or list(transformer.template)
    if _counted_unlisted(transformer, asked, language):
        return None  # "3 users" for a key "user", "3 apples" for no key: no statement read
    placed = _places_bound(transformer, asked, language, prompt)
    if placed is None:
        return None
    bound = _slots_bound(transformer.stated + said + named + positional + placed, transformer.template, language)
    if bound is None:
        return None
    return _stated_by_asked_keys(transformer, bound, asked, language)


def _counted_unlisted(transformer: _Read, asked: list[str], language: str) -> bool:
    """Whether a number is said with a word that is no key asked nor a slot's word (wip/jsonY); "92 points"
    fills '"score": <points>', de "12 Tore" the key "tore" (wip/jsonQ)."""
    slot_words = getattr(transformer.template, "slots", {})  # wip/jsonQ: "92 points" fills '"score": <points>'
    rules = _LABEL_FOLDING.get(language, frozenset())
    slot_words = {*slot_words, *(_label_folded(w, rules) for w in slot_words), *(_label_folded(k, rules) for k in asked)}
    return any(key not in asked and key not in slot_words and _label_folded(key, rules) not in slot_words for key in transformer.counted)


def _stated_by_asked_keys(transformer: _Read, bound: list[tuple[str, Statement, str | None]], asked: list[str],
                          language: str) -> list[tuple[str, Statement, str | None]] | None:
    """The bound statements by the asked key each label names (:func:`_labels_as_keys`); None when a
    label names no key it may, or a spaced bare label ("Stadt Bremen") is listed by no key list or shape."""
    stated = _labels_as_keys(bound, asked, language)
    if stated is None:
        return None
    if any(st.spaced_bare and key not in transformer.asked and key not in transformer.template
           and not _named_without_list(transformer, key, st, language) for key, st, _unit in stated):
        return None  # "Stadt Bremen" names a key only beside a key list (or a shape: wip/jsonA) that lists it
    return stated


def _named_without_list(transformer: _Read, key: str, st: Statement, language: str) -> bool:
    """wip/jsonR7: with no key list and no shape (the stated keys are the keys asked), "JSON with name Ana and age 31", es
    "con nombre Ana y edad 31": a bare value after a key and a space is the key's when the tables say a name fills the key
    ("kinds": name, city, product... -- "with comments Ana", "with columns Name", "with day Monday" state nothing) and
    the value is one capitalised word ("Ana Lopez", "Ana maybe" and a letter, "name X": no claim). Its words no name is are declined as for any
    name-kind key (_names_no_one). Under "with boolean values" the value is the table's word for true or false ("active yes")."""
    if transformer.asked or transformer.template:
        return False
    if transformer.values_kind == "boolean":  # "JSON with boolean values: active yes, verified no"
        return isinstance(st.value, str) and fold(st.value) in _BOOLEAN_WORDS.get(language, {})
    if not _is_kind(key, "name", language):
        return False
    return isinstance(st.value, str) and not st.lowercase and not st.quoted and " " not in st.value and len(st.value) > 1


def _places_bound(transformer: _Read, asked: list[str], language: str, prompt: str) -> list[tuple[str, Statement, str | None]] | None:
    """The place named after "for" (fr "pour Lyon") as the statement of the one listed key no statement names,
    when that key is of a place kind the gazetteer says the name alone fills (:func:`_in_order_typed`); None
    when two keys are left or none, the key is of no place kind, two places are named, or no gazetteer is
    installed (wip/jsonY)."""
    if not transformer.places:
        return []
    if len(transformer.places) > 1:
        return None
    slots = getattr(transformer.template, "slots", {})
    stated = {slots.get(key, key) for key, _st, _unit in transformer.stated}
    keys = [key for key in asked if key not in stated]
    if len(keys) != 1 or _string_kind(keys[0], language) not in _PLACE_CONCEPTS:
        return None  # the place fills the one key no statement names, a key of a place kind, or none
    one = _in_order_typed(keys[0], transformer.places[0], language, prompt)
    return None if one is None else [one]


def _slots_bound(
    stated: list[tuple[str, Statement, str | None]], template: dict[str, str], language: str
) -> list[tuple[str, Statement, str | None]] | None:
    """Each statement whose key is a slot word of the shape ('{"user": <name>}': "with name Priya") as the
    statement of the slot's key; None when a stated word is one slot's word and another slot's key
    ('{"name": <user>, "user": <name>}': which slot "name Ana" fills is not said; wip/jsonY), or a template's
    unquoted value holds a word that is never a name ("The name is Nobody", "Article : rien": W25)."""
    if template and any(isinstance(st.value, str) and not st.quoted and _never_a_name([Token("NAME", st.value)], language)
                        for _key, st, _unit in stated):
        return None
    slots = getattr(template, "slots", {})
    if not slots:
        return stated
    rules = _LABEL_FOLDING.get(language, frozenset())
    folded = {_label_folded(word, rules): word for word in slots}  # wip/jsonQ: de "Der Name ist Lena" names <name>
    if len(folded) != len(slots):
        folded = {}
    bound = []
    for key, st, unit in stated:
        word = key if key in slots else folded.get(_label_folded(key, rules), key)
        if word in slots and (key in template or word in template) and slots[word] != word:
            return None
        bound.append((slots.get(word, key), st, unit))
    return bound


def _read_statements(
    transformer: _Read | None, language: str, prompt: str,
) -> tuple[dict[str, Statement], dict[str, str | None], set[str]] | None:
    """Each key's statement, its unit and the keys stated unclearly (:func:`_statements`); None
    when nothing was derived or a statement names no key it may (:func:`_named_statements`)."""
    stated = _named_statements(transformer, language, prompt) if transformer is not None else None
    if transformer is None or stated is None:
        return None
    found, units, ambiguous = _statements(stated)
    if transformer.asked or transformer.template:  # without them _keys_as_written declines the prompt
        # "age 52?" asks about the value, it states none (fuzzer, wip/jsonsyn seed 3): the model writes it
        ambiguous |= {key for key, st, _unit in stated if _asked_about(prompt, st.span[1])}
        # "tags listing red, green?": a list asked about, after its last item, states none either (wip/jsonL)
        ambiguous |= {key for key, items in transformer.items.items() if items and _asked_about(prompt, _item_end(prompt, items[-1]))}
    return found, units, ambiguous


_ITEM_WORD = re.compile(r"\"[^\"]*\"|'[^']*'|[^\s,?\uff1f]+")


def _item_end(prompt: str, item: Token) -> int:
    """Where a list's item ends in ``prompt`` (a quoted string with its quotes, else the word up to a space, comma or "?")."""
    word = _ITEM_WORD.match(prompt, item.start_pos or 0)
    return word.end() if word is not None else item.start_pos or 0


def _asked_about(prompt: str, end: int) -> bool:
    """A question mark right after a statement ("age 52?")."""
    return prompt[end:].lstrip(" \t").startswith(("?", "\uff1f"))


_SENTENCE_END = re.compile(r"[.;!?\n\u3002\uff01\uff1b\uff1f]")


def _sentence_asks(prompt: str, pos: int) -> bool:
    """Whether the sentence around ``pos`` ends with a question mark."""
    end = _SENTENCE_END.search(prompt, pos)
    return end is not None and end.group() in ("?", "\uff1f")


def _units_read(units: dict[str, str | None], transforms: dict[str, str], language: str, noted: set[str]) -> bool:
    """Whether every unit stated after a number is read: by its key's conversion, as an age key's
    years (its number is the age; the unit is dropped), or as a note in brackets on a key no
    conversion names ("temp 20 (Celsius)": the value is the number; wip/jsonB)."""
    for key, unit in units.items():
        if unit == "years" and key not in transforms and _is_concept(key, "age", language):
            units[key] = None  # "edad: 28 años": an age is its number of years
        elif unit is not None and key not in transforms and key in noted:
            units[key] = None  # "temp 20 (Celsius)": the unit is a note, the value the number
    return not any(unit is not None and key not in transforms for key, unit in units.items())


def _label_folded(word: str, rules: frozenset[str]) -> str:
    """A label or key as the table's folding rule compares them: case ("Ciudad" for "ciudad"),
    accents ("Prénom" for "prenom") only where the table declares it."""
    word = word.casefold() if "case" in rules else word
    if "accents" in rules:
        word = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", word)


# The keys whose value is a common noun, written lowercase ("product": pen; wip/jsonV)
_COMMON_NOUN_KEYS = {language: frozenset(_label_folded(w, _LABEL_FOLDING[language]) for w in table.get("common_noun_keys", ()))
                     for language, table in _TABLES.items()}


def _labels_as_keys(
    stated: list[tuple[str, Statement, str | None]], asked: list[str], language: str
) -> list[tuple[str, Statement, str | None]] | None:
    """Each statement's label named by the listed key it folds to ("Ciudad: Sevilla" states
    "ciudad"); None when two listed keys fold alike and a label names them (which one is meant is
    not stated). A label equal to no listed key is kept as written."""
    rules = _LABEL_FOLDING.get(language, frozenset())
    if not asked:
        return stated
    by_fold: dict[str, list[str]] = {}
    for key in asked:
        by_fold.setdefault(_label_folded(key, rules), []).append(key)
    named = []
    for label, st, unit in stated:
        keys = by_fold.get(_label_folded(label, rules), []) or _concept_keys(label, asked, language)
        if label not in asked and len(keys) > 1:
            return None
        named.append((label if label in asked or not keys else keys[0], st, unit))
    return named


def _concept_keys(label: str, asked: list[str], language: str) -> list[str]:
    """The listed keys a label names as the table's word for a concept whose name the key is
    (wip/jsonR: "имя Дмитрий" states "name", "年齢は 36" states "age" beside keys name and age)."""
    concepts = _TABLES.get(language, {}).get("concepts", {})
    meant = {concept for concept, words in concepts.items() if fold(label) in {fold(w) for w in words}}
    # the label's one concept: en "name" is the word for a name, an item and a player (which is not told)
    return [key for key in asked if meant == {key} and key != label]


def _named_as_keys(transformer: _Read, language: str) -> list[tuple[str, Statement, str | None]] | None:
    """"the product name is Kettle" as the statement of the listed key "product", when "name" is
    a word the table declares for it ("named_by") and no listed key itself; None otherwise."""
    named: list[tuple[str, Statement, str | None]] = []
    words = _NAMED_BY.get(language, frozenset())
    for entity, token in transformer.named:
        label, st = token.value
        keys = [key for key in transformer.asked if fold(key) == fold(entity)]
        if fold(label) not in words or len(keys) != 1 or any(fold(key) == fold(label) for key in transformer.asked):
            return None  # "the product price is 39", an entity no key names, "name" a key of its own
        named.append((keys[0], st, None))
    return named


_PERSON_IS_AGED = re.compile(r"(?P<name>[A-Z][a-z]+) is (?P<age>[1-9]\d?)")


def _person_is_aged(transformer: _Read, language: str, prompt: str) -> None:
    """"Grace is 47." beside a key list with an age key (English, wip/jsonB): the statement
    "Grace" = 47 the lexer read is a person's name and age (as "Grace is 47 years old" is,
    :meth:`_Read.aged_stmt`); a label that names a listed key stays a statement."""
    if language != "en" or not any(_is_concept(key, "age", language) for key in transformer.asked):
        return
    kept = []
    for key, st, unit in transformer.stated:
        person = _PERSON_IS_AGED.fullmatch(prompt, st.span[0], st.span[1])
        if person is not None and unit is None and key not in transformer.asked and not st.quoted:
            token = Token("STMT", (key, st), start_pos=st.span[0])
            transformer.said.append(("labelled", token))
            continue
        kept.append((key, st, unit))
    transformer.stated = kept


# The words of each table for the result of an expression, and the operators the expression may hold for each
# ("total": only "+"; "result": any the arithmetic grammar reads): "expression_keys" (wip/jsonZ)
_EXPRESSION_KEYS = {language: {fold(k): frozenset(v.split()) for k, v in table.get("expression_keys", {}).items()}
                    for language, table in _TABLES.items()}


def _expression_statements(transformer: _Read, language: str) -> list[tuple[str, Statement, str | None]] | None:
    """The one slot of a template filled by a stated expression ('Fill in the template {"total": <value>} with the
    total of 12 + 30', de 'Gib {"summe": <Wert>} zurück für 17 + 25'): its exact value (arithmetic.grammar), an
    integer or a terminating decimal JSON writes exactly (wip/jsonZ). None when the template has another number of
    slots, the key (or the noun said of the expression) is no word of the table's "expression_keys" whose operators
    the expression holds ("total" for 3 * 4), it mixes a sum or difference with a product or quotient ("3 + 4 * 2"),
    or the value is no exact JSON number (10 / 3)."""
    if not transformer.expressions:
        return []
    keys = transformer.asked or list(transformer.template)
    if len(transformer.expressions) != 1 or len(keys) != 1 or transformer.template.get(keys[0]) not in ("any", "number"):
        return None
    (token, noun), = transformer.expressions
    value, operators, text = token.value
    if operators & {"+", "-"} and operators & {"*", "/"}:
        return None  # "3 + 4 * 2": which operation binds first is not said here
    if not all(_names_the_result(word, operators, language) for word in (keys[0], noun)):
        return None
    number = _exact_json_number(value)
    start = token.start_pos or 0
    return None if number is None else [(keys[0], Statement(number, False, (start, start + len(text))), None)]


def _names_the_result(word: str | None, operators: frozenset[str], language: str) -> bool:
    """``word`` (a template's key, a noun said of an expression; None: nothing said) a word of the table's
    "expression_keys" for the result of an expression of ``operators`` (wip/jsonZ)."""
    if word is None:
        return True
    allowed = _EXPRESSION_KEYS.get(language, {}).get(fold(word))
    return allowed is not None and ("any" in allowed or operators <= allowed)


def _exact_json_number(value: Fraction) -> int | float | None:
    """``value`` as the JSON number that writes it exactly (an integer, a terminating decimal a double
    holds), else None (wip/jsonZ)."""
    from ..arithmetic.grammar import format_value

    literal = format_value(value)
    if "/" in literal:
        return None  # 10 / 3: no terminating decimal
    number: int | float = int(literal) if value.denominator == 1 else float(literal)
    if Fraction(repr(number)) != value:
        return None  # more digits than a double holds: JSON would not write the value exactly
    return number


# The labels of a values sentence: the table's VALUES words and its "value_labels" (zh 值, ja 値: no word class there)
_VALUES_WORDS = {language: frozenset(fold(w) for w in [*table["classes"].get("VALUES", ()), *table.get("value_labels", ())])
                 for language, table in _TABLES.items()}


def _listed_values_statements(transformer: _Read, language: str, prompt: str) -> list[tuple[str, Statement, str | None]] | None:
    """"Keys: id, status, retries. Values: 17, open, 2.": each value the statement of the key at its place in
    the one key list (wip/jsonZ). The first is lexed as a statement labelled by the table's VALUES word; a
    number stays the number, a word is the string as written. None when the counts differ, the label is no
    VALUES word, or a value is quoted, a JSON literal, a type or placeholder word, or carries a unit (a
    values sentence that asks, "Values: 42, closed?", states nothing)."""
    if not transformer.values_in_order:
        return []
    first, *rest = transformer.values_in_order
    keys = transformer.asked
    said = first.type == "VALUES_SAID"  # wip/jsonE: every value a plain token after the VALUES word
    if len(keys) != len(rest) + (0 if said else 1) or len(set(keys)) != len(keys) or transformer.stated or transformer.in_order:
        return None
    read = [_listed_value(key, token) for key, token in zip(keys, rest)] if said else \
        [_first_listed_value(keys[0], first, language), *(_listed_value(key, token) for key, token in zip(keys[1:], rest))]
    if any(one is None for one in read) or any(_sentence_asks(prompt, one[1].span[1]) for one in read if one is not None):
        return None
    return read  # type: ignore[return-value]


def _first_listed_value(key: str, first: Token, language: str) -> tuple[str, Statement, None] | None:
    """"Values: 17" (one statement labelled by the table's VALUES word) as ``key``'s value, or None (wip/jsonZ)."""
    if first.type == "VALUES_SAID":
        return None  # wip/jsonE: values_said marks its values' start; no statement holds the first value
    label, st = first.value[0], first.value[1]
    if fold(label) not in _VALUES_WORDS.get(language, ()) or len(first.value) > 2 and first.value[2] is not None:
        return None
    if st.quoted or isinstance(st.value, bool) or st.equals or st.spaced_bare and not _spaced_values_word(first):
        return None
    return key, Statement(st.value, False, (st.span[1] - len(str(st.value)), st.span[1])), None  # the span ends with the value


def _spaced_values_word(first: Token) -> bool:
    """wip/jsonE: "values Lee, 78": the table's VALUES word then a space is the values' label as ":" is (one word, no
    JSON literal, type or placeholder word, or a number after it, as read)."""
    value = first.value[1].value
    return first.type == "VALUES_STMT" and (isinstance(value, str) and " " not in value and fold(value) not in _NOT_BARE | _TYPE_WORDS
                                            or isinstance(value, (int, float)) and not isinstance(value, bool))


def _listed_value(key: str, token: Token) -> tuple[str, Statement, None] | None:
    """A later value in order: a word (no JSON literal, type or placeholder word) as its string, a number as
    itself, or None (wip/jsonZ)."""
    start = token.start_pos or 0
    if token.type == "NAME":
        if fold(token.value) in _NOT_BARE | _TYPE_WORDS:
            return None
        return key, Statement(token.value, False, (start, start + len(token.value))), None
    if isinstance(token.value, bool) or not isinstance(token.value, (int, float)):
        return None
    return key, Statement(token.value, False, (start, start + len(str(token.value)))), None


def _measured_and_computed(transformer: _Read, language: str, prompt: str) -> list[tuple[str, Statement, str | None]] | None:
    """The statements of a measure (:func:`_measured_statements`), of a template's expression and of values
    listed after their keys (wip/jsonZ); None when one of them is no claim."""
    read: list[tuple[str, Statement, str | None]] = []
    for part in (_measured_statements(transformer, language), _expression_statements(transformer, language),
                 _listed_values_statements(transformer, language, prompt)):
        if part is None:
            return None
        read += part
    return read


def _keys_take_values_in_order(transformer: _Read, keys: list[str], language: str) -> bool:
    """Whether values in order may be read for these keys at all: bare keys only when a table says what
    each holds, and a leading entity only when the first key names what the object describes."""
    if transformer.bare_keys and not all(any(_key_meaning(key, language)) for key in keys):
        return False  # "JSON mit Kommentaren, ...": a bare word after "with" is a key only when a table says what it holds
    if transformer.entity_first and not any(_is_concept(keys[0], c, language) for c in _ENTITY_KEYS):
        return False  # "keys capital and population for France, 68000000": France is what the object describes
    return not _quoted_in_order(transformer.in_order)


def _quoted_in_order(values: list[list[Token]]) -> bool:
    """A quoted value in order: it binds only where the order is said (wip/jsonS)."""
    return any(token.type == "QNAME" for tokens in values for token in tokens)


def _positional_statements(transformer: _Read, language: str, prompt: str) -> list[tuple[str, Statement, str | None]] | None:
    """Values written in the listed keys' order ("keys "name" and "age" for: Alice, 30.") as their
    statements (wip/jsonB): exactly one value per listed key, each of the kind the table says its
    key holds ("kinds": a name for "city", a number for "price", years for an age); None otherwise
    (a key of no declared kind, "is_adult", is no claim)."""
    values = transformer.in_order
    if not values:
        return []
    keys = transformer.asked or (list(transformer.template) if transformer.tree_filled else [])  # a nested template's leaves (wip/jsonN)
    if len(values) != len(keys) or any(_never_a_name(tokens, language) for tokens in values):
        return None  # "for: He, Cairo.": a pronoun is no value of a name or a place (W24)
    if transformer.declared_order:
        return _declared_order_statements(keys, values, prompt, language)
    if not _keys_take_values_in_order(transformer, keys, language):
        return None
    kinds = [_value_kind(tokens) for tokens in values]
    declared = {key for key, _transform in transformer.transforms}
    if len(set(kinds)) != len(kinds):
        return _typed_statements(keys, values, kinds, language, prompt, declared)
    read = [_in_order_statement(key, tokens, language, prompt, key in declared) for key, tokens in zip(keys, values)]
    return None if any(one is None for one in read) else read  # type: ignore[return-value]


def _declared_order_statements(keys: list[str], values: list[list[Token]], prompt: str,
                               language: str) -> list[tuple[str, Statement, str | None]] | None:
    """Values whose order the prompt says ("in that order", zh 依次), each the statement of the listed key at its
    place: a number as written, or one capitalised word (a name) as written; anything else (a unit, a name of
    several words, a key listed twice) is no claim (wip/jsonY); a lowercase word is read for a key of no name kind
    ("status": "closed"), never for one of the name kind ("city": "nice" may be the adjective; wip/jsonE)."""
    if len(set(keys)) != len(keys):
        return None
    read: list[tuple[str, Statement, str | None]] = []
    for key, tokens in zip(keys, values):
        one = _declared_value(tokens, prompt, not _is_kind(key, "name", language))
        if one is None:
            return None
        read.append((key, one, None))
    return read


def _declared_text(token: Token, quote: str, lowercase_ok: bool) -> str | None:
    """A value in a declared order as it must be written: a number, one capitalised word, or after ``quote`` a
    quoted string; None for anything else."""
    if token.type == "NUMBER" and isinstance(token.value, (int, float)) and not isinstance(token.value, bool):
        return render(token.value) or ""
    if quote:
        return quote + token.value
    if token.type != "NAME" or not isinstance(token.value, str):
        return None
    # wip/jsonE: a lowercase word too ("and values 18, closed, low"), as jsonZ's "Values:" list reads it; never a JSON
    # literal, type or placeholder word ("values 18, null", "values 18, string")
    return token.value if token.value[:1].isupper() or lowercase_ok and token.value.isalpha() and fold(token.value) not in _NOT_BARE | _TYPE_WORDS else None


def _declared_value(tokens: list[Token], prompt: str, lowercase_ok: bool) -> Statement | None:
    """One value in a declared order: a number or one capitalised word as written, or (wip/jsonS) a quoted string
    ('"open"') as written between its quotes; None otherwise."""
    if len(tokens) != 1:
        return None
    token = tokens[0]
    start = token.start_pos or 0
    quoted = token.type == "QNAME" and isinstance(token.value, str) and prompt[start : start + 1] in _KEY_QUOTES
    text = _declared_text(token, prompt[start : start + 1] if quoted else "", lowercase_ok)
    if text is None or prompt[start : start + len(text)] != text:
        return None  # the value is read exactly as written, or not at all
    return Statement(token.value, quoted, (start, start + len(text) + (1 if quoted else 0)))


def _typed_statements(
    keys: list[str], values: list[list[Token]], kinds: list[str], language: str, prompt: str, declared: set[str]
) -> list[tuple[str, Statement, str | None]] | None:
    """Strings in the keys' order bound by a typed proof (wip/jsonK): each string's key declares a
    place kind (the tables' "city" or "country" concept) that the gazetteer says the string alone
    fills (a city known as no country; a country), or is the one person's name key, which takes the
    one string left, known as no place. Two keys of one kind, a key of no place or person kind, two
    values of another kind (two numbers), a string its key's kind does not take ("Paris, France" for
    "country" and "city"), or no gazetteer installed: None, as W13 declines them."""
    others = [kind for kind in kinds if kind != "name"]
    if len(set(others)) != len(others):
        return None  # two numbers: only order binds them (W13)
    wanted = [_string_kind(key, language) for key, kind in zip(keys, kinds) if kind == "name"]
    if None in wanted or len(set(wanted)) != len(wanted):
        return None  # a string key of no place or person kind, or two keys of one kind: only order binds them (W13)
    read = []
    for key, tokens, kind in zip(keys, values, kinds):
        one = _in_order_statement(key, tokens, language, prompt, key in declared) if kind != "name" \
            else _in_order_typed(key, tokens, language, prompt)
        if one is None:
            return None
        read.append(one)
    return read


# A string key's kind for the typed proof: a place concept of the tables, or the person's name.
_PLACE_CONCEPTS = (CITY, COUNTRY)
_PERSON = "person"


def _string_kind(key: str, language: str) -> str | None:
    """The one place concept ("city", "country") the tables say ``key`` is the word for, else
    "person" for the tables' "name" concept, else None (two concepts: None)."""
    meant = [concept for concept in _PLACE_CONCEPTS if _is_concept(key, concept, language)]
    if _is_concept(key, "name", language):
        meant.append(_PERSON)
    return meant[0] if len(meant) == 1 else None


def _in_order_typed(key: str, tokens: list[Token], language: str, prompt: str) -> tuple[str, Statement, None] | None:
    """One string in order for a key of a place or person kind, as written, when its kind takes it:
    a city key a string the gazetteer knows as a city and not as a country, a country key one it
    knows as a country, the name key one it knows as no place; None otherwise or with no gazetteer."""
    kind = _string_kind(key, language)
    if tokens[0].type == "QUOTED":
        st = tokens[0].value
        start = prompt.rfind(st.value, st.span[0], st.span[1])
        one: tuple[str, Statement, None] | None = (key, Statement(st.value, True, (start, st.span[1])), None)
    elif kind == _PERSON:
        one = _in_order_name(key, tokens, language, prompt)
    else:
        one = _place_name(key, tokens, language, prompt)
    if one is None:
        return None
    known = place_kinds(str(one[1].value))
    if known is None:
        return None  # no gazetteer (the extra "places" is not installed): no claim
    if kind == CITY:
        return one if CITY in known and COUNTRY not in known else None
    if kind == COUNTRY:
        return one if COUNTRY in known else None
    return one if not known else None


def _place_name(key: str, tokens: list[Token], language: str, prompt: str) -> tuple[str, Statement, None] | None:
    """Capitalised words one space apart (one run of ideographs where the table is not spaced) as
    written, for a place key ("Томск", "New York", "成都")."""
    run = _name_run(tokens, language, prompt) if tokens[0].type == "NAME" else None
    return None if run is None else (key, Statement(run[2], False, run[:2]), None)


# The concepts whose key holds the entity itself, so "for <entity>" states its value ("keys name and
# age for Alice, 30"); any other key of that kind ("capital", "city", "author") is the entity's relation.
_ENTITY_KEYS = ("name", "item")


def _value_kind(tokens: list[Token]) -> str:
    """A value's kind as written: names, an e-mail address, a number, a number with a unit word after it."""
    if tokens[0].type in ("NAME", "EMAIL"):
        return tokens[0].type.lower()
    if tokens[0].type == "QUOTED":
        return "name"  # a quoted string and a bare name are two strings: only order tells them apart (W13)
    return "number" if len(tokens) == 1 else f"number {tokens[1].type}"


def _never_a_name(tokens: list[Token], language: str, place: bool = True) -> bool:
    """A value of words one of which is never a name: a pronoun, a question word, a quantifier, a
    negation, a calendar word, a place adverb (:func:`_never_names`; W24, W25) of the prompt's table; or a value of
    one word that is such a word of any other table, unless the value may be a place (``place``) and the gazetteer
    knows it as a city (it "Como", "Este": the data decides; a country code, "It", is none) (wip/fuzzO: en "Todos, 5"
    and pt "Nobody, 5"; in a name of several words another language's word may be an article, "Il Postino"). A
    person's name is no place: it '"nome": She ha 26 anni' names no one, although a city is called She."""
    own, words = _never_names(language), [str(t.value).split() for t in tokens if t.type == "NAME"]
    if any(fold(word) in own or fold(word) in negations() for value in words for word in value):
        return True  # wip/fuzz0: a negation of ANY table's is no part of a name either ("Stadt Not Kiel")
    alone = [value[0] for value in words if len(value) == 1] if len(tokens) == 1 else []
    return any(fold(word) in _never_names_any() and not (place and CITY in (place_kinds(word) or ())) for word in alone)


def _may_be_place(key: str, language: str) -> bool:
    """Whether ``key`` may hold a place: a city, a country, a trip's ends, or a key no table gives a concept
    (its value may be anything); a person's or a product's name is none."""
    concepts = _key_meaning(key, language)[1]
    return not concepts or bool(concepts & {"city", "country", "from", "to"})


@lru_cache(maxsize=1)
def _never_names_any() -> frozenset[str]:
    """Every table's words that are never a name (:func:`_never_names`) and its quantifier words (wip/fuzzO)."""
    return frozenset().union(*(_never_names(language) | {fold(w) for w in table.get("quantifier_words", ())}
                               for language, table in _TABLES.items()))


def _names_no_one(stated: dict[str, Statement], language: str) -> bool:
    """wip/fuzzO (fuzzK-never-name-value): an unquoted value of a name-like key (a name, a city, a product: the tables'
    "name" kind) that holds a word no name is (:func:`_never_a_name`, any table's) is no claim, in every path the
    statement came from: a label ("Name: Nobody", de "name: Niemand"), the keys' order ("Todos, 5"), a self-introduction
    ("My name is Nobody", es "Me llamo Monday"), a block, a nested leaf ("user Christmas"). Quoted, it is a string."""
    return any(isinstance(st.value, str) and not st.quoted and _is_kind(key, "name", language)
               and _never_a_name([Token("NAME", st.value)], language, _may_be_place(key, language)) for key, st in stated.items())


@lru_cache(maxsize=None)
def _never_names(language: str) -> frozenset[str]:
    """The passage table's words that are never a name (:func:`passage.never_names`) and the JSON table's
    own ("never_names": calendar words and place adverbs; zh and ja, which have no passage table; W25)."""
    return never_names(language) | frozenset(fold(word) for word in _TABLES.get(language, {}).get("never_names", ()))


def _in_order_statement(
    key: str, tokens: list[Token], language: str, prompt: str, converted: bool = False
) -> tuple[str, Statement, str | None] | None:
    """One value in order as its key's statement: names for a key of the name kind (a quoted
    string too), an address for an "email" key, a number for one of the number kind, years for an
    age, a unit for a key that is a unit word or whose conversion is declared ("with key ratio as a
    decimal fraction: 45%"; the transform must read the unit: _units_read); else None."""
    first = tokens[0]
    if first.type in _IN_ORDER_STRINGS:
        return _IN_ORDER_STRINGS[first.type](key, tokens, language, prompt)
    start = first.start_pos or 0
    value = first.value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    span = (start, start + len(str(value)))
    if len(tokens) > 1 and tokens[1].type in UNITS and UNITS[tokens[1].type] != "years":
        return _in_order_measure(key, Statement(value, False, span), UNITS[tokens[1].type], language, converted)
    years = len(tokens) > 1
    if not (_is_concept(key, "age", language) if years else converted or _is_kind(key, "number", language)):
        return None  # "30 years" for no age; a number for a key of no number kind
    if years and not isinstance(value, int):
        return None  # an age in whole years only
    return key, Statement(value, False, span), None


def _in_order_measure(key: str, st: Statement, unit: str, language: str, converted: bool) -> tuple[str, Statement, str] | None:
    """A number and its unit, for a key that is a unit word or whose conversion is declared."""
    return (key, st, unit) if converted or _unit_key(key, language) is not None else None


def _in_order_quoted(key: str, tokens: list[Token], language: str, prompt: str) -> tuple[str, Statement, None] | None:
    """A quoted string for a key of the name kind, as written inside its quotes (wip/jsonR3)."""
    st = tokens[0].value
    start = prompt.rfind(st.value, st.span[0], st.span[1])
    return (key, Statement(st.value, True, (start, st.span[1])), None) if _is_kind(key, "name", language) else None


def _in_order_email(key: str, tokens: list[Token], language: str, prompt: str) -> tuple[str, Statement, None] | None:
    """An address for the one key whose table word is "email" (wip/jsonR3)."""
    first = tokens[0]
    start = first.start_pos or 0
    span = (start, start + len(first.value))
    return (key, Statement(first.value, False, span), None) if _is_concept(key, "email", language) else None


def _in_order_name(key: str, tokens: list[Token], language: str, prompt: str) -> tuple[str, Statement, None] | None:
    """Capitalised names one space apart for a key of the name kind ("New York" for "city")."""
    if not _is_kind(key, "name", language):
        return None  # a key that holds no name
    run = _name_run(tokens, language, prompt, lowercase_ok=lambda: _one_plain_word(key, tokens, language))
    return None if run is None else (key, Statement(run[2], False, run[:2]), None)


def _name_run(tokens: list[Token], language: str, prompt: str, *,
              lowercase_ok: Callable[[], bool] = lambda: False) -> tuple[int, int, str] | None:
    """Capitalised words one space apart as written (one run of ideographs where the table is not
    spaced: zh, ja), their span and text; lowercase words only where ``lowercase_ok()`` says so."""
    start, last = tokens[0].start_pos or 0, tokens[-1]
    end = (last.start_pos or 0) + len(last.value)
    text = prompt[start:end]
    spaced = _TABLES.get(language, {}).get("spaced", True)
    if (spaced and any(not t.value[:1].isupper() for t in tokens) and not lowercase_ok()) \
            or (not spaced and len(tokens) != 1) or " ".join(t.value for t in tokens) != text:
        return None
    return start, end, text


def _one_plain_word(key: str, tokens: list[Token], language: str) -> bool:
    """One lowercase word of letters as a value in order (pt '"produto" e "quantidade": caneta, 12',
    "keys product and qty: pen, 12"; wip/jsonV) for a key whose value is a common noun (a table's
    "common_noun_keys"): no type, placeholder or JSON literal word ("string, 12"); a proper name is
    written capitalised ("name and price: alice, 30", "city: lisbon" are no claim)."""
    word = tokens[0].value
    if _label_folded(key, _LABEL_FOLDING.get(language, frozenset())) not in _COMMON_NOUN_KEYS.get(language, frozenset()):
        return False
    return len(tokens) == 1 and word.isalpha() and word.islower() and _one_script(word) and word.casefold() not in _NOT_BARE | _TYPE_WORDS


_IN_ORDER_STRINGS = {"NAME": _in_order_name, "QUOTED": _in_order_quoted, "EMAIL": _in_order_email}


def _measured_statements(transformer: _Read, language: str) -> list[tuple[str, Statement, str | None]] | None:
    """A measure said for the one listed key ('JSON with "minutes" for a duration of 2 hours') as its
    statement with its unit; a declared target ("giving 45% as a decimal") is that key's transform.
    None when more or fewer keys are listed, or two measures are said (wip/jsonB)."""
    listed = transformer.asked or list(transformer.template)  # 'JSON {"minutes": ...} for ...' (wip/jsonR)
    if len(listed) > 1:
        return _measured_in_unit_keys(transformer, listed, language)
    if not transformer.measures:
        return []
    if len(transformer.measures) != 1 or len(listed) != 1:
        return None
    if not _measure_nouns_declared(transformer, language):
        return None  # "for a third of 5 hours": the noun is no measure the table declares
    (number, unit, said), key = transformer.measures[0], listed[0]
    target = _said_or_keyed(said, transformer.converted_first, key, language)
    if transformer.rounded_first_label is not None:
        if not rounding_first(transformer.rounded_first_label[1], key, lambda label: _same_concept(label, key, language)):
            return None  # zh "把重量 88.4 四舍五入..." for {"price": ...} ("Round 3.14 to meters": no unit, declined when applied)
    elif transformer.converted_first and ((_unit_key(key, language) != target and not _holds_unitless(key, target, language))
                                          or fold(transformer.converted_first) not in _CONVERSION_VERBS.get(language, ())):
        return None  # '... to meters ... {"centimeters": ...}': another unit; "Round 2.0005 km to meters": no conversion
    if target is not None:
        transformer.transforms.append((key, target))
    start = number.start_pos or 0
    return [(key, Statement(number.value, False, (start, start + len(str(number.value)))), unit)]


_EMAIL = re.compile(r"(?<![\w.+-])[A-Za-z0-9][A-Za-z0-9._+-]{0,63}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+(?![\w@-])")


def _extracted_statements(transformer: _Read, language: str) -> list[tuple[str, Statement, str | None]] | None:
    """The typed keys a quoted passage states on positive evidence (wip/jsonB; red team 14: W19):
    the one listed "email" key by the address, the one listed "date" key by the date (when the
    request declares the YYYY-MM-DD format), each only as the passage grammar binds it
    (passage.bound_values: the whole passage one declared clause). None when the passage binds
    no value of a typed key asked; the other listed keys are stated by nothing (the model writes them)."""
    if not transformer.passages:
        return []
    if len(transformer.passages) != 1:
        return None
    token = transformer.passages[0]
    passage, start = token.value, (token.start_pos or 0) + 1
    # a labelled passage or a relation frame states every listed key, or none (wip/jsonX)
    framed = framed_values(passage, list(transformer.asked or transformer.template), language)
    if framed:
        return [(key, Statement(value, False, (start + begin, start + end)), None)
                for key, (value, begin, end) in framed.items()]
    if language != "en":
        return None
    return _bound_statements(transformer, passage, start, language)


def _bound_statements(transformer: _Read, passage: str, start: int,
                      language: str) -> list[tuple[str, Statement, str | None]] | None:
    """The listed "email" and "date" keys stated by the address and the date the passage binds
    (passage.bound_values), ``start`` the passage's offset in the prompt; None when one is unbound."""
    bound: dict[str, tuple[str, int, int]] | None = None
    read: list[tuple[str, Statement, str | None]] = []
    for key in transformer.asked or list(transformer.template):
        kind = "email" if _is_concept(key, "email", language) else (
            "date" if _is_concept(key, "date", language) and (transformer.iso or transformer.template.get(key) == "date")
            else None)
        if kind is None:
            continue
        bound = bound_values(passage) if bound is None else bound
        if kind not in bound:
            return None
        value, begin, end = bound[kind]
        read.append((key, Statement(value, False, (start + begin, start + end)), None))
    return read


def _labelled_measure(transformer: _Read, language: str) -> None:
    """The one statement said after "for" whose label is a measure noun of the table and whose value
    is a number with a declared unit (ru "для расстояния 9 км") as the measure, out of the statements (wip/jsonW)."""
    if len(transformer.for_stated) != 1:
        return
    entry = transformer.for_stated[0]
    label, st, unit = entry
    if fold(label) not in _MEASURE_NOUNS.get(language, ()) or unit not in MEASURES or entry not in transformer.stated:
        return
    if not _a_number(st.value) or st.quoted:
        return
    transformer.stated.remove(entry)
    transformer.measure_nouns.append(label)
    transformer.measures.append((Token("NUMBER", st.value, start_pos=st.span[1] - len(str(st.value))), unit, None))


def _measure_nouns_declared(transformer: _Read, language: str) -> bool:
    """Every noun said of the measure ("duration" of "for a duration of 2 hours") is a measure noun of the table."""
    return all(fold(noun) in _MEASURE_NOUNS.get(language, ()) for noun in transformer.measure_nouns)


def _a_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _units_of_keys(listed: list[str], unit: str | None, language: str) -> bool:
    """Each listed key a unit word of the table as written (case-sensitive), no two of one unit, all of
    the dimension of ``unit``, which is one of theirs (wip/jsonW)."""
    unit_keys = _TABLES.get(language, {}).get("unit_keys", {})
    units = [TARGET_UNIT.get(unit_keys.get(key, "")) for key in listed]
    measure = MEASURES.get(unit or "")
    if measure is None or None in units or len(set(units)) != len(units) or unit not in units:
        return False
    return all(MEASURES.get(key_unit or "", ("", 0))[0] == measure[0] for key_unit in units)


def _measure_fits_unit_keys(transformer: _Read, number: Token, unit: str | None, said: str | None, listed: list[str], language: str) -> bool:
    """Whether the one measure said may fill the unit keys: a number, rounded by no label, converted (if a
    conversion is said) to a listed key, of a declared measure noun, every key a unit of its dimension,
    and whole in every unit (W22: "90 minutes" for "hours" and "minutes" may ask 1.5 and 90 or 1 and 30,
    a conversion said first or not)."""
    if not _a_number(number.value) or transformer.rounded_first_label is not None:
        return False
    if (said is not None or transformer.converted_first) and not _conversion_to_a_key(said, transformer.converted_first, listed, language):
        return False
    if not _measure_nouns_declared(transformer, language) or not _units_of_keys(listed, unit, language) \
            or not _whole_in_every_unit(number.value, unit, listed, language):
        return False
    return True


def _measured_in_unit_keys(transformer: _Read, listed: list[str], language: str) -> list[tuple[str, Statement, str | None]] | None:
    """One measure said for keys that are each a unit word ('JSON with keys "km" and "m" for 3 km',
    ru 'с ключами "km" и "m" для расстояния 9 км'): each key's value is the measure in its unit,
    converted exactly by the declared factors (transforms.MEASURES; _implied_conversions, applied
    later: an inexact result is declined). None when a key is no unit word of the table as written
    (case-sensitive: "M" is no "m"), two keys name one unit, a key's unit is of another dimension
    than the measure's, or a conversion, rounding or target is said beside it (wip/jsonW)."""
    if not transformer.measures:
        _labelled_measure(transformer, language)
    if not transformer.measures:
        return []
    if len(transformer.measures) != 1:
        return None
    (number, unit, said), = transformer.measures
    if not _measure_fits_unit_keys(transformer, number, unit, said, listed, language):
        return None
    start = number.start_pos or 0
    span = (start, start + len(str(number.value)))
    return [(key, Statement(number.value, False, span), unit) for key in listed]


def _whole_in_every_unit(value: int | float, unit: str | None, listed: list[str], language: str) -> bool:
    """The measure is a whole number in every key's unit: '90 seconds' for "minutes" and "seconds"
    may ask 1.5 and 90 or 1 and 30 (a duration taken apart), so it is no claim (W22)."""
    unit_keys = _TABLES.get(language, {}).get("unit_keys", {})
    measure = Fraction(str(value)) * MEASURES[unit or ""][1]
    return all((measure / MEASURES[TARGET_UNIT[unit_keys[key]]][1]).denominator == 1 for key in listed)
def _conversion_to_a_key(said: str | None, verb: str, listed: list[str], language: str) -> bool:
    """'Convert 2 hours to minutes and return {"hours": <h>, "minutes": <m>}': a conversion said first, by a
    conversion verb of the table, to the unit one listed key names; each key still holds the measure in its own
    unit (wip/jsonY). "Round ..." or a target no key names ("to seconds") is no claim."""
    return said is not None and fold(verb) in _CONVERSION_VERBS.get(language, ()) and said in {_unit_key(key, language) for key in listed}


def _said_or_keyed(target: str | None, verb: str, key: str, language: str) -> str | None:
    """The conversion said, else (a conversion verb and no target: 'Convert 3 km and return
    {"centimeters": ...}') the one the key asked names (wip/jsonU)."""
    return _unit_key(key, language) if target is None and verb else target


def _holds_unitless(key: str, target: str | None, language: str) -> bool:
    """A result with no unit word ("Express 45% as a decimal": 0.45) is held by any key that names
    no unit, nor the source's own unit ("ratio" yes; "percent", "minutes" no) (wip/jsonU)."""
    source = UNITLESS_TARGETS.get(target or "")
    words = _TABLES.get(language, {}).get("classes", {}).get(source, ()) if source else ()
    return source is not None and _unit_key(key, language) is None and key.casefold() not in {fold(w) for w in words}


def _unit_key(key: str, language: str) -> str | None:
    """The conversion a key that is a unit word asks for ("minutes": "to minutes"), or None."""
    return _TABLES.get(language, {}).get("unit_keys", {}).get(key.casefold())


def _implied_conversions(transforms: dict[str, str], keys: list[str], units: dict[str, str | None],
                         language: str) -> None:
    """A listed key that is a unit word ("minutes", "meters") with a value stated in another unit
    ("2 hours", "4 km") and no declared transform asks for the value in its unit (wip/jsonB); a
    conversion that is no declared pair is declined later (transforms.apply_transform)."""
    for key in keys:
        implied = _unit_key(key, language)
        if implied is not None and key not in transforms and units.get(key) is not None:
            if units[key] == TARGET_UNIT.get(implied):
                units[key] = None  # "hours" for "2 hours": the number as stated
            else:
                transforms[key] = implied


def _table_kinds(key: str, language: str) -> tuple[set[str], set[str]]:
    """The kinds ("name", "number") and concepts ("age", "email") one table says ``key`` is the word for."""
    rules = _LABEL_FOLDING.get(language, frozenset())
    table = _TABLES.get(language, {})
    folded = _label_folded(key, rules)
    concepts = {c for c, words in table.get("concepts", {}).items() if folded in {_label_folded(w, rules) for w in words}}
    kinds = {k for k, words in table.get("kinds", {}).items() if folded in {_label_folded(w, rules) for w in words}}
    kinds |= {"name"} if "name" in concepts else set()
    kinds |= {"number"} if "age" in concepts else set()
    return kinds, concepts


@lru_cache(maxsize=4096)
def _key_meaning(key: str, language: str) -> tuple[frozenset[str], frozenset[str]]:
    """What ``key`` is the word for: by the prompt's own table when it lists the key; else by every
    other table that does ('Верни JSON с ключами "name" и "age"': English keys in a Russian request,
    wip/jsonR4), and nothing when those tables disagree on its kind (a name in one, a number in another)."""
    kinds, concepts = _table_kinds(key, language)
    if kinds or concepts:
        return frozenset(kinds), frozenset(concepts)
    for other in _TABLES:
        if other != language:
            more_kinds, more_concepts = _table_kinds(key, other)
            kinds |= more_kinds
            concepts |= more_concepts
    return (frozenset(kinds), frozenset(concepts)) if len(kinds) <= 1 else (frozenset(), frozenset())


def _is_kind(key: str, kind: str, language: str) -> bool:
    """Whether the tables say ``key`` holds a ``kind`` ("name": a name, "number": a number)."""
    return kind in _key_meaning(key, language)[0]


def _said_as_statements(transformer: _Read, language: str) -> list[tuple[str, Statement, str | None]] | None:
    """A name or age a sentence says ("Me llamo Lucía y tengo 28 años") as the statement of the one
    listed key that is the table's word for it ("nombre", "edad"); None when no listed key, or more
    than one, is, or the name is no name (lowercase, a table word)."""
    said: list[tuple[str, Statement, str | None]] = []
    rules = _LABEL_FOLDING.get(language, frozenset())
    by_fold = {_label_folded(key, rules): key for key in transformer.asked}
    for concept, token in _labelled_ages(transformer.said, by_fold, rules):
        if concept == "stated":
            key, st = token.value
            if not _is_concept(key, "age", language):
                return None  # "人口：45岁": years are no count of people
            said.append((key, st, None))
            continue
        if concept == "trait":
            word, holds = token.value
            keys = [key for key in transformer.asked if _label_folded(key, rules) == _label_folded(word, rules)]
            if len(keys) != 1:
                return None  # "Liam is a vegetarian" states a key only when the key is that word
            start = token.start_pos or 0
            said.append((keys[0], Statement(holds, False, (start, start + len(word))), None))
            continue
        one = _said_statement(concept, token, transformer.asked, language)
        if one is None:
            return None
        said.append(one)
    return said


# Concepts whose value is a name said in a sentence (capitalised); "price", "score" are numbers.
_NAMED = frozenset({"name", "item", "player", "from", "to"})


def _said_statement(concept: str, token: Token, asked: list[str], language: str) -> tuple[str, Statement, None] | None:
    """One name or age said, as the statement of the one listed key that is the tables' word for it."""
    keys = [key for key in asked if _is_concept(key, concept, language)]
    if len(keys) != 1:
        return None  # "Me llamo Lucía" beside keys "name" or "nombre" and "apodo": which key is not stated
    value = token.value
    if not _said_value_fits(concept, value, language):
        return None
    start = token.start_pos or 0
    return keys[0], Statement(value, False, (start, start + len(str(value)))), None


def _said_value_fits(concept: str, value: Any, language: str) -> bool:
    """A name said is capitalised (where words are spaced); an age whole years; a price or a
    score a number."""
    if concept in _NAMED and not (isinstance(value, str) and (value[:1].isupper() or not _TABLES[language].get("spaced", True))):
        return False
    if concept in _NAMED and _never_a_name([Token("NAME", str(value))], language):
        return False  # "Who is 47 years old.", "She scored 87.": a pronoun or a question word names no one (W24)
    if concept == "age" and (isinstance(value, bool) or not isinstance(value, int)):
        return False  # "tengo 28.5 años": an age in whole years only
    return not (concept in ("price", "score") and (isinstance(value, bool) or not isinstance(value, (int, float))))


def _labelled_ages(
    said: list[tuple[str, Token]], by_fold: dict[str, str], rules: frozenset[str]
) -> Iterator[tuple[str, Token]]:
    """A statement before an age unit: a listed key's age ("年齢：45歳", stated) or a person
    and an age ("李明 50 岁"); the other sayings as they are."""
    for concept, token in said:
        if concept != "labelled":
            yield concept, token
            continue
        label, st = token.value
        key = by_fold.get(_label_folded(label, rules))
        if key is not None:
            yield "stated", Token("STMT", (key, st), start_pos=token.start_pos)
        else:
            yield "name", Token("NAME", label, start_pos=token.start_pos)
            yield "age", Token("NUMBER", st.value, start_pos=st.span[1])


def _same_concept(label: str, key: str, language: str) -> bool:
    """Whether ``label`` and ``key`` are words of one concept of the table ("价格" and "price"; wip/jsonT)."""
    concepts = _TABLES.get(language, {}).get("concepts", {})
    return any(_is_concept(label, concept, language) and _is_concept(key, concept, language) for concept in concepts)


def _is_concept(key: str, concept: str, language: str) -> bool:
    """Whether ``key`` is the tables' word for ``concept`` ("edad" for an age in Spanish; :func:`_key_meaning`)."""
    return concept in _key_meaning(key, language)[1]


def _asked_keys(
    transformer: _Read, found: dict[str, Statement], ambiguous: set[str], prompt: str, language: str,
) -> list[str] | None:
    """The keys asked: the key list's, the template's, or else the stated keys in written order
    (the object is the stated values); None when what is stated does not tell them."""
    if transformer.template and not _fills(transformer.template, transformer.asked, found, ambiguous):
        return None
    if not transformer.asked and not transformer.template and not _keys_as_written(found, ambiguous, prompt):
        return None
    if not _lowercase_read(transformer, found, ambiguous, (language, prompt)):
        return None
    if (transformer.bare_list or transformer.bare_with) and (ambiguous or list(found) != transformer.asked):
        return None  # "JSON, keys reordered": a bare list is one only when the values then state each of its keys, in order
    keys = transformer.asked or list(transformer.template) or list(found)
    return keys


def _lowercase_read(transformer: _Read, found: dict[str, Statement], ambiguous: set[str], where: tuple[str, str]) -> bool:
    """Every lowercase word stated is a value: "age: positive" after a plain "Return JSON" may
    describe; "Convert to JSON" states data, as a whole record does, and as "host=db2" does in a
    table that declares lowercase values; "=" writes data, never a description, in any table
    (wip/jsonR, wip/jsonR3); so does a block of "key: value" lines (:func:`_a_stated_block`, wip/jsonT3)."""
    language, prompt = where
    lowercase = [st for key, st, _unit in transformer.stated if _lowercase_value(transformer, key, st, language)]
    if not lowercase or transformer.converts:
        return True
    if all(st.equals for st in lowercase) and not ambiguous and (
        language in _LOWERCASE or all(_written_as_data(st) for st in lowercase)
    ):
        return True  # "=" writes data in every table (wip/jsonR3: ru "товар=чайник"); elsewhere only words ("=³1" is none)
    if transformer.template and _a_whole_record(transformer, found, ambiguous):
        return True  # wip/jsonQ: a template's slots each stated once, no other key: "Article : chaise, prix : 49" fills it
    if _stated_as_data(transformer, found, ambiguous, where):
        return True
    return language in _LOWERCASE and _a_whole_record(transformer, found, ambiguous)


def _stated_as_data(transformer: _Read, found: dict[str, Statement], ambiguous: set[str], where: tuple[str, str]) -> bool:
    """Lowercase words written as data: a block of "key: value" lines (wip/jsonT3) or a colon run (wip/jsonAI)."""
    if _a_stated_block(transformer, found, ambiguous, where):
        return True
    if _a_stated_run(transformer, found, ambiguous, where):
        return True
    return False


# wip/jsonT3: the words that describe a value rather than state it ("age: positive", "id: unique", "status: lowercase"):
# each table's "describing_words", a closed list of what is no data; one of any table's is never read as a stated value
_DESCRIBING_WORDS = frozenset(fold(w) for table in _TABLES.values() for w in table.get("describing_words", ()))
_DESCRIBED = frozenset(language for language, table in _TABLES.items() if table.get("describing_words"))


def _a_stated_block(transformer: _Read, found: dict[str, Statement], ambiguous: set[str], where: tuple[str, str]) -> bool:
    """wip/jsonT3: lowercase words stated in a block of "key: value" lines are data ("Return a JSON object:\nproduct:
    lamp\nprice: 27\nin_stock: true"), by positive evidence: two or more statements, each alone on its own line and
    joined by ":", at least one a value by its form (a number, true/false, a quoted or capitalised string), no key
    stated twice, no template (with a key list, the block states exactly its keys), in a table that declares its
    describing words; and each lowercase word is one plain word for a key whose value is a common noun
    (:func:`_a_plain_noun`). "name: string", "age: positive", "total: price", "status: none" stay no claim."""
    language, prompt = where
    if language not in _DESCRIBED or transformer.template or ambiguous or len(transformer.stated) < 2:
        return False
    if transformer.asked and set(found) != set(transformer.asked):
        return False
    if not all(st.style == ":" and _alone_on_its_line(st.span, prompt) for _key, st, _unit in transformer.stated):
        return False
    if not any(_data_by_form(st) for _key, st, _unit in transformer.stated):
        return False
    return all(_a_plain_noun(key, st, language) for key, st, _unit in transformer.stated
               if _lowercase_value(transformer, key, st, language))


def _a_stated_run(transformer: _Read, found: dict[str, Statement], ambiguous: set[str], where: tuple[str, str]) -> bool:
    """wip/jsonAI: lowercase words stated in one run of "key: value" statements are data, the evidence "=" already has
    ("Return JSON with color: red, size: 9", "status: closed", es "con producto: mesa"): no key stated twice, no template
    (with a key list, the run states exactly its keys), and the statements one colon run (:func:`_colon_run`)."""
    language, prompt = where
    if transformer.template or ambiguous or not transformer.stated:
        return False
    if transformer.asked and set(found) != set(transformer.asked):
        return False
    statements = sorted(((key, st) for key, st, _unit in transformer.stated), key=lambda item: item[1].span)
    return _colon_run(prompt, statements, language, lambda key, st: _lowercase_value(transformer, key, st, language))


# wip/jsonAI: what may join two statements of a colon run ("color: red, size: 9", "status: closed and day: 3": a word
# there is the table's "and", the only one the grammar admits between statements) and end it (the line's or sentence's)
_RUN_JOIN = re.compile(r"[ \t]*(?:[,;][ \t]*)?(?:[^\W\d_]+[ \t]+)?")
_RUN_END = re.compile(r"[ \t]*(?:[.!]?[ \t]*$|[.!]?[ \t]*\n|\.[ \t]+[A-Z])")
# wip/jsonAI: the words a run opens after, the table's "with", "where" and key words ("with color: red", "with fields
# status: closed"); a run after a colon heading ("Return a JSON object: product: lamp, price: 27") stays jsonT3's no claim
_RUN_OPENERS = {language: tuple(" " + fold(w) for cls in ("WITH", "WHERE", "KEYWORD") for w in table["classes"].get(cls, ()))
                for language, table in _TABLES.items()}
# wip/jsonAI: the keys that say how the JSON is written, not what it holds ("format: compact", "style: minified")
_FORMAT_KEYS = frozenset(fold(w) for table in _TABLES.values() for w in table.get("format_keys", ()))


def _colon_run(prompt: str, statements: list[tuple[str, Statement]], language: str,
               lowercase: Callable[[str, Statement], bool]) -> bool:
    """wip/jsonAI: the statements (in written order) are one run of "key: value" after the table's "with", "where" or key
    word (:data:`_RUN_OPENERS`), in a table that declares its describing words: each joined by ":", one after another
    with only a comma, ";" or "and" between them, the run ended by the line's or the sentence's end (not "or blue", not
    "?"), and each ``lowercase`` word one plain word (:func:`_a_plain_word`: no describing, type, JSON literal, referring
    or key word) for a key whose value is a common noun or a key no table gives a kind or concept ("status"; "name:
    alice", "city: paris", "price: free" stay no claim: a name is written capitalised, a number key holds a number)."""
    if language not in _DESCRIBED or not statements or not all(st.style == ":" for _key, st in statements):
        return False
    if not (" " + fold(prompt[: statements[0][1].span[0]].rstrip(" \t"))).endswith(_RUN_OPENERS.get(language, ())):
        return False
    joins = [prompt[a.span[1] : b.span[0]] for (_k, a), (_k2, b) in zip(statements, statements[1:])]
    if not all(_RUN_JOIN.fullmatch(join) for join in joins) or not _RUN_END.match(prompt, statements[-1][1].span[1]):
        return False
    return all(_run_word(key, st, language) for key, st in statements if lowercase(key, st))


def _run_word(key: str, st: Statement, language: str) -> bool:
    """A lowercase word of a colon run that is data (:func:`_colon_run`)."""
    return (_plain_case(key) and fold(key) not in _FORMAT_KEYS
            and (_a_plain_noun(key, st, language) or _no_meaning(key, language) and _a_plain_word(st.value, language)))


def _no_meaning(key: str, language: str) -> bool:
    """No table gives ``key`` a kind or a concept ("status", "color"): its value may be any word."""
    kinds, concepts = _key_meaning(key, language)
    return not kinds and not concepts


def _alone_on_its_line(span: tuple[int, int], prompt: str, bullets: str = "", closers: str = "") -> bool:
    """Nothing but spaces (and ``bullets``) before the statement on its line, nor (but ``closers``) after it."""
    start = prompt.rfind("\n", 0, span[0]) + 1
    end = prompt.find("\n", span[1])
    return (not prompt[start : span[0]].strip(" \t" + bullets)
            and not prompt[span[1] : len(prompt) if end < 0 else end].strip(" \t" + closers))


def _data_by_form(st: Statement) -> bool:
    """A value whose form says it is data: a number, true/false, a quoted string, a capitalised word."""
    if isinstance(st.value, (bool, int, float)):
        return True
    return isinstance(st.value, str) and not st.lowercase and (st.quoted or st.value[:1].isupper())


def _a_plain_noun(key: str, st: Statement, language: str) -> bool:
    """One lowercase word of letters of one script for a key whose value is a common noun (a table's
    "common_noun_keys": "product: lamp"; a name is written capitalised, "city: lisbon" is no claim) that is no
    describing, type, JSON literal or referring word of any table ("product: required", "item: string",
    "product: none", "item: same") and no key word of the tables ("product: price"; a key of the block,
    "product: gadget\ngadget: 3", is declined before: _refers_or_relates and the grammar)."""
    if _label_folded(key, _LABEL_FOLDING.get(language, frozenset())) not in _COMMON_NOUN_KEYS.get(language, frozenset()):
        return False
    return _a_plain_word(st.value, language)


def _a_plain_word(word: Any, language: str) -> bool:
    """One lowercase word of letters of one script that is no describing, type, JSON literal, referring or key word."""
    if not isinstance(word, str) or not (word.isalpha() and word.islower() and _one_script(word)):
        return False
    folded = fold(word)
    if folded in _NOT_BARE | _TYPE_WORDS | _DESCRIBING_WORDS | _REFERRING_WORDS:
        return False
    kinds, concepts = _key_meaning(word, language)
    return not kinds and not concepts


def _lowercase_value(transformer: _Read, key: str, st: Statement, language: str) -> bool:
    """A lowercase word stated, unless it is the table's word for true or false of a key noted boolean
    ("actif en booléen : actif: oui": that boolean, never a description; wip/jsonF, _declared_booleans)."""
    if not st.lowercase:
        return False
    booleans = {fold(noted) for noted, kind in transformer.typed if kind == "boolean"}
    if transformer.values_kind == "boolean":
        booleans.add(fold(key))  # "with boolean values": every key's (wip/jsonR7)
    return not (fold(key) in booleans and isinstance(st.value, str) and fold(st.value) in _BOOLEAN_WORDS.get(language, {}))


def _written_as_data(st: Statement) -> bool:
    """A word of letters (or wip/jsonQ: words one space apart, "titolo=Il nome della rosa") after "=": data in every table."""
    return isinstance(st.value, str) and all(c.isalpha() or c in "-_" or c in " '\u2019" and " " in st.value for c in st.value)


def _a_whole_record(transformer: _Read, found: dict[str, Statement], ambiguous: set[str]) -> bool:
    """A lowercase word is a value in a table that declares it ("lowercase_values") when the
    statements are the record the key list (or shape) asks for: every key asked stated once, no
    other key stated ("Return JSON with "user" and "active": user alice, active true")."""
    keys = transformer.asked or list(transformer.template)
    return bool(keys) and set(found) == set(keys) and not ambiguous


def _keys_as_written(found: dict[str, Statement], ambiguous: set[str], prompt: str) -> bool:
    """Without a key list the statements name the keys: each stated once, none asked about
    ("qty: 3?"), and none capitalised unless quoted ("Name: Ana" may ask for "name"; in "Alice is
    30" "Alice" is no key)."""
    if ambiguous:
        return False  # "price: 24.99, price: 25": which value the object holds is not stated
    if any(prompt[st.span[1] :].lstrip(" \t")[:1] in ("?", "\uff1f") for st in found.values()):
        return False
    return all(_plain_case(key) or prompt[st.span[0]] in _KEY_QUOTES for key, st in found.items()) or _labels_kept(found, prompt)


def _plain_case(key: str) -> bool:
    """An unquoted label read as the key as written: lowercase, or camelCase whose every capital starts a lowercase run
    ("hostName"). wip/fuzzR: "hosT" (a capital ending the word) may ask for "host", as "Name" may ask for "name"."""
    return not key[:1].isupper() and all(not c.isupper() or after.islower() for c, after in zip(key, key[1:] + " "))


def _labels_kept(found: dict[str, Statement], prompt: str) -> bool:
    """wip/jsonG: with no key list, capitalised labels are the keys as written ("Make this a JSON object: Name: Ana, Age:
    30" is {"Name": "Ana", "Age": 30}; de "Name: Jonas; Alter: 41"), as lowercase ones are: every label capitalised,
    written as the key (one word: "Order number" would be joined), each joined to its value by ":" or "=". A label
    before "is" or a space ("Alice is 30", "Name Ana") and labels of both cases ("Name: Ana, age: 30") stay no claim."""
    return all(key[:1].isupper() and st.style in (":", "=") and prompt.startswith(key, st.span[0]) for key, st in found.items())


def _fills(template: dict[str, str], asked: list[str], found: dict[str, Statement], ambiguous: set[str]) -> bool:
    """A template's keys are the keys asked: no other key list, no value stated for another key,
    none stated twice, and each value of the type its blank asks for ("year": 0 takes 1965, not "1965")."""
    if asked or ambiguous or not set(found) <= set(template):
        return False
    for key, st in found.items():
        number = isinstance(st.value, (int, float)) and not isinstance(st.value, bool)
        if template[key] == "string" and not isinstance(st.value, str) or template[key] == "number" and not number:
            return False
        if template[key] == "date" and not isinstance(st.value, str):
            return False  # "YYYY-MM-DD" asks for a date written as a string (wip/jsonB)
    return True


# Red team 27: a temperature scale's formula has an offset (F = C * 9/5 + 32), right for a reading and wrong
# for a difference ("warming is 2 °C" is 3.6 °F warmer, not 35.6). A conversion with an offset needs the key to
# say the value is a reading: a table's "reading_keys" word ("temperature", "temp", in the prompt's table or the
# English one) or the target's own unit word ("fahrenheit": the temperature in that unit). Any other key
# ("warming", "difference", "drop", "temp_delta") is no claim.
_READING_KEYS = {language: frozenset(fold(w) for w in table.get("reading_keys", ())) for language, table in _TABLES.items()}


def _reads_absolutely(key: str, unit: str | None, name: str, language: str) -> bool:
    """Whether ``key``'s conversion ``name`` of a value in ``unit`` may apply: always when it has no offset;
    else only for a key that names a reading (:data:`_READING_KEYS`)."""
    if FORMULAS.get((unit or "", name), (None, Fraction(0)))[1] == 0:
        return True
    folded = fold(key)
    return folded in _READING_KEYS.get(language, ()) or folded in _READING_KEYS["en"] or _unit_key(key, language) == name


def _apply_transforms(stated: dict[str, Statement], transforms: dict[str, str], units: dict[str, str | None], language: str) -> bool:
    """Replace each transformed statement by its transformed value; False when one does not apply."""
    if not all(_reads_absolutely(key, units[key], name, language) for key, name in transforms.items()):
        return False  # "Give the warming in Fahrenheit" for "warming is 2 °C": a difference (3.6), not a reading (35.6)
    for key, name in transforms.items():
        value = apply_transform(name, stated[key].value, units[key])
        if value is None:
            return False
        stated[key] = Statement(value, isinstance(value, str) and stated[key].quoted, stated[key].span)
    return True


def _lists_read_whole(transformer: _Read, language: str) -> bool:
    """No key listed twice, at most one entity, an English key word before "required", key counts
    that are the list's."""
    keys = transformer.asked
    if len(set(keys)) != len(keys) or len(transformer.entities) > 1:
        return False  # "keys: price, price", "for a person for a dog": no list, no entity read whole
    if transformer.postposed and language == "en":
        return False  # "keys Required: name" (a fuzzer's word swap): no English key list
    # "name和age三个字段": not the list; a list stated for a key noted as one is assembled first (wip/jsonR6)
    return all(count == len(keys) for count in transformer.counts) and _lists_assembled(transformer)


def _statements(
    read: list[tuple[str, Statement, str | None]],
) -> tuple[dict[str, Statement], dict[str, str | None], set[str]]:
    """Each key's first statement, the unit stated after it, and the keys stated two ways."""
    found: dict[str, Statement] = {}
    units: dict[str, str | None] = {}
    ambiguous: set[str] = set()
    for key, st, unit in read:
        if key in found and (type(found[key].value) is not type(st.value) or found[key].value != st.value
                             or found[key].quoted != st.quoted or units[key] != unit):
            ambiguous.add(key)  # typed: 'flag true' and 'flag 1' state two values
        found.setdefault(key, st)
        units.setdefault(key, unit)
    return found, units, ambiguous


def _declared_transforms(
    declared: list[tuple[str | None, str]], keys: list[str], found: dict[str, Statement],
    units: dict[str, str | None], ambiguous: set[str],
) -> dict[str, str] | None:
    """Each declared transform by the key it names (exactly a key the request lists, with one
    statement); "the values" names every stated string (case) or unit-less number (rounding).
    None when a transform names another key, none, or a key twice."""
    by_key: dict[str, str] = {}
    for key, name in declared:
        named = [key] if key is not None else _every_value(name, found, units, ambiguous)
        if not named or any(k not in keys or k not in found or k in ambiguous or k in by_key for k in named):
            return None
        by_key.update(dict.fromkeys(named, name))
    return by_key


def _every_value(name: str, found: dict[str, Statement], units: dict[str, str | None], ambiguous: set[str]) -> list[str]:
    """The keys "the values" names for a transform: stated strings for a case, stated numbers
    without a unit for rounding; none for a conversion (it names its key)."""
    if name in ("uppercase", "lowercase"):
        return [k for k, st in found.items() if k not in ambiguous and isinstance(st.value, str)]
    if name.startswith("round"):
        return [k for k, st in found.items() if k not in ambiguous and units[k] is None
                and isinstance(st.value, (int, float)) and not isinstance(st.value, bool)]
    return []


class _Unread(Declined):
    """A character no rule of the table reads: no plain request in this language."""


def _words(text: str, table: Vocabulary) -> Iterator[Word]:
    """``text`` as tokens in ``table``'s language, cut as the parser asks for them (a sentence the
    grammar cannot derive stops the cutting at its first word); :class:`_Unread` at a character
    read by no rule. A comma before a clause word joins clauses and is dropped."""
    folded = Folded(text)
    if len(folded) != len(text):
        raise _Unread
    pending: Word | None = None
    pos = 0
    while pos < len(text):
        if text[pos] in " \t" or text[pos] == "|" and _role_after_bar(text, folded, pos, table):
            pos += 1
            continue
        token = _token_at(text, folded, pos, table)
        if token is None:
            raise _Unread
        word, pos = token
        if pending is not None and not (word.kind in _CLAUSE and pending.kind == "COMMA"):
            yield pending
        pending = word
    if pending is not None:
        yield pending


def _nest_blocks(words: Iterator[Word], text: str) -> Iterator[Word]:
    """wip/jsonN: an indented block under a label line ('server:\n  host: localhost\n  port: 9090'): the label line's
    key, colon and line end become NEST_OPEN (the key), and NEST_CLOSE goes before the first line end after which no
    indented line follows (or at the text's end). A label line indented itself, or not followed by an indented line,
    is left as it is (a deeper block is then no sentence the grammar derives)."""
    buffer: list[Word] = []
    inside = False
    for word in words:
        if inside and word.kind == "STOP" and word.text == "\n" and not _indented_at(text, word.start + 1):
            buffer.append(Word("NEST_CLOSE", "", word.start))
            inside = False
        buffer.append(word)
        while len(buffer) >= 3:
            key = buffer[0]
            if not inside and _opens_block(buffer, text):
                yield Word("NEST_OPEN", key.text, key.start)
                del buffer[:3]
                inside = True
                continue
            yield buffer.pop(0)
    if inside:
        buffer.append(Word("NEST_CLOSE", "", len(text)))
    yield from buffer


def _list_bars(words: Iterator[Word]) -> Iterator[Word]:
    """wip/jsonG: a BAR (" | ", " \u00b7 ") between two statements separates them as a comma does; anywhere else it stays a
    BAR, which no rule derives ("keys name | age" lists nothing)."""
    buffer: list[Word] = []
    for word in words:
        buffer.append(word)
        if len(buffer) < 3:
            continue
        if buffer[1].kind == "BAR" and buffer[0].kind == "STMT" and buffer[2].kind == "STMT":
            buffer[1] = Word("COMMA", buffer[1].text, buffer[1].start)
        yield buffer.pop(0)
    yield from buffer


def _values_heads(words: Iterator[Word]) -> Iterator[Word]:
    """wip/jsonG: the table's VALUES word right before its IN_ORDER phrase ("Values in the same order:", "Values, in that
    order:", es "Valores (en el mismo orden):") heads a values sentence: VALUES_HEAD, so the grammar tells it from a key
    named "values" at a sentence's start (one token of lookahead)."""
    buffer: list[Word] = []
    for word in words:
        buffer.append(word)
        if len(buffer) < 3:
            continue
        first = buffer.pop(0)
        if first.kind == "VALUES" and (buffer[0].kind == "IN_ORDER" or buffer[0].kind in ("COMMA", "LPAR") and buffer[1].kind == "IN_ORDER"):
            first = Word("VALUES_HEAD", first.text, first.start)
        yield first
    if len(buffer) == 2 and buffer[0].kind == "VALUES" and buffer[1].kind == "IN_ORDER":
        buffer[0] = Word("VALUES_HEAD", buffer[0].text, buffer[0].start)
    yield from buffer


def _opens_block(buffer: list[Word], text: str) -> bool:
    """A label line: a key at a line's start, a colon and the line's end, an indented line after it (wip/jsonN)."""
    key, colon, end = buffer[:3]
    return (key.kind in ("NAME", "QNAME", "ENTITY") and (key.start == 0 or text[key.start - 1] == "\n")
            and colon.kind == "COLON" and end.kind == "STOP" and end.text == "\n" and _indented_at(text, end.start + 1))


def _indented_at(text: str, pos: int) -> bool:
    return pos < len(text) and text[pos] in " \t"


# A template's empty values and the type each asks for ("title": "" a string, "year": 0 a number).
_BLANKS: dict[Any, str] = {"": "string", 0: "number", None: "any", "YYYY-MM-DD": "date"}


def _template_at(text: str, pos: int) -> tuple[Word, int] | None:
    """A flat JSON object of empty values to fill (``{"title": "", "year": 0}``): its keys and the
    type each value asks for; None for anything else (a filled, nested or repeated member)."""
    try:
        obj, end = _RECORD_PAIRS.raw_decode(text, pos)
    except ValueError:
        return _shape_at(text, pos) or _python_record_at(text, pos)
    if not isinstance(obj, list) or not obj or len({key for key, _value in obj}) != len(obj):
        return None
    if not all(_blank(value) for _key, value in obj):
        return _record(obj, text, pos, end)
    kinds: dict[str, str] = {}
    for key, value in obj:
        if not _one_script(key) or not key.strip():
            return None
        kinds[key] = _BLANKS[value]
    return Word("TEMPLATE", kinds, pos), end  # type: ignore[arg-type]


# A number's placeholder (wip/jsonR2): '{"meters": <number>}', '{"minutos": n}', '{"厘米": 数值}'.
# Capitalised (de "<Zahl>": nouns are capitalised) and zh/ja "<数字>", "<数值>" (wip/jsonR3).
_NUMBER_PLACEHOLDERS = (r"(?:<(?:n|number|num|n\u00famero|numero|nombre|zahl|numero|\u0447\u0438\u0441\u043b\u043e)>"
                        r"|<(?:Zahl|Number|N\u00famero|Numero|Nombre|\u0427\u0438\u0441\u043b\u043e|\u6570\u5b57|\u6570\u503c|\u6570\u5024)>"
                        r"|n|\u6570\u503c|\u6570\u5024)")
# A placeholder shape ('{"title": ..., "year": ...}', wip/jsonA): a flat object whose values are
# "..." (any type) or blanks; its keys are the keys asked. Nothing nested: '{"user": {...}}' is no shape.
# A value's placeholder word, bare or in angle brackets ('{"meters": <value>}', '{"grammes": valeur}',
# '{"minutes": 値}'; "placeholder_words" of each table, wip/jsonR5): any type, the prompt states the value.
_VALUE_WORDS = sorted({w for table in _TABLES.values() for w in table.get("placeholder_words", ())}, key=len, reverse=True)
_VALUE_WORD = "(?:" + "|".join(map(re.escape, _VALUE_WORDS)) + ")"
_VALUE_PLACEHOLDER = "<" + _VALUE_WORD + ">|" + _VALUE_WORD
# One lowercase letter in angle brackets ('{"minuti": <m>, "secondi": <s>}', wip/jsonW): any type, the prompt states
# the value ("<n>" stays a number's)
_LETTER_PLACEHOLDER = "<[a-z]>"
# A slot's own word in angle brackets ('{"user": <name>, "level": <level>}', wip/jsonY): any type, the value stated
# with that word ("with name Priya and level 4") fills the slot (reader.py: _slots_bound); tried after the others
_SLOT_PLACEHOLDER = r"<[^\W\d_][\w-]{0,40}>"
_PLACEHOLDER = r'(?:\.\.\.|\u2026|""|0|null|' + _NUMBER_PLACEHOLDERS + "|" + _VALUE_PLACEHOLDER + "|" + _LETTER_PLACEHOLDER + "|" + _SLOT_PLACEHOLDER + ")"
_SHAPE_MEMBER = re.compile(r'\s*"(?P<key>[^"\\\n{}]{1,60})"\s*:\s*(?P<value>' + _PLACEHOLDER + r")\s*(?P<end>[,}])")
_SHAPE_BLANKS = {"...": "any", "\u2026": "any", '""': "string", "0": "number", "null": "any"}


class _Float(float):
    """A decimal of a record, with its literal: kept only when the float is that very decimal."""

    literal = ""


def _json_float(literal: str) -> float:
    value = _Float(literal)
    value.literal = literal
    return value


class _Pairs(list):  # type: ignore[type-arg]
    """An object's members as written, in order (a nested object of a record; wip/jsonR6)."""


_RECORD_PAIRS = json.JSONDecoder(object_pairs_hook=_Pairs, parse_float=_json_float)
_NOT_DATA: Any = object()
_DEPTH = 4  # a record's values nest at most this deep (deeper: no claim)


def _blank(value: Any) -> bool:
    """A template's empty value ("" a string, 0 a number, null any, "YYYY-MM-DD" a date)."""
    return not isinstance(value, (bool, float)) and isinstance(value, (str, int, type(None))) and value in _BLANKS


def _record(pairs: list[tuple[str, Any]], text: str, start: int, end: int) -> tuple[Word, int] | None:
    """An object of values written as data (wip/jsonR: "Turn this into JSON: {'sku': 'A-1',
    'qty': 3}"): each member a key and a value :func:`_record_value` reads, each key once, no
    escape; the members are its statements. None for anything else (a repeated key, "1.10")."""
    if "\\" in text[start:end]:
        return None
    plain = {key for key, item in pairs if isinstance(item, _Plain)}  # written without quotes (wip/jsonAE)
    value = _record_value(_Pairs(pairs))
    if value is _NOT_DATA:
        return None
    members = [(key, item, isinstance(item, str) and key not in plain) for key, item in value.items()]
    return Word("RECORD", members, start), end  # type: ignore[arg-type]


def _record_value(value: Any, depth: int = 0) -> Any:
    """A record member's value as JSON data: a string (not blank, one line), an integer, a boolean,
    a decimal a double is exactly as written, null, an array of such values, an object of such
    members (keys of one script, each once); nested at most :data:`_DEPTH` deep (wip/jsonR6:
    Python's None, tuples and lists, dicts as JSON writes them). :data:`_NOT_DATA` for anything else."""
    if isinstance(value, float):
        literal = getattr(value, "literal", "")
        if not literal or not math.isfinite(value) or render(float(value)) != literal:
            return _NOT_DATA
        return float(value)
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, str):
        return str(value) if value.strip() and "\n" not in value else _NOT_DATA
    return _record_container(value, depth)


def _record_keys(keys: list[Any]) -> bool:
    """An object's keys: at least one, each once, each a string of key characters in one script."""
    return bool(keys) and len(set(keys)) == len(keys) and all(isinstance(k, str) and _KEY_CHARS.fullmatch(k) and _one_script(k) for k in keys)


def _record_container(value: Any, depth: int) -> Any:
    """An array or an object of :func:`_record_value` items, or :data:`_NOT_DATA`."""
    if depth >= _DEPTH:
        return _NOT_DATA
    if isinstance(value, _Pairs):
        if not _record_keys([key for key, _item in value]):
            return _NOT_DATA
        found = {key: _record_value(item, depth + 1) for key, item in value}
    elif type(value) is list:
        found = {str(i): _record_value(item, depth + 1) for i, item in enumerate(value)}
    else:
        return _NOT_DATA
    if any(item is _NOT_DATA for item in found.values()):
        return _NOT_DATA
    return found if isinstance(value, _Pairs) else list(found.values())


_JSON_INT = re.compile(r"0|[1-9]\d{0,59}")
_KEY_CHARS = re.compile(r"[^\W\d][\w-]{0,60}")


def _python_record_at(text: str, pos: int) -> tuple[Word, int] | None:
    """A Python dict of literals ({'sku': 'A-1', 'qty': 3, 'ok': True, 'tags': ('a', 'b'), 'meta':
    None}), a JavaScript object literal ({active: true, count: 3}: bare keys, true / false / null as
    JSON writes them) or a call of dict of literal arguments (dict(title='Dune', year=1965); wip/jsonR5)
    as a record (:func:`_record`): the shortest display from ``pos`` that parses, its values as JSON
    writes them (None null, a tuple or list an array, a dict an object; wip/jsonR6)."""
    call = text.startswith("dict(", pos)
    close, at = (")" if call else "}"), pos
    for _tried in range(_DEPTH * 4):
        end = text.find(close, at)
        if end < 0:
            break
        source = text[pos : end + 1]
        items = _literal_items(source, call)
        if items is not None:
            pairs = _literal_pairs(items, source)
            return None if pairs is None else _record(pairs, text, pos, end + 1)
        at = end + 1
    # wip/jsonAE: no program's literal at all ("{title: Dune, author: Frank Herbert}"): YAML's flow mapping. One that
    # parses stays a program's ("{name: Ana}": Ana a variable, wip/jsonR5), read above or no claim.
    return None if call else _flow_record_at(text, pos)


class _Plain(str):
    """A string a flow mapping writes without quotes (wip/jsonAE): its statement is unquoted."""


# wip/jsonAE: a flow mapping's plain scalars as JSON writes them (a number, true, false, null) or a name: one to six
# words of letters, digits or hyphens, each capitalised or a number ("Neuromancer", "Frank Herbert", "Müller GmbH",
# "X1"), none a word the tables say is no data (a type, a placeholder, a describing or never-a-name word), none a word
# of its own key ("{city: City}", "{title: Book Title}": a slot described). YAML must read the same value, type too
# (yaml_block: "Yes", "0150", "2026-03-14", "1_000", "12:30" are no claim). A lowercase word may describe: no claim.
_FLOW_NUMBER = re.compile(r"0|-?[1-9]\d{0,59}|-?(?:0|[1-9]\d{0,14})\.\d{1,9}")
_FLOW_WORD = re.compile(r"[^\W_][\w-]{0,40}")


def _flow_record_at(text: str, pos: int) -> tuple[Word, int] | None:
    """A YAML flow mapping at ``pos`` read as a record (:func:`_record`): the shortest that YAML reads, its plain
    scalars by :func:`_flow_plain`; None for anything else (wip/jsonAE)."""
    at = pos
    for _tried in range(_DEPTH * 4):
        end = text.find("}", at)
        if end < 0:
            return None
        value = flow_mapping(text[pos : end + 1], _flow_plain, _NOT_DATA, _flow_pairs)
        if value is not None:
            if value is _NOT_DATA or not isinstance(value, _Pairs) or not _spaced_name(value):
                return None
            return _record(list(value), text, pos, end + 1)
        at = end + 1
    return None


def _spaced_name(value: Any) -> bool:
    """Whether a flow mapping holds a name of several words ("Frank Herbert"): two capitalised words side by side are
    no program's (a JavaScript or Python literal's bare word is a variable, wip/jsonR5: "{name: Ana}" stays no claim;
    "{sku: WH-03}" is JavaScript's WH - 3), so the mapping is data (wip/jsonAE)."""
    if isinstance(value, _Plain):
        return " " in value
    items = [item for _key, item in value] if isinstance(value, _Pairs) else value if isinstance(value, list) else []
    return any(_spaced_name(item) for item in items)


def _flow_pairs(pairs: list[tuple[Any, Any]]) -> Any:
    """A flow mapping's members, or :data:`_NOT_DATA` for a refused key or a name echoing its own key."""
    if any(key is _NOT_DATA or not isinstance(key, str) for key, _value in pairs):
        return _NOT_DATA
    if any(isinstance(value, _Plain) and _echoes_key(key, value) for key, value in pairs):
        return _NOT_DATA
    return _Pairs(pairs)


def _echoes_key(key: str, value: str) -> bool:
    """Whether a word of a plain name is a word of its key ("{city: City}", "{book_title: Title}")."""
    parts = {fold(part) for part in re.split(r"[\s_-]+", key) if part}
    return any(fold(word) in parts for word in value.split(" "))


def _flow_plain(written: str, yaml_value: Any) -> Any:
    """A plain scalar of a flow mapping (:data:`_FLOW_NUMBER`'s comment), or :data:`_NOT_DATA`."""
    if written in _JS_WORDS:
        value: Any = _JS_WORDS[written]
    elif _FLOW_NUMBER.fullmatch(written):
        value = _json_float(written) if "." in written else int(written)
    elif _flow_name(written):
        value = _Plain(written)
    else:
        return _NOT_DATA
    return value if same_as_yaml(value, yaml_value) else _NOT_DATA


def _flow_name(written: str) -> bool:
    """A name :func:`_flow_plain` reads (:data:`_FLOW_NUMBER`'s comment)."""
    words = written.split(" ")
    if not 1 <= len(words) <= 6 or not written[:1].isupper():
        return False
    if not all(_FLOW_WORD.fullmatch(word) and (word[0].isupper() or word.isdigit()) for word in words):
        return False
    if len(words) == 1 and written.isalpha() and written.isupper():
        return False  # "X", "N", "ABC": a slot's letter or an abbreviation, no name (a code has a digit: "X1", "WH-03")
    return not any(fold(word) in _not_flow_names() for word in words)


@lru_cache(maxsize=1)
def _not_flow_names() -> frozenset[str]:
    """The words no flow mapping's name holds: JSON's and YAML's literal words, type words, the tables' describing,
    placeholder, count and never-a-name words, and every word of a table but an entity noun ("Thirty", "Three": a number
    in words; "M": a unit; "Optional"; es "Y": "and") (:func:`_flow_name`)."""
    table_words = {phrase for table in _LANGUAGE.vocabularies for phrase, kind in table.phrases.items() if kind != "ENTITY"}
    return (_NOT_BARE | _TYPE_WORDS | _DESCRIBING_WORDS | _COUNT_WORDS | frozenset(fold(w) for w in _VALUE_WORDS)
            | _never_names_any() | frozenset(table_words) | _slot_names())


def _literal_items(source: str, call: bool) -> list[tuple[Any, Any]] | None:
    """The (key, value) nodes of a dict display or of a call of dict with keyword arguments alone."""
    try:
        with PARSE_LOCK:  # CPython 3.11: AST construction is not thread-safe (core.ast_lock)
            node = ast.parse(source, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if call and isinstance(node, ast.Call) and not node.args and node.keywords and all(k.arg for k in node.keywords):
        return [(ast.Constant(k.arg), k.value) for k in node.keywords]
    if not call and isinstance(node, ast.Dict) and node.keys:
        return list(zip(node.keys, node.values))
    return []  # parsed, but no dict display (a set, a name): no record, however it ends


def _literal_pairs(items: list[tuple[Any, Any]], source: str) -> list[tuple[str, Any]] | None:
    """Each key and its literal value as JSON writes it; None for a name, an expression, a mix."""
    if not items:
        return None
    bare = all(isinstance(key, ast.Name) for key, _value in items)  # a JavaScript object literal's keys
    pairs: list[tuple[str, Any]] = []
    for key, value in items:
        if bare:
            key = ast.Constant(key.id)
        data = _python_data(value, source, bare)
        if not isinstance(key, ast.Constant) or not isinstance(key.value, str) or data is _NOT_DATA:
            return None  # a name, an expression: no JSON value written as data
        if not bare and hasattr(key, "lineno") and not _one_string_literal(ast.get_source_segment(source, key) or ""):
            return None  # "{'na' 'me': 1}": two literals joined (wip/jsonAE); a call's keyword is no literal
        pairs.append((key.value, data))
    return pairs


def _python_data(node: Any, source: str, bare: bool) -> Any:
    """A literal's value as JSON writes it (a dict as :class:`_Pairs`, a tuple or list a list),
    or :data:`_NOT_DATA`: a name but JavaScript's true / false / null beside bare keys, Python's
    True / False / None beside bare keys (which language it is is not stated), an expression."""
    if bare and isinstance(node, ast.Name) and node.id in _JS_WORDS:
        return _JS_WORDS[node.id]
    if isinstance(node, ast.Constant):
        return _python_constant(node, source, bare)
    if isinstance(node, ast.UnaryOp):
        return _negative(node, source)
    if isinstance(node, (ast.Tuple, ast.List)):
        return [_python_data(item, source, bare) for item in node.elts]
    if isinstance(node, ast.Dict) and all(key is not None for key in node.keys):
        return _Pairs((_python_key(key, bare, source), _python_data(value, source, bare)) for key, value in zip(node.keys, node.values))
    return _NOT_DATA


def _python_constant(node: ast.Constant, source: str, bare: bool) -> Any:
    """A constant as JSON writes it; Python's True / False / None beside bare keys is :data:`_NOT_DATA`."""
    if bare and (node.value is None or isinstance(node.value, bool)):
        return _NOT_DATA  # "{active: True}": JavaScript writes true; which language it is is not stated
    return _python_value(node, ast.get_source_segment(source, node) or "")


def _negative(node: ast.UnaryOp, source: str) -> Any:
    """"-7", "-2.5": a minus written right before a number (not "- 7", not "-x"), else :data:`_NOT_DATA`."""
    if isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) in (int, float) and (ast.get_source_segment(source, node) or "")[1:2].isdigit():
        value = _python_value(node.operand, ast.get_source_segment(source, node.operand) or "")
        return _NOT_DATA if value is _NOT_DATA else -value if isinstance(value, int) else _json_float("-" + value.literal)
    return _NOT_DATA


def _python_key(key: Any, bare: bool, source: str) -> Any:
    """A nested dict's key: a bare name beside bare keys, else a constant (checked by :func:`_record_value`); a string
    key written as one literal (wip/jsonAE: :func:`_one_string_literal`)."""
    if bare and isinstance(key, ast.Name):
        return key.id
    if not isinstance(key, ast.Constant):
        return _NOT_DATA
    return key.value if not isinstance(key.value, str) or _one_string_literal(ast.get_source_segment(source, key) or "") else _NOT_DATA


_JS_WORDS = {"true": True, "false": False, "null": None}


def _python_value(value: ast.Constant, literal: str) -> Any:
    """A Python literal as JSON writes it, or :data:`_NOT_DATA` ("0x10", "1_000", r'...', b'...': not as JSON writes them)."""
    if value.value is None and literal == "None":
        return None
    if isinstance(value.value, float):
        return _json_float(literal)
    if isinstance(value.value, bool) or isinstance(value.value, int) and _JSON_INT.fullmatch(literal) \
            or isinstance(value.value, str) and _one_string_literal(literal):
        return value.value
    return _NOT_DATA


def _one_string_literal(literal: str) -> bool:
    """One quoted string, its quote nowhere inside (wip/jsonAE): Python joins "'O''Brien'" and "'Ana' 'Bob'" into
    "OBrien" and "AnaBob", where YAML and SQL read "O'Brien" (a quote doubled): two readings, no claim."""
    return len(literal) >= 2 and literal[0] in "'\"" and literal[-1] == literal[0] and literal[0] not in literal[1:-1]


def _shape_at(text: str, pos: int, nested: bool = False) -> tuple[Word, int] | None:
    """A flat placeholder shape at ``pos`` ('{"title": ..., "year": ...}'): its keys and the type
    each value asks for; None for anything else (a repeated or filled member). wip/jsonN: a member
    may itself be a flat shape ('{"user": {"name": ..., "age": ...}}', one nested level): the kinds
    then hold every leaf key (each once in the whole tree, no leaf named as an object's key) and
    ``tree`` the members in order, an object's with its leaves (reader.py: _nested_read)."""
    kinds = _Slots()
    at = pos + 1
    while True:
        step = _shape_member(text, at, kinds) or (None if nested else _nested_member(text, at, kinds))
        if step is None:
            return None
        at, closed = step
        if closed:
            return Word("TEMPLATE", kinds, pos), at  # type: ignore[arg-type]


def _shape_member(text: str, at: int, kinds: _Slots) -> tuple[int, bool] | None:
    """One flat member of a shape at ``at`` joined to ``kinds`` (the position after it, and whether the shape closes
    there); None for anything else (a repeated, filled or nested member)."""
    member = _SHAPE_MEMBER.match(text, at)
    if member is None:
        return None
    key = member.group("key")
    if key in kinds or not _one_script(key) or not key.strip() or key != key.strip():
        return None
    if not _flat_member(kinds, key):
        return None  # wip/jsonN: a member named as an object beside it
    value = member.group("value")
    letter = value != "<n>" and re.fullmatch(_LETTER_PLACEHOLDER, value) is not None
    slot = _slot_word(value)
    if slot is not None and slot.casefold() in _TYPE_WORDS:
        return None  # '{"meters": <text>}' names a type, no slot: which type the value takes is not read
    if slot is not None:
        if slot in kinds.slots:
            return None  # '{"a": <name>, "b": <name>}': which slot a stated name fills is not said
        kinds.slots[slot] = key
        kinds[key] = "any"
    else:
        kinds[key] = "any" if value.strip("<>") in _VALUE_WORDS or letter else _SHAPE_BLANKS.get(value, "number")  # else a number's placeholder
    return member.end(), member.group("end") == "}"


class _Slots(dict):  # type: ignore[type-arg]
    """A shape's keys and the type each asks for, and its slot words ('<name>': "name" -> the key it fills; wip/jsonY),
    and its members in order (``tree``: a key and None, or a nested object's key and its leaf keys; wip/jsonN)."""

    def __init__(self) -> None:
        super().__init__()
        self.slots: dict[str, str] = {}
        self.tree: list[tuple[str, tuple[str, ...] | None]] = []

    @property
    def nested(self) -> bool:
        return any(leaves is not None for _key, leaves in self.tree)


# wip/jsonN: a member whose value is an object ('"user": {'), then the comma or brace after that object
_SHAPE_OBJECT = re.compile(r'\s*"(?P<key>[^"\\\n{}]{1,60})"\s*:\s*(?=\{)')
_SHAPE_AFTER = re.compile(r"\s*(?P<end>[,}])")


def _flat_member(kinds: _Slots, key: str) -> bool:
    """A flat member joins the tree, unless an object beside it has its key (wip/jsonN)."""
    if any(key == k for k, leaves in kinds.tree if leaves is not None):
        return False
    kinds.tree.append((key, None))
    return True


def _nested_member(text: str, at: int, kinds: _Slots) -> tuple[int, bool] | None:
    """wip/jsonN: a member of a shape at ``at`` whose value is a flat shape ('"user": {"name": ..., "age": ...}'):
    its leaves joined to ``kinds`` (the position after it, and whether the outer shape closes there); None when
    it is no such member, a key is written twice anywhere in the tree, or an object's key is also a leaf's."""
    member = _SHAPE_OBJECT.match(text, at)
    if member is None:
        return None
    key = member.group("key")
    shape = _shape_at(text, member.end(), nested=True)
    after = _SHAPE_AFTER.match(text, shape[1]) if shape is not None else None
    if shape is None or after is None or not _one_script(key) or key != key.strip() or not key:
        return None
    inner: _Slots = shape[0].text  # type: ignore[assignment]
    containers = {k for k, leaves in kinds.tree if leaves is not None} | {key}
    if key in kinds or set(inner) & (set(kinds) | containers) or set(inner.slots) & set(kinds.slots):
        return None
    kinds.update(inner)
    kinds.slots.update(inner.slots)
    kinds.tree.append((key, tuple(inner)))
    return after.end(), after.group("end") == "}"


def _slot_word(value: str) -> str | None:
    """The word of a slot placeholder ('<name>'), or None for every other placeholder (a number's, a value word's, a letter)."""
    if re.fullmatch(_SLOT_PLACEHOLDER, value) is None or re.fullmatch(_NUMBER_PLACEHOLDERS, value) is not None:
        return None
    word = value[1:-1]
    return None if word in _VALUE_WORDS or re.fullmatch(_LETTER_PLACEHOLDER, value) is not None else word


# A declared formula (wip/jsonY): "total = price * qty" (FORMULA), "(= prix_unitaire × quantite)" after a key (KEY_FORMULA).
_FORMULA_KEY = r"[^\W\d][\w]{0,60}"  # a key in any script ("сумма = количество × цена": wip/jsonD)
# Each table's words for "times" between two keys ("total = quantity times unit_price", es "por"; wip/jsonD)
_TIMES_WORDS = {language: sorted({fold(w) for w in table.get("relations", {}).get("times", ())}, key=len, reverse=True)
                for language, table in _TABLES.items()}
_FORMULA_OPS = {"*": "*", "\u00d7": "*", "\u00b7": "*", "+": "+", "-": "-", **{w: "*" for words in _TIMES_WORDS.values() for w in words}}


def _formula_patterns(language: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """FORMULA and KEY_FORMULA with the operators a language reads: the signs, and its table's words for "times"."""
    words = _TIMES_WORDS.get(language, [])
    op = r"(?P<op>[*\u00d7\u00b7+-]" + ("|(?<=[ \t])(?:" + "|".join(map(re.escape, words)) + r")(?=[ \t])" if words else "") + ")"
    formula = re.compile(r"(?P<target>" + _FORMULA_KEY + r")[ \t]*=[ \t]*(?P<a>" + _FORMULA_KEY + r")[ \t]*" + op + r"[ \t]*(?P<b>"
                         + _FORMULA_KEY + r")(?![\w]|\.\w|[ \t]*[*\u00d7\u00b7+\-/(=])")
    # "(= a × b)" after a key, or "(a × b)": the key computed (wip/jsonD: without "=")
    key_formula = re.compile(r"\([ \t]*(?:=[ \t]*)?(?P<a>" + _FORMULA_KEY + r")[ \t]*" + op + r"[ \t]*(?P<b>" + _FORMULA_KEY + r")[ \t]*\)")
    return formula, key_formula


_FORMULAS = {language: _formula_patterns(language) for language in _TABLES}


def _formula_at(text: str, pos: int, language: str) -> tuple[Word, int] | None:
    """A declared formula at ``pos``: FORMULA ("total = price * qty", its target, operands and operator) or
    KEY_FORMULA ("(= a × b)", after the key it computes); None for anything else (wip/jsonY)."""
    if pos > 0 and (text[pos - 1].isalnum() or text[pos - 1] == "_"):
        return None
    formula, key_formula = _FORMULAS[language]
    found = formula.match(text, pos)
    if found is not None:
        return Word("FORMULA", (found["target"], found["a"], _FORMULA_OPS[fold(found["op"])], found["b"]), pos), found.end()  # type: ignore[arg-type]
    found = key_formula.match(text, pos)
    if found is not None:
        return Word("KEY_FORMULA", (found["a"], _FORMULA_OPS[fold(found["op"])], found["b"]), pos), found.end()  # type: ignore[arg-type]
    return None


def _token_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[Word, int] | None:
    if text[pos] == "{":
        return _template_at(text, pos)
    formula = _formula_at(text, pos, table.language) if table.spaced else None
    if formula is not None:
        return formula
    if text.startswith("dict(", pos):
        return _python_record_at(text, pos)
    found = _phrase_at(text, folded, pos, table)
    statement = _statement_at(text, folded, pos, table, found)
    if statement is not None and not _counts_priced(text, folded, statement, table):
        return statement
    char = text[pos]
    quoted = _quoted_or_address_at(text, pos)
    if quoted is not None:
        return quoted
    name = (_SPACED_KEY if table.spaced else _ASCII_KEY).match(text, pos)
    if found is not None and (name is None or found[1] >= name.end() or not table.spaced):
        return Word(found[0], text[pos : found[1]], pos), found[1]
    return _mark_name_or_number_at(text, folded, pos, table, name)



def _counts_priced(text: str, folded: str, statement: tuple[Word, int], table: Vocabulary) -> bool:
    """"total: 3 shirts at 15 each": the number after the key counts the noun the table's PRICED_AT word prices,
    it states no key (wip/jsonD: the grammar's priced_stmt reads the count)."""
    word, end = statement
    value = word.text[1].value if isinstance(word.text, tuple) else None
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    noun = _SPACED_KEY.match(text, end + len(text[end:]) - len(text[end:].lstrip(" ")))
    if noun is None:
        return False
    at = noun.end() + len(text[noun.end():]) - len(text[noun.end():].lstrip(" "))
    priced = table.match(folded, at) if at < len(text) else None
    if priced is None or priced[0] not in _PRICED_AT:
        return False
    # the phrase must say per unit before the clause ends ("for 4 dollars each", "zu je 4 Euro", "по 40 рублей")
    clause = re.match(r"(?:[^,.;:\n\uff0c\u3002]|[.,](?=\d)){0,40}", text[at:]).group()  # type: ignore[union-attr]
    return priced[0] == "PRICED_EACH" or any(
        (found := table.match(folded, at + i)) is not None and found[0] in ("EACH", "EACH_BEFORE")
        for i in range(len(clause)) if i == 0 or not clause[i - 1].isalnum())


def _mark_name_or_number_at(text: str, folded: str, pos: int, table: Vocabulary, name: re.Match[str] | None) -> tuple[Word, int] | None:
    """The word at ``pos`` once no template, formula, record, phrase, statement or quote starts there:
    a mark, a name in one script, a run of CJK (unspaced tables), else a number."""
    mark = _mark_at(text, folded, pos, table)
    if mark is not None:
        return mark
    if name is not None and _one_script(name.group("key")):
        return Word("NAME", name.group("key"), pos), name.end()
    cjk_end = None if table.spaced else _cjk_run(text, folded, pos, table)
    if cjk_end is not None:
        return Word("NAME", text[pos:cjk_end], pos), cjk_end
    return _number_at(text, pos, table)


# Plain numbers joined by spaced operators ("12 + 30", "250 + 130", "6 * 7"): an expression of the arithmetic
# grammar (wip/jsonZ); its value is the arithmetic task's exact reading (arithmetic.grammar.read_expression)
_EXPRESSION = re.compile(r"(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?(?: [+\-*/] (?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?)+(?![\w\-+*/]|\.[0-9])")


def _expression_at(text: str, pos: int) -> tuple[Word, int] | None:
    """An expression at ``pos`` (EXPR: its exact value, its operators and its text), or None: a run the
    arithmetic grammar does not derive ("7 / 2 / 2" read two ways, a division by zero) is no expression."""
    from ..arithmetic.grammar import read_expression

    run = _EXPRESSION.match(text, pos)
    if run is None or any(read_two_ways(number) for number in run.group().split()[::2]):
        return None  # de "17.500 + 38": 17500 in the tables whose decimal mark is a comma, 17.5 in English (W23)
    value = read_expression(run.group())
    if value is None:
        return None
    operators = frozenset(run.group().split()[1::2])
    return Word("EXPR", (value, operators, run.group()), pos), run.end()  # type: ignore[arg-type]


def _quoted_or_address_at(text: str, pos: int) -> tuple[Word, int] | None:
    """A quoted key at ``pos`` (QNAME), or an e-mail address (EMAIL: a value in order, only an
    "email" key's: wip/jsonR3); None for anything else."""
    quoted = _QUOTED_KEY.match(text, pos)
    if quoted is not None and _one_script(_quoted_key(quoted)):
        return Word("QNAME", _quoted_key(quoted), pos), quoted.end()
    email = _EMAIL.match(text, pos)
    if email is not None:
        return Word("EMAIL", email.group(), pos), email.end()
    return None


# The conversions a unit note after a key may name: "distance_m (in meters)" (wip/jsonR2).
_UNIT_NOTES = frozenset({"TO_METERS", "TO_KM", "TO_MONTHS", "TO_FAHRENHEIT", "TO_CELSIUS", "TO_HOURS", "TO_MINUTES",
                         "TO_SECONDS", "TO_GRAMS", "TO_CM"})


def _mark_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[Word, int] | None:
    """A sentence mark at ``pos``; a code fence alone on its line ends a sentence, as a line break
    ("```\nname = Lina\n```"); a unit note in brackets ("(in meters)") is one word (wip/jsonR2)."""
    char = text[pos]
    if char in ".\u3002" and text[pos + 1 : pos + 2] in (".", "\u3002"):
        return None  # W27 (red team 21, N4): an ellipsis ("blue...", "\u3002\u3002\u3002"; "\u2026" is in no table) leaves a list or a value open
    fence = _FENCE.match(text, pos)
    if fence is not None and (pos == 0 or text[pos - 1] == "\n"):
        return Word("STOP", fence.group(), pos), fence.end()
    note = _unit_note_at(text, folded, pos, table) if char in "(\uff08" else None
    if note is not None:
        return note
    if char in _BARS and text[pos - 1 : pos] in (" ", "\t") and text[pos + 1 : pos + 2] in (" ", "\t") and not _table_row(text, pos):
        return Word("BAR", char, pos), pos + 1  # wip/jsonG: "Name: Ana | Age: 30" (a COMMA between two statements: _list_bars)
    return (Word(_MARKS[char], char, pos), pos + 1) if char in _MARKS else None


# wip/jsonG: a bar or a middle dot between spaces separates statements on one line ("Name: Ana | Age: 30", "Name: Ana · Age:
# 30"); a slash does not ("red / blue" may be "or")
_BARS = frozenset("|\u00b7")


def _table_row(text: str, pos: int) -> bool:
    """Whether the line at ``pos`` is a markdown table row (it starts or ends with a bar: json/pastes.py reads those)."""
    line = text[text.rfind("\n", 0, pos) + 1 : (text.find("\n", pos) + 1 or len(text) + 1) - 1].strip()
    return line.startswith("|") or line.endswith("|")


def _unit_note_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[Word, int] | None:
    """"(in meters)" at ``pos``: one conversion target of the table alone in brackets, as a
    UNIT_NOTE whose text is the target's class; None for anything else."""
    found = table.match(folded, pos + 1)
    close = ")" if text[pos] == "(" else "\uff09"
    if found is None or found[0] not in _UNIT_NOTES or text[found[1] : found[1] + 1] != close:
        return None
    return Word("UNIT_NOTE", found[0], pos), found[1] + 1


# A code fence alone on its line ("```\nname = Lina\n```"): nothing after it on the line; since wip/jsonF the
# opening fence may carry a YAML tag ("```yaml"), and the block is then read as YAML data (_read_otherwise_as_yaml).
_FENCE = re.compile(r"```(?:(?i:yaml|yml))?(?=\n|$)")
_YAML_FENCE = re.compile(r"(?:^|\n)```(?i:yaml|yml)\n")
# Plain scalars YAML 1.1 (PyYAML) resolves to a boolean or null while YAML 1.2 keeps some as strings, or that
# this reader keeps as strings: under a YAML frame an unquoted value among them is read two ways (W27, wip/jsonF).
_YAML_OTHERWISE = frozenset("y n yes no on off true false null ~".split())


def _names_yaml(children: list[Any]) -> bool:
    """A request word that says the data is YAML ("this yaml", es "este YAML", a CONVERT phrase holding it)."""
    words = [word for c in children if isinstance(c, Token) for word in fold(str(c.value)).split()]
    return "yaml" in words or "yml" in words


def _read_otherwise_as_yaml(transformer: _Read, found: dict[str, Statement]) -> bool:
    """Under a YAML frame (a request word naming YAML, or a fence tagged yaml), an unquoted string value YAML 1.1 reads as a boolean or null ("on", "Off", "y",
    "NO"): no claim (W27). Lines written "k=v" stay read as statements: YAML would read one string, no user
    asking to convert them means it (jsonS's composed "Convert this YAML to JSON: city=Lyon" is read)."""
    if not transformer.yaml_framed:
        return False
    for st in found.values():
        items = st.value if isinstance(st.value, list) else [st.value]
        if not st.quoted and any(isinstance(v, str) and fold(v) in _YAML_OTHERWISE for v in items):
            return True
    return False
# A number right before "%" or a degree sign (the LITERAL refuses "20%", "212\u00b0F": no JSON number as written).
_PERCENT = re.compile(r"(?P<num>-?(?:(?:0|[1-9][0-9]{0,14})\.[0-9]{0,9}[1-9]|0|[1-9][0-9]{0,14}))(?=[%\u00b0\u2103\u2109])")


# A quoted passage to extract from: double quotes around a text with a space, up to 600 characters;
# since wip/jsonX also guillemets, single quotes and German quotes ('«...»', "'...'", '„...“').
_PASSAGE = re.compile(
    r'(?:"(?P<text>[^"\n\\]{0,600} [^"\n\\]{0,600})"'
    r"|'[^'\n\\\"]{0,600} [^'\n\\\"]{0,600}'"
    r'|\u00ab[^\u00ab\u00bb\n\\"]{0,600} [^\u00ab\u00bb\n\\"]{0,600}\u00bb'
    r'|\u201e[^\u201e\u201c\u201d\n\\"]{0,600} [^\u201e\u201c\u201d\n\\"]{0,600}\u201c)(?=\s*[.]?\s*$)')
_PASSAGE_QUOTES = "\"'\u00ab\u201e"


def _passage_at(text: str, pos: int, table: Vocabulary) -> tuple[str, int] | None:
    """A quoted passage to extract from, at the prompt's end, in a table that reads extraction
    requests: ("PASSAGE", its end), the word's text the passage in its quotes (wip/jsonB)."""
    passage = _PASSAGE.match(text, pos)
    if passage is None or "EXTRACT" not in table.phrases.values():
        return None
    return "PASSAGE", passage.end()


def _number_at(text: str, pos: int, table: Vocabulary) -> tuple[Word, int] | None:
    """A number no statement holds ("tengo 28 años"; "1,5 kg" in a table that declares the decimal
    comma, as a statement's value reads it), an expression ("12 + 30": wip/jsonZ), or None."""
    expression = _expression_at(text, pos)
    if expression is not None:
        return expression
    decimal = _COMMA_DECIMAL.match(text, pos) if table.language in _DECIMAL_COMMA else None
    if decimal is not None and float(decimal.group().replace(",", ".")) % 1:
        end = _kept_unit_end(text, decimal.end(), table)  # "24,30 €": the number, its kept unit after it (wip/jsonT)
        return Word("NUMBER", float(decimal.group().replace(",", ".")), pos), end  # type: ignore[arg-type]
    number = (_LITERAL if table.spaced else _LITERAL_UNSPACED).match(text, pos)
    percent = _PERCENT.match(text, pos) if number is None else None
    if percent is not None:  # "45%", "212\u00b0F": the number, then a unit of the table (wip/jsonB, wip/jsonT)
        after = text[percent.end() : percent.end() + table.longest + 1]
        unit = table.match(Folded(after), 0)
        if unit is not None and unit[0] in UNITS and not read_two_ways(percent.group("num")):
            number_text = percent.group("num")
            value = float(number_text) if "." in number_text else int(number_text)
            return Word("NUMBER", value, pos), percent.end()  # type: ignore[arg-type]
    if number is None or number.group("num") is None:
        return None
    value = _literal_at(text, number, table)
    if value is None:
        return None
    value = _with_kept_unit(text, value, table)
    return Word("NUMBER", value[0], pos), value[2]  # type: ignore[arg-type]


def _role_after_bar(text: str, folded: str, pos: int, table: Vocabulary) -> bool:
    """A bar before a role label joins two turns on one line ("... only. | User: ..."; the grammar asks
    for the first turn's sentence end before it)."""
    rest = pos + 1 + len(text[pos + 1 :]) - len(text[pos + 1 :].lstrip(" \t"))
    found = table.match(folded, rest)
    return found is not None and found[0] == "ROLE"


def _phrase_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[str, int] | None:
    """The longest phrase of the table at ``pos``; a role label ("User:") only where it opens a
    line (elsewhere "user" is the word before the colon: "for this user: ...", "user: "bob"")."""
    found = table.match(folded, pos)
    if found is None and text[pos] in _PASSAGE_QUOTES:
        return _passage_at(text, pos, table)
    if found is not None and found[0] == "ROLE" and text[:pos].strip(" \t")[-1:] not in ("", "\n", "|"):  # "... | User:" (wip/jsonR5)
        return table.match(folded.upto(found[1] - 1), pos)
    return found


def _statement_at(
    text: str, folded: str, pos: int, table: Vocabulary, found: tuple[str, int] | None
) -> tuple[Word, int] | None:
    """``key literal``, ``key: literal``, ``key = literal``, ``"key": literal``, ``key <is>
    literal`` at ``pos`` (a key that is no function word of the table)."""
    key_at = _key_at(text, folded, pos, table, found)
    if key_at is None:
        return None
    key, end, key_quoted = key_at
    sep_end, sep = _separator(text, folded, end, table)
    if key_quoted and sep not in (":", "is" if table.language in _LOWERCASE else ":"):
        return None  # '"name" "Bob"' is two strings; '"key": value' is the quoted form ('"key" is value': en)
    value, lowercase, spaced_bare = _statement_value(text, folded, (end, sep_end), sep, key_quoted, table)
    if value is None:
        return None
    value = _with_kept_unit(text, value, table)
    equals = text[end:sep_end].strip(" \t") == "="
    dashed = text[end:sep_end].strip(" \t") == "-"
    style = "=" if equals else "-" if dashed else sep
    st = Statement(value[0], value[1], (pos, value[2]), lowercase, spaced_bare, equals, dashed, style)
    # wip/jsonE: "Values: 17, open" -- a label's colon, or a list after the value; "with values 12.6 and price 7.8"
    # states a key named "values" (W21)
    listed = sep == ":" or text[value[2] :].lstrip(" \t")[:1] in (",", "\uff0c", "\u3001")
    kind = "VALUES_STMT" if not key_quoted and listed and table.phrases.get(fold(key)) == "VALUES" else "STMT"
    return Word(kind, (key, st), pos), value[2]  # type: ignore[arg-type]


# Red team 26 (class A): in a sentence, a bare word after a key may say something of the value rather than
# state it ("with its country code", "where the country is implied", "; country: ISO3", "with the country
# Official Name"). A string read as stated there needs evidence of being data: quotes; a data form (a statement
# on its own line, "key=value", "key - value", or a run of statements joined only by commas or semicolons that
# opens the prompt, a line, a sentence or a colon); a shape no descriptive word has (an e-mail address, a
# dotted host or file name, a URL); or one capitalised word ("with the country France"). A lowercase word,
# capitals or digits ("ISO3", "TLD", "EOD") or several words in a sentence are no claim.
_NAME_WORD = re.compile(r"[^\W\d_][^\W\d_'\u2019-]*(?:['\u2019-][^\W\d_]+)*")
_DATA_SHAPE = re.compile(r"[^\s@]+@[^\W_][\w-]*(?:\.[\w-]+)+|[^\W_][\w-]*(?:\.[^\W\d_][\w-]*)+|[a-z][a-z0-9+.-]*://\S+")
_RUN_GAP = re.compile(r"\s*(?:[,;\uff0c\u3001\uff1b]\s*(?:and\s+)?|\s+and\s+)")
_RUN_OPENS = re.compile(r"(?:^|[\n:\uff1a]|[.!?]\s)\s*[-*\u2022]?\s*$")


def _values_evident(prompt: str, read: JsonRequest) -> bool:
    """Whether every string the reading states is stated as data (:data:`_NAME_WORD`'s comment), and none unquoted is a
    type or placeholder word or its key's own word in any letter case ("age: Integer", "email: Email": a shape
    described, not data; wip/jsonAE found the capitalised forms read in data runs)."""
    ordered = sorted(read.statements.items(), key=lambda item: item[1].span)
    runs = _data_runs(prompt, [st for _, st in ordered])
    # wip/jsonAI: a colon run's plain lowercase words are data (_colon_run, the reading's _a_stated_run)
    plain = _colon_run(prompt, ordered, read.language, lambda _key, st: st.lowercase)
    return all(not _names_no_value(key, st) and (plain and st.lowercase or _value_evident(prompt, st, index in runs))
               for index, (key, st) in enumerate(ordered))


# Red team 29 (class FW): a word joined to a value by a space alone ("age 30, or 31", "sorry 31", "maybe 31",
# "aged 30") was read as a key. A key so written needs positive evidence of naming a key: the prompt lists it (a key
# list, a shape), it has an identifier's shape (birth_year, zip5, firstName), or a table names it as a key (a key
# noun, a kind, a concept, a list, unit, reading or expression key, in the prompt's language or English; a truth-value
# key only with a truth value). Any other word is no claim, whatever it is. An expression key ("итого", "всего": "in
# all") names a computed total, not a key so written. Red team 29b: a determiner before such a key makes it a noun phrase
# of a sentence, not a label of data ("this year 31", "el año 31", "l'année 31", "这个年份 31": a time said): a
# demonstrative before such a key, or any determiner before a time noun, is no claim ("with the name Ana" is read).
_IDENTIFIER_SHAPE = re.compile(r"[_\d]|[a-z][A-Z]")
# The tables' fields whose words are that evidence (a list's words; "kinds" and "concepts" map to lists of words). Not
# "unit_keys" ("height 1, cm 80": a unit after a number, red team 29c) nor "expression_keys" ("итого 31": a computed total)
_KEY_EVIDENCE_FIELDS = ("key_nouns", "identifier_words", "list_keys", "reading_keys", "common_noun_keys", "kinds", "concepts")


def _keys_evident(prompt: str, read: JsonRequest) -> bool:
    """Whether every key joined to its value by a space alone names a key, with no determiner before it (class FW, above)."""
    listed = {fold(key) for key in read.keys} if read.listed else set()
    for key, st in read.statements.items():
        if st.style != "" or fold(key) in listed:
            continue  # a key the prompt lists is asked for, whatever is said before it ("with the price 19.9 rounded ...")
        if _determined(prompt[: st.span[0]], key, read.language):
            return False
        if _IDENTIFIER_SHAPE.search(key):
            continue
        nouns, truth_keys = _key_nouns(read.language)
        if fold(key) not in nouns and not (isinstance(st.value, bool) and fold(key) in truth_keys):
            return False
    return True


def _determined(before: str, key: str, language: str) -> bool:
    """Whether the text before a key ends with a demonstrative ("this", "este", "этот": "this year 31", "this level 31")
    or, before a time noun ("the year 31", "el año 31", "l'année 31"), any determiner of the prompt's table or the English
    one ("DEF"); "with the name Ana" stays a statement. The words are each table's "demonstratives" and "time_nouns"."""
    folded = fold(before).rstrip()
    demonstratives, determiners, time_nouns = _determiners(language)
    return any(_ends_with_word(folded, word) for word in (determiners if fold(key) in time_nouns else demonstratives))


def _ends_with_word(folded: str, word: str) -> bool:
    return folded.endswith(word) and (len(folded) == len(word) or not folded[-len(word) - 1].isalnum() or not word[0].isalnum())


@lru_cache(maxsize=16)
def _determiners(language: str) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]:
    tables = [_TABLES.get(lang, {}) for lang in {language, "en"}]
    demonstratives = {fold(w) for t in tables for w in t.get("demonstratives", ())}
    determiners = demonstratives | {fold(w) for t in tables for w in t.get("classes", {}).get("DEF", ())}
    time_nouns = frozenset(fold(w) for t in tables for w in t.get("time_nouns", ()))
    longest_first = lambda words: tuple(sorted(words, key=len, reverse=True))  # noqa: E731
    return longest_first(demonstratives), longest_first(determiners), time_nouns


@lru_cache(maxsize=16)
def _key_nouns(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words the prompt's table and the English table name as keys, and their truth-value keys (:func:`_keys_evident`)."""
    nouns: set[str] = set()
    truth: set[str] = set()
    for table in {language: _TABLES.get(language, {}), "en": _TABLES["en"]}.values():
        for field_name in _KEY_EVIDENCE_FIELDS:
            nouns.update(fold(word) for word in _field_words(table.get(field_name)))
        truth.update(fold(word) for word in table.get("boolean_keys", ()))
    return frozenset(nouns), frozenset(truth)


def _field_words(field: Any) -> list[str]:
    """A table field's words: a list's, a mapping's keys, or the words of a mapping to lists ("kinds": {"name": [...]})."""
    if not isinstance(field, dict):
        return list(field or ())
    return [word for key, value in field.items() for word in (value if isinstance(value, list) else [key])]


def _names_no_value(key: str, st: Statement) -> bool:
    """An unquoted string that is a type or placeholder word, or the key's own word (:func:`_values_evident`); a number word
    stays a word ("level: tres", W29's typed-word rows)."""
    if st.quoted or not isinstance(st.value, str):
        return False
    folded = fold(st.value)
    return folded == fold(key) or folded in _TYPE_WORDS | _slot_names()


@lru_cache(maxsize=1)
def _slot_names() -> frozenset[str]:
    """The tables' placeholder names ("Example", "Foo")."""
    return frozenset(fold(word) for table in _TABLES.values() for word in table.get("slot_names", ()))


def _value_evident(prompt: str, st: Statement, in_run: bool) -> bool:
    """One statement's value (:func:`_values_evident`)."""
    value = st.value
    if st.style not in ("", "is", ":"):
        return True  # not read as "key value", "key is value" or "key: value" (a passage's, a value by position)
    if st.quoted or not isinstance(value, str) or st.equals or st.dashed or in_run or _alone_on_its_line(st.span, prompt, "-*\u2022", ",;."):
        return True
    if not any(c.isupper() or c.islower() for c in value) or _DATA_SHAPE.fullmatch(value):
        return True  # a script without letter case (zh, ja: its own rules), an address, a host, a URL
    return _NAME_WORD.fullmatch(value) is not None and value[0].isupper() and any(c.islower() for c in value[1:])


def _data_runs(prompt: str, ordered: list[Statement]) -> set[int]:
    """The statements of runs of two or more joined only by commas, semicolons or "and", each run opening the
    prompt, a line, a sentence or a colon ("user alice, active true" after "keys user and active:")."""
    runs: set[int] = set()
    index = 0
    while index < len(ordered):
        last = index
        while last + 1 < len(ordered) and _RUN_GAP.fullmatch(prompt, ordered[last].span[1], ordered[last + 1].span[0]):
            last += 1
        if last > index and _RUN_OPENS.search(prompt, 0, ordered[index].span[0]):
            runs.update(range(index, last + 1))
        index = last + 1
    return runs


def _statement_value(
    text: str, folded: str, span: tuple[int, int], sep: str, key_quoted: bool, table: Vocabulary
) -> tuple[tuple[str | int | float | bool, bool, int] | None, bool, bool]:
    """A statement's value after its key (ending at ``span[0]``) and separator (ending at
    ``span[1]``): (value, lowercase, spaced_bare) as :class:`Statement` records them."""
    end, sep_end = span
    if text.startswith("[", sep_end) and (sep or sep_end > end):
        return _array_literal_at(text, sep_end, table), False, False  # 'tags is ["a", "b"]' (wip/jsonL)
    null = _NULL.match(text, sep_end) if table.spaced and text[end:sep_end].strip(" \t") == "=" else None
    if null is not None:
        return (None, False, null.end()), False, False  # type: ignore[return-value]  # "middle_name=null" (wip/jsonAD)
    return _scalar_statement_value(text, folded, span, sep, key_quoted, table)


# wip/jsonAD: JSON's null written after "=" ("middle_name=null", "sequel = null"): "=" writes data, never a blank to
# fill, so the statement states null (:func:`_null_as_data`); after ":", "is" or a space ("product: null") it may mark
# a blank, and stays no claim without a conversion (wip/jsonR6); "NULL", "Null", "nullable", '"null"' are no null here.
# Tables without spaces keep "=null" no claim (zh/ja: tests/unit/test_json_reach_jsonr6.py).
_NULL = re.compile(r"null(?![\w'\u2019-]|\.\w)")


def _null_as_data(st: Statement) -> bool:
    """A null written after "=" (wip/jsonAD, :data:`_NULL`): data, as "=" writes it, in any request."""
    return st.value is None and st.equals and not st.quoted


def _scalar_statement_value(
    text: str, folded: str, span: tuple[int, int], sep: str, key_quoted: bool, table: Vocabulary
) -> tuple[tuple[str | int | float | bool, bool, int] | None, bool, bool]:
    """A statement's value that is no array literal (:func:`_statement_value`)."""
    end, sep_end = span
    noted = _noted_value(text, folded, span, sep, table)
    if noted is not None:
        return noted, True, False
    value = _value_at(text, folded, sep_end, table, bool(sep or sep_end > end or not table.spaced), bool(sep))
    lowercase = value is None and (sep == ":" or sep == "is" and table.language in _LOWERCASE) and table.spaced
    if lowercase:
        value = _lowercase_value_at(text, folded, sep_end, table)
    value, lowercase = _or_equals_data(value, lowercase, text, folded, span, table)
    spaced_bare = value is None and not sep and sep_end > end and not key_quoted and table.language in _SPACED_BARE
    if spaced_bare:
        value, lowercase = _spaced_value_at(text, folded, sep_end, table)
    return value, lowercase, spaced_bare


def _noted_value(text: str, folded: str, span: tuple[int, int], sep: str, table: Vocabulary) -> Any:
    """A truth or no-value word before its type note (wip/jsonAF, below), after a separator or a space; else None."""
    end, sep_end = span
    if not (sep or sep_end > end):
        return None
    return _truth_word_noted(text, folded, sep_end, table) or _absent_word_noted(text, folded, sep_end, table)


# wip/jsonAF: the table's word for true or false ("no", de "nein", ru "нет", zh "是") right before the table's boolean
# note ("disponible: no (como booleano)", "lagernd=nein (als Boolean)", "shipped yes (boolean)"): the note makes the type
# explicit, so the word is read (as written; the typed_stmt rule notes its key boolean and _declared_booleans makes it
# that boolean). Without the note, or before another type's note, the word stays unread (no claim).
_TRUTH_WORD = re.compile(r"[^\W\d_][\w-]{0,20}")


def _truth_word_noted(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[str, bool, int] | None:
    word = _noted_word(text, folded, pos, table, "T_BOOL")
    if word is None or fold(word.group()) not in _BOOLEAN_WORDS.get(table.language, {}):
        return None
    return word.group(), False, word.end()


# The table's words for no value ("none", "unknown"), read only right before its null note ("assignee none (use null)"):
# the statement states null as data (wip/jsonAF); any other word before the note ("Kim (use null)") stays unread.
_ABSENT_WORDS = {language: frozenset(fold(w) for w in table.get("absent_words", ())) for language, table in _TABLES.items()}


def _absent_word_noted(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[None, bool, int] | None:
    word = _noted_word(text, folded, pos, table, "T_NULL")
    if word is None or fold(word.group()) not in _ABSENT_WORDS.get(table.language, ()):
        return None
    return None, False, word.end()


def _noted_word(text: str, folded: str, pos: int, table: Vocabulary, note_class: str) -> re.Match[str] | None:
    """One word at ``pos``, lowercase or capitalised, then a space and a note of ``note_class``; spaced tables only
    (zh "是" is also the copula: "rain 是（布尔值）" declares a type, it states no value)."""
    word = _TRUTH_WORD.match(text, pos) if table.spaced else None
    if word is None or word.group() not in (word.group().lower(), word.group().capitalize()):
        return None
    note_at = word.end() + len(text[word.end():]) - len(text[word.end():].lstrip(" \t"))
    note = table.match(folded, note_at) if note_at > word.end() else None  # type: ignore[arg-type]
    return word if note is not None and note[0] == note_class else None


def _array_literal_at(text: str, pos: int, table: Vocabulary) -> tuple[list[Any], bool, int] | None:
    """A JSON array literal of scalars at ``pos`` ('["a", "b"]', "[1, 2.5]"): its items in order, each a typed literal
    read as a statement's value is (:func:`_literal_at`: a number no JSON value writes as stated, or read two ways,
    is none); None for an empty, nested or unclosed array or any other item (a bare word, an object) (wip/jsonL).
    Whether the items are one JSON type, none a key's name, is checked when the list is assembled (_items_fit)."""
    items: list[Any] = []
    i = pos + 1
    while True:
        while text.startswith((" ", "\t"), i):
            i += 1
        literal = (_LITERAL if table.spaced else _LITERAL_UNSPACED).match(text, i)
        read = _literal_at(text, literal, table) if literal is not None else None
        if read is None:
            return None
        items.append(read[0])
        i = read[2]
        while text.startswith((" ", "\t"), i):
            i += 1
        if text.startswith("]", i):
            return items, False, i + 1
        if not text.startswith(",", i):
            return None
        i += 1


def _spaced_after_equals(value: tuple[str | int | float | bool, bool, int] | None, equals: bool) -> bool:
    """An unquoted value read after "=" with a space inside ("AB Zed", "New York"): one token unless quoted (wip/fuzzO)."""
    return equals and value is not None and isinstance(value[0], str) and not value[1] and any(c.isspace() for c in value[0])


def _or_equals_data(
    value: tuple[str | int | float | bool, bool, int] | None, lowercase: bool, text: str, folded: str, span: tuple[int, int], table: Vocabulary
) -> tuple[tuple[str | int | float | bool, bool, int] | None, bool]:
    """``value`` as read, or else the word written as data after "=" in a table without spaces (zh/ja
    "host=db7；", "item=りんご、": :func:`_equals_data_at`, read as a lowercase value is; wip/jsonR6)."""
    end, sep_end = span
    equals = text[end:sep_end].strip(" \t") == "="
    if _spaced_after_equals(value, equals):
        return None, False  # wip/fuzzO: zh "sku=AB Zed，": a k=v value is one token unless quoted, in every table
    if value is not None and not (table.spaced and equals and isinstance(value[0], str) and not value[1]):
        return value, lowercase  # a literal; after "=" a word may start a value of several words (wip/jsonQ)
    elif not table.spaced and text[end:sep_end].strip(" \t") == "=":
        value = _equals_data_at(text, folded, sep_end, table)
    elif table.spaced and text[end:sep_end].strip(" \t") == "=":
        if _words_after_equals(text, folded, sep_end, table) > 1:
            return None, False  # wip/fuzzO: "sku=AB x2", "sku=AB of y", "titolo=Il nome della rosa": one token unless quoted
        return value, lowercase if value is not None else False
    return value, value is not None


# wip/jsonQ: the word classes that frame the request or join statements ("b=green and size large", "sku=AB please"):
# such a word after a k=v value ends it (wip/fuzzO: _words_after_equals)
_RUN_STOPS = frozenset({"JSON", "VERB", "VERB_END", "ONLY", "PLEASE", "AND", "KEYWORD", "KEYWORD_ONE", "NOTHING",
                        "CONVERT", "TF_VERB", "OBJECT", "THANKS", "COURTESY", "IS", "COPULA", "WITH", "WHERE", "AS"})
_RUN_WORD = re.compile(r"[^\W\d_][\w'\u2019-]{0,40}")
# wip/jsonAD: one space, then the next statement's key written with "=" ("product=lamp qty=5 color=red",
# "sensor=T-9 temp=-2.5"): a value after "=" ends before it (the grammar's eq_run joins the two statements,
# in a table that declares "equals_runs"); "==" is no statement
_NEXT_EQUALS_KEY = re.compile(r"[ \t](?P<key>[^\W\d][\w-]{0,60})=(?!=)")
# (wip/jsonQ's runs of several words after "=" were withdrawn by wip/fuzzO: one token; their stop words went with them)


def _words_after_equals(text: str, folded: str, pos: int, table: Vocabulary) -> int:
    """wip/fuzzO (fuzzK-modifier-in-value-run): how many words one space apart follow "=" before a word that frames the
    request or joins statements (_RUN_STOPS: "and", "please", "as JSON"). A k=v value is one token unless quoted: a second
    word ("sku=AB x2", "sku=AB twice", "sku=AB of y", "sku=AB reversed") may be the value's or say something of it, which
    is not stated, so no claim; wip/jsonQ's runs ("titolo=Il nome della rosa") are withdrawn with it (quote them)."""
    count, at = 0, pos
    while (word := _RUN_WORD.match(text, at)) is not None and count < 13:
        said = table.phrases.get(folded[word.start() : word.end()])
        phrase = table.match(folded, word.start())
        if count and (said in _RUN_STOPS or phrase is not None and phrase[0] in _RUN_STOPS):
            break
        if count and _NEXT_EQUALS_KEY.match(text, word.start() - 1):
            break  # wip/jsonAD: "product=lamp qty=5": the next statement's key, written with "=", ends the value
        count += 1
        if text[word.end() : word.end() + 1] != " ":
            break
        at = word.end() + 1
    return count


def _spaced_value_at(
    text: str, folded: str, pos: int, table: Vocabulary
) -> tuple[tuple[str | int | float | bool, bool, int] | None, bool]:
    """A value after a key and a space alone ("cliente Ana Souza"): a bare name, or in a table that
    declares lowercase values a lowercase word ("user alice", a listed key's); and whether it is lowercase."""
    value = _value_at(text, folded, pos, table, False, True)
    if value is None and table.language in _LOWERCASE:
        return _lowercase_value_at(text, folded, pos, table), True
    return value, False


def _with_kept_unit(
    text: str, value: tuple[str | int | float | bool, bool, int], table: Vocabulary
) -> tuple[str | int | float | bool, bool, int]:
    """A number's value with its end moved past a kept unit after it (:func:`_kept_unit_end`)."""
    if not value[1] and isinstance(value[0], (int, float)) and not isinstance(value[0], bool):
        return (*value[:2], _kept_unit_end(text, value[2], table))
    return value


def _kept_unit_end(text: str, end: int, table: Vocabulary) -> int:
    """Past a unit the table declares the number's own ("18度": zh, ja, where a one-character word
    in the table would cut keys such as "温度"), when the unit ends the clause; else ``end``."""
    rest = text[end:].lstrip(" \t")
    for unit in _KEPT_UNITS.get(table.language, ()):
        after = rest[len(unit) : len(unit) + 1]
        if rest.startswith(unit) and (after == "" or after in _MARKS or after in " \t"):
            return len(text) - len(rest) + len(unit)
    return end


def _key_at(
    text: str, folded: str, pos: int, table: Vocabulary, found: tuple[str, int] | None
) -> tuple[str, int, bool] | None:
    """A statement's key at ``pos``: (key, end, quoted); None for a word that frames the request."""
    quoted = _QUOTED_KEY.match(text, pos)
    label = _line_label_at(text, folded, pos, table) if quoted is None else None
    if label is not None:
        return label
    if quoted is not None:
        key, end, key_quoted = _quoted_key(quoted), quoted.end(), True
    else:
        match = (_SPACED_KEY if table.spaced else _ASCII_KEY).match(text, pos)
        cjk_end = None if table.spaced or match is not None else _cjk_run(text, folded, pos, table)
        if cjk_end is not None:
            return text[pos:cjk_end], cjk_end, False  # a run of ideographs or katakana up to a table word
        if match is None:
            return None
        key, end, key_quoted = match.group("key"), match.end(), False
        if _frames_request(table.phrases.get(folded[pos:end]), text, pos, end):
            return None  # "keys", "with", "JSON": a word that frames the request, no key
        if found is not None and found[1] > end:
            return None  # the key starts a longer phrase of the table
    return (key, end, key_quoted) if _one_script(key) else None


# wip/jsonS: a label of two to four words at a line's start before ":" ("Order number: 5512", "In stock: yes"), in a
# table whose label_folding declares "spaces": the key is its words joined by "_" (order_number), compared with the
# listed keys as any label is (case folded); a word of the table's framing (a verb, "JSON", "keys") makes it no label
_LINE_LABEL = re.compile(r"[^\W\d_][^\W_]*(?:[ \t][^\W\d_][^\W_]*){1,3}(?=[ \t]*:)")
_LABEL_WORD_CLASSES = frozenset({"CONVERT_PREP", "FOR", "TO_PLACE", "ENTITY", "DEF"})
_SPACED_LABELS = frozenset(language for language, rules in _LABEL_FOLDING.items() if "spaces" in rules)


def _line_label_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[str, int, bool] | None:
    """A label of several words at a line's start (wip/jsonS): (its words joined by "_", end, False), or None."""
    if table.language not in _SPACED_LABELS or text[:pos].rstrip(" \t")[-1:] not in ("", "\n"):
        return None
    match = _LINE_LABEL.match(text, pos)
    if match is None or not _one_script(match.group().replace(" ", "").replace("\t", "")):
        return None
    words = match.group().split()
    if any(table.phrases.get(fold(word), None) not in (None, *_LABEL_WORD_CLASSES) for word in words):
        return None
    if table.phrases.get(fold(words[0])) in ("DEF", "FOR", "TO_PLACE"):
        return None  # "The price: 5", "For Ana: ..." -- a sentence, not a label
    return "_".join(words), match.end(), False


def _frames_request(word_class: str | None, text: str, pos: int, end: int) -> bool:
    """Whether the word of ``word_class`` at ``pos`` frames the request, so it is no key: a class
    of _NO_KEY ("keys", "with", "JSON"; but "a=1" states a), or the prompt's first word, a verb,
    before a number and a word ("Convert 2.5 km to meters ..."; "round 3, ..." is a key) (wip/jsonR2)."""
    if word_class in _NO_KEY:
        return not (word_class in ("ART", "DEF") and text[end : end + 1] == "=")
    if word_class in _SHOT_LABELS:
        return text[:pos].rstrip(" \t")[-1:] in ("", "\n") and text[end:].lstrip(" \t")[:1] == ":"
    return word_class == "TF_VERB" and not text[:pos].strip() and _VERB_THEN_MEASURE.match(text, end) is not None


def _value_at(
    text: str, folded: str, pos: int, table: Vocabulary, literal_ok: bool, bare_ok: bool
) -> tuple[str | int | float | bool, bool, int] | None:
    """A statement's value at ``pos``: (value, quoted, end). A typed literal (after a separator or
    a space), or after a separator a bare name ("Paris": a capital letter, not a table word)."""
    first = _shaped_or_decimal_at(text, pos, table) if literal_ok else None
    if first is not None:
        return first
    literal = (_LITERAL if table.spaced else _LITERAL_UNSPACED).match(text, pos)
    if literal is not None and literal_ok:
        return _literal_at(text, literal, table)
    if bare_ok and not table.spaced:
        cjk_end = _cjk_run(text, folded, pos, table, value=True)
        if cjk_end is not None and _ends_value(text, folded, cjk_end, table):
            return text[pos:cjk_end], False, cjk_end  # "姓名是张伟": a name in ideographs after a separator
    email = _EMAIL.match(text, pos) if bare_ok else None
    if email is not None:
        return email.group(), False, email.end()  # "email rui@exemplo.com": an address, copied as written (wip/jsonR2)
    return _bare_at(text, folded, pos, table) if bare_ok else None


# wip/jsonAB (issue 33 item 4): values whose form reads one way only, a string as written, in every table: a calendar
# date written YYYY-MM-DD (a real date) and an IPv4 address (four parts 0-255). Nothing may touch the value that could
# make it a range, a time or a zone ("2027-07-03/05", "2027-07-03T10:00", "2027-07-03+02:00", "2027-07-03–05",
# "10.0.0.5/24", "10.0.0.5:8080", "10.0.0.5.1"); a time, a zone or a second date after a space is derived by no rule.
_AFTER_SHAPED = r"(?![\w/:+@%\u2013\u2014\u2212'`\u2032-]|[.,][\w\d]|\.\.)"
_ISO_DATE = re.compile(r"(?P<y>[12]\d{3})-(?P<m>[01]\d)-(?P<d>[0-3]\d)" + _AFTER_SHAPED)
_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_IPV4 = re.compile(r"(?<![\w.])" + _OCTET + r"(?:\." + _OCTET + r"){3}" + _AFTER_SHAPED)


def _shaped_or_decimal_at(text: str, pos: int, table: Vocabulary) -> tuple[str | float, bool, int] | None:
    """A value read before a typed literal: a string by its form (wip/jsonAB: "date: 2027-07-03", "host=10.0.0.5", as
    written), or a decimal comma in a table that declares it ("preço 12,70" is 12.7)."""
    shaped = _shaped_string_at(text, pos)
    if shaped is not None:
        return shaped
    decimal = _COMMA_DECIMAL.match(text, pos) if table.language in _DECIMAL_COMMA else None
    if decimal is not None and float(decimal.group().replace(",", ".")) % 1:
        return float(decimal.group().replace(",", ".")), False, decimal.end()
    return None


def _shaped_string_at(text: str, pos: int) -> tuple[str, bool, int] | None:
    """wip/jsonAB: an ISO date (a real calendar date) or an IPv4 address at ``pos``: (the text as written, False, end)."""
    date = _ISO_DATE.match(text, pos)
    if date is not None:
        try:
            datetime.date(int(date["y"]), int(date["m"]), int(date["d"]))
        except ValueError:
            return None  # "2027-02-30": no date
        return date.group(), False, date.end()
    address = _IPV4.match(text, pos)
    return (address.group(), False, address.end()) if address is not None else None


def _bare_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[str, bool, int] | None:
    """A bare name at ``pos`` ("Paris", "Ana Souza"): (name, False, end), or None."""
    bare = _BARE.match(text, pos)
    if bare is not None and _not_a_bare_value(text, folded, pos, bare.end(), table):
        return None
    if bare is not None and bare.group()[0].isupper() and bare.group().casefold() not in _NOT_BARE \
            and not _framing_table_word(text, folded, bare.start(), bare.end(), table, pos) and not _number_word(folded[bare.start() : bare.end()], table):
        end = _name_run_end(text, folded, bare.end(), table, pos) if table.language in _SPACED_BARE else bare.end()
        if table.language in _SPACED_BARE and not _one_script(text[pos:end].replace(" ", "")):
            return None  # "Kіel" with a Cyrillic "і": a look-alike, no name read whole
        return text[pos:end], False, end
    return None


# wip/jsonS: a labelled line up to its value ("Product: ", "Order number: ") and the rest of a line that holds one
# value only (no comma, colon or semicolon up to the line's end)
_LINE_UP_TO_VALUE = re.compile(r"[ \t]*[^\W\d_][^\W_]*(?:[ \t][^\W\d_][^\W_]*){0,3}[ \t]*:[ \t]*")
_REST_OF_LINE_ONE_VALUE = re.compile(r"[^\n,;:]*(?:\n|$)")


def _framing_table_word(text: str, folded: str, start: int, end: int, table: Vocabulary, value_start: int | None = None) -> bool:
    """A table word that is no name after a separator: any but an entity noun of a labelled line's only value
    ("Product: Lamp", "Item: Desk Lamp": a capitalised entity word there is the thing's name as written; wip/jsonS).
    Elsewhere ('"einwohner": Stadt Bonn, ...') an entity noun may start the next statement: no name."""
    return _table_word(text, folded, start, end, table) and not _labelled_entity(text, folded, start, end, table, value_start) \
        and not (value_start == start and _separated_table_word(folded, start, end, table))


def _separated_table_word(folded: str, start: int, end: int, table: Vocabulary) -> bool:
    """wip/jsonE: a capitalised entity noun or unit symbol of the table ("Laptop", "L") as a statement's value right
    after its separator (":", "=", the table's one-word "is": "size: L", "product=Laptop", "item is Chair."): the
    thing's name as written, no unit or entity of the request; alone, its statement ending after it. Before another
    word ("Stadt Leipzig"), after a space alone ("size L"), in lowercase ("size: l") or of another class ("size:
    Return") it stays a table word (no claim)."""
    if table.phrases.get(folded[start:end]) not in _SEPARATED_CLASSES or not _STATEMENT_ENDS.match(folded, end):
        return False  # 'Stadt Leipzig' after a colon: the entity word labels the name after it (wip/jsonS)
    before = folded[:start].rstrip(" \t")
    word = _LAST_WORD.search(before)
    return before[-1:] in (":", "=", "\uff1a") or word is not None and table.phrases.get(word.group()) == "IS"


_LAST_WORD = re.compile(r"[^\W\d_]+$")
_STATEMENT_ENDS = re.compile(r"[ \t]*(?:$|[,;\n\uff0c\uff1b\u3001]|\.(?:\s|$))")


def _labelled_entity(text: str, folded: str, start: int, end: int, table: Vocabulary, value_start: int | None) -> bool:
    """The word at ``start:end`` is an entity noun of the table inside a labelled line's only value (wip/jsonS)."""
    if table.phrases.get(folded[start:end]) != "ENTITY" or value_start is None:
        return False
    line_start = text.rfind("\n", 0, value_start) + 1
    return bool(_LINE_UP_TO_VALUE.fullmatch(text, line_start, value_start) and _REST_OF_LINE_ONE_VALUE.match(text, value_start))


def _table_word(text: str, folded: str, start: int, end: int, table: Vocabulary) -> bool:
    """The word at ``start:end`` is a table phrase as the table spells it: a case-sensitive symbol in
    another case is none ("size=M": "M" is no "m", meters; W20), so it may be a bare value (wip/jsonY)."""
    key = folded[start:end]
    return key in table.phrases and (key not in table.cased or text[start:end] in table.cased[key])


def _not_a_bare_value(text: str, folded: str, start: int, end: int, table: Vocabulary) -> bool:
    """A word that is a sentence's subject or the next statement's label, no bare value."""
    if _TABLES.get(table.language, {}).get("concepts") and _subject_of_clause(folded, start, end, table):
        return True
    # '"betrag": Zähler: 30': a word before a colon is the next statement's label
    return table.language in _SPACED_BARE and text[end:].lstrip(" \t")[:1] in (":", "\uff1a")


def _subject_of_clause(folded: str, start: int, end: int, table: Vocabulary) -> bool:
    """A capitalised word that starts "Меня зовут" or has a verb after it ("Lucía tiene 28 años",
    "Jonas ist 27 Jahre alt") is the subject of a sentence, no bare value."""
    said = table.match(folded, start)
    after = table.match(folded, end + len(folded[end:]) - len(folded[end:].lstrip(" \t")))
    return (said is not None and said[0] == "NAME_SAYS") or (after is not None and after[0] in ("AGE_HAS", "IS"))


def _name_run_end(text: str, folded: str, end: int, table: Vocabulary, start: int | None = None) -> int:
    """The end of a name of several capitalised words ("Ana Souza", "Nueva York") when the run
    ends its clause (a mark or the text's end follows); else the first word's end."""
    run_end = end
    while text[run_end : run_end + 1] == " ":
        word = _BARE.match(text, run_end + 1)
        if word is None or not word.group()[0].isupper() or folded[word.start() : word.end()] in table.phrases \
                and not _labelled_entity(text, folded, word.start(), word.end(), table, start) \
                or word.group().casefold() in _NOT_BARE:
            break
        run_end = word.end()
    after = text[run_end:].lstrip(" \t")[:1]
    return run_end if after in ("", *_MARKS) else end


# Words that name a type or a placeholder, never a value: "name: string", "age: int", "city: tbd".
_TYPE_WORDS = frozenset(
    "string str text int integer number float double decimal bool boolean date datetime time timestamp array list"
    " object dict map null none nil undefined optional required unknown tbd todo na any value empty blank default"
    " texto cadena entero número numero fecha texte chaîne entier nombre zahl ganzzahl zeichenkette inteiro testo"
    " stringa intero строка число".split()
)
_LOWERCASE_VALUE = re.compile(r"[^\W\d_][\w-]{0,60}(?=[ \t]*(?:$|[,;\n\uff0c\uff1b\u3001\u3002]|\.(?:\s|$)))")
# en ("lowercase_values"): also a dotted name ("db.internal") and a word before "and" ("host is
# localhost and port is 8080")
_LOWERCASE_RUN = re.compile(r"[^\W\d_][\w-]{0,60}(?:\.[^\W\d_][\w-]{0,60})*")


def _lowercase_value_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[str, bool, int] | None:
    """One lowercase word ending its statement ("color: teal," / "status=active"): no table word
    but an entity noun ("product: lamp"), no type or placeholder word ("name: string"), no JSON
    literal word."""
    word = _LOWERCASE_VALUE.match(text, pos)
    # after "=" (data in every table) also before the table's "and": es "producto=teclado y precio=24.90" (wip/jsonR5)
    if word is None and (table.language in _LOWERCASE or text[:pos].rstrip(" \t")[-1:] == "="):
        word = _LOWERCASE_RUN.match(text, pos)
        if word is not None and not _ends_lowercase_value(text, folded, word.end(), table) \
                and not (text[:pos].rstrip(" \t")[-1:] == "=" and _NEXT_EQUALS_KEY.match(text, word.end())):
            word = None  # after "=" also before the next "key=" (wip/jsonAD: "product=lamp qty=5")
    if word is None or word.group() != word.group().lower():
        return None
    if table.phrases.get(folded[pos : word.end()], "ENTITY") != "ENTITY":
        return None  # a word of the request's framing ("json", "only"); an entity noun may be a value
    if word.group() in _TYPE_WORDS or _number_word(folded[pos : word.end()], table):
        return None
    if word.group() in _NOT_BARE and word.group() not in _BOOLEAN_WORDS.get(table.language, {}):
        return None  # "yes"/"no" only as the table's boolean words, for a key noted boolean (_parse; wip/jsonR4)
    return word.group(), False, word.end()


def _equals_data_at(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[str, bool, int] | None:
    """A value written as data after "=" in a table without spaces (zh, ja: "host=db7；port=1545",
    "item=りんご、qty=6"): a word no table word starts inside (no particle, copula or framing word:
    "りんごです" is no value), no type, placeholder or JSON literal word; else None."""
    word = _LOWERCASE_VALUE.match(text, pos)  # one word of one script, a letter first, then the statement's end
    if word is None or not _one_script(word.group()) or word.group().casefold() in _NOT_BARE | _TYPE_WORDS:
        return None
    run = word.group()
    if run.isascii():
        if run != run.lower() or folded[pos : word.end()] in table.phrases:
            return None  # "DB7" is a bare name (_bare_at); "json" frames the request
    elif any(c.isdigit() for c in run) or any(table.match(folded, i) is not None for i in range(pos, word.end())):
        return None
    return run, False, word.end()


def _number_word(folded: str, table: Vocabulary) -> bool:
    """A number written in words ("thirty", "forty-two": the table's NUMBER_WORD), no string value."""
    return any(table.phrases.get(part) == "NUMBER_WORD" for part in folded.split("-"))


def _ends_lowercase_value(text: str, folded: str, end: int, table: Vocabulary) -> bool:
    """A lowercase value ends its statement: the text's end, a comma, a line's or sentence's end,
    or the table's "and" after a space."""
    rest = end + len(text[end:]) - len(text[end:].lstrip(" \t"))
    after = text[rest : rest + 2]
    if rest == len(text) or after[:1] in ",;\n\uff0c\u3001" or after == "." or after[:1] == "." and after[1:].isspace():
        return True
    found = table.match(folded, rest) if rest > end else None
    return found is not None and found[0] == "AND"


def _literal_at(text: str, literal: re.Match[str], table: Vocabulary) -> tuple[str | int | float | bool, bool, int] | None:
    """A typed literal's value, unless what stands beside it or how it is written makes it another."""
    value, is_quoted = literal_value(literal)
    if is_quoted and text[literal.end() :].lstrip(" \t")[:1] in (":", "\uff1a"):
        return None  # 'qty: "sku": "A-100"': the quoted word is the next statement's key
    if not is_quoted and render(value) != (literal.group("num") or literal.group("bool")):
        return None  # a number no JSON value writes as stated ("-0")
    if not is_quoted and read_two_ways(literal.group("num") or ""):
        return None  # "age 1.034": 1034 with a point grouping thousands, 1.034 in English: read two ways, in every table
    if not is_quoted and table.language not in _POINT_IS_DECIMAL and _DOT_THOUSANDS.fullmatch(literal.group("num") or ""):
        return None  # "pop 1.234" in German is one thousand two hundred thirty-four: read two ways
    return value, is_quoted, literal.end()


def _arrow_at(text: str, pos: int, i: int) -> int:
    """wip/jsonS: the length of a labelled line's arrow at ``i`` ("name -> Ana", "age → 31") or of a hyphen with a
    space on each side ("name - Ana"), read as ":" is; 0 for none ("temp -12", "temp- 12": a minus sign, or a typo)."""
    arrow = 2 if text.startswith("->", i) else 1 if text.startswith("\u2192", i) else 0
    if not arrow and i > pos and text.startswith("- ", i) or not arrow and i > pos and text.startswith("-\t", i):
        arrow = 1
    return arrow


def _separator(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[int, str]:
    """Where the literal starts after a key, and the separator read ("" for a space alone)."""
    i = pos
    while i < len(text) and text[i] in " \t":
        i += 1
    if i < len(text) and text[i] in ":=\uff1a":
        j = i + 1
        while j < len(text) and text[j] in " \t":
            j += 1
        return j, ":"
    arrow = _arrow_at(text, pos, i)
    if arrow:
        j = i + arrow
        while j < len(text) and text[j] in " \t":
            j += 1
        return j, ":"
    found = _phrase_before_value(text, folded, i, table)
    if found is not None and found[0] == "IS":
        j = found[1]
        while j < len(text) and text[j] in " \t":
            j += 1
        return j, "is"
    return i, ""


def _phrase_before_value(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[str, int] | None:
    """The table's phrase at ``pos`` after a key; its "is" when the longer phrase there ends inside a hyphenated word."""
    found = table.match(folded, pos)
    if found is not None and found[0] != "IS" and text[found[1] : found[1] + 1] == "-":
        return _is_before_hyphenated(folded, pos, table)  # wip/jsonE: "sku is A-100" is no "is a"
    return found


def _is_before_hyphenated(folded: str, pos: int, table: Vocabulary) -> tuple[str, int] | None:
    """wip/jsonE: the table's longest "is" at ``pos`` when the longer phrase matched there ends inside a
    hyphenated word ("is a" of "is A-100"); None when there is none."""
    ends = [pos + len(phrase) for phrase in _is_phrases(table) if folded.startswith(phrase, pos)]
    return ("IS", max(ends)) if ends else None


@lru_cache(maxsize=None)
def _is_phrases(table: Vocabulary) -> tuple[str, ...]:
    """The phrases of the table's "is" class."""
    return tuple(phrase for phrase, kind in table.phrases.items() if kind == "IS")


# Chinese and Japanese keys and bare values: ideographs and katakana (hiragana are particles),
# cut at the first word of the table ("姓名是张伟": "姓名", then "是"). A negation is never part of
# one ("姓名不是张伟" states nothing), nor, in a bare value, a numeral ("年龄是二十八" is no string).
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u30a1-\u30fa\u30fc\uf900-\ufaff]")
_NEGATION = frozenset("不没沒非无無未别別否")
_NUMERALS = frozenset("〇一二三四五六七八九十百千万萬亿億两兩零壹贰貳叁參肆伍陆陸柒捌玖拾佰仟")


# After a first verb, a number and a word ("Convert 2.5 km", "Переведи 2 часа", "Convierte 1,5 kg"): a conversion.
_VERB_THEN_MEASURE = re.compile(r"[ \t]+-?\d+(?:[.,]\d+)?[ \t]*(?:[^\W\d_]|[\u00b0\u2103\u2109])")  # "Convert 25 \u00b0C" (wip/jsonT)
# Unit and conversion words: inside a run of ideographs they are part of a name ("玉米", "米莉").
_UNIT_WORDS = frozenset(UNITS) | frozenset(TARGETS)


def _cjk_run(text: str, folded: str, pos: int, table: Vocabulary, value: bool = False) -> int | None:
    """The end of a run of ideographs or katakana at ``pos`` that no word of the table starts, or None."""
    end = pos
    while end < len(text) and end - pos < 30 and _CJK.match(text, end) and _inside_name(folded, end, table, end > pos, value):
        end += 1
    run = text[pos:end]
    if not run or (end < len(text) and _CJK.match(text, end) and _inside_name(folded, end, table, True, value)):
        return None  # nothing read, or longer than any key
    if _NEGATION.intersection(run) or (value and _NUMERALS.intersection(run)):
        return None
    return end


def _inside_name(folded: str, pos: int, table: Vocabulary, in_run: bool = False, value: bool = False) -> bool:
    """No word of the table starts here but an entity word ("城市" is a key too, "北京人" a value),
    or a unit word inside a name: after ideographs of the run ("玉米", "巧克力") or before more of
    the name ("米莉"); "1.2 米换算成厘米" keeps its units (wip/jsonR2); in a value, a key word with
    more of the word after it ("键盘", "キーボード": no key word there; wip/jsonR6)."""
    found = table.match(folded, pos)
    if found is None or found[0] == "ENTITY":
        return True
    if value and found[0] == "KEYWORD" and _CJK.match(folded, found[1]) is not None:
        return True
    if found[0] not in _UNIT_WORDS:
        return False
    return in_run or (_CJK.match(folded, found[1]) is not None and _inside_name(folded, found[1], table))


def _ends_value(text: str, folded: str, end: int, table: Vocabulary) -> bool:
    """A bare value in ideographs ends the statement: the text's end, a mark or a copula follows
    ("“年龄”：姓名是张伟": "姓名" before "是" is the next statement's key, no value)."""
    if end < len(text) and text[end] in (":", "\uff1a"):
        return False  # '"气温"：城市：杭州': a word before a colon is the next statement's key
    if text[end : end + 1] in (" ", "\t") and text[end:].lstrip(" \t")[:1].isdigit():
        return False  # '"年龄"：李明 50 岁': a word before a number is its subject, no value
    if end >= len(text) or text[end] in _MARKS or text[end] in " \t":
        return True
    found = table.match(folded, end)
    return found is not None and found[0] == "COPULA"


def _quoted_key(match: re.Match[str]) -> str:
    return match.group("key") or match.group("cjk") or match.group("jp")


def _one_script(key: str) -> bool:
    """A key of one script ("name", "edad", "возраст"; not "nаme" with a Cyrillic "а")."""
    scripts = {unicodedata.name(c, "?").split(" ")[0] for c in key if c.isalpha()}
    return len(scripts) <= 1 and unicodedata.normalize("NFKC", key) == key
