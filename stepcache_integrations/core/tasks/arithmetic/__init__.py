"""The arithmetic task: one expression asked in a closed question form, checked in exact arithmetic."""

from .constraints import ArithmeticConstraints
from .task import ArithmeticTask

__all__ = ["ArithmeticConstraints", "ArithmeticTask"]
