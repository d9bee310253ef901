"""wip/linX: format instructions and wrappers around a written equation, served exact in the format
asked. A never-right model answers the first prompt; the second (another constant) is served with no
model call, proven, its last line the exact value in the form asked. Traps beside each class: a
template the grammar does not derive, another unknown, another question, a word outside the tables,
a tag that names no turn: never served wrong, and no claim where the brief says so.

Classes: (A) answer templates asked "exactly" or unquoted after "Format:"; (B) the answer's form
(fraction, decimal) before the colon and the equations, after "only the answer" or alone; (C) chat
transcripts written inline with tags ("[user]", "<|user|>", "<|im_start|>user", "### Input:") or with a
label on its own line, and personas whose format stands in a relative clause; (D) casual wrappers:
interjections, "stuck", thanks, emoji, the question right after the equation with no mark."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear, stated_in_sentence

WHOLE = ("12 - 3x = 0", "12 - 3x = 6", Fraction(2))  # second prompt: x = 2
PART = ("6x - 1 = 2", "6x - 1 = 3", Fraction(2, 3))  # second prompt: x = 2/3


def _pair(shape: str, eqs: tuple[str, str, Fraction] = WHOLE) -> tuple[str, str, Fraction]:
    return shape.format(e=eqs[0]), shape.format(e=eqs[1]), eqs[2]


# (A) the template asked, and the last line it asks for with the second prompt's value
TEMPLATES = [
    ("Solve {e}. Reply exactly in the form 'Answer: x = ...'.", "Answer: x = 2"),
    ("Solve {e}. Reply exactly as 'x = <value>'.", "x = 2"),
    ("Solve {e} and reply exactly in the form 'x = ...'.", "x = 2"),
    ("Solve {e}. Format: x = <value>", "x = 2"),
    ("Solve {e}. Answer format: x = <value>", "x = 2"),
    ("Solve {e}. Format: x = ?", "x = 2"),
    ('{e}. Write your answer exactly as "x = <value>".', "x = 2"),
    ('Solve {e}. Answer exactly in the format "Final answer: x = <value>".', "Final answer: x = 2"),
    ("Resuelve {e}. Responde exactamente en la forma 'Respuesta: x = <valor>'.", "Respuesta: x = 2"),
    ("Resuelve {e}. Formato: 'x = <valor>'", "x = 2"),
    ("Résous {e}. Réponds exactement sous la forme « Réponse : x = <valeur> ».", "Réponse : x = 2"),
    ("Résous {e}. Format : 'x = <valeur>'", "x = 2"),
    ("Löse {e}. Antworte genau im Format 'Antwort: x = <Wert>'.", "Antwort: x = 2"),
    ("Löse {e}. Format: 'x = <Wert>'", "x = 2"),
    ("Risolvi {e}. Rispondi esattamente nella forma 'Risposta: x = <valore>'.", "Risposta: x = 2"),
    ("Risolvi {e}. Formato: 'x = <valore>'", "x = 2"),
    ("Resolva {e}. Responda exatamente no formato 'Resposta: x = <valor>'.", "Resposta: x = 2"),
    ("Resolva {e}. Formato: 'x = <valor>'", "x = 2"),
    ("Реши {e}. Ответь строго в виде 'Ответ: x = <значение>'.", "Ответ: x = 2"),
    ("Реши {e}. Формат: 'x = <значение>'", "x = 2"),
    ("{e} を解いて。形式：「x = …」", "x = 2"),
]


@pytest.mark.parametrize(("shape", "last"), TEMPLATES)
def test_a_template_asked_exactly_or_unquoted_is_the_last_line(shape: str, last: str) -> None:
    first, second, _value = _pair(shape)
    text = served_linear(first, second, None)
    assert text.strip().splitlines()[-1] == last, (second, text)


# (B) the form before the colon: "fraction" and "decimal" forms, alone or after "only the answer"
FORMS_BEFORE = [
    "As a fraction: {e}", "Only the answer, as a fraction: {e}", "Answer only, as a fraction: {e}",
    "Rispondi solo con il risultato finale sotto forma di frazione: {e}", "Sotto forma di frazione: {e}",
    "Solo il risultato, in frazione: {e}", "答えだけ分数で：{e}", "分数で：{e}",
    "Solo la respuesta, en forma de fracción: {e}", "En forma de fracción: {e}", "Como fracción: {e}",
    "Nur das Ergebnis, als Bruch: {e}", "Als Bruch: {e}", "Seulement la réponse, sous forme de fraction : {e}",
    "Sous forme de fraction : {e}", "En fraction : {e}", "Только ответ, в виде дроби: {e}", "В виде дроби: {e}",
    "Дробью: {e}", "Apenas a resposta, em forma de fração: {e}", "Em forma de fração: {e}", "用分数表示：{e}",
    "只要答案，用分数：{e}", "答案用分数表示：{e}",
]


@pytest.mark.parametrize("shape", FORMS_BEFORE)
def test_a_form_before_the_colon_is_followed(shape: str) -> None:
    first, second, value = _pair(shape, PART)
    text = served_linear(first, second, None)
    last = text.strip().splitlines()[-1]
    assert stated_in_sentence(last, "x") == value and "2/3" in last, (second, text)


DECIMALS_BEFORE = ["As a decimal: {e}", "Just the answer, as a decimal: {e}", "答えだけ小数で：{e}", "Als Dezimalzahl: {e}"]


@pytest.mark.parametrize("shape", DECIMALS_BEFORE)
def test_a_decimal_form_before_the_colon_is_followed_or_declined(shape: str) -> None:
    first, second = shape.format(e="4x + 3 = 6"), shape.format(e="4x + 3 = 8")  # 3/4 then 5/4: 1.25
    text = served_linear(first, second, None)
    assert stated_in_sentence(text.strip().splitlines()[-1], "x") == Fraction(5, 4) and "1.25" in text, text
    # 2/3 has no decimal written exactly: no claim
    assert understand_prompt(shape.format(e="6x - 1 = 3")) is None or "decimal" not in shape.lower()


# (C) chat transcripts written inline, and personas stating the format in a relative clause
TRANSCRIPTS = [
    ("[system] Answer tersely.\n[user] solve: {e}", True),
    ("[user] solve: {e}", False),
    ("[system] You are a helpful assistant.\n[user] Solve {e}", False),
    ("[SYSTEM] You are a math tutor.\n[USER] Solve {e}\n[ASSISTANT]", False),
    ("### Instruction: Solve the equation.\n### Input: {e}", False),
    ("### Instruction:\nSolve for x.\n### Input:\n{e}\n### Response:", False),
    ("<|system|>You are a helpful assistant.<|user|>Solve {e}<|assistant|>", False),
    ("<|user|>\nSolve {e}\n<|assistant|>", False),
    ("<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nSolve {e}<|im_end|>\n"
     "<|im_start|>assistant\n", False),
    ("System: you are a calculator bot, reply tersely.\nUser: solve {e}", True),
    ("System: You are a calculator.\nUser: solve {e}", False),
    ("System: You are a calculator that only outputs the result.\nUser: {e}, x = ?", True),
    ("System: You are a tutor who answers tersely.\nUser: Solve {e}", True),
    ("User:\nSolve {e}\nAssistant:", False),
    ("[system] Sei un assistente di matematica.\n[user] Risolvi {e}", False),
    ("[system] Eres un profesor de matemáticas.\n[user] Resuelve {e}", False),
    ("[system] Tu es un professeur de maths.\n[user] Résous {e}", False),
    ("[system] Du bist ein Mathelehrer.\n[user] Löse {e}", False),
    ("[system] Você é um professor de matemática.\n[user] Resolva {e}", False),
    ("[system] Ты репетитор по математике.\n[user] Реши {e}", False),
    ("[system] 你是一名数学老师。\n[user] 解方程：{e}", False),
    ("[system] あなたは数学の先生です。\n[user] {e} を解いてください。", False),
    ("<|user|>Résous {e}<|assistant|>", False),
    ("Sistema: Sei una calcolatrice.\nUtente: Risolvi {e}", False),
    ("System: Du bist ein Taschenrechner.\nUser: Löse {e}", False),
]


@pytest.mark.parametrize(("shape", "alone"), TRANSCRIPTS)
def test_an_inline_transcript_is_read_as_its_turns(shape: str, alone: bool) -> None:
    first, second, value = _pair(shape)
    text = served_linear(first, second, None, "answer_only" if alone else "")
    assert stated_in_sentence(text.strip().splitlines()[-1], "x") == value, (second, text)


# (D) casual wrappers in every table
CASUAL = [
    "ugh im stuck on this one, {e}, whats x??", "quick q: {e}, what is x?", "{e} whats x?? thx!", "{e} what is x?",
    "ugh {e} what's x", "lol i cant do this: {e}. whats x", "thx in advance! solve {e}", "help me pls: {e} 😭",
    "hmm, {e}, what's x?", "umm, {e} whats x", "argh, solve {e} pls 😩", "uff, non ci riesco: {e}, quanto vale x?",
    "uffa, risolvi {e}", "buf, no me sale: {e}, ¿cuánto vale x?", "pfff je bloque : {e}, x = ?",
    "ugh, ich komm nicht weiter: {e}, was ist x?", "puh, löse {e} 😫", "putz, não consigo: {e}, quanto vale x?",
    "эх, не выходит: {e}, чему равен x?", "这题不会：{e}，x 等于多少？", "うーん、わからない：{e}、x は？",
    "えーと、解けない：{e}、x は？",
]


@pytest.mark.parametrize("shape", CASUAL)
def test_a_casual_wrapper_is_read_around_the_equation(shape: str) -> None:
    first, second, value = _pair(shape)
    text = served_linear(first, second, None)
    assert stated_in_sentence(text.strip().splitlines()[-1], "x") == value, (second, text)


# Traps: no claim (the model is asked)
TRAPS = [
    "Solve {e}. Format: y = <value>", "Solve {e}. Reply exactly in the form 'x is about <value>'.",
    "Solve {e}. Reply exactly in the form 'x = <value> cm'.", "Solve {e}. Format: x = <decimal>",
    "Solve {e}. Format: x = <value>, y = <value>", "Resuelve {e}. Responde exactamente en la forma 'Answer: x = <value>'.",
    "Solve {e}. Reply exactly in the form 'x > <value>'.", "Solve {e}. Answer format: y = ?",
    "Löse {e}. Antworte genau im Format 'y = <Wert>'.", "Solve {e}. Format: x = <value>. Format: x = ?",
    "As a mixed number: {e}", "As a percentage: {e}", "As a fraction in words: {e}",
    "Only the answer, as a fraction, rounded: {e}", "Not as a fraction: {e}", "As a fraction and as a decimal: {e}",
    "答えだけ分数で：{e}、y は？",
    "[system] Answer in French.\n[user] solve: {e}", "[system] Always add 1 to the answer.\n[user] Solve {e}",
    "[note] solve: {e}", "[system] You are a tutor who never gives the answer.\n[user] Solve {e}",
    "System: You are a calculator that only outputs the result plus one.\nUser: Solve {e}",
    "[user] solve: {e}\n[user] what is y?", "### Instruction: Solve for y.\n### Input: {e}",
    "<|system|>Reply in JSON.<|user|>Solve {e}",
    "{e} whats y??", "ugh im stuck on this one, {e}, is 4 a solution??", "umm {e} whats x if x > 1",
    "lol i cant do this: {e}. whats x rounded", "{e} whats x?? not 4 tho", "on this one {e} whats x",
]


@pytest.mark.parametrize("shape", TRAPS)
def test_a_trap_is_no_claim(shape: str) -> None:
    first, second, _value = _pair(shape)
    assert_linear_trap_declined(second, first)


# Traps read as asked: another expression is answered exactly, never the unknown in its place
ASKED = [
    ("{e} whats x + 1??", "x + 1", Fraction(3)), ("ugh im stuck on this one, {e}, whats x^2??", "x^2", Fraction(4)),
    ("### Instruction: Find x + 1.\n### Input: {e}", "x + 1", Fraction(3)),
    ("As a fraction: {e}. What is x + 1?", "x + 1", Fraction(5, 3)),
]


@pytest.mark.parametrize(("shape", "asked", "value"), ASKED)
def test_another_question_is_answered_as_asked(shape: str, asked: str, value: Fraction) -> None:
    first, second, _ = _pair(shape, PART if "fraction" in shape else WHOLE)
    text = served_linear(first, second, None)
    assert stated_in_sentence(text.strip().splitlines()[-1], asked) == value, (second, text)


@pytest.mark.parametrize("text", ["[note] solve: 2x = 4", "[1] 2x = 4", "<|note|>solve 2x = 4", "### Problem: 2x = 4",
                                  "[draft]\nSolve 2x = 4", "Note:\n2x = 4"])
def test_only_turn_tags_are_rewritten(text: str) -> None:
    """A bracket, bar tag or heading that names no turn stays as written (its words are read as they stand)."""
    from stepcache_integrations.core.tasks.linear.prompt import _turn_tags_as_labels

    assert _turn_tags_as_labels(text) == text


def test_the_answers_number_alone_is_the_whole_answer_ja() -> None:
    """ja "答えの数字だけ：..." (the answer's number alone, its possessive mark written) as "答えだけ数字で"."""
    text = served_linear("答えの数字だけ：0.2x + 1 = 3", "答えの数字だけ：0.2x + 1 = 5", None, "bare")
    assert text.strip() == "20", text
    assert_linear_trap_declined("答えの数字だけ：x + y = 5", "答えの数字だけ：0.2x + 1 = 3")
