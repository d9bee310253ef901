"""The linear task's request reader: the prompt cut into words, read by ``request.lark``.

The equations are cut out first (``prompt.py``: the math reader, the same in every language);
every other character must be a word of one language's table (``vocabulary/``), one of the
equations' unknowns, an answer template ("x = ?", "Answer: x = <value>", "Step k: ..."), a
sentence mark, or a transparent quote or bracket. The grammar then derives the whole sequence
or the prompt is not claimed. The tree says which unknowns are asked and which format
instructions were given (:class:`LinearRequest`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from lark import Token, Transformer, Tree

from ...types import BoundedLRU
from ..request_language import Declined, Folded, RequestLanguage, Vocabulary, Word, fold
from .answer_form import (BOXED, JSON_TEMPLATE, PLACEHOLDER, AnswerForm, form_of_template, in_language, is_json_form, json_form,
                          json_keys, read_answer_form)
from .targets import EXPRESSION, LONE_NAME, canonical_target
from .word_problems import WordFacts

__all__ = ["FORMATS", "LinearRequest", "read_request"]

_ASKS_QUESTION = "asks"  # what a question or a polite request returns up the tree
_ASKS_BARE = "asks, before '?'"  # an unknown alone ("x?"): a question only when a question mark ends it
_JOINS = frozenset({"COMMA", "AND", "THEN", "SEMI"})
_TERMS = frozenset({"VAR", "EXPR"})  # words that are terms of the problem: a dash after one is a minus
_VERBS = frozenset({"SOLVE", "FIND", "GIVE", "WHAT_IS", "SHOW", "EXPLAIN", "NUMBER", "WRITE", "END", "TEMPLATE",
                    "ONLY_ANSWER", "WHAT", "ANSWER_VERB", "NUMBERED",
                    "LABELING", "BOX_VERB", "EXACT"})  # wip/linN: ", labelling each line 'Step k:'", ", puis encadre ...", ", exact answer"
_PRIMES = frozenset({"'", '"', "\u2019", "\u2032"})
# A comma after these links what follows ("手順に番号をつけて、7x + 21 = 0 を解いてください").
_FORMATS_BEFORE = frozenset({"NUMBERED"})
# A comma before a format clause links it ("を解いて、答えを一行で書いてください", "，只写答案"): the
# answer and how it is written, or "only" and what it leaves; never "Answer:" (a template).
_FORMAT_CLAUSES = {"ANSWER": frozenset({"OBJ", "ONE_LINE", "AS", "ONLY", "FRACTION", "DECIMAL", "WRITE", "TOPIC", "GIVE",
                                      "FORM_OF", "IN", "BOX_VERB", "EXACT"}),  # "... and reply in one sentence"  # "... and answer in the form x = <value>"
                   "ONLY": frozenset({"WRITE", "GIVE", "ANSWER", "ART", "BARE_NUMBER", "ANSWER_VERB"}),  # ", just the answer", ", só o número", "，只回答数字" (wip/linP)
                   "VAR": frozenset({"AS"}),  # ", x as a fraction"
                   # the form and the verb "answer" ("、分数で答えて"), "use a fraction" ("，用分数表示")
                   "FRACTION": frozenset({"ANSWER_VERB"}), "DECIMAL": frozenset({"ANSWER_VERB"}),
                   "ONE_LINE": frozenset({"ANSWER_VERB", "PLEASE", "STOP", "QMARK"}),  # ", one line please"
                   "AS": frozenset({"FRACTION", "DECIMAL", "ONE_LINE", "ANSWER_FORM"}),  # wip/linT: "，按「x = …」的格式回答"
                   "OWN_LANGUAGE": frozenset({"ANSWER_VERB"}),  # "，用中文回答" (wip/linF)
                   "STEPNOUN": frozenset({"OBJ", "ALSO"}),  # "、手順を説明して", "、途中式も書いてください" (wip/linAJ)
                   "ART": frozenset({"STEPNOUN"}),  # "und die Schritte erklären"
                   "NO": frozenset({"EXPLANATION", "STEPNOUN", "POSS"}),  # ", no explanation", ", sin pasos"
                   # wip/linT: a quoted answer template after its verb (", reply only with 'x = <value>'")
                   "ONE_SENTENCE": frozenset({"ANSWER_FORM"}), "FORM_OF": frozenset({"ANSWER_FORM"}),
                   "FINAL_LINE": frozenset({"ANSWER_FORM"}), "ANSWER_FORM": frozenset({"QUOTE_POST", "QUOTE_WRITE"})}
# A comma before these is no list's: "Solve 2x + 1 = 5, please", "Find y, if 3y + 4 = 25", "Find x, step by step".
# (a comma before NUMBERED links instead: a verb of _VERBS, ", with numbered steps", "を解いて、手順に番号を")
_DROPS_COMMA = frozenset({"PLEASE", "FOR_ME", "IF", "STEP_BY_STEP", "THANKS", "BUT"})
# A comma or "and" after equations before these links a remark to them ("... = 45 and I'm stuck").
_REMARKS = frozenset({"CONTEXT", "STUCK", "HELP"})
# A comma after these is a pause ("4x + 3 = 43 を、手順に番号をつけて解いて").
_PAUSES_AFTER = frozenset({"OBJ"})
# "Please" right before a colon says nothing ("Só a resposta, por favor: ...").
_DROPS_BEFORE_COLON = frozenset({"PLEASE", "FOR_ME"})
# An exercise's number after its label or intro, before a colon ("Ejercicio 3:", "练习2：") or a
# comma and a space ("Homework 3, problem 7:", wip/linM): part of the label, no constant (skipped
# where no LABEL_NUMBER word is read; the grammar then reads the labels around it or nothing).
_EXERCISE_NUMBER = re.compile(r"\s*[0-9]{1,3}(?=\s*[:\uff1a]|, )")

#: The format instructions this task reads, keys of :attr:`LinearRequest.format`.
FORMATS = ("steps", "numbered", "lines", "answer_last", "answer_value", "answer_named", "answer_only", "one_line",
           "fraction", "decimal", "integer", "bare_number", "yes_no", "answer_line")
# Instructions no answer can follow together: the answer alone and its steps, a fraction and a decimal.
_EXCLUSIVE = (({"steps", "numbered", "lines"}, {"answer_only", "one_line"}), ({"fraction"}, {"decimal"}),
              ({"integer"}, {"fraction", "decimal"}))  # wip/linAG: an integer is asked in one form only

# The PER_LINE phrases that put one thing on a line of its own, by table (wip/linAD: "the final answer on its own
# line"); the others lay out several, one per line.
_ONE_ANSWER_LINE = frozenset({"on its own line", "on a separate line", "on a new line", "alone on the last line",
                              "alone on its own line", "on a line by itself",  # wip/linAG
                              "en su propia línea",
                              "en una línea aparte", "sur sa propre ligne", "sur une ligne séparée", "in einer eigenen zeile",
                              "em sua própria linha", "em uma linha separada", "su una riga a parte", "на отдельной строке"})


def _folded_phrase(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


_UNKNOWN = re.compile(r"[A-Za-z](?:_?[0-9]+)?")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Answer templates: an unknown with a placeholder ("x = ?", "x = <value>", "x = ..."), a bare
# placeholder, "Step k:" / "Step 1:" labels, an ellipsis. Placeholders naming a form ("<decimal>",
# "?.??") are not among them: those prompts are not claimed.
_PLACEHOLDER = PLACEHOLDER  # "<value>", "<valor>", ... (answer_form.py)
_TEMPLATE = re.compile(
    r"(?P<var>[A-Za-z](?:_?[0-9]+)?)\s*=\s*(?:" + _PLACEHOLDER + r"|\.\.\.|\u2026|\?)(?:(?=\s+(?:if|when|given)\s)|(?!\s*[.,:;'\u2019]*\s*[?<\w]))",
    re.IGNORECASE,
)
_SLOT = re.compile(_PLACEHOLDER, re.IGNORECASE)
# A quoted span on one line: "...", '...', “...”, ‘...’ (a closing quote not inside a word), and the
# quotes other scripts write («...», „...“, 「...」, 『...』, ‹...›).
_QUOTED = re.compile(
    r'"([^"\n]+)"|\'([^\'\n]+)\'(?!\w)|\u201c([^\u201d\n]+)\u201d'
    r"|\u2018([^\u2019\n]+)\u2019(?!\w)|\u00ab([^\u00bb\n]+)\u00bb|\u201e([^\u201c\u201d\n]+)[\u201c\u201d]"
    r"|\u300c([^\u300d\n]+)\u300d|\u300e([^\u300f\n]+)\u300f|\u2039([^\u203a\n]+)\u203a"
)
# What makes a quoted span a template to write verbatim: a slot ("<value>") or an unknown's
# placeholder ("x = ?", "x=...") anywhere inside it.
_OPENING_QUOTES = frozenset('"\'\u201c\u2018\u00ab\u201e\u300c\u300e\u2039')  # _QUOTED's first characters (wip/hitB)
_PLACEHOLDER_MARK = re.compile(r"\?|\.\.\.|\u2026")
_QUOTED_SLOT_MARK = re.compile(_PLACEHOLDER + r"|[A-Za-z0-9_]\s*=\s*(?:\?|\.\.\.|\u2026)", re.IGNORECASE)
_STEP_LABEL = re.compile(r"(?:step|STEP|Step)\s+(?:[kKnN]|[1-9])\s*:")
_ELLIPSIS = re.compile(r"\.\.\.|\u2026")
# The ASCII characters a template, a "Step k:" label, a placeholder or an ellipsis can start with
# (_special_at tries its patterns at an ASCII character only there; wip/hitB).
_SPECIAL_FIRST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz<.")
# Sentence marks every table reads ("!" is none: a factorial after a number, an emphasis elsewhere); a table adds its own script's marks (Chinese "。", "，") as
# phrases of the STOP, QMARK, COMMA, COLON and SEMI classes, and its quotes ("«", "「") as QUOTE.
_MARKS = {".": "STOP", "\n": "STOP", "?": "QMARK", ",": "COMMA", ":": "COLON", ";": "SEMI"}
_STOP_MARKS = frozenset({"!", "\uff01", "\u3002", "\uff0e"})  # marks a table reads as STOP (never dropped: wip/linP)
# A bar between spaces before a turn's label ("... | Utente: ...") ends a turn as a line break does;
# anywhere else (an absolute value "|2x| = 4") a bar is read by no rule (wip/linF).
_TURN_BAR = re.compile(r"(?<=[ \u3002])\|(?= [^\W\d_]+(?: [^\W\d_]+)? ?[:\uff1a])")  # after a space or "。"
_TURN_BARS = frozenset("|")  # _TURN_BAR's first character (wip/hitB: tried only there)
# Transparent in every language: ASCII quotes and brackets (balanced brackets checked apart).
_TRANSPARENT = frozenset("\"'()")
# A dash standing alone before a word pauses like a comma ("Quick question - solve ...", "... = 21 -- what
# is x?"); beside a number or a sign it is a minus, read with its equation or not at all.
_DASH = re.compile(r" (--?|\u2013|\u2014|/) (?=[^\W\d_])")
_DASHES = frozenset("-\u2013\u2014/")  # the characters _DASH's dash starts with (wip/hitB: tried only there)
_LABEL_LEADS = frozenset({"ORDINAL", "INTRO", "LABEL"})  # the words a label's or an exercise's number may follow
_BLANKS = frozenset(" \t\r")  # read by no rule outside an equation (_token_at)
# wip/linP: a label's id is any of "3", "#12", "12b", "12(b)", "4.2", "Q4", "IV" (no constant of the
# problem: its word is LABEL_NUMBER, read by no rule as a term), closed by ":", ". ", ")", " - " or
# a word of two letters ("Exercise 3 solve ..."); a bracket closing it is part of it ("Questão 3)").
_LABEL_ID = r"(?:#|No\. ?|Nr\. ?|[Nn][°º] ?|№ ?)?(?:[1-9][0-9]{0,2}(?:\.[1-9][0-9]?)?(?:[a-z]|\([a-z]\))?|Q[1-9][0-9]?|[IVX]{1,4})"
_LABEL_NUMBER = re.compile(_LABEL_ID + r"(?:\)(?= )|(?=\s?:| [-\u2013] |\. | [^\W\d_]{2}))")  # "Exercise 3:", "Problem #12:", "№3. " (wip/linM)
_ORDINAL_NUMBER = re.compile(r"[1-9][0-9]{0,2}(?![0-9.,])")  # "第4题", "第12問" (wip/linN)
_EMPHASIS = re.compile(r"(?:[^\W\d_]{2}[ ]?|[?\uff1f])!*$")  # a word of two letters or more, then at most one space (wip/linP: "!!"), or "?" (wip/linT: "k?!")
# wip/linAH: "... for x!" at the prompt's very end: the "!" after the unknown solved for is a sentence end
# (prompt._EXCLAIMED_UNKNOWN); FOR VAR is derived only as the unknown solved for (for_vars)
_EXCLAIMED_UNKNOWN = re.compile(r"(?<![^\W\d_])(?:for|para|pour|nach) [A-Za-z] ?!*$", re.IGNORECASE)
_DOT_TERM = re.compile(r"[0-9(]|[A-Za-z](?![A-Za-z])")  # a number, a bracket or one letter: a term
# wip/linT: a chatter clause is read as nothing. A clause is the words between two marks (start, end,
# ".", "?", "!", ",", ":", ";", "and", "then"); one made only of words of the classes _common.json's
# "chatter_clause" declares (CHATTER: pronouns, feelings, fillers, school words; greetings, thanks,
# "I'm stuck", "can you help") says nothing of the problem: no number, no unknown, no operation,
# negation, condition or form (tests/unit/test_linear_chatter_linT.py: CHATTER is disjoint from them).
_CHATTER_CLAUSE = frozenset(json.loads((Path(__file__).parent / "vocabulary" / "_common.json").read_text(
    encoding="utf-8"))["chatter_clause"])
_CLAUSE_MARKS = frozenset({"STOP", "QMARK", "COMMA", "COLON", "SEMI", "AND", "THEN"})
_SENTENCE_ENDS = frozenset({"STOP", "QMARK"})
# wip/linT: a bullet opening a line of a list, before a word of two letters or more (never a minus:
# "- x + 3 = 5" and "- 3x = 6" are an equation's)
_BULLET = re.compile(r"[-*\u2022] (?=[^\W\d_](?:[^\W\d_]|['\u2019]))")
# a clause read as nothing holds one of these at least (a label, an intro or an article alone is no
# chatter: "29 = 1 + 7x solve - Homework" stays no claim, wip/everyday English 2)
_CHATTER_HEADS = frozenset({"CHATTER", "CONTEXT", "STUCK", "PLEASE", "THANKS", "HELP", "SMALL_TALK"})
_TRAILING_CHATTER = frozenset({"CHATTER", "PLEASE", "THANKS", "INTRO"})  # "solve 4x+7=39 quick pls" (no greeting: "... yo")
_LABEL_WORDS = frozenset({"CHATTER", "ME", "POSS", "ART", "COURTESY", "GIVEN_BY"})  # one before a colon: a speaker?
_INLINE_CHATTER = frozenset({"CHATTER", "PLEASE"})  # between a verb and its equations ("solve pls 2x+15=47")
_TAKES_EQUATIONS = frozenset({"SOLVE", "FIND"})


@dataclass(frozen=True)
class LinearRequest:
    """What a prompt asks: the unknowns named (with those an asked equation defines), whether a
    request to solve asks for every unknown, whether any request was made at all (a prompt of
    equations alone asks to solve them), the format instructions read, the answer label a template
    asks for, the table's language, and the expression asked instead of the unknowns ("x**2":
    canonical sympy text, ``targets.py``; empty when the unknowns themselves are asked)."""

    named: frozenset[str]
    asks_all: bool
    asks: bool
    format: tuple[str, ...]
    answer_label: str
    language: str
    target: str = ""
    answer_form: str = ""  # a quoted answer template the last line follows ("So x equals <value>."): answer_form.py
    candidate: tuple[str, str, int] | None = None  # a yes/no check's candidate: (unknown, value, where its equation starts)
    answer_language: str = ""  # "en" when a note in English asks the answer in English ("(answer in English please)")
    # wip/linAC: every table that reads the prompt's words the same way (``_languages_decided``): one
    # language ("pt") when a word only its table holds decides it, more ("it", "pt") when none does
    languages: frozenset[str] = frozenset()

    @property
    def written_in(self) -> str:
        """The language the answer is written in: the note's ("answer in English"), the table's, or
        the tables' that read the prompt the same way, joined by "+" ("it+pt": any of them; wip/linAC)."""
        if self.answer_language or len(self.languages) < 2:
            return self.answer_language or self.language
        return LANGUAGES_JOINED.join(sorted(self.languages))


