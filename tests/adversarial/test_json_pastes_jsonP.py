"""wip/jsonP (issue 33 items 2-4): JSON from a pasted table or .env block, in the nine tables.

The block is read by the stdlib (``csv`` with one dialect per separator, ``configparser`` for
NAME=value lines); every other word by ``json/pastes/request.lark``. Each served pair is answered
first by a model that is never right, then served without a model call, proven and exactly right
(keys as written, cells as written, typed as the notes say). Each trap is no claim and reaches
the model.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.pastes import _typed, read_paste
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel, assert_json_pair_served_exactly

Obj = dict[str, Any]

CSV_EN = "Header: first_name,last_name,dept,salary\nRow: Omar,Haddad,Finance,72000\nTurn the row into one JSON object keyed by the header (salary as a number)."
MD_EN = "| key | value |\n|---|---|\n| host | db.internal |\n| port | 6432 |\n| ssl | true |\n\nflat JSON object please, port as a number and ssl as a boolean"
ENV_EN = "turn this .env into json, numbers as numbers and booleans as booleans:\nAPP_NAME=ledger\nWORKERS=8\nDEBUG=false"
TSV_DE = "kopiert aus Excel (Tab-getrennt):\nplz\tort\teinwohner\n50667\tKöln\t1080000\nmach ein JSON-Objekt aus der Zeile, plz als String, einwohner als Zahl"
FR = "Collé depuis mon tableur :\nville,code_postal,departement\nAngers,49000,Maine-et-Loire\nConvertis la ligne en objet JSON ; code_postal en chaîne de caractères."
IT = "cognome;nome;reparto;turno\nEsposito;Marco;Logistica;mattina\nfammi l'oggetto JSON della riga con le intestazioni come chiavi"
ES = "producto;precio;stock\nAceite de oliva 1L;8.95;25\n\nDevuélvelo como un objeto JSON con esas claves (precio y stock numéricos)."
PT = "sku | cor | tamanho | estoque\nTS-01 | azul | G | 14\nconverte em objeto JSON (estoque número)"
ZH = "从Excel复制的：\n学号,姓名,班级,成绩\n20230115,李娜,高二3班,88\n把这一行转成JSON对象，表头做键，学号用字符串，成绩用数字"
JA = "スプレッドシートからコピーしました：\n社員番号,氏名,部署,内線\n00421,鈴木 花子,総務部,3021\nこの行をJSONオブジェクトにしてください。見出しをキーに、社員番号と内線は文字列で。"
RU = "Сделай из этой строки JSON:\nимя;город;возраст\nОлег;Казань;41"

SERVED: list[tuple[str, str, str, Obj]] = [
    ("csv-labelled/en", CSV_EN, CSV_EN.replace("Omar", "Priya").replace("72000", "81000"),
     {"first_name": "Priya", "last_name": "Haddad", "dept": "Finance", "salary": 81000}),
    ("csv/en", "Convert this CSV row to a JSON object using the header:\nid,name,score\n7,Dana,93",
     "Convert this CSV row to a JSON object using the header:\nid,name,score\n8,Liam,71", {"id": 8, "name": "Liam", "score": 71}),
    ("csv-quoted-separator/en", 'CSV to JSON please:\nname,city\n"Haddad, Omar",Paris', 'CSV to JSON please:\nname,city\n"Chen, Laura",Denver',
     {"name": "Chen, Laura", "city": "Denver"}),
    ("markdown-key-value/en", MD_EN, MD_EN.replace("6432", "5432").replace("true", "false"), {"host": "db.internal", "port": 5432, "ssl": False}),
    ("env/en", ENV_EN, ENV_EN.replace("WORKERS=8", "WORKERS=12"), {"APP_NAME": "ledger", "WORKERS": 12, "DEBUG": False}),
    ("tsv/de", TSV_DE, TSV_DE.replace("50667\tKöln\t1080000", "80331\tMünchen\t1510000"), {"plz": "80331", "ort": "München", "einwohner": 1510000}),
    ("csv/fr", FR, FR.replace("Angers,49000", "Nantes,44000"), {"ville": "Nantes", "code_postal": "44000", "departement": "Maine-et-Loire"}),
    ("semicolon/it", IT, IT.replace("Marco", "Giulia"), {"cognome": "Esposito", "nome": "Giulia", "reparto": "Logistica", "turno": "mattina"}),
    ("semicolon/es", ES, ES.replace("8.95", "9.45"), {"producto": "Aceite de oliva 1L", "precio": 9.45, "stock": 25}),
    ("pipe/pt", PT, PT.replace("| 14", "| 3"), {"sku": "TS-01", "cor": "azul", "tamanho": "G", "estoque": 3}),
    ("csv/zh", ZH, ZH.replace("李娜", "王芳"), {"学号": "20230115", "姓名": "王芳", "班级": "高二3班", "成绩": 88}),
    ("csv/ja", JA, JA.replace("3021", "3055"), {"社員番号": "00421", "氏名": "鈴木 花子", "部署": "総務部", "内線": "3055"}),
    ("semicolon/ru", RU, RU.replace("Олег", "Ирина"), {"имя": "Ирина", "город": "Казань", "возраст": 41}),
    ("markdown-row/es", "| usuario | rol | intentos |\n|---|---|---|\n| nrivas | admin | 2 |\n\n¿Me lo pasas a JSON plano?",
     "| usuario | rol | intentos |\n|---|---|---|\n| nrivas | admin | 5 |\n\n¿Me lo pasas a JSON plano?", {"usuario": "nrivas", "rol": "admin", "intentos": 5}),
    ("markdown-key-value/zh", "| 参数 | 值 |\n|---|---|\n| model | qwen-7b |\n| temperature | 0.2 |\n| stream | false |\n\n转成扁平JSON，数字和布尔保持类型",
     "| 参数 | 值 |\n|---|---|\n| model | qwen-7b |\n| temperature | 0.7 |\n| stream | false |\n\n转成扁平JSON，数字和布尔保持类型",
     {"model": "qwen-7b", "temperature": 0.7, "stream": False}),
    ("csv-source/pt", "Linha copiada da planilha (cabeçalho na primeira linha):\nmatricula,aluno,turma,faltas\n20231,Rafael Lima,3B,7\nConverte a linha num objeto JSON; matricula e faltas como números.",
     "Linha copiada da planilha (cabeçalho na primeira linha):\nmatricula,aluno,turma,faltas\n20231,Rafael Lima,3B,9\nConverte a linha num objeto JSON; matricula e faltas como números.",
     {"matricula": 20231, "aluno": "Rafael Lima", "turma": "3B", "faltas": 9}),
    ("tsv-only/de", "Mach daraus ein JSON-Objekt, nur das JSON:\nname\talter\nJonas\t27", "Mach daraus ein JSON-Objekt, nur das JSON:\nname\talter\nLena\t31",
     {"name": "Lena", "alter": 31}),
    ("markdown-key-value/it", "| chiave | valore |\n|---|---|\n| comune | Milano |\n| figli | 2 |\n\nin JSON, figli come numero",
     "| chiave | valore |\n|---|---|\n| comune | Torino |\n| figli | 2 |\n\nin JSON, figli come numero", {"comune": "Torino", "figli": 2}),
]


@pytest.mark.parametrize(("cls", "first", "second", "expected"), SERVED, ids=[case[0] for case in SERVED])
def test_served_proven_and_exactly_right(cls: str, first: str, second: str, expected: Obj) -> None:
    assert_json_pair_served_exactly(cls, first, second, expected, in_order=True)  # the header's order


# The paste read by the stdlib, then its cells typed: (prompt, object) read exactly so
READS: list[tuple[str, Obj]] = [
    ('Turn the row into JSON.\nname,quote\nAna,"He said ""hi"""', {"name": "Ana", "quote": 'He said "hi"'}),  # a doubled quote
    ("Turn the row into JSON.\nsku|qty\nAB-12|4", {"sku": "AB-12", "qty": 4}),  # a pipe without spaces
    ("Convert the row to JSON, code as a string.\ncode,qty\n007,4", {"code": "007", "qty": 4}),
    ("Convert the row to JSON.\ncode,qty\n007,4", {"code": "007", "qty": 4}),  # leading zeros stay a string
    ("Convert the row to JSON, qty as a string.\ncode,qty\nA-7,4", {"code": "A-7", "qty": "4"}),
    ("Convert the row to JSON, active as a string.\nname,active\nAna,true", {"name": "Ana", "active": "true"}),
    ("Convert to JSON (age as an integer):\nname,age\nAna,31", {"name": "Ana", "age": 31}),
    ("Turn the row into JSON, keyed by the header:\nName,City\nBob,Paris", {"Name": "Bob", "City": "Paris"}),  # a header named
    ("Turn the row into JSON (header first):\nName,City\nBob,Paris", {"Name": "Bob", "City": "Paris"}),
    # the request said in other words, in every table
    ("Here's a row from my spreadsheet:\nname,email,age\nAna Ruiz,ana@example.com,34\nCan you turn it into a JSON object?",
     {"name": "Ana Ruiz", "email": "ana@example.com", "age": 34}),
    ("Make a JSON object out of this row (header first):\ncity;country;population\nLyon;France;522000",
     {"city": "Lyon", "country": "France", "population": 522000}),
    ("I copied this from Excel:\nsku\tprice\tstock\nAB-12\t24.5\t7\nPlease give me the JSON object for the row.",
     {"sku": "AB-12", "price": 24.5, "stock": 7}),
    ("Use the header as keys and return JSON:\nhost,port,ssl\ndb.internal,5432,true", {"host": "db.internal", "port": 5432, "ssl": True}),
    ("csv -> json pls\nuser,score\nmkim,88", {"user": "mkim", "score": 88}),
    ("Turn this into JSON:\nAPP_ENV=production\nDEBUG=false\nWORKERS=4", {"APP_ENV": "production", "DEBUG": False, "WORKERS": 4}),
    ("Give me this row as a JSON object, with the header as the keys:\nname,age\nAna,31", {"name": "Ana", "age": 31}),
    ("Convert to JSON, keeping zip as a string:\nname,zip\nAna,02139", {"name": "Ana", "zip": "02139"}),
    ("Pasa esta tabla a un objeto JSON:\n| campo | valor |\n|---|---|\n| usuario | lrivas |\n| rol | admin |", {"usuario": "lrivas", "rol": "admin"}),
    ("Voici une ligne copiée de mon tableur :\nproduit,prix\nCafé,3.5\nDonne-moi un objet JSON.", {"produit": "Café", "prix": 3.5}),
    ("Wandle diese Zeile in ein JSON-Objekt um:\nname;stadt;alter\nJonas;Bremen;27", {"name": "Jonas", "stadt": "Bremen", "alter": 27}),
    ("Transforma esta tabela em JSON:\n| campo | valor |\n|---|---|\n| nome | Rita |\n| idade | 33 |", {"nome": "Rita", "idade": 33}),
    ("Trasforma questa tabella in un oggetto JSON:\n| chiave | valore |\n|---|---|\n| host | db |\n| porta | 5432 |", {"host": "db", "porta": 5432}),
    ("Вот строка из таблицы:\nтовар;цена\nчай;120\nСделай JSON-объект.", {"товар": "чай", "цена": 120}),
    ("请把这行数据转成JSON：\n姓名,城市,年龄\n王伟,上海,26", {"姓名": "王伟", "城市": "上海", "年龄": 26}),
    ("以下の行をJSONに変換してください：\n名前,都市,年齢\n佐藤,大阪,27", {"名前": "佐藤", "都市": "大阪", "年齢": 27}),
    # one type for every cell no key's own note types
    ("Return JSON where every value is a string:\ninvoice,amount\n00172,415", {"invoice": "00172", "amount": "415"}),
    ("Convert to JSON, all values as strings, qty as a number.\ncode,qty\n007,4", {"code": "007", "qty": 4}),
    ("输出JSON，所有值都用字符串：\n工号,部门,工龄\n007,研发,6", {"工号": "007", "部门": "研发", "工龄": "6"}),
    ("Devuelve un JSON donde todos los valores son texto:\ncodigo;planta\n08001;5", {"codigo": "08001", "planta": "5"}),
]


