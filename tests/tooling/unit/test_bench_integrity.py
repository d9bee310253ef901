"""The benchmark's own integrity checker catches what a stale stitched answer gets wrong."""

from __future__ import annotations

import json

from stepcache_bench.bench.fake_model import FakeModel
from stepcache_bench.bench.integrity import check, extract_json
from stepcache_bench.bench.workload import (
    Request,
    generate_workload,
    math_equation,
)


def _math_request(base: dict, new: dict, kind: str = "constant") -> Request:
    base = dict(base, equation=math_equation(base, "star"))
    new = dict(new, equation=math_equation(new, "star"))
    return Request("r", 42, "math", "b", kind, 0, "new prompt", "old prompt", new, base)


BASE = {"var": "x", "a": 3, "b": 5, "c": 20, "op": "+"}  # x = 5


def test_correct_math_answer_passes() -> None:
    req = _math_request(BASE, {"var": "x", "a": 3, "b": 7, "c": 22, "op": "+"})  # x = 5
    text = "Step 1: 3x + 7 = 22\nStep 2: 3x = 15\nStep 3: x = 5\nAnswer: x = 5"
    result = check(text, req)
    assert result.task_ok and result.integrity_ok, result.problems


def test_wrong_final_answer_fails_both() -> None:
    req = _math_request(BASE, BASE, "paraphrase")
    result = check("Step 1: 3x = 15\nAnswer: x = 6", req)
    assert not result.task_ok and not result.integrity_ok


def test_fraction_and_decimal_answers_are_exact() -> None:
    req = _math_request(
        BASE, {"var": "x", "a": 2, "b": 1, "c": 8, "op": "+"}
    )  # x = 7/2
    assert check("Answer: x = 7/2", req).task_ok
    assert check("Answer: x = 3.5", req).task_ok
    assert not check("Answer: x = 3.4", req).task_ok


def test_stale_constant_is_caught() -> None:
    new = {"var": "x", "a": 3, "b": 8, "c": 26, "op": "+"}  # x = 6
    req = _math_request(BASE, new)
    # right answer, but a step still carries the old right-hand side 20
    text = "Step 1: 3x + 8 = 26\nStep 2: 3x = 20 - 8 = 18\nStep 3: x = 6\nAnswer: x = 6"
    result = check(text, req)
    assert result.task_ok
    assert not result.integrity_ok
    assert any("stale constant" in p for p in result.problems)


def test_stale_old_answer_in_a_step_is_caught() -> None:
    new = {
        "var": "x",
        "a": 3,
        "b": 5,
        "c": 29,
        "op": "+",
    }  # x = 8; old answer 5 is also b
    req = _math_request(BASE, new)
    text = "Step 1: 3x = 15\nStep 2: x = 8\nAnswer: x = 8"  # 15 = old c - b
    result = check(text, req)
    assert result.task_ok and not result.integrity_ok


def test_stale_variable_name_is_caught() -> None:
    new = dict(BASE, var="y")
    req = _math_request(BASE, new, "rename")
    text = "Step 1: 3x + 5 = 20\nStep 2: 3x = 15\nStep 3: y = 5\nAnswer: y = 5"
    result = check(text, req)
    assert result.task_ok and not result.integrity_ok
    assert any("stale variable" in p for p in result.problems)
    clean = "Step 1: 3y + 5 = 20\nStep 2: 3y = 15\nStep 3: y = 5\nAnswer: y = 5"
    assert check(clean, req).integrity_ok


def test_answer_for_the_old_variable_does_not_count() -> None:
    req = _math_request(BASE, dict(BASE, var="y"), "rename")
    result = check("Step 1: 3x = 15\nAnswer: x = 5", req)
    assert not result.task_ok


def test_missing_answer_line_fails_integrity_only() -> None:
    req = _math_request(BASE, BASE, "paraphrase")
    result = check("Step 1: 3x = 15\nStep 2: x = 5", req)
    assert result.task_ok and not result.integrity_ok


def test_old_equation_left_in_answer_is_caught() -> None:
    new = {"var": "x", "a": 3, "b": 5, "c": 23, "op": "+"}  # x = 6
    req = _math_request(BASE, new)
    result = check("Step 1: 3x + 5 = 20\nStep 2: 3x = 18\nAnswer: x = 6", req)
    assert not result.integrity_ok