class _Names(set[str]):
    """The unknowns named, counting every naming (an unknown named again after "Only report x + 2y"
    is a request that "only" no longer covers)."""

    writes = 0

    def add(self, name: str) -> None:
        self.writes += 1
        super().add(name)

    def update(self, *names: Any) -> None:
        found = [name for group in names for name in group]
        self.writes += len(found)
        super().update(found)


def _adds(*items: str) -> Callable[[Any, list[Any]], None]:
    """The callback of a format instruction that only adds its format ``items``."""
    def callback(self: Any, _children: list[Any]) -> None:
        self.format.update(items)
    return callback


class _Read(WordFacts, Transformer[Token, Any]):
    """The tree to what is asked and how: unknowns named, equations asked, format instructions."""

    def __init__(self) -> None:
        super().__init__()
        self.asked_names: _Names = _Names()
        self.asks_all = False
        self.only_named = False  # "give me only x": the unknowns named are all that is asked
        self.asks = False
        self.solves: list[bool] = []
        self.format: set[str] = set()
        self.answer_label = ""
        self.template_names: set[str] = set()  # the unknowns an answer template names ("Answer: y = ?")
        self.derived: list[str] = []  # expressions asked ("x squared", "2x"), as the target parser reads them
        self.answer_forms: list[AnswerForm] = []  # quoted answer templates ("End with "So x equals <value>."")
        self.only_derived = False  # "Only report x + 2y": the expression alone, the unknowns named before it not asked
        self.candidate: tuple[str, str, int] | None = None  # "Does x = 5 solve ...": (x, "5", its run's start)
        self.yes_no_offered = ""  # the phrase offering the answers ("yes or no", "是或否")
        self.writes_at_only = -1  # the unknowns named when "only" asked the expression (none may follow)
        self.english_note = False  # "(answer in English please)" after a request in another language

    def VAR(self, token: Token) -> Token:  # noqa: N802 - Lark's terminal callbacks
        return token

    def TEMPLATE(self, token: Token) -> Token:  # noqa: N802
        self.asked_names.add(token.value)
        return token

    def solve(self, children: list[Any]) -> str | None:
        """A request to solve asks for the unknowns it names ("for x"), or for all of them; a second
        request to solve beside one that names its unknowns leaves which are asked unread. Asked as
        a method ("How do I solve ...?") it is a question."""
        self.asks = True
        names = any(isinstance(c, list) for c in children)  # "for <unknowns>"
        self.solves.append(names)
        if len(self.solves) > 1 and any(self.solves):
            raise Declined
        self.asks_all = self.asks_all or not names
        return _ASKS_QUESTION if _ASKS_QUESTION in children else None

    def solve_for_one(self, children: list[Any]) -> None:
        """"x について解いて": a request to solve for the unknown named before it."""
        names = _names(children)
        self.asked_names.update(names)
        self.solve([*children, names])

    def explained_solve(self, children: list[Any]) -> str:
        """"(Can you) explain how to solve ...?": a request to solve, its working shown; a question
        mark may end it."""
        self.solve(children)
        self.format.add("steps")
        return _ASKS_QUESTION

    def find(self, children: list[Any]) -> str | None:
        """An asking verb asks for what it names ("give the value of y"); "give the answer for ..."
        names none and asks for every unknown."""
        self.asks = True
        named = [c.value for c in children if isinstance(c, Token) and c.type == "VAR"]
        self.asked_names.update(named)
        if not named and not any(isinstance(c, Token) and c.type == "OBJ" for c in children) and all(
            isinstance(c, Token) for c in children
        ):
            self.asks_all = True
        return _ASKS_QUESTION if _ASKS_QUESTION in children else None

    def method(self, _children: list[Any]) -> str:
        """"How do I solve ...", "show me how to solve ...": the steps are asked, as a question."""
        self.format.add("steps")
        return _ASKS_QUESTION

    def find_alone(self, children: list[Any]) -> None:
        """"Dammi solo x": asks x, and the answer alone ("Give only x as a fraction": in that form);
        "only" restricts a request to solve that asked every unknown ("Solve x + y = 10, x - y = 2.
        Give me only x.": x alone)."""
        self.find(children)
        self.format.add("answer_only")
        self.only_named = True

    def find_alone_expr(self, children: list[Any]) -> None:
        """"Only report x + 2y": the expression alone is asked, whatever unknowns an earlier request
        named ("Find x and y: ... Only report x + 2y."); an unknown named after it declines (``_target``)."""
        self.find(children)
        self.format.add("answer_only")
        self.only_derived = True
        self.writes_at_only = self.asked_names.writes

    def checked(self, children: list[Any]) -> str:
        """"Does x = 5 solve 3x + 5 = 21?": a yes/no check of one candidate value, its equation
        the run before the equation checked; one check per prompt, its candidate one unknown equal
        to a number (anything else declines)."""
        runs = [c for c in children if isinstance(c, Token) and c.type == "EQ"]
        candidate = _CANDIDATE.fullmatch(runs[0].value)
        if candidate is None or self.candidate is not None:
            raise Declined
        self.candidate = (candidate.group(1), str(Fraction(candidate.group(2))), runs[0].start_pos)
        self.asks = True
        self.format.add("yes_no")
        return _ASKS_QUESTION

    def checked_bare(self, children: list[Any]) -> str:
        """"x = 5 é solução de ...?": a check only before its question mark (else a statement)."""
        self.checked(children)
        return _ASKS_BARE

    def yes_no(self, children: list[Any]) -> str:
        """"Answer yes or no.": the answer is one of the words offered (a check must be read)."""
        self.yes_no_offered = next(c.value for c in children if isinstance(c, Token) and c.type == "YES_OR_NO")
        self.format.add("yes_no")
        return _ASKS_QUESTION

    def refused(self, _children: list[Any]) -> None:
        """"do not give x": the unknown is not asked (an expression is asked instead)."""

    def question(self, _children: list[Any]) -> str:
        self.asks = True
        return _ASKS_QUESTION

    def courtesy(self, _children: list[Any]) -> str:
        return _ASKS_QUESTION

    def acts(self, children: list[Any]) -> list[Any]:
        return [m for c in children for m in (c if isinstance(c, list) else [c])]

    def request(self, children: list[Any]) -> str | None:
        flat = [m for c in children for m in (c if isinstance(c, list) else [c])]
        return next((asks for asks in (_ASKS_BARE, _ASKS_QUESTION) if asks in flat), None)

    def bare_question(self, _children: list[Any]) -> str:
        self.asks = True
        return _ASKS_BARE

    def start(self, children: list[Any]) -> None:
        """A question mark ends only a question or a polite request ("Can you solve ...?"): after
        equations or a plain request it asks whether they hold ("x + y = 10. y = 4?"): no claim. An
        unknown alone asks only before one ("3x + 1 = 10, x?")."""
        previous: Any = None
        for i, child in enumerate(children):
            if isinstance(child, Token) and child.type == "QMARK":
                if previous not in (_ASKS_QUESTION, _ASKS_BARE) and not _lone_equation_asked(previous, children):
                    raise Declined
            elif not isinstance(child, Token):
                previous = child
            if child == _ASKS_BARE and not (i + 1 < len(children) and getattr(children[i + 1], "type", "") == "QMARK"):
                raise Declined  # "3x + 1 = 10. x": an unknown alone asks only with its question mark

    def sentence(self, children: list[Any]) -> Any:
        """A labelled sentence ("User: What's x in ...?") asks what its body asks."""
        return children[-1]

    def led(self, children: list[Any]) -> Any:
        """A sentence led by context ("I'm stuck on this one: ...") asks what its request asks; acts joined
        to a lead-in's equations ("The question says 12 - 2x = 6, what's x?") ask what they ask (wip/linAJ)."""
        last = children[-1]
        if isinstance(last, list) or (isinstance(last, Tree) and last.data == "politely"):
            return self.request(children)
        return last

    help_with = question  # "Can you help me with this equation?" asks to solve it (which unknowns: the rest says)

    def template_act(self, _children: list[Any]) -> None:
        self.asks = True

    def targets(self, children: list[Any]) -> None:
        self.asked_names.update(c.value for c in children if isinstance(c, Token) and c.type == "VAR")

    named = value_of = targets  # the unknowns a request names, or whose value it asks: the same reading

    def defined(self, children: list[Any]) -> None:
        self.asked_names.add(_defined_unknown(children[0].value))

    # -- expressions asked instead of the unknowns (read to canonical text in ``_parse``) --------
    def written(self, children: list[Any]) -> str:
        return self._asked_expression(children[0].value)

    def squared(self, children: list[Any]) -> str:
        return self._asked_expression(f"{_names(children)[0]}^2")

    def cubed(self, children: list[Any]) -> str:
        return self._asked_expression(f"{_names(children)[0]}^3")

    def twice(self, children: list[Any]) -> str:
        return self._asked_expression(f"2*{_names(children)[0]}")

    def half(self, children: list[Any]) -> str:
        return self._asked_expression(f"{_names(children)[0]}/2")

    def product(self, children: list[Any]) -> str:
        first, second = _names(children)
        return self._asked_expression(f"{first}*{second}")

    def product_written(self, children: list[Any]) -> str:
        """"the product xy" (wip/linAG): only a product of two unknowns ("the product x + y" is no claim)."""
        text = children[-1].value
        if not _PRODUCT_OF_TWO.fullmatch(text):
            raise Declined
        return self._asked_expression(text)

    def sum(self, children: list[Any]) -> str:
        first, second = _names(children)
        return self._asked_expression(f"{first} + {second}")

    def _asked_expression(self, text: str) -> str:
        self.asks = True
        self.derived.append(text)
        return text

    def for_vars(self, children: list[Any]) -> list[str]:
        return next(c for c in children if isinstance(c, list))

    def vars(self, children: list[Any]) -> list[str]:
        found = [c.value for c in children if isinstance(c, Token) and c.type == "VAR"]
        found += [v for c in children if isinstance(c, list) for v in c]
        self.asked_names.update(found)
        return found

    # format instructions that only add their format items
    steps = manner = _adds("steps")
    numbered, lines = _adds("steps", "numbered"), _adds("steps", "lines")
    answer_last, answer_only, one_line = _adds("answer_last"), _adds("answer_only"), _adds("one_line")
    as_fraction, as_decimal, as_integer = _adds("fraction"), _adds("decimal"), _adds("integer")

    def answer_line(self, children: list[Any]) -> None:
        """"Put the final answer on its own line" (wip/linAD): the last line states the values asked and
        nothing else (chain.format_errors), the working before it as asked. One answer on one line: a
        PER_LINE phrase that lays out several ("one per line", "on separate lines") is not this form."""
        line = next(c for c in children if isinstance(c, Token) and c.type == "PER_LINE")
        if _folded_phrase(line.value) not in _ONE_ANSWER_LINE:
            raise Declined
        self.format.add("answer_line")

    def in_english(self, _children: list[Any]) -> None:
        """"(answer in English please)" after a request in another language: the answer in English (a
        format item no check follows: a yes/no check with it is no claim)."""
        self.english_note = True
        self.format.add("in_english")

    def own_language(self, _children: list[Any]) -> None:
        """"Answer in <the table's language>": the answer is written in it; no format (wip/linF)."""

    def bare_number(self, _children: list[Any]) -> None:
        """"Just the number": the answer alone, and that answer the number with no word around it."""
        self.format.update(("answer_only", "bare_number"))

    def bare_number_of(self, children: list[Any]) -> None:
        """"Reply with just the number x" (wip/linP): the number alone, and the unknown it names asked."""
        self.asked_names.update(_names(children))
        self.bare_number(children)

    def no_decimals(self, _children: list[Any]) -> None:
        """"(no decimals)": the fraction form, read only beside "exact answer" (``_parse``: alone it
        may ask for a rounded whole number; wip/linN)."""
        self.format.add("fraction")
        self.no_decimals_read = True

    def answer_template(self, children: list[Any]) -> None:
        label = children[0].value.strip()
        if self.answer_label and self.answer_label != label:
            raise Declined # two answer lines asked for
        self.answer_label = label
        self.format.add("answer_last")
        if children[-1].type == "VALUE_SLOT":
            self.format.add("answer_value")
        elif children[-1].type == "TEMPLATE":
            self.format.add("answer_named")
            self.template_names.add(children[-1].value)


    def answer_form(self, children: list[Any]) -> None:
        """A quoted answer template (or "in the form x = ..."): the last line, written verbatim with
        the value; a template no declared form reads declines the prompt."""
        token = next(c for c in children if isinstance(c, Token) and c.type in ("ANSWER_FORM", "TEMPLATE"))
        form = form_of_template(token.value) if token.type == "TEMPLATE" else read_answer_form(token.value)
        if form is None:
            raise Declined
        self.answer_forms.append(form)
        if form.unknown:
            self.template_names.add(form.unknown)

    def json_answer(self, children: list[Any]) -> None:
        """'reply as JSON like {"x": <value>}': the last line is that object, each key's value the
        exact value of its unknown (the keys must be the unknowns asked: ``_answer_form``)."""
        form = json_form(next(c.value for c in children if isinstance(c, Token) and c.type == "JSON_FORM"))
        if form is None:
            raise Declined
        self.answer_forms.append(AnswerForm(form, ""))

    def answer_form_line(self, children: list[Any]) -> None:
        """"Put the final answer on its own line as 'n = ...'" (wip/linAD): the template's line, alone on the last line."""
        self.answer_line(children)
        self.answer_form(children)

    def json_answer_alone(self, children: list[Any]) -> None:
        """'Reply only with JSON like {"x": <value>}' (wip/linAD): the object alone is the whole answer."""
        self.json_answer(children)
        self.format.add("answer_only")

    def boxed(self, _children: list[Any]) -> None:
        """"Put the final answer in \\boxed{}": the last line is the value asked, boxed (a template)."""
        self.answer_forms.append(AnswerForm(BOXED, ""))

    def find_as_fraction(self, children: list[Any]) -> None:
        """"Give x as a fraction: ...": asks x, as a fraction."""
        self.find(children)
        self.format.add("fraction")

    def find_as_decimal(self, children: list[Any]) -> None:
        self.find(children)
        self.format.add("decimal")

    def answer_form_alone(self, children: list[Any]) -> None:
        """"Reply with one sentence of the form "...": the template's line is the whole answer."""
        self.answer_form(children)
        self.format.add("answer_only")


