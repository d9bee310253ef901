"""Linear reach, round 5 (issue 33 items 2-4, branch wip/linJ), written by hand per CLASS of wording
in every table where the class exists, not from any held-out file. Each pair: the first prompt is
answered by a model that is never right (only what the checker or the deterministic fallback proves
is stored), then the second is served proven without a model call and exactly right; each trap is no
claim, or, when read, answers exactly what it asks.

Classes:
1. a homework/courtesy wrapper with the question after: a lead-in stating the equations ("My
   textbook says ...", "宿題で ... が出ました"), a remark after them ("... and I'm really stuck", "...,
   je suis perdu, tu peux m'aider ?"), a help request naming the homework or "this one" ("Kannst du
   mir bei meiner Hausaufgabe helfen?", "Me ajuda com essa: ..."), the question after a comma
   ("..., the equation is ..., what's x?", "Помоги с домашкой: ..., чему равен y?");
2. the working asked as the format: a "mode" label ("Tutor mode: ..."), "explain it", "explain each
   step briefly" after the request, "write the steps numbered", "step by step" in more words
   ("手順ごとに", "请分步骤写");
3. the answer's form said between the request and a colon before the equations ("Solve for r,
   answer as a fraction: ...", "Solve for m and number your steps: ...", "Gib die Lösung in einer
   Zeile an: ...", "reply in one sentence", "..., one line please");
4. a persona system turn naming its field ("Ты помощник по математике", "Eres una profesora de
   matemáticas", "你是一个耐心的数学老师"), an English "System:" label before another language, and
   code-switching ("Resuelve por favor / please solve: ...")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_pair_served, served_linear, stated_in_sentence




def served(first: str, second: str) -> str:
    return served_linear(first, second)


PAIRS = [
    # 1. homework/courtesy wrappers, the question after
    ("My textbook says 5n + 3 = 28 and I'm really stuck. What's n?",
     "My textbook says 5n + 3 = 38 and I'm really stuck. What's n?", {"n": 7}, "", ""),
    ("My worksheet asks 4 + 2k = 20 and I have no idea how to get k. Can you explain it?",
     "My worksheet asks 4 + 2k = 24 and I have no idea how to get k. Can you explain it?", {"k": 10}, "steps", ""),
    ("I'm stuck on my homework, the equation is 4x - 1 = 11, what's x?",
     "I'm stuck on my homework, the equation is 4x - 1 = 19, what's x?", {"x": 5}, "", ""),
    ("Tengo este problema: 3(y - 2) = 9. ¿Me ayudas a encontrar y?",
     "Tengo este problema: 3(y - 2) = 12. ¿Me ayudas a encontrar y?", {"y": 6}, "", ""),
    ("Es para mañana: 2(y + 1) = 10. ¿Me ayudas a despejar y?",
     "Es para mañana: 2(y + 1) = 14. ¿Me ayudas a despejar y?", {"y": 6}, "", ""),
    ("Kannst du mir bei meiner Hausaufgabe helfen? 4(z + 1) = 20",
     "Kannst du mir bei meiner Hausaufgabe helfen? 4(z + 1) = 28", {"z": 6}, "", ""),
    ("Olá! Me ajuda com essa: 2(n - 1) = 10?", "Olá! Me ajuda com essa: 2(n - 1) = 14?", {"n": 8}, "", ""),
    ("On nous a donné 2n + 3 = 11, je suis perdu, tu peux m'aider ?",
     "On nous a donné 2n + 3 = 15, je suis perdu, tu peux m'aider ?", {"n": 6}, "", ""),
    ("Compiti per casa: trova c sapendo che 20 = 4c - 8",
     "Compiti per casa: trova c sapendo che 24 = 4c - 8", {"c": 8}, "", ""),
    ("Помогите с домашкой: 3(y - 1) = 12, чему равен y?",
     "Помогите с домашкой: 3(y - 1) = 18, чему равен y?", {"y": 7}, "", ""),
    ("宿題で困っています。2(b + 3) = 16 の b を求めて。", "宿題で困っています。2(b + 3) = 20 の b を求めて。", {"b": 7}, "", ""),
    ("宿題に 4(c - 1) = 12 が出ました。c はいくつですか？", "宿題に 4(c - 1) = 20 が出ました。c はいくつですか？", {"c": 6}, "", ""),
    # 2. the working asked as the format
    ("Tutor mode: walk me through solving 14 = 2 + 3w.", "Tutor mode: walk me through solving 20 = 2 + 3w.",
     {"w": 6}, "steps", ""),
    ("Solve 5x - 3 = 2x + 9. Explain each step briefly.", "Solve 5x - 3 = 2x + 15. Explain each step briefly.",
     {"x": 6}, "steps", ""),
    ("Bestimme b aus 4(b - 1) = 2b + 6. Schreib die Schritte nummeriert auf.",
     "Bestimme b aus 4(b - 1) = 2b + 10. Schreib die Schritte nummeriert auf.", {"b": 7}, "numbered", ""),
    ("作业题：4(n - 2) = 12，求 n，请分步骤写。", "作业题：4(n - 2) = 16，求 n，请分步骤写。", {"n": 6}, "steps", ""),
    ("7n - 5 = 4n + 10 を手順ごとに解いて", "7n - 5 = 4n + 16 を手順ごとに解いて", {"n": 7}, "steps", ""),
    # 3. the answer's form before the colon, or joined after the request
    ("Solve for m, answer as a fraction: 4m + 1 = 4", "Solve for m, answer as a fraction: 4m + 1 = 2",
     {"m": Fraction(1, 4)}, "", ""),
    ("Solve for p and number your steps: 5p + 2 = 3p + 12", "Solve for p and number your steps: 5p + 2 = 3p + 16",
     {"p": 7}, "numbered", ""),
    ("Gib die Lösung in einer Zeile an: 7k + 2 = 3k + 22", "Gib die Lösung in einer Zeile an: 7k + 2 = 3k + 30",
     {"k": 7}, "one_line", ""),
    ("Solve 4x = 28 and reply in one sentence.", "Solve 4x = 36 and reply in one sentence.", {"x": 9}, "one_line", ""),
    ("Compute x from 9x = 3x + 30, one line please.", "Compute x from 9x = 3x + 42, one line please.",
     {"x": 7}, "one_line", ""),
    ("What number x makes 4x - 2 = 18 true?", "What number x makes 4x - 2 = 26 true?", {"x": 7}, "", ""),
    ("Find the value of b satisfying 9b - 2 = 5b + 10.", "Find the value of b satisfying 9b - 2 = 5b + 14.",
     {"b": 4}, "", ""),
    # 4. personas naming their field, an English "System:" label, code-switching
    ("Система: Ты терпеливый учитель по математике. | Пользователь: реши 4p + 2 = p + 14 по шагам",
     "Система: Ты терпеливый учитель по математике. | Пользователь: реши 4p + 2 = p + 20 по шагам", {"p": 6}, "steps", ""),
    ("System: Ты репетитор.\nUser: реши 20 = 3p + 2", "System: Ты репетитор.\nUser: реши 23 = 3p + 2", {"p": 7}, "", ""),
    ("System: 你是一个耐心的数学老师。\nUser: 解 20 = 3k + 5", "System: 你是一个耐心的数学老师。\nUser: 解 26 = 3k + 5",
     {"k": 7}, "", ""),
    ("システム: あなたは親切な数学の先生です。 | ユーザー: 6n - 4 = 3n + 11 を手順ごとに解いて",
     "システム: あなたは親切な数学の先生です。 | ユーザー: 6n - 4 = 3n + 14 を手順ごとに解いて", {"n": 6}, "steps", ""),
    ("System: Du bist ein freundlicher Mathe-Assistent.\nUser: Löse 26 = 6 + 4m",
     "System: Du bist ein freundlicher Mathe-Assistent.\nUser: Löse 30 = 6 + 4m", {"m": 6}, "", ""),
    ("Sistema: Eres una profesora de matemáticas. | Usuario: Resuelve 3x + 2 = 17",
     "Sistema: Eres una profesora de matemáticas. | Usuario: Resuelve 3x + 2 = 20", {"x": 6}, "", ""),
    ("Resuelve por favor / please solve: 4x - 8 = 12", "Resuelve por favor / please solve: 4x - 8 = 16",
     {"x": 6}, "", ""),
    ("Löse bitte / please solve: 3x + 3 = 18", "Löse bitte / please solve: 3x + 3 = 21", {"x": 6}, "", ""),
    # the same classes, more wordings in more tables
    ("Can you help me with my homework? 3x + 4 = 19", "Can you help me with my homework? 3x + 4 = 25", {"x": 7}, "", ""),
    ("I'm stuck on 3x + 4 = 19. What's x?", "I'm stuck on 3x + 4 = 28. What's x?", {"x": 8}, "", ""),
    ("Estoy atascado con 3x + 1 = 10, ¿me ayudas?", "Estoy atascado con 3x + 1 = 13, ¿me ayudas?", {"x": 4}, "", ""),
    ("Non capisco questo esercizio: 2x + 5 = 11. Quanto vale x?",
     "Non capisco questo esercizio: 2x + 5 = 13. Quanto vale x?", {"x": 4}, "", ""),
    ("Не понимаю задание: 4x - 3 = 9. Чему равен x?", "Не понимаю задание: 4x - 3 = 13. Чему равен x?", {"x": 4}, "", ""),
    ("Peux-tu m'aider avec mes devoirs ? 2x + 3 = 9", "Peux-tu m'aider avec mes devoirs ? 2x + 3 = 11", {"x": 4}, "", ""),
    ("Erkläre mir Schritt für Schritt, wie man 3x + 2 = 11 löst.",
     "Erkläre mir Schritt für Schritt, wie man 3x + 2 = 14 löst.", {"x": 4}, "steps", ""),
    ("请一步一步解释怎么解 3x + 2 = 11。", "请一步一步解释怎么解 3x + 2 = 17。", {"x": 5}, "steps", ""),
    ("5x + 1 = 11 の解き方を一歩ずつ教えてください。", "5x + 1 = 16 の解き方を一歩ずつ教えてください。", {"x": 3}, "steps", ""),
    ("Resolva para x, resposta em fração: 3x = 2", "Resolva para x, resposta em fração: 3x = 1", {"x": Fraction(1, 3)}, "", ""),
    ("Solve for x in one line: 5x = 35", "Solve for x in one line: 5x = 45", {"x": 9}, "one_line", ""),
    ("系统：你是一位耐心的数学老师。| 用户：解方程 3x - 5 = 16", "系统：你是一位耐心的数学老师。| 用户：解方程 3x - 5 = 19",
     {"x": 8}, "", ""),
    ("System: You're a helpful assistant. | User: Solve 3x - 5 = 16",
     "System: You're a helpful assistant. | User: Solve 3x - 5 = 22", {"x": 9}, "", ""),
    ("Hi! Sorry to bother you, could you please help me solve 9 - 2k = 1? Thank you so much!",
     "Hi! Sorry to bother you, could you please help me solve 9 - 2k = -3? Thank you so much!", {"k": 6}, "", ""),
    ("Donne juste le résultat, pas d'explication : 10 - 3x = 2x - 5",
     "Donne juste le résultat, pas d'explication : 10 - 3x = 2x - 10", {"x": 4}, "answer_only", ""),
    ("Système : Tu es un assistant de maths concis.\nUtilisateur : 3(2x + 1) - 4 = 29, x = ?",
     "Système : Tu es un assistant de maths concis.\nUtilisateur : 3(2x + 1) - 4 = 35, x = ?", {"x": 6}, "answer_only", ""),  # concis: the brief format (red team 30b)
    ("Mostra tutti i passaggi numerandoli: 3x + 1 = 10", "Mostra tutti i passaggi numerandoli: 3x + 1 = 13",
     {"x": 4}, "numbered", ""),
    ("お忙しいところ恐れ入りますが、2(3x - 1) = 4x + 6 の解き方を教えていただけますでしょうか。",
     "お忙しいところ恐れ入りますが、2(3x - 1) = 4x + 8 の解き方を教えていただけますでしょうか。", {"x": 5}, "steps", ""),
    ("Gib die Lösung als gekürzten Bruch an: 6x + 1 = 3", "Gib die Lösung als gekürzten Bruch an: 6x + 1 = 5",
     {"x": Fraction(2, 3)}, "", ""),
    ("Explain how to solve 2x + 3 = 11 step by step.", "Explain how to solve 2x + 3 = 15 step by step.", {"x": 6}, "steps", ""),
    ("解 3x = 2，用分数表示答案。", "解 3x = 1，用分数表示答案。", {"x": Fraction(1, 3)}, "", ""),
    ("Solve for x (fraction): 5x = 2", "Solve for x (fraction): 5x = 3", {"x": Fraction(3, 5)}, "", ""),
    ("Boa tarde. Poderia, por favor, resolver a equação 4(x - 1) = 2x + 6 e indicar os passos? Obrigado.",
     "Boa tarde. Poderia, por favor, resolver a equação 4(x - 1) = 2x + 8 e indicar os passos? Obrigado.", {"x": 6}, "steps", ""),
    ("Gentile assistente, potrebbe cortesemente aiutarmi a risolvere 3(x - 1) = x + 7? La ringrazio.",
     "Gentile assistente, potrebbe cortesemente aiutarmi a risolvere 3(x - 1) = x + 9? La ringrazio.", {"x": 6}, "", ""),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt", "bare"), PAIRS)
def test_served_and_exactly_right(first: str, second: str, expected: dict[str, Fraction], fmt: str,
                                  bare: str) -> None:
    assert_linear_pair_served(first, second, expected, fmt, served)


def test_a_fraction_asked_is_served_as_the_fraction() -> None:
    """"answer as a fraction" before the colon: the served answer is the fraction, never a decimal."""
    text = served("Solve for r, answer as a fraction: 9r + 2 = 4", "Solve for r, answer as a fraction: 9r + 2 = 6")
    assert "r = 4/9" in text.strip().splitlines()[-1] and "fraction" in understand_prompt(
        "Solve for r, answer as a fraction: 9r + 2 = 6").format, text


def test_a_decimal_asked_is_served_as_the_decimal() -> None:
    text = served("Solve for r, answer as a decimal: 4r + 1 = 4", "Solve for r, answer as a decimal: 4r + 1 = 2")
    assert "r = 0.25" in text.strip().splitlines()[-1], text


TRAPS = [
    "My textbook says 5n + 3 = 28 and I'm really stuck. Don't solve it.",         # asked not to solve
    "My textbook says 5n + 3 > 28 and I'm really stuck. What's n?",               # an inequality
    "My textbook says x + y = 10 and I have no idea how to get x. Can you explain it?",  # two unknowns, one equation
    "Tutor mode: walk me through solving 14 = 2 + 3w. Answer only.",              # two formats
    "Solve for m, answer as a decimal: 3m + 1 = 3",                               # 2/3: no finite decimal
    "Solve for m, answer as a fraction: 4m + 1 = 4, don't solve",                 # asked not to solve
    "Solve for m, answer as a fraction and as a decimal: 4m + 1 = 4",             # two forms
    "Kannst du mir bei meiner Hausaufgabe helfen? 4(z + 1) < 20",                 # an inequality
    "Olá! Me ajuda com essa: x + y = 10?",                                        # two unknowns, one equation
    "What number x makes 4x - 2 = 18 false?",                                     # not the equation's solution
    "What number y makes 4x - 2 = 18 true?",                                      # no unknown of the equation
    "Compute x from 9x = 3x + 30, one line please. Show your steps.",             # two formats
    "Gib die Lösung in einer Zeile an: 7k + 2 = 3k + 22. Zeige alle Schritte.",   # two formats
    "Помогите с домашкой: 3(y - 1) = 12, не решай",                               # asked not to solve
    "Система: Ты терпеливый учитель по математике. | Пользователь: реши 4p + 2 = p + 14 по шагам, только ответ",
    "Solve for p and number your steps: 5p + 2 = 3p + 12. Only the answer.",      # two formats
    "Solve x / please solve: 2x = 4",                                             # a slash beside an unknown
    "Resuelve / x: 2x = 4",                                                       # a slash before an unknown
    "On nous a donné 2n + 3 = 11, je suis perdu, tu peux m'aider à trouver m ?",  # another quantity
    "宿題に 4(c - 1) = 12 が出ました。d はいくつですか？",                              # another quantity
    "Solve 4x = 28 and reply in one sentence. Show every step.",                  # two formats
    "Quick question -2x + 7 = 15 and I'm stuck. What's x?",                       # a dash pausing, or a minus?
    "My textbook says -2x + 7 = 15 and I'm stuck. What's x?",
    "I'm stuck on x + y = 5. What's x?",                                          # two unknowns, one equation
    "Estoy atascado con 3x + 1 > 10, ¿me ayudas?",                                # an inequality
    "Explain how to solve 3x - 5 = 16 step by step. Answer only.",                # two formats
    "Solve for x (fraction): 3x = 2. Give x as a decimal.",                       # two forms
    "Не понимаю задание: 4x - 3 = 9. Чему равен y?",                              # another quantity
    "System: You're a pirate. | User: Solve 3x - 5 = 16",                         # a persona no table declares
    "So 4x = 2.",                                                                 # a step's words, no request
    "Gentile assistente, potrebbe cortesemente aiutarmi a risolvere 3(x - 1) = x + 7? Solo la risposta. Mostra i passaggi.",
    "Dear pirate, solve 3x = 12.",                                                # a persona no table declares
    "Donne juste le résultat, pas d'explication : 10 - 3x = 2x - 5. Montre les étapes.",  # two formats
    "Gib die Lösung als gekürzten Bruch an: 6x + 1 = 3. Gib x als Dezimalzahl an.",   # two forms
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


@pytest.mark.parametrize(("prompt", "asked", "target", "fmt"), [
    # the asked quantity changed: read, and exactly what is asked
    ("My textbook says 5n + 3 = 28 and I'm really stuck. What's 2n?", ("n",), "2*n", ()),
    ("Tengo este problema: 3(y - 2) = 9. ¿Me ayudas a encontrar 2y?", ("y",), "2*y", ()),
    ("Помогите с домашкой: 3(y - 1) = 12, чему равен 2y?", ("y",), "2*y", ()),
    ("Find x / y if x + y = 3, x - y = 1", ("x", "y"), "x/y", ()),      # the slash divides: the quotient asked
    ("I'm stuck on my homework, the equation is x + y = 10, x - y = 4, what's y?", ("y",), "", ()),
    ("Solve for y, answer as a fraction: x + 3y = 2, x - y = 0", ("y",), "", ("fraction",)),
    ("Show your work: 6x - 4 = 2x + 12", ("x",), "", ("steps",)),
    ("Explain each step briefly: 6x - 4 = 2x + 12", ("x",), "", ("steps",)),
    ("Tutor mode: solve 9 = 4 + 5z.", ("z",), "", ("steps",)),
    ("Solve for x, answer in a box: 3x = 9", ("x",), "", ()),
])
def test_the_asked_quantity_and_format_are_exactly_what_is_asked(prompt: str, asked: tuple[str, ...], target: str,
                                                                 fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert (problem.asked, problem.target, problem.format) == (asked, target, fmt), (
        prompt, problem.asked, problem.target, problem.format)


def test_the_working_shown_then_one_unknown_asked_is_served() -> None:
    """"Show your work: <system>. Solve for x.": one request (x), its working shown (a trap of wip/linE, when
    "Show your work: ..." was itself a request to solve every unknown; now a format before a colon)."""
    second = "Show your work: x + y = 3, x - y = 1. Solve for x."
    text = served("Show your work: x + y = 5, x - y = 1. Solve for x.", second)
    problem = understand_prompt(second)
    assert problem is not None and problem.asked == ("x",) and "steps" in problem.format
    assert stated_in_sentence(text.strip().splitlines()[-1], "x") == 2 and stated_in_sentence(text.strip().splitlines()[-1], "y") is None, text


def test_a_box_asked_before_the_colon_is_the_boxed_line() -> None:
    problem = understand_prompt("Solve for x, answer in a box: 3x = 9")
    assert problem is not None and problem.answer_form == "\\boxed{<value>}"
