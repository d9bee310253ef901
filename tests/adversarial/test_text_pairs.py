"""Free-text pairs: a cached answer is served only for the identical prompt.

Every pair runs through a real StepCache with the oracle model: a wrong final text marked
``verified`` is the cache's doing. Safe-set pairs (normalization form, line endings, outer
whitespace) must be answered from the cache; case, inner whitespace, punctuation and markdown
edits go to the model, even where the old answer happens to hold.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache, TextTask

from .harness import Outcome, Pair, run_pair, text_judge


def pair(cls: str, old: str, old_answer: str, new: str, new_answer: str, *, benign: bool = False) -> Pair:
    return Pair(cls, old, old_answer, new, new_answer, text_judge(new_answer), benign=benign)


RAG = (
    "Context information is below.\n---------------------\n{context}\n---------------------\n"
    "Given the context information and not prior knowledge, answer the query.\nQuery: {query}\nAnswer: "
)
ATLAS = "The Atlas X2 battery lasts 14 hours of video playback. It weighs 1.2 kg and costs 899 euros."
POLICY = "Returns are accepted within 30 days of delivery. Refunds take 5 business days."


def rag(context: str, query: str) -> str:
    return RAG.format(context=context, query=query)


def chat(*turns: str) -> str:
    roles = ["user", "assistant"]
    return "system: You answer questions about the Atlas X2.\n\n" + "\n\n".join(
        f"{roles[i % 2]}: {t}" for i, t in enumerate(turns)
    )


ADVERSARIAL: list[Pair] = [
    # inserted negation
    # wip/arithW: free text (primality is the arithmetic task's now: "Is 7 a prime number?")
    pair("text/negation", "Is the Pacific the largest ocean? Answer yes or no.", "Yes.",
         "Is the Pacific not the largest ocean? Answer yes or no.", "No."),
    pair("text/negation", "Can penguins fly?", "No, penguins cannot fly.", "Can penguins not fly?", "Right, penguins cannot fly."),
    pair("text/negation", "List the planets that have rings.", "Jupiter, Saturn, Uranus, Neptune.",
         "List the planets that do not have rings.", "Mercury, Venus, Earth, Mars."),
    pair("text/negation", "Which of these is a mammal: whale, shark?", "The whale.",
         "Which of these is not a mammal: whale, shark?", "The shark."),
    # comparatives and operators
    pair("text/comparative", "Which is greater, 3/4 or 2/3?", "3/4.", "Which is less, 3/4 or 2/3?", "2/3."),
    pair("text/comparative", "Did the Renaissance come before the Baroque?", "Yes.",
         "Did the Renaissance come after the Baroque?", "No."),
    # (digits-only questions are the arithmetic task's: tests/adversarial/test_arithmetic_pairs.py)
    pair("text/operator", "What is 12 plus 4?", "16.", "What is 12 minus 4?", "8."),
    pair("text/operator", "What is 6 times 7?", "42.", "What is 6 divided by 7?", "6/7."),
    pair("text/operator", "Is 5 >= 5 true?", "Yes.", "Is 5 > 5 true?", "No."),
    # units and languages
    pair("text/units", "How many meters are in 3 km?", "3000.", "How many meters are in 3 cm?", "0.03."),
    pair("text/units", "Convert 100 degrees Celsius to Fahrenheit.", "212 F.", "Convert 100 degrees Fahrenheit to Celsius.", "37.8 C."),
    pair("text/language", "Translate 'good morning' into French.", "Bonjour.", "Translate 'good morning' into Spanish.", "Buenos dias."),
    pair("text/language", "Say hello in German.", "Hallo.", "Say hello in Italian.", "Ciao."),
    # counts, percentages, arithmetic, dates
    pair("text/count", "List 5 primary colors of light and pigment.", "1. Red\n2. Green\n3. Blue\n4. Cyan\n5. Yellow",
         "List 3 primary colors of light and pigment.", "1. Red\n2. Green\n3. Blue"),
    pair("text/count", "Name two oceans.", "Atlantic and Pacific.", "Name three oceans.", "Atlantic, Pacific and Indian."),
    pair("text/percent", "What is 15% of 80?", "12.", "What is 25% of 80?", "20."),
    pair("text/arithmetic", "What is 8 squared?", "64.", "What is 9 squared?", "81."),
    pair("text/arithmetic", "A shirt costs $20 and is 10% off. What is the price?", "$18.",
         "A shirt costs $20 and is 10% more. What is the price?", "$22."),
    pair("text/arithmetic", "What is 2.5 times 4?", "10.", "What is 25 times 4?", "100."),
    pair("text/date", "What day of the week was 2024-03-01?", "Friday.", "What day of the week was 2024-03-02?", "Saturday."),
    pair("text/date", "How many days are in February 2024?", "29.", "How many days are in February 2023?", "28."),
    # terse answers that never restate the question
    pair("text/terse", "What is the capital of France?", "Paris.", "What is the capital of Germany?", "Berlin."),
    pair("text/terse", "What is the capital of France?", "Paris.", "What is the largest city of France?", "Paris."),
    pair("text/terse", "Is water wet?", "Yes.", "Is fire wet?", "No."),
    pair("text/terse", "3 + 5, quickly?", "8.", "3 + 6, quickly?", "9."),
    pair("text/terse", "Who wrote Hamlet?", "Shakespeare.", "Who wrote Faust?", "Goethe."),
    pair("text/inserted-word", "What is the boiling point of water?", "100 C at sea level.",
         "What is the boiling point of salt water?", "Slightly above 100 C."),
    pair("text/inserted-word", "Summarise the plot of Hamlet.", "A prince avenges his father.",
         "Summarise the plot of Hamlet in one word.", "Revenge."),
    pair("text/changed-name", "Write a haiku about Alice.", "Alice walks at dawn\nsoft light on the garden path\nthe day opens up",
         "Write a haiku about Bob.", "Bob walks at noon\nshort shadows under his feet\nthe bread is still warm"),
    # RAG: a new question over the same document, a changed document
    pair("text/rag-question", rag(ATLAS, "How long does the battery last?"), "14 hours of video playback.",
         rag(ATLAS, "How heavy is it?"), "1.2 kg."),
    pair("text/rag-question", rag(ATLAS, "How long does the battery last?"), "14 hours of video playback.",
         rag(ATLAS, "How long does the battery take to charge?"), "The context does not say."),
    pair("text/rag-question", rag(ATLAS, "What does it cost?"), "899 euros.", rag(ATLAS, "What does it cost in dollars?"),
         "The context gives only the euro price."),
    pair("text/rag-context", rag(ATLAS, "What does it cost?"), "899 euros.",
         rag(ATLAS.replace("899", "749"), "What does it cost?"), "749 euros."),
    pair("text/rag-context", rag(POLICY, "How long do refunds take?"), "5 business days.",
         rag(POLICY.replace("5 business", "10 business"), "How long do refunds take?"), "10 business days."),
    pair("text/rag-context", rag(POLICY, "What is the returns policy?"), "I do not know.",
         rag(ATLAS, "What is the returns policy?"), "The context does not cover returns."),
    pair("text/rag-context", rag(POLICY, "Can I return an item?"), "Yes, within 30 days of delivery.",
         rag(POLICY.replace("are accepted", "are not accepted"), "Can I return an item?"), "No."),
    # chat follow-ups
    pair("text/chat", chat("How long does the battery last?"), "About 14 hours.",
         chat("How long does the battery last?", "About 14 hours.", "And how heavy is it?"), "1.2 kg."),
    pair("text/chat", chat("What does it cost?"), "899 euros.",
         chat("What does it cost?", "899 euros.", "Is that cheaper than last year?"), "The context does not say."),
    pair("text/chat", chat("Is it waterproof?"), "No.", chat("Is it waterproof?", "No.", "Is it?"), "No, it is not waterproof."),
    pair("text/changed-word", "Describe a cat in one sentence.", "A cat is a small, agile, independent feline.",
         "Describe a dog in one sentence.", "A dog is a loyal, social canine companion."),
    pair("text/grouping", "In your head: (2 + 3) * 4?", "20.", "In your head: 2 + 3 * 4?", "14."),
    pair("text/leading-point", "What is .5 times 4?", "2.", "What is 5 times 4?", "20."),
    pair("text/factorial", "What is 5!?", "120.", "What is 5?", "5."),
    pair("text/identifier", "What does __init__ do in Python?", "It initialises a new instance.",
         "What does init do in Python?", "It depends on the library."),
    pair("text/changed-hyphen", "Is a well-known fact always true?", "No.", "Is a well known fact always true?", "No, not always."),
    # case, whitespace and punctuation that carry meaning (found by probing the formatting rule)
    pair("text/case-in-sentence", "Does the word 'Polish' in this sentence refer to a nationality?", "Yes.",
         "Does the word 'polish' in this sentence refer to a nationality?", "No."),
    pair("text/case-in-sentence", "Does 'US' mean the United States here: 'US exports rose'?", "Yes.",
         "Does 'us' mean the United States here: 'us exports rose'?", "No."),
    pair("text/case-in-sentence", "Is the variable myVar the same as myvar in Python?", "No, Python is case-sensitive.",
         "Is the variable myvar the same as myvar in Python?", "Yes."),
    pair("text/case-in-sentence", "Count the uppercase letters in 'AbC'.", "2.", "Count the uppercase letters in 'abc'.", "0."),
    pair("text/case-in-sentence", "Is 'ABC' equal to 'abc' in a case-sensitive comparison?", "No.",
         "Is 'abc' equal to 'abc' in a case-sensitive comparison?", "Yes."),
    pair("text/case-in-sentence", "What does the regex \\d+ match?", "One or more digits.",
         "What does the regex \\D+ match?", "One or more non-digits."),
    pair("text/whitespace-in-quotes", "Count the characters in: 'a b c'", "5.", "Count the characters in: 'a  b c'", "6."),
    pair("text/whitespace-in-quotes", "Print the Python expression: 'a'+'b'", "ab", "Print the Python expression: 'a'+' b'", "a b"),
    pair("text/inner-punctuation", "Add the missing comma if one is needed: Let's eat, grandma.", "Let's eat, grandma.",
         "Add the missing comma if one is needed: Let's eat grandma.", "Let's eat, grandma. (The comma was missing.)"),
    pair("text/inner-punctuation", "Is 1,000 more than 999?", "Yes.", "Is 1.000 more than 999?", "No: 1.000 is one."),
]

# Edits that happen to keep the answer here but are content in other contexts (a case change is
# decisive in code and proper nouns, punctuation in data to classify, whitespace in code and
# quotes): no proof that holds in every context, so they go to the model.
UNPROVEN: list[Pair] = [
    pair("text/case", "What is the capital of France?", "Paris.", "what is the capital of France?", "Paris."),
    pair("text/whitespace", "What is  the capital of France?", "Paris.", "What is the capital\nof France?  ", "Paris."),
    pair("text/punctuation", "What is the capital of France?", "Paris.", "What is the capital of France", "Paris."),
    pair("text/punctuation", "Hello, how are you?", "I am well, thanks.", "hello, how are you!", "I am well, thanks."),
    pair("text/markdown", "**Explain** recursion in one sentence.", "A function that calls itself.",
         "Explain recursion in one sentence.", "A function that calls itself."),
    pair("text/markdown", "- List three colors", "Red, green, blue.", "List three colors", "Red, green, blue."),
    pair("text/rag-formatting", rag(ATLAS, "How long does the battery last?"), "14 hours of video playback.",
         rag(ATLAS, "how long does the battery last"), "14 hours of video playback."),
    pair("text/chat-formatting", chat("Is it waterproof?"), "No.", chat("is it waterproof"), "No."),
    pair("text/quotes", 'Translate "good morning" into French.', "Bonjour.", "Translate 'good morning' into French.", "Bonjour."),
]

# Once the "safe set" (README: now empty): the normalization form, line endings, whitespace around
# the whole prompt. Each can be what the prompt is about (a code-point count, CRLF, indentation),
# so each is a change of content: the model answers.
FORMERLY_SAFE: list[Pair] = [
    pair("text/outer-whitespace", "What is the capital of France?", "Paris.", "  What is the capital of France?\n", "Paris."),
    pair("text/line-endings", "Summarise:\nline one\nline two", "Two lines.", "Summarise:\r\nline one\r\nline two",
         "Two lines."),
    pair("text/normalization", "Translate caf\u00e9 into English.", "Coffee.", "Translate cafe\u0301 into English.",
         "Coffee."),
    pair("text/rag-outer-whitespace", rag(ATLAS, "How long does the battery last?"), "14 hours of video playback.",
         rag(ATLAS, "How long does the battery last?") + "\n\n", "14 hours of video playback."),
    pair("text/indentation", "print(1)\nDoes this Python file raise an IndentationError? Answer yes or no.", "no",
         "    print(1)\nDoes this Python file raise an IndentationError? Answer yes or no.", "yes"),
    pair("text/code-points", "How many code points are in 'caf\u00e9'? Reply with the number.", "4",
         "How many code points are in 'cafe\u0301'? Reply with the number.", "5"),
    pair("text/trailing-spaces", "Reply with the number of characters in this message.", "52",
         "Reply with the number of characters in this message.   ", "55"),
]
UNPROVEN = UNPROVEN + FORMERLY_SAFE
BENIGN: list[Pair] = [
    pair("text/identical", "Write a haiku about Alice.", "Alice walks at dawn\nsoft light on the garden path\nthe day opens up",
         "Write a haiku about Alice.", "Alice walks at dawn\nsoft light on the garden path\nthe day opens up", benign=True),
]
ALL = ADVERSARIAL + UNPROVEN + BENIGN


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in ALL]


def test_enough_pairs() -> None:
    assert len(ALL) >= 40 and len(ADVERSARIAL) >= 30


def test_no_wrong_answer_is_served_as_verified(outcomes: list[Outcome]) -> None:
    wrong = [(o.pair, o.result.outcome, o.result.text) for o in outcomes if not o.correct]
    assert wrong == []


# Pairs whose new prompt the arithmetic task now reads (wip/tpl, issue 33: one operator word
# between two numbers, "What is 12 minus 4?"): once pinned here as going to the model, they are
# now computed without a model call, proven and right (the stronger test below).
# wip/jsonU: the unit symbols km, cm, ... are declared: "How many meters are in 3 cm?" is computed (0.03), proven and right.
# wip/arithA: "P% of N" and "N squared" are declared forms: "What is 25% of 80?" (20) and "What is 9 squared?" (81) are
# computed, proven and right.
READ_AS_ARITHMETIC = ("What is 12 minus 4?", "What is 6 divided by 7?", "What is 25 times 4?", "How many meters are in 3 cm?",
                      "What is 25% of 80?", "What is 9 squared?")


def test_changed_content_is_never_answered_from_the_cache(outcomes: list[Outcome]) -> None:
    assert [o.pair for o in outcomes
            if not o.pair.benign and o.without_full_regeneration and o.pair.new_prompt not in READ_AS_ARITHMETIC] == []


def test_operator_words_between_numbers_are_computed_proven_and_right(outcomes: list[Outcome]) -> None:
    read = [o for o in outcomes if o.pair.new_prompt in READ_AS_ARITHMETIC]
    assert len(read) == len(READ_AS_ARITHMETIC)
    for o in read:
        assert o.result.task == "arithmetic" and o.result.outcome == "reinstantiate", o.pair
        assert o.result.model_calls == 0 and o.result.verification == "proven" and o.correct, (o.pair, o.result.text)


def test_every_edit_goes_to_the_model(outcomes: list[Outcome]) -> None:
    unproven = [o for o in outcomes if o.pair in UNPROVEN]
    assert len(unproven) == len(UNPROVEN)
    assert [o.pair for o in unproven if o.result.model_calls == 0] == []
    assert all(o.correct for o in unproven)


def test_identical_prompts_are_reused(outcomes: list[Outcome]) -> None:
    benign = [o for o in outcomes if o.pair.benign]
    # reused as stored: free text passes its checks but is never proven
    reused = [
        o for o in benign
        if o.result.outcome == "reuse" and o.result.checks_passed and o.result.verification != "proven"
    ]
    print(f"\ntext benign pairs answered from the cache: {len(reused)}/{len(benign)}")
    assert len(reused) == len(benign), [(o.pair, o.result.outcome) for o in benign if o not in reused]


def test_reused_steps_name_their_evidence() -> None:
    task = TextTask()
    old, new = task.constraints("What is the capital of France?"), task.constraints("What is the capital of France?")
    units = task.verify(task.segment("Paris.", old), new, old).units
    assert [(u.ok, u.evidence) for u in units] == [(True, "prompt unchanged")]
    for variant in (" What is the capital of France?\r\n", "What is the capital of France? ", "What is the capital of France?\n"):
        assert not task.verify(task.segment("Paris.", old), task.constraints(variant), old).passed
    changed = task.constraints("what is the capital of France?")
    assert not task.verify(task.segment("Paris.", old), changed, old).passed


def test_prompts_beyond_the_stored_prefix_are_compared_in_full() -> None:
    """Constraints keep the first 20000 characters; a change after them must still count."""
    task = TextTask()
    head = "Background. " * 2000
    old, new = task.constraints(head + "Is 7 prime?"), task.constraints(head + "Is 8 prime?")
    assert old["prompt"] == new["prompt"]
    assert not task.verify(task.segment("Yes.", old), new, old).passed
    legacy_old = {"prompt": old["prompt"]}  # an entry stored before digests: unknown, so no reuse
    assert not task.verify(task.segment("Yes.", old), {"prompt": new["prompt"]}, legacy_old).passed


def test_numbers_with_thousands_of_digits_are_handled() -> None:
    huge = "7" * 5000
    outcome = run_pair(pair("text/hostile", f"Is {huge} odd?", f"Yes, {huge} is odd.", f"Is {huge}8 odd?", "No."), StepCache())
    assert outcome.correct
    same = run_pair(pair("text/hostile", f"Is {huge} odd?", "Yes.", f"Is {huge} odd?", "Yes.", benign=True), StepCache())
    assert same.correct and same.result.outcome == "reuse"
    spaced = run_pair(pair("text/hostile", f"Is {huge} odd?", "Yes.", f"Is {huge} odd?  ", "Yes."), StepCache())
    assert spaced.correct and spaced.result.model_calls == 1  # outer whitespace is content


# A class not covered above: the user turn stays word for word and only the system instruction
# changes (target language, answer format, persona). The answer depends on it, so it is content.
SYSTEM_CHANGES = (
    ("Reply in French.", "Bonjour !", "Reply in German.", "Guten Tag!"),
    ("Answer with one word.", "Fine.", "Answer with a full sentence.", "I am doing fine, thank you."),
    ("You are a pirate.", "Arr, fine.", "You are a butler.", "Very well, sir."),
    ("Reply in French.", "Bonjour !", "Do not reply in French.", "Hello!"),
)


@pytest.mark.parametrize(("old_system", "old_answer", "new_system", "new_answer"), SYSTEM_CHANGES)
def test_a_changed_system_instruction_is_never_answered_from_the_cache(
    old_system: str, old_answer: str, new_system: str, new_answer: str
) -> None:
    def prompt(system: str) -> str:
        return f"system: {system}\n\nuser: Greet me and say how you are."

    outcome = run_pair(pair("text/system-instruction", prompt(old_system), old_answer, prompt(new_system), new_answer))
    assert not outcome.wrong_and_verified, outcome.result.text
    assert outcome.correct and outcome.result.model_calls >= 1, outcome.result.text
