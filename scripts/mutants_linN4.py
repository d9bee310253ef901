"""Mutation-check rows for everyday wrappers around a written equation (branch wip/linN, round 4):
small talk and emoji, a role that asks after a persona, a parent's context, an ordinal exercise
number, "labelling each line 'Step k:'", "exact answer (no decimals)", a boxing verb, "答えだけ一行で".
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_VOCAB = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_wrappers_linN.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linN4-asks-deleted", "en 'asks' deleted: 'A student asks: how do I solve ...?' no longer read",
     _VOCAB + "en.json", '  "ASKS": [\n   "asks",\n', '  "ASKS": [\n', _TESTS),
    ("linN4-role-asks-rule-deleted", "the rule reading a role that asks as a label deleted",
     _LINEAR + "request.lark", "%extend label: ART? ROLE (ASKS | LABEL)", "%extend label: ART? ROLE LABEL", _TESTS),
    ("linN4-no-fractions-read", "'(no fractions)' read as '(no decimals)': the exact form served for another request",
     _LINEAR + "request.lark", "no_decimals: NO DECIMAL | NO_DECIMALS", "no_decimals: NO (DECIMAL | FRACTION) | NO_DECIMALS", _TESTS),
    ("linN4-no-decimals-alone", "'(no decimals)' read with no 'exact answer' beside it (a rounded whole number may be asked)",
     _LINEAR + "reader.py", '    return None if alone else transformer', "    return transformer", _TESTS),
    ("linN4-exact-no-decimals-as-decimal", "'exact answer (no decimals)' read as the decimal form",
     _LINEAR + "request.lark", "%extend format: EXACT no_decimals -> as_fraction", "%extend format: EXACT no_decimals -> as_decimal", _TESTS),
    ("linN4-box-verb-as-steps", "'encadre le résultat final' read as the working, not the boxed answer",
     _LINEAR + "request.lark", "%extend boxed_answer: BOX_VERB ART? ANSWER -> boxed", "%extend boxed_answer: BOX_VERB ART? ANSWER -> steps", _TESTS),
    ("linN4-labelling-as-steps", "\"labelling each line 'Step k:'\" read as the working only (no numbered lines)",
     _LINEAR + "request.lark", "%extend format: LABELING POSS? STEPNOUN STEP_LABEL -> numbered", "%extend format: LABELING POSS? STEPNOUN STEP_LABEL -> steps", _TESTS),
    ("linN4-pt-small-talk-deleted", "pt 'tudo bem' deleted from the small talk",
     _VOCAB + "pt.json", '  "SMALL_TALK": [\n   "tudo bem",\n', '  "SMALL_TALK": [\n', _TESTS),
    ("linN4-es-emoji-deleted", "es '🙏' deleted from the table's sentence ends",
     _VOCAB + "es.json", '   "🙏",\n', "", _TESTS),
    # linN4-parent-and-needs-comma retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("linN4-en-stuck-on-deleted", "en \"we're stuck on\" deleted (the equations no longer stated)",
     _VOCAB + "en.json", '   "we\'re stuck on",\n', "", _TESTS),
    ("linN4-ordinal-number-unread", "'第4题': the ordinal's number no longer read as the label's",
     _LINEAR + "reader.py", '    if previous == "ORDINAL" and not in_run:\n        return _ORDINAL_NUMBER.match(text, pos)', "    if False:\n        return None", _TESTS),
    ("linN4-exact-comma-unlinked", "', exact answer' after the request no longer linked",
     _LINEAR + "reader.py", '"LABELING", "BOX_VERB", "EXACT"})', '"LABELING", "BOX_VERB"})', _TESTS),
    ("linN4-ja-satisfy-deleted", "ja 'を満たす' deleted",
     _VOCAB + "ja.json", ',\n   "を満たす"', "", _TESTS),
    ("linN4-alone-one-line-as-one-line", "'答えだけ一行で' read as one line only (the answer alone dropped)",
     _LINEAR + "request.lark", "%extend format: ART? ANSWER ONLY one_line_too -> answer_only", "%extend format: ART? ANSWER ONLY one_line_too -> one_line", _TESTS),
    ("linN4-help-after-request-deleted", "'..., pode me ajudar?' after the request no longer read",
     _LINEAR + "request.lark", "%extend request: courtesy? acts LINK help_alone", "%extend request: courtesy? acts LINK LINK help_alone", _TESTS),
    ("linN4-emoticon-unread", "':)' read as a colon and a bracket: the request around it no longer read",
     _LINEAR + "reader.py", '    if ending is not None and ending[0] == "STOP" and ending[1] > pos + 1:', "    if False:", _TESTS),
    ("linN4-quotes-kept", "a straight-quoted equation's quotes no longer blanked ('\"2(3x - 1) = 22\"')",
     _LINEAR + "prompt.py", "    return _QUOTED_EQUATION.sub(blank, prompt)", "    return prompt", _TESTS),
    ("linN4-template-any-words", "a quoted template read in another table's words ('Resposta: x = <valor>' in an English prompt)",
     _LINEAR + "answer_form.py", "        return not _OTHER_WORDS.intersection(words)", "        return True", _TESTS),
    ("linN4-template-label-unread", "a template's label ('Resposta:') no longer stripped before the prose check: never proven",
     _LINEAR + "task.py", "        label = new.answer_label or _template_label(new.answer_form)", "        label = new.answer_label", _TESTS),
    ("linN4-slot-word-dropped", "the slot word '<valor>' dropped from the declared placeholders",
     _LINEAR + "answer_form.py", 'PLACEHOLDER_WORDS = "value|answer|number|solution|result|valor|', 'PLACEHOLDER_WORDS = "value|answer|number|solution|result|', _TESTS),
    ("linN4-format-template-rule-deleted", "'Format: Answer: w = <value>' no longer read",
     _LINEAR + "request.lark", "%extend format: FORM_OF COLON answer_template -> answer_last", "%extend format: FORM_OF COLON COLON answer_template -> answer_last", _TESTS),
    ("linN4-fr-decimal-form-deleted", "fr 'sous forme' deleted ('donne la réponse sous forme décimale' no longer read)",
     _VOCAB + "fr.json", ',\n   "sous forme"\n  ]', "\n  ]", _TESTS),
]
# fmt: on
