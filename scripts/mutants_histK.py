"""Mutation-check rows for wip/histK (after red team 30b B3): an earlier answer read away as history only when written
exactly as the cache serves its question in the format the newest question is served in (the arithmetic task's
``written_as_served``), and bare-number answers asking the number alone of the newest arithmetic question
(``alone_form_asked``, ``grammar.number_alone_asked``, both adapters). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TURNS = "stepcache_integrations/adapters/turns.py"
_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_T = ("tests/adversarial/test_history_answer_forms.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("histK-arith-any-form", "'The answer is 7.', '**7**' before 'What is 3 + 5?' read away (the cache serves '3 + 5 = 8.')",
     _ARITH + "task.py", "        return served is not None and answer.strip() == served\n", "        return True\n", _T),
    ("histK-arith-unstripped", "'3 + 4 = 7.\\n' (a trailing line break) is taken as a form of its own",
     _ARITH + "task.py", "        return served is not None and answer.strip() == served\n",
     "        return served is not None and answer == served\n", _T),
    ("histK-newest-format-unread", "'7' before 'What is 3 + 5? Reply with the number only.' kept (the newest question's format not read)",
     _ARITH + "task.py", '        if newest is not None and ArithmeticConstraints.read(newest).form == "number":', "        if False:", _T),
    ("histK-no-form-asked", "bare-number answers no longer ask the number alone: '7' then 'What is 3 + 5?' goes to the model",
     _ARITH + "task.py", '        return number_alone_asked(question, new.language)\n', "        return None\n", _T),
    ("histK-retry-unchecked", "a mixed history ('7', '3 + 6 = 9.') is read with the number alone asked (its exchanges not read again)",
     _TURNS, "    if not _has_problem_key(newest) or not _history_read_away(engine, texts, newest, same_task=True):",
     "    if not _has_problem_key(newest):", _T),
    ("histK-other-task-in-form", "a linear 'x = 5' beside an arithmetic '7' asks the number alone (no one form)",
     _TURNS, " or (same_task and handler is not newest.handler):", ":", _T),
    ("histK-first-pass-always", "every proven history is read away with the newest turn as written ('**7**', 'The answer is 7.')",
     _TURNS, "    if _history_read_away(engine, texts, newest, same_task=False):\n", "    if True:\n", _T),
    ("histK-langchain-form-dropped", "the LangChain step tier reads the newest turn as written: '7' then 'What is 3 + 5?' served '3 + 5 = 8.'",
     "stepcache_integrations/langchain/_requests.py",
     "    return kept if message_text(kept[-1]) == newest else [*kept[:-1], HumanMessage(content=newest)]", "    return kept", _T),
    ("histK-llama-form-dropped", "the LlamaIndex step tier reads the newest turn as written: '7' then 'What is 3 + 5?' served '3 + 5 = 8.'",
     "stepcache_integrations/llama_index/llm.py",
     '    return kept if (kept[-1].content or "") == newest else [*kept[:-1], ChatMessage(role=kept[-1].role, content=newest)]',
     "    return kept", _T),
    ("histK-instruction-of-another-table", "an English question gets another table's instruction (no number form read: reach lost)",
     _ARITH + "grammar.py", "    table = _tables().get(language, {})\n    asked = read_question(question)",
     '    table = _tables().get("de", {})\n    asked = read_question(question)', _T),
]
# fmt: on