def _json_request(
    base_values: dict, keys: list[str], values: dict, kind: str
) -> Request:
    base = {"entity": "person", "keys": list(base_values), "values": base_values}
    spec = {"entity": "person", "keys": keys, "values": values}
    return Request("j", 42, "json", "b", kind, 0, "new", "old", spec, base)


PERSON = {"name": "Alice Smith", "age": 34, "city": "Lyon"}


def test_json_ok_with_fences_and_numbers_as_strings() -> None:
    req = _json_request(PERSON, ["name", "age", "city"], PERSON, "paraphrase")
    text = '```json\n{"name": "Alice Smith", "age": "34", "city": "lyon"}\n```'
    result = check(text, req)
    assert result.task_ok and result.integrity_ok, result.problems


def test_json_missing_key_fails_both() -> None:
    values = dict(PERSON, email="a@example.com")
    req = _json_request(PERSON, ["name", "age", "city", "email"], values, "add_key")
    result = check(json.dumps(PERSON), req)
    assert not result.task_ok and not result.integrity_ok
    assert "email" in result.problems[0]


def test_json_stale_entity_value_fails_integrity() -> None:
    values = dict(PERSON, city="Porto")
    req = _json_request(PERSON, ["name", "age", "city"], values, "change_value")
    result = check(json.dumps(PERSON), req)
    assert result.task_ok and not result.integrity_ok
    assert any("Lyon" in p for p in result.problems)
    assert check(json.dumps(values), req).integrity_ok


def test_json_that_does_not_parse_fails() -> None:
    req = _json_request(PERSON, ["name", "age", "city"], PERSON, "paraphrase")
    assert not check('{"name": "Alice Smith", "age": 34,', req).task_ok
    assert not check("[1, 2]", req).task_ok


def test_extract_json_from_prose() -> None:
    assert extract_json('Here it is: {"a": 1} hope it helps') == {"a": 1}


def test_base_answers_are_stale_for_half_the_kinds() -> None:
    """A whole-response cache returning the (correct) base answer fails exactly the changing kinds."""
    model = FakeModel()
    w = generate_workload(42)
    failing = {
        (r.task, r.kind)
        for r in w.requests
        if not check(model.answer(r.base_prompt), r).integrity_ok
    }
    assert failing == {
        ("math", "rename"),
        ("math", "constant"),
        ("json", "add_key"),
        ("json", "change_value"),
    }
    assert all(check(model.answer(r.prompt), r).integrity_ok for r in w.requests)


def test_value_under_an_unrequested_key_fails_integrity() -> None:
    movie = {"title": "Paper Moons", "director": "Ines Laurent", "year": 2004}
    req = _json_request(movie, ["title", "director", "year"], movie, "paraphrase")
    stitched = {
        "title": "Paper Moons",
        "year": 2004,
        "author": "Ines Laurent",
        "director": "Ines Laurent",
    }
    result = check(json.dumps(stitched), req)
    assert result.task_ok and not result.integrity_ok
    assert any("unrequested key 'author'" in p for p in result.problems)
    extra_but_harmless = dict(movie, genre="drama")
    assert check(json.dumps(extra_but_harmless), req).integrity_ok


# -- every equation line and every prose operation against the NEW problem ------------------------

OLD = {"var": "x", "a": 2, "b": 6, "c": 16, "op": "+"}  # x = 5; 2x = 10
NEW = {"var": "x", "a": 2, "b": 4, "c": 16, "op": "+"}  # x = 6; 2x = 12


def test_stale_constant_equal_to_the_new_answer_is_caught() -> None:
    """The old b = 6 equals the new answer 6: every number below is one the new problem uses."""
    req = _math_request(OLD, NEW)
    text = "Step 1: 2x + 4 = 16\nStep 2: 2x = 16 - 6\nStep 3: x = 6\nAnswer: x = 6"
    result = check(text, req)
    assert result.task_ok
    assert not result.integrity_ok
    assert any("equation line" in p and "does not hold for x = 6" in p for p in result.problems), result.problems


def test_wrong_prose_operation_is_caught() -> None:
    req = _math_request(OLD, NEW)
    stale = "Step 1: 2x + 4 = 16\nStep 2: Subtract 6 from both sides: 2x = 12\nStep 3: x = 6\nAnswer: x = 6"
    result = check(stale, req)
    assert result.task_ok and not result.integrity_ok
    assert any("prose operation" in p and "Subtract 6" in p for p in result.problems), result.problems
    right = (
        "Step 1: 2x + 4 = 16\nStep 2: Subtract 4 from both sides: 2x = 12\n"
        "Step 3: Divide both sides by 2: x = 6\nAnswer: x = 6"
    )
    assert check(right, req).integrity_ok, check(right, req).problems


