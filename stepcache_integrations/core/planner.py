"""The planner: (handler, constraints, hits, policy) -> plan. Pure: no store, no model.

For each retrieved candidate it verifies the cached steps against the new prompt, tries
re-instantiation, and classifies the candidate; the best-ranked candidate becomes the plan.
"""

from __future__ import annotations

import copy
import hashlib
import io
import itertools
import pickle
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

from ..errors import InvalidPromptError
from .outcomes import CACHE_ALONE_OUTCOMES, OUTCOMES
from .tasks import (
    ArithmeticConstraints,
    ArithmeticTask,
    JsonConstraints,
    JsonTask,
    LinearConstraints,
    LinearEquationTask,
    TaskHandler,
    TaskRegistry,
    TextConstraints,
    TextTask,
    Verification,
)
from .tasks.base import TaskConstraints, UnitCheck
from .tasks.protocols import Presents, Task
from .types import (
    BoundedLRU,
    CacheEntry,
    CacheHit,
    LLMResponse,
    LookupTier,
    Outcome,
    Provenance,
    Step,
    Unfreezable,
    VerificationLevel,
    freeze,
)

__all__ = [
    "WIDE_K",
    "Choice",
    "adopt",
    "choose",
    "choose_keyed",
    "look_wider",
    "plan_from_hits",
    "prepare",
    "unit_evidence",
    "validate_prompt",
    "presents",
    "ReusePolicy",
    "Keyed",
    "ProofMemo",
    "PROOFS",
    "keyed",
    "keyed_steps",
    "CachePlan",
    "PlanMemo",
    "PLANS",
]


# ---- ``CachePlan``: what the cache decided for one prompt before any model call; and ``PLANS``, the

@dataclass
class CachePlan:
    """What the cache decided for one prompt before any model call.

    ``generation_prompt`` is what must be sent to the model (None when the cache can
    answer alone); ``prefix_text`` is the verified part of the answer that comes before
    the model's output (patch), so a streaming adapter can emit it at once.
    ``step_evidence`` says why each step of a cache-only answer holds for this prompt.
    """

    prompt: str
    namespace: str
    llm_key: str
    handler: TaskHandler
    constraints: Any  # the task's typed constraints (a TaskConstraints for the built-in tasks)
    outcome: Outcome
    vector: np.ndarray | None = None
    entry: CacheEntry | None = None
    entry_constraints: Any = None  # the entry's constraints frozen by the planner (a proofs.Keyed)
    similarity: float | None = None
    steps: list[Step] = field(default_factory=list)
    provenance: list[Provenance] = field(default_factory=list)
    verification: Verification | None = None
    step_evidence: list[str | None] = field(default_factory=list)
    generation_prompt: str | None = None
    prefix_text: str = ""
    judge_prompt: str | None = None
    judge_reply: LLMResponse | None = None
    timings: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    tier: LookupTier | None = None  # "problem_key": the entry was found by the problem-key tier
    request_key: Any = None  # the request's exact inputs of task selection (PlanMemo); None: not memoisable
    lookup_keys: tuple[str | None, str | None, str | None] | None = None  # its problem, shape, family keys, once computed
    key_parts: dict[int, str | None] = field(default_factory=dict)  # those computed alone (problem_key_tier.plan_lookup_key)
    carried: Keyed | None = None  # the entry's constraints, when its checks were carried from them (planner._entry_checks)

    @property
    def task(self) -> str:
        """Name of the task handling this prompt."""
        return self.handler.name

    @property
    def needs_model(self) -> bool:
        """Whether a model call is needed (False for reuse and re-instantiation)."""
        return self.generation_prompt is not None

    @property
    def cached_text(self) -> str:
        """The answer the cache can give alone (reuse / re-instantiation)."""
        return "".join(step.text for step in self.steps)


#: Handlers whose ``detect`` and ``constraints`` read nothing but (prompt, schema) (exact types).
_PURE_HANDLERS = frozenset({JsonTask, LinearEquationTask, ArithmeticTask, TextTask})
#: Constraints that are frozen dataclasses (exact types).
_FROZEN_CONSTRAINTS = frozenset({JsonConstraints, LinearConstraints, ArithmeticConstraints, TextConstraints})
#: Attributes that decide a selection: set on a registry or handler object, they are its own code.
_OVERRIDES = {
    TaskRegistry: frozenset({"select", "detect", "get", "_first"}),
    TaskHandler: frozenset({"detect", "constraints", "accepts_schema", "catch_all"}),
}
_PLAIN_ATOMS = frozenset({str, int, float, bool, type(None)})
_MAX_SCHEMA_NODES = 10_000
_MAX_PROMPT_CHARS = 65_536  # a longer prompt is not memoised


