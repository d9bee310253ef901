"""wip/jsonN: JSON templates with nested objects ('Return {"user": {"name": ..., "age": ...}} for name Carl, age 40',
'Return JSON {"user": {...}} for: Frank, 61', es 'Devuelve {"usuario": {"nombre": ..., "edad": ...}} para nombre
Ana, edad 30', fr 'Renvoie {"client": {"nom": ..., "ville": ...}} pour : Dubois, Nantes', several nested objects side
by side, a flat member beside them). One nested level; every leaf of a nested object stated once, by the flat rules.
Served pairs are served AND exactly right; each trap (a leaf stated twice, a leaf unstated, a key the tree does not
hold, the object's key stated as a leaf, a leaf name in two objects, a deeper tree, a word outside the tables) is
never served wrong, and no claim where marked."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_json_trap_declined, assert_served_proven, exact_json_pair as pair

# -- the general shapes, instantiated in every language the tables read: <request> <nested template> <for|:> <leaves> --
EN_FOR = 'Return {{"user": {{"name": ..., "age": ...}}}} for name {}, age {}.'
EN_JSON_FOR = 'Return JSON {{"user": {{"name": ..., "email": ...}}}} for name {}, email {}'
EN_SHAPED = 'Return JSON shaped {{"user": {{"name": ..., "age": ...}}}}: name {}, age {}'
EN_SHAPED_LIKE = 'Return JSON shaped like {{"user": {{"name": ..., "id": ...}}}} for name {}, id {}.'
EN_POS = 'Return JSON {{"user": {{"name": ..., "age": ...}}}} for: {}, {}.'
EN_SERVER = 'Give me {{"server": {{"host": <value>, "port": <n>}}}} for host "{}", port {}.'
EN_SIBLING = 'Return JSON {{"server": {{"host": ..., "port": ...}}, "debug": ...}}: host "{}", port {}, debug {}'
EN_TWO = 'Return JSON {{"size": {{"w": ..., "h": ...}}, "pos": {{"x": ..., "y": ...}}}}: w {}, h {}, x {}, y {}'
EN_POINT = 'Give me {{"point": {{"x": <n>, "y": <n>}}}} for x {} and y {}.'
ES_FOR = 'Devuelve {{"usuario": {{"nombre": ..., "edad": ...}}}} para nombre {}, edad {}.'
ES_JSON = 'Devuelve un JSON {{"usuario": {{"nombre": ..., "edad": ...}}}}: nombre {}, edad {}'
FR_POS = 'Renvoie {{"client": {{"nom": ..., "ville": ...}}}} pour : {}, {}'
FR_JSON = 'Renvoie le JSON {{"client": {{"nom": ..., "ville": ...}}}} : nom {}, ville {}'
IT_FOR = 'Restituisci {{"utente": {{"nome": ..., "eta": ...}}}} per nome {}, eta {}.'
PT_FOR = 'Retorne {{"usuario": {{"nome": ..., "idade": ...}}}} para nome {}, idade {}.'
DE_JSON = 'Gib JSON {{"benutzer": {{"name": ..., "alter": ...}}}}: Name {}, Alter {}'
RU_JSON = 'Верни JSON {{"user": {{"name": ..., "age": ...}}}}: name {}, age {}'
ZH_JSON = '返回 JSON {{"user": {{"name": ..., "age": ...}}}}：name = {}，age = {}'


def _user(name: str, age: int, key: str = "user", n: str = "name", a: str = "age") -> dict[str, Any]:
    return {key: {n: name, a: age}}


SERVED = [
    pair("en/for", EN_FOR.format("Bob", 40), _user("Bob", 40), EN_FOR.format("Carl", 40), _user("Carl", 40)),
    pair("en/for-age", EN_FOR.format("Bob", 40), _user("Bob", 40), EN_FOR.format("Bob", 41), _user("Bob", 41)),
    pair("en/email", EN_JSON_FOR.format("Ana", "ana@example.com"), {"user": {"name": "Ana", "email": "ana@example.com"}},
         EN_JSON_FOR.format("Tom", "tom@example.org"), {"user": {"name": "Tom", "email": "tom@example.org"}}),
    pair("en/shaped", EN_SHAPED.format("Leo", 40), _user("Leo", 40), EN_SHAPED.format("Leo", 41), _user("Leo", 41)),
    pair("en/shaped-like", EN_SHAPED_LIKE.format("Kim", 7), _user("Kim", 7, a="id"),
         EN_SHAPED_LIKE.format("Lee", 12), _user("Lee", 12, a="id")),
    pair("en/in-order", EN_POS.format("Frank", 58), _user("Frank", 58), EN_POS.format("Frank", 61), _user("Frank", 61)),
    pair("en/in-order-name", EN_POS.format("Frank", 58), _user("Frank", 58), EN_POS.format("Greta", 33), _user("Greta", 33)),
    pair("en/server", EN_SERVER.format("10.0.0.5", 8080), {"server": {"host": "10.0.0.5", "port": 8080}},
         EN_SERVER.format("10.0.0.5", 9090), {"server": {"host": "10.0.0.5", "port": 9090}}),
    pair("en/sibling", EN_SIBLING.format("db1", 5432, "false"), {"server": {"host": "db1", "port": 5432}, "debug": False},
         EN_SIBLING.format("db2", 5433, "true"), {"server": {"host": "db2", "port": 5433}, "debug": True}),
    pair("en/two-objects", EN_TWO.format(3, 4, 1, 2), {"size": {"w": 3, "h": 4}, "pos": {"x": 1, "y": 2}},
         EN_TWO.format(5, 4, 1, 9), {"size": {"w": 5, "h": 4}, "pos": {"x": 1, "y": 9}}),
    pair("en/point", EN_POINT.format(3, 5), {"point": {"x": 3, "y": 5}}, EN_POINT.format(7, -2), {"point": {"x": 7, "y": -2}}),
    pair("es/para", ES_FOR.format("Ana", 30), _user("Ana", 30, "usuario", "nombre", "edad"),
         ES_FOR.format("Luis", 35), _user("Luis", 35, "usuario", "nombre", "edad")),
    pair("es/json", ES_JSON.format("Ana", 30), _user("Ana", 30, "usuario", "nombre", "edad"),
         ES_JSON.format("Ana", 31), _user("Ana", 31, "usuario", "nombre", "edad")),
    pair("fr/pour", FR_POS.format("Dubois", "Nantes"), {"client": {"nom": "Dubois", "ville": "Nantes"}},
         FR_POS.format("Durand", "Lyon"), {"client": {"nom": "Durand", "ville": "Lyon"}}),
    pair("fr/json", FR_JSON.format("Dubois", "Nantes"), {"client": {"nom": "Dubois", "ville": "Nantes"}},
         FR_JSON.format("Dubois", "Brest"), {"client": {"nom": "Dubois", "ville": "Brest"}}),
    pair("it/per", IT_FOR.format("Luca", 30), _user("Luca", 30, "utente", "nome", "eta"),
         IT_FOR.format("Marco", 44), _user("Marco", 44, "utente", "nome", "eta")),
    pair("pt/para", PT_FOR.format("Ana", 30), _user("Ana", 30, "usuario", "nome", "idade"),
         PT_FOR.format("Rita", 52), _user("Rita", 52, "usuario", "nome", "idade")),
    pair("de/json", DE_JSON.format("Jonas", 27), _user("Jonas", 27, "benutzer", "name", "alter"),
         DE_JSON.format("Mia", 31), _user("Mia", 31, "benutzer", "name", "alter")),
    pair("ru/json", RU_JSON.format("Иван", 30), _user("Иван", 30), RU_JSON.format("Анна", 25), _user("Анна", 25)),
    pair("zh/json", ZH_JSON.format("王伟", 26), _user("王伟", 26), ZH_JSON.format("李娜", 31), _user("李娜", 31)),
]


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_nested_template_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", SERVED, ids=lambda c: c.cls)
def test_nested_template_read_as_a_tree(case: Pair) -> None:
    """The request's keys are the template's members, a nested object's value its leaves' object in order."""
    import json

    read = read_request(case.new_prompt)
    assert read is not None, case.new_prompt
    expected = json.loads(case.new_answer)
    assert read.keys == tuple(expected), read.keys
    assert {k: st.value for k, st in read.statements.items()} == expected
    for key, value in expected.items():
        if isinstance(value, dict):
            assert list(read.statements[key].value) == list(value)  # type: ignore[arg-type]


BASE = EN_FOR.format("Bob", 40)
TRAPS = [
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40, name Bob.',  # a leaf stated twice
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40, name Carl.',  # twice, alike
    'Return {"user": {"name": ..., "age": ...}} for name Carl and name Bob.',
    'Return {"user": {"name": ..., "age": ...}} for name Carl.',  # a leaf unstated
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40, city Rome.',  # a sibling key not asked
    'Return {"user": {"name": ..., "age": ...}} for user Carl, age 40.',  # the object's key stated as a leaf
    'Return {"user": {"name": ..., "age": ...}} for user "Carl", name Carl, age 40.',
    'Return {"user": {"name": ..., "age": ...}, "name": ...} for name Carl, age 40.',  # a leaf name at two levels
    'Return {"user": {"user": ..., "age": ...}} for user Carl, age 40.',  # a leaf named as its object
    'Return {"from": {"city": ...}, "to": {"city": ...}} for city Oslo, city Rome.',  # a leaf in two objects
    'Return {"a": {"name": ...}, "b": {"name": ..., "age": ...}} for name Carl, age 40.',
    'Return {"user": {"profile": {"name": ...}, "age": ...}} for name Carl, age 40.',  # deeper: no claim
    'Return {"user": {}} for name Carl, age 40.',  # an empty object
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40 in months.',  # a word outside the tables
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40 plus 2.',
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40, 41.',  # two values for one leaf
    'Return {"user": {"name": ..., "age": ...}} for name Carl or Bob, age 40.',
    'Return {"user": {"name": ..., "age": ...}} for: 40, Carl.',  # values of the wrong kind in order
    'Return {"user": {"name": ..., "age": ...}} for: Carl.',  # fewer values than leaves
    'Return {"user": {"name": ..., "age": ...}} for: Carl, 40, 3.',  # more
    'Return {"user": {"name": ..., "age": ...}} for: He, 40.',  # a pronoun is no name (W24)
    'Return {"user": {"name": ..., "age": ...}} with keys name and age for name Carl, age 40.',  # a key list beside
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40. Double the age.',
    'Return {"user": {"name": ..., "age": ...}} for name Carl, age 40? ',
    'Return {"user": {"name": ..., "age": ...} for name Carl, age 40.',  # the template not closed
    'Return {"user": {"name": ..., "age": ...}}} for name Carl, age 40.',
    'Return {"user": {"name": ..., "name": ...}} for name Carl, name Bob.',  # a leaf written twice
    'Return {"user": {"name": ..., "age": ...}, "user": ...} for name Carl, age 40.',  # a member named as an object
    'Return JSON {"user": {"name": ..., "age": ...}, "user": ...}: name Carl, age 40',
    'Return JSON {"user": {"name": ..., "age": ...}}: name Carl',  # a leaf unstated
    'Return JSON {"user": {"name": ..., "age": ...}, "id": ...}: name Carl, id 3',
    'Return JSON {"user": {"name": ..., "age": ...}, "id": ...} for name Carl, id 3.',
    'Return JSON {"user": {"name": ..., "age": ...}} with keys name and age: name Carl, age 40',  # a key list beside
    'Return JSON {"user": {"name": ..., "age": ...}} with keys user and age: name Carl, age 40',
    'Return JSON {"user": {"name": ..., "age": ...}}. Keys: name, age. name Carl, age 40',
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_nested_template_traps_no_claim(prompt: str) -> None:
    assert_json_trap_declined(prompt, BASE, _user("Bob", 40), _user("Bob", 40))


FLAT_UNCHANGED = [  # "for" after a flat template states nothing, as before wip/jsonN (no flat reach added)
    'Return {"name": ..., "age": ...} for name Carl, age 40.',
    'Return JSON {"name": ..., "age": ...} for: Frank, 61.',
]


@pytest.mark.parametrize("prompt", FLAT_UNCHANGED)
def test_flat_template_after_for_still_declined(prompt: str) -> None:
    assert read_request(prompt) is None


def test_shape_key_holds_the_tree() -> None:
    """Two trees of the same top-level key and value type have two shape keys (the leaves' keys and types count)."""
    from stepcache_integrations.core.tasks.json.task import JsonTask

    task = JsonTask()
    a = task.shape_key(task.constraints('Return JSON {"user": {"name": ..., "age": ...}}: name Leo, age 40'))
    b = task.shape_key(task.constraints('Return JSON {"user": {"name": ..., "id": ...}}: name Leo, id 40'))
    c = task.shape_key(task.constraints('Return JSON {"user": {"age": ..., "name": ...}}: age 40, name Leo'))
    assert a is not None and len({a, b, c}) == 3


# -- (2) one key holding a nested object, said in words: <with> <a key K> <holds> <leaves> -----------------------------
EN_HOLDING = 'Create a JSON object with a key "server" holding host "{}" and port {}.'
EN_CONTAINS = 'Build a JSON object with a key "server" that contains host "{}" and port {}.'
EN_OBJECT_KEYS = 'Build a JSON object with a key user holding an object with name and email: name {}, email {}'
EN_WHOSE = 'Return JSON with a key "point" whose value is an object with x = {} and y = {}.'
EN_OBJECT_STMTS = 'Build JSON with a key "user" holding an object with name "{}" and age {}.'
DE_DARIN = 'Erzeuge ein JSON-Objekt mit dem Schlüssel "adresse", darin strasse "{}" und plz "{}".'
FR_CONTIENT = 'Crée un objet JSON avec une clé "client" qui contient "nom" et "ville" : {}, {}'
ES_CONTIENE = 'Crea un objeto JSON con una clave "cliente" que contiene nombre "{}" y ciudad "{}".'
IT_CONTIENE = 'Crea un oggetto JSON con una chiave "cliente" che contiene nome "{}" e citta "{}".'
PT_CONTEM = 'Crie um objeto JSON com uma chave "cliente" que contém nome "{}" e cidade "{}".'
RU_SOD = 'Создай JSON с ключом "user", содержащим name "{}" и age {}.'


def _server(host: str, port: int) -> dict[str, Any]:
    return {"server": {"host": host, "port": port}}


HELD = [
    pair("en/holding", EN_HOLDING.format("10.0.0.5", 8080), _server("10.0.0.5", 8080),
         EN_HOLDING.format("10.0.0.5", 9090), _server("10.0.0.5", 9090)),
    pair("en/holding-host", EN_HOLDING.format("10.0.0.5", 8080), _server("10.0.0.5", 8080),
         EN_HOLDING.format("db.local", 8080), _server("db.local", 8080)),
    pair("en/that-contains", EN_CONTAINS.format("alpha", 8080), _server("alpha", 8080),
         EN_CONTAINS.format("alpha", 9090), _server("alpha", 9090)),
    pair("en/object-with-keys", EN_OBJECT_KEYS.format("Priya", "priya@example.com"),
         {"user": {"name": "Priya", "email": "priya@example.com"}},
         EN_OBJECT_KEYS.format("Kenji", "kenji@example.org"), {"user": {"name": "Kenji", "email": "kenji@example.org"}}),
    pair("en/whose-value", EN_WHOSE.format(3, 5), {"point": {"x": 3, "y": 5}}, EN_WHOSE.format(7, -2), {"point": {"x": 7, "y": -2}}),
    pair("en/object-with-stmts", EN_OBJECT_STMTS.format("Bob", 25), _user("Bob", 25),
         EN_OBJECT_STMTS.format("Bob", 27), _user("Bob", 27)),
    pair("de/darin", DE_DARIN.format("Hauptstraße 5", "80331"), {"adresse": {"strasse": "Hauptstraße 5", "plz": "80331"}},
         DE_DARIN.format("Ringweg 2", "10115"), {"adresse": {"strasse": "Ringweg 2", "plz": "10115"}}),
    pair("fr/qui-contient", FR_CONTIENT.format("Dubois", "Nantes"), {"client": {"nom": "Dubois", "ville": "Nantes"}},
         FR_CONTIENT.format("Durand", "Lyon"), {"client": {"nom": "Durand", "ville": "Lyon"}}),
    pair("es/que-contiene", ES_CONTIENE.format("Ana", "Bilbao"), {"cliente": {"nombre": "Ana", "ciudad": "Bilbao"}},
         ES_CONTIENE.format("Luis", "Cádiz"), {"cliente": {"nombre": "Luis", "ciudad": "Cádiz"}}),
    pair("it/che-contiene", IT_CONTIENE.format("Ana", "Roma"), {"cliente": {"nome": "Ana", "citta": "Roma"}},
         IT_CONTIENE.format("Luca", "Bari"), {"cliente": {"nome": "Luca", "citta": "Bari"}}),
    pair("pt/que-contem", PT_CONTEM.format("Ana", "Recife"), {"cliente": {"nome": "Ana", "cidade": "Recife"}},
         PT_CONTEM.format("Rui", "Natal"), {"cliente": {"nome": "Rui", "cidade": "Natal"}}),
    pair("de/darin-objekt", 'Erzeuge ein JSON-Objekt mit dem Schlüssel "punkt", darin ein Objekt mit x und y: x 2, y 3',
         {"punkt": {"x": 2, "y": 3}}, 'Erzeuge ein JSON-Objekt mit dem Schlüssel "punkt", darin ein Objekt mit x und y: x 5, y 3',
         {"punkt": {"x": 5, "y": 3}}),
    pair("ru/soderzhashchim", RU_SOD.format("Иван", 30), _user("Иван", 30), RU_SOD.format("Анна", 25), _user("Анна", 25)),
]


@pytest.mark.parametrize("case", HELD, ids=lambda c: c.cls)
def test_key_holding_an_object_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", HELD, ids=lambda c: c.cls)
def test_key_holding_an_object_read_as_a_tree(case: Pair) -> None:
    test_nested_template_read_as_a_tree(case)


HELD_BASE = EN_HOLDING.format("10.0.0.5", 8080)
HELD_TRAPS = [
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 9090, port 9091.',  # a leaf twice
    'Create a JSON object with a key "server" holding host "10.0.0.5" and host "10.0.0.6".',
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 9090. debug false',  # a key not held
    'Create a JSON object with a key "server" holding server "10.0.0.5" and port 9090.',  # the key as its own leaf
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 9090 and a key "db" holding name "x".',
    'Create a JSON object with keys "server" and "db" that contain host "10.0.0.5" and port 9090.',
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 9090. Double the port.',  # a rule
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 9090 doubled.',
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 9090 or 9091.',
    'Create a JSON object with a key "server" holding a list with host "10.0.0.5" and port 9090.',  # another shape
    'Create a JSON object with a key "server" holding an array with host "10.0.0.5" and port 9090.',
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 9090, with keys id and name.',
    'Build a JSON object with a key user holding an object with name and email: name Priya',  # a leaf unstated
    'Build a JSON object with a key user holding an object with name and email: name Priya, email a@b.co, age 3',
    'Build a JSON object with a key user holding an object with name and email: name Priya, user Bob, email a@b.co',
    'Build a JSON object with a key user holding an object with name and name: name Priya, name Bob',
    'Build a JSON object with a key user holding an object with name and email and a key "user" holding id 3.',
    'Crée un objet JSON avec une clé "client" qui contient "nom" et "ville" : Dubois',  # fewer values than leaves
    'Crée un objet JSON avec une clé "client" qui contient "nom" et "ville" : Dubois, Nantes, Lyon',
    'Crée un objet JSON avec une clé "client" qui contient "nom" et "ville" : Nantes, 3',
    'Erzeuge ein JSON-Objekt mit dem Schlüssel "adresse", darin strasse "Hauptstraße 5" und plz "80331" und strasse "X".',
    'Erzeuge ein JSON-Objekt mit den Schlüsseln "adresse" und "ort", darin strasse "Hauptstraße 5" und plz "80331".',
    'Erzeuge ein JSON-Objekt mit den Schlüsseln "a" und "b", darin ein Objekt mit x und y: b 1, x 2, y 3',  # two keys, one object
    'Create a JSON object with a key "a" holding x 1 and y 2 with a key "b" holding z 3.',  # two objects said in words
    # the same with leaves that name keys (the one above is declined first by the key-evidence rule since 2026-12-07)
    'Create a JSON object with a key "server" holding host "10.0.0.5" and port 8080 with a key "db" holding name "x".',
]


@pytest.mark.parametrize("prompt", HELD_TRAPS)
def test_key_holding_an_object_traps_no_claim(prompt: str) -> None:
    assert_json_trap_declined(prompt, HELD_BASE, _server("10.0.0.5", 8080), _server("10.0.0.5", 8080))


# -- (3) an indented block under a label line (YAML-like): <key>:\n<indent><leaf>: <value>\n... then or after the request --
EN_YAML = 'server:\n  host: {}\n  port: {}\n\nRewrite this as JSON.'
EN_YAML_AFTER = 'Convert to JSON:\nserver:\n  host: {}\n  port: {}'
EN_YAML_TWO = 'server:\n  host: localhost\n  port: {}\ndb:\n  name: {}\n  size: 3\n\nRewrite this as JSON.'
ES_YAML = 'Convierte esto a JSON:\nservidor:\n  host: {}\n  puerto: {}'
DE_YAML = 'Wandle das in JSON um:\nserver:\n  host: {}\n  port: {}'
FR_YAML = 'Convertis ceci en JSON :\nserveur:\n  hote: {}\n  port: {}'
IT_YAML = 'Converti in JSON:\nserver:\n  host: {}\n  porta: {}'
PT_YAML = 'Converta para JSON:\nservidor:\n  host: {}\n  porta: {}'
RU_YAML = 'Преобразуй в JSON:\nserver:\n  host: {}\n  port: {}'


def _held(key: str, host: str, port_key: str, port: int, host_key: str = "host") -> dict[str, Any]:
    return {key: {host_key: host, port_key: port}}


BLOCKS = [
    pair("en/yaml", EN_YAML.format("localhost", 8080), _server("localhost", 8080), EN_YAML.format("localhost", 9090),
         _server("localhost", 9090)),
    pair("en/yaml-host", EN_YAML.format("localhost", 8080), _server("localhost", 8080), EN_YAML.format("db7", 8080),
         _server("db7", 8080)),
    pair("en/yaml-after", EN_YAML_AFTER.format("localhost", 8080), _server("localhost", 8080),
         EN_YAML_AFTER.format("localhost", 9090), _server("localhost", 9090)),
    pair("en/yaml-two", EN_YAML_TWO.format(8080, "main"), {"server": {"host": "localhost", "port": 8080}, "db": {"name": "main", "size": 3}},
         EN_YAML_TWO.format(9090, "logs"), {"server": {"host": "localhost", "port": 9090}, "db": {"name": "logs", "size": 3}}),
    pair("es/yaml", ES_YAML.format("localhost", 8080), _held("servidor", "localhost", "puerto", 8080),
         ES_YAML.format("localhost", 9090), _held("servidor", "localhost", "puerto", 9090)),
    pair("de/yaml", DE_YAML.format("localhost", 8080), _server("localhost", 8080), DE_YAML.format("localhost", 9090),
         _server("localhost", 9090)),
    pair("fr/yaml", FR_YAML.format("localhost", 8080), _held("serveur", "localhost", "port", 8080, "hote"),
         FR_YAML.format("localhost", 9090), _held("serveur", "localhost", "port", 9090, "hote")),
    pair("it/yaml", IT_YAML.format("localhost", 8080), _held("server", "localhost", "porta", 8080),
         IT_YAML.format("localhost", 9090), _held("server", "localhost", "porta", 9090)),
    pair("pt/yaml", PT_YAML.format("localhost", 8080), _held("servidor", "localhost", "porta", 8080),
         PT_YAML.format("localhost", 9090), _held("servidor", "localhost", "porta", 9090)),
    pair("ru/yaml", RU_YAML.format("localhost", 8080), _server("localhost", 8080), RU_YAML.format("localhost", 9090),
         _server("localhost", 9090)),
]


@pytest.mark.parametrize("case", BLOCKS, ids=lambda c: c.cls)
def test_indented_block_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


@pytest.mark.parametrize("case", BLOCKS, ids=lambda c: c.cls)
def test_indented_block_read_as_a_tree(case: Pair) -> None:
    test_nested_template_read_as_a_tree(case)


BLOCK_BASE = EN_YAML.format("localhost", 8080)
BLOCK_TRAPS = [
    'server:\n  host: localhost\n  port: 9090\ndebug: false\n\nRewrite this as JSON.',  # a flat key beside the block
    'server:\n  host: localhost\n  inner:\n    port: 9090\n\nRewrite this as JSON.',  # deeper: no claim
    'server:\n  host: localhost\n  host: remote\n\nRewrite this as JSON.',  # a leaf twice
    'server:\n  host: localhost\n  port: 9090\n  port: 9090\n\nRewrite this as JSON.',  # twice, alike
    'server:\n\n  host: localhost\n  port: 9090\n\nRewrite this as JSON.',  # a blank line under the label
    'server:\nhost: localhost\n  port: 9090\n\nRewrite this as JSON.',  # the line under the label not indented
    'server:\n  host: localhost\n  port: 9090\nserver:\n  host: remote\n\nRewrite this as JSON.',  # one key twice
    'server:\n  server: localhost\n  port: 9090\n\nRewrite this as JSON.',  # the key as its own leaf
    'server:\n  host: localhost\n  port: 9090\ndb:\n  host: remote\n\nRewrite this as JSON.',  # a leaf in two blocks
    'server:\n  host: localhost\n  port: 9090 or 9091\n\nRewrite this as JSON.',  # a word outside the tables
    'server:\n  host: localhost\n  port: 9090\n\nRewrite this as JSON, doubling the port.',
    'server:\n  host: localhost\n  port: 9090\n\nRewrite this as YAML.',
    'server:\n  host: localhost\n  port: 9090\n\nRewrite this as a JSON array.',
    '  server:\n    host: localhost\n    port: 9090\n\nRewrite this as JSON.',  # the label line indented itself
]


@pytest.mark.parametrize("prompt", BLOCK_TRAPS)
def test_indented_block_traps_no_claim(prompt: str) -> None:
    assert_json_trap_declined(prompt, BLOCK_BASE, _server("localhost", 8080), _server("localhost", 8080))