def _lone_equation_asked(sentence: Any, children: list[Any]) -> bool:
    """Whether ``sentence`` is one equation alone before its question mark, the prompt's only
    equation ("x - 3 = 2(x - 9)?", "User: 3x + 2 = 17?", wip/linP): it asks for its unknown (a value
    alone, "x = 4?", asks nothing: prompt.py; two equations, "x + y = 10. x - y = 2?", may ask
    whether the second holds: no claim)."""
    if not (isinstance(sentence, Tree) and sentence.data == "given" and len(sentence.children) == 1):
        return False
    eqs = sentence.children[0]
    if not (isinstance(eqs, Tree) and eqs.data == "eqs" and len(eqs.children) == 1):
        return False
    equations = [t for c in children if isinstance(c, Tree) for t in c.scan_values(lambda v: isinstance(v, Token))
                 if t.type == "EQ"]
    return len(equations) == 1


def _names(children: list[Any]) -> list[str]:
    return [c.value for c in children if isinstance(c, Token) and c.type == "VAR"]


def _defined_unknown(equation: str) -> str:
    """The unknown an asked equation defines ("find y = x + 3" asks y); declined otherwise."""
    left = equation.split("=", 1)[0].strip()
    if not _UNKNOWN.fullmatch(left):
        raise Declined
    return left


