"""W27 (red team 21: N2, N2b, N3, K1, N9; N8 and N7 in colon blocks): 'label: value' lines are YAML to most
users and tools, so a block the JSON reader reads from colon-labelled lines must read the SAME under YAML
(PyYAML's ``safe_load``, YAML 1.1: "on" is true, "12:30" is 750, "2024-05-01" a date, a tab or a stray
indentation an error). Anything else is no claim.

The block is found from the statements themselves (their spans start at their labels, reader.py): a
labelled statement whose label opens its line is a block line; the block runs from the first such line
(with the label lines its indented lines hang under) to the last (with the label lines and indented lines
right after it), the request sentence cut off. A labelled statement in the middle of a line ('Make this a
JSON object: name: Ana, age: 30') starts an inline block, read as a flow mapping ('{' + text + '}').

Then, for every statement inside a block: its label must be a key YAML reads at that very place (a word
after a comma, 'age: 30, not 31', is inside YAML's value "30, not 31": no key there), and its value must
equal YAML's value of that key, types too (True for "on", "Dr." with its period, "30 (months)" a string;
a date YAML makes equals no JSON value). With no key list the key must be the label as YAML reads it
("first name", not first_name), and the object read must be the block's whole mapping (its nesting too).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import yaml

__all__ = ["DECLARED_LIST", "block_disagrees", "flow_mapping", "same_as_yaml"]

#: ``declared``'s mark of a key the request declares a list: its value is not compared, its label still must be YAML's key
DECLARED_LIST: Any = object()

# A statement's text that starts with its label and a colon ("age: 30", "first name: Ana", "имя: Ана"); YAML's
# colon is the ASCII one (zh/ja "商品：键盘" is no YAML line)
_LABELLED = re.compile(r"(?P<label>[^\s:][^:\n]*?)[ \t]*:")
# Punctuation of scripts written without spaces: an inline text holding it is a sentence, no flow mapping
_UNSPACED_MARKS = re.compile("[\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f]")
# A sentence's end inside an inline text ("Title: Emma. Year: 1815", "city: Porto; population: 231800"): each
# sentence is one flow mapping
# wip/jsonG: a bar or a middle dot between spaces ("Name: Ana | Age: 30") separates two statements as a sentence's end
_SENTENCE_END = re.compile(r"(?:[.;?!]|(?<=[ \t])[|\u00b7])(?=[ \t]+\S)")
# A line that goes on a block: an indented line, or a label line ("tags: red", "server:")
_LABEL_LINE = re.compile(r"[^\s:#][^:\n]*:(?:[ \t]|$)")


_DECIMAL_COMMA = re.compile(r"-?[0-9]+,[0-9]+")


def _same_or_decimal_comma(read: Any, yaml_value: Any) -> bool:
    """Equal, or a number a table's decimal comma wrote ("lat: 48,85": YAML's string, the table's 48.85)."""
    if _same(read, yaml_value):
        return True
    return (isinstance(read, float) and isinstance(yaml_value, str) and _DECIMAL_COMMA.fullmatch(yaml_value) is not None
            and float(yaml_value.replace(",", ".")) == read)


