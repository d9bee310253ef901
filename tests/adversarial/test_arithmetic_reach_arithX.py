"""Arithmetic reach (wip/arithX): everyday requests around a question the grammar reads, each read exactly by
arithmetic/request.lark and its tables (vocabulary/*.json) and grammar.py:

1. courtesy that asks nothing of the answer: a greeting and its mark before the question ("Hi! ", "Hello, ", "Hola, ",
   "Bonjour ! ", zh "你好！", ja "こんにちは！"), a lead-in and its colon ("Quick one: ", "Quick question: ", "Kurze
   Frage: ", zh "请问"), thanks after the last mark ("Thanks!", "Danke.", "谢谢！") or after the instruction's comma
   ("Just the number, thanks."), ", please" before the question's mark ("Calculate 12 * 13, please.");
2. "Can you tell me what 12 * 13 is?" (a written expression, one operator word between two numbers, a percentage),
   "Can you tell me what is 12 * 13?", de "Kannst du mir sagen, was 12 * 13 ist?", and each table's "can you tell me"
   ask ("¿Puedes decirme cuánto es ...?", "Peux-tu me dire combien font ... ?", "Можешь сказать, сколько будет ...?");
3. a brevity instruction ("Be brief.", "Keep it short.", "Sé breve.", "Fasse dich kurz.", zh "简短回答。") read as the
   number alone (form "number": keyed and enforced, what is served is the value alone);
4. a thousands separator where one reading only: "1,000" is 1000 in a table whose language writes it so (en, zh, ja:
   each with a decimal point), when no digit-comma-digit is left beside it ("1,000 + 2,5", "1,0000": a decimal comma's
   writer or no grouping) and no list form reads it ("the sum of 100,200 and 300": 100200 + 300 or 100 + 200 + 300);
   the tables with a decimal comma (es fr de pt it ru) read no grouped number.

Traps: courtesy that changes the ask ("Thanks, now what is 12 * 14?" after a history, "Hi, what is 12 * 13 in
binary?", "roughly", "approximately", "round it", "Explain briefly."), thanks before the question, a greeting without
its mark, a chain before "is" ("what 12 plus 3 minus 4 is"): no claim."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from llama_index.core.base.llms.types import ChatMessage

from stepcache_integrations import StepCache
from stepcache_integrations.adapters.turns import alone_turns
from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask
from stepcache_integrations.llama_index._requests import messages_to_cache_prompt


from .harness import FixedReplyModel, assert_arith_pair_served, assert_models_answer_kept, assert_red_team_pair_not_served

TASK = ArithmeticTask()
F = Fraction

# (prompt, expression, exact value, answer form, table)
READ = [
    # 1. courtesy: greetings, lead-ins, thanks, ", please"
    ("What is 12 * 13? Thanks!", "12 * 13", 156, "", "en"),
    ("What is 12 * 13? Thank you.", "12 * 13", 156, "", "en"),
    ("What is 12 * 13? Thanks", "12 * 13", 156, "", "en"),
    ("What is 12 * 13? Thanks in advance!", "12 * 13", 156, "", "en"),
    ("Hi! What is 12 * 13?", "12 * 13", 156, "", "en"),
    ("Hi, what is 12 * 13?", "12 * 13", 156, "", "en"),
    ("Hello! What is 12 times 13?", "12 * 13", 156, "value", "en"),
    ("Hey there! What is 12 * 13? Thanks!", "12 * 13", 156, "", "en"),
    ("Good morning! Calculate 12 * 13.", "12 * 13", 156, "", "en"),
    ("Hi! Calculate 12 * 13", "12 * 13", 156, "", "en"),
    ("Quick one: what is 12 * 13?", "12 * 13", 156, "", "en"),
    ("Quick question: What is 12 * 13?", "12 * 13", 156, "", "en"),
    ("Hi! Quick question: what is 12 * 13? Thanks!", "12 * 13", 156, "", "en"),
    ("Calculate 12 * 13, please.", "12 * 13", 156, "", "en"),
    ("What is 12 * 13, please?", "12 * 13", 156, "", "en"),
    ("What is 12 times 13, please?", "12 * 13", 156, "value", "en"),
    ("What is 25% of 80, please?", "25 * 80 / 100", 20, "value", "en"),
    ("Subtract 8 from 12, please.", "12 - 8", 4, "value", "en"),
    ("What is 12 * 13? Just the number, thanks.", "12 * 13", 156, "number", "en"),
    ("What is 12 * 13? Just the number. Thanks!", "12 * 13", 156, "number", "en"),
    ("What is 14 times 11? Only the number, please. Thanks.", "14 * 11", 154, "number", "en"),
    ("Is 14 even? Answer yes or no. Thanks!", "14 divisible by 2", 1, "yesno", "en"),
    ("Is 97 prime? Thanks!", "97 prime", 1, "yesno", "en"),
    ("Hola, ¿cuánto es 12 * 13?", "12 * 13", 156, "", "es"),
    ("¿Cuánto es 12 * 13? Gracias.", "12 * 13", 156, "", "es"),
    ("Pregunta rápida: ¿cuánto es 12 * 13?", "12 * 13", 156, "", "es"),
    ("Calcula 12 * 13, por favor.", "12 * 13", 156, "", "es"),
    ("Bonjour ! Combien font 12 * 13 ?", "12 * 13", 156, "", "fr"),
    ("Bonjour, combien font 12 * 13 ? Merci !", "12 * 13", 156, "", "fr"),
    ("Petite question : combien font 12 * 13 ?", "12 * 13", 156, "", "fr"),
    ("Hallo! Was ist 12 * 13?", "12 * 13", 156, "", "de"),
    ("Was ist 12 * 13? Danke!", "12 * 13", 156, "", "de"),
    ("Kurze Frage: Was ist 12 * 13?", "12 * 13", 156, "", "de"),
    ("Was ist 14 mal 11? Nur die Zahl. Danke.", "14 * 11", 154, "number", "de"),
    ("Olá! Quanto é 12 * 13?", "12 * 13", 156, "", "pt"),
    ("Quanto é 12 * 13? Obrigado!", "12 * 13", 156, "", "pt"),
    ("Ciao! Quanto fa 12 * 13?", "12 * 13", 156, "", "it"),
    ("Quanto fa 12 * 13? Grazie!", "12 * 13", 156, "", "it"),
    ("Привет! Сколько будет 12 * 13?", "12 * 13", 156, "", "ru"),
    ("Сколько будет 12 * 13? Спасибо!", "12 * 13", 156, "", "ru"),
    ("Добрый вечер! Сколько будет 12 * 13?", "12 * 13", 156, "", "ru"),
    ("你好！请问12 * 13等于多少？谢谢！", "12 * 13", 156, "", "zh"),
    ("请问14 乘以 11 等于多少？", "14 * 11", 154, "value", "zh"),
    ("こんにちは！12 * 13は？", "12 * 13", 156, "", "ja"),
    ("12 * 13は？ありがとうございます。", "12 * 13", 156, "", "ja"),
    # 2. can you tell me what ... is
    ("Can you tell me what 12 * 13 is?", "12 * 13", 156, "", "en"),
    ("Could you tell me what 12 * 13 is, please?", "12 * 13", 156, "", "en"),
    ("Can you tell me what 12 times 13 is?", "12 * 13", 156, "value", "en"),
    ("Can you tell me what twelve plus 13 is?", "12 + 13", 25, "value", "en"),
    ("Can you tell me what 25% of 80 is?", "25 * 80 / 100", 20, "value", "en"),
    ("Can you tell me what is 12 * 13?", "12 * 13", 156, "", "en"),
    ("Hi! Can you tell me what 12 * 13 is? Thanks!", "12 * 13", 156, "", "en"),
    ("Kannst du mir sagen, was 12 * 13 ist?", "12 * 13", 156, "", "de"),
    ("¿Puedes decirme cuánto es 12 * 13?", "12 * 13", 156, "", "es"),
    ("Peux-tu me dire combien font 12 * 13 ?", "12 * 13", 156, "", "fr"),
    ("Pode me dizer quanto é 12 * 13?", "12 * 13", 156, "", "pt"),
    ("Puoi dirmi quanto fa 12 * 13?", "12 * 13", 156, "", "it"),
    ("Можешь сказать, сколько будет 12 * 13?", "12 * 13", 156, "", "ru"),
    # 3. brevity: the number alone
    ("What is 12 times 13? Be brief.", "12 * 13", 156, "number", "en"),
    ("What is 12 * 13? Keep it short.", "12 * 13", 156, "number", "en"),
    ("What is 12 * 13? Be brief, please.", "12 * 13", 156, "number", "en"),
    ("Please be brief. What is 12 * 13?", "12 * 13", 156, "number", "en"),
    ("What is 12 * 13? Short answer please.", "12 * 13", 156, "number", "en"),
    ("¿Cuánto es 12 * 13? Sé breve.", "12 * 13", 156, "number", "es"),
    ("Combien font 12 * 13 ? Sois bref.", "12 * 13", 156, "number", "fr"),
    ("Was ist 12 * 13? Fasse dich kurz.", "12 * 13", 156, "number", "de"),
    ("Quanto é 12 * 13? Seja breve.", "12 * 13", 156, "number", "pt"),
    ("Quanto fa 12 * 13? Sii breve.", "12 * 13", 156, "number", "it"),
    ("Сколько будет 12 * 13? Кратко.", "12 * 13", 156, "number", "ru"),
    ("12 * 13等于多少？简短回答。", "12 * 13", 156, "number", "zh"),
    ("12 * 13は？簡潔に答えてください。", "12 * 13", 156, "number", "ja"),
    # 4. thousands separators, one reading
    ("What is 1,000 + 1?", "1000 + 1", 1001, "", "en"),
    ("What is 1,000 times 3?", "1000 * 3", 3000, "value", "en"),
    ("What is 12,345,678 + 1?", "12345678 + 1", 12345679, "", "en"),
    ("What is 1,000.5 * 2?", "1000.5 * 2", 2001, "", "en"),
    ("What is 2.5 * 1,000?", "2.5 * 1000", 2500, "", "en"),
    ("What is 10% of 1,000?", "10 * 1000 / 100", 100, "value", "en"),
    ("Which is bigger, 1,000 or 999?", "max(1000, 999)", 1000, "value", "en"),
    ("How many grams are in 1,500 kilograms?", "1500 * 1000", 1500000, "value", "en"),
    ("1,000加1等于多少？", "1000 + 1", 1001, "value", "zh"),
    ("1,000 + 1は？", "1000 + 1", 1001, "", "ja"),
]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), READ)
def test_each_form_is_read_exactly(prompt: str, expression: str, value: int | Fraction, form: str, language: str) -> None:
    c = ArithmeticConstraints.of_prompt(prompt)
    assert (c.expression, c.value, c.form, c.language) == (expression, Fraction(value), form, language), prompt
    assert TASK.detect(prompt)


NEAR_MISSES = [
    # 1. courtesy that changes the ask, or is not where the rule reads it
    "Thanks, now what is 12 * 14?",
    "Thanks! What is 12 * 14?",
    "Thanks. What is 12 * 14?",
    "Hi, what is 12 * 13 in binary?",
    "Hi! What is 12 * 13 in base 8?",
    "Hi! Roughly, what is 12 * 13?",
    "Hi! What is roughly 12 * 13?",
    "What is approximately 12 * 13? Thanks!",
    "What is 12 * 13? Round it. Thanks!",
    "What is 12 * 13? Roughly.",
    "What is 12 * 13? Thanks, and round it.",
    "What is 12 * 13? Thanks! Also what is 12 * 14?",
    "What is 12 * 13? Thanks, now 12 * 14.",
    "Hi What is 12 * 13?",  # a greeting without its mark
    "Hi!What is 12 * 13?",
    "Hi! Hi! What is 12 * 13?",
    "Hello, world! What is 12 * 13?",
    "Hi Bob! What is 12 * 13?",
    "Quick one what is 12 * 13?",
    "Quick one: what is 12 * 13 in hex?",
    "Quick math: what is 12 * 13?",
    "What is 12 * 13? Just the number thanks.",  # thanks after an instruction without its comma or mark
    "Calculate 12 * 13 thanks",
    "Calculate 12 * 13, please",  # an open command ends the prompt: no courtesy after it
    "What is 12 * 13 please?",
    "Calculate 12 * 13, please, please.",
    "Calculate 12 * 13, thanks.",
    "Hi! Is 97 prime? Only the number.",  # a number asked for a yes/no question
    "Bonjour ! Combien font 12 * 13 en binaire ?",
    "Hallo! Was ist 12 * 13 ungefähr?",
    "你好！12 * 13大约等于多少？",
    "12 * 13等于多少？，谢谢",
    "谢谢！12 * 13等于多少？",
    # 2. can you tell me: another ask, a chain before "is", more after
    "Can you tell me what 12 * 13 is in binary?",
    "Can you tell me what 12 * 13 is roughly?",
    "Can you tell me what 12 plus 3 minus 4 is?",
    "Can you tell me what 12 * 13 means?",
    "Can you tell me why 12 * 13 is 156?",
    "Can you tell me what 12 * 13 is and why?",
    "Can you tell me what 12 is?",
    "Can you tell me what 12 * 13 was?",
    "Can you tell me what x * 13 is?",
    "Kannst du mir sagen, was 12 * 13 ungefähr ist?",
    "Kannst du mir sagen, warum 12 * 13 156 ist?",
    # 3. brevity that asks something else
    "What is 12 * 13? Explain briefly.",
    "What is 12 * 13? Briefly explain.",
    "What is 12 * 13? Be brief and show your work.",
    "What is 12 * 13? Be brief, round it.",
    "Is 97 prime? Be brief.",  # a number asked for a yes/no question
    "Briefly, what is 12 * 13 in binary?",
    "¿Cuánto es 12 * 13? Sé breve y explica.",
    "12 * 13等于多少？简短解释。",
    # 4. a comma in a number with another reading
    "What is 1,000 + 2,5?",
    "What is 1,5 + 1,000?",
    "What is 1,0000 + 1?",
    "What is 1,000,00 + 1?",
    "What is 0,500 + 1?",
    "What is 01,000 + 1?",
    "What is 1, 000 + 1?",
    "What is 1,000 ,000 + 1?",
    "What is the sum of 100,200 and 300?",
    "What is the average of 100,200 and 300?",
    "What is the product of 1,000 and 2?",
    "What is the sum of 1,000, 2 and 3?",
    "Was ist 1,000 + 1?",  # a decimal comma's table: 1 or 1000
    "¿Cuánto es 1,000 + 1?",
    "Сколько будет 1,000 + 1?",
    "Was ist 1.000 + 1?",
    "What is 1,000.5.5 + 1?",
    "1，000加1等于多少？",  # a full-width comma is no thousands separator
]


@pytest.mark.parametrize("prompt", NEAR_MISSES)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt
    assert not TASK.detect(prompt)


def test_thanks_now_after_a_history_keeps_the_conversation() -> None:
    """'Thanks, now what is 12 * 14?' after an answered question is about the conversation: no question read alone."""
    turns = [("user", "What is 12 * 13?"), ("assistant", "12 * 13 = 156."), ("user", "Thanks, now what is 12 * 14?")]

    def render(at: list[int], newest: str) -> str:
        return messages_to_cache_prompt(
            [*(ChatMessage(role=turns[i][0], content=turns[i][1]) for i in at[:-1]), ChatMessage(role="user", content=newest)])

    alone = alone_turns(StepCache(), turns, render)
    assert alone is None or not ArithmeticConstraints.of_prompt(alone.newest).claimed
    # the same turn without "now" is a question of its own: read alone after a proven answer
    turns[-1] = ("user", "Hi! What is 12 * 14? Thanks!")
    alone = alone_turns(StepCache(), turns, render)
    assert alone is not None and ArithmeticConstraints.of_prompt(alone.newest).value == 168
    whole = "User: What is 12 * 13?\nAssistant: 12 * 13 = 156.\nUser: Thanks, now what is 12 * 14?"
    assert not ArithmeticConstraints.of_prompt(whole).claimed


@pytest.mark.parametrize(("cached", "answer", "new", "expected"), [
    ("What is 12 * 12?", "12 * 12 = 144.", "What is 12 * 13? Thanks!", "12 * 13 = 156."),
    ("What is 12 * 12?", "12 * 12 = 144.", "Hi! What is 12 * 13?", "12 * 13 = 156."),
    ("What is 12 * 12?", "12 * 12 = 144.", "Quick one: what is 12 * 13?", "12 * 13 = 156."),
    ("What is 12 * 12?", "12 * 12 = 144.", "Can you tell me what 12 * 13 is?", "12 * 13 = 156."),
    ("What is 12 * 12?", "12 * 12 = 144.", "Calculate 12 * 13, please.", "12 * 13 = 156."),
    ("What is 12 times 12?", "144.", "What is 12 times 13? Thanks!", "156."),
    ("What is 12 times 12? Only the number.", "144", "What is 12 times 13? Be brief.", "156"),
    ("What is 1000 + 1?", "1000 + 1 = 1001.", "What is 1,000 + 2?", "1000 + 2 = 1002."),
    ("Was ist 12 * 12?", "12 * 12 = 144.", "Hallo! Was ist 12 * 13? Danke!", "12 * 13 = 156."),
    ("12 * 12等于多少？", "12 * 12 = 144。", "你好！请问12 * 13等于多少？谢谢！", "12 * 13 = 156."),
])
def test_a_read_form_is_served_exactly_without_a_model_call(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize(("first", "second"), [
    ("What is 12 * 13? Thanks!", "Thanks, now what is 12 * 14?"),
    ("Hi! What is 12 * 13?", "Hi, what is 12 * 13 in binary?"),
    ("Hi! What is 12 * 13?", "Hi! Roughly, what is 12 * 13?"),
    ("What is 12 * 13? Thanks!", "What is approximately 12 * 13? Thanks!"),
    ("What is 12 * 13? Be brief.", "What is 12 * 13? Round it."),
    ("What is 12 * 13? Be brief.", "What is 12 * 13? Explain briefly."),
    ("Can you tell me what 12 * 13 is?", "Can you tell me what 12 * 13 is in binary?"),
    ("What is 1,000 + 1?", "What is 1,000 + 2,5?"),
    ("What is 1,000 + 1?", "Was ist 1,000 + 1?"),
    ("What is the sum of 100 and 200?", "What is the sum of 100,200 and 300?"),
])
def test_near_misses_after_a_read_form_cost_a_model_call(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
    assert_models_answer_kept(second)


@pytest.mark.parametrize(("prompt", "wrong", "right"), [
    ("What is 12 * 13? Thanks!", "12 * 13 = 166.", "12 * 13 = 156."),
    ("Hi! What is 12 * 13?", "155.", "12 * 13 = 156."),
    ("Can you tell me what 12 times 13 is?", "1213.", "156."),
    ("What is 1,000 + 1?", "2.", "1000 + 1 = 1001."),
    ("What is 1,000 times 3?", "3.", "3000."),
    ("Hallo! Was ist 12 * 13? Danke!", "12 * 13 = 155.", "12 * 13 = 156."),
])
def test_a_wrong_answer_in_a_read_form_is_never_served(prompt: str, wrong: str, right: str) -> None:
    result = StepCache().generate(prompt, FixedReplyModel(wrong))
    assert result.text.strip() == right and result.verification == "proven", (prompt, result.text)


@pytest.mark.parametrize(("prompt", "said"), [
    ("What is 12 times 13? Be brief.", "12 times 13 is 156, since 12 * 13 = 156."),
    ("What is 12 * 13? Keep it short.", "12 * 13 = 156."),
    ("¿Cuánto es 12 * 13? Sé breve.", "12 * 13 = 156."),
    ("12 * 13等于多少？简短回答。", "12 * 13 = 156。"),
])
def test_brevity_is_enforced_as_the_number_alone(prompt: str, said: str) -> None:
    """A brevity instruction is the number alone, keyed and enforced: an answer with its working is not served as it
    stands; what is served is the value alone."""
    result = StepCache().generate(prompt, FixedReplyModel(said))
    assert result.text.strip().rstrip(".。") == "156", (prompt, result.text)
    key_brief = StepCache().prepare(prompt)
    key_plain = StepCache().prepare(prompt.split("?")[0].split("？")[0] + ("？" if "？" in prompt else "?"))
    assert key_brief.handler is not None and key_plain.handler is not None
    assert key_brief.handler.problem_key(key_brief.constraints) != key_plain.handler.problem_key(key_plain.constraints)


# ---- properties: any number, the exact answer or no claim ---------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1000, max_value=10**9), st.integers(min_value=0, max_value=999))
def test_a_grouped_number_is_its_value(a: int, b: int) -> None:
    c = ArithmeticConstraints.of_prompt(f"What is {a:,} + {b}?")
    assert (c.expression, c.value) == (f"{a} + {b}", Fraction(a + b))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=999), st.integers(min_value=1, max_value=99),
       st.sampled_from(["Hi! {q}", "Hello, {l}", "Quick one: {l}", "{q} Thanks!", "{q} Thank you.", "Hi! {q} Thanks!"]))
def test_courtesy_reads_as_the_question_alone(a: int, b: int, template: str) -> None:
    q = f"What is {a} * {b}?"
    c = ArithmeticConstraints.of_prompt(template.format(q=q, l=q[0].lower() + q[1:]))
    assert (c.expression, c.value, c.form) == (f"{a} * {b}", Fraction(a * b), "")


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=99), st.integers(min_value=1, max_value=9))
def test_a_comma_group_that_is_no_thousands_grouping_is_no_claim(a: int, digits: int) -> None:
    tail = "5" * digits
    c = ArithmeticConstraints.of_prompt(f"What is {a},{tail} + 1?")
    assert c.claimed == (digits == 3 and a != 0)
    if c.claimed:
        assert c.value == int(f"{a}{tail}") + 1
