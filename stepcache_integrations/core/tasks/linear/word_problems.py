"""Word problems read by the linear task's request grammar (``request.lark``, its WORD PROBLEMS
section): the prompt states no equation, its sentences are facts the grammar declares, and the
equation is derived from those facts here, never from the model's text.

Shape "fixed + rate x count = total": one charge of a fixed amount plus a rate per unit ("A taxi
charges a $3 base fare plus $2 per mile."), one total paid ("The ride cost $19."), the count's
letter named by the prompt over the rate's unit ("Let m be the number of miles."): 2m + 3 = 19.
Every amount is in one currency; the count is not negative, and a whole number where the unit is
counted whole (days, weeks, months, minutes). Anything else is no claim.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from lark import Token

from ..algebra import find_equations, format_number, solve_system
from ..digit_groups import read_two_ways
from ..request_language import Declined, Folded, Word, fold

if TYPE_CHECKING:
    from .prompt import LinearProblem

__all__ = ["WordFacts", "understand_word_problem"]

# Marks that make a number something else when they follow it, even after a space: feet, inches,
# minutes, seconds ("9 'cm", "$3 \" flat fee": equations decline them too). A number with a leading
# zero ("08 ans", "$09") is no number of this grammar either (equations decline "020").
_MARKED = "'\"\u2032\u2033\u2018\u2019\u201c\u201d"
# An amount written with its currency's sign before it: "$3", "$0.20" (English: a decimal point),
# "R$ 2,50" (Portuguese: a decimal comma); read whole (no digit, letter, point or comma-digit after
# it: "$1,200", "$3.5.1", "$3x" are no amount of this grammar). An amount written with a currency
# word after it ("20 euros", "0,20 \u20ac", "5 \u5143") is NUM and a WP_C_* word of the table.
_MONEY = {"en": ("WP_C_USD", re.compile(r"\$((?:[1-9][0-9]{0,2}(?:,[0-9]{3})+|0|[1-9][0-9]*)(?:\.[0-9]{1,2})?)(?![\w%$]|[.,][0-9]|\s*[" + _MARKED + "])")),
          "pt": ("WP_C_BRL", re.compile(r"R\$ ?((?:0|[1-9][0-9]*)(?:,[0-9]{1,2})?)(?![\w%$]|[.,][0-9]|\s*[" + _MARKED + "])"))}
# Tables whose decimal mark is the point (the others write a comma: "0,20").
_POINT = frozenset({"en", "zh", "ja"})
# A plain number, read whole (no letter, digit, or point or comma before a digit after it; a kana
# or a CJK character is a word of its own: "3倍", "48歳").
_NUMBER = {True: re.compile(r"(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?![^\W\u3040-\u30ff\u4e00-\u9fff]|[%$]|[.,][0-9]|\s*[" + _MARKED + "])"),
           False: re.compile(r"(?:0|[1-9][0-9]*)(?:,[0-9]+)?(?![^\W\u3040-\u30ff\u4e00-\u9fff]|[%$]|[.,][0-9]|\s*[" + _MARKED + "])")}
# A digit group read two ways (digit_groups.read_two_ways: "1,004" is 1004 in en-US, 1.004 with a
# decimal comma) is no number in any table (wip/fuzzC: "Luc a 1,003 fois l'âge de sa fille" was
# served x = 48000/2003). An English amount with its sign and comma groups ("$1,250") stays an
# amount: _MONEY reads it first.
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# A capitalized word no table reads: a person's name ("Marco ha speso 205 euro.").
_NAME = re.compile(r"[A-Z][a-z\u00e0-\u00ff]+(?!\w|['\u2019](?!s\b))")
# "m" (metres) right after a number: a unit, never the unknown, in a prompt naming no letter.
_METRES = re.compile(r"(?<=[0-9] )m(?![\w'\u2019])")
_LETTER = re.compile(r"(?<![\w'\u2019$])[A-Za-z](?![\w'\u2019$])")
# Units a count of which may be a fraction (2.5 miles, 1.5 hours); the others are counted whole.
_CONTINUOUS = frozenset({"WP_U_MILE", "WP_U_KM", "WP_U_HOUR"})


@dataclass(frozen=True)
class _Charge:
    fixed: Fraction
    rate: Fraction
    unit: str
    currencies: frozenset[str]
    monthly: bool = False  # the fixed amount is a month's ("10 \u20ac par mois"): the total must be the month's


def _table_words(key: str) -> dict[str, Any]:
    """A table field mapping words to data, folded, over every table (each language's words its own)."""
    return {fold(word): data for table in _TABLES for word, data in table.get(key, {}).items()}


# Every vocabulary table's data, read once for the fields below.
_TABLES = [json.loads(path.read_text(encoding="utf-8"))
           for path in sorted((Path(__file__).parent / "vocabulary").glob("*.json"))]
# Each form of an item's word to the item (a table's "item_forms": ru "тетради" is "тетрадь"), so two
# forms of one word are one item (red team round 9: "Книга на 117 рублей дороже книги").
_ITEM_FORMS: dict[str, str] = {form: fold(item) for form, item in _table_words("item_forms").items()}
# Whose bill a bill word is (a table's "bill_of": "ride" is a taxi's, "repair" a plumber's; "*": anyone's).
# A word no table lists there is no claim: "A plumber charges ... The ride cost $114" (W15).
_BILL_OF: dict[str, list[str]] = _table_words("bill_of")
# The grammatical gender of a relative's word and of a pronoun after "years more than" (a table's
# "genders"): "e ha 27 anni più di lui" is said of a male relative only (W16); a word not listed is no claim.
_GENDERS: dict[str, str] = _table_words("genders")
# Whose purchase a phrase says (a table's "buyer_persons": "i bought" and "we bought" are the first person "1",
# "did she buy" the third "3"); a name is "3".
_BUYER_PERSONS: dict[str, str] = _table_words("buyer_persons")
# The words that end a price per item ("for 9 dollars each"; a table's "each_words"; wip/linK).
_EACH: frozenset[str] = frozenset(fold(word) for table in _TABLES for word in table.get("each_words", ()))
# The words before a unit of time that say "every one" ("every hour", "cada hora", "chaque heure"; a table's
# "every_words"; wip/linY): "climbs 3 degrees its hour" is no claim.
_EVERY: frozenset[str] = frozenset(fold(word) for table in _TABLES for word in table.get("every_words", ()))
# The plural forms of item words (a table's "item_plurals"): a price named or asked over one is no
# claim ("How much did the mangoes cost?" asks them all; wip/linW 2026-12-05).
_PLURALS: frozenset[str] = frozenset(fold(word) for table in _TABLES for word in table.get("item_plurals", ()))


def _counter(children: list[Any]) -> str:
    """The counting word before the counted item ("3 本笔记本": 本; "5 盒笔记本": 盒), "" when none."""
    return next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_CL"), "")


class _Unit(str):
    """A class of words (a unit, a side: "WP_U_MILE"), keeping the user's word for it ("miles")."""

    text: str


def _unit_of(token: Token) -> _Unit:
    unit = _Unit(token.type)
    unit.text = str(token.value)
    return unit


@dataclass(frozen=True)
class _Who:
    """A person by name ("Tom", its case kept) or by one relative's word ("son"); ``text``: as written."""

    word: str
    text: str


@dataclass(frozen=True)
class _Item:
    """An item bought, by its word ("笔记本"): one item, one word."""

    word: str
    plural: bool = field(default=False, compare=False)  # written in a plural form (the table's item_plurals)


@dataclass(frozen=True)
class _Part:
    """One part of a cart (wip/linS): an item, its count (None: unknown, "some pens") and its own price
    (None: a unit price stated apart, or the price asked)."""

    item: _Item
    count: Fraction | None
    price: tuple[Fraction, str] | None


# The item a fee in a cart stands for (wip/linY): no table's word, so never an item asked or priced.
_FEE = _Item("\x00fee")


def _is_money(value: Any) -> bool:
    """An amount and its currency class (the ``money`` rule's value)."""
    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], Fraction) and isinstance(value[1], str)


