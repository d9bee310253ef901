"""Everyday request shapes in other languages (issue 33, "languages >= 70%"): a homework or
teacher's-exercise context around the problem, a request for help, the question after the
equation, sides swapped, the answer in one line or as a fraction. Written from each language's
everyday phrasing by hand (not from the held-out files). Every phrasing is read, served again
with a changed constant by re-instantiation (no model call, proven, right by the fuzzer's own
oracle, in the format asked); every trap (an instruction smuggled into a context sentence, a word
outside the table, another language, an inequality, a yes/no check, another quantity) is no claim."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from ..fuzz.oracle import evaluate, parse_equation

# (language, prompt, format read)
PHRASINGS = [
    ('en', "I'm doing my maths homework and I'm stuck on this one: 7x + 2 = 30. How much is x?", ()),
    ('es', 'Estoy haciendo los deberes de matemáticas y no me sale este: 7x + 2 = 30. ¿Cuánto vale x?', ()),
    ('es', 'Mi profesor nos puso este ejercicio para mañana: 3x + 4 = 19. No sé cómo hallar x, ¿me lo puedes explicar?', ('steps',)),
    ('es', 'Tengo este ejercicio de deberes: 18 = 5x - 2. ¿Cuánto vale x?', ()),
    ('es', 'Me atasqué con este ejercicio: 4x + 9 = 1. ¿Cuál es el valor de x?', ()),
    ('es', 'Resuelve 6x - 5 = 10. Da la respuesta en una sola línea.', ('one_line',)),
    ('es', 'Resuelve 2x + 1 = 8 y da el resultado como fracción.', ('fraction',)),
    ('es', 'Hola, ¿me ayudas con esta ecuación? 5x + 3 = 28. ¿Cuánto vale x?', ()),
    ('es', 'Estoy estudiando para el examen. Resuelve 9x - 4 = 23 paso a paso.', ('steps',)),
    ('es', 'Resuelve -3x + 5 = 20. Escribe la respuesta en una línea.', ('one_line',)),
    ('es', 'Me atasqué con este ejercicio: 5 = 3x + 9. ¿Cuánto vale x? Da el resultado como fracción.', ('fraction',)),
    ('fr', 'Je fais mes devoirs de maths et je bloque sur celui-ci : 7x + 2 = 30. Combien vaut x ?', ()),
    ('fr', "Mon prof nous a donné cet exercice pour demain : 3x + 4 = 19. Je ne vois pas comment trouver x, tu peux m'expliquer ?", ('steps',)),
    ('fr', 'Trouve x tel que 30 = 4x + 6.', ()),
    ('fr', 'Résous 6x - 5 = 10 et donne la réponse sur une seule ligne.', ('one_line',)),
    ('fr', 'Je suis bloqué sur cet exercice : 4x + 9 = 1. Quelle est la valeur de x ?', ()),
    ('fr', 'Résous 2x + 1 = 8. Donne la réponse sous forme de fraction.', ('fraction',)),
    ('fr', "Bonjour, pouvez-vous m'aider avec cette équation ? 5x + 3 = 28. Que vaut x ?", ()),
    ('fr', "J'ai un exercice de maths : 18 = 5x - 2. Combien vaut x ?", ()),
    ('fr', 'Résous 3x + 5 = 20. Seulement la réponse.', ('answer_only',)),
    ('fr', 'Je suis bloquée sur cet exercice : 2x + 7 = 4. Que vaut x ?', ()),
    ('de', 'Ich mache gerade meine Mathe-Hausaufgaben und komme bei dieser nicht weiter: 7x + 2 = 30. Wie viel ist x?', ()),
    ('de', 'Unsere Lehrerin hat uns diese Aufgabe für morgen gegeben: 3x + 4 = 19. Ich verstehe das nicht. Kannst du es mir erklären?', ('steps',)),
    ('de', 'Ich hänge bei dieser Aufgabe fest: 18 = 5x - 2. Was ist x?', ()),
    ('de', 'Löse 6x - 5 = 10 und gib die Antwort in einer Zeile an.', ('one_line',)),
    ('de', 'Löse 2x + 1 = 8. Gib das Ergebnis als Bruch an.', ('fraction',)),
    ('de', 'Hallo, kannst du mir bei dieser Gleichung helfen? 5x + 3 = 28. Wie groß ist x?', ()),
    ('de', 'Ich übe für die Klassenarbeit. Löse 9x - 4 = 23 Schritt für Schritt.', ('steps',)),
    ('de', 'Bestimme x: 4x + 9 = 1. Nur die Antwort, bitte.', ('answer_only',)),
    ('de', 'Ich komme nicht weiter: 5 = 3x + 9. Was ist x? Gib das Ergebnis als Bruch an.', ('fraction',)),
    ('de', 'Löse 2x + 1 = 8 und gib das Ergebnis als Dezimalzahl an.', ('decimal',)),
    ('pt', 'Tô fazendo o dever de casa de matemática e travei nessa: 7x + 2 = 30. Quanto vale x?', ()),
    ('pt', 'O professor passou esse exercício para amanhã: 3x + 4 = 19. Não sei como achar o x, pode me explicar?', ('steps',)),
    ('pt', 'Estou com dúvida nesta questão: 18 = 5x - 2. Quanto vale x?', ()),
    ('pt', 'Resolva 6x - 5 = 10 e dê a resposta numa linha só.', ('one_line',)),
    ('pt', 'Resolva 2x + 1 = 8. Dê a resposta em forma de fração.', ('fraction',)),
    ('pt', 'Oi, você pode me ajudar com essa equação? 5x + 3 = 28. Qual é o valor de x?', ()),
    ('pt', 'Estou estudando para a prova. Resolva 9x - 4 = 23 passo a passo.', ('steps',)),
    ('pt', 'Resolva 4x + 9 = 1. Só a resposta, por favor.', ('answer_only',)),
    ('pt', 'Travei nessa: 2x + 7 = 4. Quanto vale x? Dê a resposta em forma de fração.', ('fraction',)),
    ('it', 'Sto facendo i compiti di matematica e sono bloccato su questo: 7x + 2 = 30. Quanto fa x?', ()),
    ('it', 'La prof ci ha dato questo esercizio per domani: 3x + 4 = 19. Non capisco come trovare x, me lo spieghi?', ('steps',)),
    ('it', 'Non riesco a risolvere questo esercizio: 18 = 5x - 2. Quanto vale x?', ()),
    ('it', 'Risolvi 6x - 5 = 10 e dai la risposta in una sola riga.', ('one_line',)),
    ('it', 'Risolvi 2x + 1 = 8. Dai il risultato come frazione.', ('fraction',)),
    ('it', 'Ciao, mi aiuti con questa equazione? 5x + 3 = 28. Quanto vale x?', ()),
    ('it', 'Sto studiando per la verifica. Risolvi 9x - 4 = 23 passo per passo.', ('steps',)),
    ('it', 'Risolvi 4x + 9 = 1. Solo la risposta, per favore.', ('answer_only',)),
    ('it', 'Sono bloccata su questo esercizio: 5 = 3x + 9. Quanto vale x?', ()),
    ('ru', 'Делаю домашку по математике и застрял на этом: 7x + 2 = 30. Чему равен x?', ()),
    ('ru', 'Учитель задал нам это упражнение на завтра: 3x + 4 = 19. Не понимаю, как найти x, можешь объяснить?', ('steps',)),
    ('ru', 'Не могу решить этот пример: 18 = 5x - 2. Чему равен x?', ()),
    ('ru', 'Реши 6x - 5 = 10 и дай ответ одной строкой.', ('one_line',)),
    ('ru', 'Решите 2x + 1 = 8. Дайте ответ в виде дроби.', ('fraction',)),
    ('ru', 'Привет, помоги с уравнением: 5x + 3 = 28. Чему равен x?', ()),
    ('ru', 'Готовлюсь к контрольной. Реши 9x - 4 = 23 пошагово.', ('steps',)),
    ('ru', 'Реши 4x + 9 = 1. Только ответ, пожалуйста.', ('answer_only',)),
    ('ru', 'Застряла на этой задаче: 2x + 9 = 4. Чему равен x? Дай ответ в виде дроби.', ('fraction',)),
    ('ru', 'Реши 2x + 1 = 8 и напиши ответ одной строкой.', ('one_line',)),
    ('zh', '老师布置的作业，这道题我不会：7x + 2 = 30，x 是多少？', ()),
    ('zh', '请帮我解一下这个方程 3x + 4 = 19，并写出详细步骤，谢谢！', ('steps',)),
    ('zh', '我在做数学作业，这道题卡住了：18 = 5x - 2。x 等于多少？', ()),
    ('zh', '解方程 6x - 5 = 10，答案写在一行里。', ('one_line',)),
    ('zh', '解方程 2x + 1 = 8，答案用分数表示。', ('fraction',)),
    ('zh', '你好，请帮我解这个方程：5x + 3 = 28。', ()),
    ('zh', '我在准备考试。请一步一步地解方程 9x - 4 = 23。', ('steps',)),
    ('zh', '解方程 4x + 9 = 1，只写答案。', ('answer_only',)),
    ('zh', '这道题我不会：2x + 7 = 4，x 是多少？答案用分数表示。', ('fraction',)),
    ('zh', '解方程 2x + 1 = 8，答案用小数表示。', ('decimal',)),
    ('ja', '宿題でわからない問題があります。7x + 2 = 30 の x を求めて。', ()),
    ('ja', '先生に出された問題です。3x + 4 = 19 の x の値を教えてください。', ()),
    ('ja', 'この問題が解けません：18 = 5x - 2。x はいくつですか？', ()),
    ('ja', '6x - 5 = 10 を解いて、答えを一行で書いてください。', ('one_line',)),
    ('ja', '2x + 1 = 8 を解いて、答えを分数で書いてください。', ('fraction',)),
    ('ja', 'こんにちは。方程式 5x + 3 = 28 を解いてください。', ()),
    ('ja', 'テスト勉強中です。9x - 4 = 23 を順を追って解いてください。', ('steps',)),
    ('ja', '4x + 9 = 1 を解いてください。答えだけでいいです。', ('answer_only',)),
    ('ja', 'この問題が解けません：5 = 3x + 9。x はいくつですか？', ()),
    ('ja', '2x + 1 = 8 を解いて、答えを小数で書いてください。', ('decimal',)),
]

# greetings and thanks around the request, the answer alone in many word orders, the question first
EVERYDAY_SHAPES = [
    ('es', 'Hola, ¿me ayudas a resolver 6x = 18 + 2x? Gracias', ()),
    ('es', 'Hola, ¿me puedes resolver 4x - 3 = 13? ¡Gracias!', ()),
    ('es', 'Dame únicamente el valor de x en 3x + 7 = 22.', ('answer_only',)),
    ('es', 'Resuelve 5x + 2 = 17. Solo la respuesta.', ('answer_only',)),
    ('es', 'Solo la respuesta: 2x + 9 = 15', ('answer_only',)),
    ('es', '¿Cuánto vale x en 2x + 4 = 10?', ()),
    ('es', 'Oye, ¿me resuelves 7x - 1 = 20? Gracias.', ()),
    ('es', 'Buenas, resuélveme esto: 3x + 1 = 10, porfa', ()),
    ('es', 'Calcula x en 8x - 6 = 10, gracias.', ()),
    ('es', 'Resuelve 4x + 4 = 20 y dame solo x.', ('answer_only',)),
    ('es', '¿Cuál es el valor de x si 9x = 27 + 6x?', ()),
    ('fr', "Bonjour ! Pourriez-vous résoudre 3x + 5 = 20, s'il vous plaît ?", ()),
    ('fr', 'Résous 4x - 2 = 10 et donne seulement x.', ('answer_only',)),
    ('fr', 'Quelle est la valeur de x dans 2x + 4 = 10 ?', ()),
    ('fr', 'Salut, tu peux résoudre 5x + 1 = 16 ? Merci !', ()),
    ('fr', 'Donne-moi juste la réponse : 6x - 3 = 15', ('answer_only',)),
    ('fr', 'Résous 7x + 1 = 22, merci.', ()),
    ('fr', 'Bonjour, combien vaut x dans 3x - 4 = 11 ? Merci beaucoup.', ()),
    ('fr', "Trouve x : 5x = 2x + 12. Uniquement la réponse, s'il te plaît.", ('answer_only',)),
    ('fr', 'Peux-tu me donner la valeur de x dans 2x + 7 = 19 ?', ()),
    ('fr', "Résous 3x + 3 = 18 s'il te plaît, juste la réponse.", ('answer_only',)),
    ('de', 'Kannst du mir schnell 12 - x = 5 lösen?', ()),
    ('de', 'Gib nur das Ergebnis an: 3x + 4 = 19', ('answer_only',)),
    ('de', 'Nur die Lösung bitte: 2x + 6 = 14', ('answer_only',)),
    ('de', 'Hallo! Löse bitte 5x - 5 = 20. Danke!', ()),
    ('de', 'Was ist x in 4x + 1 = 17?', ()),
    ('de', 'Hi, kannst du 7x = 3x + 20 lösen? Danke schön.', ()),
    ('de', 'Berechne x: 6x - 4 = 20. Nur das Ergebnis.', ('answer_only',)),
    ('de', 'Wie groß ist x, wenn 3x + 2 = 14?', ()),
    ('de', 'Löse 2x + 5 = 17 und gib nur x an.', ('answer_only',)),
    ('de', 'Bitte löse 9x - 3 = 24, danke.', ()),
    ('pt', 'Oi, resolve aí pra mim: 3x + 2 = 14', ()),
    ('pt', 'Me diga só o valor de x: 2x + 5 = 11', ('answer_only',)),
    ('pt', 'Me dê apenas o x: 4x - 1 = 15', ('answer_only',)),
    ('pt', 'Olá! Pode resolver 5x + 5 = 30? Obrigado!', ()),
    ('pt', 'Quanto vale x em 3x - 6 = 9?', ()),
    ('pt', 'Resolva 6x = 2x + 16, por favor. Obrigada.', ()),
    ('pt', 'Só a resposta: 7x + 2 = 30', ('answer_only',)),
    ('pt', 'Qual o valor de x se 2x + 3 = 15?', ()),
    ('pt', 'Resolva 8x - 8 = 16 e me dê só o x.', ('answer_only',)),
    ('pt', 'Oi, me ajuda a resolver 9x + 1 = 28? Valeu!', ()),
    ('it', 'Ciao, potresti risolvere 3x + 5 = 20? Grazie mille', ()),
    ('it', 'Dammi solo x: 2x + 7 = 15', ('answer_only',)),
    ('it', 'Solo il risultato: 4x - 4 = 12', ('answer_only',)),
    ('it', 'Quanto vale x in 5x + 2 = 27?', ()),
    ('it', 'Buongiorno, mi risolvi 6x - 3 = 21? Grazie.', ()),
    ('it', 'Risolvi 7x = 3x + 12, per favore.', ()),
    ('it', 'Trova x: 8x + 1 = 25. Solo la risposta.', ('answer_only',)),
    ('it', 'Qual è il valore di x se 3x - 2 = 10?', ()),
    ('it', 'Risolvi 2x + 2 = 10 e dammi solo x.', ('answer_only',)),
    ('it', 'Ehi, mi aiuti a risolvere 9x - 9 = 18? Grazie!', ()),
    ('ru', 'Только ответ: 3x + 5 = 20', ('answer_only',)),
    ('ru', 'Только ответ, без решения: 2x + 4 = 10', ('answer_only',)),
    ('ru', 'Привет! Реши, пожалуйста, 4x - 2 = 14. Спасибо!', ()),
    ('ru', 'Чему равен x в уравнении 5x + 1 = 21?', ()),
    ('ru', 'Найди x: 6x - 6 = 18. Только ответ.', ('answer_only',)),
    ('ru', 'Можешь решить 7x = 2x + 15? Спасибо.', ()),
    ('ru', 'Здравствуйте, решите уравнение 3x + 3 = 12, пожалуйста.', ()),
    ('ru', 'Найди x, если 8x + 2 = 26.', ()),
    ('ru', 'Реши 2x + 9 = 17 и напиши только x.', ('answer_only',)),
    ('ru', 'Помоги решить 9x - 1 = 26, спасибо!', ()),
    ('zh', 'x 等于多少?2x + 15 = 5x', ()),
    ('zh', '只要答案：3x + 5 = 20', ('answer_only',)),
    ('zh', '直接给答案就行：2x + 4 = 10', ('answer_only',)),
    ('zh', '你好，帮我解一下 4x - 2 = 14，谢谢！', ()),
    ('zh', '求 x：6x - 6 = 18，只要答案。', ('answer_only',)),
    ('zh', '请解方程 7x = 2x + 15。谢谢', ()),
    ('zh', '已知 3x + 3 = 12，求 x 的值。', ()),
    ('zh', '5x + 1 = 21，x 等于几？', ()),
    ('zh', '麻烦解一下这个方程：8x + 2 = 26，谢谢。', ()),
    ('zh', '解方程 2x + 9 = 17，直接给答案。', ('answer_only',)),
    ('ja', 'すみません、2x + 1 = 15 の解き方を教えてください。', ('steps',)),
    ('ja', '答えだけ：3x + 5 = 20', ('answer_only',)),
    ('ja', '答えだけでいいです：2x + 4 = 10', ('answer_only',)),
    ('ja', 'x を求めよ：5x - 4 = 16', ()),
    ('ja', 'こんにちは、4x - 2 = 14 を解いてください。ありがとうございます。', ()),
    ('ja', '6x - 6 = 18 を解いて。答えだけお願いします。', ('answer_only',)),
    ('ja', '7x = 2x + 15 のとき、x はいくつですか？', ()),
    ('ja', '3x + 3 = 12 を解いてもらえますか？', ()),
    ('ja', 'x の値を求めてください：8x + 2 = 26', ()),
    ('ja', 'お願いします。9x - 1 = 26 を解いてください。', ()),
    ('es', '¿Me podrías decir cuánto vale x en 5x - 2 = 18? Gracias de antemano.', ()),
    ('es', 'Halla x: 4x + 1 = 13. Solo el resultado, por favor.', ('answer_only',)),
    ('es', 'Resuelve 2x - 3 = 7, solo la respuesta.', ('answer_only',)),
    ('es', 'Oye, ¿cuánto es x si 7x = 4x + 9?', ()),
    ('fr', 'Salut ! Tu peux me dire combien vaut x dans 5x - 2 = 18 ?', ()),
    ('fr', 'Résous 3x + 6 = 21 stp, merci !', ()),
    ('fr', 'Donne seulement la réponse : 4x + 1 = 13', ('answer_only',)),
    ('fr', "Trouve x dans 7x = 4x + 9. Merci d'avance !", ()),
    ('fr', "Bonjour, résous-moi 2x - 3 = 7 s'il te plaît.", ()),
    ('de', 'Hallo, was ist x bei 5x - 2 = 18?', ()),
    ('de', 'Kannst du bitte 3x + 6 = 21 lösen? Vielen Dank!', ()),
    ('de', 'Berechne x in 4x + 1 = 13, nur die Antwort bitte.', ('answer_only',)),
    ('de', 'Wie lautet die Lösung von 6x + 6 = 30?', ()),
    ('de', 'Löse nach x auf: 7x = 4x + 9', ()),
    ('de', 'Gib mir nur x: 2x - 3 = 7', ('answer_only',)),
    ('pt', 'Olá, quanto é x em 5x - 2 = 18?', ()),
    ('pt', 'Pode resolver 3x + 6 = 21 pra mim? Valeu!', ()),
    ('pt', 'Calcule x: 4x + 1 = 13. Só a resposta, por favor.', ('answer_only',)),
    ('pt', 'Qual é a solução de 6x + 6 = 30?', ()),
    ('pt', 'Encontre x em 7x = 4x + 9, obrigado.', ()),
    ('pt', 'Me dá só o resultado: 2x - 3 = 7', ('answer_only',)),
    ('it', 'Ciao! Quanto vale x in 5x - 2 = 18?', ()),
    ('it', 'Puoi risolvere 3x + 6 = 21, per favore? Grazie!', ()),
    ('it', 'Calcola x: 4x + 1 = 13. Solo il risultato.', ('answer_only',)),
    ('it', 'Qual è la soluzione di 6x + 6 = 30?', ()),
    ('it', 'Trova x in 7x = 4x + 9, grazie.', ()),
    ('it', 'Dimmi solo il valore di x: 2x - 3 = 7', ('answer_only',)),
    ('ru', 'Привет, чему равен x в 5x - 2 = 18?', ()),
    ('ru', 'Реши, пожалуйста, 3x + 6 = 21. Заранее спасибо!', ()),
    ('ru', 'Найди x: 4x + 1 = 13. Только ответ, пожалуйста.', ('answer_only',)),
    ('ru', 'Найдите x из 7x = 4x + 9, спасибо.', ()),
    ('ru', 'Дай только ответ: 2x - 3 = 7', ('answer_only',)),
    ('zh', '你好！5x - 2 = 18，x 是多少？', ()),
    ('zh', '请帮我解 3x + 6 = 21，多谢！', ()),
    ('zh', '求 x：4x + 1 = 13，只要结果。', ('answer_only',)),
    ('zh', '解 7x = 4x + 9，直接给答案就行。', ('answer_only',)),
    ('zh', '只写答案：2x - 3 = 7', ('answer_only',)),
    ('ja', 'こんにちは！5x - 2 = 18 の x はいくつですか？', ()),
    ('ja', '3x + 6 = 21 を解いてください。よろしくお願いします。', ()),
    ('ja', 'x を求めてください：4x + 1 = 13。答えだけでいいです。', ('answer_only',)),
    ('ja', '6x + 6 = 30 の解は何ですか？', ()),
    ('ja', '7x = 4x + 9 を解いて。ありがとう！', ()),
    ('ja', '答えのみ：2x - 3 = 7', ('answer_only',)),
]
PHRASINGS += EVERYDAY_SHAPES

# (language, prompt): each must not be claimed
TRAPS = [
    # (the answer asked as a bare number, red team W3: served as the number alone, proven, in
    # test_linear_asked_and_checked.py BARE_NUMBER_SERVED)
    ('en', "I'm doing my maths homework and I'm stuck on this one: 7x + 2 = 30. How much is x? Answer in French."),
    ('en', "I'm stuck on this one: 7x + 2 = 30. Is x = 4?"),
    ('en', "I'm doing my homework in German: 7x + 2 = 30. How much is x?"),
    ('es', 'Estoy haciendo los deberes en inglés y no me sale este: 7x + 2 = 30. ¿Cuánto vale x?'),
    ('es', 'Me atasqué con este ejercicio: 7x + 2 = 30. ¿Cuánto vale x? Responde en inglés.'),
    ('es', 'Estoy atascado con esta inecuación: 7x + 2 = 30. ¿Cuánto vale x?'),
    ('es', 'Me atasqué con este ejercicio: 7x + 2 = 30. ¿Es x = 4?'),
    ('es', 'Hola, ¿me ayudas con esta ecuación en francés? 5x + 3 = 28. ¿Cuánto vale x?'),
    ('fr', 'Je fais mes devoirs de maths et je bloque sur celui-ci : 7x + 2 = 30. Combien vaut x ? Réponds en anglais.'),
    ('fr', 'Je bloque sur cet exercice : 7x + 2 = 30. Est-ce que x = 4 ?'),
    ('fr', 'Je bloque sur cette inéquation : 7x + 2 = 30. Combien vaut x ?'),
    ('de', 'Ich komme nicht weiter: 7x + 2 = 30. Was ist x? Erkläre es auf Englisch.'),
    ('de', 'Ich komme bei dieser Ungleichung nicht weiter: 7x + 2 = 30. Was ist x?'),
    ('de', 'Ich komme nicht weiter: 7x + 2 = 30. Stimmt x = 4?'),
    ('pt', 'Tô fazendo o dever de casa de matemática e travei nessa: 7x + 2 = 30. Quanto vale x? Responda em inglês.'),
    ('pt', 'Travei nessa inequação: 7x + 2 = 30. Quanto vale x?'),
    ('pt', 'Travei nessa: 7x + 2 = 30. x = 4?'),
    ('it', 'Sto facendo i compiti di matematica e sono bloccato su questo: 7x + 2 = 30. Quanto fa x? Rispondi in inglese.'),
    ('it', 'Sono bloccato su questa disequazione: 7x + 2 = 30. Quanto vale x?'),
    ('it', 'Sono bloccato su questo: 7x + 2 = 30. È vero che x = 4?'),
    ('ru', 'Делаю домашку по математике и застрял на этом: 7x + 2 = 30. Чему равен x? Ответь по-английски.'),
    ('ru', 'Застрял на этом неравенстве: 7x + 2 = 30. Чему равен x?'),
    ('ru', 'Застрял на этом: 7x + 2 = 30. Верно ли, что x = 4?'),
    ('zh', '老师布置的作业，这道题我不会：7x + 2 = 30，x 是多少？用英文回答。'),
    ('zh', '这道题我不会：7x + 2 = 30，x = 4 吗？'),
    ('zh', '这道不等式我不会：7x + 2 = 30，x 是多少？'),
    ('zh', '解方程 x + 2 = 1一步一步。'),
    ('zh', '解方程 6x - 5 = 10，答案写在一行里，用英文。'),
    ('zh', '解方程 x + 2 = 1 一步一步。'),  # "1 一": a word beside a number, or 11?
    ('zh', '解方程 x + 15 = 3！求 x。'),  # "3！": a factorial, as "3!" is
    ('ja', 'この問題が解けません：2x - 7 = 9.x はいくつですか？'),  # "9.x": a stop, or a dot for 9·x?
    ('ja', '宿題でわからない問題があります。7x + 2 = 30 の x を英語で求めて。'),
    ('ja', 'この不等式が解けません：7x + 2 = 30。x はいくつですか？'),
    ('ja', 'この問題が解けません：7x + 2 = 30。x = 4 ですか？'),
    ('ja', '4x + 9 = 1 を解いてください。答えを英語で書いてください。'),
    # thanks, greetings and the answer alone beside another language, an inequality, a negation, a yes/no
    # check, another unknown, scrambled words; a question mark or a sentence mark right before an equation
    ('es', 'Hola, ¿me ayudas a resolver 6x = 18 + 2x? Gracias. Responde en inglés.'),
    ('es', 'Hola, ¿me ayudas con esta inecuación? 6x = 18 + 2x. ¡Gracias!'),
    ('es', 'No resuelvas 3x + 7 = 22, gracias.'),
    ('es', 'Dame únicamente el valor de y en 3x + 7 = 22.'),
    ('es', 'Solo la respuesta en inglés: 2x + 9 = 15'),
    ('es', 'Solo la respuesta: ¿es x = 3 en 2x + 9 = 15?'),
    ('es', 'respuesta la Solo: 2x + 9 = 15'),
    ('es', 'Gracias resuelve hola 3x + 1 = 10'),
    ('es', 'Dame únicamente el doble de x en 3x + 7 = 22, gracias.'),
    ('fr', "Bonjour ! Pourriez-vous résoudre 3x + 5 = 20 en anglais, s'il vous plaît ?"),
    ('fr', 'Donne la réponse juste : 6x - 3 = 15'),
    ('fr', 'Juste le nombre de solutions de 2x + 3 = 11.'),
    ('fr', 'Ne résous pas 4x - 2 = 10, merci.'),
    ('fr', 'Combien vaut x si 2x + 3 = 11 ? Juste oui ou non.'),
    ('fr', "Résous l'inéquation 4x - 2 = 10 et donne seulement x."),
    ('fr', 'nombre le Juste. Combien x vaut si 2x + 3 = 11 ?'),
    ('de', 'Kannst du mir schnell 12 - x = 5 nicht lösen?'),
    ('de', 'Nur die Lösung bitte, auf Englisch: 2x + 6 = 14'),
    ('de', 'Gib nur das Ergebnis für y an: 3x + 4 = 19'),
    # (('de', 'Danke! Ist x = 5 die Lösung von 3x + 4 = 19?'): a yes/no check, now read and answered exactly, wip/lin:
    # served proven AND right in test_linear_asked_and_checked.py YES_NO_SERVED)
    ('de', 'Löse die Ungleichung 5x - 5 = 20. Danke!'),
    ('de', 'Ergebnis das nur Gib an: 3x + 4 = 19'),
    ('pt', 'Oi, resolve aí pra mim em inglês: 3x + 2 = 14'),
    ('pt', 'Preciso apenas de y: 4x - 1 = 15'),
    ('pt', 'Não resolva 5x + 5 = 30. Obrigado!'),
    ('pt', 'Só a resposta: a inequação 7x + 2 = 30'),
    ('pt', 'Resolva 8x - 8 = 16 e me dê só o y.'),
    ('pt', 'resposta a Só: 7x + 2 = 30'),
    ('it', 'Ciao, potresti risolvere la disequazione 3x + 5 = 20? Grazie mille'),
    ('it', 'Dammi solo y: 2x + 7 = 15'),
    ('it', 'Solo il risultato in inglese: 4x - 4 = 12'),
    ('it', 'Non risolvere 6x - 3 = 21, grazie.'),
    ('it', 'risultato il Solo: 4x - 4 = 12'),
    ('it', 'Solo il risultato: x = 4 è giusto per 4x - 4 = 12?'),
    ('ru', 'Только ответ по-английски: 3x + 5 = 20'),
    ('ru', 'Только ответ: неравенство 3x + 5 = 20'),
    ('ru', 'Не решай 4x - 2 = 14. Спасибо!'),
    ('ru', 'Реши 2x + 9 = 17 и напиши только y.'),
    ('ru', '3x + 5 = 20 Только: ответ'),
    ('ru', 'Только ответ: верно ли, что x = 5 в 3x + 5 = 20?'),
    ('zh', '只要答案：不等式 3x + 5 = 20'),
    ('zh', '不要解 3x + 5 = 20，只要答案。'),
    ('zh', '直接给答案就行，用英文：2x + 4 = 10'),
    ('zh', 'y 等于多少？2x + 15 = 5x'),
    ('zh', '3x + 5 = 20 答案：只要'),
    ('zh', '解方程 2x + 9 = 17，直接给答案，x = 4 对吗？'),
    ('ja', '答えだけ英語で：3x + 5 = 20'),
    ('ja', '答えだけ：3x + 5 = 20 は正しいですか？'),
    ('ja', 'x を求めるな：5x - 4 = 16'),
    ('ja', 'y を求めよ：5x - 4 = 16'),
    ('ja', '3x + 5 = 20 だけ：答え'),
    ('ja', '3x + 3 = 12 を解かないでもらえますか？'),
    ('es', 'Resuelve x + 15 = 3! ¡Gracias!'),  # '3!': a factorial, though '!' ends a sentence
    ('de', 'Löse x + 15 = 3 ! Danke!'),
    ('ja', '7x + 2 = 30 の y はいくつですか？'),
    ('ja', '7x + 2 = 30 の解は正しいですか？'),
    ('ja', '7x + 2 = 30 の x の二乗はいくつですか？'),
    ('ja', 'こんにちは！7x + 2 = 30 の x は 4 ですか？'),
    ('de', 'Was ist x bei 7x + 2 = 30 auf Englisch?'),
    ('de', 'Berechne x in 4x + 1 = 13, nur die Antwort auf Englisch bitte.'),
    ('es', '¿Me puedes decir si x = 4 en 7x + 2 = 30?'),
    ('es', 'Resuelve 2x - 3 = 7, solo la respuesta en inglés.'),
    ('es', 'Dame solo el número de soluciones de 6x + 6 = 30.'),
    ('fr', 'Tu peux me dire si x = 4 dans 7x + 2 = 30 ?'),
    ('fr', "Bonjour, résous-moi l'inéquation 2x - 3 = 7 s'il te plaît."),
    ('pt', 'Pode resolver 3x + 6 = 21 pra mim em inglês?'),
    ('zh', '你好！7x + 2 = 30，x = 4 吗？'),
    ('zh', '只写答案，用英文：2x - 3 = 7'),
    ('ru', 'Застрял на этом примере: 3x + 5 = 20.! Чему равен x?'),  # '!' after a mark: no word's emphasis
    ('es', 'Resuelve 2x + 1 = 5 !'),
    ('en', 'x = ?2x + 1 = 5'),
    ('en', 'Is x = 2?3x = 6'),
    ('en', 'Solve 2x + 1 = 5! Then 3x!'),
]

_NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
_ANSWER = re.compile(r"x\s*=\s*(-?\d+(?:/\d+|\.\d+)?)\s*$")

# (language, prompt, asked expression, its value): once traps ("another quantity"), now read with
# the expression asked (issue 33): keyed apart from x, and served with its value, never x's
ASKED_AFTER_CONTEXT = [
    ('en', "I'm stuck on this one: 7x + 2 = 30. How much is 2x?", '2*x', 8),
    ('fr', 'Je bloque sur cet exercice : 7x + 2 = 30. Combien vaut 2x ?', '2*x', 8),
    ('pt', 'Travei nessa: 7x + 2 = 30. Quanto vale x + 1?', 'x + 1', 5),
    ('ru', 'Застрял на этом: 7x + 2 = 30. Чему равен x в квадрате?', 'x**2', 16),
    # a trap until wip/linR (an expression asked before "是多少"): now served with x squared's value
    ('zh', '这道题我不会：7x + 2 = 30，x 的平方是多少？', 'x**2', 16),
]


class Oracle:
    """Answers each prompt with its right value, counted (the fuzzer's parser, not the engine's)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        (lc, lk), (rc, rk) = parse_equation(_equations(prompt)[0])
        a, b = lc.get("x", 0) - rc.get("x", 0), rk - lk
        return f"{_fmt(a)}x = {_fmt(b)}\nAnswer: x = {_fmt(Fraction(b) / a)}"


