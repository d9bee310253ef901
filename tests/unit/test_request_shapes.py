"""The request grammar keeps the tree of each sequence of word classes it parsed (an LALR parse reads
only the classes): a prompt read with the kept tree is read exactly as a fresh parse reads it,
checked on every prompt of the corpora, read twice so the second reading comes from the kept trees."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from lark import Token

from stepcache_integrations.core.tasks import request_language
from stepcache_integrations.core.tasks.json.constraints import JsonConstraints
from stepcache_integrations.core.tasks.linear import reader as linear_reader
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.tasks.request_language import RequestLanguage, Word

ROOT = Path(__file__).resolve().parents[2]
_LINEAR = [json.loads(line)["prompt"] for line in (ROOT / "tests/fixtures/linear_reader_corpus.jsonl").read_text(encoding="utf-8").splitlines()]


def _json_prompts() -> list[str]:
    spec = importlib.util.spec_from_file_location("reader_corpus", ROOT / "scripts" / "reader_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [prompt for prompt in module.prompts() if "json" in prompt.lower()]


def _fresh(language: RequestLanguage, words: list[Word]) -> Any | None:
    """The reading without kept trees: the parser, then the transformer (as before the cache)."""
    transformer = language.transformer()
    try:
        transformer.transform(language.parser.parse([Token(w.kind, w.text, start_pos=w.start) for w in words]))
    except Exception:  # noqa: BLE001 - as RequestLanguage.parse: any error is no claim
        return None
    return transformer


def _raising(exc: Exception) -> Any:
    yield Word("STOP", ".", 0)
    raise exc


def _state(transformer: Any | None) -> dict[str, Any] | None:
    return None if transformer is None else dict(vars(transformer))


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every call of RequestLanguage.parse also parsed fresh; a different reading fails the test."""
    original = RequestLanguage.parse
    counts = {"calls": 0, "kept": 0, "read": 0, "unread": 0}

    def checked(self: RequestLanguage, words: Any) -> Any | None:
        try:
            words = list(words)
        except Exception as exc:  # noqa: BLE001 - the JSON reader's words stop at a character it does not read
            counts["unread"] += 1
            assert original(self, _raising(exc)) is None
            return None
        kinds = tuple(word.kind for word in words)
        counts["kept"] += kinds in self._shapes
        found = original(self, words)
        assert _state(found) == _state(_fresh(self, words)), [(w.kind, w.text) for w in words]
        counts["calls"] += 1
        counts["read"] += found is not None
        return found

    monkeypatch.setattr(RequestLanguage, "parse", checked)
    return counts


def test_the_linear_corpus_reads_the_same_from_kept_trees(compared: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    from stepcache_integrations.core.tasks.linear import reader

    # the reading kept per prompt template (wip/hitG) would answer the second pass without the grammar
    monkeypatch.setattr(reader, "_template_key", lambda *_args: None)
    for _ in range(2):
        for prompt in _LINEAR:
            understand_prompt.__wrapped__(prompt)
    assert compared["calls"] > 4000 and compared["read"] > 1000 and compared["kept"] > compared["calls"] // 2, compared


def test_the_json_corpus_reads_the_same_from_kept_trees(compared: dict[str, int]) -> None:
    prompts = _json_prompts()
    for _ in range(2):
        for prompt in prompts:
            JsonConstraints.of_prompt(prompt, None)
    assert compared["calls"] > 500 and compared["read"] > 100 and compared["kept"] > compared["calls"] // 2, compared


def test_a_kept_tree_takes_the_new_prompts_own_words() -> None:
    first = understand_prompt.__wrapped__("Solve for x step by step: 3x + 5 = 20.")
    second = understand_prompt.__wrapped__("Solve for y step by step: 3y + 5 = 23.")
    assert first is not None and first.asked == ("x",)
    assert second is not None and second.asked == ("y",) and second.solution == {"y": 6}
    kinds = ("SOLVE", "FOR", "VAR", "STEP_BY_STEP", "COLON", "EQ", "STOP")
    assert kinds in linear_reader._LANGUAGE._shapes
    # a sentence the grammar does not derive is kept as such: still no claim
    scrambled = [Word(kind, kind.lower(), i) for i, kind in enumerate(reversed(kinds))]
    assert linear_reader._LANGUAGE.parse(scrambled) is None
    assert linear_reader._LANGUAGE._shapes[tuple(reversed(kinds))] is request_language._UNPARSED
    assert linear_reader._LANGUAGE.parse(scrambled) is None


def test_the_kept_trees_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    language = RequestLanguage(linear_reader._LANGUAGE.folder, linear_reader._LANGUAGE.transformer)
    monkeypatch.setattr(request_language, "_SHAPES_KEPT", 3)
    for n in range(6):
        language.parse([Word("STOP", ".", i) for i in range(n + 1)])
    assert len(language._shapes) == 3


def test_a_grammar_that_does_not_build_fails_at_once_every_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an LALR conflict (two rules derive one word) raises; the next prompt raises the same error
    # without building again, so a broken grammar fails a run fast instead of stalling it
    shutil.copytree(linear_reader._LANGUAGE.folder / "vocabulary", tmp_path / "vocabulary")
    (tmp_path / "request.lark").write_text("start: a | b\na: STOP\nb: STOP\n%declare STOP\n", encoding="utf-8")
    builds: list[str] = []
    real_build = request_language.build_lalr

    def counted(*args: Any, **kwargs: Any) -> Any:
        builds.append(args[0])
        return real_build(*args, **kwargs)

    monkeypatch.setattr(request_language, "build_lalr", counted)
    language = RequestLanguage(tmp_path, linear_reader._LANGUAGE.transformer)
    with pytest.raises(Exception) as first:
        language.parse([Word("STOP", ".", 0)])
    with pytest.raises(Exception) as second:
        language.parse([Word("STOP", ".", 0)])
    assert second.value is first.value
    assert builds == [tmp_path.name]