class WordFacts:
    """Transformer callbacks of the WORD PROBLEMS rules (mixed into the reader's transformer): the
    facts stated, each at most once."""

    word_facts: dict[str, Any]

    def _fact(self, name: str, value: Any) -> None:
        facts = self.__dict__.setdefault("word_facts", {})
        if name in facts:
            raise Declined  # two charges, two totals, two letters named: not this shape
        facts[name] = value

    def _billed(self, children: list[Any], kind: str) -> None:
        """The subject who charges and the bill's word, each kept as read; when both are, the bill
        must be that subject's (the table's ``bill_of``): "A plumber charges ... The ride cost" is no claim."""
        word = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == kind), None)
        if word is None:
            return
        self.__dict__[kind] = word
        subject, bill = self.__dict__.get("WP_SUBJECT"), self.__dict__.get("WP_BILL")
        if subject is not None and bill is not None and not {"*", subject} & set(_BILL_OF.get(bill, ())):
            raise Declined  # the bill of something else than what charges (W15)

    def wp_charge(self, children: list[Any], monthly: bool = False) -> None:
        self._billed(children, "WP_SUBJECT")
        (fixed, fixed_currency), (rate, rate_currency, unit) = [c for c in children if isinstance(c, tuple)]
        if monthly and unit == "WP_U_MONTH":
            raise Declined  # "10 \u20ac par mois plus 2 \u20ac par mois"
        self._fact("charge", _Charge(fixed, rate, unit, frozenset({fixed_currency, rate_currency}), monthly))

    def wp_charge_monthly(self, children: list[Any]) -> None:
        self.wp_charge(children, monthly=True)

    def wp_total(self, children: list[Any]) -> None:
        self._billed(children, "WP_BILL")
        self._payer(children)
        self._fact("total", (*_money(children), False))

    def _payer(self, children: list[Any]) -> None:
        """The one person named who buys and pays: "Maria buys x pens ...; Tom pays 57 dollars in
        total" is no claim (whose total?)."""
        name = next((c.value for c in children if isinstance(c, Token) and c.type == "NAME"), None)
        if name is not None and self.__dict__.setdefault("payer", name) != name:
            raise Declined
        self._buyer(children)

    def _buyer(self, children: list[Any]) -> None:
        """One buyer's person in every purchase phrase (a name is a third person): "I bought ... How many
        did she buy?" and "Tom bought ... How many did I buy?" are no claim (W25; a pronoun's gender unchecked)."""
        for c in children:
            person = None if not isinstance(c, Token) else "3" if c.type == "NAME" else _BUYER_PERSONS.get(fold(c.value))
            if person is not None and self.__dict__.setdefault("buyer", person) != person:
                raise Declined

    def wp_total_monthly(self, children: list[Any]) -> None:
        self._fact("total", (*_money(children), True))

    def wp_paid_then(self, children: list[Any]) -> Any:
        """"Si Ana pagó 110 euros en total, ¿cuántos meses m ...?": the total, then the question."""
        self.wp_total(children[:-1])
        return children[-1]

    def money(self, children: list[Any]) -> tuple[Fraction, str]:
        """An amount and its currency (a WP_C_* class)."""
        if children[0].type == "MONEY":
            currency, number = children[0].value.split(" ")
            return Fraction(number), currency
        return Fraction(children[0].value), children[1]

    def currency(self, children: list[Any]) -> str:
        return str(children[0].type)

    def _label(self, words: str) -> None:
        """The user's own words for the quantity asked, no letter named ("miles", "the son")."""
        if "word_label" in self.__dict__:
            raise Declined  # two quantities asked in words
        self.word_label = words[:1].upper() + words[1:]

    def _asked(self, name: str, value: Any, words: str) -> str:
        """A quantity asked in words, no letter named (None stands for the letter the derivation names)."""
        self._fact(name, value)
        self._label(words)
        self.asks = True  # type: ignore[attr-defined]
        return "asks"

    def wp_asked_count(self, children: list[Any]) -> str:
        """"How many miles did I ride?", "坐了多少公里": the count asked over a unit."""
        unit = _unit(children)
        return self._asked("count", (None, unit), unit.text)

    def wp_asked_count_paid(self, children: list[Any]) -> str:
        """wip/linAI: "Quantos meses paguei?": the count asked over what the asker paid (one buyer: "Ana pagou ...
        Quantos meses paguei?" is no claim)."""
        self._buyer(children)
        return self.wp_asked_count(children)

    def wp_asked_side(self, children: list[Any]) -> str:
        """"What is its width?", "Find the length.", "Найдите ширину.", "Wie breit ist es?"."""
        side = _unit(children)
        return self._asked("side", (None, side), side.text)

    def wp_asked_whose(self, children: list[Any]) -> str:
        """"How old is the son?", "Quel âge a sa fille ?", "子どもは何歳ですか": one person's age."""
        who = next(c for c in children if isinstance(c, _Who))
        return self._asked("whose", (None, who.word, "age"), who.text)

    def wp_who(self, children: list[Any]) -> _Who:
        """A person: a name, or a relative's word with its article or possessive ("his son"); one
        relative's word is one person, so two possessives of it ("his son", "her son") are no claim."""
        word = children[-1]
        relative = _ITEM_FORMS.get(fold(word.value), fold(word.value))  # ru "сына", "сыну": one son
        who = _Who(word.value if word.type == "NAME" else relative, " ".join(str(c.value) for c in children))
        possessive = next((fold(c.value) for c in children if c.type in ("WP_HIS", "POSS")), None)
        seen = self.__dict__.setdefault("possessives", {})
        if possessive is not None and seen.setdefault(who.word, possessive) != possessive:
            raise Declined  # "Tom is 3 times as old as his son ... How old is her son?": whose son?
        return who

    def wp_facts(self, children: list[Any]) -> str | None:
        """Facts joined by commas: a question among them may end the sentence with "?"."""
        return "asks" if "asks" in children else None

    def wp_fixed_fact(self, children: list[Any]) -> None:
        """"出租车起步价 10 元": the fixed amount alone (its rate another fact)."""
        self._billed(children, "WP_SUBJECT")
        self._fact("fixed", _money(children))

    def wp_rate_fact(self, children: list[Any]) -> None:
        """"之后每公里 2 元": the rate per unit alone."""
        self._fact("rate", (*_money(children), _unit(children)))

    def wp_older(self, children: list[Any]) -> None:
        """"Maria is 24 years older than her niece": (d, big, small)."""
        big, small = _people(children)
        d = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        if big == small or d <= 0:
            raise Declined
        self._fact("diff", (d, big, small))

    def wp_times_older(self, children: list[Any]) -> None:
        """"Marco ha 4 volte l'età di suo figlio e ha 27 anni più di lui": k times and d more, one pair."""
        k, d = [Fraction(c.value) for c in children if isinstance(c, Token) and c.type == "NUM"]
        big, small = _people(children)
        self._pair("times", k, big, small, "age")
        pronoun = next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_YEARS_MORE_PRONOUN")
        if d <= 0 or _GENDERS.get(pronoun) is None or _GENDERS.get(pronoun) != _GENDERS.get(fold(small)):
            raise Declined  # "... di sua figlia e ha 15 anni più di lui": more than whom? (W16)
        self._fact("diff", (d, big, small))

    def wp_number(self, children: list[Any], less: bool = False) -> None:
        """ru "если к удвоенному числу прибавить 9, получится 25": (k, b, total), the number k times, b added
        (``less``, wp_number_less's "вычесть": taken away; the rule says which). No letter names the number: only
        wp_multiple's "a number n times 3" carries one, and ru, the one table with WP_ADD_TO and WP_SUBTRACT, has no
        WP_TIMES or WP_DIVIDED_BY (wip/cleanE). The English shapes are wip/linU's composed wp_number_expr."""
        b, total = [Fraction(c.value) for c in children if isinstance(c, Token) and c.type in ("NUM", "NEG_NUM")]
        k, _letter = next(c for c in children if isinstance(c, tuple))
        self._fact("number", (k, -b if less else b, total))

    # == wip/linU: "a number" composed (request.lark's wp_nexpr): each rule's value is the expression
    # k x + b of the number, an _Affine; a letter named beside "a number" names it.
    def wp_nterm(self, children: list[Any]) -> _Affine:
        """"twice a number" (2x), "a number" (x)."""
        if isinstance(children[0], tuple):
            k, letter = children[0]
            return _Affine(k, Fraction(0), letter)
        return _Affine(Fraction(1), Fraction(0), None)

    wp_nx_term = wp_nterm

    def wp_nx_before(self, children: list[Any]) -> _Affine:
        """"9 more than 4x", "5 added to x": 4x + 9; "5 less than 3x", "5 subtracted from 3x": 3x - 5."""
        term, b = _term_and_amount(children)
        less = any(isinstance(c, Token) and c.type in _TAKEN_AWAY for c in children)
        return _Affine(term.k, -b if less else b, term.letter)

    wp_nx_after = wp_nx_before  # "2x increased by 5", "6x, minus 4": the amount added or taken away after the term

    def wp_nx_sum(self, children: list[Any]) -> _Affine:
        """"the sum of a number and 7": x + 7."""
        term, b = _term_and_amount(children)
        return _Affine(term.k, b, term.letter)  # the term once, the amount added

    def wp_nx_diff(self, children: list[Any]) -> _Affine:
        """"the difference of a number and 4": x - 4 (the order written)."""
        term, b = _term_and_amount(children)
        return _Affine(term.k, -b, term.letter)

    def wp_nx_diff_of(self, children: list[Any]) -> _Affine:
        """"the difference between 20 and a number", "20 minus twice a number", "a number subtracted
        from 20": the amount less the term, 20 - 2x."""
        term, b = _term_and_amount(children)
        return _Affine(-term.k, b, term.letter)

    def wp_number_expr(self, children: list[Any]) -> None:
        """The expression of the number equals the result: (k, b, total); a letter named names it."""
        expression = next(c for c in children if isinstance(c, _Affine))
        total = next(Fraction(c.value) for c in children if isinstance(c, Token) and c.type in ("NUM", "NEG_NUM"))
        self._fact("number", (expression.k, expression.b, total))
        if expression.letter is not None:
            self._fact("asked_number", (expression.letter,))

    def wp_step_times(self, children: list[Any]) -> tuple[Fraction, Fraction]:
        k = _amount(children)
        if k == 0:
            raise Declined
        return k, Fraction(0)

    def wp_step_divide(self, children: list[Any]) -> tuple[Fraction, Fraction]:
        k = _amount(children)
        if k == 0:
            raise Declined
        return 1 / k, Fraction(0)

    def wp_step_add(self, children: list[Any]) -> tuple[Fraction, Fraction]:
        return Fraction(1), _amount(children)

    def wp_step_take(self, children: list[Any]) -> tuple[Fraction, Fraction]:
        return Fraction(1), -_amount(children)

    def wp_step_double(self, children: list[Any]) -> tuple[Fraction, Fraction]:
        return Fraction(2), Fraction(0)

    def wp_step_triple(self, children: list[Any]) -> tuple[Fraction, Fraction]:
        return Fraction(3), Fraction(0)

    def wp_steps_more(self, children: list[Any]) -> list[Any]:
        """The steps after the first, in order, and the result last."""
        step = next(c for c in children if isinstance(c, tuple))
        rest = next(c for c in children if isinstance(c, list))
        return [step, *rest]

    def wp_steps_end(self, children: list[Any]) -> list[Any]:
        return [next(Fraction(c.value) for c in children if isinstance(c, Token) and c.type in ("NUM", "NEG_NUM"))]

    def wp_number_steps(self, children: list[Any]) -> None:
        """"I think of a number, multiply it by 3 and add 4; I get 25": each step (x -> m x + a) applied
        in order to the number, the expression equals the result: 3x + 4 = 25."""
        first = next(c for c in children if isinstance(c, tuple))
        *steps, total = next(c for c in children if isinstance(c, list))
        k, b = Fraction(1), Fraction(0)
        for m, a in (first, *steps):
            k, b = m * k, m * b + a
        self._fact("number_steps", (k, b, total))
        if any(isinstance(c, Token) and c.type in ("IF", "WP_THINK_OF") for c in children):
            self._fact("thought", True)  # the number the steps start from, said here ("I triple it": said before)

    def wp_shape_perimeter(self, children: list[Any]) -> None:
        """"The perimeter of a rectangle is 40 cm": the perimeter and its unit, the shape named (wip/linU)."""
        self._fact("shape_perimeter", next(c for c in children if isinstance(c, tuple)))

    def wp_side_given(self, children: list[Any]) -> None:
        """"Its length is 14 cm": one side's length and its unit (wip/linU)."""
        side, unit = next(c for c in children if isinstance(c, tuple))
        self._fact("side_given", (_unit(children), side, unit))

    def wp_thought(self, children: list[Any]) -> None:
        """"I'm thinking of a number.": the number its steps ("I triple it ...") are applied to."""
        self._fact("thought", True)

    def wp_number_less(self, children: list[Any]) -> None:
        """"если из утроенного числа вычесть 4, получится 11": b taken away."""
        self.wp_number(children, less=True)

    def wp_number_ja(self, children: list[Any]) -> None:
        """"ある数を3倍して4を足すと19になります": k, b added (or taken away), the result."""
        k, b, total = [Fraction(c.value) for c in children if isinstance(c, Token) and c.type in ("NUM", "NEG_NUM")]
        less = any(isinstance(c, Token) and c.type in _TAKEN_AWAY for c in children)
        self._fact("number", (k, -b if less else b, total))

    def wp_multiple(self, children: list[Any]) -> tuple[Fraction, str | None]:
        """k and the letter named beside "a number": "twice a number" (2), "el triple de" (3), "half
        of" (1/2), "Three times" (the table's number_words), "3 times" (3), "divided by 4" (1/4)."""
        tokens = [c for c in children if isinstance(c, Token)]
        factors = [_factor(c) for c in tokens if c.type in ("NUM", "WP_NUMWORD") or c.type in _FACTORS]
        if len(factors) != 1 or factors[0] == 0:
            raise Declined
        k = 1 / factors[0] if any(c.type == "WP_DIVIDED_BY" for c in tokens) else factors[0]
        return k, next((c.value for c in tokens if c.type == "VAR"), None)

    def wp_number_asked(self, children: list[Any]) -> str:
        """"what is the number?", "Wie heißt die Zahl?", "ある数はいくつですか": the number asked in words."""
        number = next(c for c in children if isinstance(c, Token) and c.type in ("BARE_NUMBER", "WP_NUMBER"))
        return self._asked("asked_number", (None,), str(number.value))

    def wp_a_number(self, children: list[Any]) -> Token:
        return children[0]

    def wp_let(self, children: list[Any], name: str = "count") -> None:
        """"Let m be the number of miles" (``name``: the count's fact; "side" for wp_let_side's "Let w be its width")."""
        letters = next(c for c in children if isinstance(c, list))
        if len(letters) != 1:
            raise Declined  # "let m and n be the number of miles": one count named
        self._fact(name, (letters[0], _unit(children)))

    def wp_asked(self, children: list[Any], name: str = "count") -> str:
        """"Wie viele Stunden h hat er gearbeitet?": the count asked (``name``: its fact; "side" for
        wp_find_side), its letter named; a question."""
        letter = next(c.value for c in children if isinstance(c, Token) and c.type == "VAR")
        self._fact(name, (letter, _unit(children)))
        self.asks = True  # type: ignore[attr-defined]
        self.asked_names.add(letter)  # type: ignore[attr-defined]
        return "asks"  # reader._ASKS_QUESTION: a question mark may end it

    def wp_rectangle(self, children: list[Any]) -> None:
        """"A rectangle has a perimeter of 50 cm and a length of 15 cm": both in one unit."""
        (perimeter, unit), (side, side_unit) = [c for c in children if isinstance(c, tuple)]
        if unit != side_unit:
            raise Declined  # "50 cm ... 15 mm": not one unit
        given = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        self._fact("rectangle", (perimeter, given, side, unit))

    def wp_let_side(self, children: list[Any]) -> None:
        self.wp_let(children, "side")

    def wp_find_side(self, children: list[Any]) -> None:
        """"Find its width w": the side asked, its letter named."""
        self.wp_asked(children, "side")

    def wp_measure(self, children: list[Any]) -> tuple[Fraction, str]:
        return Fraction(children[0].value), fold(children[1].value)

    def wp_side(self, children: list[Any]) -> str:
        return _unit_of(children[0])

    def wp_purchase(self, children: list[Any]) -> None:
        """"3 本笔记本和一支 5 元的笔，一共花了 26 元": a count of one item, another item's price, the total."""
        count = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        (other, other_currency), (total, currency) = [c for c in children if isinstance(c, tuple)]
        item, other_item = [c for c in children if isinstance(c, _Item)]
        if item == other_item:
            raise Declined  # "3 本笔记本和一本 5 元的笔记本": which price is asked?
        self._fact("purchase", (count, item, other, total, frozenset({other_currency, currency})))
        self._fact("counted_by", _counter(children))

    def wp_let_price(self, children: list[Any]) -> None:
        """"设每本笔记本 n 元", "りんご 1 個の値段を p 円とします": the price of one item, named by its letter."""
        numbers = [c.value for c in children if isinstance(c, Token) and c.type == "NUM"]
        if numbers and Fraction(numbers[0]) != 1:
            raise Declined  # "りんご 2 個の値段を p 円": the price of two
        letter = next(c.value for c in children if isinstance(c, Token) and c.type == "VAR")
        item = next(c for c in children if isinstance(c, _Item))
        self._fact("price", (letter, item, next(c for c in children if isinstance(c, str) and not isinstance(c, Token))))
        self._fact("priced_by", _counter(children))

    def wp_item(self, children: list[Any]) -> _Item:
        word = fold(children[0].value)
        return _Item(_ITEM_FORMS.get(word, word), word in _PLURALS)


    wp_item_counted = wp_item  # ru "5 ручек", "2 ручки": an item counted in its plural or genitive form

    # -- wip/linW (2026-12-05): price stories in every table
    def wp_price_of(self, children: list[Any]) -> None:
        """"A notebook costs p dollars", "Ручка стоит p рублей": one item's price, named by its letter."""
        item = next(c for c in children if isinstance(c, _Item))
        if item.plural:
            raise Declined  # "Notebooks cost p dollars" (each? all?): no claim
        letter = next(c.value for c in children if isinstance(c, Token) and c.type == "VAR")
        self._fact("price", (letter, item, next(c for c in children if isinstance(c, str) and not isinstance(c, Token))))
        self._fact("priced_by", "")

    def wp_bought_priced(self, children: list[Any]) -> None:
        """"Three notebooks and a $5 pen cost $29 altogether": a count of one item, one other item at
        its price, the total (in this order)."""
        count = _factor(next(c for c in children if isinstance(c, Token) and c.type in ("NUM", "WP_NUMWORD")))
        item, other_item = [c for c in children if isinstance(c, _Item)]
        (other, other_currency), (total, currency) = [c for c in children if isinstance(c, tuple)]
        if item == other_item or other_item.plural or count.denominator != 1:
            raise Declined  # "3 cahiers et un cahier à 2 euros", "and the $5 pens": which price?
        self._payer(children)
        self._fact("purchase", (count, item, other, total, frozenset({other_currency, currency})))
        self._fact("counted_by", "")

    def wp_change(self, children: list[Any]) -> None:
        """"Ana bought 6 identical mangoes, paid with a $50 bill and got $14 back": count x price + the
        change = the amount paid (6x + 14 = 50)."""
        count = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        item = next(c for c in children if isinstance(c, _Item))
        (paid, paid_currency), (change, currency) = [c for c in children if isinstance(c, tuple)]
        self._payer(children)
        self._fact("purchase", (count, item, change, paid, frozenset({paid_currency, currency})))
        self._fact("counted_by", "")

    def wp_asked_price(self, children: list[Any]) -> str:
        """"How much did one mango cost?", "Wie viel kostet ein Ticket?", "每本书多少元", "りんご 1 個の値段は":
        the price of one item asked in words (a plural, or a count but 1, is no claim)."""
        item = next(c for c in children if isinstance(c, _Item))
        numbers = [c.value for c in children if isinstance(c, Token) and c.type == "NUM"]
        if item.plural or (numbers and Fraction(numbers[0]) != 1):
            raise Declined  # "How much did the mangoes cost?", "りんご 2 個の値段は"
        words = " ".join(str(c.value) for c in children if isinstance(c, Token) and c.type in ("WP_ITEM", "WP_GOODS"))
        return self._asked("asked_price", (item, _counter(children)), words or item.word)

    def wp_k(self, children: list[Any]) -> Fraction:
        """"twice", "el doble", "del triplo", "3 times": the factor of an age."""
        return _factor(children[0])

    def wp_older_times(self, children: list[Any]) -> None:
        """"Tom is 4 years older than twice his sister's age": (d, k, big, small), big = k small + d."""
        k = next(c for c in children if isinstance(c, Fraction))
        d = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        big, small = next(c.value for c in children if isinstance(c, Token) and c.type == "NAME"), self._other(children).word
        if big == small or d <= 0 or k <= 0:
            raise Declined
        self._fact("older_times", (d, k, big, small))

    def _other(self, children: list[Any]) -> _Who:
        """The other person of an age story: a relative read as a person ("di sua figlia") or its age's word ("his sister's age")."""
        who = next((c for c in children if isinstance(c, _Who)), None)
        if who is not None:
            return who
        return self.wp_who([c for c in children if isinstance(c, Token) and c.type in ("ART", "WP_HIS", "WP_RELATIVE_AGE")])

    def wp_age_is(self, children: list[Any]) -> None:
        """"Tom is 22", "Marco ha 41 anni": one person's age."""
        name = next(c.value for c in children if isinstance(c, Token) and c.type == "NAME")
        self._fact("age", (Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM")), name))

    def wp_age_then(self, children: list[Any]) -> Any:
        """"Si Lucía tiene 19 años, ¿cuántos años tiene su primo?": the age given, then the question."""
        self.wp_age_is(children[:-1])
        return children[-1]

    def wp_let_relative_age(self, children: list[Any]) -> None:
        """"Let s be the sister's age": the letter names the relative's age."""
        letters = next(c for c in children if isinstance(c, list))
        if len(letters) != 1:
            raise Declined
        who = self.wp_who([c for c in children if isinstance(c, Token) and c.type in ("ART", "WP_HIS", "WP_RELATIVE_AGE")])
        self._fact("whose", (letters[0], who.word, "age"))

    def wp_two_numbers(self, children: list[Any]) -> None:
        """"Two numbers add up to 30 and differ by 8": (sum, difference) of two numbers."""
        two = next(c for c in children if isinstance(c, Token) and c.type == "WP_NUMWORD")
        total, d = [Fraction(c.value) for c in children if isinstance(c, Token) and c.type == "NUM"]
        if _factor(two) != 2 or d <= 0:
            raise Declined  # "Three numbers ...", "differ by 0": no larger one
        self._fact("two_numbers", (total, d))

    wp_role = currency  # the role's class ("WP_LARGER")

    def wp_let_roles(self, children: list[Any]) -> None:
        """"Let a be the larger and b the smaller": each letter's role (the larger first or second)."""
        first = next(c for c in children if isinstance(c, list))
        letters = [*first, *(c.value for c in children if isinstance(c, Token) and c.type == "VAR")]
        roles = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        if len(set(letters)) != 2 or sorted(roles) != ["WP_LARGER", "WP_SMALLER"]:
            raise Declined  # "Let a be the larger and b the larger", "Let a be the larger and a the smaller"
        self._fact("roles", dict(zip(roles, letters)))

    def wp_let_two_ages(self, children: list[Any]) -> None:
        """"Let m be Maria's age and s her son's age": two letters, each naming one person's age (two unknowns)."""
        cut = next(i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "AND")
        self.wp_let_whose(children[:cut])
        letter = next(c.value for c in children[cut:] if isinstance(c, Token) and c.type == "VAR")
        who = self.wp_who([c for c in children if isinstance(c, Token) and c.type in ("WP_HIS", "WP_RELATIVE_AGE")])
        self._fact("whose2", (letter, who.word, "age"))

    def wp_counted(self, children: list[Any]) -> None:
        """"小明买了 3 本一样的书": a count of one item (its price asked, the other item and the total other facts)."""
        count = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        self._fact("counted", (count, next(c for c in children if isinstance(c, _Item)), _counter(children)))

    def wp_other_item(self, children: list[Any]) -> None:
        """"又买了一支 8 元的笔": one other item at its price."""
        self._fact("other", (*_money(children), next(c for c in children if isinstance(c, _Item))))

    def wp_times(self, children: list[Any]) -> None:
        """"Tom is 3 times as old as Ann": (big, small) = (Tom, Ann), the big one k times the small."""
        big, small = _people(children)
        k = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        self._pair("times", k, big, small, "age")

    def wp_more(self, children: list[Any]) -> None:
        """"Книга на 120 рублей дороже тетради": the first costs d more than the second."""
        big, small = [c.word for c in children if isinstance(c, _Item)]
        d, currency = next(c for c in children if isinstance(c, tuple))
        self._pair("more", d, big, small, currency)

    def _pair(self, kind: str, k: Fraction, big: str, small: str, measure: str) -> None:
        if big == small or k <= 0 or (kind == "times" and k == 1):
            raise Declined  # "Tom is 3 times as old as Tom"
        self._fact("pair", (kind, k, big, small, measure))

    def wp_sum_age(self, children: list[Any]) -> None:
        self._fact("sum", (Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM")), "age"))

    def wp_sum_money(self, children: list[Any]) -> None:
        self._fact("sum", _money(children))

    def wp_let_whose(self, children: list[Any]) -> None:
        """"Let a be Ann's age", "Пусть t — цена тетради": the letter names one of the pair."""
        letters = next((c for c in children if isinstance(c, list)), None)
        letters = letters if letters is not None else [c.value for c in children if isinstance(c, Token) and c.type == "VAR"]
        if len(letters) != 1:
            raise Declined
        item = next((c.word for c in children if isinstance(c, _Item)), None)
        who = item if item is not None else next(c.value for c in children if isinstance(c, Token) and c.type == "NAME")
        self._fact("whose", (letters[0], who, "age" if item is None else ""))

    def wp_fixed(self, children: list[Any]) -> tuple[Fraction, str]:
        return _money(children)

    def wp_rate(self, children: list[Any]) -> tuple[Fraction, str, str]:
        return (*_money(children), _unit(children))

    def wp_goods(self, children: list[Any]) -> _Unit:
        """Goods counted ("pens"): a unit of the rate, one item in either form (the table's item_forms)."""
        word = fold(children[0].value)
        unit = _Unit("WP_GOODS " + _ITEM_FORMS.get(word, word))
        unit.text = str(children[0].value)
        return unit

    def wp_price_each(self, children: list[Any]) -> None:
        """"A shop sells pens for 9 dollars each": the rate per item (wip/linK)."""
        closing = children[-1]
        if closing.type == "POSS" and fold(closing.value) not in _EACH:
            raise Declined  # "for 9 dollars its": only "each" ends a price
        price, currency = _money(children)
        self._fact("rate", (price, currency, _unit(children)))

    def wp_buys_with_fee(self, children: list[Any]) -> None:
        """"Maria buys x pens and pays a 3 dollar fee": the count named over the goods, the fixed amount."""
        letter = next(c.value for c in children if isinstance(c, Token) and c.type == "VAR")
        self._payer(children)
        self._fact("count", (letter, _unit(children)))
        self._fact("fixed", _money(children))

    def wp_buys_each_with_fee(self, children: list[Any]) -> None:
        """"Maria buys x pens for 9 dollars a piece and pays a 3 dollar fee": the price each (before "and"),
        then the count named over the goods and the fixed amount, as the two sentences say them (wip/overdecl)."""
        cut = next(i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "AND")
        self.wp_price_each(children[:cut])
        self.wp_buys_with_fee([c for c in children[:cut] if not isinstance(c, tuple)] + children[cut:])

    wp_unit = wp_side  # a unit's class, the user's word kept

    # -- wip/linQ (2026-12-05): two things compared, their sum, one asked in words
    def wp_item_compared(self, children: list[Any]) -> None:
        """"A notebook costs $4 more than a pen", "Ручка дешевле тетради на 20 рублей": the larger costs d
        more than the other; "less"/"cheaper" name the smaller first."""
        first, second = [c.word for c in children if isinstance(c, _Item)]
        d, currency = _money(children)
        less = any(isinstance(c, Token) and c.type in _LESS for c in children)
        self._pair("more", d, *((second, first) if less else (first, second)), currency)

    def wp_times_k(self, children: list[Any]) -> None:
        """"Ein Vater ist viermal so alt wie sein Sohn", "María tiene el doble de edad que su hermano":
        the first k times as old as the second (k: the table's age_factors, or wp_k's factor)."""
        cut = next(i for i, c in enumerate(children) if isinstance(c, Token) and c.type in ("EQUALS", "WP_HAS"))
        subject = children[:cut]  # "Ein Vater": a relative read as a person, "María": a name
        big = subject[0].value if subject[0].type == "NAME" else self.wp_who(subject).word
        (small,) = _people(children[cut:])
        word = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_K_OLD"), None)
        k = Fraction(_AGE_FACTORS[word]) if word is not None else next(c for c in children if isinstance(c, Fraction))
        self._pair("times", k, big, small, "age")

    def wp_asked_item(self, children: list[Any]) -> str:
        """"How much is the pen?", "笔多少元", "ペンはいくらですか": one of two things compared asked in
        words (only a relation and a sum make it a price: alone, no shape reads it)."""
        item = next(c for c in children if isinstance(c, _Item))
        post = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "WHAT_POST"), None)
        if item.plural or (post is not None and post not in _PRICE_ASKS):
            raise Declined  # "How much are the pens?", "ペンはいくつですか" (how many)
        words = " ".join(str(c.value) for c in children if isinstance(c, Token) and c.type in ("WP_ITEM", "WP_GOODS"))
        return self._asked("asked_item", (item,), words)

    def wp_earns(self, children: list[Any]) -> None:
        """"Sara earns $12 an hour plus a $30 bonus": a rate per unit and a fixed amount added."""
        self._payer(children)
        rate, fixed = [c for c in children if isinstance(c, tuple)]
        self._fact("rate", rate)
        self._fact("fixed", fixed)

    def wp_net(self, children: list[Any]) -> None:
        """"After paying a $12 stall fee she had $76 left": the fee taken away from the sales, what is left the total."""
        self._payer(children)
        (fee, fee_currency), left = [c for c in children if isinstance(c, tuple)]
        self._fact("fixed", (-fee, fee_currency))
        self._fact("total", (*left, False))

    def wp_person_sells(self, children: list[Any]) -> None:
        """"Ana sells muffins at a market for $4 each": the price each of what a person sells (the count
        asked must be what she sold: "How many muffins did she buy?" is no claim)."""
        self._payer(children)
        self.wp_price_each(children)
        self._fact("seller", next(c.value for c in children if isinstance(c, Token) and c.type == "NAME"))

    def wp_asked_sold(self, children: list[Any]) -> str:
        """"How many muffins did she sell?": the count of goods sold, asked in words."""
        self._fact("asked_sold", True)
        return self.wp_asked_count(children)

    def wp_asked_each(self, children: list[Any]) -> str:
        """"Quanto custou cada caderno?": one item's price asked ("cada", "each": the table's each_words)."""
        each = next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "POSS")
        if each not in _EACH:
            raise Declined  # "Quanto custou seu caderno?"
        return self.wp_asked_price([c for c in children if not (isinstance(c, Token) and c.type == "POSS")])

    def wp_unit_price(self, children: list[Any]) -> None:
        """"A pen costs $2", "Pens cost $2 each", "一支笔3元": one item's price (a plural only with "each";
        one price per item; its counter kept: "一支" prices a 支)."""
        item = next(c for c in children if isinstance(c, _Item))
        self._priced_each(children, item)
        one = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_ONE_CL"), "")
        one = one or "." + _counter(children)  # "每支笔": the counter alone
        self._unit_price(item, children, one[1:])

    def _unit_price(self, item: _Item, children: list[Any], counter: str = "") -> None:
        """One item's price each (the amount of ``children``) and its counter; a second price of the item is no claim."""
        prices = self.__dict__.setdefault("word_facts", {}).setdefault("unit_prices", {})
        if item.word in prices:
            raise Declined  # two prices of one item
        prices[item.word] = (*_money(children), counter)

    @staticmethod
    def _priced_each(children: list[Any], item: _Item) -> None:
        """A plural item priced only with "each" ("Pens cost $2" is no claim); "each" only of the table's each_words."""
        each = next((fold(c.value) for c in children if isinstance(c, Token) and c.type in ("POSS", "WP_EACH_POST")), None)
        if (each is not None and each not in _EACH and each not in ("apiece", "a piece")) or (item.plural and each is None):
            raise Declined  # "Pens cost $2" (each? all?), "costs $2 its"

    def wp_unit_prices(self, children: list[Any]) -> None:
        """"A notebook costs $3 and a pen costs $2": two unit prices."""
        cut = next(i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "AND")
        self.wp_unit_price(children[:cut])
        self.wp_unit_price(children[cut + 1 :])

    def _basket(self, known: list[tuple[str, Fraction, str]], unknown: _Item, counter: str,
                other: list[tuple[Fraction, str]]) -> None:
        """What was bought: the known counts (item, count, counter), the one item whose count is unknown, and
        other amounts (another item at its price, a fee)."""
        if unknown.word in {item for item, _, _ in known}:
            raise Declined  # "5 pens and some pens"
        self._fact("basket", (tuple(known), unknown.word, counter, tuple(other)))

    def wp_some_and_other(self, children: list[Any]) -> None:
        """"小红买了几支笔和一个8元的本子": some of one item (its counter kept) and one other item at its price."""
        unknown, other = [c for c in children if isinstance(c, _Item)]
        if unknown == other:
            raise Declined
        self._basket([], unknown, _counter(children), [_money(children)])

    def wp_some_with_fee(self, children: list[Any]) -> None:
        """"Joana comprou algumas e pagou R$ 10 de frete, totalizando R$ 160": some of the one item priced, a fee, the total."""
        self._payer(children)
        fee, total = [c for c in children if isinstance(c, tuple)]
        self._fact("total", (*total, False))
        self._fact("basket", ((), None, "", (fee,)))

    def wp_asked_bought(self, children: list[Any]) -> str:
        """"How many pens did she buy?", "她买了几支笔", "Quantas camisetas ela comprou?": the count of one item."""
        self._buyer(children)
        item = next(c for c in children if isinstance(c, _Item))
        words = " ".join(str(c.value) for c in children if isinstance(c, Token) and c.type in ("WP_ITEM", "WP_GOODS"))
        asked = (None, item.word, _counter(children))
        facts = self.__dict__.setdefault("word_facts", {})
        if "each_price" in facts and facts.get("asked_bought") == asked:
            return "asks"  # wip/linY: "小明买了几支笔，每支5元，……他买了几支笔？": the statement said, then asked
        return self._asked("asked_bought", asked, words)

    # -- wip/linS (2026-12-05): a purchase as a cart of parts (request.lark, its wip/linS block)
    def wp_part_counted(self, children: list[Any]) -> _Part:
        """"5 muffins", "three notebooks": a known count of one item, a whole number above 0."""
        count = _factor(next(c for c in children if isinstance(c, Token) and c.type in ("NUM", "WP_NUMWORD")))
        if count.denominator != 1 or count <= 0:
            raise Declined  # "2.5 notebooks", "0 pens"
        return _Part(next(c for c in children if isinstance(c, _Item)), count, None)

    def wp_part_some(self, children: list[Any]) -> _Part:
        """"some notebooks", "qualche pizza", "ein paar Tickets": the count unknown."""
        return _Part(next(c for c in children if isinstance(c, _Item)), None, None)

    def wp_part_some_priced(self, children: list[Any]) -> _Part:
        """"some notebooks at $3 each": the count unknown, the item's unit price a fact of its own (a plural
        only with "each", one price per item; wip/linU)."""
        item = next(c for c in children if isinstance(c, _Item))
        self._priced_each(children, item)
        self._unit_price(item, children)
        return _Part(item, None, None)

    def wp_spent_on_plural(self, children: list[Any]) -> None:
        """"I spent $11.25 on pens": a cart of some of one plural item, its count unknown (wip/linU); a
        singular ("on pen") is no claim."""
        item = next(c for c in children if isinstance(c, _Item))
        if not item.plural:
            raise Declined
        self.wp_cart_paid([*children[:-1], (_Part(item, None, None),)])

    def wp_part_one(self, children: list[Any]) -> _Part:
        """"a pen", "una bibita": one item (a plural with an article, "the pens", is no count)."""
        item = next(c for c in children if isinstance(c, _Item))
        if item.plural:
            raise Declined  # "the pens": how many?
        return _Part(item, Fraction(1), None)

    def wp_part_priced(self, children: list[Any]) -> _Part:
        """"a $10 pen", "una caneta de R$ 3": one item at its own price (over a plural no claim: each? all?)."""
        item = next(c for c in children if isinstance(c, _Item))
        if item.plural:
            raise Declined  # "the $5 pens", "des stylos à 2 euros"
        return _Part(item, Fraction(1), _money(children))

    def wp_cart(self, children: list[Any]) -> tuple[_Part, ...]:
        """The parts of a cart in order (each item at most once: "5 pens and some pens" is no claim)."""
        parts = tuple(part for c in children for part in (c if isinstance(c, tuple) and not _is_money(c) else (c,))
                      if isinstance(part, _Part))
        if len({part.item for part in parts}) != len(parts):
            raise Declined  # one item in two parts: which count, which price?
        return parts

    def wp_cart_paid(self, children: list[Any]) -> None:
        """A cart and the total paid for it, said in any of its frames; a bill word after the amount only
        when it is anyone's ("total", "bill"; the table's bill_of), one payer."""
        bill = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_BILL"), None)
        if bill is not None and "*" not in _BILL_OF.get(bill, ()):
            raise Declined  # "paid $21 ride"
        self._payer(children)
        cart = next(c for c in children if isinstance(c, tuple) and not _is_money(c))
        total = next(c for c in children if _is_money(c))
        self._fact("cart", cart)
        self._fact("total", (*total, False))

    def wp_cart_bought(self, children: list[Any]) -> None:
        """wip/linAI: "Maria buys 4 notebooks and a $3 pen.": the cart alone, its total paid in a sentence of its
        own ("She spends $31 in total."): that total must be the buyer's payment, no bill of something else
        ("The ride cost $19": :func:`_cart_total_paid`)."""
        self._payer(children)
        self._fact("cart", next(c for c in children if isinstance(c, tuple) and not _is_money(c)))
        self.cart_alone = True

    def wp_let_item_price(self, children: list[Any]) -> None:
        """wip/linAI: "Let n be the price of one notebook": one item's price, named by its letter."""
        letters = next(c for c in children if isinstance(c, list))
        if len(letters) != 1:
            raise Declined  # "Let n, m be the price of one notebook"
        self._item_price_named(children, letters[0])

    def _item_price_named(self, children: list[Any], letter: str) -> None:
        """One item's price named ``letter`` (no currency said, or the one said): one item, "each" only of the each_words."""
        item = next(c for c in children if isinstance(c, _Item))
        each = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "POSS"), None)
        if item.plural or (each is not None and each not in _EACH):
            raise Declined  # "the price of notebooks" (each? all?), "its notebook"
        currency = next((c for c in children if isinstance(c, str) and not isinstance(c, Token)), None)
        self._fact("price", (letter, item, currency))
        self._fact("priced_by", "")

    def wp_var_price(self, children: list[Any]) -> None:
        """wip/linAI: "each notebook costs n dollars", "c es el precio de un cuaderno": one item's price named."""
        self._item_price_named(children, next(c.value for c in children if isinstance(c, Token) and c.type == "VAR"))

    def wp_total_anyone(self, children: list[Any]) -> None:
        """wip/linAI: "She spends $31 total.": a total paid, its bill word after the amount anyone's ("total")."""
        bill = next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_BILL")
        if "*" not in _BILL_OF.get(bill, ()):
            raise Declined  # "I paid $21 ride"
        self.wp_total(children)

    # -- wip/linY (2026-12-06): a shop's price each and a fixed amount paid with the purchase
    def wp_seller_price(self, children: list[Any]) -> None:
        """"A store sells shirts at $25 each", "Ein Laden verkauft Hefte zu je 3 Euro": the item's unit price
        (an amount after it ends with the table's each_words or "apiece"; de "zu je" says it before)."""
        item = next(c for c in children if isinstance(c, _Item))
        if not any(isinstance(c, Token) and c.type == "WP_EACH_PRE" for c in children):
            each = next((fold(c.value) for c in children if isinstance(c, Token) and c.type in ("POSS", "WP_GROUP")), None)
            if each is not None and each not in _EACH:
                raise Declined  # "sells shirts at $25 its", "... 3 euros todos": only an each word ends a price
        self._unit_price(item, children)

    def wp_fee_paid(self, children: list[Any]) -> None:
        """"With a $10 shipping fee, I paid $110 in total", "I paid $110 in total, including a $10 fee": the
        total paid holds the fee (the amount right before the fee word) and some of the one item priced."""
        self._payer(children)
        fee_at = next(i for i, c in enumerate(children) if isinstance(c, Token) and c.type in ("WP_FEE", "WP_FIXED_NOUN"))
        fee = children[fee_at - 1]
        total = next(c for c in children if _is_money(c) and c is not fee)
        self._fact("total", (*total, False))
        self._fact("basket", ((), None, "", (fee,)))

    def wp_part_fee(self, children: list[Any]) -> _Part:
        """"a $12 booking fee", "12 euro di commissione": a fee in a cart, one amount added (one fee per cart:
        two are one item twice, no claim)."""
        return _Part(_FEE, Fraction(1), _money(children))

    def wp_level(self, children: list[Any]) -> tuple[Fraction, str]:
        """"26 degrees", "$65": an amount and its measure (a unit's word as written, folded; a currency's class)."""
        if len(children) == 1:
            return children[0]  # money: (amount, currency)
        return Fraction(children[0].value), fold(children[1].value)

    def wp_start_rate(self, children: list[Any]) -> None:
        """"A thermometer reads 5 degrees and climbs 3 degrees every hour": the start and the rise per unit of
        time, as a charge (the start fixed, the rise its rate; "every", "cada" only of the table's every_words)."""
        each = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "POSS"), None)
        if each is not None and each not in _EVERY:
            raise Declined  # "climbs 3 degrees its hour"
        (start, measure), (rise, rise_measure) = [c for c in children if isinstance(c, tuple)]
        if rise <= 0:
            raise Declined  # "climbs 0 degrees": no rate
        self._fact("charge", _Charge(start, rise, _unit(children), frozenset({measure, rise_measure})))

    def wp_level_after(self, children: list[Any]) -> None:
        """"After h hours it reads 26 degrees": the time named by its letter over a unit, and the level then."""
        letter = next(c.value for c in children if isinstance(c, Token) and c.type == "VAR")
        self._fact("count", (letter, _unit(children)))
        self._fact("total", (*next(c for c in children if isinstance(c, tuple)), False))

    def wp_each_price(self, children: list[Any]) -> None:
        """"每支5元": the price of each one counted by the counter, its item left out (the item bought some of
        just before: ``_each_resolved``; wip/linY)."""
        if "asked_bought" not in self.__dict__.setdefault("word_facts", {}):
            raise Declined  # "每支5元" with no item bought before it: whose price?
        self._fact("each_price", (*_money(children), _counter(children)))

    def wp_bought_named(self, children: list[Any]) -> None:
        """"小明买了 x 支笔": a count of one item named by its letter (wip/linY)."""
        self._buyer(children)
        letter = next(c.value for c in children if isinstance(c, Token) and c.type == "VAR")
        item = next(c for c in children if isinstance(c, _Item))
        self._fact("asked_bought", (letter, item.word, _counter(children)))

    def wp_asked_bought_named(self, children: list[Any]) -> str:
        """"Quantas camisetas c eu comprei?": the count of one item asked, its letter named."""
        self._buyer(children)
        letter = next(c.value for c in children if isinstance(c, Token) and c.type == "VAR")
        item = next(c for c in children if isinstance(c, _Item))
        self._fact("asked_bought", (letter, item.word, ""))
        self.asks = True  # type: ignore[attr-defined]
        self.asked_names.add(letter)  # type: ignore[attr-defined]
        return "asks"

    # -- wip/linS (2026-12-05): a rectangle's sides compared and its perimeter
    def wp_rect_longer(self, children: list[Any]) -> None:
        """"A rectangle is 3 cm longer than it is wide": the length d more than the width, d in its unit."""
        d, unit = next(c for c in children if isinstance(c, tuple))
        self._rect_relation("more", d, "WP_SIDE_LENGTH", "WP_SIDE_WIDTH", unit)

    def wp_rect_more(self, children: list[Any]) -> None:
        """"A rectangle's length is 3 cm more than its width"; "less" names the smaller first."""
        first, second = [c for c in children if isinstance(c, _Unit)]
        d, unit = next(c for c in children if isinstance(c, tuple))
        less = any(isinstance(c, Token) and c.type in _LESS for c in children)
        self._rect_relation("more", d, *((second, first) if less else (first, second)), unit)
        self._side_named(children)

    def wp_rect_times(self, children: list[Any]) -> None:
        """"The length of a rectangle is twice its width": the first k times the second."""
        first, second = [c for c in children if isinstance(c, _Unit)]
        k = next(c for c in children if isinstance(c, Fraction))
        if k == 1:
            raise Declined  # "once its width": a square, no relation to compose
        self._rect_relation("times", k, first, second, None)
        self._side_named(children)

    def _side_named(self, children: list[Any]) -> None:
        """wip/linAI: "... more than its width w": the side said last named by the letter after it."""
        letter = next((c.value for c in children if isinstance(c, Token) and c.type == "VAR"), None)
        if letter is not None:
            self._fact("side", (letter, [c for c in children if isinstance(c, _Unit)][-1]))

    def wp_find_side_in(self, children: list[Any]) -> str:
        """wip/linAI: "Find the width w in cm.": the side asked by its letter, in a unit that must be the perimeter's."""
        self._fact("asked_unit", next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_LEN_UNIT"))
        return self.wp_find_side(children)

    def wp_let_side_in(self, children: list[Any]) -> None:
        """wip/linAI: "Let w be the width in cm": the side named, in a unit that must be the perimeter's."""
        self._fact("asked_unit", next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_LEN_UNIT"))
        self.wp_let_side(children)

    def _rect_relation(self, kind: str, k: Fraction, big: str, small: str, unit: str | None) -> None:
        if big == small or k <= 0:
            raise Declined  # "its length is 3 cm more than its length"
        self._fact("rect_rel", (kind, k, str(big), str(small), unit))

    def wp_rect_perimeter(self, children: list[Any]) -> None:
        """"its perimeter is 34 cm": the perimeter and its unit."""
        self._fact("perimeter", next(c for c in children if isinstance(c, tuple)))

    def wp_asked_side_in(self, children: list[Any]) -> str:
        """"Find the width in cm.": the side asked, in a unit that must be the perimeter's."""
        self._fact("asked_unit", next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_LEN_UNIT"))
        return self.wp_asked_side([c for c in children if not (isinstance(c, Token) and c.type in ("IN", "WP_LEN_UNIT"))])

    def wp_consecutive(self, children: list[Any]) -> None:
        """"The sum of two consecutive integers is 57": (n, sum), n from the table's consecutive_counts."""
        word = next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_CONSEC")
        total = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        self._fact("consecutive", (_CONSECUTIVE[word], total))

    def wp_let_rank(self, children: list[Any]) -> None:
        """wip/linAI: "Let n be the smallest", "n is the smallest", "the smallest is k": the least or greatest named."""
        letters = next((c for c in children if isinstance(c, list)), None)
        letters = letters if letters is not None else [c.value for c in children if isinstance(c, Token) and c.type == "VAR"]
        if len(letters) != 1:
            raise Declined  # "Let m and n be the smallest"
        rank = next(c for c in children if isinstance(c, Token) and c.type in _RANKS)
        self._fact("rank", (letters[0], rank.type))

    def wp_asked_rank(self, children: list[Any]) -> str:
        """"What is the smaller one?", "Find the smallest.": the least or the greatest asked (a comparative of two only)."""
        rank = next(c for c in children if isinstance(c, Token) and c.type in _RANKS)
        return self._asked("rank", (None, rank.type), str(rank.value))

    wp_rank = wp_a_number  # the rank's word ("smaller")

    def wp_compared_age(self, children: list[Any]) -> None:
        """"Ann is 5 years younger than Tom", "Luca ha 6 anni più di Marco": the elder d years more."""
        first, second = _people(children)
        d = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        less = any(isinstance(c, Token) and c.type in _LESS for c in children)
        big, small = (second, first) if less else (first, second)
        if big == small or d <= 0:
            raise Declined
        self._fact("diff", (d, big, small))

    # -- wip/linZ (2026-12-06): an age story over time ("In 12 years she will be twice as old as him")
    def wp_in_years(self, children: list[Any]) -> _Years:
        """"In 12 years", "12 years from now": a whole number of years above 0 ("in 12 years old" is no claim)."""
        unit = next((fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_YEARS_OLD"), None)
        n = Fraction(next(c.value for c in children if isinstance(c, Token) and c.type == "NUM"))
        if (unit is not None and unit not in _YEARS) or n <= 0 or n.denominator != 1:
            raise Declined
        return _Years(n)

    def wp_old_as(self, children: list[Any]) -> Fraction:
        """"twice as old as" (the table's age_factors), "3 times as old as", "il doppio dell'età di" (wp_k's
        factor), "2 倍": a whole factor above 1."""
        word = children[0] if isinstance(children[0], Token) else next(c for c in children if isinstance(c, Token))
        factor = next((c for c in children if isinstance(c, Fraction)), None)
        k = factor if factor is not None else Fraction(_AGE_FACTORS[fold(word.value)]) if word.type in ("WP_K_OLD", "WP_K_OLD_BE") else Fraction(word.value)
        if k <= 1 or k.denominator != 1:
            raise Declined
        return k

    def wp_then_subject(self, children: list[Any]) -> _Ref:
        """A person by name or relative's word ("the son"), or a pronoun by its gender ("she")."""
        who = children[0]
        if isinstance(who, _Who):
            return _Ref(who.word, None)
        gender = _GENDERS.get(fold(who.value))
        if gender is None:
            raise Declined  # a pronoun of no known gender
        return _Ref(None, gender)

    # "as old as him", "as old as her", "as old as the son" ("as old as his": no gender of the table's, no claim)
    wp_then_object = wp_then_subject

    def wp_age_later(self, children: list[Any]) -> None:
        """"In 12 years she will be twice as old as him": (n, k, the one, the other)."""
        years = next(c for c in children if isinstance(c, _Years))
        refs = [c for c in children if isinstance(c, _Ref)]
        subject, other = refs if len(refs) == 2 else (_Ref(None, None), *refs)  # "Tra 10 anni avrà ...": no subject said
        k = next(c for c in children if isinstance(c, Fraction))
        self._fact("then", (years.n, k, subject, other, dict(self.__dict__.get("possessives", {}))))

    # -- wip/linZ (2026-12-06): a fee stated as a clause of its own ("parking was $6")
    def wp_fee_alone(self, children: list[Any]) -> None:
        """"Parking was $6.", "The booking fee was $3.": a fee paid with some of the one item priced (linY's basket)."""
        self._fact("basket", ((), None, "", (_money(children),)))

    def wp_price_and_fee(self, children: list[Any]) -> None:
        """"Movie tickets cost $8 each and parking was $6.": the item's price each, then the fee."""
        cut = next(i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "AND")
        self.wp_unit_price(children[:cut])
        self.wp_fee_alone(children[cut + 1 :])

    def wp_asked_whose_now(self, children: list[Any]) -> str:
        """"How old is the son now?", "How old is Lena today?": the age now (only these words after it)."""
        when = next(c for c in children if isinstance(c, Token) and c.type in _NOW_CLASSES)
        if when.type != "WP_NOW" and fold(when.value) not in ("now", "today", "ahora"):
            raise Declined  # "How old is the son hi?"
        return self.wp_asked_whose([c for c in children if not (isinstance(c, Token) and c.type in _NOW_CLASSES)])


# The classes a word after the age asked may be of; only "now", "today" (en), "ahora" (es) of those not WP_NOW (wip/linZ).
_NOW_CLASSES = frozenset({"CONTEXT", "WP_WHEN", "CHATTER", "WP_NOW"})
# The gender of whose a possessive says (a table's "possessor_genders": en "her son" is a woman's, de "sein Sohn" a man's).
_POSSESSOR_GENDERS: dict[str, str] = _table_words("possessor_genders")
# The words of WP_YEARS_OLD that are years alone ("In 12 years"; "in 12 years old" is no claim; wip/linZ).
_YEARS = frozenset({"years", "años", "anni", "ans", "anos"})


@dataclass(frozen=True)
class _Years:
    """A number of years from now (wip/linZ)."""

    n: Fraction


@dataclass(frozen=True)
class _Ref:
    """One of an age story's two people in a later sentence: named (``word``), or a pronoun of ``gender`` (wip/linZ)."""

    word: str | None
    gender: str | None


# The factor a word states of "a number" (a table's words: "twice", "el triple", "удвоенному", "half").
_FACTORS = {"TWICE": Fraction(2), "WP_K2": Fraction(2), "WP_K3": Fraction(3), "HALF": Fraction(1, 2), "WP_HALF": Fraction(1, 2)}
# The words that take an amount away from the number ("minus", "4 less than", "decreased by", "subtracted from",
# ja "引くと"; wip/linU's composed expressions and wip/linN's ja sentence: one set, wip/cleanE).
_TAKEN_AWAY = frozenset({"WP_LESS_THAN", "WP_MINUS", "WP_DECREASED_BY", "WP_SUBTRACTED_FROM", "WP_SUB_POST"})
# The words that turn a comparison round: the one said first is the smaller (wip/linQ).
_LESS = frozenset({"WP_LESS_THAN", "WP_CHEAPER", "WP_YEARS_YOUNGER", "WP_MINUS"})
# The endings that ask a price (a table's "price_asks": ja "はいくらですか", not "はいくつですか"; wip/linQ).
_PRICE_ASKS: frozenset[str] = frozenset(fold(word) for table in _TABLES for word in table.get("price_asks", ()))
# How many consecutive integers a phrase names (a table's "consecutive_counts"; wip/linQ).
_CONSECUTIVE: dict[str, int] = _table_words("consecutive_counts")
# The words that ask the least or the greatest of consecutive integers; a comparative asks one of two only.
_RANKS = {"WP_SMALLER": "min", "WP_LARGER": "max", "WP_SMALLEST": "min", "WP_LARGEST": "max"}
# The factor an age word states (a table's "age_factors": "viermal so alt wie" is 4; wip/linQ).
_AGE_FACTORS: dict[str, int] = _table_words("age_factors")
# A number word's value (a table's "number_words": "three" is 3).
_NUMBER_WORDS: dict[str, int] = _table_words("number_words")


@dataclass(frozen=True)
class _Affine:
    """An expression of the number: k x + b, the letter named beside "a number" (wip/linU)."""

    k: Fraction
    b: Fraction
    letter: str | None


def _amount(children: list[Any]) -> Fraction:
    """The amount a step states (a number or a number word)."""
    return next(_factor(c) for c in children if isinstance(c, Token) and c.type in ("NUM", "WP_NUMWORD"))


def _term_and_amount(children: list[Any]) -> tuple[_Affine, Fraction]:
    """The term of an expression's rule and the amount beside it (a number or a number word)."""
    term = next(c if isinstance(c, _Affine) else _Affine(c[0], Fraction(0), c[1]) if isinstance(c, tuple)
                else _Affine(Fraction(1), Fraction(0), None) for c in children
                if isinstance(c, (_Affine, tuple)) or (isinstance(c, Token) and c.type in ("BARE_NUMBER", "WP_NUMBER")))
    amount = next(_factor(c) for c in children if isinstance(c, Token) and c.type in ("NUM", "WP_NUMWORD"))
    return term, amount


def _factor(token: Token) -> Fraction:
    """The factor one word states: a number, a number word, or a class's factor ("twice")."""
    if token.type == "NUM":
        return Fraction(token.value)
    if token.type == "WP_NUMWORD":
        return Fraction(_NUMBER_WORDS[fold(token.value)])
    return _FACTORS[token.type]


def _people(children: list[Any]) -> list[str]:
    """The people of a sentence in order: names and relatives ("Tom", "son")."""
    return [c.value if isinstance(c, Token) else c.word for c in children
            if (isinstance(c, Token) and c.type == "NAME") or isinstance(c, _Who)]


def _money(children: list[Any]) -> tuple[Fraction, str]:
    return next(c for c in children if isinstance(c, tuple))


def _unit(children: list[Any]) -> str:
    return next(c for c in children if isinstance(c, str) and not isinstance(c, Token))


def understand_word_problem(prompt: str) -> LinearProblem | None:
    """The problem a word problem states, its equation derived from the facts the grammar read;
    None when the prompt is not one of the declared shapes, read whole."""
    from .prompt import LinearProblem
    from .reader import _LANGUAGE, FORMATS, _answer_form

    text = unicodedata.normalize("NFC", prompt)
    if text.count("(") != text.count(")") or len(text) > 2000:
        return None
    for table in _LANGUAGE.vocabularies:
        read = _read(text, table)
        if read is None:
            two = _two_unknowns(text, table)  # a prompt naming two letters (wip/linW 2026-12-05)
            if two is not None:
                return two
            continue
        transformer, letter, implicit = read
        derived = _derived(transformer, letter, implicit)
        if derived is None:
            return None
        equation, value = derived
        fmt = tuple(f for f in FORMATS if f in transformer.format)
        label = transformer.word_label if implicit else transformer.answer_label
        form = _answer_form(transformer, {letter}) if transformer.answer_forms else ""
        if form is None or (form and implicit):
            return None  # a template beside the user's words for the quantity, or one naming another unknown
        if not _integer_followed(fmt, (value,)):
            return None
        return LinearProblem((equation,), (letter,), (letter,), {letter: value}, fmt, label, language=table.language,
                             answer_form=form)
    return None


def _two_unknowns(text: str, table: Any) -> LinearProblem | None:
    """The problem of a prompt naming two letters, each standing alone wherever it stands ("Let a be the
    larger and b the smaller; find a and b."): the equations the facts state, both letters asked; None
    when the prompt names not two or the grammar reads no two-unknown shape whole (wip/linW 2026-12-05)."""
    from .prompt import LinearProblem
    from .reader import FORMATS

    letters = {m.group() for m in _LETTER.finditer(text)}
    if len(letters) != 2:
        return None
    transformer = _read_with(text, table, frozenset(letters))
    if transformer is None or transformer.answer_forms:
        return None
    facts = dict(getattr(transformer, "word_facts", {}))
    texts = _two_equations(facts, letters)
    if texts is None:
        return None
    if not _asks_both(transformer, letters):
        return None  # both asked, nothing else
    equations = find_equations(texts[0])
    solution = solve_system(tuple(eq.form for eq in equations)) if len(equations) == 2 else None
    if solution is None or set(solution) != letters or not texts[1](solution):
        return None
    order = tuple(sorted(letters))
    fmt = tuple(f for f in FORMATS if f in transformer.format)
    if not _integer_followed(fmt, tuple(solution.values())):
        return None
    return LinearProblem(tuple(equations), order, order, dict(solution), fmt, transformer.answer_label, language=table.language)


def _integer_followed(fmt: tuple[str, ...], values: tuple[Fraction, ...]) -> bool:
    """"Give the answer as an integer" (wip/linAG) can be followed: every value is one (7/2 may ask for rounding)."""
    return "integer" not in fmt or all(value.denominator == 1 for value in values)


def _asks_both(transformer: Any, letters: set[str]) -> bool:
    """The request asks both unknowns and nothing else (no expression, check or template of another)."""
    return not (transformer.derived or transformer.candidate is not None or transformer.template_names - letters
                or set(transformer.asked_names) != letters or "yes_no" in transformer.format)


def _two_equations(facts: dict[str, Any], letters: set[str]) -> tuple[str, Callable[[dict[str, Fraction]], bool]] | None:
    """The two equations two-unknown facts state and what their solution must be: two numbers, their
    sum and difference (the larger the greater); two people's ages, one k times or d more than the
    other's, and their sum (both ages positive). None when the facts are not one of these whole."""
    if set(facts) == {"two_numbers", "roles"} and set(facts["roles"].values()) == letters:
        (total, d), roles = facts["two_numbers"], facts["roles"]
        big, small = roles["WP_LARGER"], roles["WP_SMALLER"]
        return (f"{big} + {small} = {format_number(total)}, {big} - {small} = {format_number(d)}",
                lambda solution: solution[big] > solution[small])
    if "diff" in facts and "sum" in facts and "pair" not in facts:  # "24 years older than her son, and together ..."
        d, older, younger = facts.pop("diff")
        facts["pair"] = ("more", d, older, younger, "age")
    if set(facts) == {"pair", "sum", "whose", "whose2"}:
        (kind, k, big, small, measure), (total, sum_measure) = facts["pair"], facts["sum"]
        named = {facts["whose"][1]: facts["whose"][0], facts["whose2"][1]: facts["whose2"][0]}
        if measure != "age" or sum_measure != "age" or set(named) != {big, small} or set(named.values()) != letters:
            return None  # "Let m be Ann's age": someone else; one letter for both
        if facts["whose"][2] != "age" or facts["whose2"][2] != "age":
            return None
        b, s = named[big], named[small]
        relation = f"{b} = {format_number(k)}{s}" if kind == "times" else f"{b} = {s} + {format_number(k)}"
        return f"{relation}, {b} + {s} = {format_number(total)}", lambda solution: min(solution.values()) > 0
    return None


def _read(text: str, table: Any) -> tuple[Any, str, bool] | None:
    """The transformer after the grammar read ``text`` in ``table``'s language, the one letter the
    prompt names and whether it names none (then every letter standing in it is read as a word, the
    quantity is asked in words and the derivation names it ``IMPLICIT``); None when a character is
    read by no rule or the grammar derives no reading."""
    letter = _letter_of(text, table)
    named = _read_with(text, table, letter) if letter is not None else None
    if named is not None:
        return named, letter, False  # type: ignore[return-value]
    implicit = _read_with(text, table, None)
    return None if implicit is None else (implicit, IMPLICIT, True)


# The letter a word problem that names none is written with ("How many miles did I ride?": 2x + 3 = 19).
IMPLICIT = "x"


def _read_with(text: str, table: Any, letter: str | frozenset[str] | None) -> Any:
    from .reader import _LANGUAGE, _linked, _template_or_token

    folded = Folded(text)
    words: list[Word] = []
    pos = 0
    while pos < len(text):
        token = _amount_or_name_at(text, folded, pos, table, letter is None) or _template_or_token(
            text, folded, pos, {}, letter if isinstance(letter, frozenset) else frozenset({letter} if letter else ()), table)
        if token is None:
            return None
        word, pos = token
        if word is not None and word.kind in ("EQ", "EXPR", "JSON_FORM"):
            return None
        if word is not None:
            words.append(word)
    if letter is not None and not any(word.kind == "VAR" for word in words):
        return None  # the letter is part of a word ("did I ride"): the prompt names none
    return _LANGUAGE.parse(_linked(words))


def _letter_of(text: str, table: Any) -> str | None:
    """The one letter standing alone that no table reads as a word; a letter that is a word ("a")
    only when no other stands alone ("Let a be Ann's age"): then it is the letter wherever it stands
    (an article "a" beside it is no claim). None when there is not exactly one."""
    folded = Folded(text)
    # a letter only ever beginning a longer phrase of the table ("I keep getting it wrong") is that phrase's (wip/linI)
    letters = {m.group() for m in _LETTER.finditer(text)
               if (phrase := table.match(folded, m.start())) is None or phrase[1] <= m.end()}
    spelled = {letter for letter in letters if table.match(Folded(letter), 0) is None} or letters
    return next(iter(spelled)) if len(spelled) == 1 else None


def _amount_or_name_at(text: str, folded: str, pos: int, table: Any, implicit: bool) -> tuple[Word, int] | None:
    """The word at ``pos`` that only a word problem reads, and its end: an amount ("$3", "R$ 2,50"),
    a number, a dash before a word (a pause), "'s age", a name; None when none stands there."""
    currency, money = _MONEY.get(table.language, ("", None))
    amount = money.match(text, pos) if money is not None else None
    if amount is not None:
        digits = amount.group(1).replace(",", "") if table.language == "en" else amount.group(1).replace(",", ".")
        return Word("MONEY", f"{currency} {digits}", pos), amount.end()
    after_word = pos > 0 and text[pos - 1].isalnum() and not _CJK.match(text, pos - 1)
    number = _number_at(text, pos, table) if not (after_word or text[pos - 1 : pos] in (".", ",")) else None
    if number is not None:
        return number
    metres = _METRES.match(text, pos) if implicit and table.language == "en" else None
    if metres is not None:  # "50 m": metres after a number, in a prompt that names no letter
        return Word("WP_LEN_UNIT", "m", pos), metres.end()
    return _mark_or_name_at(text, folded, pos, table, after_word)


def _number_at(text: str, pos: int, table: Any) -> tuple[Word, int] | None:
    """A plain number at ``pos`` (NUM), or one with a minus sign right before its digits (NEG_NUM:
    "equals -46", only a number sentence's result derives it; in "4-6" the minus follows a word, in
    "--46" a dash no rule reads); a digit group read two ways is none (:func:`read_two_ways`)."""
    if read_two_ways(text, pos):
        return None
    number = _NUMBER[table.language in _POINT].match(text, pos)
    if number is not None:
        return Word("NUM", number.group().replace(",", "."), pos), number.end()
    signed = _NUMBER[table.language in _POINT].match(text, pos + 1) if text[pos] == "-" else None
    if signed is not None:
        return Word("NEG_NUM", "-" + signed.group().replace(",", "."), pos), signed.end()
    return None


def _mark_or_name_at(text: str, folded: str, pos: int, table: Any, after_word: bool) -> tuple[Word, int] | None:
    """A dash before a word (a pause), "'s age" or a name at ``pos`` and its end; None when none."""
    from .reader import _DASH

    dash = _DASH.match(text, pos - 1) if pos and text[pos] in "-\u2013\u2014" else None
    if dash is not None:  # "Пусть t — цена тетради": a dash alone before a word pauses like a comma
        return Word("COMMA", dash.group(1), pos), dash.end(1)
    possessive = table.match(folded, pos) if text[pos] in "'\u2019" else None
    if possessive is not None and possessive[0] == "WP_POSS_AGE":  # "Ann's age" (a quote or a prime elsewhere)
        return Word(possessive[0], text[pos : possessive[1]], pos), possessive[1]
    name = _NAME.match(text, pos) if not after_word else None
    if name is not None and table.match(folded, pos) is None:
        return Word("NAME", name.group(), pos), name.end()
    return None


def _derived(transformer: Any, letter: str, implicit: bool) -> tuple[Any, Fraction] | None:
    """The equation the facts state and the unknown's value; None when the facts are not one whole
    shape, the request asks anything but the named unknown, or the value cannot be the quantity's
    (a negative count, or not whole for a unit counted whole; a side not positive). A quantity asked
    in words (None for its letter) is the unknown only in a prompt naming no letter."""
    facts = _resolved(dict(getattr(transformer, "word_facts", {})), letter, implicit)
    shape = _SHAPES.get(frozenset(facts))
    if shape is None or not _asks_only(transformer, letter) or not _cart_total_paid(transformer):
        return None
    found = shape(facts, letter)
    if found is None:
        return None
    text, possible = found
    equations = find_equations(text)
    solution = solve_system(tuple(eq.form for eq in equations)) if len(equations) == 1 else None
    if solution is None or set(solution) != {letter} or not possible(solution[letter]):
        return None
    return equations[0], solution[letter]


def _cart_total_paid(transformer: Any) -> bool:
    """wip/linAI: a cart said alone ("I bought 4 notebooks and a $3 pen.") is priced by its buyer's payment: a
    total said with a bill word only when anyone's ("The total was $31"); "The ride cost $19" is no claim."""
    bill = getattr(transformer, "WP_BILL", None)
    return not getattr(transformer, "cart_alone", False) or bill is None or "*" in _BILL_OF.get(bill, ())


# The facts that name the unknown by its letter, first in their tuple (None: asked in words).
_NAMING = ("count", "side", "whose", "price", "asked_number", "asked_bought", "rank")


def _resolved(facts: dict[str, Any], letter: str, implicit: bool) -> dict[str, Any]:
    """The facts with a quantity asked in words named ``letter`` in a prompt naming no letter (where
    one names a letter, a quantity asked in words is no letter's: each shape compares them), and a
    fixed amount and a rate stated apart ("起步价 10 元，之后每公里 2 元") joined into one charge."""
    _story_resolved(facts)
    _price_resolved(facts)
    _cart_resolved(facts)
    _each_resolved(facts)
    for name in _NAMING:
        if name in facts and implicit:
            facts[name] = (letter, *facts[name][1:])
    if "diff" in facts and "sum" in facts and "pair" not in facts:  # "24 years older ... Together they are 40"
        d, big, small = facts.pop("diff")
        facts["pair"] = ("more", d, big, small, "age")
    if "fixed" in facts and "rate" in facts and "charge" not in facts:
        (fixed, fixed_currency), (rate, rate_currency, unit) = facts.pop("fixed"), facts.pop("rate")
        facts["charge"] = _Charge(fixed, rate, unit, frozenset({fixed_currency, rate_currency}))
    return facts


def _story_resolved(facts: dict[str, Any]) -> None:
    """wip/linQ: a seller's story asks what she sold ("Ana sells muffins ... How many did she buy?" is no
    shape), and one of two things compared asked in words is the one named ("How much is the pen?")."""
    if ("seller" in facts) != ("asked_sold" in facts):
        facts["sale_unasked"] = True
    facts.pop("seller", None), facts.pop("asked_sold", None)
    if {"pair", "sum"} <= set(facts) and "whose" not in facts:  # "How much is the pen?", "Combien coûte le stylo ?"
        if "asked_item" in facts:
            facts["whose"] = (None, facts.pop("asked_item")[0].word, "")
        elif "asked_price" in facts and not facts["asked_price"][1]:
            facts["whose"] = (None, facts.pop("asked_price")[0].word, "")


def _price_resolved(facts: dict[str, Any]) -> None:
    """The price asked in words named as the price (or checked against the one named), and a zh
    purchase stated in clauses joined into one (wip/linW 2026-12-05)."""
    if "asked_price" in facts:
        item, counter = facts.pop("asked_price")
        if "price" not in facts:
            facts["price"], facts["priced_by"] = (None, item, None), counter
        elif facts["price"][1] != item or facts.get("priced_by") != counter:
            facts["asked_another"] = item  # "A notebook costs p dollars ... How much did the pen cost?": no shape
    if {"counted", "other", "total"} <= set(facts) and "purchase" not in facts:  # zh: the purchase in clauses
        (count, item, counter), (other, other_currency, other_item), (total, currency, monthly) = (
            facts.pop("counted"), facts.pop("other"), facts.pop("total"))
        if other_item == item or monthly:
            facts["asked_another"] = item
        facts["purchase"] = (count, item, other, total, frozenset({other_currency, currency}))
        facts["counted_by"] = counter


def _cart_resolved(facts: dict[str, Any]) -> None:
    """wip/linS: a cart with exactly one part of unknown count is linQ's basket (the known counts, the
    unknown item, the parts at their own price as other amounts: ``_bought`` composes it); a cart with
    every count known stays a cart (one item's price is then the unknown: ``_cart_price``)."""
    if "cart" not in facts:
        return
    parts = facts["cart"]
    unknown = [part for part in parts if part.count is None]
    if len(unknown) != 1:
        return
    known = [(part.item.word, part.count, "") for part in parts if part.count is not None and part.price is None]
    other = [(part.count * part.price[0], part.price[1]) for part in parts if part.price is not None]
    del facts["cart"]
    facts["basket"] = (tuple(known), unknown[0].item.word, "", tuple(other))


def _each_resolved(facts: dict[str, Any]) -> None:
    """wip/linY: "小明买了几支笔，每支5元，又买了一个8元的本子，一共花了33元": the price each of the item bought some
    of (by the same counter), and one other item at its price, are linQ's basket; a price of that item stated
    elsewhere, another item, a basket already read or another counter stay as they are (no shape: no claim)."""
    if "each_price" not in facts or "unit_prices" in facts or "basket" in facts:
        return
    (price, currency, counter), (_, item, asked_counter) = facts["each_price"], facts["asked_bought"]
    if counter != asked_counter:
        return  # "买了几支笔，每盒5元": a box's price is no pen's
    other = ()
    if "other" in facts:
        amount, other_currency, other_item = facts["other"]
        if other_item.word == item:
            return  # "又买了一支5元的笔": the same item at two prices
        other = ((amount, other_currency),)
        del facts["other"]
    del facts["each_price"]
    facts["unit_prices"] = {item: (price, currency, counter)}
    facts["basket"] = ((), item, counter, other)


def _cart_terms(parts: tuple[_Part, ...], prices: dict[str, Any], asked: _Item, currency: str) -> tuple[Fraction, Fraction, set[str], set[str]] | None:
    """The asked price's coefficient, the known amount, the currencies and the unit prices used by a cart whose
    counts are all known (wip/linS); None when a count is unknown or an item other than the asked is unpriced."""
    coefficient, constant, currencies, used = Fraction(0), Fraction(0), {currency}, set()
    for part in parts:
        if part.count is None:
            return None  # a count and a price unknown
        if part.price is not None:
            constant += part.count * part.price[0]
            currencies.add(part.price[1])
        elif part.item.word in prices:
            used.add(part.item.word)
            constant += part.count * prices[part.item.word][0]
            currencies.add(prices[part.item.word][1])
        elif part.item == asked:
            coefficient += part.count
        else:
            return None  # an item with no price, not the one asked: two unknowns
    return coefficient, constant, currencies, used


def _cart_price(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """Every count known, one item's price the unknown (asked, or named by its letter), the other items
    priced by a unit price stated apart or at their own price: "5x + 3 = 23" (wip/linS). Every unit price
    used by exactly one part, one currency, the price above 0."""
    parts, (total, currency, monthly) = facts["cart"], facts["total"]
    (named, asked, asked_currency), prices = facts["price"], facts.get("unit_prices", {})
    if named != letter or monthly or facts["priced_by"] or any(price[2] for price in prices.values()):
        return None  # a counter ("每支") in a table with none in the cart
    terms = _cart_terms(parts, prices, asked, currency)
    if terms is None:
        return None
    coefficient, constant, currencies, used = terms
    if coefficient == 0 or used != set(prices) or len(currencies) != 1 or asked_currency not in (None, currency):
        return None  # the asked item not bought, a unit price no part uses, two currencies
    term = letter if coefficient == 1 else f"{format_number(coefficient)}{letter}"
    text = f"{term} + {format_number(constant)} = {format_number(total)}" if constant else f"{term} = {format_number(total)}"
    return text, lambda value: value > 0


def _rect_sides(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """A rectangle's sides compared (d more, or k times) and its perimeter, one side asked: "2(x + (x + 3)) = 34"
    (wip/linS); d, the perimeter and a unit asked in one unit, both sides positive."""
    (kind, k, big, small, unit), (perimeter, perimeter_unit), (named, asked) = facts["rect_rel"], facts["perimeter"], facts["side"]
    if named != letter or asked not in (big, small) or (unit is not None and unit != perimeter_unit):
        return None  # "3 cm longer ... perimeter 34 mm"
    if facts.get("asked_unit", perimeter_unit) != perimeter_unit:
        return None  # "Find the width in mm." of a perimeter in cm
    text = f"2({letter} + {_other_of_pair(kind, k, letter, asked == small)}) = {format_number(perimeter)}"
    return text, lambda value: value > 0 and (kind == "times" or asked == small or value > k)


def _other_of_pair(kind: str, k: Fraction, letter: str, asked_small: bool) -> str:
    """The other of two compared quantities in the asked one's letter: k times it ("3x", "x/3") or d more
    or less ("(x + 4)", "(x - 4)")."""
    n = format_number(k)
    if kind == "times":
        return f"{n}{letter}" if asked_small else f"{letter}/{n}"
    return f"({letter} + {n})" if asked_small else f"({letter} - {n})"


def _number(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """"b more than k times a number is t", the number asked: "2x + 3 = 17"; any number."""
    (k, b, total), (named,) = facts["number"], facts["asked_number"]
    if named != letter:
        return None
    if k == 0:
        return None
    sign = "-" if b < 0 else "+"
    term = f"{format_number(abs(k))}{letter}" if k.denominator == 1 else f"{format_number(abs(k.numerator))}{letter}/{k.denominator}"
    term = term[1:] if term.startswith(f"1{letter}") else term  # "x/4", never "1x/4"
    if k < 0:  # wip/linU: "20 minus twice a number" is 20 - 2x
        return f"{format_number(b)} - {term} = {format_number(total)}", lambda value: True
    if b == 0:  # wip/linU: "a number divided by 4 is 9"
        return f"{term} = {format_number(total)}", lambda value: True
    return f"{term} {sign} {format_number(abs(b))} = {format_number(total)}", lambda value: True


def _number_steps(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """The steps applied in order to the number thought of, the result stated: "3x + 4 = 25" (wip/linU)."""
    return _number({"number": facts["number_steps"], "asked_number": facts["asked_number"]}, letter)


def _times_and_difference(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """One k times as old as the other and d years older, one of them asked: "5x - x = 24" (the
    younger), "x - x/5 = 24" (the elder); both ages positive."""
    (kind, k, big, small, measure), (d, diff_big, diff_small), (named, who, whose_measure) = (
        facts["pair"], facts["diff"], facts["whose"])
    if named != letter or kind != "times" or measure != "age" or whose_measure != "age":
        return None
    if (diff_big, diff_small) != (big, small) or who not in (big, small):
        return None  # "her niece is 24 years older than Maria": roles swapped
    n = format_number(k)
    text = f"{n}{letter} - {letter} = {format_number(d)}" if who == small else f"{letter} - {letter}/{n} = {format_number(d)}"
    return text, lambda value: value > 0


def _asks_only(transformer: Any, letter: str) -> bool:
    """The request asks the named unknown and nothing else (no expression, check or template of another)."""
    return not (transformer.derived or transformer.candidate is not None
            or transformer.template_names - {letter} or not transformer.asks
            or transformer.asked_names - {letter} or "yes_no" in transformer.format)


def _fixed_and_rate(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """fixed + rate x count = total, the count named over the rate's unit: "2m + 3 = 19"; the count
    not negative, and whole for a unit counted whole."""
    charge, (total, currency, monthly), (named, unit) = facts["charge"], facts["total"], facts["count"]
    if named != letter or unit != charge.unit or charge.rate == 0:
        return None
    if charge.currencies != {currency} or charge.monthly != monthly:
        return None  # "$3 ... 19 euros"; "10 \u20ac par mois" and a bill not the month's
    sign = "-" if charge.fixed < 0 else "+"  # wip/linQ: a fee taken away from the sales ("4x - 12 = 76")
    text = f"{format_number(charge.rate)}{letter} {sign} {format_number(abs(charge.fixed))} = {format_number(total)}"
    if charge.rate == 1:
        text = f"{letter} {sign} {format_number(abs(charge.fixed))} = {format_number(total)}"
    return text, lambda value: value >= 0 and (unit in _CONTINUOUS or value.denominator == 1)


def _count_and_price(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """count x price + other = total, the counted item's price named: "3n + 5 = 26"; the price positive."""
    (count, item, other, total, currencies), (named, priced, currency) = facts["purchase"], facts["price"]
    if named != letter or priced != item or len(currencies) != 1 or currency not in (None, *currencies) or count == 0:
        return None
    if facts["counted_by"] != facts["priced_by"]:
        return None  # "5 盒笔记本" priced "每本": a box's price is no notebook's (red team round 9, W10)
    return f"{format_number(count)}{letter} + {format_number(other)} = {format_number(total)}", lambda value: value > 0


def _pair_and_sum(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """One k times (or d more than) the other and their sum, one of them named: "a + 3a = 48",
    "t + (t + 120) = 200"; both positive."""
    (kind, k, big, small, measure), (total, sum_measure), (named, who, whose_measure) = (
        facts["pair"], facts["sum"], facts["whose"])
    if named != letter or sum_measure != measure or (whose_measure and whose_measure != measure) or who not in (big, small):
        return None
    text = f"{letter} + {_other_of_pair(kind, k, letter, who == small)} = {format_number(total)}"
    return text, lambda value: value > 0 and (kind == "times" or who == small or value > k)


def _perimeter(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """2(given + other) = perimeter, the other side asked: "2(15 + w) = 50"; the side positive."""
    (perimeter, given, side, unit), (named, asked) = facts["rectangle"], facts["side"]
    if named != letter or asked == given:
        return None  # "a length of 15 cm. Find its length l."
    if facts.get("asked_unit", unit) != unit:
        return None  # wip/linU: "Find the width in mm." of sides in cm
    return f"2({format_number(side)} + {letter}) = {format_number(perimeter)}", lambda value: value > 0


def _perimeter_told(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """A rectangle's perimeter and one side told apart, the other side asked: "2(14 + x) = 40" (wip/linU);
    both in one unit (and the unit asked, if any)."""
    (perimeter, unit), (given, side, side_unit) = facts["shape_perimeter"], facts["side_given"]
    if unit != side_unit:
        return None  # "40 cm ... 14 mm"
    told = {"rectangle": (perimeter, given, side, unit), "side": facts["side"]}
    if "asked_unit" in facts:
        told["asked_unit"] = facts["asked_unit"]
    return _perimeter(told, letter)


def _older_times(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """One d years more than k times the other's age, the first's age given, the other's asked:
    "2s + 4 = 22" (wip/linW 2026-12-05); the age positive."""
    (d, k, big, small), (age, whose_age), (named, who, measure) = facts["older_times"], facts["age"], facts["whose"]
    if named != letter or measure != "age" or whose_age != big or who != small:
        return None  # "... Ann is 22", "How old is Tom?": not this shape
    term = f"{format_number(k)}{letter}" if k.denominator == 1 else f"{format_number(k.numerator)}{letter}/{k.denominator}"
    return f"{term} + {format_number(d)} = {format_number(age)}", lambda value: value > 0


def _basket_items(facts: dict[str, Any], letter: str) -> tuple[str, list[str]] | None:
    """The item whose count is unknown and every item bought: each priced once, the unknown one asked."""
    prices, (known, unknown, _, _), monthly = facts["unit_prices"], facts["basket"], facts["total"][2]
    named, asked, _ = facts["asked_bought"]
    items = [item for item, _, _ in known] + ([unknown] if unknown is not None else [])
    if named != letter or monthly or (unknown is not None and asked != unknown):
        return None  # another item asked: "How many notebooks did she buy?" (their count is given)
    if unknown is None:  # "comprou algumas": some of the one item priced
        unknown = next(iter(prices))
        if asked != unknown or known:
            return None
        items = [unknown]
    if set(items) != set(prices) or len(items) != len(set(items)):
        return None  # a price no item of the basket uses, or an item bought with no price
    return unknown, items


def _basket_agrees(facts: dict[str, Any], unknown: str, items: list[str]) -> bool:
    """One currency, one counter for each item ("一支笔3元 ... 几盒笔" is no claim), a positive price."""
    prices, (known, _, counter, other), currency = facts["unit_prices"], facts["basket"], facts["total"][1]
    asked_counter = facts["asked_bought"][2]
    currencies = {prices[item][1] for item in items} | {c for _, c in other} | {currency}
    counters = [(prices[unknown][2], counter or "", asked_counter)] + [(prices[i][2], c, prices[i][2]) for i, _, c in known]
    if len(currencies) != 1 or any(len({a, b, c} - {""}) > 1 for a, b, c in counters):
        return False  # two currencies; "一支笔3元 ... 几盒笔" (a box's count is no pen's)
    return prices[unknown][0] > 0


def _bought(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """The sum over the basket of count x unit price, plus the other amounts, = the total, the one unknown
    count asked: "2x + 15 = 29" (wip/linQ). Every unit price is used once (each priced item bought, each
    item bought priced), one currency, the count whole and not negative."""
    found = _basket_items(facts, letter)
    if found is None or not _basket_agrees(facts, *found):
        return None
    prices, (known, _, _, other), total = facts["unit_prices"], facts["basket"], facts["total"][0]
    rate = prices[found[0]][0]
    constant = sum((count * prices[item][0] for item, count, _ in known), Fraction(0)) + sum((a for a, _ in other), Fraction(0))
    term = letter if rate == 1 else f"{format_number(rate)}{letter}"
    text = f"{term} + {format_number(constant)} = {format_number(total)}" if constant else f"{term} = {format_number(total)}"
    return text, lambda value: value > 0 and value.denominator == 1  # wip/linS: "some pens" are not none ("... a ruler for $13" read as the total: x = 0)


def _consecutive(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """n consecutive integers summing to S, the least asked: "3x + 3 = 72"; the greatest: "3x - 3 = 72" (wip/linQ)."""
    (n, total), (named, rank) = facts["consecutive"], facts["rank"]
    if named != letter or n < 2 or (rank in ("WP_SMALLER", "WP_LARGER") and n != 2):
        return None  # "the smaller" of three
    offset = n * (n - 1) // 2
    sign = "+" if _RANKS[rank] == "min" else "-"
    return f"{n}{letter} {sign} {offset} = {format_number(total)}", lambda value: value.denominator == 1


def _fits(ref: _Ref, person: str, gender: str | None) -> bool:
    """Whether a later sentence's reference may be ``person`` (of ``gender``, None when unknown): the same word,
    a pronoun of the person's known gender, or no subject said (either)."""
    if ref.word is not None:
        return ref.word == person
    return ref.gender is None or gender == ref.gender


def _then_roles(then: tuple[Any, ...], big: str, small: str) -> tuple[str, str] | None:
    """The one and the other of the later sentence: the one way of reading its two as the two people (they
    are two: "she will be twice as old as her" is not one person twice herself); None when none or both fit.
    A person's gender: its relative's word ("son"), or the possessive the other's word was said with ("Maria
    ... her son": the table's possessor_genders); a name's is otherwise unknown and fits no pronoun."""
    _, _, subject, other, possessives = then
    genders = {person: _GENDERS.get(fold(person)) or _POSSESSOR_GENDERS.get(possessives.get(partner, ""))
               for person, partner in ((big, small), (small, big))}
    ways = [(a, b) for a, b in ((big, small), (small, big)) if _fits(subject, a, genders[a]) and _fits(other, b, genders[b])]
    return ways[0] if len(ways) == 1 else None


def _ages_now(facts: dict[str, Any], letter: str, asked: str) -> tuple[dict[str, str], Callable[[Fraction], Fraction]] | None:
    """Both ages now in the asked one's letter ("3x" and "x", "x + 24" and "x") and the other's value from
    the asked one's; None for another kind of pair or a factor not whole."""
    if "pair" in facts:
        kind, k, big, small, measure = facts["pair"]
        if kind != "times" or measure != "age" or k.denominator != 1:
            return None
        n = format_number(k)
        if asked == small:
            return {big: f"{n}{letter}", small: letter}, lambda value: k * value
        return {big: letter, small: f"{letter}/{n}"}, lambda value: value / k
    d, big, small = facts["diff"]
    if asked == small:
        return {big: f"{letter} + {format_number(d)}", small: letter}, lambda value: value + d
    return {big: letter, small: f"{letter} - {format_number(d)}"}, lambda value: value - d


def _age_then(facts: dict[str, Any], letter: str) -> tuple[str, Callable[[Fraction], bool]] | None:
    """One k times (or d years more than) the other now, in n years one k2 times the other, one asked now:
    "3x + 12 = 2(x + 12)" (wip/linZ); both ages now positive."""
    (named, who, measure), then = facts["whose"], facts["then"]
    big, small = (facts["pair"][2], facts["pair"][3]) if "pair" in facts else facts["diff"][1:]
    roles = _then_roles(then, big, small)
    if named != letter or measure != "age" or who not in (big, small) or roles is None:
        return None
    ages = _ages_now(facts, letter, who)
    if ages is None:
        return None
    (expressions, other_of), (n, k) = ages, then[:2]
    one, other = (expressions[person] for person in roles)
    years = format_number(n)
    text = f"{one} + {years} = {format_number(k)}({other} + {years})"
    return text, lambda value: value > 0 and other_of(value) > 0


# The declared shapes: the facts each states, and the equation derived from them.
_SHAPES: dict[frozenset[str], Callable[[dict[str, Any], str], tuple[str, Callable[[Fraction], bool]] | None]] = {
    frozenset({"charge", "total", "count"}): _fixed_and_rate,
    frozenset({"purchase", "price", "counted_by", "priced_by"}): _count_and_price,
    frozenset({"pair", "sum", "whose"}): _pair_and_sum,
    frozenset({"rectangle", "side"}): _perimeter,
    frozenset({"rectangle", "side", "asked_unit"}): _perimeter,  # wip/linU: "Find the width in cm."
    frozenset({"shape_perimeter", "side_given", "side"}): _perimeter_told,  # wip/linU
    frozenset({"shape_perimeter", "side_given", "side", "asked_unit"}): _perimeter_told,
    frozenset({"pair", "diff", "whose"}): _times_and_difference,
    frozenset({"number", "asked_number"}): _number,
    frozenset({"number_steps", "thought", "asked_number"}): _number_steps,  # wip/linU
    frozenset({"older_times", "age", "whose"}): _older_times,
    frozenset({"unit_prices", "basket", "total", "asked_bought"}): _bought,
    frozenset({"consecutive", "rank"}): _consecutive,
    frozenset({"cart", "total", "price", "priced_by"}): _cart_price,  # wip/linS
    frozenset({"cart", "total", "price", "priced_by", "unit_prices"}): _cart_price,
    frozenset({"rect_rel", "perimeter", "side"}): _rect_sides,  # wip/linS
    frozenset({"rect_rel", "perimeter", "side", "asked_unit"}): _rect_sides,
    frozenset({"pair", "then", "whose"}): _age_then,  # wip/linZ
    frozenset({"diff", "then", "whose"}): _age_then,
}
