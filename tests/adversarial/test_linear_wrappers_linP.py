"""Linear reach, branch wip/linP, written by construction per FAMILY of wrapper around a written
equation (not per example of a held-out file). Each phrasing is written with "{eq}" (and "{v}" for
its unknown): the first prompt holds 3v + 2 = 17 and is answered by a model that is never right, the
second only the constant changed (3v + 2 = 23), served proven without a model call and exactly
right (v = 7), in every table the family is declared in; each trap is never served wrong.

Families: (1) exercise labels, "<label noun> <id> <punct>": a table of label nouns per language,
the id any of "3", "#3", "№3", "12b", "12(b)", "4.2", "Q4", "IV", closed by ":", ". ", ")", " - " or
nothing before a word; the label carries no number into the problem. (2) courtesy and context
clauses: greetings, thanks, "could you (please) help me (with this one)", "I'm stuck (lol)", "my
teacher gave us this", "can someone help", in every table, before or after the problem, emoticons and
"!!"; a clause with a number or an unknown is never courtesy. (3) answer-shape instructions mapped to
the enforced formats: the number alone ("Reply with just the number x": the last line "7"), a
quoted template ("End your reply with 'Answer: x = ...'", "then a final line 'z = ...': ...", "no
formato 'x = ...'": the last line, verbatim with the value), a fraction or decimal form, the answer
alone ("answer tersely"), the steps ("Détailler les étapes"). (4) chat transcripts whose system turn
names only a persona or a format ("System: answer tersely.\nUser: ..., x = ?", in every table), and
bare questions: one equation alone before its question mark ("x - 3 = 2(x - 9)?"), "x in ... ?",
"..., x = ?", "what is x in ..."."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import served_linear

FIRST, SECOND = "3{v} + 2 = 17", "3{v} + 2 = 23"


def _pair(phrasing: str, v: str = "x") -> tuple[str, str, dict[str, int]]:
    return (phrasing.format(eq=FIRST.format(v=v), v=v), phrasing.format(eq=SECOND.format(v=v), v=v), {v: 7})


# (1) labels: "<label noun> <id> <punct>" in every table
LABELS = [
    "Exercise 7: solve {eq}", "Exercise 7. Solve {eq}", "Exercise 7) Solve {eq}", "Exercise 7 - solve {eq}",
    "Problem 12b: {eq}", "Problem 4.2. Find {v}: {eq}", "Question IV: what is {v} if {eq}?", "Task #3. {eq}",
    "Ex. 5: solve for {v}: {eq}", "HW 3: {eq}", "Homework 2b. Solve {eq}.", "Homework Q7: find {v}: {eq}",
    "Practice problem 9 solve {eq}", "Exercise 12(b). Determine the value of {v} for which {eq}.",
    "Assignment 3: solve {eq}", "Worksheet problem 14) solve {eq}",
    "Ejercicio 4. Resuelve {eq}", "Ejercicio 4b) Resuelve {eq}", "Problema 2: {eq}",
    "Pregunta 3. ¿Cuánto vale {v} en {eq}?",
    "Exercice 3 : résous {eq}", "Exercice 3. Résoudre {eq}.", "Exercice n°3 : résous {eq}", "Question 2) Trouve {v} : {eq}",
    "Aufgabe 5: Löse {eq}", "Aufgabe 5b) Löse {eq}", "Übung 3. Löse {eq}.", "Aufgabe Nr. 4: {eq}", "Nr. 4: Löse {eq}",
    "Questão 3) Resolva {eq}", "Exercício 2. Resolva {eq}", "Questão 4: quanto vale {v} em {eq}?",
    "Questão 3) Determine o valor de {v}: {eq}",
    "Esercizio 3: risolvi {eq}", "Esercizio 3. Risolvi {eq}", "Problema 2) Risolvi {eq}",
    "Задание 4. Решите уравнение {eq}", "Задача 2: решите {eq}", "Упражнение 5) Реши {eq}", "№5. Решите {eq}",
    "Задание 4. Найдите значение {v}: {eq}", "№3. {eq}",
    "题1：解方程 {eq}", "第4题：解方程 {eq}", "練習問題 3：{eq} を解いて", "問2. {eq} を解いてください",
]

LABEL_TRAPS = [
    "Problem 3: add 3 to both sides of 3x + 2 = 23",      # a verb outside the table: what is asked is not read
    "Exercise 3 and 4: solve 3x + 2 = 23",                # two labels
    "Problem 3 x = 5",                                     # an id before a term
    "Exercise 3.5x = 2",                                   # an id run into the equation
    "Exercise 3 times 3x + 2 = 23",                        # a word outside the table
    "Problem 3 multiply 3x + 2 = 23 by 3",                 # another task
    "Exercise 2: solve 3x + 2 = 23 in binary",             # a format not enforced
    "Exercise 2: solve 3x + 2 = 23 and answer in words",   # a format not enforced
    "Task 3: write a word problem for 3x + 2 = 23",        # another task
    "Exercise 3x: solve 3x + 2 = 23",                      # a label's part that is an unknown
    "Exercise 12(b) 3x + 2 = 23",                          # an id, then a term
    "Exercise 3) 4) solve 3x + 2 = 23",                    # two ids
    "Q3: solve 3x + 2 = 23",                               # "Q" alone is a role's, not a label noun
    "Exercise 3. 3x + 2 = 23. What is 2x?",                # another expression: read as 2x or not at all
    "Aufgabe 5: Löse 3x + 2 = 23 und 2x = 8",              # two equations, one unknown
]


@pytest.mark.parametrize("phrasing", LABELS)
def test_a_labelled_problem_is_served_exactly(phrasing: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected)
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == {"x"} and problem.solution["x"] == 7, (second, problem)


def _never_wrong(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is None:
        return
    assert "2x" in trap and problem.target == "2*x" and problem.target_value == 14, (trap, problem)


@pytest.mark.parametrize("trap", LABEL_TRAPS)
def test_a_label_trap_is_never_served_wrong(trap: str) -> None:
    _never_wrong(trap)


# (2) courtesy and context clauses, before and after the problem, in every table
COURTESY = [
    "Hi! Could you please help me with this one: {eq}. Thanks so much!!",
    "Hello, can someone help me with this one? {eq}. Thanks!",
    "Hey! I'm stuck lol: {eq}. What's {v}?",
    "ok so my teacher gave us this and im stuck lol: {eq}. whats {v}?",
    "ugh stuck on this one lol: {eq}. what's {v}",
    "Solve {eq} please, thanks so much!!",
    "Can you help me solve {eq}? I'm stuck :)",
    "my teacher gave us this: {eq}. can someone help?",
    "Hi there! Solve {eq} for {v}. Thanks in advance 🙏",
    "Hola, ¿me podrías ayudar a despejar {v} en {eq}? Gracias!",
    "Hola! ¿Alguien me ayuda? ¿Cuánto vale {v} en {eq}? Gracias",
    "Buenas, estoy atascado: {eq}. ¿Cuánto vale {v}?",
    "Bonjour ! Tu peux m'aider avec celui-ci : {eq} ? Merci beaucoup !!",
    "Salut, je bloque : {eq}. Combien vaut {v} ?",
    "Hallo! Kannst du mir bitte sagen, was {v} bei {eq} ist?",
    "Weißt du, was {v} bei {eq} ist?",
    "Hallo, kannst du mir helfen? {eq}. Danke!",
    "Hi, ich komme nicht weiter: {eq}. Was ist {v}?",
    "Oi, alguém me ajuda? Quanto vale {v} em {eq}?",
    "Olá! Pode me ajudar com essa: {eq}? Obrigado!!",
    "Oi, travei nessa: {eq}. Quanto vale {v}?",
    "Ciao! Mi puoi aiutare con questo: {eq}? Grazie mille!",
    "Ciao, sono bloccato: {eq}. Quanto vale {v}?",
    "Привет! Помоги, пожалуйста, с этим: {eq}. Спасибо!",
    "Привет, застрял: {eq}. Чему равен {v}?",
    "你好！请帮我解一下这道题：{eq}。谢谢！",
    "你好，我卡住了：{eq}，{v} 等于多少？",
    "こんにちは！この問題を手伝ってください：{eq}。ありがとう！",
    "すみません、{eq} の {v} はいくつですか？ありがとうございます！",
]

COURTESY_TRAPS = [
    "Hi! Could you please help me with this one: 3x + 2 = 23. Thanks so much, x is 2!!",  # a clause with a value
    "Hey! I'm stuck lol: 3x + 2 = 23. What's y?",                   # an unknown not in the equation
    "ok so my teacher gave us this and im stuck lol: 3x + 2 = 23. whats 2x?",  # another expression: 2x or nothing
    "ok so my teacher gave us this and im stuck lmao: 3x + 2 = 23. whats x?",  # a word outside the table
    "my teacher gave us this: 3x + 2 = 23 and 3x + 2 = 20. can someone help?",  # two equations, one unknown
    "Hi! Could you please help me with this one: 3x + 2 = 23. Then 4x = 8!!",   # a second problem
    "Hallo! Kannst du mir bitte sagen, was y bei 3x + 2 = 23 ist?",  # an unknown not in the equation
    "Hallo! Kannst du mir bitte sagen, ob x bei 3x + 2 = 23 gleich 7 ist?",  # a yes/no question
    "Oi, alguém me ajuda? Quanto vale x em 3x + 2 = 23? E quanto vale 2x?",   # a second question
    "Hey! I'm stuck lol: 3x + 2 = 23. What's x? 🦄",                 # an emoji outside the table
    "Привет, застрял: 3x + 2 = 23. Чему равен x в квадрате?",        # another expression
]


@pytest.mark.parametrize("phrasing", COURTESY)
def test_a_courteous_problem_is_served_exactly(phrasing: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected)
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == {"x"} and problem.solution["x"] == 7, (second, problem)
    assert not problem.format, problem.format


@pytest.mark.parametrize("trap", COURTESY_TRAPS)
def test_a_courtesy_trap_is_never_served_wrong(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is None:
        return
    assert ("2x" in trap and problem.target == "2*x" and problem.target_value == 14) or (
        "квадрате" in trap and problem.target == "x**2" and problem.target_value == 49), (trap, problem)


# (3) answer-shape instructions: (phrasing, the last line served, the format read)
FORMATS = [
    ("{eq}. Reply with just the number {v}.", "7", "bare_number"),
    ("Solve {eq}. Answer with only the number {v}.", "7", "bare_number"),
    ("Resuelve {eq}. Solo el número.", "7", "bare_number"),
    ("Resolva {eq}. Responda só com o número.", "7", "bare_number"),
    ("Löse {eq}. Nur die Zahl.", "7", "bare_number"),
    ("Risolvi {eq}. Rispondi solo con il numero.", "7", "bare_number"),
    ("Реши {eq}. В ответе только число.", "7", "bare_number"),
    ("解方程 {eq}，只回答数字。", "7", "bare_number"),
    ("{eq} を解いて。数字だけで答えて。", "7", "bare_number"),
    ("Solve {eq}. End your reply with 'Answer: {v} = ...'.", "Answer: x = 7", ""),
    ('Solve {eq} and end your response with "Answer: {v} = <value>".', "Answer: x = 7", ""),
    ("Solve for {v}, show the steps, then a final line '{v} = ...': {eq}", "x = 7", "steps"),
    ("Solve for {v}, then a final line '{v} = ?': {eq}", "x = 7", ""),
    ("Find {v} and write the answer in the form '{v} = ...': {eq}", "x = 7", ""),
    ("Encontre {v} e escreva a resposta no formato '{v} = ...': {eq}", "x = 7", ""),
    ("Resuelve para {v} y escribe la respuesta en el formato '{v} = ...': {eq}", "x = 7", ""),
    ("Trouve {v} et écris la réponse au format '{v} = ...' : {eq}", "x = 7", ""),
    ("System: answer tersely.\nUser: {eq}, {v} = ?", "", "answer_only"),
    ("System: be concise.\nUser: Solve {eq}", "", "answer_only"),
    ("Solve {eq}. Only the value.", "", "answer_only"),
    ("Exercice 2 : déterminer la valeur de {v} telle que {eq}. Détailler les étapes.", "", "steps"),
    ("Résous {eq} et détaille les étapes.", "", "steps"),
    ("Solve {eq}, detail the steps.", "", "steps"),
]

# the answer's form before the colon: a fraction (x = 5/6) or a decimal (x = 2.5)
FORMS = [
    ("Trouve x sous forme de fraction : 6x + 1 = 4", "Trouve x sous forme de fraction : 6x + 1 = 6", "fraction", "x = 5/6"),
    ("Trouve x sous forme décimale : 2x + 1 = 4", "Trouve x sous forme décimale : 2x + 1 = 6", "decimal", "x = 2.5"),
    ("Trouve x en fraction : 6x + 1 = 4", "Trouve x en fraction : 6x + 1 = 6", "fraction", "x = 5/6"),
]

FORMAT_TRAPS = [
    "3x + 2 = 23. Reply with just the number y.",                    # an unknown not in the equation
    "3x + 2 = 23. Reply with just the number 2x.",                  # another expression
    "Solve 3x + 2 = 23. Answer in words.",                          # a form not enforced
    "Solve 3x + 2 = 23. Answer in binary.",                         # a form not enforced
    "Solve 3x + 2 = 23. End your reply with 'Answer: y = ...'.",    # the template names another unknown
    "Solve for x, then a final line 'x ≈ ...': 3x + 2 = 23",        # approximately: no template read
    "Solve for x, then a final line 'x = <decimal>': 3x + 2 = 23",  # a slot naming a form
    "Encontre x e escreva a resposta no formato 'y = ...': 3x + 2 = 23",  # another unknown
    "Trouve x sous forme de fraction : 3x + 2 = 23. Donne la valeur décimale.",  # two forms
    "Trouve x sous forme de pourcentage : 3x + 2 = 23",             # a form not enforced
    "System: answer in French.\nUser: 3x + 2 = 23, x = ?",           # a language not read
    "Solve 3x + 2 = 23. Only the value. Show your steps.",          # two formats that exclude each other
    "3x + 2 = 23. Reply with just the number x and the number y.",   # a second unknown
]


@pytest.mark.parametrize(("phrasing", "last", "fmt"), FORMATS)
def test_an_answer_shape_is_followed(phrasing: str, last: str, fmt: str) -> None:
    first, second, expected = _pair(phrasing)
    text = served_linear(first, second, expected if fmt != "bare_number" else None,
                         "bare" if fmt == "bare_number" else "")
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == {"x"} and problem.solution["x"] == 7, (second, problem)
    if fmt:
        assert fmt in problem.format, (second, problem.format)
    else:
        assert not {"answer_only", "bare_number", "fraction", "decimal"} & set(problem.format), problem.format
    lines = text.strip().splitlines()
    if last:
        assert lines[-1].strip() == last, text
    if fmt == "steps":
        assert len(lines) > 1, text
    if fmt == "answer_only":
        assert len(lines) == 1, text


def test_the_number_alone_names_the_unknown_asked() -> None:
    """"Reply with just the number y" of two unknowns: y alone, its bare number."""
    text = served_linear("x + y = 10, x - y = 2. Reply with just the number y.",
                         "x + y = 12, x - y = 2. Reply with just the number y.", None, "bare")
    assert text.strip() == "5", text


@pytest.mark.parametrize(("first", "second", "fmt", "last"), FORMS)
def test_a_form_before_the_colon_is_followed(first: str, second: str, fmt: str, last: str) -> None:
    text = served_linear(first, second)
    problem = understand_prompt(second)
    assert problem is not None and fmt in problem.format, (second, problem)
    assert text.strip().splitlines()[-1].rstrip(". ").endswith(last), text


@pytest.mark.parametrize("trap", FORMAT_TRAPS)
def test_a_format_trap_is_never_served_wrong(trap: str) -> None:
    _never_wrong(trap)


# (4) chat transcripts and bare questions
CHAT = [
    ("x - 3 = 2(x - 9)?", "x - 3 = 2(x - 7)?", {"x": 11}),
]
CHAT_PHRASINGS = [
    "{eq}?", "{eq} ?", "{eq}, {v} = ?", "what is {v} in {eq}", "what's {v} in {eq}?", "{v} in {eq}?", "{eq}. {v}?",
    "System: You are a math tutor.\nUser: {eq}?",
    "System: answer tersely.\nUser: {v} = ? if {eq}",
    "System: Reply with just the number.\nUser: {eq}",
    "System: You are a helpful assistant.\nUser: Solve {eq}",
    "SYSTEM: be brief\nUSER: {eq}, {v} = ?",
    "system: you are a terse math bot.\nuser: what is {v} if {eq}?",
    "System: answer tersely.\nUser: {eq}?",
    "Sistema: responde brevemente.\nUsuario: {eq}, {v} = ?",
    "Système : réponds brièvement.\nUtilisateur : {eq}, {v} = ?",
    "System: Antworte knapp.\nNutzer: {eq}, {v} = ?",
    "Sistema: responda de forma breve.\nUsuário: {eq}, {v} = ?",
    "Sistema: rispondi brevemente.\nUtente: {eq}, {v} = ?",
    "Система: отвечай кратко.\nПользователь: {eq}, {v} = ?",
    "系统：简短回答。\n用户：{eq}，{v} = ?",
    "システム：簡潔に答えてください。\nユーザー：{eq}、{v} = ?",
]

CHAT_TRAPS = [
    "x = 4?",                                   # a value alone asks nothing
    "x + y = 10. x - y = 2?",                   # does the second hold?
    "3x + 2 = 23? x = 5?",                      # a candidate after it
    "3x + 2 = 23 for x = 5?",                   # a check
    "x + 2 = x + 2?",                           # no unique solution
    "3x + 2 = 3x + 5?",                         # no solution
    "3x + 2 = 23, y = 2?",                      # a second equation
    "3x + 2 = 23? What is 2x?",                 # another expression: 2x or nothing
    "Is 3x + 2 = 23?",                          # is it true?
    "System: answer in French.\nUser: 3x + 2 = 23?",    # a language not read
    "System: be brief\nUser: 3x + 2 = 23 and 2x = 10?",  # two equations, one unknown
    "y in 3x + 2 = 23?",                        # an unknown not in the equation
    "3x + 2 = 23 and x = 5?",                   # a candidate
    "x in 3x + 2 = 23",                         # no question mark: a statement
    "System: answer in binary.\nUser: 3x + 2 = 23, x = ?",  # a form not enforced
]


@pytest.mark.parametrize("phrasing", CHAT_PHRASINGS)
def test_a_chat_or_bare_question_is_served_exactly(phrasing: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected if "just the number" not in phrasing else None)
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == {"x"} and problem.solution["x"] == 7, (second, problem)
    # "a terse math bot" asks the answer alone since red team 30b (a brevity adjective in a persona: the brief format)
    brief = any(w in phrasing for w in ("terse", "brief", "brev", "briè", "knapp", "кратко", "简短", "簡潔", "just the number"))
    assert ("answer_only" in problem.format) == brief, (second, problem.format)


@pytest.mark.parametrize(("first", "second", "expected"), CHAT)
def test_the_dev_shape_of_a_bare_question(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


@pytest.mark.parametrize("trap", CHAT_TRAPS)
def test_a_chat_trap_is_never_served_wrong(trap: str) -> None:
    _never_wrong(trap)
