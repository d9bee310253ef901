"""More everyday linear requests in es/fr/de/pt/it/ru/zh/ja (issue 33, items 3 and 4; branch
wip/langs2), written by hand per class, not from any held-out file: "tell me" before the
question, a polite opener before a condition, the question after the condition (the unknown
with a topic mark: "x は？"), the answer's form in its own words ("réponse en décimal", "ответ
дробью", "用分数表示", "分数で答えて"), working shown or numbered as a manner ("mit Rechenweg",
"spiegando i passaggi numerati"), an exercise's label and number, chat role labels and a persona,
and a homework sentence right before the equations. Each is read with its format and served
again with a changed constant by re-instantiation (no model call, proven, right, in the format
asked); each trap (an inequality, a yes/no check, another unknown, another answer language, a
negation, scrambled words) is no claim and reaches the model."""

from __future__ import annotations

import random

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .test_linear_everyday_languages import (
    SystemOracle,
    _equations,
    _fmt,
    _holds,
    _system_equations,
    _system_solution,
    reaches_the_model,
    served_again,
)

# (language, prompt, format read)
PHRASINGS = [
    # "tell me" / "help me" before the question
    ('es', '¿Me ayudas a encontrar x en 5x - 3 = 22?', ()),
    ('es', 'Dime cuánto vale x: 6x - 1 = 23', ()),
    ('es', '¿Me dices cuánto vale x en 3x + 2 = 17? Gracias.', ()),
    ('fr', 'Pourrais-tu me dire combien vaut x si 3x + 1 = 16 ?', ()),
    ('fr', 'Dis-moi combien vaut x : 4x + 4 = 24', ()),
    ('de', 'Kannst du mir sagen, was x ist, wenn 3x + 1 = 16?', ()),
    ('de', 'Sag mir, was x ist: 5x - 2 = 13', ()),
    ('pt', 'Me diz quanto vale x: 9x - 4 = 50', ()),
    ('pt', 'Você pode me dizer quanto vale x se 5x - 2 = 13?', ()),
    ('it', 'Dimmi quanto vale x: 5x - 2 = 13', ()),
    ('it', 'Mi dici quanto vale x in 3x + 1 = 16?', ()),
    ('ru', 'Подскажите, пожалуйста, чему равен x, если 6x - 9 = 33?', ()),
    ('ru', 'Скажи, чему равен x: 3x + 1 = 16', ()),
    ('zh', '请问 4x - 3 = 33 时 x 等于多少？', ()),
    ('zh', '请问 x 等于多少？3x + 1 = 16', ()),
    # the question after a condition
    ('es', 'Por favor, si 2x + 5 = 17, ¿cuánto vale x?', ()),
    ('ru', 'Если 3x + 1 = 16, то чему равен x?', ()),
    ('zh', '如果 3x + 1 = 16，x 等于多少？', ()),
    ('ja', '6x = 9 のとき x は？', ()),
    ('ja', '4x - 2 = 14 のとき、x は？', ()),
    # the answer's form in its own words, joined or as its own sentence
    ('fr', 'Calcule x dans 4x = 18, réponse en décimal', ('decimal',)),
    ('fr', 'Résous 2x = 7, résultat en fraction.', ('fraction',)),
    ('fr', 'Résous 3x = 2 et donne la réponse en fraction.', ('fraction',)),
    ('es', 'Resuelve 3x = 9 en una línea.', ('one_line',)),
    ('es', 'Resuelve 2x = 7 y da la respuesta en forma de fracción.', ('fraction',)),
    ('es', 'Halla x en 4x = 2. Responde en decimal.', ('decimal',)),
    ('pt', 'Resolva 4x = 6 em decimal.', ('decimal',)),
    ('pt', 'Só a resposta, por favor: 7x + 1 = 50', ('answer_only',)),
    ('it', 'Quanto vale x se 3x = 10? Scrivilo come frazione.', ('fraction',)),
    ('it', 'Risolvi 2x = 7 in frazione.', ('fraction',)),
    ('de', 'Löse 4x = 6. Antworte als Dezimalzahl.', ('decimal',)),
    ('ru', 'Найди x: 2x - 1 = 8, ответ дробью', ('fraction',)),
    ('ru', 'Реши 2x = 7, ответ запиши дробью.', ('fraction',)),
    ('ru', 'Реши 4x = 6. Ответ десятичной дробью.', ('decimal',)),
    ('zh', '解 5x + 1 = 15，用分数表示', ('fraction',)),
    ('zh', '求 x：2x = 7，用小数表示', ('decimal',)),
    ('ja', '6x = 20 のとき x は？分数で答えて', ('fraction',)),
    ('ja', '2x = 7 を解いて、小数で答えてください。', ('decimal',)),
    # working shown, or numbered, as the manner of solving
    ('ja', '4x + 3 = 27 を、手順に番号をつけて解いてください。', ('steps', 'numbered')),
    ('it', 'Risolvi 5x + 5 = 30 spiegando i passaggi numerati.', ('steps', 'numbered')),
    ('it', 'Risolvi 3x - 2 = 7 mostrando i passaggi.', ('steps',)),
    ('de', 'Löse 3x + 1 = 10 mit Rechenweg.', ('steps',)),
    ('de', 'Löse 2x + 3 = 11 mit nummerierten Schritten, bitte.', ('steps', 'numbered')),
    ('es', 'Resuelve 4x - 1 = 11 mostrando los pasos.', ('steps',)),
    ('es', 'Resuelve 6x + 2 = 20 con pasos numerados.', ('steps', 'numbered')),
    ('fr', 'Résous 5x - 5 = 10 en détaillant les étapes.', ('steps',)),
    ('pt', 'Resolva 3x + 3 = 15 com passos numerados.', ('steps', 'numbered')),
    ('ru', 'Реши 3x + 1 = 10 с подробным решением.', ('steps',)),
    # an exercise's label and number, homework sentences without an instruction
    ('es', 'Ejercicio 3: 3x + 1 = 16', ()),
    ('es', 'Estoy con los deberes de mates y no me sale esta: 7x + 2 = 30. ¿Cuánto vale x?', ()),
    ('de', 'Aufgabe 2: Löse 5x + 2 = 17.', ()),
    ('fr', 'Exercice 4 : résous 2x + 9 = 21.', ()),
    ('pt', 'Tarefa: 3x + 6 = 24. Quanto vale x?', ()),
    ('it', 'Sto facendo i compiti di matematica e non riesco a risolvere 10x + 5 = 95. Quanto fa x?', ()),
    ('it', 'Esercizio 7: risolvi 4x - 4 = 8.', ()),
    ('ru', 'Делаю домашку, никак не могу решить: 35 = 4x + 3. Чему равен x?', ()),
    ('ru', 'Упражнение 5: реши 2x + 8 = 20.', ()),
    ('zh', '练习2：解方程 3x + 1 = 16', ()),
    ('ja', '問1：3x + 1 = 16 を解け。', ()),
    # "I need (to know) the value of x", "explain how to solve", the unknown after the equation, the number alone
    ('es', 'Necesito saber cuánto vale x: 5x + 5 = 40', ()),
    ('es', '¿Me explicas cómo resolver 2x + 8 = 20?', ('steps',)),
    ('fr', "J'ai besoin de la valeur de x : 5x + 5 = 40", ()),
    ('fr', 'Peux-tu m\'expliquer comment résoudre 2x + 8 = 20 ?', ('steps',)),
    ('de', 'Ich brauche den Wert von x: 5x + 5 = 40', ()),
    ('de', 'Kannst du mir erklären, wie man 2x + 8 = 20 löst?', ('steps',)),
    ('de', 'Berechne den Wert von x in der Gleichung 7x - 4 = 24. Nur die Zahl.', ('answer_only', 'bare_number')),
    ('pt', 'Preciso saber quanto vale x: 5x + 5 = 40', ()),
    ('pt', 'Pode me explicar como resolver 2x + 8 = 20?', ('steps',)),
    ('pt', 'Me ajuda a isolar x: 2x - 9 = 11', ()),
    ('it', 'Ho bisogno del valore di x: 5x + 5 = 40', ()),
    ('it', 'Calcola il valore di x nell\'equazione 7x - 4 = 24. Solo il numero.', ('answer_only', 'bare_number')),
    ('it', 'Trova x nell\'equazione 3x + 6 = 21.', ()),
    ('ru', 'Сколько будет x в 4x - 8 = 12?', ()),
    ('ru', 'Найди x, зная, что 4x + 3 = 19.', ()),
    ('ru', 'Найди значение x в уравнении 7x - 4 = 24. Только число.', ('answer_only', 'bare_number')),
    ('ru', 'Помоги выразить x: 2x - 9 = 11', ()),
    ('zh', '4x - 8 = 12 中 x 是多少？', ()),
    # W5 (red team round 6): 'only the number' is the bare-number form, which zh/ja rules do not derive
    # (no claim: test_bare_number_languages.py); it was read as the answer only and served 'x = 5'
    ('zh', '你好，能帮我解一下 3x + 7 = 22 吗？', ()),
    ('zh', '解方程 3x + 2 = 11，步骤要编号。', ('steps', 'numbered')),
    ('ja', '2x - 9 = 11 を x について解いてください。', ()),
    ('ja', '2x + 8 = 20 の解き方を説明してください。', ('steps',)),
    ('ja', '3x + 2 = 11 を解いて、手順に番号をつけてください。', ('steps', 'numbered')),
    # W5 (red team round 6): 'only the number' is the bare-number form, which zh/ja rules do not derive
    # (no claim: test_bare_number_languages.py); it was read as the answer only and served 'x = 5'
    # "solve it" after a labelled equation, "quick question:", "I don't see how ... can you help?",
    # solve and explain the steps, "what is the solution of ...", the unknown named first
    ('es', 'Ecuación: 3x + 2 = 11. Resuélvela.', ()),
    ('es', 'Una pregunta rápida: 4x + 1 = 21, ¿cuánto vale x?', ()),
    ('es', 'No entiendo cómo resolver 5x - 3 = 12. ¿Me ayudas?', ()),
    ('es', '¿Podrías resolver la ecuación 2x + 7 = 15 y explicar los pasos?', ('steps',)),
    ('fr', 'Équation : 3x + 2 = 11. Résous-la.', ()),
    ('fr', 'Petite question : 4x + 1 = 21, combien vaut x ?', ()),
    ('fr', "Je ne comprends pas comment résoudre 5x - 3 = 12. Tu peux m'aider ?", ()),
    ('fr', 'Résous 2x + 7 = 15 en expliquant chaque étape.', ('steps',)),
    ('de', 'Gleichung: 3x + 2 = 11. Löse sie.', ()),
    ('de', 'Kurze Frage: 4x + 1 = 21, was ist x?', ()),
    ('de', 'Ich verstehe nicht, wie man 5x - 3 = 12 löst. Kannst du mir helfen?', ()),
    ('de', 'Könntest du die Gleichung 2x + 7 = 15 lösen und die Schritte erklären?', ('steps',)),
    ('de', 'Was ist die Lösung der Gleichung 6x - 2 = 10?', ()),
    ('pt', 'Pergunta rápida: 4x + 1 = 21, quanto vale x?', ()),
    ('pt', 'Não entendo como resolver 5x - 3 = 12. Pode me ajudar?', ()),
    ('pt', 'Você poderia resolver a equação 2x + 7 = 15 e explicar os passos?', ('steps',)),
    ('it', 'Equazione: 3x + 2 = 11. Risolvila.', ()),
    ('it', 'Domanda veloce: 4x + 1 = 21, quanto vale x?', ()),
    ('it', 'Non capisco come risolvere 5x - 3 = 12. Mi aiuti?', ()),
    ('it', 'Risolvi 2x + 7 = 15 spiegando ogni passaggio.', ('steps',)),
    ('ru', 'Уравнение: 3x + 2 = 11. Реши его.', ()),
    ('ru', 'Быстрый вопрос: 4x + 1 = 21, чему равен x?', ()),
    ('ru', 'Не понимаю, как решить 5x - 3 = 12. Поможешь?', ()),
    ('ru', 'Можешь решить уравнение 2x + 7 = 15 и объяснить шаги?', ('steps',)),
    ('zh', '方程：3x + 2 = 11。请解出 x。', ()),
    ('zh', '快问一下：4x + 1 = 21，x 等于多少？', ()),
    ('zh', '方程 6x - 2 = 10 的解是什么？', ()),
    ('zh', '解关于 x 的方程：5x - 3 = 12', ()),
    ('zh', '你能解方程 2x + 7 = 15 并解释步骤吗？', ('steps',)),
    ('ja', 'x について解いてください：3x + 2 = 11', ()),
    ('ja', 'ちょっと質問です：4x + 1 = 21 のとき x はいくつ？', ()),
    ('ja', '方程式 2x + 7 = 15 を解いて、手順を説明してください。', ('steps',)),
    # the unknown or the answer given in a form, the steps numbered, one line, in more word orders
    ('es', '¿Cuánto vale x en 2x = 7? Dámelo en fracción.', ('fraction',)),
    ('es', 'Resuelve 4x - 2 = 6 y numera los pasos.', ('steps', 'numbered')),
    ('fr', 'Résous 2x = 7, donne x en décimal.', ('decimal',)),
    ('fr', 'Résous 5x + 5 = 20. Réponds en une seule ligne.', ('one_line',)),
    ('de', 'Löse 2x = 7 und gib x als Dezimalzahl an.', ('decimal',)),
    ('de', 'Was ist x, wenn 2x = 7? Antwort als Bruch.', ('fraction',)),
    ('pt', 'Resolva 2x = 7 e dê x em decimal.', ('decimal',)),
    ('pt', 'Quanto vale x se 2x = 7? Resposta em fração.', ('fraction',)),
    ('it', 'Risolvi 2x = 7 e dai x in decimale.', ('decimal',)),
    ('it', 'Risolvi 5x + 5 = 20. Rispondi in una riga.', ('one_line',)),
    ('ru', 'Реши 4x - 2 = 6 и пронумеруй шаги.', ('steps', 'numbered')),
    ('ru', 'Реши 5x + 5 = 20. Ответь в одну строку.', ('one_line',)),
    ('zh', '解方程 5x + 5 = 20，用一行回答。', ('one_line',)),
    ('zh', '2x = 7 时 x 等于多少？用分数回答。', ('fraction',)),
    ('ja', '2x = 7 を解いて、答えは小数で。', ('decimal',)),
    ('ja', '2x = 7 のとき x は？答えは分数で書いてください。', ('fraction',)),
    # "do you know ...?", "a question:", thanks after the question, a question before its equation
    ('es', '¿Sabes cuánto vale x si 3x + 1 = 16?', ()),
    ('es', 'Hola, una duda: ¿cuánto vale x en 2x + 4 = 18?', ()),
    ('fr', 'Sais-tu combien vaut x si 3x + 1 = 16 ?', ()),
    ('fr', 'Salut, une question : combien vaut x dans 2x + 4 = 18 ?', ()),
    ('de', 'Weißt du, was x ist, wenn 3x + 1 = 16?', ()),
    ('de', 'Hallo, eine Frage: Was ist x in 2x + 4 = 18?', ()),
    ('pt', 'Sabe quanto vale x se 3x + 1 = 16?', ()),
    ('pt', 'Olá, uma dúvida: quanto vale x em 2x + 4 = 18?', ()),
    ('it', 'Sai quanto vale x se 3x + 1 = 16?', ()),
    ('it', 'Ciao, una domanda: quanto vale x in 2x + 4 = 18?', ()),
    ('ru', 'Знаешь, чему равен x, если 3x + 1 = 16?', ()),
    ('ru', 'Привет, у меня вопрос: чему равен x в 2x + 4 = 18?', ()),
    ('zh', '3x + 1 = 16，求 x 的值，谢谢。', ()),
    ('zh', '麻烦问一下，2x + 4 = 18 时 x 是多少？', ()),
    ('zh', '帮我算一下 x：5x - 5 = 20', ()),
    ('ja', 'x の値を教えてもらえますか？3x + 1 = 16', ()),
    ('ja', 'すみません、2x + 4 = 18 のとき x はいくつになりますか？', ()),
    # a condition first ("given ...", "if ..., then ..."), thanks after the request
    ('es', 'Dado 3x + 1 = 16, halla x.', ()),
    ('fr', 'Si 3x + 1 = 16, alors combien vaut x ?', ()),
    ('de', 'Es gilt 3x + 1 = 16. Wie groß ist x?', ()),
    ('de', 'Löse 4x + 2 = 14, danke dir!', ()),
    ('it', 'Se 3x + 1 = 16, allora quanto vale x?', ()),
    ('it', 'Dato 2x + 5 = 13, trova x.', ()),
    ('ru', 'Дано: 3x + 1 = 16. Найди x.', ()),
    ('ru', 'Известно, что 2x + 5 = 13. Найдите x.', ()),
    ('ru', 'Реши 4x + 2 = 14, пожалуйста. Спасибо большое!', ()),
    ('zh', '若 3x + 1 = 16，则 x = ?', ()),
    ('ja', '2x + 5 = 13 が成り立つとき、x の値は？', ()),
    # chat role labels and a persona in the language
    ('es', 'Sistema: Eres un tutor de matemáticas.\nUsuario: Resuelve 3x + 1 = 16.', ()),
    ('de', 'System: Du bist ein Mathe-Tutor.\nNutzer: Löse 3x + 4 = 19.', ()),
    ('pt', 'Sistema: Você é um tutor de matemática.\nUsuário: Resolva 2x + 6 = 20.', ()),
    ('it', 'Sistema: Sei un tutor di matematica.\nUtente: Risolvi 5x - 3 = 12.', ()),
    ('ru', 'Система: Ты репетитор по математике.\nПользователь: Реши 4x + 2 = 18.', ()),
    ('zh', '系统：你是数学老师。\n用户：解方程 3x + 1 = 16。', ()),
    ('ja', 'システム：あなたは数学の先生です。\nユーザー：2x + 5 = 11 を解いてください。', ()),
]

