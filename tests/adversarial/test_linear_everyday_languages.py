"""Everyday request shapes in other languages (issue 33, "languages >= 70%"): a homework or
teacher's-exercise context around the problem, a request for help, the question after the
equation, sides swapped, the answer in one line or as a fraction. Written from each language's
everyday phrasing by hand (not from the held-out files). Every phrasing is read, served again
with a changed constant by re-instantiation (no model call, proven, right by the fuzzer's own
oracle, in the format asked); every trap (an instruction smuggled into a context sentence, a word
outside the table, another language, an inequality, a yes/no check, another quantity) is no claim."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from ..fuzz.oracle import evaluate, parse_equation

# (language, prompt, format read)
PHRASINGS = [
    ('en', "I'm doing my maths homework and I'm stuck on this one: 7x + 2 = 30. How much is x?", ()),
    ('es', 'Estoy haciendo los deberes de matemáticas y no me sale este: 7x + 2 = 30. ¿Cuánto vale x?', ()),
    ('es', 'Mi profesor nos puso este ejercicio para mañana: 3x + 4 = 19. No sé cómo hallar x, ¿me lo puedes explicar?', ('steps',)),
    ('es', 'Tengo este ejercicio de deberes: 18 = 5x - 2. ¿Cuánto vale x?', ()),
    ('es', 'Me atasqué con este ejercicio: 4x + 9 = 1. ¿Cuál es el valor de x?', ()),
    ('es', 'Resuelve 6x - 5 = 10. Da la respuesta en una sola línea.', ('one_line',)),
    ('es', 'Resuelve 2x + 1 = 8 y da el resultado como fracción.', ('fraction',)),
    ('es', 'Hola, ¿me ayudas con esta ecuación? 5x + 3 = 28. ¿Cuánto vale x?', ()),
    ('es', 'Estoy estudiando para el examen. Resuelve 9x - 4 = 23 paso a paso.', ('steps',)),
    ('es', 'Resuelve -3x + 5 = 20. Escribe la respuesta en una línea.', ('one_line',)),
    ('es', 'Me atasqué con este ejercicio: 5 = 3x + 9. ¿Cuánto vale x? Da el resultado como fracción.', ('fraction',)),
    ('fr', 'Je fais mes devoirs de maths et je bloque sur celui-ci : 7x + 2 = 30. Combien vaut x ?', ()),
    ('fr', "Mon prof nous a donné cet exercice pour demain : 3x + 4 = 19. Je ne vois pas comment trouver x, tu peux m'expliquer ?", ('steps',)),
    ('fr', 'Trouve x tel que 30 = 4x + 6.', ()),
    ('fr', 'Résous 6x - 5 = 10 et donne la réponse sur une seule ligne.', ('one_line',)),
    ('fr', 'Je suis bloqué sur cet exercice : 4x + 9 = 1. Quelle est la valeur de x ?', ()),
    ('fr', 'Résous 2x + 1 = 8. Donne la réponse sous forme de fraction.', ('fraction',)),
    ('fr', "Bonjour, pouvez-vous m'aider avec cette équation ? 5x + 3 = 28. Que vaut x ?", ()),
    ('fr', "J'ai un exercice de maths : 18 = 5x - 2. Combien vaut x ?", ()),
    ('fr', 'Résous 3x + 5 = 20. Seulement la réponse.', ('answer_only',)),
    ('fr', 'Je suis bloquée sur cet exercice : 2x + 7 = 4. Que vaut x ?', ()),
    ('de', 'Ich mache gerade meine Mathe-Hausaufgaben und komme bei dieser nicht weiter: 7x + 2 = 30. Wie viel ist x?', ()),
    ('de', 'Unsere Lehrerin hat uns diese Aufgabe für morgen gegeben: 3x + 4 = 19. Ich verstehe das nicht. Kannst du es mir erklären?', ('steps',)),
    ('de', 'Ich hänge bei dieser Aufgabe fest: 18 = 5x - 2. Was ist x?', ()),
    ('de', 'Löse 6x - 5 = 10 und gib die Antwort in einer Zeile an.', ('one_line',)),
    ('de', 'Löse 2x + 1 = 8. Gib das Ergebnis als Bruch an.', ('fraction',)),
    ('de', 'Hallo, kannst du mir bei dieser Gleichung helfen? 5x + 3 = 28. Wie groß ist x?', ()),
    ('de', 'Ich übe für die Klassenarbeit. Löse 9x - 4 = 23 Schritt für Schritt.', ('steps',)),
    ('de', 'Bestimme x: 4x + 9 = 1. Nur die Antwort, bitte.', ('answer_only',)),
    ('de', 'Ich komme nicht weiter: 5 = 3x + 9. Was ist x? Gib das Ergebnis als Bruch an.', ('fraction',)),
    ('de', 'Löse 2x + 1 = 8 und gib das Ergebnis als Dezimalzahl an.', ('decimal',)),
    ('pt', 'Tô fazendo o dever de casa de matemática e travei nessa: 7x + 2 = 30. Quanto vale x?', ()),
    ('pt', 'O professor passou esse exercício para amanhã: 3x + 4 = 19. Não sei como achar o x, pode me explicar?', ('steps',)),
    ('pt', 'Estou com dúvida nesta questão: 18 = 5x - 2. Quanto vale x?', ()),
    ('pt', 'Resolva 6x - 5 = 10 e dê a resposta numa linha só.', ('one_line',)),
    ('pt', 'Resolva 2x + 1 = 8. Dê a resposta em forma de fração.', ('fraction',)),
    ('pt', 'Oi, você pode me ajudar com essa equação? 5x + 3 = 28. Qual é o valor de x?', ()),
    ('pt', 'Estou estudando para a prova. Resolva 9x - 4 = 23 passo a passo.', ('steps',)),
    ('pt', 'Resolva 4x + 9 = 1. Só a resposta, por favor.', ('answer_only',)),
    ('pt', 'Travei nessa: 2x + 7 = 4. Quanto vale x? Dê a resposta em forma de fração.', ('fraction',)),
    ('it', 'Sto facendo i compiti di matematica e sono bloccato su questo: 7x + 2 = 30. Quanto fa x?', ()),
    ('it', 'La prof ci ha dato questo esercizio per domani: 3x + 4 = 19. Non capisco come trovare x, me lo spieghi?', ('steps',)),
    ('it', 'Non riesco a risolvere questo esercizio: 18 = 5x - 2. Quanto vale x?', ()),
    ('it', 'Risolvi 6x - 5 = 10 e dai la risposta in una sola riga.', ('one_line',)),
    ('it', 'Risolvi 2x + 1 = 8. Dai il risultato come frazione.', ('fraction',)),
    ('it', 'Ciao, mi aiuti con questa equazione? 5x + 3 = 28. Quanto vale x?', ()),
    ('it', 'Sto studiando per la verifica. Risolvi 9x - 4 = 23 passo per passo.', ('steps',)),
    ('it', 'Risolvi 4x + 9 = 1. Solo la risposta, per favore.', ('answer_only',)),
    ('it', 'Sono bloccata su questo esercizio: 5 = 3x + 9. Quanto vale x?', ()),
    ('ru', 'Делаю домашку по математике и застрял на этом: 7x + 2 = 30. Чему равен x?', ()),
    ('ru', 'Учитель задал нам это упражнение на завтра: 3x + 4 = 19. Не понимаю, как найти x, можешь объяснить?', ('steps',)),
    ('ru', 'Не могу решить этот пример: 18 = 5x - 2. Чему равен x?', ()),
    ('ru', 'Реши 6x - 5 = 10 и дай ответ одной строкой.', ('one_line',)),
    ('ru', 'Решите 2x + 1 = 8. Дайте ответ в виде дроби.', ('fraction',)),
    ('ru', 'Привет, помоги с уравнением: 5x + 3 = 28. Чему равен x?', ()),
    ('ru', 'Готовлюсь к контрольной. Реши 9x - 4 = 23 пошагово.', ('steps',)),
    ('ru', 'Реши 4x + 9 = 1. Только ответ, пожалуйста.', ('answer_only',)),
    ('ru', 'Застряла на этой задаче: 2x + 9 = 4. Чему равен x? Дай ответ в виде дроби.', ('fraction',)),
    ('ru', 'Реши 2x + 1 = 8 и напиши ответ одной строкой.', ('one_line',)),
    ('zh', '老师布置的作业，这道题我不会：7x + 2 = 30，x 是多少？', ()),
    ('zh', '请帮我解一下这个方程 3x + 4 = 19，并写出详细步骤，谢谢！', ('steps',)),
    ('zh', '我在做数学作业，这道题卡住了：18 = 5x - 2。x 等于多少？', ()),
    ('zh', '解方程 6x - 5 = 10，答案写在一行里。', ('one_line',)),
    ('zh', '解方程 2x + 1 = 8，答案用分数表示。', ('fraction',)),
    ('zh', '你好，请帮我解这个方程：5x + 3 = 28。', ()),
    ('zh', '我在准备考试。请一步一步地解方程 9x - 4 = 23。', ('steps',)),
    ('zh', '解方程 4x + 9 = 1，只写答案。', ('answer_only',)),
    ('zh', '这道题我不会：2x + 7 = 4，x 是多少？答案用分数表示。', ('fraction',)),
    ('zh', '解方程 2x + 1 = 8，答案用小数表示。', ('decimal',)),
    ('ja', '宿題でわからない問題があります。7x + 2 = 30 の x を求めて。', ()),
    ('ja', '先生に出された問題です。3x + 4 = 19 の x の値を教えてください。', ()),
    ('ja', 'この問題が解けません：18 = 5x - 2。x はいくつですか？', ()),
    ('ja', '6x - 5 = 10 を解いて、答えを一行で書いてください。', ('one_line',)),
    ('ja', '2x + 1 = 8 を解いて、答えを分数で書いてください。', ('fraction',)),
    ('ja', 'こんにちは。方程式 5x + 3 = 28 を解いてください。', ()),
    ('ja', 'テスト勉強中です。9x - 4 = 23 を順を追って解いてください。', ('steps',)),
    ('ja', '4x + 9 = 1 を解いてください。答えだけでいいです。', ('answer_only',)),
    ('ja', 'この問題が解けません：5 = 3x + 9。x はいくつですか？', ()),
    ('ja', '2x + 1 = 8 を解いて、答えを小数で書いてください。', ('decimal',)),
]

# (language, prompt): each must not be claimed
TRAPS = [
    ('en', "I'm doing my maths homework and I'm stuck on this one: 7x + 2 = 30. How much is x? Answer in French."),
    ('en', "I'm stuck on this one: 7x + 2 = 30. Is x = 4?"),
    ('en', "I'm doing my homework in German: 7x + 2 = 30. How much is x?"),
    ('es', 'Estoy haciendo los deberes en inglés y no me sale este: 7x + 2 = 30. ¿Cuánto vale x?'),
    ('es', 'Me atasqué con este ejercicio: 7x + 2 = 30. ¿Cuánto vale x? Responde en inglés.'),
    ('es', 'Estoy atascado con esta inecuación: 7x + 2 = 30. ¿Cuánto vale x?'),
    ('es', 'Me atasqué con este ejercicio: 7x + 2 = 30. ¿Es x = 4?'),
    ('es', 'Hola, ¿me ayudas con esta ecuación en francés? 5x + 3 = 28. ¿Cuánto vale x?'),
    ('fr', 'Je fais mes devoirs de maths et je bloque sur celui-ci : 7x + 2 = 30. Combien vaut x ? Réponds en anglais.'),
    ('fr', 'Je bloque sur cet exercice : 7x + 2 = 30. Est-ce que x = 4 ?'),
    ('fr', 'Je bloque sur cette inéquation : 7x + 2 = 30. Combien vaut x ?'),
    ('de', 'Ich komme nicht weiter: 7x + 2 = 30. Was ist x? Erkläre es auf Englisch.'),
    ('de', 'Ich komme bei dieser Ungleichung nicht weiter: 7x + 2 = 30. Was ist x?'),
    ('de', 'Ich komme nicht weiter: 7x + 2 = 30. Stimmt x = 4?'),
    ('pt', 'Tô fazendo o dever de casa de matemática e travei nessa: 7x + 2 = 30. Quanto vale x? Responda em inglês.'),
    ('pt', 'Travei nessa inequação: 7x + 2 = 30. Quanto vale x?'),
    ('pt', 'Travei nessa: 7x + 2 = 30. x = 4?'),
    ('it', 'Sto facendo i compiti di matematica e sono bloccato su questo: 7x + 2 = 30. Quanto fa x? Rispondi in inglese.'),
    ('it', 'Sono bloccato su questa disequazione: 7x + 2 = 30. Quanto vale x?'),
    ('it', 'Sono bloccato su questo: 7x + 2 = 30. È vero che x = 4?'),
    ('ru', 'Делаю домашку по математике и застрял на этом: 7x + 2 = 30. Чему равен x? Ответь по-английски.'),
    ('ru', 'Застрял на этом неравенстве: 7x + 2 = 30. Чему равен x?'),
    ('ru', 'Застрял на этом: 7x + 2 = 30. Верно ли, что x = 4?'),
    ('zh', '老师布置的作业，这道题我不会：7x + 2 = 30，x 是多少？用英文回答。'),
    ('zh', '这道题我不会：7x + 2 = 30，x = 4 吗？'),
    ('zh', '这道题我不会：7x + 2 = 30，x 的平方是多少？'),
    ('zh', '这道不等式我不会：7x + 2 = 30，x 是多少？'),
    ('zh', '解方程 x + 2 = 1一步一步。'),
    ('zh', '解方程 6x - 5 = 10，答案写在一行里，用英文。'),
    ('zh', '解方程 x + 2 = 1 一步一步。'),  # "1 一": a word beside a number, or 11?
    ('zh', '解方程 x + 15 = 3！求 x。'),  # "3！": a factorial, as "3!" is
    ('ja', 'この問題が解けません：2x - 7 = 9.x はいくつですか？'),  # "9.x": a stop, or a dot for 9·x?
    ('ja', '宿題でわからない問題があります。7x + 2 = 30 の x を英語で求めて。'),
    ('ja', 'この不等式が解けません：7x + 2 = 30。x はいくつですか？'),
    ('ja', 'この問題が解けません：7x + 2 = 30。x = 4 ですか？'),
    ('ja', '4x + 9 = 1 を解いてください。答えを英語で書いてください。'),
]

_NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
_ANSWER = re.compile(r"x\s*=\s*(-?\d+(?:/\d+|\.\d+)?)\s*$")

# (language, prompt, asked expression, its value): once traps ("another quantity"), now read with
# the expression asked (issue 33): keyed apart from x, and served with its value, never x's
ASKED_AFTER_CONTEXT = [
    ('en', "I'm stuck on this one: 7x + 2 = 30. How much is 2x?", '2*x', 8),
    ('fr', 'Je bloque sur cet exercice : 7x + 2 = 30. Combien vaut 2x ?', '2*x', 8),
    ('pt', 'Travei nessa: 7x + 2 = 30. Quanto vale x + 1?', 'x + 1', 5),
    ('ru', 'Застрял на этом: 7x + 2 = 30. Чему равен x в квадрате?', 'x**2', 16),
]


class Oracle:
    """Answers each prompt with its right value, counted (the fuzzer's parser, not the engine's)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        (lc, lk), (rc, rk) = parse_equation(_equations(prompt)[0])
        a, b = lc.get("x", 0) - rc.get("x", 0), rk - lk
        return f"{_fmt(a)}x = {_fmt(b)}\nAnswer: x = {_fmt(Fraction(b) / a)}"


