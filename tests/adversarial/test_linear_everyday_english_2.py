"""Everyday English linear requests, second round (issue 33, items 2 and 4): question shapes ("How
do I solve ...?", "the value of x that makes ... true", "x satisfies ...", "let n be a number such
that ...", "3x+1=16 x=?", "x = ? if ..."), a format leading or joined to the request ("In one line:
...", ", showing numbered steps", "Give only x as a fraction: ...", "the exact answer", "briefly"),
context before it ("Homework question:", "Exercise 3:", "Quick question - ...", a persona naming its
audience, "System: Answer concisely.", a chat's earlier exchanges) and spelled equations paused by commas. Written by hand,
not from the held-out files. Every phrasing is read, served again with a changed constant by
re-instantiation (no model call, proven, right, in the format asked); every trap (an inequality, a
check of a given value, another language, another quantity or form, a chat history that states
other equations) is no claim and reaches the model even with the same equation cached."""

from __future__ import annotations

import random
import re

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .test_linear_everyday_languages import _equations, _holds, reaches_the_model, served_again

# (prompt, format read): one unknown x, each served again with a changed constant
PHRASINGS = [
    # question shapes
    ("Find the value of x that makes 3x + 11 = 38 true.", ()),
    ("What value of x makes 5x + 3 = 38 true?", ()),
    ("Which x makes 7 - 2x = 1 true?", ()),
    ("How do I solve 6x + 4 = 40?", ("steps",)),
    ("How would you solve 8 - 3x = 2?", ("steps",)),
    ("How to solve 9x - 5 = 31?", ("steps",)),
    ("How do I find x if 4x + 7 = 27?", ("steps",)),
    ("How do you work out x in 5x - 4 = 26?", ("steps",)),
    ("Can you explain how to solve 3x + 12 = 30?", ("steps",)),
    ("Could you show me how to solve 7x - 2 = 40, please?", ("steps",)),
    ("Show me how to solve 11x + 1 = 45.", ("steps",)),
    ("I need the x that satisfies 4x + 3 = 31, can you work it out?", ()),
    ("I need the value of x in 6x + 2 = 20.", ()),
    ("I need x: 2x + 9 = 21", ()),
    ("x satisfies 2x + 11 = 27. Find x.", ()),
    ("x satisfies 5x - 6 = 24. What is x?", ()),
    ("Let x be the number such that 4x + 6 = 30. Find x.", ()),
    ("whats x if 5x - 10 = 15", ()),
    ("whats the value of x in 3x + 3 = 21?", ()),
    ("What number is x when 2x + 9 = 25?", ()),
    ("Solve for x pls: 5x + 5 = 35", ()),
    ("Find x please: 8x + 1 = 41", ()),
    ("2x + 3 = 13, can you solve it?", ()),
    # a format leading or joined to the request
    ("In one line: solve 4x + 3 = 31", ("one_line",)),
    ("In one line, solve 6x - 3 = 27", ("one_line",)),
    ("Step by step: solve 5x - 8 = 12", ("steps",)),
    ("Briefly: what is x if 2x + 5 = 19?", ("answer_only",)),
    ("Solve 3x + 7 = 25, showing numbered steps.", ("steps", "numbered")),
    ("Give only x as a fraction: 4x + 1 = 11", ("answer_only", "fraction")),
    ("Write only x as a decimal: 4x + 1 = 11", ("answer_only", "decimal")),
    ("Solve 4x + 2 = 12. Give the exact answer.", ("fraction",)),
    ("What is x if 6x + 1 = 9? Give the exact value.", ("fraction",)),
    ("Solve 2x + 5 = 8 and give the exact answer.", ("fraction",)),
    ("Exact answer: 3x + 2 = 7", ("fraction",)),
    ("Solve 8x - 3 = 29 briefly.", ("answer_only",)),
    ("Solve 5x + 6 = 41 concisely.", ("answer_only",)),
    ("What is x in 3x + 9 = 30? Answer concisely.", ("answer_only",)),
    ("Solve 3x + 9 = 30. Be brief.", ("answer_only",)),
    ("Solve 4x - 9 = 31. Keep it short.", ("answer_only",)),
    # context before the request
    ("Homework question: solve 4x + 2 = 22.", ()),
    ("Math problem: what is x if 3x - 7 = 8?", ()),
    ("Exercise 4: solve 2x + 7 = 19.", ()),
    ("Problem 2: 5x - 3 = 17", ()),
    ("Question #3: What is x if 9x - 9 = 54?", ()),
    ("Quick question - what's x in 4x + 5 = 25?", ()),
    ("Homework - solve 7x + 1 = 29", ()),
    ("Hey, how do I solve 3x + 8 = 20?", ("steps",)),
    ("Hi there, can you show me how to solve 6x - 6 = 30?", ("steps",)),
    ("System: You are a patient teacher for a 12-year-old.\nUser: Can you show me how to solve 2x + 9 = 19?",
     ("steps",)),
    ("System: You are a friendly tutor for a 10-year-old.\nUser: Solve 4x + 4 = 28.", ()),
    ("System: You are a patient math teacher for kids.\nUser: What is x if 5x - 5 = 30?", ()),
    ("System: You are a helpful tutor for beginners.\nUser: How do I solve 2x + 6 = 16?", ("steps",)),
    ("System: Answer concisely.\nUser: What is x in 3x - 5 = 16?", ("answer_only",)),
    # more everyday shapes: a struggle stated, the unknown by another name, "for which x", a dash
    ("I'm trying to solve 5x - 3 = 22. What is x?", ()),
    ("I can't figure out x in 3x + 2 = 17.", ()),
    ("I don't get how to solve 2x + 5 = 13.", ()),
    ("Solve this: 2x + 8 = 20", ()),
    ("Solve the following: 5x - 5 = 35", ()),
    ("Find the unknown: 3x + 5 = 26", ()),
    ("Find the missing number: 4x + 1 = 21", ()),
    ("Find the root of 3x + 6 = 21.", ()),
    ("Evaluate x if 5x + 5 = 50", ()),
    ("Need help with 7x + 6 = 20", ()),
    ("I need help with 3x + 6 = 21.", ()),
    ("Walk me through solving 4x + 6 = 26.", ("steps",)),
    ("Walk me through 3x + 6 = 21.", ("steps",)),
    ("Can you walk me through how to solve 2x + 6 = 22?", ("steps",)),
    ("Explain how you would solve 5x + 6 = 31.", ("steps",)),
    ("What are the steps to solve 3x + 4 = 22?", ("steps",)),
    ("If 3x + 6 = 21, what does x equal?", ()),
    ("Assume 2x + 6 = 20. What is x?", ()),
    ("Hey can you solve 3x + 6 = 27", ()),
    ("hey whats x in 3x + 6 = 21", ()),
    ("yo solve 4x + 6 = 22", ()),
    ("Solve for the variable: 3x + 6 = 21", ()),
    ("Solve for the unknown: 5x - 6 = 24", ()),
    ("Find the x for which 3x + 6 = 21.", ()),
    ("For what value of x is 3x + 6 = 24?", ()),
    ("For which x does 2x + 6 = 16 hold?", ()),
    ("For which x is 3x + 9 = 21 true?", ()),
    ("At what value of x does 4x - 6 = 14?", ()),
    ("What x satisfies 3x + 6 = 21?", ()),
    ("What value of x solves 5x + 6 = 26?", ()),
    ("Solve 3x + 6 = 21 for the value of x.", ()),
    ("Solve 7x + 6 = 20. What do you get for x?", ()),
    ("3x + 6 = 21 -- what is x?", ()),
    ("Exercise 3 - solve 2x + 6 = 18", ()),
    ("Solve 3x + 6 = 21. No steps needed.", ("answer_only",)),
    ("Solve 3x + 6 = 21. I just need the answer.", ("answer_only",)),
    ("Solve 4x + 6 = 26 - just the answer please.", ("answer_only",)),
    ("Solve 3x + 6 = 21. Show your working out.", ("steps",)),
    ("Solve 3x + 6 = 21. Use numbered steps.", ("steps", "numbered")),
    ("Solve 2x + 6 = 20 in one line.", ("one_line",)),
    ("Solve 3x + 6 = 27. One line please.", ("one_line",)),
    ("Solve 2x + 6 = 11. Express x as a fraction.", ("fraction",)),
    ("Solve 2x + 6 = 11. Express your answer as a decimal.", ("decimal",)),
    ("Solve 2x + 6 = 11. Give your answer as a fraction.", ("fraction",)),
    ("Solve 4x + 6 = 11. Write the answer as a fraction in lowest terms.", ("fraction",)),
    ("Solve 3x + 6 = 13 exactly.", ("fraction",)),
    ("I need to solve 3x + 6 = 21. Can you help?", ()),
    ("I have to solve 5x + 6 = 21.", ()),
    ("What's x equal to in 3x + 6 = 21?", ()),
    ("What is x equal to if 2x + 6 = 14?", ()),
    ("Hello, I need help solving 3x + 6 = 24.", ()),
    ("Hi! I have a question: what is x if 3x + 6 = 21?", ()),
    ("Solve for x in the equation 3x + 6 = 30.", ()),
    ("Solve 3x + 6 = 21 showing all steps.", ("steps",)),
    ("Solve 3x + 6 = 21 with a step-by-step explanation.", ("steps",)),
    ("Solve 3x + 6 = 21. Just give me x.", ("answer_only",)),
    ("Solve 3x + 6 = 27. Just x please.", ("answer_only",)),
    ("Solve 4x + 6 = 22. Only x.", ("answer_only",)),
    ("Solve 3x + 6 = 21. Output only the answer.", ("answer_only",)),
    ("Solve 3x + 6 = 21 without explaining.", ("answer_only",)),
    ("Quick: 3x + 6 = 21, x = ?", ()),
]

