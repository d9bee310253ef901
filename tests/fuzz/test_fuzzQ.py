"""wip/fuzzQ: two new edit kinds of the prompt-edit fuzzer (script_mix, unicode_variant) and the class-2 decisions
of the seed-21 JSON, seed-0/2121 word and seed-2206 word_langs campaigns (findings where the ORACLE read less than
the engine's reader and the served answers were right for the prompts as written): the oracle reads each of them
now with its own reading (it computes the answer itself), and the traps beside them stay unread.

The campaigns of the new kinds run at any size with ``scripts/fuzz_prompts.py --new-kinds`` (or ``--edit script_mix
--edit unicode_variant``); CI judges a small derandomized sample of them here.
"""

from __future__ import annotations

import random
import unicodedata
from fractions import Fraction

import pytest

from tests.fuzz.edits import (  # noqa: I001
    DIRECTION_MARKS, FOREIGN_NAMES, FOREIGN_UNKNOWNS, FULLWIDTH_COLON, NEW_EDITS, NEW_TEXT_EDITS, edit_text, text_applicable,
)
from tests.fuzz.judge import run_all
from tests.fuzz.oracle import JsonProblem, MathProblem, understand_text
from tests.fuzz.targets import served_without_a_model_call

NEW = ("script_mix", "unicode_variant")  # synonym_swap: judged by the script (the json_reach renames are class 2, see the report)


def _scripts(text: str) -> set[str]:
    """The scripts of the letters of ``text`` (the first word of each letter's Unicode name)."""
    return {unicodedata.name(c).split()[0] for c in text if c.isalpha()}


