"""Linear reach round 2 (issue 33 items 2/3/4, branch wip/linF), written by hand per class, not
from any held-out file. Each pair: the first prompt is answered by a model that is never right (only
what the checker or the deterministic fallback proves is stored), then the second is served proven
without a model call and exactly right; each trap is no claim and reaches the model.

Classes: the number alone with the answering verb anywhere ``bare`` stands ("rispondi solo con il
numero", "réponds juste avec le nombre", "只要答案数字"); steps numbered before the equations
("Nummeriere deine Schritte: ..."); the working asked of the equation just stated ("¿Me explicas paso
a paso cómo se resuelve?"); a polite question after "in" the equation ("请问 ... 里 x 等于多少？"); the
answer brief with the answering verb ("Antworte knapp."); a request joined to the persona ("你是一名
数学老师，只输出最终答案"); chat turns split by " | "; the answer asked in the table's own language
("Rispondi in italiano.", "用中文回答"; another language is no claim); an expression asked with the
verb after it ("2x の値を求めて") or after "in" ("里 2x 等于多少"); homework-sheet story wrappers and
"so I can explain it to him"; "quanto dá", "Pode deixar em fração", "mi aiuteresti a", "tu peux me".
Yes/no checks in pt/it/ru/zh/ja are served (the class existed; pinned here)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import NeverRightModel, served_linear


def served(first: str, second: str, expected: dict[str, Fraction | int], fmt: str = "") -> str:
    return served_linear(first, second, expected, fmt, step_labels=True)


PAIRS = [
    # the number alone with the answering verb, after the request or before the equations
    ("Trova n, rispondi solo con il numero: n/3 + 2 = 5", "Trova n, rispondi solo con il numero: n/3 + 2 = 7", {"": 15}, "bare"),
    ("Résous 2x - 3 = 9, réponds juste avec le nombre.", "Résous 2x - 3 = 13, réponds juste avec le nombre.", {"": 8}, "bare"),
    ("只要答案数字：4y + 1 = 9", "只要答案数字：4y + 1 = 21", {"": 5}, "bare"),
    ("Responda só com o número: 3k - 2 = 10", "Responda só com o número: 3k - 2 = 19", {"": 7}, "bare"),
    ("Just give me the number, no explanation. 9x = 63, x = ?", "Just give me the number, no explanation. 9x = 108, x = ?", {"": 12}, "bare"),
    ("Just give me the number: 5x - 2 = 13", "Just give me the number: 5x - 2 = 18", {"": 4}, "bare"),
    # the steps numbered before the equations
    ("Nummeriere deine Schritte: 3(y - 1) = y + 5", "Nummeriere deine Schritte: 3(y - 1) = y + 9", {"y": 6}, "numbered"),
    ("Number your steps: 4(x + 1) = 2x + 10", "Number your steps: 4(x + 1) = 2x + 14", {"x": 5}, "numbered"),
    # the working asked of the equation just stated, no equation repeated
    ("Mi hijo tiene esta tarea: 3(x + 2) = 15. ¿Me explicas paso a paso cómo se resuelve?",
     "Mi hijo tiene esta tarea: 3(x + 2) = 27. ¿Me explicas paso a paso cómo se resuelve?", {"x": 7}, ""),
    # a polite question after "in" the equation (the unknown or an expression)
    ("请问 3x + 4 = 19 里 x 等于多少？", "请问 3x + 4 = 25 里 x 等于多少？", {"x": 7}, ""),
    ("请问 3x + 4 = 19 里 2x 等于多少？", "请问 3x + 4 = 25 里 2x 等于多少？", {"2*x": 14}, ""),
    ("4x - 1 = 11 のとき、3x の値を求めてください。", "4x - 1 = 19 のとき、3x の値を求めてください。", {"3*x": 15}, ""),
    # the answer brief with the answering verb; the persona and the request joined; turns split by " | "
    ("System: Antworte knapp.\nUser: 6m - 5 = 4m + 3, m = ?", "System: Antworte knapp.\nUser: 6m - 5 = 4m + 9, m = ?", {"m": 7}, "one_line"),
    ("系统：你是一名数学老师，只输出最终答案。\n用户：3(x - 2) = 9", "系统：你是一名数学老师，只输出最终答案。\n用户：3(x - 2) = 15", {"x": 7}, "one_line"),
    ("Système : Tu es un prof de maths patient. | Utilisateur : trouve z tel que 5z - 2 = 13",
     "Système : Tu es un prof de maths patient. | Utilisateur : trouve z tel que 5z - 2 = 28", {"z": 6}, ""),
    ("Sistema: Rispondi in italiano. | Utente: quanto vale x se x/5 = 2?",
     "Sistema: Rispondi in italiano. | Utente: quanto vale x se x/5 = 4?", {"x": 20}, ""),
    ("System: Answer math questions concisely.\nUser: hi\nAssistant: Hello! How can I help?\nUser: solve 4k + 3 = 19",
     "System: Answer math questions concisely.\nUser: hi\nAssistant: Hello! How can I help?\nUser: solve 4k + 3 = 27", {"k": 6}, "one_line"),
    ("System: Beantworte Matheaufgaben knapp.\nUser: Löse 3z + 7 = 22", "System: Beantworte Matheaufgaben knapp.\nUser: Löse 3z + 7 = 34",
     {"z": 9}, "one_line"),
    ("请帮我解这个方程组：x + y = 12，x - y = 4", "请帮我解这个方程组：x + y = 18，x - y = 4", {"x": 11, "y": 7}, ""),
    # the answer asked in the table's own language
    ("Résous 5x + 2 = 17. Réponds en français.", "Résous 5x + 2 = 27. Réponds en français.", {"x": 5}, ""),
    ("解方程 2x + 5 = 11，用中文回答。", "解方程 2x + 5 = 17，用中文回答。", {"x": 6}, ""),
    ("2x + 5 = 11 を解いて、日本語で答えて。", "2x + 5 = 17 を解いて、日本語で答えて。", {"x": 6}, ""),
    ("Löse 4x - 3 = 9. Antworte auf Deutsch.", "Löse 4x - 3 = 17. Antworte auf Deutsch.", {"x": 5}, ""),
    ("Solve 6x + 1 = 13. Answer in English.", "Solve 6x + 1 = 19. Answer in English.", {"x": 3}, ""),
    # story wrappers and everyday words around a written equation
    ("My daughter's homework sheet says: 5b + 3 = 18. Find b. Can you walk me through it so I can explain it to her?",
     "My daughter's homework sheet says: 5b + 3 = 28. Find b. Can you walk me through it so I can explain it to her?", {"b": 5}, ""),
    ("Oi! Tô fazendo a lição de casa e travei nessa: 5x + 2 = 3x + 10. Quanto dá x?",
     "Oi! Tô fazendo a lição de casa e travei nessa: 5x + 2 = 3x + 14. Quanto dá x?", {"x": 6}, ""),
    ("Qual o valor de m em 4m + 1 = 6? Pode deixar em fração.", "Qual o valor de m em 4m + 1 = 4? Pode deixar em fração.",
     {"m": Fraction(3, 4)}, ""),
    ("Ciao, mi aiuteresti a trovare y in 7y - 2 = 5y + 6?", "Ciao, mi aiuteresti a trovare y in 7y - 2 = 5y + 12?", {"y": 7}, ""),
    ("Tu peux me trouver x dans 3x + 5 = 20 stp ?", "Tu peux me trouver x dans 3x + 5 = 26 stp ?", {"x": 7}, ""),
    # a fraction "if needed" is the fraction form (an integer or a/b)
    ("Solve 6x + 1 = 13. Give the answer as a fraction if needed.", "Solve 6x + 1 = 5. Give the answer as a fraction if needed.",
     {"x": Fraction(2, 3)}, ""),
    ("Résous 6x + 1 = 13, réponse en fraction si besoin.", "Résous 6x + 1 = 6, réponse en fraction si besoin.", {"x": Fraction(5, 6)}, ""),
    ("Resuelve 6x + 1 = 13. Da la respuesta como fracción si es necesario.",
     "Resuelve 6x + 1 = 3. Da la respuesta como fracción si es necesario.", {"x": Fraction(1, 3)}, ""),
    # two manners before the verb, the numbering in full-width parentheses
    ("请分步骤（给每一步编号）解：3(y - 2) = 12", "请分步骤（给每一步编号）解：3(y - 2) = 15", {"y": 7}, "numbered"),
    # a LaTeX fraction of a term over a number, written plainly ("(1/2)x", never "1/2x")
    ("Solve $\\frac{x}{3} + 2 = 4$.", "Solve $\\frac{x}{3} + 2 = 7$.", {"x": 15}, ""),
    ("Solve \\frac{3x}{4} = 6", "Solve \\frac{3x}{4} = 9", {"x": 12}, ""),
    ("Solve \\dfrac{1}{2}x - 1 = 3", "Solve \\dfrac{1}{2}x - 1 = 4", {"x": 10}, ""),
    ("Resuelve \\(\\frac{x - 2}{5} = 1\\)", "Resuelve \\(\\frac{x - 2}{5} = 3\\)", {"x": 17}, ""),
    # the unknown named right before the equation, no colon ("solve for x 3x+2=17")
    ("pls solve for x 4x+3=19 thx", "pls solve for x 4x+3=27 thx", {"x": 6}, ""),
    ("resuelve para y 2y - 5 = 7", "resuelve para y 2y - 5 = 11", {"y": 8}, ""),
    # a note in English after a request in another language: the answer in English
    ("Résous: 6x + 5 = 29 (answer in English please)", "Résous: 6x + 5 = 41 (answer in English please)", {"x": 6}, "english"),
    ("Resuelve 3y - 2 = 10 (answer in English)", "Resuelve 3y - 2 = 16 (answer in English)", {"y": 6}, "english"),
    ("Solve 2x + 1 = 7 (please)", "Solve 2x + 1 = 11 (please)", {"x": 5}, ""),
    # yes/no checks in other languages (served: the class existed)
    ("x = 4 é solução de 2x + 3 = 11? Responda sim ou não.", "x = 5 é solução de 2x + 3 = 11? Responda sim ou não.", {}, "no Não"),
    ("x = 4 è soluzione di 2x + 3 = 11? Rispondi sì o no.", "x = 5 è soluzione di 2x + 3 = 13? Rispondi sì o no.", {}, "yes Sì"),
    ("Является ли x = 4 решением 2x + 3 = 11? Ответь да или нет.", "Является ли x = 3 решением 2x + 3 = 11? Ответь да или нет.",
     {}, "no Нет"),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_served_proven_and_exactly_right(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    text = served(first.replace("\\n", "\n"), second.replace("\\n", "\n"), expected, fmt)
    if fmt == "english":
        assert text.startswith("Step 1: Start from the equation") and "\nAnswer: " in text, text
    if fmt.startswith(("yes ", "no ")):
        assert text.strip().rstrip(".") == fmt.split(" ", 1)[1], text


TRAPS = [
    # a language other than the table's: no claim (the answer could not follow it)
    ("Solve 3x + 1 = 16", "Solve 3x + 1 = 16. Answer in French."),
    ("Risolvi 3x + 1 = 16.", "Risolvi 3x + 1 = 16. Rispondi in inglese."),
    ("Risolvi 3x + 1 = 16.", "Sistema: Rispondi in inglese. | Utente: quanto vale x se 3x + 1 = 16?"),
    ("Résous 3x + 1 = 16.", "Tu es un prof de maths, réponds en anglais. Résous 3x + 1 = 16."),
    ("解方程 3x + 1 = 16", "解方程 3x + 1 = 16，用英文回答。"),
    # a bar that splits no turn (an absolute value, a bar before no label)
    ("Solve 2x = 4", "Solve |2x| = 4"),
    ("Solve 2x = 4", "Solve 2x = 4 | x"),
    ("Solve 3x + 1 = 10", "Solve 3x + 1 = 10 |"),
    ("Solve 2x + 1 = 7", "Solve for x | 2x + 1 = 7"),
    # "la réponse juste" is the correct answer, not the answer alone; "juste" alone is no "only"
    ("Résous 2x + 1 = 6.", "Résous 2x + 1 = 6, réponds juste."),
    # a LaTeX fraction after a term (a mixed number?), before a power, or over an unknown
    ("Solve x/4 = 2", "Solve 3\\frac{1}{2}x = 7"),
    ("Solve x/4 = 2", "Solve \\frac{x}{4}^2 = 2"),
    ("Solve x/4 = 2", "Solve \\frac{x}{y} = 2"),
    ("Solve x/4 = 2", "Solve \\frac{x}{4}_1 = 2"),
    # a letter alone before a number: a factor or the unknown named? ("x 3 + x = 10": x·3 + x?)
    ("solve for x 3x+2=17", "solve for x 3 + x = 10"),
    ("solve for x 3x+2=17", "solve for x (3x+2)=17"),
    ("Risolvi l'equazione 5y + 3 = 28.", "Risolvi l'equazione per y 5y + 3 = 28."),  # "per": "for" or "times"?
    ("solve for x 3x+2=17", "solve before x 3x+2=17"),
    # another form beside "if needed", a parenthesis the table does not declare
    ("Solve 6x + 1 = 13. Give the answer as a fraction if needed.", "Solve 6x + 1 = 5. Give the answer as a decimal or a fraction if needed."),
    ("请分步骤（给每一步编号）解：3(y - 2) = 12", "请分步骤（不要编号）解：3(y - 2) = 12"),
    ("Just give me the number: 5x - 2 = 13", "Just give me the number: x + y = 10, x - y = 2"),  # two values
    ("Solve 3z + 7 = 22", "System: Answer physics questions concisely.\nUser: solve 3z + 7 = 34"),  # another subject
    ("Solve 3z + 7 = 22", "System: Answer questions in French.\nUser: solve 3z + 7 = 34"),
    ("Résous: 6x + 5 = 29 (answer in English please)", "Résous: 6x + 5 = 29 (réponds en anglais)"),  # the note in French
    ("x = 4 est-elle solution de 3x + 1 = 13 ?", "x = 4 est-elle solution de 3x + 1 = 13 ? (answer in English please)"),
    ("x = 4 est-elle solution de 3x + 1 = 13 ?",  # the check's words are the table's ("Oui"): the note cannot be followed
     "x = 4 est-elle solution de 3x + 1 = 13 ? Réponds par oui ou non (answer in English please)"),
    ("Solve 2x + 1 = 7 (please)", "Solve 2x + 1 = 7 (x > 0)"),
    ("Solve 2x + 1 = 7 (please)", "Solve 2x + 1 = 7 (mod 5)"),
    # a word no table reads beside the new shapes
    ("请问 3x + 4 = 19 里 x 等于多少？", "请问 3x + 4 = 19 里 x 的平方根等于多少？"),
    ("只要答案数字：4y + 1 = 9", "只要答案数字的平方：4y + 1 = 9"),
    ("Mi hijo tiene esta tarea: 3(x + 2) = 15. ¿Me explicas paso a paso cómo se resuelve?",
     "Mi hijo tiene esta tarea: 3(x + 2) > 15. ¿Me explicas paso a paso cómo se resuelve la inecuación?"),
    ("Qual o valor de m em 4m + 1 = 6? Pode deixar em fração.", "Qual o valor de m em 4m + 1 = 6? Não pode deixar em fração."),
]


@pytest.mark.parametrize(("cached", "trap"), TRAPS)
def test_a_trap_is_no_claim_and_reaches_the_model(cached: str, trap: str) -> None:
    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate(cached, model)
    asked: list[str] = []
    result = cache.generate(trap, lambda p: asked.append(p) or "I cannot say.")
    assert asked and result.model_calls >= 1, trap
    assert not (result.verified and result.task == "linear_equation"), trap


def test_a_former_latex_trap_is_served_and_right() -> None:
    """"Solve $\\frac{x}{2} + 7 = 15$." was a trap of test_linear_everyday_english.py (LaTeX not read):
    now read as x/2 + 7 = 15 and served proven, x = 16, from the cached "Solve x/2 + 7 = 9."."""
    read = understand_prompt("Solve $\\frac{x}{2} + 7 = 15$.")
    assert read is not None and read.solution == {"x": Fraction(16)}
    served("Solve x/2 + 7 = 9.", "Solve $\\frac{x}{2} + 7 = 15$.", {"x": 16})


def test_a_note_in_english_is_not_served_from_a_french_answer() -> None:
    """The French request's answer (no English prose) is not the answer to the same request with a
    note asking English: the language is part of what the answer is written for."""
    first = understand_prompt("Résous: 6x + 5 = 29")
    noted = understand_prompt("Résous: 6x + 5 = 41 (answer in English please)")
    assert first is not None and first.language == "fr"
    assert noted is not None and noted.language == "en"


def test_the_own_language_is_no_format_and_brief_is_the_answer_alone() -> None:
    """"Rispondi in italiano" asks no format (the working stays); "Antworte knapp" asks the answer alone."""
    italian = understand_prompt("Risolvi 3x + 1 = 16. Rispondi in italiano.")
    assert italian is not None and italian.format == () and italian.language == "it"
    brief = understand_prompt("Löse 3x + 1 = 16. Antworte knapp.")
    assert brief is not None and brief.format == ("answer_only",)
    numbered = understand_prompt("Nummeriere deine Schritte: 3x + 1 = 16")
    assert numbered is not None and "numbered" in numbered.format