# (language, prompt): each must not be claimed
TRAPS = [
    # (('es', 'Dime si x = 7 es solución de 3x - 4 = 17.'): a yes/no check, now read and answered exactly, wip/lin:
    # served proven AND right in test_linear_asked_and_checked.py YES_NO_SERVED)
    ('es', '¿Me dices cuánto vale x en 3x + 2 = 17? Responde en inglés.'),
    ('es', 'Dime cuánto vale x sin resolver 3x + 2 = 17.'),
    ('es', 'Resuelve 3x = 9 en una línea en inglés.'),
    ('es', 'Ejercicio 3: ¿x = 3 es solución de 3x = 9?'),
    ('es', 'Por favor, si 3x + 1 = 16, ¿es x = 5?'),
    ('es', 'Estoy con los deberes y no me sale esta inecuación: 7x + 2 = 47. ¿Cuánto vale x?'),
    ('es', 'Resuelve la inecuación 2x = 7 y responde en decimal.'),
    ('fr', 'Calcule x dans 4x = 18, réponse en anglais'),
    # (('fr', 'Dis-moi si x = 5 est solution de 3x + 1 = 16.'): a yes/no check, now read and answered exactly, wip/lin:
    # served proven AND right in test_linear_asked_and_checked.py YES_NO_SERVED)
    ('fr', 'Ne me dis pas combien vaut x : 4x + 4 = 24'),
    ('fr', 'Système : Réponds en anglais.\nUtilisateur : Résous 3x + 1 = 16.'),
    ('de', 'Sag mir, ob x = 3 eine Lösung von 5x - 2 = 13 ist.'),
    ('de', 'Kannst du mir sagen, was x ist, wenn 3x + 1 = 16? Antworte auf Englisch.'),
    ('de', 'Sag mir nicht, was x ist: 5x - 2 = 13'),
    ('de', 'Löse 3x + 1 = 10 mit Rechenweg auf Englisch.'),
    ('de', 'Aufgabe 2: Zeige, dass x = 5 keine Lösung von 3x + 1 = 16 ist.'),
    ('de', 'Sag mir, was y ist: 5x - 2 = 13'),
    ('pt', 'Me diz se x = 6 é solução de 9x - 4 = 50.'),
    ('pt', 'Me diz quanto vale x: 9x - 4 = 50, em inglês.'),
    ('pt', 'Só a resposta, por favor, em inglês: 7x + 1 = 71'),
    ('pt', 'Me diga y, só o número: 4x + 4 = 24'),
    # ('pt', 'Me diga x, só o número: 4x + 4 = 24': the answer asked as a bare number, red team W3, is now
    # its own form, wip/lin: served as the number alone, proven AND right, in test_linear_asked_and_checked.py
    # EVERYDAY_MORE)
    # (('it', 'Dimmi se x = 3 è soluzione di 5x - 2 = 13.'): a yes/no check, now read and answered exactly, wip/lin:
    # served proven AND right in test_linear_asked_and_checked.py YES_NO_SERVED)
    ('it', 'Risolvi 5x + 5 = 60 spiegando i passaggi numerati in inglese.'),
    ('it', 'Risolvi la disequazione 2x = 7 in frazione.'),
    ('it', 'Non dirmi quanto vale x: 5x - 2 = 13'),
    ('it', 'Sto facendo i compiti e non riesco a risolvere 10x + 5 = 0 in inglese.'),
    ('ru', 'Подскажите, является ли x = 7 корнем уравнения 6x - 9 = 33?'),
    ('ru', 'Скажи, чему равен x: 3x + 1 = 16. Ответь по-английски.'),
    ('ru', 'Найди x: 2x - 1 = 8, ответ по-английски'),
    ('ru', 'Не говори, чему равен x: 3x + 1 = 16'),
    ('ru', 'Если 3x + 1 = 16, то x = 5?'),
    ('ru', 'Делаю домашку, никак не могу решить неравенство: 23 = 4x + 3.'),
    ('zh', '请问 x = 9 是 4x - 3 = 33 的解吗？'),
    ('zh', '请问 4x - 3 = 33 时 x 等于多少？用英文回答。'),
    ('zh', '解 5x + 1 = 15，用英文表示'),
    ('zh', '如果 3x + 1 = 16，x = 5 吗？'),
    ('zh', '练习：解不等式 3x + 1 = 16'),
    ('zh', '系统：用英文回答。\n用户：解方程 3x + 1 = 16。'),
    ('ja', '6x = 9 のとき x は 2 ですか？'),
    ('ja', '6x = 9 のとき x は？英語で答えて'),
    ('ja', '6x = 9 のとき x は。'),  # the topic mark asks only before a question mark
    ('ja', '6x = 9 のとき x は'),
    ('ja', '2x = 7 を解いて、英語で答えてください。'),
    ('ja', '4x + 3 = 43 を、手順に番号をつけて解かないでください。'),
    ('ja', 'は x？6x = 9 のとき'),
    ('es', 'Dame solo el número de soluciones de 6x + 6 = 30.'),
    ('de', 'Nur die Zahl der Lösungen von 7x - 4 = 24.'),
    ('it', 'Solo il numero di soluzioni di 7x - 4 = 24.'),
    ('ru', 'Только число корней уравнения 7x - 4 = 24.'),
    ('zh', '只写数字：方程 7x - 4 = 24 有几个解？'),
    ('ja', '数字だけ英語で答えて：7x - 4 = 24'),
    ('zh', '能告诉我 x = 4 吗？3x + 1 = 13'),
    ('zh', '你能解 3x + 1 = 13 吗？x = 4 吗？'),
    ('zh', '解方程 3x + 2 = 11，步骤要编号，用英文。'),
    ('es', '¿Me explicas por qué x = 6 es la solución de 2x + 8 = 20?'),
    ('fr', 'Peux-tu m\'expliquer comment résoudre 2x + 8 < 20 ?'),
    ('de', 'Kannst du mir erklären, wie man 2x + 8 = 20 nicht löst?'),
    ('pt', 'Pode me explicar como resolver 2x + 8 = 20 em inglês?'),
    ('it', 'Trova y nell\'equazione 3x + 6 = 21.'),
    ('it', 'Trova x nell\'equazione 3x + 6 = 21 in inglese.'),
    ('ru', 'Найди x, зная, что 4x + 3 > 19.'),
    ('ja', '2x - 9 = 11 を y について解いてください。'),
    ('ja', '2x + 8 = 20 の解き方を英語で説明してください。'),
    ('es', 'Ecuación: 3x + 2 = 11. No la resuelvas.'),
    ('es', 'No entiendo cómo resolver 5x - 3 = 12. ¿Me ayudas en inglés?'),
    ('es', '5x - 3 > 12. ¿Me ayudas?'),
    ('fr', 'Petite question : 4x + 1 = 21, x = 5 ?'),
    ('de', 'Gleichung: 3x + 2 = 11. Löse sie nicht.'),
    ('de', 'Kurze Frage: 4x + 1 < 21, was ist x?'),
    ('de', 'Was ist die Lösung der Ungleichung 6x - 2 = 10?'),
    ('pt', 'Não entendo como resolver 5x - 3 = 12. Pode me ajudar em inglês?'),
    ('it', 'Equazione: 3x + 2 = 11. Risolvila in inglese.'),
    ('ru', 'Уравнение: 3x + 2 = 11. Не решай его.'),
    ('zh', '方程 6x - 2 = 10 的解是什么？用英文回答。'),
    ('zh', '解关于 y 的方程：5x - 3 = 12'),
    ('zh', '你能解不等式 2x + 7 = 15 并解释步骤吗？'),
    ('ja', 'y について解いてください：3x + 2 = 11'),
    ('ja', 'x について解かないでください：3x + 2 = 11'),
    ('fr', 'Résous 2x = 7, donne x en anglais.'),
    ('de', 'Löse 2x = 7 und gib y als Dezimalzahl an.'),
    ('zh', '解方程 5x + 5 = 20，用英文回答。'),
    ('ja', '2x = 7 を解いて、答えは英語で。'),
    ('es', '¿Sabes si x = 5 es la solución de 3x + 1 = 16?'),
    ('de', 'Weißt du, ob x = 5 die Lösung von 3x + 1 = 16 ist?'),
    ('ru', 'Знаешь, является ли x = 5 корнем уравнения 3x + 1 = 16?'),
    ('fr', 'Une question : est-ce que x = 5 dans 3x + 1 = 16 ?'),
    ('zh', '3x + 1 = 16，求 x 的值，用英文。'),
    ('ja', 'x の値を英語で教えてもらえますか？3x + 1 = 16'),
    ('es', 'Dado 3x + 1 > 16, halla x.'),
    ('ru', 'Дано: 3x + 1 = 16. Найди x в квадрате по-английски.'),
    ('zh', '若 3x + 1 = 16，则 x = 5 吗？'),
    ('ja', '2x + 5 = 13 が成り立つとき、y の値は？'),
    ('es', 'Resuelve el sistema: x + y = 2,5y - x = 1'),
    # a comma lists two equations only between a number and a letter ("= 9,x - y"): a comma before a
    # sign, a bracket or after a space joins nothing this reader can tell apart from a number's mark
    ('en', 'Solve x + y = 9,-x + y = 1'),
    ('en', 'Solve a + b = 9,(a - b) = 1'),
    ('en', 'Solve x + y = 9 ,2x - y = 3'),
    # the exercise number is skipped only when it is a label's, whole and before a colon
    ('es', 'Ejercicio 3.5x: 3x + 1 = 16'),  # wip/linP: 'Ejercicio 3.5:' is a label (test_linear_labels_linP.py)
    ('es', 'Ejercicio -3: 3x + 1 = 16'),
    ('es', 'Resuelve 3: 3x + 1 = 16'),
    ('es', 'Ejercicio 3 3x + 1 = 16'),
]