_LANGUAGE = RequestLanguage(Path(__file__).parent, _Read)


def read_request(
    text: str, runs: list[tuple[int, int]], variables: frozenset[str]
) -> LinearRequest | None:
    """What ``text`` (its equations at ``runs``) asks in the first language whose table reads
    every word and whose sentences the grammar derives; None when none does.

    wip/hitG: a reading is kept per prompt template (:func:`_template_key`: the prompt with the
    numbers standing in its equations masked, nothing else changed) when it carries no number
    (:func:`_number_free`) and read every equation as one word (``_runs_read_whole``); a prompt
    of the same template gets the kept reading, the reading its own words give
    (tests/unit/test_hit_path_hitG.py: every corpus prompt and its number-substituted variants)."""
    text = unicodedata.normalize("NFC", text)
    key = _template_key(text, runs, variables)
    if key is not None:
        kept = _TEMPLATE_READS.get(key)
        if kept is not None:
            return kept
    read, words = _read_request(text, runs, variables)
    if key is not None and read is not None and _number_free(read) and _runs_read_whole(words, runs):
        _TEMPLATE_READS.put(key, read, len(text))
    return read


def _read_request(
    text: str, runs: list[tuple[int, int]], variables: frozenset[str]
) -> tuple[LinearRequest | None, list[Word]]:
    """:func:`read_request` read afresh, with the words its reading was parsed from."""
    for index, vocabulary in enumerate(_LANGUAGE.vocabularies):
        words, read = _read_in(text, runs, variables, vocabulary)
        if read is not None:
            decided = _languages_decided(read, words, text, runs, variables, _LANGUAGE.vocabularies[index + 1 :])
            return (decided, words) if decided is not None else (None, [])
    return None, []


# -- wip/hitG: the reading kept per prompt template --------------------------------------------
# Two prompts of one template differ only in the numbers standing in their equations (a number not
# glued to a name: "x1", "x_2" keep theirs), with the same equations' bounds, the same unknowns and
# every other character the same (a number in the prose, "1 apple" or "Step 1:", a year, is the
# template's own). The reader reads an equation as one word (EQ), whatever its numbers; the readers
# that read an equation's numbers, or may read into an equation, are kept out:
# - a yes/no check's candidate ("Does x = 5 solve ...?": ``checked`` reads its value): an equation
#   that could be one keeps its numbers in the key, and a reading with a candidate is not kept;
# - a label's or an exercise's number where an equation starts ("Problem 12 - x = 5": "12" may be
#   the label's, ``_LABEL_NUMBER``/``_EXERCISE_NUMBER`` read up to three digits, never "0"): no key;
# - a quoted span over an equation (its text is the template's, verbatim): no key;
# - an unknown named with digits ("x1", "x_2"): its digits stand after a name character, never masked;
# - a reading that carries a digit (an answer template, a label, an expression asked, a format
#   item) is not kept, nor one whose words did not read each equation whole as one EQ word.
_TEMPLATE_READS: BoundedLRU[LinearRequest] = BoundedLRU(2048, max_size=1 << 21)  # at most 2,048 templates, 2M characters of keys
_RUN_NUMBER = re.compile(r"(?<!\w)[0-9]+")  # a number in an equation, not a name's digits
_QUOTE = re.compile("[" + re.escape("".join(sorted(_OPENING_QUOTES))) + "]")
_KEY_AFTER = 8  # characters after an equation's start that a label's or exercise's number pattern may look at


def _template_key(text: str, runs: list[tuple[int, int]], variables: frozenset[str]) -> tuple[Any, ...] | None:
    """The prompt's template (its equations' numbers masked), or None when a reader kept out of the
    memo may read an equation's numbers (see above)."""
    if not runs:
        return None
    pieces: list[str] = []
    pos = 0
    for start, end in sorted(runs):
        if start < pos or end <= start:
            return None
        run = text[start:end]
        ones = _RUN_NUMBER.sub("1", run)  # each number at its most readable ("1": one digit, not 0)
        if ones != run and _numbered_label_at(ones + text[end : end + _KEY_AFTER]):
            return None
        pieces.append(text[pos:start])
        pieces.append(run if _CANDIDATE.fullmatch(ones) else _RUN_NUMBER.sub("#", run))
        pos = end
    pieces.append(text[pos:])
    if _span_over_run(text, runs):
        return None
    return (tuple(pieces), variables)


def _numbered_label_at(text: str) -> bool:
    """Whether a label's or an exercise's number may be read at the start of ``text``."""
    return _LABEL_NUMBER.match(text) is not None or _EXERCISE_NUMBER.match(text) is not None


def _span_over_run(text: str, runs: list[tuple[int, int]]) -> bool:
    """Whether a quoted span starting anywhere in ``text`` covers part of an equation (a JSON
    template holds no '=': its values are slots, ``answer_form._JSON_MEMBER``)."""
    for mark in _QUOTE.finditer(text):
        span = _QUOTED.match(text, mark.start())
        if span is not None and any(start < span.end() and span.start() < end for start, end in runs):
            return True
    return False


def _number_free(read: LinearRequest) -> bool:
    """Whether a reading carries no number: no candidate, no digit in what it keeps as text."""
    texts = (read.target, read.answer_form, read.answer_label, *read.format)
    return read.candidate is None and not any(ch.isdigit() for item in texts for ch in item)