def test_prose_operation_without_equations_around_it_must_fit_the_new_problem() -> None:
    req = _math_request(OLD, NEW)
    assert check("Subtract 4 from both sides, then divide both sides by 2.\nAnswer: x = 6", req).integrity_ok
    result = check("Subtract 6 from both sides, then divide both sides by 2.\nAnswer: x = 6", req)
    assert not result.integrity_ok
    assert any("does not fit the new problem" in p for p in result.problems)


def test_every_equation_line_is_checked_including_chains() -> None:
    req = _math_request(OLD, NEW)
    good = "Step 1: 2x + 4 = 16\nStep 2: 2x = 16 - 4 = 12\nStep 3: x = 12/2 = 6\nAnswer: x = 6"
    assert check(good, req).integrity_ok, check(good, req).problems
    false_arithmetic = "Step 1: 2x + 4 = 16\nStep 2: 2x = 16 - 4 = 10\nStep 3: x = 6\nAnswer: x = 6"
    result = check(false_arithmetic, req)
    assert not result.integrity_ok and any("is false" in p for p in result.problems), result.problems
    stale_intermediate = "Step 1: 2x + 4 = 16\nStep 2: x = 5\nStep 3: x = 6\nAnswer: x = 6"
    assert not check(stale_intermediate, req).integrity_ok


def test_the_engines_fallback_wording_passes() -> None:
    """The checker reads the deterministic fallback's template (written here, not imported)."""
    req = _math_request(OLD, NEW)
    text = (
        "Step 1: Start from the equation 2x + 4 = 16.\n"
        "Step 2: Collect the x terms on the left and the constants on the right: 2x = 12.\n"
        "Step 3: Divide both sides by 2: x = 6.\nAnswer: x = 6"
    )
    assert check(text, req).integrity_ok, check(text, req).problems