def _edits(text: str, kind: str, n: int = 400, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    return [e for _ in range(n) if (e := edit_text(text, kind, rng)) is not None and e != text]


# ----------------------------------------------------------------------------- the edit kinds
def test_the_new_kinds_are_new_text_edits_and_apply_to_every_kind_of_text() -> None:
    assert set(NEW) <= set(NEW_EDITS) and set(NEW) <= set(NEW_TEXT_EDITS)
    for text in ("Solve 3x + 5 = 20 for x.", "小红比小刚大 3 岁，两人年龄和是 27 岁。小刚几岁？", "Turn this into JSON:\nname: \"Ana\"\nage: 3"):
        assert set(NEW) <= set(text_applicable(text)), text


def test_script_mix_writes_words_labels_questions_and_unknowns_of_other_scripts() -> None:
    story = "Ravi is 3 times as old as his daughter. Together their ages add up to 48. How old is the daughter?"
    edited = _edits(story, "script_mix")
    assert {"CJK", "CYRILLIC", "GREEK"} <= set().union(*(_scripts(e) - {"LATIN"} for e in edited))
    assert any(e.startswith(story.split(".")[0]) and e.rstrip().endswith(("？", "?", ";")) and len(e) > len(story) + 3 for e in edited)
    assert any("\n" in e for e in edited)  # a label line of another script
    equation = _edits("Solve 3x + 5 = 20 for x.", "script_mix")
    assert any("x" not in e and any(u in e for u in FOREIGN_UNKNOWNS) for e in equation)  # the unknown renamed at every mention
    assert any(FULLWIDTH_COLON in e for e in _edits('Turn this into JSON:\nname: "Ana"\nage: 34', "script_mix"))
    chinese = "小红比小刚大 3 岁，两人年龄和是 27 岁。小刚几岁？"  # blind set 21's i1377: another name of the same script
    assert any(e != chinese and len(e) == len(chinese) and any(n in e for n in FOREIGN_NAMES if n not in chinese)
               for e in _edits(chinese, "script_mix"))


def test_unicode_variant_writes_other_code_points_of_the_same_text() -> None:
    edited = _edits("Solve 3x - 5 = 1234 for x. Answer: x", "unicode_variant", n=600)
    joined = "".join(edited)
    assert any(m in joined for m in DIRECTION_MARKS)
    assert "\u2212" in joined or "\uff0d" in joined  # a Unicode minus
    assert any("\uff10" <= c <= "\uff5a" for c in joined)  # full-width digits or letters
    assert any(0x1D44E <= ord(c) <= 0x1D467 for c in joined)  # a mathematical italic letter
    assert "1.234" in joined or "1'234" in joined or "1\u2009234" in joined or "1\u202f234" in joined  # a locale form
    assert any(c in joined for c in "\u202f\u2009\u3000")  # another space


def test_synonym_swap_swaps_a_unit_or_a_key_at_one_or_every_mention() -> None:
    measure = 'Convert 3 km to meters and return JSON {"meters": <number>}.'
    edited = _edits(measure, "synonym_swap")
    assert any("feet" in e or "yards" in e for e in edited) and any(" mi " in e or " cm " in e for e in edited)
    assert any(e.count("feet") == 2 for e in edited) and any(e.count("feet") == 1 and "meters" in e for e in edited)
    keyed = _edits('Return JSON with keys "name" and "age": Grete is 47 years old.', "synonym_swap")
    assert any('"town"' in e or '"title"' in e for e in keyed) or any('"age_years"' in e or '"edad"' in e for e in keyed)
    assert "synonym_swap" in text_applicable(measure) and "synonym_swap" not in text_applicable("Why do cats purr?")


# ----------------------------------------------------------------------------- the CI run of the new kinds
CI_CAMPAIGNS = {"engine/word_en", "engine/word_langs", "engine/word_reach", "engine/math_en", "engine/math_zh", "engine/json_stated",
                "engine/json_langs", "engine/json_reach"}


def test_the_new_kinds_find_no_violation() -> None:
    from tests.fuzz.judge import campaigns

    chosen = [c for c in campaigns(reach=True) if c.name in CI_CAMPAIGNS]
    scale = 480 / sum(c.edits for c in chosen)
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("STEPCACHE_STORE", raising=False)
        report = run_all(driver="random", scale=scale, seed=22, only=lambda c: c.name in CI_CAMPAIGNS, edit_kinds=frozenset(NEW))
    assert report.judged >= 400, report.table()
    assert {r.edit_kind for r in report.records} == set(NEW), report.table()
    assert not report.violations, report.summary(max_examples=4)


# synonym_swap over the campaigns whose renames the oracle reads (a stated-values key and a rectangle's unit at every
# mention); its json_reach renames (a nested key at every mention) and json_passage currencies are class 2 left to
# the script's runs (served right as written, judged by hand: see wip/fuzzQ's report)
SYNONYM_CAMPAIGNS = {"engine/json_stated", "engine/word_en", "engine/math_en", "engine/json_langs", "engine/json_no_keys"}


def test_synonym_swap_finds_no_violation() -> None:
    from tests.fuzz.judge import campaigns

    chosen = [c for c in campaigns(reach=True) if c.name in SYNONYM_CAMPAIGNS]
    scale = 320 / sum(c.edits for c in chosen)
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("STEPCACHE_STORE", raising=False)
        report = run_all(driver="random", scale=scale, seed=23, only=lambda c: c.name in SYNONYM_CAMPAIGNS,
                         edit_kinds=frozenset({"synonym_swap"}))
    assert report.judged >= 100, report.table()
    assert not report.violations, report.summary(max_examples=4)



# the i1377 class and its neighbours: a person of another script asked, a foreign label beside the answer's label
I1377 = "小红比小刚大 3 岁，两人年龄和是 27 岁。小红几岁？"
STORY = "Ravi is 3 times as old as his daughter. Together their ages add up to 48. How old is the daughter?"


# (base, edited, the answer's last line when it is served: checked by hand; None: never served)
@pytest.mark.parametrize(("base", "edited", "right"), [
    (I1377, I1377.replace("小红几岁", "小刚几岁"), "小刚: x = 12"),  # 小红 is 3 older, the sum 27: 小刚 12 (8cd27eed)
    (I1377, I1377.replace("小红几岁", "王芳几岁"), None),
    (I1377, I1377 + "\n小刚：", None),
    (STORY, STORY.replace("the daughter?", "小刚?"), None),
    (STORY, STORY + " 小刚几岁？", None),
    (STORY, STORY.replace("Ravi", "Иван"), None),
    (STORY, STORY + "\nОтвет:", None),
    ("Solve 3x + 5 = 20 for x.", "Solve 3α + 5 = 20 for α.", None),
    ("Solve 3x + 5 = 20 for x.", "Solve 3х + 5 = 20 for х.", None),  # Cyrillic ha
    ('Turn this into JSON:\nname: "Alice"\nage: 34', 'Turn this into JSON:\nname: "Alice"\nage: 34\n名前：', None),
    ('Turn this into JSON:\nname: "Alice"\nage: 34', 'Turn this into JSON:\nname: "Alice小红"\nage: 34', None),
])
def test_a_script_mix_is_never_served_wrong(base: str, edited: str, right: str | None) -> None:
    served, text = served_without_a_model_call(base, edited)
    if right is None:
        assert not served, f"served from the cache: {edited!r} -> {text!r}"
    elif served:
        assert text.strip().splitlines()[-1] == right, text


# the open finding the script_mix kind found (tests/fuzz/judge.py OPEN_FINDINGS fuzzQ-foreign-word-as-subject): each
# flips to a failure the day it is closed (then drop the mark and the entry)
IT_AGE = 'Restituisci un JSON con "nome" e "eta": Giulia ha 26 anni.'


@pytest.mark.xfail(strict=True, reason="fuzzQ-foreign-word-as-subject: a word of another table or script as an unlabelled name")
@pytest.mark.parametrize("edited", [IT_AGE.replace("Giulia", "Возраст")])
def test_a_foreign_word_as_an_unlabelled_name_is_declined(edited: str) -> None:
    served, text = served_without_a_model_call(IT_AGE, edited)
    assert not served, f"served from the cache: {edited!r} -> {text!r}"


# closed by the lead's s22 (a person's name is no place: the gazetteer's city She names no one for "nome")
@pytest.mark.parametrize("edited", [IT_AGE.replace("Giulia", "She"), IT_AGE.replace("Giulia", "Her")])
def test_another_tables_pronoun_is_no_persons_name(edited: str) -> None:
    served, text = served_without_a_model_call(IT_AGE, edited)
    assert not served, f"served from the cache: {edited!r} -> {text!r}"


# ----------------------------------------------------------------------------- class 2: the oracle reads more
@pytest.mark.parametrize(("prompt", "value", "label"), [
    ("A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How many miles did We travel?", 8, "Miles"),
    ("If 0 more than twice a number is 17, what number is the number?", Fraction(17, 2), "The number"),
    ("I bought some notebooks at $3 each and one $5 pen, paid $32 in total. How many notebooks did I buy?", 9, ""),
    ("отец в 3 раза старше сына. Вместе им 48 лет. Сколько лет сыну?", 12, "Сыну"),
    ("João tem 4 vezes a idade da filha e tem 27 anos a mais que ela. Quantos anos tem filha?", 9, "Filha"),
    ("If 3 more than a number is 17, what number is the number?", 14, "The number"),
    ("What is the value of x in the equation 8x \u2212 6 = 5x + 9?", 5, "x"),  # U+2212 MINUS SIGN (unicode_variant)
])
def test_the_oracle_reads_the_word_findings(prompt: str, value: Fraction, label: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, MathProblem), prompt
    assert problem.solution == {"x": Fraction(value)} and problem.label == ("" if label == "x" else label)


@pytest.mark.parametrize("prompt", [
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How many miles did they travel?",  # another buyer
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How many miles did she travel?",
    "Ravi is zero times as old as his daughter. Together their ages add up to 48. How old is the daughter?",
    "Ravi is 0 times as old as his daughter. Together their ages add up to 48. How old is the daughter?",
    "João tem 4 vezes a idade da filha e tem 27 anos a mais que ela. Quantos anos tem o filha?",  # two genders
    "Marco ha 4 volte l'età di suo figlio e ha 27 anni più di lui. Quanti anni ha la figlio?",
    "If 3 more than a number is 17, what number is the numbers?",
])
def test_the_oracle_does_not_read_the_word_traps(prompt: str) -> None:
    assert understand_text(prompt) is None


@pytest.mark.parametrize(("prompt", "obj"), [
    ("JSON please: key tags listing red, green and blue", {"tags": ["red", "green", "blue"]}),
    ("please JSON: a key tags listing apple, pear and plum", {"tags": ["apple", "pear", "plum"]}),
    ("JSON please:a key tags listing apple, pear and plum", {"tags": ["apple", "pear", "plum"]}),
    ("JSON please: a key tags listing red, and blue", {"tags": ["red", "blue"]}),
    ('JSON with a key "tags" listing: red, green, blue', {"tags": ["red", "green", "blue"]}),
    ('Return JSON with key "topics" listing: rust, async, wasm', {"topics": ["rust", "async", "wasm"]}),
    ("server:\n  host: localhost\n  port: 9090\n\nRewrite as JSON.", {"server": {"host": "localhost", "port": 9090}}),
    ("server:\n  host: gateway\n  port: 443\n\nRewrite this as JSON.\nNo explanation.", {"server": {"host": "gateway", "port": 443}}),
    ("server:\n  host: localhost\n  port: 9090\n\nRewrite this as JSON. JSON", {"server": {"host": "localhost", "port": 9090}}),
    ("server:\n  localhost: host\n  port: 9090\n\nRewrite this as JSON.", {"server": {"localhost": "host", "port": 9090}}),
    ('print this into JSON:\nname: "Alice"\nage: 34', {"name": "Alice", "age": 34}),
    ('quickly this into JSON:\nname: "O\'Neil"\nage: 52', {"name": "O'Neil", "age": 52}),
    ('The city is "Lyon" and the population is 520000. print JSON.', {"city": "Lyon", "population": 520000}),
    ('Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt March, Einwohner 569000',
     {"stadt": "March", "einwohner": 569000}),
    ('Return {"user":{"name": ..., "age": ...}} for name Carl, age 40', {"user": {"name": "Carl", "age": 40}}),
    ('Return {"user": {"name": ..., "age": ...}}for name Carl, age 40', {"user": {"name": "Carl", "age": 40}}),
    ('Return {"user": {"name": ..., "age": ...}} for name Carl, age 40 please', {"user": {"name": "Carl", "age": 40}}),
    ('Return {"user": {"name": ..., "age": ...}} for name \'Carl\', age 40', {"user": {"name": "Carl", "age": 40}}),
    ('Return {"user": {"name": ..., "age": ...}} for name Omar, age "41"', {"user": {"name": "Omar", "age": "41"}}),
    ('Convert 3 km to meters and return JSON {"meters": null}.', {"meters": 3000}),
    ('Convert 3 km to meters and return JSON {"meters": 0}.', {"meters": 3000}),
    ('Convert 3 km to meters and return JSON {"meters":\n<number>}.', {"meters": 3000}),
    ('Convert 12 km to meters return JSON {"meters": <number>}.', {"meters": 12000}),
    ('Convert 7 hours to minutes and return only JSON with the key "minutes".', {"minutes": 420}),
    # the script_mix kind's (seed 22): a full-width colon in a prompt of Latin script, a labelled name of another script
    ('Dame un objeto JSON con "ciudad" y "habitantes". Ciudad\uff1a Sevilla, habitantes: 684000', {"ciudad": "Sevilla", "habitantes": 684000}),
    ("Bitte als JSON ausgeben\uff1a\nname: Lena\nalter: 35", {"name": "Lena", "alter": 35}),
    ('Devuelve un JSON con las claves "nombre" y "edad": Me llamo \u03a3\u03bf\u03c6\u03af\u03b1 y tengo 28 años.',
     {"nombre": "\u03a3\u03bf\u03c6\u03af\u03b1", "edad": 28}),
])
def test_the_oracle_reads_the_json_findings(prompt: str, obj: dict) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, JsonProblem) and problem.obj == obj, prompt


