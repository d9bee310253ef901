"""What a linear prompt asks: a request to solve, read in a closed grammar of verbs and objects
(blind red team, round 12c).

The words around the equations come from a closed vocabulary, but the vocabulary's words can
make another request than "solve": "Write the equation: 3x + 5 = 20.", "Is the equation 3x + 5 =
20 linear?", "Give the unknowns: ...", "If x + y = 10, is y = 4?", "Solve each equation for x",
an assistant's earlier answer in a transcript, "Find x y" (a product, or a list). Each of these
was answered by the solver, ``proven``. So, by construction, a prompt is read only when:

* it asks: a solving verb ("solve", "work out", the French phrases), an asking verb or a question
  word with its object, or an answer template ("x = ?");
* every asking verb (find, determine, compute, calculate, get, obtain, give) asks for an unknown,
  an equation that defines one, or the value, solution, answer or result;
* every writing verb (write, show, state, explain, put) asks for the steps, the work, the
  reasoning or the answer, never for the equation or an unknown itself;
* "each" and "every" stand before a step or a line ("each step"), never before an equation;
* no clause is a yes/no question (is, are, can, could, would, will, do, does at its start or after
  an equation), unless it asks "can you solve / could you please find ...";
* no turn is labelled as the assistant's (its equations are no premises);
* no two unknowns stand side by side ("x y": a product, or a list);
* a line starts with a label ("User:", "Equation:", "Solve:") only of the user's, a given's or a
  request's; any other role ("Tutor:", "A:") is a turn whose equations are no premises;
* no equation is stated as a result ("Answer: y = 3", "Work: ...", "so y = 3", "we get y = 3"): a
  proposed answer or a derivation is no given (red team round 12d).
"""

from __future__ import annotations

from ..relations import EQUATION_TOKEN, CLAUSE_MARKS, prose_tokens

__all__ = ["unread_request"]

SOLVING = frozenset({"solve", "solving"})  # and "work out"
ASKING = frozenset({"find", "finding", "determine", "compute", "calculate", "get", "obtain", "give"})
WRITING = frozenset({"write", "writing", "show", "showing", "state", "explain", "explaining", "put"})
_AUXILIARY = frozenset({"is", "are", "can", "could", "would", "will", "do", "does"})
# Words that may stand between a verb and its object ("find me the value", "show all your steps").
_BEFORE_OBJECT = frozenset(
    {"the", "a", "an", "me", "us", "your", "my", "our", "all", "both", "each", "every", "out", "clearly",
     "briefly", "exactly", "exact", "final", "full", "complete", "own", "one", "then", "please"}
)
_ASKED_THINGS = frozenset({"value", "values", "solution", "solutions", "answer", "answers", "result", "results"})
_WRITTEN_THINGS = frozenset({"step", "steps", "work", "working", "reasoning", "answer", "answers", "solution",
                             "result", "value", "values", "how", "line", "lines"})
_EACH_OF = frozenset({"step", "steps", "line", "lines"})
_ASKS = SOLVING | ASKING | {"what", "which"}  # question words ask for an unknown (relations)
# A line's label: the user's, a given's or a request's; any other is another role's turn.
_LABELS = frozenset({"user", "human", "system", "student", "me", "equation", "equations", "problem", "question",
                     "task", "step", "steps", "answer", "final", "result"}) | SOLVING | ASKING | WRITING
# Words that state what follows as a result, not a given ("Answer: y = 3", "so y = 3").
_RESULT = frozenset({"answer", "answers", "result", "results", "final", "finally", "so", "thus", "hence", "therefore",
                     "got", "work", "working", "reasoning", "steps", "solution", "solutions", "gives", "giving"})
_BEFORE_RESULT = frozenset({":", "is", "are", "was", "the", "then", "we", "get"})


def unread_request(text: str, runs: list[tuple[int, int]], variables: set[str], templated: bool) -> str | None:
    """Why the words of ``text`` (its equations at ``runs``) make no plain request to solve for
    ``variables``, or None. ``templated``: an answer template ("x = ?") names an unknown."""
    tokens = prose_tokens(text, runs)
    asks = templated
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else "."
        after = tokens[i + 1 :]
        reason = _unread_at(token, before, after, variables) or _unread_line(token, tokens[:i], after)
        if reason is not None:
            return f"{reason} ({' '.join(tokens[max(0, i - 1) : i + 3])!r})"
        asks = asks or token in _ASKS or (token == "work" and after[:1] == ["out"])
    return None if asks else "no request to solve, find or compute"


def _unread_at(token: str, before: str, after: list[str], variables: set[str]) -> str | None:
    return _unread_verb(token, after, variables) or _unread_clause(token, before, after, variables)


def _unread_verb(token: str, after: list[str], variables: set[str]) -> str | None:
    """A verb whose object is not what a request to solve asks for."""
    if token in ASKING and _object(after) not in variables | _ASKED_THINGS | {EQUATION_TOKEN}:
        return "an asking verb that asks for no unknown or value"
    if token in WRITING and _object(after) not in _WRITTEN_THINGS:
        return "a writing verb that asks for no step, work or answer"
    return None


def _unread_clause(token: str, before: str, after: list[str], variables: set[str]) -> str | None:
    """A word that makes the clause another request: each equation, a question, a turn, "x y"."""
    nxt = after[0] if after else ""
    if token in ("each", "every") and nxt not in _EACH_OF:
        return "'each'/'every' before no step or line"
    if token in _AUXILIARY and (before in CLAUSE_MARKS or before == EQUATION_TOKEN) and not _polite_request(after):
        return "a yes/no question"
    if token == "assistant" and nxt == ":":
        return "an assistant's turn"
    if token in variables and nxt in variables:
        return "two unknowns side by side"
    return None


def _unread_line(token: str, before: list[str], after: list[str]) -> str | None:
    """Whose line it is: a label of another role ("Tutor:"), or an equation stated as a result."""
    if after[:1] == [":"] and (not before or before[-1] in ("\n", ".", "?", "!")) and token not in _LABELS:
        return "a line labelled as another role's turn"
    if token == EQUATION_TOKEN and _stated_as_result(before):
        return "an equation stated as a result, not a given"
    return None


def _stated_as_result(before: list[str]) -> bool:
    """The words before an equation state it as a result: "Answer: y = 3", "so y = 3", "we get"."""
    back = before[::-1]
    k = 0
    while k < len(back) and back[k] in _BEFORE_RESULT:
        if back[k] == "get" and back[k + 1 : k + 2] in (["we"], ["i"], ["you"]):
            return True
        k += 1
    return k < len(back) and back[k] in _RESULT


def _object(after: list[str]) -> str:
    return next((word for word in after if word not in _BEFORE_OBJECT), "")


def _polite_request(after: list[str]) -> bool:
    """"can you solve", "could you please find", "would you show": a request, not a question."""
    words = [word for word in after[:4] if word != "please"]
    return len(words) >= 2 and words[0] == "you" and words[1] in SOLVING | ASKING | WRITING