def _equations(prompt: str) -> list[str]:
    return re.findall(r"-?[0-9x][0-9x +\-]*=[0-9x +\-]*[0-9x]", prompt)


def _fmt(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _holds(equation: str, value: Fraction) -> bool:
    left, right = parse_equation(equation)
    return evaluate(left, {"x": value}) == evaluate(right, {"x": value})


def _solution(equation: str) -> Fraction:
    (lc, lk), (rc, rk) = parse_equation(equation)
    return Fraction(rk - lk) / (lc.get("x", 0) - rc.get("x", 0))


def _changed(prompt: str) -> tuple[str, str]:
    """The prompt with the last constant of its equation moved by twice the unknown's coefficient
    (the answer moves by 2 away from 0, keeping its kind and sign: an integer turned fraction, or a
    sign turned, is patched by the model in English too), and that equation."""
    old = _equations(prompt)[0]
    (lc, _), (rc, _) = parse_equation(old)
    step = 2 * abs(lc.get("x", 0) - rc.get("x", 0))
    value = _solution(old)
    candidates = [old[: m.start()] + str(int(m.group()) + d) + old[m.end():]
                  for m in _NUMBER.finditer(old) for d in (step, -step) if int(m.group()) + d >= 0]
    new = next(c for c in candidates if abs(_solution(c)) > abs(value) and _solution(c) * value >= 0)
    return prompt.replace(old, new, 1), new


@pytest.mark.parametrize(("language", "prompt", "fmt"), PHRASINGS)
def test_each_phrasing_is_read_with_its_format(language: str, prompt: str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.asked == ("x",) and problem.format == fmt
    assert [eq.text for eq in problem.equations] == _equations(prompt)
    assert _holds(_equations(prompt)[0], problem.solution["x"])


@pytest.mark.parametrize(("language", "prompt", "fmt"), PHRASINGS)
def test_a_changed_constant_is_served_proven_without_a_model_call(language: str, prompt: str,
                                                                   fmt: tuple[str, ...]) -> None:
    served_again(prompt, fmt)


def served_again(prompt: str, fmt: tuple[str, ...]) -> list[str]:
    """Cache ``prompt``, then ask it with a changed constant: served proven without a model call,
    right by the fuzzer's oracle, in the format asked. The served answer's lines."""
    cache, model = StepCache(), Oracle()
    first = cache.generate(prompt, model)
    assert first.verified and first.task == "linear_equation", prompt
    changed, equation = _changed(prompt)
    before = model.calls
    again = cache.generate(changed, model)
    assert model.calls == before and again.model_calls == 0, changed
    assert again.verified and again.verification == "proven"
    lines = again.text.strip().splitlines()
    found = _ANSWER.search(lines[-1])
    assert found is not None, again.text
    assert _holds(equation, Fraction(found.group(1))), (changed, again.text)
    if "one_line" in fmt or "answer_only" in fmt:
        assert len(lines) == 1, again.text
    if "fraction" in fmt:
        assert "." not in found.group(1), again.text
    if "decimal" in fmt:
        assert "/" not in found.group(1), again.text
    return lines


@pytest.mark.parametrize(("language", "prompt"), TRAPS)
def test_a_trap_is_no_claim(language: str, prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


@pytest.mark.parametrize(("language", "prompt"), TRAPS)
def test_a_trap_is_not_served_from_the_cached_problem(language: str, prompt: str) -> None:
    """The same equation solved and cached first: the trap still reaches the model."""
    reaches_the_model(prompt, "Solve 7x + 2 = 30.")


def reaches_the_model(prompt: str, cached: str) -> None:
    """With ``cached`` (the same equation) solved and cached first, ``prompt`` still reaches the model."""
    cache, model = StepCache(), Oracle()
    cache.generate(cached, model)
    asked: list[str] = []
    result = cache.generate(prompt, lambda p: asked.append(p) or "I cannot say.")
    assert asked and result.model_calls >= 1, prompt
    assert not (result.verified and result.task == "linear_equation"), prompt


@pytest.mark.parametrize(("language", "prompt", "target", "value"), ASKED_AFTER_CONTEXT)
def test_another_quantity_after_a_context_sentence_is_read_and_served_with_its_value(
        language: str, prompt: str, target: str, value: int) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.target == target and problem.target_value == value, prompt
    cache, model = StepCache(), Oracle()
    cache.generate("Solve 7x + 2 = 30.", model)  # the x answer cached (another language, or far: a model call)
    result = cache.generate(prompt, model)  # the model states x alone: only the expression's value passes
    assert result.verified and result.verification == "proven", (prompt, result.outcome, result.text)
    last = result.text.strip().splitlines()[-1]
    assert last.endswith(f"= {value}") and not last.endswith("x = 4"), result.text
