"""The JSON task: one object with required keys, verified and patched key by key."""

from .constraints import JsonConstraints
from .task import JsonTask

__all__ = ["JsonConstraints", "JsonTask"]
