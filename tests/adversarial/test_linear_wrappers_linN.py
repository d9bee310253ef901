"""Linear reach, branch wip/linN (round 4), written by hand per CLASS of wrapper, not copied from
any held-out file. Each pair: the first prompt is answered by a model that is never right, then the
second (only the constants changed) is served proven without a model call and exactly right, in
every table where the class is declared; each trap is never served wrong.

Classes: greetings, thanks, emoji and small talk around a request ("Oi, tudo bem?", "Gracias 🙏");
"help me figure out x in ..."; a help request after the request ("..., pode me ajudar?"); a persona
line, then a role that asks ("A student asks: ..."); a parent's context joined by "and" to the
equations ("I'm helping my kid with algebra and we're stuck on ..."); an exercise's ordinal number
("作业第4题："); each line labelled "Step k:" (numbered, enforced); "exact answer (no decimals)" (the
fraction form, enforced: "5/2", never "2.5"); the answer boxed by a verb ("encadre le résultat
final": "\\boxed{3}", enforced); the answer alone in one line ("答えだけ一行で"); ja "を満たす",
"途中式も書いてください"."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import served_linear

# (first, second, expected, fmt): fmt as ``served_linear`` reads it ("numbered", "one_line", ...)
PAIRS = [
    # greetings, thanks, emoji and small talk around the request; "help me figure out"
    ("Hi! Could you please help me figure out x in 6x + 4 = 34? Thanks so much!",
     "Hi! Could you please help me figure out x in 6x + 4 = 40? Thanks so much!", {"x": 6}, ""),
    ("Hi, how are you? Solve 3x + 2 = 11 🙂", "Hi, how are you? Solve 3x + 2 = 17 🙂", {"x": 5}, ""),
    ("¡Hola! ¿Me ayudas a despejar la y en 5y - 6 = 29? Gracias 🙏",
     "¡Hola! ¿Me ayudas a despejar la y en 5y - 6 = 34? Gracias 🙏", {"y": 8}, ""),
    ("Oi, tudo bem? Preciso descobrir o x em 2x - 9 = 5, pode me ajudar?",
     "Oi, tudo bem? Preciso descobrir o x em 2x - 9 = 7, pode me ajudar?", {"x": 8}, ""),
    ("Salut, ça va ? Tu peux m'aider à trouver x dans 6x + 4 = 34 ? Merci 🙏",
     "Salut, ça va ? Tu peux m'aider à trouver x dans 6x + 4 = 40 ? Merci 🙏", {"x": 6}, ""),
    ("Ciao, come stai? Mi aiuti a trovare x in 6x + 4 = 34? Grazie 🙏",
     "Ciao, come stai? Mi aiuti a trovare x in 6x + 4 = 40? Grazie 🙏", {"x": 6}, ""),
    ("Hallo, wie geht's? Löse 6x + 4 = 34. Danke 🙂", "Hallo, wie geht's? Löse 6x + 4 = 40. Danke 🙂", {"x": 6}, ""),
    ("Привет, как дела? Помоги найти x в 6x + 4 = 34. Спасибо 🙏",
     "Привет, как дела? Помоги найти x в 6x + 4 = 40. Спасибо 🙏", {"x": 6}, ""),
    ("你好吗？解方程 6x + 4 = 34。谢谢你 🙏", "你好吗？解方程 6x + 4 = 40。谢谢你 🙏", {"x": 6}, ""),
    ("こんにちは！お元気ですか？6x + 4 = 34 の x を求めてください。ありがとう 🙏",
     "こんにちは！お元気ですか？6x + 4 = 40 の x を求めてください。ありがとう 🙏", {"x": 6}, ""),
    ("3x - 4 = 11 の x っていくつ？", "3x - 4 = 14 の x っていくつ？", {"x": 6}, ""),
    # a persona line, then a role that asks
    ("You are a patient math tutor. A student asks: how do I solve 2a + 9 = 29?",
     "You are a patient math tutor. A student asks: how do I solve 2a + 9 = 31?", {"a": 11}, "steps"),
    ("Eres un profesor paciente. Un alumno pregunta: ¿cuánto vale a en 2a + 9 = 29?",
     "Eres un profesor paciente. Un alumno pregunta: ¿cuánto vale a en 2a + 9 = 31?", {"a": 11}, ""),
    ("Tu es un professeur patient. Un élève écrit : résous 2a + 9 = 29.",
     "Tu es un professeur patient. Un élève écrit : résous 2a + 9 = 31.", {"a": 11}, ""),
    ("Du bist ein geduldiger Mathelehrer. Ein Schüler fragt: Löse 2a + 9 = 29.",
     "Du bist ein geduldiger Mathelehrer. Ein Schüler fragt: Löse 2a + 9 = 31.", {"a": 11}, ""),
    ("Você é um professor paciente. Um aluno pergunta: resolva 2a + 9 = 29.",
     "Você é um professor paciente. Um aluno pergunta: resolva 2a + 9 = 31.", {"a": 11}, ""),
    ("Sei un insegnante paziente. Uno studente scrive: risolvi 2a + 9 = 29.",
     "Sei un insegnante paziente. Uno studente scrive: risolvi 2a + 9 = 31.", {"a": 11}, ""),
    ("Ты терпеливый учитель. Ученик спрашивает: реши 2a + 9 = 29.",
     "Ты терпеливый учитель. Ученик спрашивает: реши 2a + 9 = 31.", {"a": 11}, ""),
    ("你是一个数学老师。学生问：解方程 2a + 9 = 29。", "你是一个数学老师。学生问：解方程 2a + 9 = 31。", {"a": 11}, ""),
    ("あなたは数学の先生です。生徒からの質問：2a + 9 = 29 を解いてください。",
     "あなたは数学の先生です。生徒からの質問：2a + 9 = 31 を解いてください。", {"a": 11}, ""),
    # a parent's context joined by "and" to the equations
    ("I'm helping my kid with algebra and we're stuck on 12 - 2x = 2. What's x?",
     "I'm helping my kid with algebra and we're stuck on 12 - 2x = 4. What's x?", {"x": 4}, ""),
    ("Estoy ayudando a mi hijo con álgebra y nos atascamos en 12 - 2x = 2. ¿Cuánto vale x?",
     "Estoy ayudando a mi hijo con álgebra y nos atascamos en 12 - 2x = 4. ¿Cuánto vale x?", {"x": 4}, ""),
    ("J'aide mon fils en algèbre et on bloque sur 12 - 2x = 2. Combien vaut x ?",
     "J'aide mon fils en algèbre et on bloque sur 12 - 2x = 4. Combien vaut x ?", {"x": 4}, ""),
    ("Ich helfe meinem Sohn bei Algebra und wir hängen bei 12 - 2x = 2. Was ist x?",
     "Ich helfe meinem Sohn bei Algebra und wir hängen bei 12 - 2x = 4. Was ist x?", {"x": 4}, ""),
    ("Estou ajudando meu filho com álgebra e travamos em 12 - 2x = 2. Quanto vale x?",
     "Estou ajudando meu filho com álgebra e travamos em 12 - 2x = 4. Quanto vale x?", {"x": 4}, ""),
    ("Sto aiutando mio figlio con l'algebra e siamo bloccati su 12 - 2x = 2. Quanto vale x?",
     "Sto aiutando mio figlio con l'algebra e siamo bloccati su 12 - 2x = 4. Quanto vale x?", {"x": 4}, ""),
    ("Помогаю сыну с алгеброй, и мы застряли на 12 - 2x = 2. Чему равен x?",
     "Помогаю сыну с алгеброй, и мы застряли на 12 - 2x = 4. Чему равен x?", {"x": 4}, ""),
    ("我在辅导孩子做代数作业，卡在 12 - 2x = 2。x 等于多少？", "我在辅导孩子做代数作业，卡在 12 - 2x = 4。x 等于多少？", {"x": 4}, ""),
    ("子どもの宿題を手伝っています。12 - 2x = 2 の x はいくつですか？",
     "子どもの宿題を手伝っています。12 - 2x = 4 の x はいくつですか？", {"x": 4}, ""),
    # an exercise's ordinal number, ja "を満たす", the working asked with "also"
    ("作业第4题：已知 5n + 15 = 45，求 n 的值，要写出步骤。", "作业第4题：已知 5n + 15 = 50，求 n 的值，要写出步骤。", {"n": 7}, "steps"),
    ("第3問：3x + 1 = 13 を解きなさい。", "第3問：3x + 1 = 16 を解きなさい。", {"x": 5}, ""),
    ("宿題の問題です。9a + 9 = 54 を満たす a を求めなさい。途中式も書いてください。",
     "宿題の問題です。9a + 9 = 63 を満たす a を求めなさい。途中式も書いてください。", {"a": 6}, "steps"),
    # an emoticon closing the request, a quoted equation, bold labels opening their lines
    ("Hi! Could you please help me figure out x in 6x + 4 = 34? Thanks so much :)",
     "Hi! Could you please help me figure out x in 6x + 4 = 40? Thanks so much :)", {"x": 6}, ""),
    ("Resuelve 3x + 1 = 13, gracias ;)", "Resuelve 3x + 1 = 16, gracias ;)", {"x": 5}, ""),
    ('My textbook says "2(3x - 1) = 16". Can you solve it for x?',
     'My textbook says "2(3x - 1) = 22". Can you solve it for x?', {"x": 4}, ""),
    ("Solve '3x + 1 = 13' please.", "Solve '3x + 1 = 16' please.", {"x": 5}, ""),
    # shapes of the dev set's misses (written anew): a remark after the request, a greeting naming
    # the teacher, "just x" after "no explanation", a casual lead-in
    ("Помогите пожалуйста решить 3(x - 2) = 12, никак не получается",
     "Помогите пожалуйста решить 3(x - 2) = 21, никак не получается", {"x": 9}, ""),
    ("老师好，请帮我解一下这个方程：3(x + 1) = 18，谢谢！", "老师好，请帮我解一下这个方程：3(x + 1) = 24，谢谢！", {"x": 7}, ""),
    ("No explanation, just y: 7y + 4 = 39", "No explanation, just y: 7y + 4 = 60", {"y": 8}, "answer_only"),
    ("ugh stuck on this one: 13 - 2x = 5. what's x", "ugh stuck on this one: 13 - 2x = 3. what's x", {"x": 5}, ""),
    # the answer alone in one line
    ("0.2x + 1 = 2 を解いて、答えだけ一行で。", "0.2x + 1 = 3 を解いて、答えだけ一行で。", {"x": 10}, "one_line"),
]

# "Step k:" labels asked for each line: served as "Step 1:", "Step 2:", ...
STEP_LABELLED = [
    ("Solve 10x + 15 = 85 step by step, labelling each line 'Step k:'.",
     "Solve 10x + 15 = 95 step by step, labelling each line 'Step k:'.", {"x": 8}),
    ("Solve 4x - 2 = 10, labeling each step 'Step k:'.", "Solve 4x - 2 = 14, labeling each step 'Step k:'.", {"x": 4}),
]

# "exact answer (no decimals)": the fraction form, an integer or a/b ("5/2", never "2.5")
EXACT = [
    ("Solve 6x - 5 = 4, exact answer please (no decimals).", "Solve 6x - 5 = 10, exact answer please (no decimals).", "5/2"),
    ("Resuelve 6x - 5 = 4, respuesta exacta por favor (sin decimales).",
     "Resuelve 6x - 5 = 10, respuesta exacta por favor (sin decimales).", "5/2"),
    ("Résous 6x - 5 = 4, valeur exacte s'il te plaît (pas de décimales).",
     "Résous 6x - 5 = 10, valeur exacte s'il te plaît (pas de décimales).", "5/2"),
    ("Löse 6x - 5 = 4, exaktes Ergebnis bitte (keine Dezimalzahlen).",
     "Löse 6x - 5 = 10, exaktes Ergebnis bitte (keine Dezimalzahlen).", "5/2"),
    ("Resolva 6x - 5 = 4, resposta exata por favor (sem decimais).",
     "Resolva 6x - 5 = 10, resposta exata por favor (sem decimais).", "5/2"),
    ("Risolvi 6x - 5 = 4, risposta esatta per favore (senza decimali).",
     "Risolvi 6x - 5 = 10, risposta esatta per favore (senza decimali).", "5/2"),
    ("Реши 6x - 5 = 4, точный ответ, пожалуйста (без десятичных дробей).",
     "Реши 6x - 5 = 10, точный ответ, пожалуйста (без десятичных дробей).", "5/2"),
    ("解方程 6x - 5 = 4，要精确答案（不要小数）。", "解方程 6x - 5 = 10，要精确答案（不要小数）。", "5/2"),
    ("6x - 5 = 4 を解いて、正確な答えで（小数なし）。", "6x - 5 = 10 を解いて、正確な答えで（小数なし）。", "5/2"),
    ("Solve 3x + 1 = 7, exact answer.", "Solve 3x + 1 = 13, exact answer.", "4"),
]

# the answer boxed by a verb: the last line is "\boxed{<value>}"
BOXED = [
    ("Résous 9x - 7 = 11 en détaillant chaque étape, puis encadre le résultat final.",
     "Résous 9x - 7 = 20 en détaillant chaque étape, puis encadre le résultat final.", "3"),
    ("Solve 9x - 7 = 11 and put a box around the final answer.",
     "Solve 9x - 7 = 20 and put a box around the final answer.", "3"),
    ("Resuelve 9x - 7 = 11 y enmarca el resultado final.", "Resuelve 9x - 7 = 20 y enmarca el resultado final.", "3"),
    ("Löse 9x - 7 = 11 und umrahme das Ergebnis.", "Löse 9x - 7 = 20 und umrahme das Ergebnis.", "3"),
    ("Resolva 9x - 7 = 11 e coloque em uma caixa o resultado final.",
     "Resolva 9x - 7 = 20 e coloque em uma caixa o resultado final.", "3"),
    ("Risolvi 9x - 7 = 11 e incornicia il risultato finale.", "Risolvi 9x - 7 = 20 e incornicia il risultato finale.", "3"),
    ("Реши 9x - 7 = 11 и обведи в рамку ответ.", "Реши 9x - 7 = 20 и обведи в рамку ответ.", "3"),
    ("解方程 9x - 7 = 11，最终答案框出来。", "解方程 9x - 7 = 20，最终答案框出来。", "3"),
    ("9x - 7 = 11 を解いて、答えを枠で囲んでください。", "9x - 7 = 20 を解いて、答えを枠で囲んでください。", "3"),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_served_and_exactly_right(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    text = served_linear(first, second, expected, fmt)
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == set(expected), (second, problem)
    if fmt == "steps":
        assert "steps" in problem.format and len(text.strip().splitlines()) > 1, text
    if fmt == "answer_only":
        assert "answer_only" in problem.format, problem.format
    if fmt == "one_line":  # "答えだけ一行で": the answer alone, on one line
        assert {"answer_only", "one_line"} <= set(problem.format), problem.format
    if not fmt:
        assert not {"answer_only", "one_line", "numbered", "fraction", "decimal"} & set(problem.format), problem.format


@pytest.mark.parametrize(("first", "second", "expected"), STEP_LABELLED)
def test_step_labels_are_followed(first: str, second: str, expected: dict[str, int]) -> None:
    text = served_linear(first, second, expected, "numbered", step_labels=True)
    assert text.startswith("Step 1:"), text
    problem = understand_prompt(second)
    assert problem is not None and "numbered" in problem.format, (second, problem)


@pytest.mark.parametrize(("first", "second", "value"), EXACT)
def test_exact_answer_is_a_fraction_or_an_integer(first: str, second: str, value: str) -> None:
    text = served_linear(first, second)
    problem = understand_prompt(second)
    assert problem is not None and "fraction" in problem.format, (second, problem)
    last = text.strip().splitlines()[-1]
    assert last.rstrip(". ").endswith(f"x = {value}"), text
    # the answer line in the form asked (the working may show the division's decimal: the fraction
    # format is checked on the answer, as for "give x as a fraction")
    assert "." not in last.rstrip(". ") and "," not in last, text


@pytest.mark.parametrize(("first", "second", "value"), BOXED)
def test_boxed_answer_is_the_last_line(first: str, second: str, value: str) -> None:
    text = served_linear(first, second)
    assert text.strip().splitlines()[-1].strip() == f"\\boxed{{{value}}}", text


# a quoted answer template in the table's own words: its last line, verbatim with the value
TEMPLATES = [
    ('Resolva 3p + 4 = 19 e termine com "Resposta: p = <valor>".',
     'Resolva 3p + 4 = 25 e termine com "Resposta: p = <valor>".', "Resposta: p = 7"),
    ('Resuelve 3p + 4 = 19 y termina con "Respuesta: p = <valor>".',
     'Resuelve 3p + 4 = 25 y termina con "Respuesta: p = <valor>".', "Respuesta: p = 7"),
    ("Résous 3p + 4 = 19 et termine par « Réponse : p = <valeur> ».",
     "Résous 3p + 4 = 25 et termine par « Réponse : p = <valeur> ».", "Réponse : p = 7"),
    ('Risolvi 3p + 4 = 19 e termina con "Risposta: p = <valore>".',
     'Risolvi 3p + 4 = 25 e termina con "Risposta: p = <valore>".', "Risposta: p = 7"),
    ("Реши 3p + 4 = 19 и закончи строкой «Ответ: p = <значение>».",
     "Реши 3p + 4 = 25 и закончи строкой «Ответ: p = <значение>».", "Ответ: p = 7"),
    ('Löse 3p + 4 = 19 und ende mit "Antwort: p = <Wert>".', 'Löse 3p + 4 = 25 und ende mit "Antwort: p = <Wert>".',
     "Antwort: p = 7"),
    # an answer line's template after "Format:" or "write the answer as:" (unquoted)
    ("Find k. 10 - 3k = k - 10. Format: Answer: k = <value>", "Find k. 10 - 3k = k - 18. Format: Answer: k = <value>",
     "Answer: k = 7"),
    ("Реши 5y - 7 = 2y + 8. Ответ запиши в виде: Ответ: y = ...", "Реши 5y - 7 = 2y + 14. Ответ запиши в виде: Ответ: y = ...",
     "Ответ: y = 7"),
    ("Solve 5y - 7 = 2y + 8. Write the answer as: Answer: y = ?", "Solve 5y - 7 = 2y + 14. Write the answer as: Answer: y = ?",
     "Answer: y = 7"),
]

# the answer as a decimal, in the table's words ("sous forme décimale")
DECIMALS = [
    ("Résous 0,5x + 1,5 = 4 et donne la réponse sous forme décimale.",
     "Résous 0,5x + 2,5 = 7 et donne la réponse sous forme décimale.", "x = 9"),
    ("Résous 4x = 2 et donne la réponse sous forme décimale.", "Résous 4x = 10 et donne la réponse sous forme décimale.",
     "x = 2.5"),  # no decimal comma written in the prompt: a point
]


@pytest.mark.parametrize(("first", "second", "stated"), DECIMALS)
def test_the_decimal_form_is_followed(first: str, second: str, stated: str) -> None:
    text = served_linear(first, second)
    problem = understand_prompt(second)
    assert problem is not None and "decimal" in problem.format, (second, problem)
    assert text.strip().splitlines()[-1].rstrip(". ").endswith(stated), text


@pytest.mark.parametrize(("first", "second", "line"), TEMPLATES)
def test_a_template_in_the_tables_words_is_the_last_line(first: str, second: str, line: str) -> None:
    text = served_linear(first, second)
    assert text.strip().splitlines()[-1].strip() == line, text


TRAPS = [
    "Find w. 10 - 3w = w - 14. Format: Answer: v = <value>",                     # the template names another unknown
    "No explanation, just y: 13x + 4 = 82",                                      # an unknown not in the equation
    "Помогите пожалуйста решить 2(x - 4) = 18, никак не получается понять",      # a word outside the table
    "Résous 3x = 1 et donne la réponse sous forme décimale.",                    # no finite decimal
    "No explanation, just x: 13x + 4 = 82. Show your steps.",                    # two formats that exclude each other
    'Resolva 3p + 4 = 25 e termine com "Resposta: p \u2248 <valor>".',               # approximately: no template read
    'Resolva 3p + 4 = 25 e termine com "Resposta: p = <decimal>".',              # a slot naming a form
    'Resolva 3p + 4 = 25 e termine com "Resposta: q = <valor>".',                # the template names another unknown
    'Resolva 3p + 4 = 25 e termine com "Resposta: p = <valor> <valor>".',        # two slots
    "Solve 3x + 1 = 16 :(",                                                       # an emoticon outside the table
    "Solve (3x + 1 = 16 :)",                                                      # a bracket left open
    'My textbook says "2(3x - 1) = 22" inches. Solve it for x.',                 # a word after the quote
    'The board is 2x = 6" long. Find x.',                                         # an inch mark, no quote
    "**Problem:** 11x - 9 = 35\n**Answer:** x = ?",                               # a bold template: kept, no claim
    "Solve 11x - 9 = 35. **Answer:** x = 4",                                      # bold inside a line: kept

    "Hi! Could you please help me check whether x = 4 solves 6x + 4 = 40? Thanks so much!",  # a check (yes/no), not x
    "Hi! Could you please help me figure out 2x in 6x + 4 = 40? Thanks!",       # another expression: read as 2x or not at all
    "Hi! Could you please help me figure out x in 6x + 4 = 40? Thanks 🦄",        # an emoji outside the table
    'Resuelve 3x + 5 = 20. Termina con "Resposta: x = <valor>".',               # a template in another table's words
    'Solve 3x + 5 = 20. End with "Resposta: x = <valor>".',                     # a template in another table's words
    "🦄 Solve 3x + 2 = 11.",                                                    # an emoji outside the table, first
    "You are a patient math tutor. A student asks: is 2a + 9 = 31 true for a = 11?",  # another question
    "You are a patient math tutor. A student asks: what is 2a in 2a + 9 = 31?",  # another expression
    "You are a patient math tutor. A student complains: 2a + 9 = 31.",          # a verb outside the table
    "A student asks: solve 2a + 9 = 31 or 2a + 9 = 33.",                        # two problems
    "I'm helping my kid with algebra and we're stuck on 12 - 2x = 4. What's 2x?",  # another expression
    "I'm helping my kid with geometry and we're stuck on 12 - 2x = 4. What's x?",  # a word outside the table
    "I'm helping my kid with algebra and we're stuck on 12 - 2x = 4 and 3x = 9. What's x?",  # two equations, one unknown
    "Solve 10x + 15 = 95, labelling each line 'Line k:'.",                        # a label no rule reads
    "Solve 6x - 5 = 10, exact answer please (no fractions).",                    # "no fractions": not read
    "Solve 6x - 5 = 10 please (no decimals).",                                   # no "exact": maybe a rounded whole number
    "解方程 6x - 5 = 10（不要小数）。",                                              # no "exact": maybe a rounded whole number
    "Löse 6x - 5 = 10, bitte keine Nachkommastellen.",                            # no decimal places: rounded?
    "Solve 6x - 5 = 10, exact answer please (two decimals).",                    # rounding asked
    "Solve 6x - 5 = 10, exact answer as a decimal please.",                     # two forms
    "Résous 9x - 7 = 20, puis encadre le double du résultat.",                  # another quantity boxed
    "Résous 9x - 7 = 20, puis encadre les étapes.",                             # the steps boxed
    "Oi, tudo bem? Preciso descobrir o y em 2x - 9 = 7, pode me ajudar?",       # an unknown not in the equation
    "Oi, tudo mal? Preciso descobrir o x em 2x - 9 = 7.",                       # a word outside the table
    "作业第4题：已知 5n + 15 = 50，求 2n 的值。",                                 # another expression: 2n or nothing
    "作业第4.5题：已知 5n + 15 = 50，求 n 的值。",                                # no label number
    "作业第4题 5n + 15 = 50，求 n 的值。",                                       # no colon after the label
    "0.2x + 1 = 3 を解いて、答えだけ一行で、途中式も書いてください。",                  # two formats that exclude each other
    "9a + 9 = 63 を満たさない a を求めなさい。",                                   # a negation
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_never_served_wrong(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is None:
        return
    # read: only as what it asks, exactly (another expression read as that expression)
    assert any(e in trap for e in ("2x", "2n", "2a", "check")), (trap, problem)
    if "check" in trap:
        assert problem.format and problem.format[0] == "check x = 4", problem.format
    else:
        assert problem.target in ("2*x", "2*n", "2*a"), (trap, problem.target)