@pytest.mark.parametrize("prompt", [
    "JSON please: no key tags listing red, green and blue",
    "JSON please: a key tags listing red, green and not blue",
    "JSON please: a key tags listing red, and, blue",
    "server:\n  host: localhost\n  port: 9090\n\nRewrite this as JSON. No",
    "server:\n  host: localhost\n  port: 9090\n\nRewrite as YAML.",
    "server:\n  host: true\n  port: 9090\n\nRewrite this as JSON.",  # a literal (W26)
    "server:\n  host: a\n  host: 9090\n\nRewrite this as JSON.",  # one key twice
    "server:\n  true: a\n  port: 9090\n\nRewrite this as JSON.",
    "server:\n  host: localhost\n  port: 9090\n\nRewrite this as JSON. Not just the answer.",
    'Never turn this into JSON:\nname: "Alice"\nage: 34',
    'Reverse this into JSON:\nname: "Alice"\nage: 34',
    'The city is "Lyon" and the population is 520000. Validate JSON.',
    'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt März, Einwohner 569000',  # a German month
    'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt Mai, Einwohner 569000',
    'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt Monday, Einwohner 569000',  # a weekday
    'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt August, Einwohner 569000',  # a month of both
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40 please reversed',
    'Return {"user": {"name": ..., "age": ...}} for name Carl Monday, age 40',
    'Return {"user": {"name": ..., "age": ...}} for name \'Carl", age 40',
    'Convert 3 km to meters and return JSON {"meters": 5}.',
    'Convert 3 km to meters and return JSON {"meters": true}.',
    'Convert 3 km to meters and return JSON {"meters": "null"}.',
    'Devuelve un JSON con las claves "nombre" y "edad": Me llamo nadie y tengo 28 años.',  # a never-name, labelled or not
    'Restituisci un JSON con "nome" e "eta": \u0418\u0432\u0430\u043d ha 26 anni.',  # unlabelled: the oracle's own people only
])
def test_the_oracle_does_not_read_the_json_traps(prompt: str) -> None:
    assert understand_text(prompt) is None


