"""W28 (red team 22, class C), wip/w28: a negated yes/no question is no claim in every table.

'Ist 14 nicht gerade?' was served 'Nein.' (verified) where German answers 'Doch.'; English 'Is 14 not even?'
answered 'No.' is read both ways. Each arithmetic table declares its negation words (class NOT: en not/n't/no,
de nicht/kein, fr ne/pas/non, es no, it non, pt não, ru не/ни, zh 不/没, ja ない/ません) and no grammar rule derives
them: such a question reaches the model, whichever the polarity. The plain questions stay served.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache

from .harness import FixedReplyModel, NeverRightModel, assert_red_team_pair_not_served

# (language, plain question template, negated templates, yes, no); {n} a number, {d} a divisor
_LANGS = [
    ("en", "Is {n} even?", ["Is {n} not even?", "Isn't {n} even?", "Is {n} not an even number?", "Is {n} not odd?",
                            "Is {n} not divisible by {d}?", "Yes or no: is {n} not divisible by {d}?", "Is {n} not even? Answer yes or no.",
                            "Is {n} not greater than {d}?", "Is {n} not a multiple of {d}?"], "Yes.", "No."),
    ("de", "Ist {n} gerade?", ["Ist {n} nicht gerade?", "Ist {n} nicht ungerade?", "Ist {n} nicht durch {d} teilbar?",
                               "Ist {n} nicht eine gerade Zahl?", "Ist {n} keine gerade Zahl?", "Ist {n} nicht gerade? Antworte mit ja oder nein.",
                               "Ist {n} nicht gerade? Ja oder nein?", "Ist {n} nicht ein Vielfaches von {d}?"], "Ja.", "Nein."),
    ("fr", "{n} est-il pair ?", ["{n} n'est-il pas pair ?", "{n} n'est pas pair ?", "{n} est-il non pair ?",
                                 "{n} n'est-il pas impair ?", "{n} n'est-il pas un multiple de {d} ?"], "Oui.", "Non."),
    ("es", "¿Es {n} par?", ["¿No es {n} par?", "¿Es {n} no par?", "¿No es {n} impar?", "¿{n} no es par?", "¿No es {n} divisible por {d}?"], "Sí.", "No."),
    ("it", "{n} è pari?", ["{n} non è pari?", "{n} non è dispari?", "{n} non è divisibile per {d}?", "{n} non è un numero pari?"], "Sì.", "No."),
    ("pt", "{n} é par?", ["{n} não é par?", "{n} não é ímpar?", "{n} não é divisível por {d}?", "{n} não é um número par?"], "Sim.", "Não."),
    ("ru", "{n} чётное?", ["{n} не чётное?", "{n} не нечётное?", "{n} не делится на {d}?", "{n} ни чётное?", "Является ли {n} не чётным?"], "Да.", "Нет."),
    ("zh", "{n}是偶数吗？", ["{n}不是偶数吗？", "{n}不是奇数吗？", "{n}不能被{d}整除吗？", "{n}没有被{d}整除吗？"], "是。", "不是。"),
    ("ja", "{n}は偶数ですか？", ["{n}は偶数ではないですか？", "{n}は偶数じゃないですか？", "{n}は奇数ではありませんか？", "{n}は{d}で割り切れませんか？"], "はい。", "いいえ。"),
]
_NUMBERS = [(14, 3), (7, 7), (30, 4)]
_NEGATED = [(lang, plain, neg, n, d) for lang, plain, negs, _, _ in _LANGS for neg in negs for n, d in _NUMBERS]


@pytest.mark.parametrize("case", _NEGATED, ids=[f"{c[0]}-{i}" for i, c in enumerate(_NEGATED)])
def test_a_negated_question_is_no_claim(case: tuple[str, str, str, int, int]) -> None:
    lang, plain, neg, n, d = case
    second = neg.format(n=n, d=d)
    assert_red_team_pair_not_served(plain.format(n=n + 2, d=d), second)
    for answer in ("Doch.", "Si.", "No.", "Nein."):  # the model's answer is kept, whatever it says
        result = StepCache().generate(second, FixedReplyModel(answer))
        assert result.text == answer and not result.verified, (second, result.text)


@pytest.mark.parametrize("lang,plain,yes,no", [(c[0], c[1], c[3], c[4]) for c in _LANGS], ids=[c[0] for c in _LANGS])
def test_the_plain_question_stays_served(lang: str, plain: str, yes: str, no: str) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(plain.format(n=12), model)
    for n in (14, 7, 1000, 33):
        before = model.calls
        result = cache.generate(plain.format(n=n), model)
        assert model.calls == before and result.verification == "proven", (lang, n, result.outcome)
        assert result.text == (yes if n % 2 == 0 else no), (lang, n, result.text)