class PlanMemo(BoundedLRU[tuple[TaskHandler, Any]]):
    """An LRU of ``(handler, constraints)`` by the exact inputs of task selection, bounded by
    entries and by the characters of the prompts (and nodes of the schemas) held."""

    def __init__(self, maxsize: int = 4096, max_chars: int = 4_000_000) -> None:
        super().__init__(maxsize, max_chars)

    def request_key(
        self, tasks: TaskRegistry, prompt: Any, task: Any, schema: Any
    ) -> Hashable | None:
        """The exact inputs of task selection as a key (the registry, its version, the task named,
        the schema frozen, the prompt itself), or None when the selection is not known to be a pure
        function of them (a custom task or registry, a schema that is not plain JSON data)."""
        version = tasks.version if type(tasks) is TaskRegistry else None
        return None if version is None else self._key(tasks, version, prompt, task, schema)

    def select(
        self, tasks: TaskRegistry, prompt: str, task: str | None, schema: dict[str, Any] | None
    ) -> tuple[TaskHandler, Any]:
        """``tasks.select(prompt, task=task, schema=schema)`` and that handler's constraints."""
        return self.select_keyed(tasks, prompt, task, schema)[:2]  # type: ignore[return-value]

    def select_keyed(
        self, tasks: TaskRegistry, prompt: str, task: str | None, schema: dict[str, Any] | None
    ) -> tuple[TaskHandler, Any, Hashable | None]:
        """:meth:`select`, and the request's key (:meth:`request_key`; None: not memoisable)."""
        version = tasks.version if type(tasks) is TaskRegistry else None
        key = None if version is None else self._key(tasks, version, prompt, task, schema)
        if key is None:
            handler = tasks.select(prompt, task=task, schema=schema)
            return handler, handler.constraints(prompt, schema), None
        found = self.get(key)
        if found is not None:
            return (*found, key)
        # A copy the caller cannot change later (equal to the schema the key was frozen from).
        own = None if schema is None else copy.deepcopy(schema)
        handler = tasks.select(prompt, task=task, schema=own)
        constraints = handler.constraints(prompt, own)
        if type(constraints) in _FROZEN_CONSTRAINTS and tasks.version == version:
            self.put(key, (handler, constraints), len(prompt) + (0 if own is None else _nodes(own)))
            return handler, constraints, key
        return handler, constraints, None

    def _key(
        self, tasks: TaskRegistry, version: int, prompt: Any, task: Any, schema: Any
    ) -> Hashable | None:
        if self.maxsize <= 0 or type(prompt) is not str or len(prompt) > _MAX_PROMPT_CHARS:
            return None
        if task is not None and type(task) is not str:
            return None
        # wip/hitH: ``isdisjoint`` and ``map``, the same tests as ``A & vars(x).keys()`` and a
        # generator (no set built, no frame per handler): asked three times per request
        if not _OVERRIDES[TaskRegistry].isdisjoint(vars(tasks)) or not all(map(_builtin, tasks.handlers)):
            return None
        frozen_schema = _schema_key(schema)
        if frozen_schema is None:
            return None
        # The registry itself (identity): its id cannot be reused while the key holds it.
        return (tasks, version, task, frozen_schema, prompt)


def _builtin(handler: TaskHandler) -> bool:
    """A built-in task as its class defines it (an attribute set on the object, a spy or a
    patched method, may read anything)."""
    return type(handler) in _PURE_HANDLERS and _OVERRIDES[TaskHandler].isdisjoint(vars(handler))


def _schema_key(schema: Any) -> Hashable | None:
    """``("none",)`` for no schema; the frozen schema when it is plain JSON data; else None."""
    if schema is None:
        return ("none",)
    try:
        if _nodes(schema) > _MAX_SCHEMA_NODES:
            return None
        return ("schema", freeze(schema))
    except (Unfreezable, RecursionError):
        return None


def _nodes(value: Any) -> int:
    """How many values ``value`` holds (itself included); Unfreezable unless it is plain JSON data
    of exact types (a dict or list subclass, a tuple or a str subclass may read differently)."""
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        count += 1
        if count > _MAX_SCHEMA_NODES:
            return count
        kind = type(item)
        if kind is dict:
            for k, v in item.items():
                if type(k) not in _PLAIN_ATOMS:
                    raise Unfreezable(type(k).__name__)
                stack.append(v)
        elif kind is list:
            stack.extend(item)
        elif kind not in _PLAIN_ATOMS:
            raise Unfreezable(kind.__name__)
    return count


#: The process's memo, used by ``planner.prepare``.
PLANS = PlanMemo()



# ---- Memoised checks: a task's ``verify``, ``check_answer`` and ``verification_level`` are pure

@dataclass(frozen=True)
class Keyed:
    """Constraints with their frozen key computed once (a candidate is checked several times)."""

    value: Any
    key: Hashable | None  # None: no exact key, so never memoised
    # the stored form ``value`` was read from (``keyed_loaded``), None when ``value`` is it
    source: Any = None

    def holds(self, stored: Any) -> bool:
        """Whether these are the constraints of ``stored`` (the object itself, or read from it)."""
        return self.value is stored or (self.source is not None and self.source is stored)


def keyed(value: Any) -> Keyed:
    """``value`` with its frozen key (``core.types.freeze``), or no key when it has none."""
    try:
        return Keyed(value, freeze(value))
    except Unfreezable:
        return Keyed(value, None)


def keyed_loaded(handler: Any, value: Any) -> Keyed:
    """:func:`keyed` of an entry's stored constraints, whose value is the task's typed reading of
    them (``load_constraints``, read once here instead of by each check of a re-instantiation: the
    rewrite, its verification, its level), the key still the stored form's (so the same proofs
    are met). Only a reading the task's own checks take as it is: a ``TaskConstraints`` that
    ``load_constraints`` returns unchanged (every check reads its constraints through it first,
    so each sees what it would have read from the stored form); else the stored form, as
    :func:`keyed`. Reading is the checks' own, so a form that does not read fails as before."""
    found = keyed(value)
    if isinstance(value, TaskConstraints):
        return found
    try:
        loaded = handler.load_constraints(value)
        if not isinstance(loaded, TaskConstraints) or handler.load_constraints(loaded) is not loaded:
            return found
    except Exception:  # noqa: BLE001 - read again (and fail) by the checks themselves
        return found
    return Keyed(loaded, found.key, value)