# (prompt, the same prompt with a changed constant, unknown, value before, value after, format): other
# unknowns, answer templates and spelled equations (the shared helpers read "x" and digits only)
PAIRS = [
    ("Let n be a number such that 2n + 5 = 21. What is n?", "Let n be a number such that 2n + 5 = 37. What is n?",
     "n", 8, 16, ()),
    ("Homework question: let k be a number such that 5k - 3 = 22. What is k?",
     "Homework question: let k be a number such that 5k - 3 = 47. What is k?", "k", 5, 10, ()),
    ("Let t be a number so that 3t + 1 = 19. Solve for t.", "Let t be a number so that 3t + 4 = 19. Solve for t.",
     "t", 6, 5, ()),
    ("y satisfies 6y + 1 = 25. What is y?", "y satisfies 6y + 1 = 43. What is y?", "y", 4, 7, ()),
    ("Find the value of y that makes 4y - 9 = 27 true.", "Find the value of y that makes 4y - 9 = 31 true.",
     "y", 9, 10, ()),
    ("I need the y that satisfies 3y - 8 = 13. Can you work it out?",
     "I need the y that satisfies 3y - 8 = 16. Can you work it out?", "y", 7, 8, ()),
    ("what number is y if 6y = 42 - y?", "what number is y if 6y = 56 - y?", "y", 6, 8, ()),
    ("Solve for y please: 2y - 3 = 9", "Solve for y please: 2y - 3 = 15", "y", 6, 9, ()),
    ("Give only y as a fraction: 4y + 1 = 9", "Give only y as a fraction: 4y + 1 = 13", "y", 2, 3,
     ("answer_only", "fraction")),
    ("3x+1=16 x=?", "3x+1=28 x=?", "x", 5, 9, ()),
    ("9x - 4 = 32 x=?", "9x - 4 = 50 x=?", "x", 4, 6, ()),
    ("7y+2=30 y=?", "7y+2=44 y=?", "y", 4, 6, ()),
    ("y = ? if 4y - 1 = 19", "y = ? if 4y - 1 = 27", "y", 5, 7, ()),
    ("x = ? when 2x + 3 = 17", "x = ? when 2x + 3 = 21", "x", 7, 9, ()),
    ("How can I solve 2(x + 3) = 18?", "How can I solve 2(x + 3) = 22?", "x", 6, 8, ("steps",)),
    ("Solve: x divided by 2, plus 3, equals 10.", "Solve: x divided by 2, plus 3, equals 15.", "x", 14, 24, ()),
    ("Solve: x divided by 3, plus 4, equals 9.", "Solve: x divided by 3, plus 4, equals 10.", "x", 15, 18, ()),
    ("Solve: 2 times x, minus 5, equals 11.", "Solve: 2 times x, minus 5, equals 13.", "x", 8, 9, ()),
    ("What is x if x divided by 5, minus 1, equals 3?", "What is x if x divided by 5, minus 1, equals 4?",
     "x", 20, 25, ()),
    # a chat history: the last user turn is the problem; the earlier equations do not leak into it
    ("User: Solve 2x + 1 = 5\n\nAssistant: x = 2\n\nUser: Solve 3x + 1 = 16",
     "User: Solve 2x + 1 = 5\n\nAssistant: x = 2\n\nUser: Solve 3x + 1 = 25", "x", 5, 8, ()),
    ("User: Solve 2x + 1 = 5\nAssistant: x = 2\nUser: Now solve 4y - 2 = 10",
     "User: Solve 2x + 1 = 5\nAssistant: x = 2\nUser: Now solve 4y - 2 = 14", "y", 3, 4, ()),
    ("System: You are a helpful tutor.\n\nUser: Solve x + y = 7, x - y = 1\n\nAssistant: Answer: x = 4, y = 3\n\n"
     "User: What is x if 5x = 35?", "System: You are a helpful tutor.\n\nUser: Solve x + y = 7, x - y = 1\n\n"
     "Assistant: Answer: x = 4, y = 3\n\nUser: What is x if 5x = 40?", "x", 7, 8, ()),
]

