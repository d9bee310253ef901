"""The linear-equation task: prompts it understands whole, steps it proves exactly."""

from .chain import LinearConstraints
from .task import LinearEquationTask

__all__ = ["LinearConstraints", "LinearEquationTask"]