def _runs_read_whole(words: list[Word], runs: list[tuple[int, int]]) -> bool:
    """Whether the reading's words hold each equation whole as one EQ word, and no other."""
    read = sorted((w.start, w.start + len(w.text)) for w in words if w.kind == "EQ")
    return read == sorted(runs)


def _read_in(text: str, runs: list[tuple[int, int]], variables: frozenset[str],
             vocabulary: Vocabulary) -> tuple[list[Word], LinearRequest | None]:
    """The words of ``text`` in ``vocabulary``'s table and what they ask (None: not read in it)."""
    words = _words(text, runs, variables, vocabulary)
    if words is None or not _brackets_paired(text, words) or _label_letter_unknown(words, variables):
        return [], None
    read = _parse(words, vocabulary.language, variables)
    if read is None:  # wip/linT: read again without its chatter clauses (none: the same words, no claim)
        chatless = _words(text, runs, variables, vocabulary, without_chatter=True)
        read = _parse(chatless, vocabulary.language, variables) if chatless and chatless != words else None
        if read is not None and read.candidate is not None:
            read = None  # a yes/no check is read only as written ("Quick question - is x = 4 a solution ...?")
        words = chatless or []  # the words the reading was parsed from (wip/hitG: _runs_read_whole)
    return words, read


#: How the languages of a prompt no single table decides are written (``LinearRequest.written_in``: "it+pt").
LANGUAGES_JOINED = "+"
_WORD_OF_LETTERS = re.compile(r"[^\W\d_]{2}")  # a word of two letters or more, in any script
_FIRST_TABLE = "en"  # the table tried first (request_language.RequestLanguage: English first)


def _languages_decided(read: LinearRequest, words: list[Word], text: str, runs: list[tuple[int, int]],
                       variables: frozenset[str], later: tuple[Vocabulary, ...]) -> LinearRequest | None:
    """wip/linAC: the language decided by positive evidence. A prompt whose words the first table
    read (``read``) is read again in every later table: a table that reads it the same way (the same
    unknowns, format, template, expression) adds its language (Portuguese "Se 3x - 1 = 14, quanto vale
    x?" is Italian word for word: "it+pt", whichever table came first); one that reads it otherwise
    leaves what is asked undecided: no claim. A prompt with no word (equations, marks, unknowns
    alone) holds no evidence of any language: the first table's, as before. A prompt the English
    table reads is English, as before: the other tables borrow its words ("solve", "please", "what
    is") only for prompts that mix them with their own, and those the English table does not read."""
    evidence = any(w.kind not in _NO_EVIDENCE and _WORD_OF_LETTERS.search(w.text) for w in words)
    if read.language == _FIRST_TABLE or not evidence:
        return read
    languages = {read.language}
    for vocabulary in later:
        _, other = _read_in(text, runs, variables, vocabulary)
        if other is None:
            continue
        if replace(other, language=read.language) != read:
            return None  # the same words asking two things, by language
        languages.add(vocabulary.language)
    return replace(read, languages=frozenset(languages)) if len(languages) > 1 else read


# Tokens that are no word of a table: an equation, an unknown, an expression, a template, a label's id.
_NO_EVIDENCE = frozenset({"EQ", "VAR", "EXPR", "TEMPLATE", "ANSWER_FORM", "LABEL_NUMBER"})


def _label_letter_unknown(words: list[Word], variables: frozenset[str]) -> bool:
    """Whether a label's id holds a letter that is an unknown ("Exercise 3x: solve 2x + 7 = 15": a
    label's part, or a term? wip/linP)."""
    return any(w.kind == "LABEL_NUMBER" and set(re.findall(r"[A-Za-z]", w.text)) & variables for w in words)


def _brackets_paired(text: str, words: list[Word]) -> bool:
    """As many "(" as ")" in ``text``, an emoticon of the table's sentence ends aside (":)", wip/linN)."""
    ends = "".join(w.text for w in words if w.kind in ("STOP", "LABEL_NUMBER"))  # wip/linP: "Questão 3)"
    return text.count("(") - ends.count("(") == text.count(")") - ends.count(")")


def _parse(words: list[Word], language: str, variables: frozenset[str]) -> LinearRequest | None:
    transformer = _no_decimals_beside_exact(_without_word_facts(_LANGUAGE.parse(words)), words)
    if transformer is None:
        return None
    if any(transformer.format & one and transformer.format & other for one, other in _EXCLUSIVE):
        return None  # "Show your steps. Answer in one line.": which is asked is not read
    asks_all = transformer.asks_all and not (transformer.only_named and transformer.asked_names)
    asked = variables if asks_all or not transformer.asked_names else transformer.asked_names
    if transformer.template_names and transformer.template_names != asked:
        return None  # "find x ... Answer: y = ?": the answer line cannot name what is asked and the template both
    form = _answer_form(transformer, asked)
    if form is None or not _bare_number_readable(transformer, asked, form):
        return None
    fmt = _format_read(transformer, language)
    target = _target(transformer, variables)
    if fmt is None or target is None:
        return None
    return _request(transformer, asks_all, fmt, language, target, form)


def _no_decimals_beside_exact(transformer: _Read | None, words: list[Word]) -> _Read | None:
    """None for "(no decimals)" with no "exact answer" beside it: a rounded whole number, or the
    fraction form? (wip/linN)"""
    alone = getattr(transformer, "no_decimals_read", False) and not any(w.kind == "EXACT" for w in words)
    return None if alone else transformer


def _without_word_facts(transformer: _Read | None) -> _Read | None:
    """None for a word problem's facts beside written equations (read by word_problems.py only)."""
    return None if transformer is None or getattr(transformer, "word_facts", None) else transformer


def _request(transformer: _Read, asks_all: bool, fmt: tuple[str, ...], language: str, target: str,
             form: str) -> LinearRequest:
    """What was read: a yes/no check (its candidate), the expression alone ("Only report x + 2y":
    over every unknown), or the unknowns named and the expression asked."""
    if transformer.candidate is not None:
        return LinearRequest(frozenset(), True, True, fmt, "", language, "", "", transformer.candidate)
    if transformer.only_derived:  # the expression alone is asked (``_target``), over every unknown
        return LinearRequest(frozenset(), True, transformer.asks, fmt, transformer.answer_label, language, target, form,
                             answer_language="en" if transformer.english_note else "")
    return LinearRequest(frozenset(transformer.asked_names), asks_all, transformer.asks, fmt,
                         transformer.answer_label, language, target, form,
                         answer_language="en" if transformer.english_note else "")


def _bare_number_readable(transformer: _Read, asked: frozenset[str] | set[str], form: str) -> bool:
    """The number alone ("just the number") is read only for one value asked, with no template or
    label around it."""
    return "bare_number" not in transformer.format or not (
        form or transformer.answer_label or (len(asked) != 1 and not transformer.derived)
    )


def _format_read(transformer: _Read, language: str) -> tuple[str, ...] | None:
    """The format instructions read, in ``FORMATS`` order, with a yes/no check's items after them
    (None: a check that cannot be followed)."""
    fmt = tuple(f for f in FORMATS if f in transformer.format)
    if "yes_no" not in transformer.format:
        return fmt
    check = _check_format(transformer, language)
    return None if check is None else fmt + check


_CANDIDATE = re.compile(r"\s*([A-Za-z](?:_?[0-9]+)?)\s*=\s*(-?[0-9]+(?:\.[0-9]+|/[1-9][0-9]*)?)\s*")
# The words a yes/no check is answered with, by language (Chinese: "是" or "否" when the prompt offers "否").
_YES_NO = {"en": ("Yes", "No"), "fr": ("Oui", "Non"), "es": ("Sí", "No"), "pt": ("Sim", "Não"), "it": ("Sì", "No"),
           "de": ("Ja", "Nein"), "ru": ("Да", "Нет"), "zh": ("是", "不是"), "ja": ("はい", "いいえ")}


def _check_format(transformer: _Read, language: str) -> tuple[str, ...] | None:
    """The format items of a yes/no check ("check x = 5", "yes Yes", "no No"), or None when the
    prompt asks anything beside it (another request, another form, an expression, a template) or
    offers yes or no without a check."""
    if transformer.candidate is None or language not in _YES_NO:
        return None
    if (transformer.format - {"yes_no", "answer_only"} or transformer.derived or transformer.answer_forms
            or transformer.answer_label or transformer.template_names or transformer.asked_names
            or transformer.solves or transformer.asks_all):
        return None
    yes, no = _YES_NO[language]
    if language == "zh" and "\u5426" in transformer.yes_no_offered:
        no = "\u5426"  # "是或否"
    var, value, _start = transformer.candidate
    return (f"check {var} = {value}", f"yes {yes}", f"no {no}")


def _answer_form(transformer: _Read, asked: frozenset[str] | set[str]) -> str | None:
    """The one answer template's text ("" when none), or None when it cannot be followed: two
    templates, one beside an "Answer: ..." template, one naming an unknown that is not the one
    asked (or not the equations'), or a bare slot while more than one unknown is asked."""
    forms = transformer.answer_forms
    if not forms:
        return ""
    if len(forms) != 1 or transformer.answer_label:
        return None
    form = forms[0]
    if is_json_form(form.text):  # its keys are exactly the unknowns asked, no expression asked
        return form.text if set(json_keys(form.text)) == set(asked) and not transformer.derived else None
    if form.unknown:  # tied to the one unknown asked by the template check in ``_parse``
        return form.text
    return form.text if transformer.derived or len(asked) == 1 else None