# Each must not be claimed: the equation cached first (the second item), it still reaches the model.
TRAPS = [
    ("Find the value of x that makes 2x + 7 > 15 true.", "Solve 2x + 7 = 15."),  # an inequality
    ("Find the value of x that makes 2x + 7 = 15 false.", "Solve 2x + 7 = 15."),  # the other way round
    ("Find the value of x that does not make 2x + 7 = 15 true.", "Solve 2x + 7 = 15."),  # a negation
    ("How do I solve 2x + 7 > 15?", "Solve 2x + 7 = 15."),  # an inequality
    ("How do I check 2x + 7 = 15?", "Solve 2x + 7 = 15."),  # another task
    ("How do I solve 2x + 7 = 15 in French?", "Solve 2x + 7 = 15."),  # another language
    ("How do I solve 2x + 7 = 15 without a calculator?", "Solve 2x + 7 = 15."),  # a word outside the table
    ("Can you show me how to solve 2x + 7 = 15 graphically?", "Solve 2x + 7 = 15."),  # another method
    ("x satisfies 2x + 7 = 15. Is x = 4?", "Solve 2x + 7 = 15."),  # a yes/no check
    # (("Is x = 4 a solution of 2x + 7 = 15?", "Solve 2x + 7 = 15."),  # a yes/no check: a yes/no check, now read and answered exactly, wip/lin:
    # served proven AND right in test_linear_asked_and_checked.py YES_NO_SERVED)
    ("Is x = 7 a solution? x satisfies 2x + 7 = 15.", "Solve 2x + 7 = 15."),  # a yes/no check first
    ("Which of these is NOT a solution of 2x + 7 = 15: x = 4 or x = 5?", "Solve 2x + 7 = 15."),
    ("Without solving, is the solution of 2x + 7 = 15 positive or negative?", "Solve 2x + 7 = 15."),
    ("Let x be a positive number such that 2x + 7 = 15. What is x?", "Solve 2x + 7 = 15."),  # a word outside
    ("Let x be a number such that 2x + 7 > 15. What is x?", "Solve 2x + 7 = 15."),  # an inequality
    ("Let x be 4. What is 2x + 7 = 15?", "Solve 2x + 7 = 15."),  # a value stated, not asked
    ("x satisfies 2x + 7 = 15. What is y?", "Solve 2x + 7 = 15."),  # another unknown
    ("2x + 7 = 15 y=?", "Solve 2x + 7 = 15."),  # another unknown's template
    ("2x + 7 = 15 x=? y=?", "Solve 2x + 7 = 15."),  # two templates
    ("2x + 7 = 15 x=? Thanks", "Solve 2x + 7 = 15."),  # "15 x": a template only where it ends the prompt
    ("x = ? unless 2x + 7 = 15", "Solve 2x + 7 = 15."),  # a word outside the table
    ("x = ? if 2x + 7 > 15", "Solve 2x + 7 = 15."),  # an inequality
    ("what number is not x if 2x + 7 = 15", "Solve 2x + 7 = 15."),  # a negation
    ("In one line: solve 2x + 7 = 15 in French", "Solve 2x + 7 = 15."),  # another language
    ("In French: solve 2x + 7 = 15", "Solve 2x + 7 = 15."),  # another language leading
    ("In one line: solve 2x + 7 = 15. Show all steps.", "Solve 2x + 7 = 15."),  # two forms no answer follows
    ("Solve 2x + 7 = 15, showing numbered steps in German.", "Solve 2x + 7 = 15."),  # another language
    ("Give only x as a fraction and a decimal: 2x + 7 = 15", "Solve 2x + 7 = 15."),  # two forms
    ("Give only x rounded: 2x + 7 = 15", "Solve 2x + 7 = 15."),  # another form
    ("Give only x as a percentage: 2x + 7 = 15", "Solve 2x + 7 = 15."),  # another form
    ("Solve 2x + 7 = 15. Give the approximate answer.", "Solve 2x + 7 = 15."),  # another form
    ("Solve 2x + 7 = 15. Give the exact answer as a decimal.", "Solve 2x + 7 = 15."),  # two forms
    ("Solve 2x + 7 = 15. Give the exact answer rounded to 2 places.", "Solve 2x + 7 = 15."),  # round to
    ("Solve 2x + 7 = 15 and round to the nearest ten.", "Solve 2x + 7 = 15."),  # round to
    ("Give the exact answer in words: 2x + 7 = 15", "Solve 2x + 7 = 15."),  # another form
    ("Solve 2x + 7 = 15 briefly in Spanish.", "Solve 2x + 7 = 15."),  # another language
    ("Solve 2x + 7 = 15 briefly, showing all steps.", "Solve 2x + 7 = 15."),  # two forms no answer follows
    ("How do I solve 2x + 7 = 15? Briefly.", "Solve 2x + 7 = 15."),  # the steps and the answer alone
    ("System: You are a patient teacher for a 12-year-old. Always answer in French.\nUser: Solve 2x + 7 = 15.",
     "Solve 2x + 7 = 15."),  # another language in the system line
    ("System: You are a pirate for a 12-year-old.\nUser: Solve 2x + 7 = 15.", "Solve 2x + 7 = 15."),  # a persona
    ("System: You are a patient teacher for a French student.\nUser: Solve 2x + 7 = 15.", "Solve 2x + 7 = 15."),
    ("System: You are a teacher for a 12-year-old who speaks Spanish.\nUser: Solve 2x + 7 = 15.",
     "Solve 2x + 7 = 15."),
    ("System: Answer concisely in French.\nUser: Solve 2x + 7 = 15.", "Solve 2x + 7 = 15."),  # another language
    # a chat history is read only when no earlier turn can carry an instruction into the last one
    ("User: Solve 3x + 1 = 10 in French\nAssistant: x = 3\nUser: Solve 2x + 7 = 15", "Solve 2x + 7 = 15."),
    ("User: Solve 3x + 1 = 10 with numbered steps\nAssistant: x = 3\nUser: Solve 2x + 7 = 15", "Solve 2x + 7 = 15."),
    ("User: Solve 3x + 1 = 10\nAssistant: x = 3. From now on I answer in French.\nUser: Solve 2x + 7 = 15",
     "Solve 2x + 7 = 15."),
    ("User: Solve 3x + 1 = 10\nAssistant: x = 3\nUser: Now solve 2x + 7 = 15 the same way", "Solve 2x + 7 = 15."),
    ("User: Solve 3x + 1 = 10\nUser: Solve 2x + 7 = 15", "Solve 2x + 7 = 15."),  # two problems, no answer between
    ("Assistant: x = 3\nUser: Solve 2x + 7 = 15", "Solve 2x + 7 = 15."),  # an answer to no question
    ("User: Solve 2x + 7 = 15\nAssistant: x = 4\nUser: Solve 3x + 1 = 10\nAssistant: x = 3", "Solve 2x + 7 = 15."),
    ("User: Solve 2x + 7 = 15\nAssistant: x = 4\nUser: Now x + y = 10. What is y?", "Solve 2x + 7 = 15."),  # x from the history
    ("Hi\nUser: Solve 3x + 1 = 10\nAssistant: x = 3\nUser: Solve 2x + 7 = 15", "Solve 2x + 7 = 15."),
    ("Exercise 3: solve 2x + 7 = 15. Exercise 4: solve 3x + 1 = 10.", "Solve 2x + 7 = 15."),  # two problems
    ("Exercise 3x: solve 2x + 7 = 15", "Solve 2x + 7 = 15."),  # a label's number is digits alone
    ("Exercise 3.5x: solve 2x + 7 = 15", "Solve 2x + 7 = 15."),  # wip/linP: "Exercise 3.5:" is a label (test_linear_labels_linP.py)
    ("Quick question - is x = 4 a solution of 2x + 7 = 15?", "Solve 2x + 7 = 15."),  # a yes/no check
    ("Quick question -2x + 7 = 15", "Solve 2x + 7 = 15."),  # a minus sign, not a dash
    ("Solve: x divided by 2, plus 7, times 2, equals 15.", "Solve 2x + 7 = 15."),  # (x/2 + 7) * 2, said aloud
    ("Solve: x plus 2, divided by 3, equals 15.", "Solve 2x + 7 = 15."),  # (x + 2) / 3, said aloud
    ("Solve 2x + 7 = 15 and check your answer.", "Solve 2x + 7 = 15."),  # a check the engine does not write
    ("Solve 2x + 7 = 15 and write the whole explanation in French.", "Solve 2x + 7 = 15."),
    ("I need the x that satisfies 2x + 7 = 15, can you explain it in French?", "Solve 2x + 7 = 15."),
    ("I need the x that satisfies 2x + 7 = 15, can you check it?", "Solve 2x + 7 = 15."),
    ("Solve 2x + 7 = 15, showing how to solve |2x + 7| = 15.", "Solve 2x + 7 = 15."),
    ("Give me a value of x that does NOT satisfy 2x + 7 = 15.", "Solve 2x + 7 = 15."),  # a negation
    ("Find the x that does not satisfy 2x + 7 = 15.", "Solve 2x + 7 = 15."),
    ("What x does not satisfy 2x + 7 = 15?", "Solve 2x + 7 = 15."),
    ("For which x does 2x + 7 = 15 not hold?", "Solve 2x + 7 = 15."),
    ("For what value of x is 2x + 7 = 15 false?", "Solve 2x + 7 = 15."),
    ("For which x is 2x + 7 > 15 true?", "Solve 2x + 7 = 15."),  # an inequality
    # ("My teacher gave us 2x + 7 = 15 and I can't figure out x. Help?": every word is now read, the
    # lead-in joined to the request, wip/lin; served proven and right in test_linear_asked_and_checked.py)
    ("I'm trying to solve 2x + 7 = 15 in my head. What is x?", "Solve 2x + 7 = 15."),  # words outside the table
    ("Walk me through solving 2x + 7 = 15 in Spanish.", "Solve 2x + 7 = 15."),  # another language
    ("Need help with 2x + 7 = 15 and 2x + 7 > 15", "Solve 2x + 7 = 15."),  # an inequality beside it
    ("Solve 2x + 7 = 15 - just the answer in French.", "Solve 2x + 7 = 15."),  # another language
    ("Solve 2x + 7 = 15 - round it.", "Solve 2x + 7 = 15."),  # another form
    ("Solve 2x + 7 = 15 - y", "Solve 2x + 7 = 15."),  # a minus before another unknown: two unknowns
    ("Solve 2x + 7 = 15. Express x as a percentage.", "Solve 2x + 7 = 15."),  # another form
    ("I need to solve 2x + 7 = 15. Can you help in French?", "Solve 2x + 7 = 15."),  # another language
    ("Can you help with 2x + 7 = 15 in French?", "Solve 2x + 7 = 15."),
    ("I have to solve 2x + 7 = 15 by graphing.", "Solve 2x + 7 = 15."),  # another method
    ("What's x not equal to in 2x + 7 = 15?", "Solve 2x + 7 = 15."),  # a negation
    ("Solve 2x + 7 = 15. Only x squared.", "Solve 2x + 7 = 15."),  # another quantity, words outside
    ("Solve 2x + 7 = 15. Only y.", "Solve 2x + 7 = 15."),  # another unknown
    ("Solve 2x + 7 = 15. Just x in binary.", "Solve 2x + 7 = 15."),  # another form
    ("Solve 2x + 7 = 15 without explaining, in one line with steps.", "Solve 2x + 7 = 15."),
    ("Solve 2x + 7 = 15. Give your answer in words.", "Solve 2x + 7 = 15."),  # another form
    ("Solve 2x + 7 = 15 exactly and round it.", "Solve 2x + 7 = 15."),  # two forms
    ("Solve 2x + 7 = 15 in one line with all steps.", "Solve 2x + 7 = 15."),  # two forms no answer follows
    ("Find the square root of x if 2x + 7 = 15.", "Solve 2x + 7 = 15."),  # another quantity
]


