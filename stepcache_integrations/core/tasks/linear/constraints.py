"""The linear task's typed constraints: the problem a prompt poses, as stored with an entry."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from ..algebra import LinearForm, equation_shape
from ..base import TaskConstraints
from ..prompt_diff import extract_slots
from .prompt import understand_prompt
from .targets import target_value

__all__ = ["LinearConstraints"]


@dataclass(frozen=True)
class LinearConstraints(TaskConstraints):
    """The equations (as exact forms and as written), their unknowns, the asked ones, the unique
    solution (None: the prompt is not a problem this task understands), the signed constants in
    order (``params``), each equation's form (``shapes``; None for an entry stored without them)
    the prompt's slots, the format instructions read (``reader.FORMATS``) with the label an
    answer template asks for ("Final answer"), and the expression asked instead of the unknowns
    (``target``: canonical sympy text, "x**2"; empty when the unknowns are asked)."""

    equations: tuple[LinearForm, ...] = ()
    equation_texts: tuple[str, ...] = ()
    shapes: tuple[str, ...] | None = None
    variables: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()
    solution: dict[str, Fraction] | None = None
    params: tuple[Fraction, ...] = ()
    slots: tuple[str, ...] = ()
    format: tuple[str, ...] = ()
    answer_label: str = ""
    language: str = ""  # the request's language (its vocabulary table); "" for an entry stored without one
    target: str = ""

    @staticmethod
    def of_prompt(prompt: str) -> LinearConstraints:
        """The constraints of a prompt (no solution when the task does not understand it)."""
        problem = understand_prompt(prompt)
        slots = tuple(extract_slots(prompt))
        if problem is None:
            return LinearConstraints(slots=slots)
        shapes: list[str] = []
        params: list[Fraction] = []
        for eq in problem.equations:
            shape, signed = equation_shape(eq.text)
            shapes.append(shape)
            params.extend(signed)
        return LinearConstraints(
            equations=tuple(eq.form for eq in problem.equations),
            equation_texts=tuple(eq.text for eq in problem.equations),
            shapes=tuple(shapes),
            variables=problem.variables,
            asked=problem.asked,
            solution={v: problem.solution[v] for v in problem.variables},
            params=tuple(params),
            slots=slots,
            format=problem.format,
            answer_label=problem.answer_label,
            language=problem.language,
            target=problem.target,
        )

    @cached_property
    def problem_key(self) -> tuple[Any, ...]:
        """Every field, exactly and hashably (what a problem context is keyed by): cheaper than
        the frozen stored form, which writes every number out first."""
        solution = None if self.solution is None else tuple(self.solution.items())
        return (self.equations, self.equation_texts, self.shapes, self.variables, self.asked, solution,
                self.params, self.slots, self.format, self.answer_label, self.language, self.target)

    @cached_property
    def problem_hash(self) -> int:
        """A hash of :attr:`problem_key` from its texts and names alone (equal keys have equal
        texts and names, so equal hashes; a key is still compared whole): hashing every number
        of a problem cost more than the lookup it served."""
        return hash((self.equation_texts, self.shapes, self.variables, self.asked, self.slots, self.format,
                     self.language, self.target))

    @property
    def target_value(self) -> Fraction | None:
        """The asked expression's exact value at the solution (None: no expression is asked)."""
        if not self.target or not self.solution:
            return None
        return target_value(self.target, self.solution)

    @property
    def asked_or_all(self) -> tuple[str, ...]:
        """The asked unknowns (all of them when an entry stored none)."""
        return self.asked or self.variables

    def to_dict(self) -> dict[str, Any]:
        if self.solution is None:
            return {"equations": [], "variables": [], "asked": [], "solution": None, "slots": list(self.slots)}
        return {
            "equations": [form.to_json() for form in self.equations],
            "equation_texts": list(self.equation_texts),
            "shapes": list(self.shapes or ()),
            "variables": list(self.variables),
            "asked": list(self.asked),
            "solution": {v: str(value) for v, value in self.solution.items()},
            "params": [str(p) for p in self.params],
            "slots": list(self.slots),
            "format": list(self.format),
            "answer_label": self.answer_label,
            "language": self.language,
            **({"target": self.target} if self.target else {}),  # written only when asked: older forms stay as they were
        }

    @staticmethod
    def read(data: Any) -> LinearConstraints:
        """The constraints an entry stored (older entries may lack texts, shapes or params)."""
        if isinstance(data, LinearConstraints):
            return data
        get = data.get if hasattr(data, "get") else (lambda _key: None)
        return LinearConstraints._of_stored(get)

    @staticmethod
    def _of_stored(get: Any) -> LinearConstraints:
        solution = get("solution")
        shapes = get("shapes")
        return LinearConstraints(
            equations=tuple(_form(form) for form in get("equations") or []),
            shapes=None if shapes is None else tuple(shapes),
            solution=None if not solution else {v: _fraction(s) for v, s in solution.items()},
            params=tuple(_fraction(p) for p in get("params") or []),
            **{name: tuple(get(name) or ()) for name in _STORED_TUPLES},
            **{name: get(name) or "" for name in _STORED_TEXTS},  # "" for an entry stored without one
        )


# fields stored as lists of strings, and as strings (an older entry may lack any of them)
_STORED_TUPLES = ("equation_texts", "variables", "asked", "slots", "format")
_STORED_TEXTS = ("answer_label", "language", "target")


@lru_cache(maxsize=4096)
def _fraction(text: str) -> Fraction:
    """A stored number (cached: every lookup reads its candidates' constraints again)."""
    return Fraction(text)


def _form(data: dict[str, Any]) -> LinearForm:
    coeffs = data["coeffs"]
    return _cached_form(tuple((str(k), str(v)) for k, v in dict(coeffs).items()), str(data["const"]))


@lru_cache(maxsize=1024)
def _cached_form(coeffs: tuple[tuple[str, str], ...], const: str) -> LinearForm:
    return LinearForm.from_json({"coeffs": dict(coeffs), "const": const})