def _target(transformer: _Read, variables: frozenset[str]) -> str | None:
    """The one expression asked ("" when none), or None when what is asked is not read: two
    expressions, an expression beside a named unknown ("find x and x squared") or beside an answer
    template that names an unknown ("Give 2x. Answer: x = ?")."""
    if not transformer.derived:
        return ""
    names: set[str] = transformer.asked_names
    if transformer.only_derived and transformer.asked_names.writes == transformer.writes_at_only:
        names = set()  # "Find x and y: ... Only report x + 2y.": the expression alone is asked
    if len(transformer.derived) != 1 or names or transformer.template_names:
        return None
    return canonical_target(transformer.derived[0], variables)


def _words(
    text: str, runs: list[tuple[int, int]], variables: frozenset[str], table: Vocabulary,
    without_chatter: bool = False,
) -> list[Word] | None:
    """``text`` as tokens in ``table``'s language, or None when a character is read by no rule (a
    quoted span holding a slot is one ANSWER_FORM token: a template, never words to read around)."""
    folded = Folded(text)
    words: list[Word] = []
    run_at = dict(runs)
    pos = 0
    while pos < len(text):
        if _blank_read_by_no_rule(text, pos, words, run_at):
            pos += 1
            continue
        # after an equation or "you are", a one-letter word is the table's ("y": Spanish "and"; "a")
        between = bool(words) and words[-1].kind in ("EQ", "YOU_ARE")
        if between and words[-1].kind == "EQ" and _unknown_after_equation(text, pos, variables):
            return None  # "2x = 8 y x = y + 1": the unknown y, or Spanish "and"? read two ways
        marked = _label_number_or_dash(text, pos, words[-1].kind if words else "", pos in run_at)
        if marked is not None:
            words.extend(marked[0])
            pos = marked[1]
            continue
        token = _template_or_token(text, folded, pos, run_at, variables if not between else frozenset(), table)
        if token is None:
            return None
        word, pos = token
        if word is not None:
            if _minus_after_lead(words, word):
                return None  # "Quick question -2x + 7 = 15": a dash pausing, or a minus? read two ways
            words.append(word)
    return _linked(_listed(_without_chatter(words) if without_chatter else words))


def _without_chatter(words: list[Word]) -> list[Word]:
    """The words without their chatter clauses (wip/linT: "ok so, I'm totally stuck: ...", "... and I'm
    really lost, what's k??", "Por favor, dame solo el número: ..."): a clause all of whose words are of
    the "chatter_clause" classes, not only articles, is dropped with one mark beside it. At the start
    (or after a sentence's end) the mark after it goes; before the end (or a sentence's end, or a colon)
    the mark before it; between two joining marks the one after it ("... and [chatter], what's k" reads
    "... and what's k")."""
    out: list[Word] = []
    for a, b in _clauses(words):
        if not _chatter_clause(words, a, b):
            out.extend(words[a:b + 1])
            continue
        after = words[b].kind if b < len(words) else ""
        if _drops_mark_after(out, after):
            continue  # "[chatter]: solve ..." -> "solve ..."; "... and [chatter], what's k" -> "... and what's k"
        if out and out[-1].kind in _CLAUSE_MARKS - _SENTENCE_ENDS and not _opening(out):
            out.pop()  # "solve ..., [chatter]." -> "solve ...."; "solve for x, [chatter]: ..." -> "solve for x: ..."
        out.extend(words[b:b + 1])
    return _without_inline_chatter(out)


def _clauses(words: list[Word]) -> list[tuple[int, int]]:
    """Each clause's (start, end): the words between two marks, the mark at ``end`` (or the end)."""
    bounds: list[tuple[int, int]] = []
    start = 0
    for k, word in enumerate(words):
        if word.kind in _CLAUSE_MARKS:
            bounds.append((start, k))
            start = k + 1
    bounds.append((start, len(words)))
    return bounds


def _chatter_clause(words: list[Word], a: int, b: int) -> bool:
    """Whether ``words[a:b]`` is a chatter clause: words of the clause classes only, one of them a
    chatter word (not a label, an intro or an article alone), and no speaker before a colon."""
    kinds = {w.kind for w in words[a:b]}
    return a < b and kinds <= _CHATTER_CLAUSE and bool(kinds & _CHATTER_HEADS) and not _turn_label(words, a, b)


def _opening(out: list[Word]) -> bool:
    """Whether nothing but marks is read yet, or a sentence just ended."""
    return not any(w.kind not in _CLAUSE_MARKS for w in out) or out[-1].kind in _SENTENCE_ENDS


def _drops_mark_after(out: list[Word], after: str) -> bool:
    """Whether a chatter clause goes with the mark after it: at an opening before a mark that is no
    sentence's end, or between a joining mark and another that is neither an end nor a colon."""
    if not after or after in _SENTENCE_ENDS:
        return False
    return _opening(out) or after != "COLON"


def _ends_sentence(words: list[Word], k: int) -> bool:
    """Whether ``words[k:]`` up to the sentence's end are all trailing chatter (``_TRAILING_CHATTER``)."""
    for word in words[k:]:
        if word.kind in _SENTENCE_ENDS:
            return True
        if word.kind not in _TRAILING_CHATTER:
            return False
    return True


def _turn_label(words: list[Word], a: int, b: int) -> bool:
    """Whether the one word ``words[a]`` before a colon may name who speaks ("You: y = 3", "Me: ...",
    "Prof: ..."): a pronoun or a noun of CHATTER, never read as nothing there (wip/linT)."""
    return b == a + 1 and b < len(words) and words[b].kind == "COLON" and words[a].kind in _LABEL_WORDS


def _without_inline_chatter(words: list[Word]) -> list[Word]:
    """The words without a run of CHATTER and PLEASE words between a verb of solving and an equation
    ("solve pls 2x+15=47", wip/linT)."""
    out: list[Word] = []
    for k, word in enumerate(words):
        if out and out[-1].kind == "EQ" and word.kind in _TRAILING_CHATTER and _ends_sentence(words, k):
            continue  # "solve 4x+7=39 quick pls": chatter closing the sentence after its equation
        if word.kind in _INLINE_CHATTER:
            j = k
            while j < len(words) and words[j].kind in _INLINE_CHATTER:
                j += 1
            i = len(out) - 1
            while i >= 0 and out[i].kind in _INLINE_CHATTER:
                i -= 1
            if j < len(words) and words[j].kind == "EQ" and i >= 0 and out[i].kind in _TAKES_EQUATIONS:
                continue  # (at a sentence's start it is no verb's: "So 4x = 2." is a step's words, wip/linJ)
        out.append(word)
    return out


def _blank_read_by_no_rule(text: str, pos: int, words: list[Word], run_at: dict[int, int]) -> bool:
    """Whether ``text[pos]`` is a blank outside an equation where no rule but the blank's own reads
    it (wip/hitB: the reading skips it at once): after a label or an intro an exercise's number
    may start with it ("Ejercicio 3:"), so there every rule is tried."""
    return text[pos] in _BLANKS and pos not in run_at and not (words and words[-1].kind in ("LABEL", "INTRO"))


def _unknown_after_equation(text: str, pos: int, variables: frozenset[str]) -> bool:
    """Whether an unknown stands at ``pos`` right after an equation, no answer template ending the
    prompt there ("2x = 8 y x = y + 1": the unknown y, or Spanish "and"?)."""
    ident = _IDENT.match(text, pos)
    return ident is not None and ident.group() in variables and not _ends_as_template(text, pos)


def _label_number_or_dash(text: str, pos: int, previous: str, in_run: bool) -> tuple[list[Word], int] | None:
    """A list's bullet at ``pos`` (nothing: the line break is its mark, wip/linT: "\n- equation: ...",
    "\n* show your work"), else :func:`_label_or_dash`."""
    if previous not in _LABEL_LEADS and (in_run or (text[pos] not in _DASHES and (pos == 0 or text[pos - 1] != "\n"))):
        return None  # wip/hitF: no bullet (no line break before), label number, exercise number or dash can stand here
    bullet = _BULLET.match(text, pos) if not in_run and _listed_line(text, pos) else None
    if bullet is not None:
        return [], bullet.end()  # wip/linT: a list's bullet
    return _label_or_dash(text, pos, previous, in_run)


def _label_or_dash(text: str, pos: int, previous: str, in_run: bool) -> tuple[list[Word], int] | None:
    """The words at ``pos`` and where they end: a label's number ("Exercise 3:", no term of the
    problem), an exercise's number skipped after a label or intro before a colon ("Ejercicio 3:",
    "练习2："), or a dash standing alone before a word: after a label it leads like a colon
    ("Exercise 3 - solve ..."), else it pauses like a comma. None when none stands there."""
    numbered = _label_number(text, pos, previous, in_run)
    if numbered is not None:
        return [Word("LABEL_NUMBER", numbered.group(), pos)], numbered.end()
    exercise = _EXERCISE_NUMBER.match(text, pos) if previous in ("LABEL", "INTRO") and not in_run else None
    if exercise is not None:
        return [], exercise.end()
    dash = _DASH.match(text, pos - 1) if pos and not in_run and text[pos] in _DASHES else None
    slash = dash is not None and dash.group(1) == "/"  # "Resuelve por favor / please solve": two sayings, two sentences
    if dash is None or (previous in _TERMS or slash) and LONE_NAME.match(text, dash.end()):
        return None  # "x – y", "x -- x", "x / y": a minus or a quotient between two terms, never a pause (red team round 13)
    kind = "STOP" if slash else "COLON" if previous in ("LABEL", "LABEL_NUMBER") else "COMMA"
    return [Word(kind, dash.group(1), pos)], dash.end(1)