def keyed_steps(steps: list[Step]) -> Keyed:
    """``steps`` with their key computed once (a candidate's steps are checked, then answered)."""
    try:
        return Keyed(steps, _steps_key(steps))
    except Unfreezable:
        return Keyed(steps, None)


def _raw(value: Any) -> Any:
    return value.value if isinstance(value, Keyed) else value


def _frozen(value: Any) -> Hashable:
    if not isinstance(value, Keyed):
        return freeze(value)
    if value.key is None:
        raise Unfreezable("no exact key")
    return value.key



def _steps_key(steps: Sequence[Step] | Keyed) -> Hashable:
    if isinstance(steps, Keyed):
        return _frozen(steps)
    return tuple((step.text, step.kind, freeze(step.meta)) for step in steps)


def _copy(verification: Verification) -> Verification:
    return Verification([UnitCheck(u.name, u.ok, u.reason, u.evidence) for u in verification.units])


class ProofMemo(BoundedLRU[tuple[Any, Any]]):
    """An LRU of task checks by their exact inputs (thread-safe). Each value is (handler, result):
    the handler is held so its id (in the key) is not reused meanwhile.

    Behind it, for the built-in tasks only, :class:`ProofDigests`: the same results by a digest of
    the same exact inputs, small enough per proof that the proofs seeded for every stored answer
    of a large cache stay (the LRU holds the frozen inputs themselves, a few KB each, so it is
    bounded at 16,384 and a 100,000-entry working set would evict its seeded proofs)."""

    def __init__(self, maxsize: int = 16384, digests: int = 1 << 19) -> None:
        super().__init__(maxsize)
        self.digests = ProofDigests(digests)

    def verify(
        self, handler: Any, steps: list[Step] | Keyed, constraints: Any, cached_constraints: Any, *, kept: bool = True
    ) -> Verification:
        """``handler.verify(steps, constraints, cached_constraints)``, memoised (any of the three
        may come ``Keyed``: frozen once by the caller). ``kept=False``: a check no later request
        meets again (a rewrite's, against the entry it was rewritten from) is neither looked up
        nor kept by digest (:class:`ProofDigests`: no digest computed, no seeded proof pushed
        out); the exact LRU still holds it. Either way the result is the check's own."""
        key = self._key(("verify",), handler, steps, constraints, cached_constraints)
        found, digest = self._get(key, handler, kept)
        if found is None:
            found = handler.verify(_raw(steps), _raw(constraints), _raw(cached_constraints))
            self._put(key, handler, _copy(found), digest, _units(found))
            return found
        return _copy(found) if isinstance(found, Verification) else _verification(found)

    def answer_errors(self, handler: Any, steps: list[Step] | Keyed, constraints: Any) -> list[str]:
        """``handler.check_answer(steps, constraints)``, memoised."""
        key = self._key(("check_answer",), handler, steps, constraints, None)
        found, digest = self._get(key, handler)
        if found is None:
            found = tuple(handler.check_answer(_raw(steps), _raw(constraints)))
            self._put(key, handler, found, digest, found)
        return list(found)

    def level(
        self, handler: Any, steps: list[Step] | Keyed, constraints: Any, cached_constraints: Any, stored: VerificationLevel,
        *, kept: bool = True,
    ) -> VerificationLevel:
        """``handler.verification_level(steps, constraints, cached_constraints, stored)``, memoised
        (``kept``: as :meth:`verify`'s)."""
        key = self._key(("level", stored), handler, steps, constraints, cached_constraints)
        found, digest = self._get(key, handler, kept)
        if found is None:
            found = handler.verification_level(_raw(steps), _raw(constraints), _raw(cached_constraints), stored)
            self._put(key, handler, found, digest, found)
        return found

    def clear(self) -> None:
        """Forget everything (the digests too)."""
        super().clear()
        self.digests.clear()

    def _key(self, check: tuple[str, ...], handler: Any, steps: list[Step] | Keyed, constraints: Any, cached: Any) -> Hashable | None:
        if self.maxsize <= 0:
            return None
        try:
            # The handler object's identity: two configurations of one task never share proofs
            # (the stored value holds the handler, so its id is not reused while the key lives).
            return (check, id(handler), _steps_key(steps), _frozen(constraints), _frozen(cached))
        except Unfreezable:
            return None

    def _get(self, key: Hashable | None, handler: Any, kept: bool = True) -> tuple[Any, bytes | None]:
        """The result kept for ``key`` (None when none), and the key's digest when it was computed
        (a miss of the exact LRU, a built-in task, ``kept``): the same digest files the result computed next."""
        if key is None:
            return None, None
        found = self.get(key)
        if found is not None:
            return found[1], None
        digest = self.digests.digest(key, handler) if kept and _builtin(handler) else None
        return (None, None) if digest is None else (self.digests.get(digest), digest)

    def _put(self, key: Hashable | None, handler: Any, value: Any, digest: bytes | None, compact: Any) -> None:
        if key is not None:
            self.put(key, (handler, value))
            if digest is not None:
                self.digests.put(digest, compact)