# ----------------------------------------------------------------------------- the nightly seed-4 run (class 2)
@pytest.mark.parametrize(("prompt", "answer"), [
    ('The city is "Osaka" and the population is 2700000. quickly JSON.', {"city": "Osaka", "population": 2700000}),
    ('Extraia JSON com as chaves "cliente" e "valor" de: "O cliente Rita pagou 45 reais."', {"cliente": "Rita", "valor": 45}),
    ('Extraia um JSON com chaves "cliente" e "valor" de: "O cliente Tiago pagou 87 reais."', {"cliente": "Tiago", "valor": 87}),
    ('Extrae un JSON con las claves "temperatura" de: "en Bilbao hace 18 grados."', {"temperatura": 18}),
    ("Im stuck on this one: 4(x - 2) = 12. How much is x?", {"x": 5}),
    ("Ich komme bei dieser nicht weiter: 2x - 7 = 9. Was ist x?", {"x": 8}),
    ("quickly Solve 12 = 4z, thanks!", {"z": 3}),
])
def test_the_oracle_reads_the_nightly_findings(prompt: str, answer: dict) -> None:
    problem = understand_text(prompt)
    assert problem is not None, prompt
    got = problem.obj if isinstance(problem, JsonProblem) else {k: v for k, v in problem.solution.items()}
    assert got == answer


