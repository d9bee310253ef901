"""Mutation-check rows for the linear everyday reach of branch wip/linE (issue 33 items 2/3/4): the
set-6 dev failures' classes (a format before "give the solution of", systems "simultaneously",
"answer in the form" after "and", a chat's greeting turn, few-shot Q:/A: blocks, help naming the
homework, the number alone with the verb "answer", the answer alone after the request) and their
words. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_VOCABULARY = _LINEAR + "vocabulary/"
_TESTS = ("tests/adversarial/test_linear_reach_linE.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linE-give-solution-of", "'give the solution of ...' no longer read",
     _LINEAR + "request.lark", "%extend find: GIVE ME? ART? (ANSWER | VALUE) (OF | TO) object? eqs ", "%extend find: GIVE ME? ART? (ANSWER | VALUE) (OF | TO) OF object? eqs ", _TESTS),
    ("linE-simultaneously", "a system solved 'simultaneously' after its equations no longer read",
     _LINEAR + "request.lark", "%extend solve: SOLVE object? COLON? eqs SIMULTANEOUSLY ",
     "%extend solve: SOLVE object? COLON? eqs SIMULTANEOUSLY SIMULTANEOUSLY ", _TESTS),
    ("linE-greeting-turn", "an assistant's greeting turn ('Assistant: Hi!') no longer read",
     _LINEAR + "request.lark", "%extend sentence: ROLE_NOUN COLON context ", "%extend sentence: ROLE_NOUN ROLE_NOUN COLON context ", _TESTS),
    ("linE-offer-no-question", "'How can I help?' no longer a question (its question mark declines)",
     _LINEAR + "request.lark", "offer: HELP_OFFER -> courtesy ", "offer: HELP_OFFER ", _TESTS),
    ("linE-qa-turns", "few-shot 'Q:'/'A:' lines no longer read as a chat's turns",
     _LINEAR + "prompt.py", "_TURN = re.compile(r\"^(system|user|human|assistant|ai|q|a|input|output)[",
     "_TURN = re.compile(r\"^(system|user|human|assistant|ai|input|output)[", _TESTS),
    ("linE-reply-kept", "the empty last 'A:' of a few-shot block no longer blanked",
     _LINEAR + "prompt.py", "        blanked[reply.start() : reply.end()] = \" \" * (reply.end() - reply.start())", "        pass", _TESTS),
    ("linE-form-after-and", "'... and answer in the form x = <value>' no longer linked",
     _LINEAR + "reader.py", '                                      "FORM_OF", "IN", "BOX_VERB", "EXACT"}),', '                                      "IN", "BOX_VERB", "EXACT"}),', _TESTS),
    ("linE-help-label", "help naming the homework ('¿me ayudas con la tarea?') no longer read",
     _LINEAR + "request.lark", "%extend help_with: courtesy? HELP_WITH ART? LABEL ", "%extend help_with: courtesy? HELP_WITH ART? LABEL LABEL ", _TESTS),
    ("linE-explained-manner", "'mi spieghi passo per passo come risolvere ...' no longer read",
     _LINEAR + "request.lark", "%extend solve: EXPLAIN manner COMMA? (HOW | AS) SOLVE object? COLON? eqs -> explained_solve",
     "%extend solve: EXPLAIN manner manner COMMA? (HOW | AS) SOLVE object? COLON? eqs -> explained_solve", _TESTS),
    ("linE-only-need-not-alone", "'Só preciso do valor de k' read without the answer alone",
     _LINEAR + "request.lark", "VALUE OF VAR) VERB_END? ((COLON | IN) eqs)? -> find_alone", "VALUE OF VAR) VERB_END? ((COLON | IN) eqs)? -> find", _TESTS),
    ("linE-answer-only-find-steps", "'答えだけ教えて' after the request read as the steps",
     _LINEAR + "request.lark", "%extend format: ART? ANSWER ONLY FIND -> answer_only", "%extend format: ART? ANSWER ONLY FIND -> steps", _TESTS),
    ("linE-bare-only-verb-labelled", "'只回答数字' read as the answer alone (a labelled 'b = 8' served)",
     _LINEAR + "request.lark", "%extend bare: ONLY ANSWER_VERB ART? BARE_NUMBER                      -> bare_number",
     "%extend bare: ONLY ANSWER_VERB ART? BARE_NUMBER                      -> answer_only", _TESTS),
    ("linE-bare-answer-give-labelled", "'Ответ дайте одним числом' read as the answer alone (a labelled 'y = 6' served)",
     _LINEAR + "request.lark", "            | ANSWER (GIVE | WRITE | ANSWER_VERB) ART? BARE_NUMBER -> bare_number",
     "            | ANSWER (GIVE | WRITE | ANSWER_VERB) ART? BARE_NUMBER -> answer_only", _TESTS),
    # the words
    ("linE-word-asap", "'asap' no longer read", _VOCABULARY + "en.json", '   "asap",\n', '   "asap_",\n', _TESTS),
    ("linE-word-exact-fractions", "'Give exact fractions' no longer read", _VOCABULARY + "en.json",
     '   "exact fractions"\n', '   "exact fractions_"\n', _TESTS),
    ("linE-word-offer", "'How can I help you today?' no longer read", _VOCABULARY + "en.json",
     '   "how can i help you today",\n', '   "how can i help you today_",\n', _TESTS),
    ("linE-word-simultaneously", "'simultaneously' no longer read", _VOCABULARY + "en.json",
     '   "simultaneously",\n', '   "simultaneously_",\n', _TESTS),
    ("linE-word-gilt", "de 'wenn ... gilt' no longer read", _VOCABULARY + "de.json", '   "gilt"\n', '   "gilt_"\n', _TESTS),
    ("linE-word-mir-bitte-bei", "de 'mir bitte bei' no longer read", _VOCABULARY + "de.json",
     '   "mir bitte bei"\n', '   "mir bitte bei_"\n', _TESTS),
    ("linE-word-tengo-que", "es 'tengo que' no longer read", _VOCABULARY + "es.json", '   "tengo que"\n', '   "tengo que_"\n', _TESTS),
    ("linE-word-preciso-do", "pt 'preciso do' no longer read", _VOCABULARY + "pt.json", '   "preciso do",\n', '   "preciso do_",\n', _TESTS),
    ("linE-word-odnim-chislom", "ru 'одним числом' no longer read", _VOCABULARY + "ru.json",
     '   "одним числом"\n', '   "одним числом_"\n', _TESTS),
    ("linE-word-pomogite-s", "ru 'помогите, пожалуйста, с' no longer read", _VOCABULARY + "ru.json",
     '   "помогите, пожалуйста, с",\n', '   "помогите, пожалуйста, с_",\n', _TESTS),
    # linE-please-context retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("linE-only-of-not-alone", "'Preciso apenas de x: ...' read without the answer alone",
     _LINEAR + "request.lark", "%extend find: ONLY OF (VAR | ART? VALUE OF VAR) (COLON eqs)? -> find_alone",
     "%extend find: ONLY OF (VAR | ART? VALUE OF VAR) (COLON eqs)? -> find", _TESTS),
    ("linE-word-walk-through", "'Can you walk me through it?' no longer read", _VOCABULARY + "en.json",
     '   "walk me through it",\n', '   "walk me through it_",\n', _TESTS),
    ("linE-word-homework-says", "'My son's homework says: ...' no longer read", _VOCABULARY + "en.json",
     '   "my son\'s homework says",\n', '   "my son\'s homework says_",\n', _TESTS),
    ("linE-word-please-es", "es 'please' no longer read", _VOCABULARY + "es.json", '   "please",\n', '   "please_",\n', _TESTS),
    ("linE-word-guillemet-es", "es '«' no longer a quote", _VOCABULARY + "es.json", '   "¡",\n   "«",\n', '   "¡",\n', _TESTS),
    ("linE-word-como-se", "es '¿Cómo se resuelve?' no longer read", _VOCABULARY + "es.json", '   "cómo se",\n', '   "cómo se_",\n', _TESTS),
    ("linE-shown-solve-second", "'Solve for k and show your work: ...' read as two requests to solve (declined)",
     _LINEAR + "request.lark", "%extend request: courtesy? acts LINK colon_format COLON eqs politely?",
     "%extend request: courtesy? acts LINK colon_format COLON COLON eqs politely?", _TESTS),  # wip/linJ: a format before the colon
    ("linE-shown-solve-no-steps", "'Show your work: ...' read without the working asked",
     _LINEAR + "request.lark", "?colon_format: SHOW ART? POSS? STEPNOUN ADV? manner? (COMMA? PER_LINE)? -> steps",
     "?colon_format: SHOW ART? POSS? STEPNOUN ADV? manner? (COMMA? PER_LINE)? -> shown", _TESTS),  # wip/linJ: a lead before the colon
    ("linE-exact-verb-end", "'Gib exakte Brüche an.' no longer read", _LINEAR + "request.lark",
     "%extend format: (GIVE ME? | WRITE) EXACT_ANSWER VERB_END -> as_fraction", "%extend format: (GIVE ME? | WRITE) EXACT_ANSWER VERB_END VERB_END -> as_fraction", _TESTS),
    ("linE-word-offer-es", "es '¿En qué puedo ayudarte?' no longer read", _VOCABULARY + "es.json",
     '   "en qué puedo ayudarte",\n', '   "en qué puedo ayudarte_",\n', _TESTS),
    ("linE-word-exact-es", "es 'fracciones exactas' no longer read", _VOCABULARY + "es.json",
     '   "fracciones exactas",\n', '   "fracciones exactas_",\n', _TESTS),
    ("linE-word-quel-est", "fr 'quel est' no longer read", _VOCABULARY + "fr.json", '   "quel est",\n', '   "quel est_",\n', _TESTS),
    # linE-please-please retired: equivalent since wip/linT's chatter clauses (a clause of CHATTER and CONTEXT words is read as nothing when the prompt does not read as written, so every prompt this rule reads is read the same without it; clean-clone mutation check of 8808a5a)
    ("linE-answer-as-exact", "'Give the answers as exact fractions.' read without the fraction form", _LINEAR + "request.lark",
     "%extend format: (GIVE ME? | WRITE)? (ART | POSS)? ANSWER AS EXACT_ANSWER -> as_fraction",
     "%extend format: (GIVE ME? | WRITE)? (ART | POSS)? ANSWER AS EXACT_ANSWER -> answer_last", _TESTS),
    ("linE-io-turns", "few-shot 'Input:'/'Output:' lines no longer read as a chat's turns",
     _LINEAR + "prompt.py", '_USER_ROLES = frozenset({"user", "human", "q", "input"})', '_USER_ROLES = frozenset({"user", "human", "q"})', _TESTS),
    ("linE-word-q-role", "'Q:' no longer a role", _VOCABULARY + "_common.json", '   "q",\n', '   "q_",\n', _TESTS),
]
# fmt: on