@pytest.mark.parametrize(("prompt", "fmt"), PHRASINGS)
def test_each_phrasing_is_read_with_its_format(prompt: str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.asked == ("x",) and problem.format == fmt and problem.language == "en", problem
    assert not problem.target
    assert [eq.text for eq in problem.equations] == _equations(prompt)
    assert _holds(_equations(prompt)[0], problem.solution["x"])


@pytest.mark.parametrize(("prompt", "fmt"), PHRASINGS)
def test_a_changed_constant_is_served_proven_without_a_model_call(prompt: str, fmt: tuple[str, ...]) -> None:
    lines = served_again(prompt, fmt)
    if "numbered" in fmt:
        assert all(line.startswith(f"Step {i}") for i, line in enumerate(lines[:-1], 1)), lines
    if "steps" in fmt:
        assert len(lines) > 1, lines


@pytest.mark.parametrize(("prompt", "changed", "name", "value", "new_value", "fmt"), PAIRS)
def test_another_unknown_a_template_or_spelled_equation_is_served_with_a_changed_constant(
        prompt: str, changed: str, name: str, value: int | str, new_value: int | str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.asked == (name,) and problem.format == fmt and str(problem.solution[name]) == str(value), problem
    cache = StepCache()
    first = cache.generate(prompt, lambda _p: f"Answer: {name} = {value}")
    assert first.verified and first.task == "linear_equation", first.text
    again = cache.generate(changed, lambda _p: pytest.fail("a model call for a changed constant"))
    assert again.verified and again.verification == "proven" and again.model_calls == 0, again.text
    lines = again.text.strip().splitlines()
    found = re.fullmatch(rf"(?:Answer: )?{name} = (-?[0-9/]+)", lines[-1])
    assert found is not None and found.group(1) == str(new_value), again.text
    if "answer_only" in fmt:
        assert len(lines) == 1, again.text


@pytest.mark.parametrize(("prompt", "cached"), TRAPS)
def test_a_trap_is_no_claim(prompt: str, cached: str) -> None:
    assert understand_prompt(prompt) is None, prompt


@pytest.mark.parametrize(("prompt", "cached"), TRAPS)
def test_a_trap_is_not_served_from_the_cached_problem(prompt: str, cached: str) -> None:
    reaches_the_model(prompt, cached)


def test_a_spelled_equation_paused_by_commas_is_read_as_written() -> None:
    """The commas stand where precedence already groups: "x divided by 2, plus 3" is x/2 + 3."""
    problem = understand_prompt("Solve: x divided by 2, plus 3, equals 10.")
    assert problem is not None and [eq.text for eq in problem.equations] == ["x/2 + 3 = 10"]
    assert problem.solution["x"] == 14


def test_the_exact_answer_is_served_as_a_fraction_never_a_decimal() -> None:
    """'the exact answer' reads as the fraction form: a model's rounded decimal is not served."""
    cache = StepCache()
    result = cache.generate("Solve 3x + 8 = 4. Give the exact answer.", lambda _p: "Answer: x = -1.33")
    assert not (result.verified and "1.33" in result.text), result.text
    again = cache.generate("Solve 3x + 8 = 1. Give the exact answer.", lambda _p: "Answer: x = -2.33")
    assert "2.33" not in again.text, again.text
    assert not again.verified or again.text.strip().splitlines()[-1].endswith("x = -7/3"), again.text


# "<equation> solve" is read (the equation before its verb, as in Japanese word order), so these words
# reversed or shuffled ("Briefly. 41 = 6 + 5x Solve", "yo 4x + 6 = 22 solve") may be a request: when
# read, it must ask what the prompt asks, in its format
_EQUATION_FIRST = ("Solve 8x - 3 = 29 briefly.", "Solve 5x + 6 = 41 concisely.", "yo solve 4x + 6 = 22",
                   "Solve 3x + 6 = 13 exactly.")


@pytest.mark.parametrize(("prompt", "fmt"), [row for row in PHRASINGS if "\n" not in row[0]])
def test_the_same_words_shuffled_are_not_read(prompt: str, fmt: tuple[str, ...]) -> None:
    """A bag of the right words is no request: the words reversed, and shuffled (seeded), are declined."""
    words = prompt.split(" ")
    orders = [words[::-1]]
    rng = random.Random(prompt)
    for _ in range(10):
        orders.append(rng.sample(words, len(words)))
    original = understand_prompt(prompt)
    for order in orders:
        if order != words:
            read = understand_prompt(" ".join(order))
            if prompt in _EQUATION_FIRST and read is not None and original is not None:
                assert (read.asked, read.format) == (original.asked, fmt)  # its equation as the words now write it
                assert " ".join(order).split()[-1].lower().startswith("solve"), order
            else:
                assert read is None, " ".join(order)


def test_a_chat_history_states_no_equation_of_the_problem() -> None:
    """The last user turn's problem alone: the earlier turn's equation is neither in the system nor keyed."""
    problem = understand_prompt("User: Solve 2x + 1 = 5\nAssistant: x = 2\nUser: Solve 3x + 1 = 16")
    assert problem is not None and [eq.text for eq in problem.equations] == ["3x + 1 = 16"]
    assert problem.solution == {"x": 5}


def test_what_you_get_for_an_expression_is_read_with_its_value() -> None:
    """"What do you get for 3x?" asks 3x: keyed and served with its value, never x's."""
    problem = understand_prompt("Solve 2x + 7 = 15. What do you get for 3x?")
    assert problem is not None and (problem.target, problem.target_value) == ("3*x", 12)
