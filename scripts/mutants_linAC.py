"""Mutation-check rows for wip/linAC (2026-12-06): the language of a linear request decided by positive
evidence (a request two tables read the same way is in both languages, "it+pt"; one they read otherwise is
no claim) and request words of the dev sets' equation requests. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_LANG = ("tests/adversarial/test_linear_languages_linAC.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAC-languages-overlap", "an undecided request's prose (it+pt) reused for a request only Portuguese reads (any shared language taken for all)",
     f"{_LIN}/task.py", "(cached_in <= new_in or cached_in & new_in and", "(cached_in & new_in or cached_in & new_in and", _LANG),
    ("linAC-languages-words-ignored", "an undecided request's prose steps reused for a request one table decides (the words-free condition dropped)",
     f"{_LIN}/task.py", " and not any(_WORD.search(s.text) for s in steps)):", "):", _LANG),
    ("linAC-languages-subset-only", "an undecided request's words-free working no longer answers a request one table decides",
     f"{_LIN}/task.py", "(cached_in <= new_in or cached_in & new_in and", "(cached_in <= new_in or False and", _LANG),
    ("linAC-key-language-joined", "an it+pt request keyed apart from an Italian one (the keyed tiers no longer find its Italian answers)",
     f"{_LIN}/task.py", "    return min(language.split(LANGUAGES_JOINED))\n", "    return language\n", _LANG),
    ("linAC-languages-not-collected", "'Se 3x - 1 = 14, quanto vale 2x + 1?' read as Italian alone again (the first table decides)",
     f"{_LIN}/reader.py", "        languages.add(vocabulary.language)\n", "        pass\n", _LANG),
    ("linAC-languages-other-reading-kept", "'Verifica se x = 5 quando 3x - 1 = 14.' read by the first table although Portuguese answers it 'Sim', Italian 'Sì'",
     f"{_LIN}/reader.py", "            return None  # the same words asking two things, by language\n", "            continue\n", _LANG),
    ("linAC-languages-english-shared", "'Solve 3x + 5 = 20.' read in every table that borrows 'solve' (de+en+es+fr+it+pt), not English",
     f"{_LIN}/reader.py", "    if read.language == _FIRST_TABLE or not evidence:\n", "    if not evidence:\n", _LANG),
    ("linAC-languages-no-word-evidence", "a bare '3x + 5 = 20' (no word) read in every table",
     f"{_LIN}/reader.py", "    if read.language == _FIRST_TABLE or not evidence:\n", "    if read.language == _FIRST_TABLE:\n", _LANG),
]
# fmt: on

_VOC = f"{_LIN}/vocabulary"
_WORDS = ("tests/adversarial/test_linear_request_words_linAC.py",)

# fmt: off
ROWS += [
    ("linAC-words-ru-zadachka", "ru 'Задачка из домашки: 5(x - 2) = 35. Найди x.' no claim (the intro phrase deleted)",
     f"{_VOC}/ru.json", '"задачка из домашки",', "", _WORDS),
    ("linAC-words-pt-trouxe", "pt 'Minha filha trouxe esse exercício: ...' no claim (the intro phrase deleted)",
     f"{_VOC}/pt.json", '"minha filha trouxe esse exercício",', "", _WORDS),
    ("linAC-words-es-resolverla", "es '¿Me ayudas a resolverla?' no claim (the verb deleted)",
     f"{_VOC}/es.json", '"resolverla",', "", _WORDS),
    ("linAC-words-it-scusa", "it 'Scusa, mi trovi x in ...' no claim (the chatter word deleted)",
     f"{_VOC}/it.json", '"scusa",', "", _WORDS),
    ("linAC-words-it-domani", "it 'Esercizio per domani: ...' no claim (the label deleted)",
     f"{_VOC}/it.json", '"esercizio per domani",', "", _WORDS),
    ("linAC-words-en-just-need", "en '... just need y' no claim (the phrase deleted)",
     f"{_VOC}/en.json", '"just need",', "", _WORDS),
    ("linAC-words-ja-tochuushiki", "ja '途中式つきで解いてください' no claim (the phrase deleted)",
     f"{_VOC}/ja.json", '"途中式つきで",', "", _WORDS),
    ("linAC-words-pt-que-satisfaz", "pt 'Qual é o valor de y que satisfaz ...' no claim (the phrase deleted)",
     f"{_VOC}/pt.json", '"que satisfaz",', "", _WORDS),
]
# fmt: on