_SCALAR_KINDS: tuple[type | tuple[type, ...], ...] = (bool, (int, float), str)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values, types too (True is no 1, a date no string); an integer equals a decimal of its value.
    (wip/jsonAB's reading of YAML's date as its ISO string was withdrawn: tests/adversarial/test_red_team_21_w27_y.py
    pins "born: 2024-05-01" in a colon-labelled block as no claim, W27.)"""
    for kinds in _SCALAR_KINDS:  # a bool first: True is an int to isinstance
        if isinstance(a, kinds) or isinstance(b, kinds):
            return isinstance(a, kinds) and isinstance(b, kinds) and a == b
    if a is None or b is None:
        return a is None and b is None
    return _same_container(a, b)


def _same_container(a: Any, b: Any) -> bool:
    """Two objects with the same keys in the same order, or two lists, of equal members (``_same``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return False


def _pairs(text: str, offset: int) -> tuple[dict[int, tuple[Any, Any, int, int]], Any] | None:
    """YAML's reading of ``text`` (at ``offset`` in the prompt): each key's start -> (key, value, value start,
    value end), at every depth, and the whole document; None when YAML reads no mapping (an error, a tab, a
    stray indentation, a repeated key)."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if not isinstance(node, yaml.MappingNode):
            return None
        pairs: dict[int, tuple[Any, Any, int, int]] = {}
        stack = [node]
        while stack:
            mapping = stack.pop()
            keys = []
            for key_node, value_node in mapping.value:
                key = loader.construct_object(key_node, deep=True)
                value = loader.construct_object(value_node, deep=True)
                keys.append(key)
                pairs[key_node.start_mark.index + offset] = (key, value, value_node.start_mark.index + offset,
                                                             value_node.end_mark.index + offset)
                if isinstance(value_node, yaml.MappingNode):
                    stack.append(value_node)
            if len(set(map(repr, keys))) != len(keys):
                return None  # a key said twice: which value is meant is not stated
        document = loader.construct_document(node)
    except (yaml.YAMLError, TypeError, ValueError, RecursionError):
        return None
    finally:
        loader.dispose()
    return pairs, document


def _line_start(prompt: str, pos: int) -> int:
    return prompt.rfind("\n", 0, pos) + 1


def _label_form(label: str) -> str:
    """A label as the lexer may write it as a key ("first name" read first_name): case, spaces, hyphens and underscores aside."""
    return re.sub(r"[\s_-]+", "_", label.strip(" \t\"'`")).casefold()


def _line_kinds(prompt: str, labelled: list[tuple[int, int]], starts: list[int]) -> tuple[list[int], dict[int, int]]:
    """The lines that are block lines, and each inline line's first labelled statement's start."""
    block_lines: list[int] = []
    inline: dict[int, int] = {}
    per_line: dict[int, int] = {}
    for start, _end in set(labelled):
        per_line[prompt.count("\n", 0, start)] = per_line.get(prompt.count("\n", 0, start), 0) + 1
    for start, _end in labelled:
        index = prompt.count("\n", 0, start)
        # a block line holds one label ("lat: 48.85, lon: 2.35 as JSON ..." is a sentence: inline, after a colon only)
        if prompt[starts[index] : start].strip(" \t") == "" and per_line[index] == 1:
            block_lines.append(index)
        else:
            inline[index] = min(start, inline.get(index, start))
    return block_lines, inline


def _regions(prompt: str, labelled: list[tuple[int, int]]) -> list[tuple[int, int, bool]] | None:
    """The blocks (start, end, inline) the labelled statements (spans) are in."""
    lines = prompt.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    block_lines, inline = _line_kinds(prompt, labelled, starts)
    regions: list[tuple[int, int, bool]] = []
    if block_lines:
        first, last = min(block_lines), max(block_lines)
        while first > 0 and lines[first][:1] in (" ", "\t"):
            first -= 1  # the label lines an indented line hangs under
        while last + 1 < len(lines) and (lines[last + 1][:1] in (" ", "\t") or _LABEL_LINE.match(lines[last + 1])):
            last += 1
        if any(first <= index <= last for index in inline):
            return None  # a line of the block read as inline statements: no one reading of it
        regions.append((starts[first], starts[last] + len(lines[last]), False))
    for index, start in inline.items():
        regions += _inline_regions(prompt, start, starts[index] + len(lines[index].rstrip(" \t")))
    return regions


def _inline_regions(prompt: str, start: int, end: int) -> list[tuple[int, int, bool]]:
    """An inline line's flow mappings, one per sentence, from its first labelled statement to its end."""
    if not prompt[:start].rstrip(" \t").endswith(":"):
        return []  # a label in a sentence ("with age: 0, note "n1""): only data after the request's colon is a block
    if _UNSPACED_MARKS.search(prompt, start, end):
        return []  # a zh/ja sentence ("商品: "お茶"、価格: 150"): no YAML flow (left as before)
    regions: list[tuple[int, int, bool]] = []
    for mark in _SENTENCE_END.finditer(prompt, start, end):
        regions.append((start, mark.start(), True))
        start = mark.end()
        while prompt[start] in " \t":
            start += 1
    regions.append((start, end, True))
    return regions


def block_disagrees(prompt: str, statements: list[tuple[str, Any, bool]], final: dict[str, Any] | None,
                    declared: dict[tuple[int, int], Any] | None = None) -> bool:
    """Whether a colon block the statements were read from reads otherwise under YAML (module doc).
    ``statements``: (label as read, Statement, the label must be the key: no key list); ``final``: the object
    read when no key list is given (its keys the labels), else None; ``declared``: by span, the value as written of a
    key whose type the request declares ("ativo (booleano): não" served false): YAML's value may equal either."""
    labelled = []
    for label, st, _must in statements:
        match = _LABELLED.match(prompt, st.span[0], st.span[1]) if st.span[0] >= 0 else None
        if match is not None and _label_form(match["label"]) == _label_form(label):
            labelled.append(st.span)  # a value its own label and a colon introduce
    if not labelled:
        return False  # no colon-labelled statement: no block
    regions = _regions(prompt, labelled)
    if regions is None:
        return True
    return any(_region_disagrees(prompt, region, statements, final, declared or {}) for region in regions)


def _region_disagrees(prompt: str, region: tuple[int, int, bool], statements: list[tuple[str, Any, bool]],
                      final: dict[str, Any] | None, declared: dict[tuple[int, int], Any]) -> bool:
    """Whether one block (start, end, inline) reads otherwise under YAML than its statements were read."""
    start, end, inline = region
    if inline and not any(start <= st.span[0] < end and must for _label, st, must in statements):
        return False  # a sentence beside the inline block ("Thank you!"); with a key list the listed keys frame the data
        # ('"articulo" y "precio": articulo: "mesa", precio: 12,70': a decimal comma, no flow separator)
    text = "{" + prompt[start:end] + "}" if inline else prompt[start:end]
    read = _pairs(text, start - 1 if inline else start)
    if read is None:
        return True
    pairs, document = read
    for label, st, must_be_key in statements:
        if start <= st.span[0] < end and _statement_disagrees(pairs.get(st.span[0]), label, st, must_be_key, declared):
            return True
    # no key list: the object is the block's mapping, a declared statement's value as the request serves it (wip/jsonAC)
    return not inline and final is not None and not _same(final, _as_declared(document, pairs, statements, declared))


def _as_declared(document: Any, pairs: dict[int, tuple[Any, Any, int, int]], statements: list[tuple[str, Any, bool]],
                 declared: dict[tuple[int, int], Any]) -> Any:
    """The block's mapping, each top-level member whose key's type the request declares and which YAML reads as the word
    was written ("(aktiv als boolean)" then "aktiv: nein": YAML's "nein") holding the value the request serves (false),
    as :func:`_statement_disagrees` admits it per statement (wip/jsonAC)."""
    if not isinstance(document, dict):
        return document
    mapping = dict(document)
    for _label, st, _must in statements:
        pair = pairs.get(st.span[0])
        if pair is not None and st.span in declared and pair[0] in mapping \
                and (declared[st.span] is DECLARED_LIST or _same(declared[st.span], pair[1])):  # a note read into YAML's string (wip/jsonAF)
            mapping[pair[0]] = st.value
    return mapping


def _statement_disagrees(pair: tuple[Any, Any, int, int] | None, label: str, st: Any, must_be_key: bool,
                         declared: dict[tuple[int, int], Any]) -> bool:
    """Whether YAML reads no key where the statement's label stands, another value, or (no key list) another key."""
    if pair is None:
        return True  # a statement where YAML reads no key ("age: 30, not 31": "not" is inside a value)
    key, value, _value_start, _value_end = pair
    written = declared.get(st.span, st.value)
    if written is DECLARED_LIST:
        written = value
    return not (_same_or_decimal_comma(st.value, value) or _same(written, value)) or must_be_key and key != label


# wip/jsonAE: a flow mapping of plain words ('{title: Neuromancer, year: 1984}'). YAML's indicators that make a node
# other than plain data (a tag, an anchor or alias, a comment, a block scalar, a directive, a complex key, an escape) and
# a line break (where folding joins lines): no claim.
_FLOW_REFUSED = re.compile(r"[!&*#|>%@`?\\\n]")
_FLOW_DEPTH = 4


def same_as_yaml(read: Any, yaml_value: Any) -> bool:
    """A value read as YAML reads it, types too (:func:`_same`)."""
    return _same(read, yaml_value)


def flow_mapping(source: str, plain: Callable[[str, Any], Any], refused: Any, mapping: Callable[[list[Any]], Any]) -> Any:
    """wip/jsonAE: YAML's flow mapping ``source`` ('{title: Neuromancer, year: 1984}', the whole text), read as data:
    each plain scalar by ``plain(its text, YAML's value)`` (which returns ``refused`` for what it does not read), each
    quoted scalar as written when it has no escape and no doubled quote, each key a string YAML reads as one, each
    mapping as ``mapping(its (key, value) pairs)``, nested at most four deep. None when YAML reads no flow mapping here
    (the caller may try a longer text); ``refused`` when it does, but not as data."""
    if _FLOW_REFUSED.search(source):
        return refused
    loader = yaml.SafeLoader(source)
    try:
        node = loader.get_single_node()
        if not isinstance(node, yaml.MappingNode) or not node.flow_style or node.end_mark.index != len(source):
            return None
        return _flow_node(loader, node, source, (plain, refused, mapping), 0)
    except (yaml.YAMLError, TypeError, ValueError, RecursionError):
        return None
    finally:
        loader.dispose()


def _flow_node(loader: Any, node: Any, source: str, how: tuple[Callable[[str, Any], Any], Any, Callable[[list[Any]], Any]],
               depth: int) -> Any:
    """One node of :func:`flow_mapping` (``how``: plain, refused, mapping)."""
    plain, refused, mapping = how
    if depth > _FLOW_DEPTH:
        return refused
    if isinstance(node, yaml.ScalarNode):
        return _flow_scalar(loader, node, source, plain, refused)
    if isinstance(node, yaml.SequenceNode):
        return [_flow_node(loader, item, source, how, depth + 1) for item in node.value]
    pairs = []
    for key_node, value_node in node.value:
        key = _flow_scalar(loader, key_node, source, lambda text, value: text if value == text else refused, refused) \
            if isinstance(key_node, yaml.ScalarNode) else refused
        pairs.append((key, _flow_node(loader, value_node, source, how, depth + 1)))
    return mapping(pairs)


def _flow_scalar(loader: Any, node: Any, source: str, plain: Callable[[str, Any], Any], refused: Any) -> Any:
    """A scalar: quoted as written (no escape, no doubled quote), plain by ``plain``; any other style ``refused``."""
    raw = source[node.start_mark.index : node.end_mark.index]
    if node.style in ("'", '"'):
        return node.value if raw == node.style + node.value + node.style else refused
    if node.style is not None or raw != node.value:
        return refused
    return plain(node.value, loader.construct_object(node))