@pytest.mark.parametrize(("prompt", "expected"), READS, ids=[p[:40] for p, _ in READS])
def test_the_paste_is_read_exactly(prompt: str, expected: Obj) -> None:
    read = read_request(prompt)
    assert read is not None and list(read.keys) == list(expected), prompt
    got = {key: read.statements[key].value for key in read.keys}
    assert all(type(got[k]) is type(v) and got[k] == v for k, v in expected.items()), got


TRAPS = [
    "name,score\nLiam,93\nAna,41\nTurn the row into JSON.",                       # two data rows: which one?
    "Turn the row into JSON.\nname,score\nLiam,93,12",                            # a row wider than the header
    "Turn the row into JSON.\nname,score,age\nLiam,93",                           # a row narrower than the header
    "Turn the row into JSON, age as a number.\nname,score\nLiam,93",              # a note naming no key of the header
    "Turn the row into a JSON array.\nname,score\nLiam,93",                       # another shape
    "Turn the row into YAML.\nname,score\nLiam,93",                               # another format
    "Turn the row into JSON, rename score to points.\nname,score\nLiam,93",       # a key renamed
    "Turn the row into JSON, code as a number.\ncode,qty\n007,4",                 # leading zeros noted a number
    "Turn the row into JSON, name as a number.\nname,score\nLiam,93",             # not a number
    "Mach ein JSON-Objekt aus der Zeile.\nname;preis\nTasse;1,5",                 # a decimal comma: 1.5 or "1,5"?
    "Mach ein JSON-Objekt aus der Zeile.\nname;preis\nTasse;1.080",               # de: 1.080 may be 1080
    "Turn the row into JSON.\nversion,qty\n1.10,2",                              # 1.1 is not written 1.10 (W22)
    "| key | value |\n|---|---|\n| host | db |\n\nflat JSON object please",      # one row: its cells, or one key's value?
    "Turn the row into JSON.\nname;score,rank\nLiam;93,1",                        # two separators
    "turn this .env into json:\nAPP_NAME=\"led\\\"ger\"\nWORKERS=8",             # a quoted .env value with an escape ('APP_NAME="ledger"' is read since wip/overdecl)
    "Turn the row into JSON.\nname,name\nLiam,93",                                # a key twice
    "Turn the row into JSON.\nname,active\nLiam,TRUE",                            # TRUE: a boolean or a string?
    "Turn the row into JSON.\nname,note\nLiam,null",                              # null
    "Turn the row into JSON.\nname,note\nLiam,",                                  # an empty cell
    "Turn the row into JSON.\nname,price\nLiam,12%",                              # a percentage
    "kopiert aus Excel (Tab-getrennt):\nplz,ort\n50667,Köln\nmach ein JSON-Objekt aus der Zeile",  # a tab note, a comma paste
    "Foo: name,score\nBar: Liam,93\nTurn the row into JSON.",                     # labels no table declares
    "Turn the row into JSON, numbers as strings.\nname,score\nLiam,93",           # a rule over every cell, not read
    "Turn the row into JSON, score not as a number.\nname,score\nLiam,93",        # a negation
    "把这一行转成JSON对象\n学号,成绩\n１２,88",                                     # full-width digits
    "Turn the row into JSON.\nname,score\nLiam,93\nAlso add the rank.",           # a sentence outside the grammar
    "Turn the row into JSON for the second row.\nname,score\nLiam,93",            # a word outside the table
    "Turn the row into JSON\n| nom | note |\n|---|---|\n| Alice | 17 |\n| Bastien | 11 |",  # a table of two rows
    "Turn the row into JSON.\nname,score\nLiam,93\n\nname,score\nAna,41",         # two pastes
    "Turn the row into JSON.\n| name | score |\n|---|---|\n| Liam | 93 | 12 |",        # a markdown row wider than its header
    "Turn the row into JSON.\nA=1,B=2\nC=3,D=4",                                # a table or NAME=value lines?
    "Turn the row into JSON.\nrow=1,y=2\nz=3,w=4",
    "Turn the row into JSON, score as a number, score as a string.\nname,score\nLiam,93",  # two notes for one key
    "Convert to JSON (age as an integer):\nname,age\nAna,31.5",                  # not an integer
    "Turn this into JSON:\nAna,31\nBob,40",                                     # "31" is a row's cell, no header's
    "Turn this into JSON:\nana,31\nbob,40",
    "Turn the row into JSON:\nAna,Lima\nBob,Paris",                              # a header, or a first row of names?
    "Convert this CSV to JSON:\nSku,Qty\nAB-100,3",                              # a capitalised header the words do not name
    "Convert to JSON, all values as numbers.\ncode,qty\nA7,4",                   # a cell that is no number
    "Convert to JSON, all values as strings, all values as numbers.\ncode,qty\n7,4",  # two types for every cell
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_no_claim_and_reaches_the_model(trap: str) -> None:
    assert read_paste(trap) is None and read_request(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate("Turn the row into JSON.\nname,score\nNoah,50", model)  # a pasted row cached first
    asked: list[str] = []
    result = cache.generate(trap, lambda p: asked.append(p) or "{}")
    assert asked and result.model_calls >= 1, trap


@pytest.mark.parametrize(("cell", "noted", "language", "value"), [
    ("72000", None, "en", 72000), ("8.95", None, "es", 8.95), ("0.2", None, "zh", 0.2), ("-3", None, "en", -3),
    ("1.080", None, "en", None), ("1.080", None, "de", None), ("9.40", None, "es", None), ("1.10", None, "en", None), ("1.234", None, "de", None), ("1.234", None, "en", 1.234), ("00421", None, "ja", "00421"), ("00421", "number", "ja", None),
    ("49000", "string", "fr", "49000"), ("true", None, "en", True), ("false", "boolean", "en", False), ("true", "number", "en", None),
    ("ja", None, "de", None), ("Oui", None, "fr", None), ("-0", None, "en", None), ("1e5", None, "en", None), ("+33", None, "fr", None),
    ("72 kg", None, "en", None), ("$5", None, "en", None), ("3B", None, "pt", "3B"), ("150-0002", None, "ja", "150-0002"),
    ("Köln", "number", "de", None), ("Köln", "boolean", "de", None), (" x", None, "en", None), ("", "string", "en", None),
    ("31", "integer", "en", 31), ("31.5", "integer", "en", None), ("31.5", "number", "en", 31.5),
])
def test_a_cell_is_typed_as_written_or_noted(cell: str, noted: str | None, language: str, value: Any) -> None:
    got = _typed(cell, noted, language)
    assert type(got) is type(value) and got == value, (cell, noted, got)