def _listed_line(text: str, pos: int) -> bool:
    """Whether a line of a list starts at ``pos``: the line before it ends with a colon or is itself
    a bullet's ("Solve the following:\n- equation: ...\n- show your work"; a dash opening the prompt
    is no list's, wip/linT)."""
    if pos == 0 or text[pos - 1] != "\n":
        return False
    before = text[: pos - 1].rsplit("\n", 1)[-1].strip()
    return before.endswith((":", "\uff1a")) or _BULLET.match(before) is not None


def _label_number(text: str, pos: int, previous: str, in_run: bool) -> re.Match[str] | None:
    """A label's number at ``pos`` ("Exercise 3:"), or the number an ordinal mark leads ("第4题",
    wip/linN: part of the label)."""
    if previous == "ORDINAL" and not in_run:
        return _ORDINAL_NUMBER.match(text, pos)
    if previous == "INTRO" and not in_run and _EXERCISE_NUMBER.match(text, pos) is None:
        return _LABEL_NUMBER.match(text, pos)  # wip/linP: "Homework Q4:", "Hausaufgabe 3b)"
    return _LABEL_NUMBER.match(text, pos) if previous == "LABEL" else None


def _ends_as_template(text: str, pos: int) -> bool:
    """Whether an answer template ends the prompt at ``pos`` ("3x+1=16 x=?": the unknown asked)."""
    template = _TEMPLATE.match(text, pos)
    return template is not None and not text[template.end() :].strip(" .\n")


def _listed(words: list[Word]) -> list[Word]:
    """A line break inside a list of equations lists them ("Solve for x and y:\n3x + y = 20\nx - y
    = 4"): after a colon it is dropped, between two equations it is a separator like ";". wip/linAJ: a
    blank line after a colon, before the equations, is dropped as one line break is ("... each step:\n\n4a - 9 = 35")."""
    out: list[Word] = []
    for i, word in enumerate(words):
        nxt = words[i + 1].kind if i + 1 < len(words) else ""
        if word.text == "\n" and out and out[-1].kind == "COLON" and _breaks_before_equation(words, i):
            continue
        if word.text == "\n" and nxt == "EQ" and out and out[-1].kind in ("COLON", "EQ"):
            if out[-1].kind == "EQ":
                out.append(Word("SEMI", word.text, word.start))
            continue
        out.append(word)
    return out


def _breaks_before_equation(words: list[Word], i: int) -> bool:
    """Whether ``words[i:]`` are line breaks up to an equation."""
    j = i
    while j < len(words) and words[j].text == "\n":
        j += 1
    return j < len(words) and words[j].kind == "EQ"


def _linked(words: list[Word]) -> list[Word]:
    """A comma, "and" or "then" (or a run of them) before a verb is one LINK: it joins clauses
    ("If x + y = 10, x - y = 2, find x": the last comma links, the first lists). A comma before
    "please", "for me" or "if" is dropped ("Solve 2x + 1 = 5, please"); a run holding "then" links
    whatever follows ("如果 4a + 1 = 29，那么 a 等于多少")."""
    out: list[Word] = []
    words = _without_opening_then(words)
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and words[j].kind in _JOINS:
            j += 1
        if j == i:
            out.append(words[i])
            i += 1
            continue
        if _pauses(words, out, i, j):
            pass
        elif _links(words, i, j):
            out.append(Word("LINK", " ".join(w.text for w in words[i:j]), words[i].start))
        else:
            out.extend(words[i:j])
        i = j
    return _without_please_before_colon(out)


def _pauses(words: list[Word], out: list[Word], i: int, j: int) -> bool:
    """Whether the joining words ``words[i:j]`` only pause (dropped): commas before "please" or after
    a pausing word ("..., please", "を、"), or before numbering the verb's steps and its colon."""
    after = words[j].kind if j < len(words) else ""
    last = out[-1].kind if out else ""
    if all(w.kind == "COMMA" for w in words[i:j]) and (after in _DROPS_COMMA or last in _PAUSES_AFTER):
        return True
    if _and_before_manner(words, last, i, j):
        return True
    # "Solve simultaneously, numbering your steps: ...", "Реши по шагам и пронумеруй их: ..."
    return bool(i and after == "NUMBERED" and words[j + 1:j + 2] and words[j + 1].kind == "COLON" and all(
                w.kind in ("COMMA", "AND") for w in words[i:j]))


def _and_before_manner(words: list[Word], last: str, i: int, j: int) -> bool:
    """Whether commas and "and" stand between equations and the manner after them: they join nothing
    ("解方程：4x - 5 = 31，并写出步骤", wip/linAJ)."""
    after = words[j].kind if j < len(words) else ""
    return after == "STEP_BY_STEP" and last == "EQ" and all(w.kind in ("COMMA", "AND") for w in words[i:j])


def _without_please_before_colon(words: list[Word]) -> list[Word]:
    """The words without a "please" (or "for me") right before a colon: it asks nothing there."""
    return [w for i, w in enumerate(words)
            if not (w.kind in _DROPS_BEFORE_COLON and i + 1 < len(words) and words[i + 1].kind == "COLON" and i)
            and not _closing_before_colon(words, i)]


def _closing_before_colon(words: list[Word], i: int) -> bool:
    """Whether ``words[i]`` is an emoji or a laugh ("lol", "🙏": a STOP that is no mark) right after a
    word and before a colon: it says nothing there ("I'm stuck lol: ...", wip/linP)."""
    return (words[i].kind == "STOP" and words[i].text not in _MARKS and words[i].text not in _STOP_MARKS
            and bool(i) and words[i - 1].kind not in ("STOP", "COLON") and i + 1 < len(words)
            and words[i + 1].kind == "COLON")


def _links(words: list[Word], i: int, j: int) -> bool:
    """Whether the joining words ``words[i:j]`` link two clauses: before a verb or a format clause,
    after a format instruction, or holding "then"."""
    after = words[j].kind if j < len(words) else ""
    before = words[i - 1].kind if i else ""
    clause = after in _FORMAT_CLAUSES and j + 1 < len(words) and words[j + 1].kind in _FORMAT_CLAUSES[after] and not (
        after == "NO" and _colon_follows(words, j))  # "Dame solo el resultado, sin explicación: ...": a list before the colon
    # a polite verb links too (", can you work it out?")
    asking = after == "COURTESY" and j + 1 < len(words) and words[j + 1].kind in _VERBS
    return after in _VERBS or clause or asking or _remark(words, i, j) or before in _FORMATS_BEFORE or any(
        w.kind == "THEN" for w in words[i:j])


def _remark(words: list[Word], i: int, j: int) -> bool:
    """Whether ``words[j]`` after equations starts a remark or a help request ("... and I'm stuck",
    "..., tu peux m'aider ?"): the joining words before it link."""
    after = words[j].kind if j < len(words) else ""
    helping = after in ("COURTESY", "ME") and j + 1 < len(words) and words[j + 1].kind == "HELP"
    return bool(i) and words[i - 1].kind == "EQ" and (after in _REMARKS or helping)


def _minus_after_lead(words: list[Word], word: Word) -> bool:
    """Whether an equation starting with a minus follows a lead-in word ("Quick question -2x ...")."""
    return word.kind == "EQ" and bool(words) and words[-1].kind == "INTRO" and word.text[0] in "-\u2212"


def _colon_follows(words: list[Word], j: int) -> bool:
    """Whether a colon follows ``words[j]`` in its sentence."""
    for word in words[j:]:
        if word.kind in ("STOP", "QMARK"):
            return False
        if word.kind == "COLON":
            return True
    return False


def _without_opening_then(words: list[Word]) -> list[Word]:
    """The words without a lone "then" that opens a sentence before its verb ("Solve 3x + 5 = 20.
    Then give x squared.", "Ensuite, donne ..."; the comma after it too): it joins nothing."""
    kinds = [w.kind for w in words]
    dropped: set[int] = set()
    for i, kind in enumerate(kinds):
        if kind != "THEN" or not (i == 0 or kinds[i - 1] == "STOP"):
            continue
        verb = i + 2 if i + 1 < len(kinds) and kinds[i + 1] == "COMMA" else i + 1
        if verb < len(kinds) and kinds[verb] in _VERBS:
            dropped.update(range(i, verb))
    return [w for i, w in enumerate(words) if i not in dropped]


def _token_at(
    text: str, folded: str, pos: int, run_at: dict[int, int], variables: frozenset[str], table: Vocabulary
) -> tuple[Word | None, int] | None:
    char = text[pos]
    if pos in run_at:
        return Word("EQ", text[pos : run_at[pos]], pos), run_at[pos]
    if char in _PRIMES and pos and text[pos - 1].isalnum():
        return None  # "4x'", "y\"": a primed name is another unknown (x prime), not a quote
    if char in " \t\r" or char in _TRANSPARENT:
        return None, pos + 1
    special = _special_at(text, pos)
    if special is not None:
        return special
    if char in _MARKS:
        return _mark_or_emoticon(text, folded, pos, table)
    if _turn_bar_at(text, pos):
        return Word("STOP", char, pos), pos + 1
    if char == "!" and not _emphasis_or_exclaimed(text, pos):
        return None  # "!" ends a sentence only after a word ("¡Gracias!", "Merci !"), never after a mark or a number
    found = table.match(folded, pos)
    named = _named_at(text, pos, variables, found)
    if named is not None:
        return named
    if found is None:
        return None
    kind, end = found
    if kind == "QUOTE":
        return None, end
    return Word(kind, text[pos:end], pos), end