@pytest.mark.parametrize("prompt", [
    'Extraia JSON com as chaves "cliente" e "valor" de: "O cliente Rita não pagou 45 reais."',
    'Extrae un JSON con las claves "temperatura" de: "Mañana en Bilbao hace 18 grados."',  # another day
    "Im not stuck on this one: 4(x - 2) = 12. How much is x?",
    "Ich komme bei dieser nicht weiter: 2x - 7 = 9. Was ist nicht x?",
    "Solve x(4 - 2) = 12 for x.",  # a letter before a bracket: a product or a function's value? (left to the lead)
])
def test_the_oracle_does_not_read_the_nightly_traps(prompt: str) -> None:
    assert understand_text(prompt) is None


# ----------------------------------------------------------------------------- synonym_swap (class 2, seed 23)
@pytest.mark.parametrize(("prompt", "answer"), [
    ('Return a JSON object for a person with first_name "Alice", age 34. Required keys: first_name, age. Output only the JSON object.',
     {"first_name": "Alice", "age": 34}),
    ('Return a JSON object for a book with title "Dune" and date 1965. Required keys: title, date. Output only the JSON object.',
     {"title": "Dune", "date": 1965}),
    ("A rectangle has a perimeter of 40 inches and a width of 7 inches. What is its length?", {"x": 13}),
    ("A rectangle has a perimeter of 40 mm and a width of 7 mm. What is its length?", {"x": 13}),
    ("The length of a rectangle is twice its width and its perimeter is 42 mm. What is its width?", {"x": 7}),  # one mention
])
def test_the_oracle_reads_a_key_or_a_unit_renamed_at_every_mention(prompt: str, answer: dict) -> None:
    problem = understand_text(prompt)
    assert problem is not None, prompt
    assert (problem.obj if isinstance(problem, JsonProblem) else problem.solution) == answer


@pytest.mark.parametrize("prompt", [
    'Return a JSON object for a person with first_name "Alice", age 34. Required keys: name, age. Output only the JSON object.',
    'Return a JSON object for a person with name "Alice", years 34. Required keys: name, age. Output only the JSON object.',
    'Return a JSON object for a person with not "Alice", age 34. Required keys: not, age. Output only the JSON object.',
    "A rectangle has a perimeter of 40 inches and a width of 7 cm. What is its length?",  # two units
    "A rectangle has a perimeter of 40 inches and a width of 7 feet. What is its length?",
])
def test_the_oracle_does_not_read_a_key_or_a_unit_renamed_at_one_mention(prompt: str) -> None:
    assert understand_text(prompt) is None