def _equations(prompt: str) -> list[str]:
    return re.findall(r"-?[0-9x][0-9x +\-]*=[0-9x +\-]*[0-9x]", prompt)


def _fmt(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _holds(equation: str, value: Fraction) -> bool:
    left, right = parse_equation(equation)
    return evaluate(left, {"x": value}) == evaluate(right, {"x": value})


def _solution(equation: str) -> Fraction:
    (lc, lk), (rc, rk) = parse_equation(equation)
    return Fraction(rk - lk) / (lc.get("x", 0) - rc.get("x", 0))


def _changed(prompt: str) -> tuple[str, str]:
    """The prompt with the last constant of its equation moved by twice the unknown's coefficient
    (the answer moves by 2 away from 0, keeping its kind and sign: an integer turned fraction, or a
    sign turned, is patched by the model in English too), and that equation."""
    old = _equations(prompt)[0]
    (lc, _), (rc, _) = parse_equation(old)
    step = 2 * abs(lc.get("x", 0) - rc.get("x", 0))
    value = _solution(old)
    candidates = [old[: m.start()] + str(int(m.group()) + d) + old[m.end():]
                  for m in _NUMBER.finditer(old) for d in (step, -step) if int(m.group()) + d >= 0]
    new = next(c for c in candidates if abs(_solution(c)) > abs(value) and _solution(c) * value >= 0)
    return prompt.replace(old, new, 1), new


@pytest.mark.parametrize(("language", "prompt", "fmt"), PHRASINGS)
def test_each_phrasing_is_read_with_its_format(language: str, prompt: str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.asked == ("x",) and problem.format == fmt
    assert [eq.text for eq in problem.equations] == _equations(prompt)
    assert _holds(_equations(prompt)[0], problem.solution["x"])


@pytest.mark.parametrize(("language", "prompt", "fmt"), PHRASINGS)
def test_a_changed_constant_is_served_proven_without_a_model_call(language: str, prompt: str,
                                                                   fmt: tuple[str, ...]) -> None:
    served_again(prompt, fmt)


def served_again(prompt: str, fmt: tuple[str, ...]) -> list[str]:
    """Cache ``prompt``, then ask it with a changed constant: served proven without a model call,
    right by the fuzzer's oracle, in the format asked. The served answer's lines."""
    cache, model = StepCache(), Oracle()
    first = cache.generate(prompt, model)
    assert first.verified and first.task == "linear_equation", prompt
    changed, equation = _changed(prompt)
    before = model.calls
    again = cache.generate(changed, model)
    assert model.calls == before and again.model_calls == 0, changed
    assert again.verified and again.verification == "proven"
    lines = again.text.strip().splitlines()
    found = _ANSWER.search(lines[-1])
    if "bare_number" in fmt:  # the number alone, nothing around it (W5: never "x = 6")
        found = re.fullmatch(r"(-?[0-9]+(?:/[0-9]+|\.[0-9]+)?)", again.text.strip())
    assert found is not None, again.text
    assert _holds(equation, Fraction(found.group(1))), (changed, again.text)
    if "one_line" in fmt or "answer_only" in fmt:
        assert len(lines) == 1, again.text
    if "fraction" in fmt:
        assert "." not in found.group(1), again.text
    if "decimal" in fmt:
        assert "/" not in found.group(1), again.text
    return lines


@pytest.mark.parametrize(("language", "prompt"), TRAPS)
def test_a_trap_is_no_claim(language: str, prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


@pytest.mark.parametrize(("language", "prompt"), TRAPS)
def test_a_trap_is_not_served_from_the_cached_problem(language: str, prompt: str) -> None:
    """The same equation solved and cached first: the trap still reaches the model."""
    reaches_the_model(prompt, "Solve 7x + 2 = 30.")


def reaches_the_model(prompt: str, cached: str) -> None:
    """With ``cached`` (the same equation) solved and cached first, ``prompt`` still reaches the model."""
    cache, model = StepCache(), Oracle()
    cache.generate(cached, model)
    asked: list[str] = []
    result = cache.generate(prompt, lambda p: asked.append(p) or "I cannot say.")
    assert asked and result.model_calls >= 1, prompt
    assert not (result.verified and result.task == "linear_equation"), prompt


@pytest.mark.parametrize(("language", "prompt", "target", "value"), ASKED_AFTER_CONTEXT)
def test_another_quantity_after_a_context_sentence_is_read_and_served_with_its_value(
        language: str, prompt: str, target: str, value: int) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.target == target and problem.target_value == value, prompt
    cache, model = StepCache(), Oracle()
    cache.generate("Solve 7x + 2 = 30.", model)  # the x answer cached (another language, or far: a model call)
    result = cache.generate(prompt, model)  # the model states x alone: only the expression's value passes
    assert result.verified and result.verification == "proven", (prompt, result.outcome, result.text)
    last = result.text.strip().splitlines()[-1]
    assert last.endswith(f"= {value}") and not last.endswith("x = 4"), result.text


# (language, prompt): a system of two equations in x and y asked in each language's words
SYSTEMS = [
    ('es', 'Resuelve el sistema: x + y = 10, x - y = 2'),
    ('fr', 'Résous le système : x + y = 9, x - y = 3'),
    ('de', 'Löse das Gleichungssystem: x + y = 9, x - y = 3'),
    ('pt', 'Resolva o sistema: x + y = 9, x - y = 3'),
    ('it', 'Risolvi il sistema: x + y = 9, x - y = 3'),
    ('ru', 'Реши систему: x + y = 9, x - y = 3'),
    ('zh', '解方程组：x + y = 9，x - y = 3'),
    ('ja', '連立方程式を解いてください：x + y = 9、x - y = 3'),
    ('zh', '你好，解方程组：x + y = 9，x - y = 3，谢谢！'),
    ('de', 'Hallo! Löse bitte das Gleichungssystem: x + y = 9, x - y = 3. Danke!'),
]


class SystemOracle:
    """Answers a system in x and y with its right values (Cramer's rule over the fuzzer's parser), counted."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        x, y = _system_solution(prompt)
        return f"Add the equations.\nAnswer: x = {_fmt(x)}, y = {_fmt(y)}"


def _system_equations(prompt: str) -> list[str]:
    return re.findall(r"-?[0-9xy][0-9xy +\-]*=[0-9xy +\-]*[0-9xy]", prompt)


def _system_solution(prompt: str) -> tuple[Fraction, Fraction]:
    rows = []
    for equation in _system_equations(prompt)[:2]:
        (lc, lk), (rc, rk) = parse_equation(equation)
        rows.append((lc.get("x", 0) - rc.get("x", 0), lc.get("y", 0) - rc.get("y", 0), rk - lk))
    (a, b, c), (d, e, f) = rows
    det = Fraction(a * e - b * d)
    return (c * e - b * f) / det, (a * f - c * d) / det


@pytest.mark.parametrize(("language", "prompt"), SYSTEMS)
def test_a_system_is_read_and_a_changed_constant_served_proven(language: str, prompt: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.asked == ("x", "y"), prompt
    assert [eq.text for eq in problem.equations] == _system_equations(prompt)
    cache, model = StepCache(), SystemOracle()
    assert cache.generate(prompt, model).verified, prompt
    first = _system_equations(prompt)[0]
    moved = first[: first.rindex("=")] + "= " + str(int(first.rsplit("=", 1)[1]) + 2)  # the sum moves by 2: integers stay
    changed = prompt.replace(first, moved, 1)
    again = cache.generate(changed, model)
    assert model.calls == 1 and again.model_calls == 0, changed
    assert again.verified and again.verification == "proven"
    x, y = _system_solution(changed)
    assert again.text.strip().splitlines()[-1].endswith(f"x = {_fmt(x)}, y = {_fmt(y)}"), again.text


@pytest.mark.parametrize(("language", "prompt", "fmt"), [row for row in EVERYDAY_SHAPES if row[0] not in ("zh", "ja")])
def test_the_same_words_shuffled_are_not_read(language: str, prompt: str, fmt: tuple[str, ...]) -> None:
    """A bag of the right words is no request: the words reversed, and shuffled (seeded), are declined."""
    words = prompt.split(" ")
    orders = [words[::-1]]
    rng = random.Random(prompt)
    for _ in range(10):
        orders.append(rng.sample(words, len(words)))
    for order in orders:
        if order != words:
            assert understand_prompt(" ".join(order)) is None, " ".join(order)


def test_the_fuzz_oracle_reads_a_words_exclamation_as_the_reader_does() -> None:
    """The judge's own reading: "!" after a word ends its sentence; after a number or a mark it is no
    sentence end (a factorial, or an emphasis of nothing)."""
    from ..fuzz.oracle import understand_text

    assert understand_text("Sto facendo i compiti e sono bloccato su questo! 9 - 2x = 1. Quanto vale x?") is not None
    assert understand_text("Застрял на этом примере: 3x + 5 = 20.! Чему равен x?") is None
    assert understand_text("Resuelve la ecuación 2x + 1 = 5!") is None
