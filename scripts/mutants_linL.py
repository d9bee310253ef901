"""Mutation-check rows for branch wip/linL: homework labels naming their subject or owner, homework
intros in more words or alone as a sentence, and the working asked around them ("Como resolve?",
"请分步骤讲解", "解き方を教えてください" after a quoted problem). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_GRAMMAR = _LINEAR + "request.lark"
_TABLES = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_reach_linL.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linL-label-domain-dropped", "a label naming its subject is no claim again ('Problema di algebra: ...', 'Exercice de maths de ma fille : ...')",
     _GRAMMAR, "%extend label: LABEL ROLE_DOMAIN LABEL_OWNER?\n             | LABEL LABEL_OWNER\n",
     "%extend label: LABEL LABEL_OWNER\n", _TESTS),
    ("linL-label-owner-dropped", "a label naming whose homework it is is no claim again ('Aufgabe von meinem Sohn: ...')",
     _GRAMMAR, "%extend label: LABEL ROLE_DOMAIN LABEL_OWNER?\n             | LABEL LABEL_OWNER\n",
     "%extend label: LABEL ROLE_DOMAIN LABEL_OWNER?\n", _TESTS),
    ("linL-intro-label-dropped", "an intro then a label is no claim again ('Mathe-Hausaufgabe, Aufgabe 2: ...')",
     _GRAMMAR, "             | INTRO COMMA LABEL  ", "             | INTRO COMMA LABEL_NUMBER  ", _TESTS),
    ("linL-intro-alone-dropped", "a homework intro alone as a sentence is no claim again ('宿題です。...')",
     _GRAMMAR, "%extend body: INTRO -> context\n", "", _TESTS),
    ("linL-intro-please-acts-dropped", "the working asked after the equation and a comma is no claim again ('孩子的作业：...，请分步讲解。')",
     _GRAMMAR, "%extend request: INTRO COLON eqs PLEASE acts politely? ", "%extend request: INTRO COLON eqs PLEASE politely? ", _TESTS),
    ("linL-como-solve-dropped", "'Como resolve?' is no claim again",
     _GRAMMAR, "%extend solve: AS SOLVE -> explained_solve ", "%extend solve: AS SOLVE AS -> explained_solve ", _TESTS),
    ("linL-quoted-problem-dropped", "a quoted problem given as homework is no claim again ('宿題で「... のとき c を求めよ」という問題が出ました')",
     _GRAMMAR, "%extend given: INTRO eqs IF_POST acts GIVEN_POST ", "%extend given: INTRO eqs IF_POST acts GIVEN_POST GIVEN_POST ", _TESTS),
    ("linL-how-to-asks-all", "'解き方を教えてください' after a quoted problem asks every unknown, not the one it names (x and y served for 'x を求めよ')",
     _GRAMMAR, "%extend format: STEPNOUN OBJ FIND -> steps ", "%extend format: STEPNOUN OBJ FIND -> explained_solve ", _TESTS),
    ("linL-fr-owner-word", "the table word 'de mon fils' (fr LABEL_OWNER) dropped",
     _TABLES + "fr.json", '   "de mon fils",\n', "", _TESTS),
    ("linL-es-intro-word", "the table word 'mi profesora nos puso esto de tarea' (es INTRO) dropped",
     _TABLES + "es.json", '   "mi profesora nos puso esto de tarea"\n', '   "mi profesora nos puso esto de tareas"\n', _TESTS),
    ("linL-pt-numbered-word", "the table word 'em passos numerados' (pt NUMBERED) dropped",
     _TABLES + "pt.json", '   "em passos numerados"\n', '   "em passos numeradas"\n', _TESTS),
    ("linL-zh-steps-word", "the table word '分步讲解' (zh STEP_BY_STEP) dropped",
     _TABLES + "zh.json", '   "分步讲解",\n', '   "分步讲解吧",\n', _TESTS),
    ("linL-it-explain-word", "the table word 'spiegamelo' (it EXPLAIN) dropped",
     _TABLES + "it.json", '   "spiegamelo",\n', "", _TESTS),
    ("linL-ru-intro-word", "the table word 'задача из домашки' (ru INTRO) dropped",
     _TABLES + "ru.json", '   "задача из домашки",\n', "", _TESTS),
    ("linL-de-intro-word", "the table word 'mathe-hausaufgabe' (de INTRO) dropped",
     _TABLES + "de.json", '   "mathe-hausaufgabe",\n', "", _TESTS),
]
ROWS += [
    ("linL-few-shot-off", "a few-shot block of arrows is no claim again ('Example: 2x = 8 -> x = 4\\nNow: 3x - 2 = 13 ->')",
     _LINEAR + "prompt.py", "_spaced_coefficients_joined(_few_shot_blanked(_history_blanked(",
     "_spaced_coefficients_joined((_history_blanked(", _TESTS),
    ("linL-few-shot-wrong-example", "an example whose values are not its problem's own is blanked ('2x = 8 -> x = 5')",
     _LINEAR + "prompt.py", "    return written_as_served(problem.solution, problem.asked, m.group(\"answer\"))", "    return True", _TESTS),
    ("linL-few-shot-answered", "a last line already answered is read as asked ('Now: 3x - 2 = 13 -> x = 4')",
     _LINEAR + "prompt.py", "    if last.group(\"answer\") or not _labels_of_one_table(", "    if not _labels_of_one_table(", _TESTS),
    ("linL-few-shot-any-table", "labels of two tables read as one block ('Beispiel: ...\\nNow: ...')",
     _LINEAR + "prompt.py", "            all(fold(m.group(\"label\")) in example for m in examples) and fold(last.group(\"label\")) in nxt\n",
     "            fold(last.group(\"label\")) in nxt\n", _TESTS),
    ("linL-few-shot-format-kept", "an example asking a format is blanked (its instruction dropped)",
     _LINEAR + "prompt.py", "    if problem is None or problem.format or _EXAMPLE_VALUES", "    if problem is None or _EXAMPLE_VALUES", _TESTS),
    ("linL-few-shot-ru-next-word", "the table word 'теперь' (ru few_shot_next) dropped",
     _TABLES + "ru.json", '  "теперь"\n', '  "теперь же"\n', _TESTS),
    ("linL-few-shot-en-next-word", "the table word 'your turn' (en few_shot_next) dropped",
     _TABLES + "en.json", '  "now",\n  "your turn"\n', '  "now"\n', _TESTS),
]
# fmt: on
