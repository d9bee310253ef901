"""The adapters' prompt kind of options (wip/adaptB): the fake endpoint, the requests and the oracle are in
tests/fuzz/options.py (also the ``adapters/options`` campaign of scripts/fuzz_prompts.py). Derandomized: the same
examples every run.
"""

from __future__ import annotations

import pytest

pytest.importorskip("langchain_openai")
pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.fuzz.options import PAIRS, REQUEST, judge_example  # noqa: E402


@settings(derandomize=True, max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["wrapper", "global"]), kind=st.sampled_from(sorted(PAIRS)), changed=st.booleans(),
       first=REQUEST, second=REQUEST)
def test_an_option_served_only_what_the_model_would_return(path: str, kind: str, changed: bool,
                                                          first: tuple[int, str], second: tuple[int, str]) -> None:
    example = judge_example(path, kind, changed, first, second)
    p1 = PAIRS[kind][0]
    p2 = PAIRS[kind][1] if changed else p1
    assert example.ok, example.describe(path, p1, first, p2, second)


@settings(derandomize=True, max_examples=30, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(sorted(PAIRS)), changed=st.booleans(), first=REQUEST, second=REQUEST)
def test_through_llama_index_an_option_served_only_what_the_model_would_return(
        kind: str, changed: bool, first: tuple[int, str], second: tuple[int, str]) -> None:
    # wip/adaptC: StepCacheLLM shares proven answers across sampling options too; the expected answer is the bare
    # model's, asked exactly so
    pytest.importorskip("llama_index.llms.openai")
    example = judge_example("llama", kind, changed, first, second)
    p1 = PAIRS[kind][0]
    assert example.ok, example.describe("llama", p1, first, PAIRS[kind][1] if changed else p1, second)


def test_the_script_runs_it_as_a_campaign() -> None:
    # scripts/fuzz_prompts.py --only adapters/options: one judged request per example, every adapter a target
    from tests.fuzz.judge import OPTIONS, campaigns, run_all

    assert OPTIONS in [c.name for c in campaigns(options=True)] and OPTIONS not in [c.name for c in campaigns()]
    report = run_all(driver="random", scale=9 / 300, seed=3, only=lambda c: c.name == OPTIONS, options=True)
    assert report.judged == 9 and not report.violations, report.summary()
    assert {r.target for r in report.records} <= {"lc_runnable", "lc_cache", "llama_index"}