class ProofDigests:
    """Check results by a digest of their exact inputs (thread-safe, least recently used first out,
    at most ``maxsize`` of them; ``maxsize <= 0`` keeps nothing).

    Sound as the exact memo is: a result is found only for inputs whose digest equals the digest
    of inputs it was computed for, and the digest is BLAKE2b-256 of the exact key's pickle
    (:meth:`digest`), which writes every value with its exact type (a ``str`` subclass, a
    ``bool`` for an ``int``, a ``Fraction``: each its own opcode or class reference), so two
    pickles are equal only for keys of the same types and values: the same inputs to a pure
    check (an object's own ``frozen_key`` is trusted to pickle as it is, as the exact LRU trusts
    its ``==``). Anything that does not pickle is not kept (the exact LRU alone holds it). The handler
    enters as a token of its own (never reused, not its ``id``): a handler collected and another
    made at the same address never meets its proofs. Only the built-in tasks (``_builtin``: their
    checks pure functions of the inputs) are kept here. Results are kept compact and shared
    (a verification as a tuple of its units; equal results one object): a proof costs about a
    hundred bytes beside its result."""

    def __init__(self, maxsize: int, shared: int = 1 << 16) -> None:
        self.maxsize = maxsize
        self.hits = 0
        self._items: OrderedDict[bytes, Any] = OrderedDict()
        self._shared: dict[Any, Any] = {}
        self._max_shared = shared
        self._tokens: dict[int, tuple[weakref.ref[Any], int]] = {}
        # The pickles of the last frozen inputs, by the identity of the input (each held, so its id
        # is not reused while kept): a candidate's steps and constraints, frozen once by the caller
        # (``Keyed``), enter its verify, final check and level, and are pickled once.
        self._inputs: OrderedDict[int, tuple[Any, bytes]] = OrderedDict()
        self._counter = itertools.count()
        self._lock = threading.RLock()  # a handler collected inside put drops its token here

    def get(self, digest: bytes) -> Any:
        """The result kept for ``digest`` (now the most recent), or None."""
        with self._lock:
            found = self._items.get(digest)
            if found is not None:
                self._items.move_to_end(digest)
                self.hits += 1
            return found

    def put(self, digest: bytes, value: Any) -> None:
        """Keep ``value`` (or an equal one kept before) for ``digest``; the oldest past the bound go."""
        with self._lock:
            value = self._shared.get(value, value)
            if len(self._shared) < self._max_shared:
                self._shared.setdefault(value, value)
            self._items[digest] = value
            self._items.move_to_end(digest)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._shared.clear()
            self._inputs.clear()

    def __len__(self) -> int:
        return len(self._items)

    def digest(self, key: Hashable, handler: Any) -> bytes | None:
        """The digest of an exact key of :class:`ProofMemo` (``handler`` in place of its id), or
        None when nothing is kept (off, or a value that does not pickle)."""
        if self.maxsize <= 0:
            return None
        check, _, *inputs = key  # type: ignore[misc]
        try:
            # The check and token, then each input, each pickled alone and the pickles joined: a
            # pickle ends at its own STOP opcode, so the joined bytes read back as one sequence of
            # values only (equal bytes: equal checks, handlers and inputs, of the same types).
            parts = [_type_exact_pickle((check, self._token(handler)))]
            parts.extend(self._input_pickle(value) for value in inputs)
        except Exception:  # noqa: BLE001 - a value that does not pickle is not kept here
            return None
        return hashlib.blake2b(b"".join(parts), digest_size=32).digest()

    def _input_pickle(self, value: Any) -> bytes:
        """``_type_exact_pickle(value)``, kept for the last inputs by their identity: a frozen input
        is immutable (tuples of strings, numbers and ``Fraction``; an object's own ``frozen_key``
        trusted as the exact LRU trusts it), so while it is held its pickle stays its pickle.
        Never by equality: ``(1,)``, ``(1.0,)`` and ``(True,)`` are equal and pickle apart."""
        ident = id(value)
        with self._lock:
            found = self._inputs.get(ident)
            if found is not None and found[0] is value:
                self._inputs.move_to_end(ident)
                return found[1]
        data = _type_exact_pickle(value)
        with self._lock:
            self._inputs[ident] = (value, data)
            while len(self._inputs) > _PICKLED_INPUTS:
                self._inputs.popitem(last=False)
        return data

    def _token(self, handler: Any) -> int:
        """A number of this handler's own for as long as it lives (never given to another)."""
        with self._lock:
            found = self._tokens.get(id(handler))
            if found is not None and found[0]() is handler:
                return found[1]
            token, ident = next(self._counter), id(handler)

            def forget(ref: weakref.ref[Any]) -> None:
                with self._lock:
                    if self._tokens.get(ident, (None,))[0] is ref:
                        del self._tokens[ident]

            self._tokens[ident] = (weakref.ref(handler, forget), token)
            return token


_PICKLED_INPUTS = 64  # the inputs of a few requests' candidates