# inequalities and other relations in the new shapes: the same words around "<", ">", "≥"
RELATIONS = [
    ('es', 'Dime cuánto vale x: 6x - 1 < 23'),
    ('fr', 'Dis-moi combien vaut x : 4x + 4 < 24'),
    ('de', 'Sag mir, was x ist: 5x - 2 < 13'),
    ('pt', 'Só a resposta, por favor: 7x + 1 > 71'),
    ('it', 'Dimmi quanto vale x: 5x - 2 ≥ 13'),
    ('ru', 'Подскажите, пожалуйста, чему равен x, если 6x - 9 > 33?'),
    ('zh', '请问 4x - 3 > 33 时 x 等于多少？'),
    ('ja', '6x < 9 のとき x は？'),
]


@pytest.mark.parametrize(("language", "prompt", "fmt"), PHRASINGS)
def test_each_phrasing_is_read_with_its_format(language: str, prompt: str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.asked == ("x",) and problem.format == fmt and problem.language == language
    assert [eq.text for eq in problem.equations] == _equations(prompt)
    assert _holds(_equations(prompt)[0], problem.solution["x"])


@pytest.mark.parametrize(("language", "prompt", "fmt"), PHRASINGS)
def test_a_changed_constant_is_served_proven_without_a_model_call(language: str, prompt: str,
                                                                   fmt: tuple[str, ...]) -> None:
    served_again(prompt, fmt)


@pytest.mark.parametrize(("language", "prompt"), TRAPS + RELATIONS)
def test_a_trap_is_no_claim(language: str, prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


@pytest.mark.parametrize(("language", "prompt"), TRAPS + RELATIONS)
def test_a_trap_is_not_served_from_the_cached_problem(language: str, prompt: str) -> None:
    reaches_the_model(prompt, "Solve 7x + 2 = 30.")


@pytest.mark.parametrize(("language", "prompt"), [(lang, p.replace("<", "=").replace(">", "=").replace("≥", "="))
                                                  for lang, p in RELATIONS])
def test_the_relation_traps_are_read_with_an_equals_sign(language: str, prompt: str) -> None:
    """The relation traps fail for their relation alone: with "=" in its place each is read."""
    assert understand_prompt(prompt) is not None, prompt


@pytest.mark.parametrize(("language", "prompt", "fmt"),
                         [row for row in PHRASINGS if row[0] not in ("zh", "ja") and "\n" not in row[1]])
def test_the_same_words_reversed_and_shuffled_are_not_read(language: str, prompt: str, fmt: tuple[str, ...]) -> None:
    """A bag of the right words is no request: reversed, and ten seeded shuffles, are declined."""
    words = prompt.split(" ")
    rng = random.Random(prompt)
    for order in [words[::-1]] + [rng.sample(words, len(words)) for _ in range(10)]:
        if order != words:
            assert understand_prompt(" ".join(order)) is None, " ".join(order)


# (language, prompt): a system written compactly, its equations listed by a comma with no space
SYSTEMS = [
    ('zh', '解方程组:x + y = 14,x - y = 4'),
    ('es', 'Resuelve el sistema: x + y = 10,x - y = 2'),
    ('ru', 'Реши систему: x + y = 9,x - y = 3'),
]


@pytest.mark.parametrize(("language", "prompt"), SYSTEMS)
def test_a_compact_system_is_read_and_a_changed_constant_served_proven(language: str, prompt: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.asked == ("x", "y"), prompt
    assert [eq.text for eq in problem.equations] == _system_equations(prompt)
    cache, model = StepCache(), SystemOracle()
    assert cache.generate(prompt, model).verified, prompt
    first = _system_equations(prompt)[0]
    moved = first[: first.rindex("=")] + "= " + str(int(first.rsplit("=", 1)[1]) + 2)  # x and y move by 1
    changed = prompt.replace(first, moved, 1)
    again = cache.generate(changed, model)
    assert model.calls == 1 and again.model_calls == 0, changed
    assert again.verified and again.verification == "proven"
    x, y = _system_solution(changed)
    assert again.text.strip().splitlines()[-1].endswith(f"x = {_fmt(x)}, y = {_fmt(y)}"), again.text