def _emphasis_or_exclaimed(text: str, pos: int) -> bool:
    """Whether the "!" at ``pos`` ends a sentence: after a word, or after "for x" at the prompt's end (wip/linAH)."""
    return _EMPHASIS.search(text, 0, pos) is not None or _exclaimed_unknown(text, pos)


def _exclaimed_unknown(text: str, pos: int) -> bool:
    """The "!" at ``pos`` ends "... for x!", the prompt's last characters (wip/linAH)."""
    return _EXCLAIMED_UNKNOWN.search(text, 0, pos) is not None and not text[pos:].strip(" !\t\r\n")


def _turn_bar_at(text: str, pos: int) -> bool:
    """Whether a bar before a turn's label stands at ``pos`` ("... | Utente: ..."), tried only where
    a bar stands (wip/hitB)."""
    return text[pos] in _TURN_BARS and _TURN_BAR.match(text, pos) is not None


def _template_or_token(
    text: str, folded: str, pos: int, run_at: dict[int, int], variables: frozenset[str], table: Vocabulary
) -> tuple[Word | None, int] | None:
    """A quoted template at ``pos`` (read in English only), else the token there."""
    json_template = JSON_TEMPLATE.match(text, pos) if text[pos] == "{" else None
    if json_template is not None:  # 'reply as JSON like {"x": <value>}' (wip/linI): one token, any table
        return Word("JSON_FORM", json_template.group(), pos), json_template.end()
    quoted = _quoted_form_at(text, pos)
    # the words as written (wip/linP: "'x = ...'" holds none; the "<value>" its "..." is read as is no word of it)
    if quoted is not None and quoted[0].kind == "ANSWER_FORM" and not in_language(text[pos + 1 : quoted[1] - 1], table.language):
        return None  # a template is read in its own words only (answer_form.py: English, es pt fr de it ru, wip/linN)
    return quoted or _token_at(text, folded, pos, run_at, variables, table)


def _quoted_form_at(text: str, pos: int) -> tuple[Word, int] | None:
    """A quoted span holding a slot at ``pos`` ("\"So x equals <value>.\"", '\u201cResult: x=?\u201d'), as one
    ANSWER_FORM word whose text is the inside, its placeholder written ``<value>`` (read by
    ``answer_form.py`` in the transformer, and written back verbatim). Quoted, a template is the line
    the user asks for character for character (red team round 8: '"Result: x=<value>"' was read as an
    answer label and served "Result: x = 9"), so it is never read as words."""
    match = _QUOTED.match(text, pos) if text[pos] in _OPENING_QUOTES else None
    if match is None or (pos and text[pos - 1].isalnum() and text[pos] not in "\u300c\u300e"):
        return None  # an apostrophe in a word ("don't"); a corner bracket is a quote after any word (wip/linT: "最後に「...」")
    inside = next(group for group in match.groups() if group is not None)
    slot = _QUOTED_SLOT_MARK.search(inside)
    if slot is None:
        return None
    mark = None if _SLOT.search(inside) else _PLACEHOLDER_MARK.search(inside, slot.start() + 1)
    if mark is not None and "." not in inside[mark.start() - 1 : mark.start()] + inside[mark.end() : mark.end() + 1]:
        inside = inside[: mark.start()] + "<value>" + inside[mark.end() :]  # "x = ?" -> "x = <value>"
    # else the slot stays unread ("x = ....": "<value>." or ".<value>"?): answer_form.py reads no template
    return Word("ANSWER_FORM", inside, pos), match.end()


def _emoticon(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[Word, int] | None:
    """An emoticon of the table's sentence ends at ``pos`` (":)", ";-)"), read whole (wip/linN)."""
    ending = table.match(folded, pos)
    if ending is not None and ending[0] == "STOP" and ending[1] > pos + 1:
        return Word("STOP", text[pos : ending[1]], pos), ending[1]
    return None


def _mark_or_emoticon(text: str, folded: str, pos: int, table: Vocabulary) -> tuple[Word, int] | None:
    return _emoticon(text, folded, pos, table) or _mark(text, pos)


def _mark(text: str, pos: int) -> tuple[Word, int] | None:
    """A sentence mark; a point between a number and a term is none ("= 9.x": a full stop, a
    decimal point or a multiplication dot for 9·x?)."""
    char = text[pos]
    if char == "." and pos and text[pos - 1].isdigit() and _DOT_TERM.match(text, pos + 1):
        return None
    return Word(_MARKS[char], char, pos), pos + 1


@lru_cache(maxsize=1)
def _two_letter_words() -> frozenset[str]:
    """Every two-letter word of a phrase of any table ("an", "is", "in", "es", "et", "de"): never the product of two unknowns."""
    return frozenset(word for table in _LANGUAGE.vocabularies for phrase in table.phrases
                     for word in re.split(r"[\s'\u2019]+", phrase) if len(word) == 2)


def _names_product_at(text: str, pos: int, variables: frozenset[str]) -> tuple[Word, int] | None:
    """Two unknowns' letters side by side at ``pos`` ("what is xy?", wip/linAG; :func:`_named_at`), or None."""
    pair = _NAMES_SIDE_BY_SIDE.match(text, pos)
    if pair is None or pos and (text[pos - 1].isalnum() or text[pos - 1] in "_.^*/+-="):
        return None
    if pair.group(1) != pair.group(2) and {pair.group(1), pair.group(2)} <= variables and (
            fold(pair.group()) not in _two_letter_words()):
        return Word("EXPR", f"{pair.group(1)}*{pair.group(2)}", pos), pair.end()
    return None


def _named_at(
    text: str, pos: int, variables: frozenset[str], found: tuple[str, int] | None
) -> tuple[Word, int] | None:
    """An expression over the unknowns ("2x") or an unknown at ``pos``, unless the table reads a
    longer word there; two unknowns' letters side by side ("xy") only where the table reads no word and no table
    holds that word ("an", "is", "in", "et" stay words when their letters are unknowns)."""
    product = _names_product_at(text, pos, variables) if found is None else None
    if product is not None:
        return product
    expression = _expression_at(text, pos, variables)
    if expression is not None and (found is None or found[1] <= expression[1]):
        return expression
    ident = _IDENT.match(text, pos)
    if ident is not None and ident.group() in variables and (found is None or found[1] <= ident.end()):
        return Word("VAR", ident.group(), pos), ident.end()
    return None


# two unknowns' letters side by side, a word of its own ("the product xy"): their product; "xyz", "xy2", "xy^2",
# "xy(" or "xy." followed by a digit are no such word
_PRODUCT_OF_TWO = re.compile(r"[A-Za-z]\s?\*\s?[A-Za-z]")
_NAMES_SIDE_BY_SIDE = re.compile(r"([A-Za-z])([A-Za-z])(?![\w^(]|\.[0-9])")


def _expression_at(text: str, pos: int, variables: frozenset[str]) -> tuple[Word, int] | None:
    """An expression over the unknowns at ``pos`` ("2x", "x^2", "x + 1", "20 - x") standing as a
    word of its own; a bare unknown is a VAR, and what the target parser does not read is none."""
    if not variables or not (text[pos].isalnum() or text[pos] in "(-"):
        return None
    if pos and (text[pos - 1].isalnum() or text[pos - 1] in "_.^*/+-="):
        return None
    match = EXPRESSION.match(text, pos)
    if match is None or _IDENT.fullmatch(match.group()):
        return None
    end = match.end()
    if end < len(text) and (text[end].isalnum() or text[end] in "_=^("):
        return None  # "2x = 8" is an equation's, "x^2y" no expression read whole
    if canonical_target(match.group(), variables) is None:
        return None
    return Word("EXPR", match.group(), pos), end


_SPECIAL_ALL = (("TEMPLATE", _TEMPLATE), ("STEP_LABEL", _STEP_LABEL), ("VALUE_SLOT", _SLOT), ("ELLIPSIS", _ELLIPSIS))
# wip/hitF: per ASCII character of _SPECIAL_FIRST, the patterns that can start with it, in _SPECIAL_ALL's
# order (a template's unknown is a letter, "Step" starts with s or S, a placeholder with "<", an
# ellipsis with "."); any other character (beyond ASCII: "\u2026", and the letters IGNORECASE folds
# to ASCII ones, "\u017f" and "\u212a") tries them all, as before
_SPECIAL_PATTERNS = {
    **{c: _SPECIAL_ALL[:2] if c in "sS" else _SPECIAL_ALL[:1] for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"},
    "<": _SPECIAL_ALL[2:3], ".": _SPECIAL_ALL[3:],
}


def _special_at(text: str, pos: int) -> tuple[Word, int] | None:
    """A template, a placeholder, a "Step k:" label or an ellipsis at ``pos``."""
    char = text[pos]
    if char.isascii() and char not in _SPECIAL_FIRST:
        return None  # wip/hitB: each pattern's first character is a letter, "<", "." or "\u2026"
    for kind, pattern in _SPECIAL_PATTERNS.get(char, _SPECIAL_ALL):
        match = pattern.match(text, pos)
        # an ellipsis is one wherever it stands ("0.99...": a repeating decimal, not a full stop)
        if match is not None and (kind == "ELLIPSIS" or pos == 0 or not text[pos - 1].isalnum()):
            value = match.group("var") if kind == "TEMPLATE" else match.group()
            return Word(kind, value, pos), match.end()
    return None