def _type_exact_pickle(value: Any) -> bytes:
    """``value``'s pickle, every value with its exact type and no memo (equal values pickle alike,
    shared or not): :class:`ProofDigests`' argument."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=5)
    pickler.fast = True  # no memo: equal values pickle alike, shared or not
    pickler.dump(value)
    return buffer.getvalue()


def _units(verification: Verification) -> tuple[tuple[str, bool, str, str], ...]:
    """A verification as a tuple of its units (what :class:`ProofDigests` keeps)."""
    return tuple((u.name, u.ok, u.reason, u.evidence) for u in verification.units)


def _verification(units: tuple[tuple[str, bool, str, str], ...]) -> Verification:
    return Verification([UnitCheck(*unit) for unit in units])


#: The process's memo, used by the planner and seeded when an answer is stored.
PROOFS = ProofMemo()


_SERVED: tuple[Outcome, ...] = CACHE_ALONE_OUTCOMES
WIDE_K = 64  # candidates retrieved when the first top_k tie and none serves (look_wider)


def presents(handler: Any) -> bool:
    """``isinstance(handler, Presents)`` (defined here, beside its callers: a request enters no more
    project files for it), without the runtime protocol's check on every call (it
    lists the protocol's members anew each time: about 20 us on the hit path). A ``present``
    attribute that is not None is exactly the protocol's own test of an instance, so it answers
    True at once; anything else (no such attribute, or one set to None) is left to ``isinstance``."""
    return getattr(handler, "present", None) is not None or isinstance(handler, Presents)


def validate_prompt(prompt: Any, max_chars: int) -> str:
    """The prompt, or ``InvalidPromptError`` saying what is wrong with it."""
    if not isinstance(prompt, str):
        raise InvalidPromptError(f"prompt must be a str, got {type(prompt).__name__}")
    if not prompt.strip():
        raise InvalidPromptError("prompt is empty")
    if len(prompt) > max_chars:
        raise InvalidPromptError(f"prompt has {len(prompt)} characters; the limit is {max_chars} (max_prompt_chars)")
    if "\x00" in prompt:
        raise InvalidPromptError("prompt contains a NUL byte")
    try:
        prompt.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidPromptError("prompt is not valid Unicode (lone surrogate)") from None
    return prompt


def prepare(
    prompt: Any,
    *,
    tasks: TaskRegistry,
    task: str | None,
    schema: dict[str, Any] | None,
    namespace: str,
    llm_key: str,
    max_prompt_chars: int,
) -> CachePlan:
    """A "miss" plan for a validated prompt, with its task and constraints."""
    t0 = time.perf_counter()
    prompt = validate_prompt(prompt, max_prompt_chars)
    if not isinstance(namespace, str) or not isinstance(llm_key, str):
        raise InvalidPromptError("namespace and llm_key must be strings")
    # Tasks read the prompt exactly as given: no difference is harmless in every context (the
    # memo is keyed by the prompt string itself, the task, the exact schema and the registry).
    handler, constraints, request_key = PLANS.select_keyed(tasks, prompt, task, schema)
    return CachePlan(
        prompt=prompt,
        namespace=namespace,
        llm_key=llm_key,
        handler=handler,
        constraints=constraints,
        outcome="miss",
        generation_prompt=prompt,
        timings={"validate": time.perf_counter() - t0},
        request_key=request_key,
    )


@dataclass
class _Candidate:
    hit: CacheHit
    outcome: Outcome
    steps: list[Step]
    provenance: list[Provenance]
    verification: Verification
    cached: Keyed  # the entry's constraints, frozen once for every check of this candidate
    carried: Keyed | None = None  # its checks carried from the entry's own constraints (_entry_checks)


@dataclass
class Choice:
    """The best candidate so far of one lookup, the entries already classified and the time spent."""

    best: _Candidate | None = None
    score: tuple[int, float, float] | None = None
    seen: set[str] = field(default_factory=set)
    seconds: float = 0.0  # classifying, re-instantiation included
    reinstantiate_seconds: float = 0.0

    @property
    def served(self) -> bool:
        """Whether the best candidate answers without a model call."""
        return self.best is not None and self.best.outcome in _SERVED


def plan_from_hits(plan: CachePlan, hits: list[CacheHit], policy: ReusePolicy) -> None:
    """Decide reuse / re-instantiate / patch / skip / miss from the retrieved hits."""
    adopt(plan, choose(plan, hits, policy))


def choose(plan: CachePlan, hits: list[CacheHit], policy: ReusePolicy, choice: Choice | None = None) -> Choice:
    """Classify the eligible hits not classified before (most similar first), keeping the best."""
    t0 = time.perf_counter()
    choice = Choice() if choice is None else choice
    for hit in _eligible(plan, hits, policy):
        if hit.entry.id in choice.seen:
            continue
        best = choice.best
        if best is not None and best.outcome in _SERVED and hit.similarity < best.hit.similarity - 1e-9:
            break  # candidates come most similar first; no later one can need fewer calls
        choice.seen.add(hit.entry.id)
        candidate, seconds = _classify(plan.handler, plan.constraints, hit, policy)
        choice.reinstantiate_seconds += seconds
        if not vouched(plan, candidate):
            candidate.outcome = "skip_reuse"
        score = (
            policy.rank(candidate.outcome),
            policy.regen_share(plan.handler, candidate.steps, candidate.verification),
            -hit.similarity,
        )
        if choice.score is None or score < choice.score:
            choice.best, choice.score = candidate, score
        if candidate.outcome == "reuse":
            break  # an equally similar entry may be reused where another is only re-instantiated
    choice.seconds += time.perf_counter() - t0
    return choice


def choose_keyed(
    plan: CachePlan, entries: Iterable[CacheEntry], policy: ReusePolicy, choice: Choice, *, rewrite: bool
) -> Choice:
    """Classify entries found by a lookup key (``problem_key_tier``), keeping the best; they are
    checked exactly as candidates found by similarity (:func:`_classify`), and no similarity
    threshold applies (the key, not a distance, found them). ``rewrite``: entries of the problem's
    shape with other constants, re-instantiated at once (their steps as cached cannot hold for the
    new problem: :func:`_rewrite`); only a rewrite that passes every check is kept."""
    t0 = time.perf_counter()
    for entry in entries:
        if entry.id in choice.seen or not _partition_task(plan, entry):
            continue
        choice.seen.add(entry.id)
        # no distance: never reported. wip/hitH: a CacheEntry validated as a field is kept as it is
        # (pydantic's revalidate_instances="never"), so the validated hit is the constructed one, in
        # less than half its time; any other entry is constructed as before
        hit = (CacheHit(entry=entry, similarity=1.0) if type(entry) is CacheEntry
               else CacheHit.model_construct(entry=entry, similarity=1.0))
        if rewrite:
            candidate, seconds = _rewrite(plan.handler, plan.constraints, hit, policy)
        else:
            candidate, seconds = _classify(plan.handler, plan.constraints, hit, policy)
        choice.reinstantiate_seconds += seconds
        if candidate is None:
            continue
        share = policy.regen_share(plan.handler, candidate.steps, candidate.verification)
        score = (policy.rank(candidate.outcome), share, 0.0)
        if choice.score is None or score < choice.score:
            choice.best, choice.score = candidate, score
        if candidate.outcome == "reuse" or (rewrite and choice.served):
            break
    choice.seconds += time.perf_counter() - t0
    return choice


def vouched(plan: CachePlan, candidate: _Candidate) -> bool:
    """Whether a candidate may answer without a model call as far as its level goes: an answer its
    task's checks leave "unchecked" for this request (nothing judged it: a JSON prompt not read whole
    may ask for a key or a rule no check saw) is served only for the request its entry was stored
    for (the constraints read from both are equal: replayed as stored, like the exact tier), or
    where the user opted in (``TaskHandler.serves_unchecked_changes``). Blind set 20 found pt "só com
    a chave cidade" served the cached object of both keys, 0 model calls. Asked of candidates found
    by similarity; the problem-key tier holds only built-in tasks' requests read whole (a JSON prompt
    not read whole has no problem key) and exact repeats, which this lets through anyway."""
    if candidate.outcome not in _SERVED or plan.handler.serves_unchecked_changes:
        return True
    entry = candidate.hit.entry
    carried = candidate.carried
    level = PROOFS.level(plan.handler, candidate.steps, plan.constraints if carried is None else carried,
                         candidate.cached, entry.verification, kept=candidate.outcome != "reinstantiate")
    if level != "unchecked":
        return True
    load = plan.handler.load_constraints
    return bool(load(candidate.cached.value) == load(plan.constraints))


def _partition_task(plan: CachePlan, entry: CacheEntry) -> bool:
    """The entry is of the plan's task, namespace and model (the stores partition by both; checked
    again here, as for the hits of a search)."""
    return entry.task == plan.handler.name and entry.namespace == plan.namespace and entry.llm_key == plan.llm_key


def look_wider(choice: Choice, hits: list[CacheHit], k: int) -> bool:
    """Whether to retrieve more candidates: none of the k served and they tie at the cutoff, so
    copies of one prompt, or variants sharing one vector (outer whitespace, line endings, NFC
    fold in retrieval), may hide a candidate that serves (the identical prompt's entry)."""
    if choice.served or len(hits) < k or k >= WIDE_K:
        return False
    return hits[-1].similarity >= hits[0].similarity - 1e-6


def adopt(plan: CachePlan, choice: Choice) -> None:
    """Fill in the plan from the chosen candidate (or leave it a miss)."""
    if choice.best is not None:
        _adopt(plan, choice.best)
    _settle(plan)
    plan.timings["verify"] = choice.seconds - choice.reinstantiate_seconds
    plan.timings["reinstantiate"] = choice.reinstantiate_seconds


def unit_evidence(steps: list[Step], verification: Verification | None) -> list[str | None]:
    """The verifier's evidence for each step: per step when its units are the steps,
    else (JSON keys) the passing units' evidence joined, for every step."""
    units = verification.units if verification is not None else []
    if len(units) == len(steps):
        return [unit.evidence or None for unit in units]
    joined = "; ".join(f"{unit.name}: {unit.evidence}" for unit in units if unit.ok and unit.evidence)
    return [joined or None] * len(steps)


def _eligible(plan: CachePlan, hits: list[CacheHit], policy: ReusePolicy) -> list[CacheHit]:
    threshold = policy.threshold_for(plan.handler)
    return [
        hit
        for hit in hits
        if hit.similarity >= threshold
        and hit.entry.task == plan.handler.name
        # defence in depth: stores already partition by both
        and hit.entry.namespace == plan.namespace
        and hit.entry.llm_key == plan.llm_key
    ]


def proves(verification: Verification) -> bool:
    """Every unit passed, and there was one: a check of nothing is no evidence (a cached "{}" for
    a request whose keys were not read checks no key, and must not serve another prompt)."""
    return verification.passed and bool(verification.units)


def _classify(
    handler: TaskHandler, constraints: Any, hit: CacheHit, policy: ReusePolicy
) -> tuple[_Candidate, float]:
    """One candidate's best outcome, and the seconds spent re-instantiating it."""
    entry = hit.entry
    steps = [Step(text=s.text, kind=s.kind, meta=s.meta) for s in entry.steps]
    cached, checked = keyed(entry.constraints), keyed_steps(steps)  # frozen once for every check
    verification, carried = _entry_checks(handler, checked, constraints, cached)
    candidate = _Candidate(hit, "patch", steps, ["reused"] * len(steps), verification, cached, carried)
    if proves(verification) and not PROOFS.answer_errors(handler, checked, constraints if carried is None else cached):
        candidate.outcome = "reuse"
        return candidate, 0.0
    seconds = 0.0
    if policy.reinstantiate:
        r0 = time.perf_counter()
        _try_reinstantiate(handler, constraints, cached, candidate)
        if candidate.outcome == "patch" and _written_by_fallback(entry):
            _rewrite_by_fallback(handler, constraints, cached, candidate)
        seconds = time.perf_counter() - r0
    if candidate.outcome == "patch" and not policy.allows_patch(handler, candidate.steps, candidate.verification):
        candidate.outcome = "skip_reuse"
    return candidate, seconds


#: The writing transport (:func:`_entry_checks`) on; a differential test turns it off to compare.
WRITING_TRANSPORT = True


def _entry_checks(handler: Any, checked: Keyed, constraints: Any, cached: Keyed) -> tuple[Verification, Keyed | None]:
    """A cached entry's steps checked against the new prompt (``verify(steps, new, cached)``), and None, or the
    entry's constraints when the checks were carried from them: when a built-in task says the new prompt poses
    the entry's problem written otherwise (``written_otherwise``: "20 = 5 + 3x" for "3x + 5 = 20", under
    conditions that make its checks read both alike), the verdicts are carried from the proof seeded when the
    entry was stored (``verify(steps, cached, cached)``, ``engine.seed_proof``), and the final check and the
    level are the cached problem's (the same results the full checks give, without reading the steps again)."""
    otherwise = getattr(handler, "written_otherwise", None)
    if WRITING_TRANSPORT and otherwise is not None and _builtin(handler):
        read = otherwise(checked.value, constraints, cached.value)  # the entry's constraints read, or None
        if read is not None:
            stored = PROOFS.verify(handler, checked, cached, cached)
            return handler.carried(checked.value, stored, constraints, read), cached
    return PROOFS.verify(handler, checked, constraints, cached), None


def _rewrite(handler: Task, constraints: Any, hit: CacheHit, policy: ReusePolicy) -> tuple[_Candidate | None, float]:
    """An entry of the new problem's shape re-instantiated for its constants, or None unless the
    rewrite passes the checks a re-instantiation found by similarity must pass (``verify`` and the
    final check, :func:`_try_reinstantiate`)."""
    if not policy.reinstantiate:
        return None, 0.0
    r0 = time.perf_counter()
    entry = hit.entry
    steps = [Step(text=s.text, kind=s.kind, meta=s.meta) for s in entry.steps]
    cached = keyed_loaded(handler, entry.constraints)  # read once for the rewrite and its checks
    rewritten = handler.reinstantiate(steps, cached.value, constraints)
    if rewritten is None:
        return None, time.perf_counter() - r0
    checked = keyed_steps(rewritten)
    check = PROOFS.verify(handler, checked, constraints, cached, kept=False)  # see _try_reinstantiate
    if not proves(check) or PROOFS.answer_errors(handler, checked, constraints):
        return None, time.perf_counter() - r0
    candidate = _Candidate(hit, "reinstantiate", rewritten, _rewritten_provenance(steps, rewritten), check, cached)
    return candidate, time.perf_counter() - r0


def _written_by_fallback(entry: CacheEntry) -> bool:
    """Every step of the entry was written by its task's deterministic fallback (its stored
    provenance), not by a model."""
    provenance = entry.metadata.get("provenance") if isinstance(entry.metadata, dict) else None
    return isinstance(provenance, list) and bool(provenance) and all(p == "fallback" for p in provenance)


def _rewrite_by_fallback(handler: Task, constraints: Any, cached: Keyed, candidate: _Candidate) -> None:
    """An entry the fallback wrote, re-instantiated by the same writer: the fallback's answer for
    the new request (a key renamed, a unit asked in another key), served without a patch call only
    when the checks prove it as they prove any re-instantiation and its every part is "proven"
    (a value the request states or a derivation checked exactly). A patch would call the model and
    then, its answer failing, end on this same text."""
    text = handler.fallback(constraints)
    if text is None:
        return
    steps = [Step(text=s.text, kind=s.kind, meta={**s.meta, "written_by": "fallback"})
             for s in handler.segment(text, constraints)]
    checked = keyed_steps(steps)
    check = PROOFS.verify(handler, checked, constraints, cached, kept=False)
    proven = proves(check) and not PROOFS.answer_errors(handler, checked, constraints)
    if not proven or handler.verification_level(steps, constraints, None) != "proven":
        return
    candidate.outcome = "reinstantiate"
    candidate.steps, candidate.verification = steps, check
    candidate.provenance = ["fallback"] * len(steps)


def _try_reinstantiate(handler: Task, constraints: Any, cached: Keyed, candidate: _Candidate) -> None:
    """Rewrite the cached steps for the new slot values; keep the rewrite if it fails less."""
    rewritten = handler.reinstantiate(candidate.steps, cached.value, constraints)
    if rewritten is None:
        return
    checked = keyed_steps(rewritten)
    # Checked in full, never found by digest: a rewrite's steps against the entry it was rewritten
    # from meet again only when the same request is rewritten from the same entry again (its
    # answer is stored as an entry of its own, checked against its own constraints), so the digest
    # would cost a pickle and push a seeded proof out for nothing. The final check (no cached
    # constraints) is kept: the stored rewrite meets it when its problem is asked again.
    check = PROOFS.verify(handler, checked, constraints, cached, kept=False)
    if proves(check) and not PROOFS.answer_errors(handler, checked, constraints):
        candidate.outcome = "reinstantiate"
    if check.passed or len(check.failures) <= len(candidate.verification.failures):
        candidate.provenance = _rewritten_provenance(candidate.steps, rewritten)
        candidate.steps, candidate.verification = rewritten, check


def _rewritten_provenance(old: list[Step], rewritten: list[Step]) -> list[Provenance]:
    """Each rewritten step's provenance: a step the task's fallback wrote ("Answer: x^2 = 25" from the
    proven values: ``meta["written_by"]``), a step rewritten, or a cached step kept as it was."""
    return [
        "fallback" if new.meta.get("written_by") == "fallback"
        else "reinstantiated" if i >= len(old) or new.text != old[i].text else "reused"
        for i, new in enumerate(rewritten)
    ]


def _adopt(plan: CachePlan, best: _Candidate) -> None:
    plan.outcome = best.outcome
    plan.entry = best.hit.entry
    plan.entry_constraints = best.cached
    plan.carried = best.carried
    plan.similarity = best.hit.similarity
    plan.steps = best.steps
    plan.provenance = best.provenance
    plan.verification = best.verification


def _settle(plan: CachePlan) -> None:
    """Fill in what the outcome implies: served steps and their evidence, or the model prompt."""
    plan.errors = plan.verification.reasons() if plan.verification else []
    if plan.outcome in _SERVED:
        if presents(plan.handler):  # served in the form the new prompt asks for
            plan.steps = plan.handler.present(plan.steps, plan.constraints)
        plan.step_evidence = unit_evidence(plan.steps, plan.verification)
        plan.generation_prompt = None
    elif plan.outcome == "patch":
        assert plan.verification is not None
        plan.generation_prompt, plan.prefix_text = plan.handler.patch_prompt(
            plan.prompt, plan.steps, plan.verification, plan.constraints
        )
    else:
        plan.generation_prompt = plan.prompt


# ---- The reuse policy: which cached answers are tried for a prompt and which plan wins.

_OUTCOMES: tuple[Outcome, ...] = OUTCOMES  # preferred first: the vocabulary lists cached answers first


@dataclass(frozen=True)
class ReusePolicy:
    """Every knob of the reuse decision in one place (change the threshold policy here).

    Args:
        similarity_threshold: minimum cosine similarity for every task; None leaves it to
            ``task_thresholds`` and then to each task's own ``similarity_threshold``.
        task_thresholds: per-task minimum similarity by task name (wins over the above).
        top_k: candidates retrieved and verified per lookup; when none of them serves and all
            tie at the cutoff (copies of one prompt), 64 are looked at (``planner.look_wider``).
        max_regen_share: above this share of the answer to regenerate, a patch is skipped.
        reinstantiate: rewrite cached steps for changed slot values before calling a model.
        outcome_order: preferred outcomes first; the best-ranked candidate becomes the plan.
    """

    similarity_threshold: float | None = None
    task_thresholds: Mapping[str, float] = field(default_factory=dict)
    top_k: int = 4
    max_regen_share: float = 0.5
    reinstantiate: bool = True
    outcome_order: tuple[Outcome, ...] = _OUTCOMES

    def __post_init__(self) -> None:
        if not 0.0 <= self.max_regen_share <= 1.0:
            raise ValueError("max_regen_share must be within [0, 1]")
        thresholds = [self.similarity_threshold, *self.task_thresholds.values()]
        if any(t is not None and not -1.0 <= t <= 1.0 for t in thresholds):
            raise ValueError("similarity_threshold must be within [-1, 1]")
        if self.top_k < 1:
            raise ValueError("top_k must be >= 1")
        if sorted(self.outcome_order) != sorted(_OUTCOMES):
            raise ValueError(f"outcome_order must rank each of {_OUTCOMES} once")
        # frozen means frozen: a caller's dict must not change the policy afterwards
        object.__setattr__(self, "task_thresholds", MappingProxyType(dict(self.task_thresholds)))

    def threshold_for(self, handler: TaskHandler) -> float:
        """The similarity a cached prompt needs to be tried for this task."""
        if handler.name in self.task_thresholds:
            return self.task_thresholds[handler.name]
        if self.similarity_threshold is not None:
            return self.similarity_threshold
        return handler.similarity_threshold

    def rank(self, outcome: Outcome) -> int:
        """Position of an outcome in the preference order (0 is best)."""
        return self.outcome_order.index(outcome)

    def regen_share(self, handler: TaskHandler, steps: list[Step], verification: Verification) -> float:
        """Share of the answer a patch would regenerate (the task measures it)."""
        return handler.regen_share(steps, verification)

    def allows_patch(self, handler: TaskHandler, steps: list[Step], verification: Verification) -> bool:
        """Whether patching beats regenerating: small enough, and the task sees no blocking change."""
        share = self.regen_share(handler, steps, verification)
        return share <= self.max_regen_share and not handler.blocks_reuse(verification)

    def replace(self, **changes: Any) -> ReusePolicy:
        """A copy with some fields changed (the policy itself never changes)."""
        fields = {name: getattr(self, name) for name in self.__dataclass_fields__}
        fields["task_thresholds"] = dict(self.task_thresholds)
        return ReusePolicy(**{**fields, **changes})
