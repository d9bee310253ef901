"""Mutation-check rows for wip/hitG (issue 33, hit path): the linear request reading kept per prompt
template (``linear.reader.read_request``: the prompt with the numbers standing in its equations
masked). Each row breaks one guard that keeps a number-reading reader out of the memo (a yes/no
candidate masked, a label's or exercise's number where an equation starts, a quoted span over an
equation, a reading carrying a number kept, a reading whose equations were not read whole kept, a
name's digits masked); tests/unit/test_hit_path_hitG.py must catch each.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/linear/reader.py"
_T = "tests/unit/test_hit_path_hitG.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("hitG-candidate-masked", "an equation that could be a yes/no candidate ('x = 5') masked in the key",
     _READER, 'pieces.append(run if _CANDIDATE.fullmatch(ones) else _RUN_NUMBER.sub("#", run))',
     'pieces.append(_RUN_NUMBER.sub("#", run))', (f"{_T}::test_a_candidate_keeps_its_numbers_in_the_key",)),
    ("hitG-label-number-unguarded", "a label's number where an equation starts ('Problem 12 - x = 5') given a key",
     _READER, "return _LABEL_NUMBER.match(text) is not None or _EXERCISE_NUMBER.match(text) is not None",
     "return _EXERCISE_NUMBER.match(text) is not None", (f"{_T}::test_a_label_number_where_an_equation_starts_gives_no_key",)),
    ("hitG-exercise-number-unguarded", "an exercise's number where an equation starts ('Exercise 12, x = 5') given a key",
     _READER, "return _LABEL_NUMBER.match(text) is not None or _EXERCISE_NUMBER.match(text) is not None",
     "return _LABEL_NUMBER.match(text) is not None", (f"{_T}::test_a_label_number_where_an_equation_starts_gives_no_key",)),
    ("hitG-quoted-span-unguarded", "a quoted span holding an equation given a key",
     _READER, "    if _span_over_run(text, runs):\n        return None\n", "", (f"{_T}::test_a_quoted_span_over_an_equation_gives_no_key",)),
    ("hitG-candidate-reading-kept", "a reading holding a yes/no candidate kept for the template",
     _READER, "return read.candidate is None and not any(ch.isdigit() for item in texts for ch in item)",
     "return not any(ch.isdigit() for item in texts for ch in item)",
     (f"{_T}::test_a_reading_that_carries_a_number_is_not_kept", f"{_T}::test_readings_with_a_number_are_not_kept")),
    ("hitG-format-number-kept", "a reading with a digit in a format item ('check x = 5') kept",
     _READER, "texts = (read.target, read.answer_form, read.answer_label, *read.format)",
     "texts = (read.target, read.answer_form, read.answer_label)", (f"{_T}::test_a_reading_that_carries_a_number_is_not_kept",)),
    ("hitG-number-reading-kept", "a reading carrying a number kept (the check at the memo's door dropped)",
     _READER, "if key is not None and read is not None and _number_free(read) and _runs_read_whole(words, runs):",
     "if key is not None and read is not None and _runs_read_whole(words, runs):",
     (f"{_T}::test_readings_with_a_number_are_not_kept",)),
    ("hitG-runs-read-in-part", "a reading whose words hold part of an equation, or one more, counted as whole",
     _READER, "    return read == sorted(runs)\n", "    return set(read) >= set(runs)\n",
     (f"{_T}::test_a_reading_whose_equations_were_not_read_whole_is_not_kept",)),
    ("hitG-name-digits-masked", "a name's digits masked ('x1', 'x2' one template)",
     _READER, '_RUN_NUMBER = re.compile(r"(?<!\\w)[0-9]+")', '_RUN_NUMBER = re.compile(r"[0-9]+")',
     (f"{_T}::test_template_key_masks_only_the_equations_numbers",)),
]
# fmt: on
