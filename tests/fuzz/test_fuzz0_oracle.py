"""wip/fuzz0: the oracle's own readings of the class-2 forms of the fuzz campaigns (docs/fuzz-triage-fuzz0.md): each
form is read by the oracle's own patterns (never by the reader under test), its right object or value accepted, and a
wrong served answer for the same form still rejected (the oracle stays able to fail); near misses stay unread."""

from __future__ import annotations

import pytest

from .oracle import oracle_verdict, understand

# (prompt, the right answer, a wrong answer for the same prompt)
READ = [
    # json_stated word_delete: the key list after "with", the word "keys" left out
    ('Produce a JSON object with city and country: city "Paris", country "France". Output only the JSON object.',
     '{"city": "Paris", "country": "France"}', '{"city": "Paris", "country": "Spain"}'),
    # json_stated word_swap: a number written before its key word
    ('Return a JSON object for a person with name "Alice", 34 age. Required keys: name, age. Output only the JSON object.',
     '{"name": "Alice", "age": 34}', '{"name": "Alice", "age": 43}'),
    # json_langs word_delete: a conversion whose braces say JSON without the word
    ('Convert 12 km to meters and return {"meters": <number>}.', '{"meters": 12000}', '{"meters": 12}'),
    # json_passage case_change: the product noun as the passage writes it
    ('Extract JSON with keys "product" and "price" from: "The chAir costs 12 dollars."',
     '{"product": "chAir", "price": 12}', '{"product": "chair", "price": 12}'),
    ('Extract JSON with keys "product" and "price" from: "The chaiR costs 12 dollars."',
     '{"product": "chaiR", "price": 12}', '{"product": "chaiR", "price": 21}'),
    # word_en word_insert / word_replace: the stories' own equivalent phrases
    ("A cab charges a $4 base fare plus $3 per mile. The fare cost $31. Let n be the number of miles. Set up an "
     "equation and solve equation for n.", "Step 1: 3n = 27.\nAnswer: n = 9", "Answer: n = 8"),
    ("A plumber charges a $3 call-out fee and $2 per hour. The bill was $19. How many hours did he work?",
     "Step 1: 2x = 16.\nHours: x = 8", "Hours: x = 9"),
    # --new-kinds: a conversion from metres, spaces closing a passage, de "also", the imperative story, nested ", and age",
    # a name of capitalised words as written
    ('Convert 3 m to meters and return JSON {"meters": <number>}.', '{"meters": 3}', '{"meters": 3000}'),
    ('Extraia um JSON com as chaves "cliente" e "valor" de: "O cliente Tiago pagou 87 reais.    "',
     '{"cliente": "Tiago", "valor": 87}', '{"cliente": "Tiago", "valor": 78}'),
    ("also Ich komme bei dieser Aufgabe nicht weiter: 12 = 4z. Was ist z?", "Answer: z = 3", "Answer: z = 4"),
    ("think of a number, multiply it by 3 and add 4; I get 25. What is the number?", "The number: x = 7",
     "The number: x = 8"),
    ('Return {"user": {"name": ..., "age": ...}} for name Omar, and age 41', '{"user": {"name": "Omar", "age": 41}}',
     '{"user": {"name": "Omar", "age": 14}}'),
    ('Return {"user": {"name": ..., "age": ...}} for name Carl Carl, age 40', '{"user": {"name": "Carl Carl", "age": 40}}',
     '{"user": {"name": "Carl", "age": 40}}'),
    # describing_value: a data form's value read as written (key: value lines, key=value, a labelled run, a list, a
    # block, values by position, a nested shape, a labelled self-introduction)
    ('Turn this into JSON:\nname: "Alice"\nage: EOD', '{"name": "Alice", "age": "EOD"}', '{"name": "Alice", "age": 34}'),
    ("Make a JSON object from: sku=AB, qty=ISO3", '{"sku": "AB", "qty": "ISO3"}', '{"sku": "AB", "qty": "ISO"}'),
    ("json: temp=70 unit=alpha-2", '{"temp": 70, "unit": "alpha-2"}', '{"temp": 70, "unit": "alpha"}'),
    ('Return JSON with a key "tags" listing: red, alpha-2, blue', '{"tags": ["red", "alpha-2", "blue"]}',
     '{"tags": ["red", "blue"]}'),
    ("JSON please: a key tags listing apple, ISO3 and plum", '{"tags": ["apple", "ISO3", "plum"]}',
     '{"tags": ["apple", "ISO3", "plum", "and"]}'),
    ("server:\n  host: Title Case\n  port: 443\n\nRewrite this as JSON.", '{"server": {"host": "Title Case", "port": 443}}',
     '{"server": {"host": "Title", "port": 443}}'),
    ('Retorne um JSON com as chaves "produto" e "quantidade": Official Name, 5', '{"produto": "Official Name", "quantidade": 5}',
     '{"produto": "Official Name", "quantidade": "5"}'),
    ('Return {"user": {"name": ..., "age": ...}} for name Omar, age Title Case', '{"user": {"name": "Omar", "age": "Title Case"}}',
     '{"user": {"name": "Omar", "age": null}}'),
    ('Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt Official Name, Einwohner 569000',
     '{"stadt": "Official Name", "einwohner": 569000}', '{"stadt": "Official", "einwohner": 569000}'),
    ('Retorne um JSON com "nome" e "idade": Eu me chamo ISO3 e tenho 29 anos.', '{"nome": "ISO3", "idade": 29}',
     '{"nome": "ISO3", "idade": 92}'),
]


