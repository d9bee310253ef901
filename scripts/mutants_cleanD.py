"""Mutation-check rows for wip/cleanD (2026-12-05): the shared atomic write of saved tables and digests,
and the one predicate "a number read two ways" every reader declines.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_TABLES = ("tests/unit/test_parser_tables.py", "-k", "write_atomically")
_GROUPS = f"{_TASKS}/digit_groups.py"
_TWO = "tests/adversarial/test_numbers_read_two_ways_cleanD.py"
_TWO_JSON = (_TWO, "-k", "json_prose or predicate")

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("cleanD-atomic-unsynced", "a saved table or digest file is renamed into place before its bytes are synced",
     f"{_TASKS}/parser_tables.py", "            os.fsync(out.fileno())\n", "", _TABLES),
    ("cleanD-atomic-partial-kept", "a failed write leaves its temporary '.partial' file in the cache folder",
     f"{_TASKS}/parser_tables.py", "            os.unlink(temporary)\n", "            pass\n", _TABLES),
    ("cleanD-two-ways-read", "the shared predicate names no number: de '17.500 + 38' fills a slot with 55.5, 'age 1.034' is 1.034",
     _GROUPS, "    return _READ_TWO_WAYS.match(text, pos) is not None", "    return False",
     (_TWO, "tests/adversarial/test_red_team_18_w23.py", "-k", "json_prose or two_ways_fills")),
    ("cleanD-two-ways-comma", "a comma group ('1,004', '1,500 pesos') is read as a number in passages and word problems",
     _GROUPS, r'"-?[1-9][0-9]{0,2}[.,][0-9]{3}(?![0-9])"', r'"-?[1-9][0-9]{0,2}[.][0-9]{3}(?![0-9])"',
     ("tests/adversarial/test_digit_groups_fuzzC.py", _TWO, "-k", "no_claim")),
    ("cleanD-two-ways-signed", "a signed group ('-1.034') is read: en 'age is -1.034' served -1.034",
     _GROUPS, r'"-?[1-9][0-9]{0,2}[.,]', r'"[1-9][0-9]{0,2}[.,]', _TWO_JSON),
    ("cleanD-two-ways-zero-led", "'0.125' (no group starts with 0) is called read two ways: en 'weight: 0.125' no longer served",
     _GROUPS, r'"-?[1-9][0-9]{0,2}[.,]', r'"-?[0-9][0-9]{0,2}[.,]', (_TWO, "-k", "one_way")),
    ("cleanD-two-ways-long-lead", "'1234.567' (four digits before the point: no group) is called read two ways",
     _GROUPS, r'"-?[1-9][0-9]{0,2}[.,]', r'"-?[1-9][0-9]*[.,]', (_TWO, "-k", "predicate")),
    ("cleanD-json-statement-unchecked", "an English JSON statement reads 'age 1.034' as the decimal 1.034 again",
     f"{_TASKS}/json/reader.py", '    if not is_quoted and read_two_ways(literal.group("num") or ""):\n        return None',
     "    if False:\n        return None", _TWO_JSON),
    ("cleanD-json-percent-unchecked", "'Express 1.034% as a decimal' is read as 1.034 percent",
     f"{_TASKS}/json/reader.py", ' and not read_two_ways(percent.group("num")):', ":", (_TWO, "-k", "beside_a_unit")),
]
# fmt: on