def test_integrity_checker_does_not_import_the_engines_verification() -> None:
    import ast
    from pathlib import Path

    import stepcache_bench.bench.integrity as integrity
    import stepcache_bench.bench.oracle as oracle

    for module in (integrity, oracle):
        tree = ast.parse(Path(module.__file__).read_text())
        imported = [
            (node.module or "") for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        assert not any("core" in name or "tasks" in name for name in imported), imported


# -- the hard workload's oracle ----------------------------------------------------------------------


def test_hard_reference_answers_pass_and_wrong_model_answers_fail() -> None:
    from stepcache_bench.bench.fake_model import WrongModel
    from stepcache_bench.bench.hard import generate_hard_workload

    wrong = WrongModel()
    for seed in (45, 46, 47):
        workload = generate_hard_workload(seed)
        for request in workload.bases + workload.requests:
            verdict = check(request.spec["reference"], request)
            assert verdict.task_ok and verdict.integrity_ok, (request.id, verdict.problems)
            assert not check(wrong.answer(request.prompt), request).integrity_ok, request.id


def test_hard_oracle_rejects_the_cached_answer_of_a_changed_request() -> None:
    from stepcache_bench.bench.hard import generate_hard_workload

    workload = generate_hard_workload(45)
    bases = {b.id: b for b in workload.bases}
    stale_ok = []
    for request in workload.requests:
        if request.kind == "benign":
            assert check(bases[request.base_id].spec["reference"], request).integrity_ok, request.id
        elif check(bases[request.base_id].spec["reference"], request).integrity_ok:
            stale_ok.append(request.id)
    # a whole-response reuse of the base answer is wrong for (almost) every non-benign change
    assert len(stale_ok) <= len(workload.requests) // 20, stale_ok


def test_oracle_reads_answer_formats_and_types() -> None:
    from stepcache_bench.bench.oracle import check_oracle

    bold = {"type": "number", "value": "4", "format": r"\*\*Answer:\*\*\s*x\s*=\s*{num}"}
    assert check_oracle("2x = 8\n**Answer:** x = 4", bold) == []
    assert check_oracle("Answer: x = 4", bold)  # not the form the prompt asked for
    assert check_oracle("So x equals 6.", {"type": "number", "value": "6"}) == []
    assert check_oracle("x > 5", {"type": "inequality", "var": "x", "op": ">", "value": "5"}) == []
    assert check_oracle("Answer: x = 5", {"type": "inequality", "var": "x", "op": ">", "value": "5"})
    typed = {"type": "json", "expect": {"quantity": ["12"]}, "types": {"quantity": "str"}}
    assert check_oracle('{"quantity": "12"}', typed) == []
    assert check_oracle('{"quantity": 12}', typed)
    boolean = {"type": "json", "expect": {"is_admin": [False]}, "types": {"is_admin": "bool"}}
    assert check_oracle('{"is_admin": false}', boolean) == []
    assert check_oracle('{"is_admin": "false"}', boolean)
    assert check_oracle("No.", {"type": "yesno", "value": "no"}) == []
    assert check_oracle("I do not know.", {"type": "yesno", "value": "no"})
    assert check_oracle("red\nblue\ngreen", {"type": "lines", "count": 3}) == []


def test_task_check_reads_common_answer_forms() -> None:
    req = _math_request(BASE, BASE, "paraphrase")  # 3x + 5 = 20, x = 5
    for text in ("**Answer:** x = 5", "So x equals 5.", "The solution is 5.", "Answer: 5", "3x = 15, so x = 5"):
        assert check(text, req).task_ok, text
    assert check("**Answer:** x = 5", req).integrity_ok
    assert not check("So x equals 5.", req).integrity_ok  # the prompt asks for "Answer: x = <value>"
    assert not check("So x equals 6.", req).task_ok
    assert not check("The solution is 4.", req).task_ok


# -- prose operations written in words (issue 20: the checker and the engine shared this blind spot)

W_BASE = {"var": "w", "a": 7, "b": 3, "c": 31, "op": "+"}  # w = 4


def test_a_wrong_operation_written_in_words_fails() -> None:
    req = _math_request(W_BASE, W_BASE, "paraphrase")
    text = "Step 1: Add three to both sides: 7w = 28\nStep 2: w = 4\nAnswer: w = 4"
    result = check(text, req)
    assert result.task_ok and not result.integrity_ok
    assert any("add 3" in p.lower() for p in result.problems), result.problems


def test_the_right_operation_written_in_words_passes() -> None:
    req = _math_request(W_BASE, W_BASE, "paraphrase")
    text = ("Step 1: Subtract three from both sides: 7w = 28\nStep 2: Divide both sides by seven: w = 4\n"
            "Answer: w = 4")
    result = check(text, req)
    assert result.task_ok and result.integrity_ok, result.problems


def test_operations_in_words_between_equations_are_applied() -> None:
    req = _math_request(W_BASE, W_BASE, "paraphrase")
    good = "Step 1: 7w + 3 = 31\nStep 2: Subtract three from each side.\nStep 3: 7w = 28\nAnswer: w = 4"
    wrong = "Step 1: 7w + 3 = 31\nStep 2: Take away four from both sides.\nStep 3: 7w = 28\nAnswer: w = 4"
    halve = "Step 1: 7w + 3 = 31\nStep 2: Halve both sides.\nStep 3: 7w = 28\nAnswer: w = 4"
    assert check(good, req).integrity_ok, check(good, req).problems
    assert not check(wrong, req).integrity_ok
    assert not check(halve, req).integrity_ok


def test_larger_number_words_and_unreadable_operands() -> None:
    base = {"var": "x", "a": 2, "b": 21, "c": 41, "op": "+"}  # x = 10
    req = _math_request(base, base, "paraphrase")
    right = "Step 1: Subtract twenty-one from both sides: 2x = 20\nStep 2: Divide both sides by two: x = 10\nAnswer: x = 10"
    wrong = "Step 1: Subtract twenty-two from both sides: 2x = 20\nAnswer: x = 10"
    several = "Step 1: Subtract 21 or 22 from both sides: 2x = 20\nAnswer: x = 10"
    assert check(right, req).integrity_ok, check(right, req).problems
    assert not check(wrong, req).integrity_ok
    assert not check(several, req).integrity_ok


def test_the_word_checker_shares_no_code_with_the_engine() -> None:
    import ast
    from pathlib import Path

    import stepcache_bench.bench.integrity as integrity
    import stepcache_bench.bench.prose_operations as prose_operations

    for module in (integrity, prose_operations):
        tree = ast.parse(Path(module.__file__).read_text())
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not any(name.startswith("stepcache_integrations") for name in imported), imported