@pytest.mark.parametrize(("prompt", "right", "wrong"), READ)
def test_form_read_right_accepted_wrong_rejected(prompt: str, right: str, wrong: str) -> None:
    assert understand(prompt) is not None
    assert oracle_verdict(prompt, right) is None
    assert oracle_verdict(prompt, wrong) is not None


UNREAD = [
    # a key list after "without", or no key list at all
    'Produce a JSON object without city and country: city "Paris", country "France". Output only the JSON object.',
    'Produce a JSON object with: city "Paris", country "France". Output only the JSON object.',
    # a number before a key and the key stated again: two values
    'Return a JSON object for a person with name "Alice", 34 age, age 35. Required keys: name, age. Output only the JSON object.',
    # a capitalised product (a name?) and a product with a digit: not the lowercase noun's case changed
    'Extract JSON with keys "product" and "price" from: "The Chair costs 12 dollars."',
    'Extract JSON with keys "product" and "price" from: "The chA1r costs 12 dollars."',
    # another word than "and" between the fee and the rate, an equation word elsewhere
    "A plumber charges a $3 call-out fee or $2 per hour. The bill was $19. How many hours did he work?",
    "A cab charges a $4 base fare plus $3 per mile. The fare cost $31. Let n be the number of miles. Set up an "
    "equation and solve equation equation for n.",
    # the conversion without braces
    "Convert 12 km to meters and return meters.",
    'Convert 3 mm to meters and return JSON {"meters": <number>}.',
    # spaces inside the passage before its last period, a negation in a nested name, "or age"
    'Extraia um JSON com as chaves "cliente" e "valor" de: "O cliente Tiago pagou 87 reais    ."',
    'Return {"user": {"name": ..., "age": ...}} for name Omar Not, age 41',
    'Return {"user": {"name": ..., "age": ...}} for name Omar Nicht, age 41',
    'Return {"user": {"name": ..., "age": ...}} for name Omar, or age 41',
    # the imperative story with another subject after it
    "think of a number, multiply it by 3 and add 4; she gets 25. What is the number?",
    # describing_value: a value bound by its place alone in a sentence, a key typed a number, an operator or literal word,
    # a negation
    'Donne-moi un JSON avec "prenom" et "age" : ISO3 a 34 ans.',
    'Return JSON with keys "player" and "score": Title Case scored 72. Output only the JSON object.',
    'Restituisci un JSON con "nome" e "eta": ISO3 ha 26 anni.',
    'Turn this into JSON (age as a number):\nname: "Alice"\nage: EOD',
    'Turn this into JSON:\nname: "Alice"\nage (a number): EOD',
    'Convert EOD km to meters and return JSON {"meters": <number>}.',
    'Turn this into JSON:\nname: "Alice"\nage: not',
    "Make a JSON object from: sku=AB, qty=null",
    "Make a JSON object from: sku=AB, qty=Nicht",
]


@pytest.mark.parametrize("prompt", UNREAD)
def test_near_misses_unread(prompt: str) -> None:
    assert understand(prompt) is None, understand(prompt)
