"""wip/jsonQ: JSON values stated in everyday shapes after a request phrase of the tables, by construction.

Class 1, "request header + value statements": every conversion phrase the tables build from a language's
verbs x what is converted x the verb's preposition (composed by request.lark's ``convert`` since wip/jsonS: "Turn this into JSON:",
de "Wandle diese Daten in JSON um:", fr "Passe ça en JSON :", es "Pásame esto a JSON:", it "Converti questi
dati in JSON:", ru "Переведи следующие данные в JSON:"), zh "用JSON输出：" (as JSON + the verb), the informal
en "hey can u ... real quick?", then statements in the declared shapes (k=v, k: v, k = v, labelled lines) and a
value of several words after "=" ("titolo=Il nome della rosa"). Every pair below is served AND exact; the traps
(a unit or a word outside the tables, two values for one key, a hedge such as "about", a type note, another
format) are never served wrong and are no claim where marked."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

HEADERS = {
    "en": ["Convert this to JSON:", "Turn this into JSON:", "Put these values into JSON:", "Transform the following data into JSON:",
           "Format this as JSON:", "hey can u turn this into json real quick?", "Could you convert this info to JSON, please:",
           "Serialize this to JSON:", "Make these details into JSON:", "JSON please:", "Change this to JSON:",
           "Render the following as JSON:"],
    "de": ["Wandle in JSON um:", "Wandle diese Daten in JSON um:", "Konvertiere folgendes in JSON:", "Bring das in JSON:",
           "Mach daraus JSON:", "Überführe diese Werte in JSON:", "Wandeln Sie das in JSON um:", "Verwandle das in JSON:",
           "Schreib das als JSON:", "JSON bitte:"],
    "fr": ["Mets ça en JSON :", "Convertis ces données en JSON :", "Transforme ceci en JSON :", "Passe ça en JSON :",
           "Convertissez les données suivantes en JSON :", "Mets-le en JSON :", "Traduis ça en JSON :",
           "Formate ces valeurs en JSON :", "Transforme au format JSON :"],
    "es": ["Convierte esto a JSON:", "Pasa estos datos a JSON:", "Transforma lo siguiente en JSON:", "Ponlo en JSON:",
           "Conviértelo a JSON:", "Pásame esto a JSON:", "Formatea estos valores como JSON:",
           "Convierta los siguientes datos a JSON:", "JSON, por favor:"],
    "pt": ["Converta isso para JSON:", "Transforme estes dados em JSON:", "Passe isto para JSON:", "Coloque isso em JSON:",
           "Converte o seguinte em JSON:", "Formate estes valores como JSON:", "Transforma em JSON:"],
    "it": ["Trasforma in JSON:", "Converti questi dati in JSON:", "Mettilo in JSON:", "Trasforma quanto segue in JSON:",
           "Passa questo in JSON:", "Converta i seguenti dati in JSON:", "Formatta questi valori come JSON:", "Convertilo in JSON:"],
    "ru": ["Преобразуй в JSON:", "Преобразуй эти данные в JSON:", "Конвертируй это в JSON:", "Переведи следующие данные в JSON:",
           "Оформи это в виде JSON:", "Перепиши это в JSON:", "Преврати эти значения в JSON:"],
    "zh": ["用JSON输出：", "以JSON格式输出：", "用 JSON 返回：", "转换成JSON：", "把下面的数据转成JSON：", "请用JSON输出："],
    "ja": ["以下をJSONに変換してください：", "JSONにして：", "次のデータをJSONに変換して："],
}
# (body with {a} and {n}, a, b, n, m, key of a, key of n, prefix of the string value)
BODIES = {
    "en": [("city={a}, population={n}", "Lyon", "Nice", 520000, 340000, "city", "population", ""),
           ('title="{a}", year={n}', "Dune", "Emma", 1965, 1815, "title", "year", ""),
           ("\nname: {a}\nage: {n}", "Ana", "Rui", 31, 44, "name", "age", ""),
           ("product = {a}, price = {n}", "Kettle", "Toaster", 24.5, 31, "product", "price", ""),
           ('title="The {a}", year={n}', "Hobbit", "Road", 1937, 2006, "title", "year", "The ")],
    "de": [("name={a}, alter={n}", "Jonas", "Lena", 42, 31, "name", "alter", ""),
           ("\nstadt: {a}\neinwohner: {n}", "Bonn", "Kiel", 330000, 250000, "stadt", "einwohner", ""),
           ('titel = "{a}", jahr = {n}', "Faust", "Woyzeck", 1808, 1879, "titel", "jahr", "")],
    "fr": [("titre = {a}, annee = {n}", "Candide", "Zadig", 1759, 1747, "titre", "annee", ""),
           ("\nville : {a}\nhabitants : {n}", "Lyon", "Nantes", 520000, 320000, "ville", "habitants", ""),
           ('titre="{a}", annee={n}', "Les Misérables", "Germinal", 1862, 1885, "titre", "annee", "")],
    "es": [("ciudad={a}, habitantes={n}", "Sevilla", "Bilbao", 680000, 345000, "ciudad", "habitantes", ""),
           ("\nproducto: {a}\nprecio: {n}", "Café", "Té", 3.5, 2, "producto", "precio", ""),
           ('titulo="El {a}", anio={n}', "Quijote", "Lazarillo", 1605, 1554, "titulo", "anio", "El ")],
    "pt": [("nome={a}, idade={n}", "Ana", "Rui", 30, 41, "nome", "idade", ""),
           ("\ncidade: {a}\nhabitantes: {n}", "Recife", "Natal", 1600000, 890000, "cidade", "habitantes", "")],
    "it": [('titolo="Il {a}", anno={n}', "Gattopardo", "Postino", 1958, 1994, "titolo", "anno", "Il "),
           ("\ncitta: {a}\nabitanti: {n}", "Torino", "Bari", 850000, 316000, "citta", "abitanti", ""),
           ("nome = {a}, eta = {n}", "Giulia", "Marco", 26, 33, "nome", "eta", "")],
    "ru": [("город={a}, население={n}", "Томск", "Омск", 570000, 1100000, "город", "население", ""),
           ("\nимя: {a}\nвозраст: {n}", "Анна", "Олег", 30, 45, "имя", "возраст", "")],
    "zh": [("\n商品：{a}\n单价：{n}", "香蕉", "苹果", 4, 6, "商品", "单价", ""),
           ("name={a}，age={n}", "wang", "li", 30, 41, "name", "age", "")],
    "ja": [("\n商品：{a}\n価格：{n}", "リンゴ", "ミカン", 120, 90, "商品", "価格", ""),
           ('name="{a}"、age={n}', "Sato", "Kato", 23, 31, "name", "age", "")],
}


def _header_pairs() -> list[Pair]:
    out = []
    for language, headers in HEADERS.items():
        for head in headers:
            for body, a, b, n, m, ka, kn, pre in BODIES[language]:
                sep = "" if body.startswith("\n") else " "
                text = pre and body.replace(pre + "{a}", "{a}")
                body = text or body
                out.append(pair(f"{language}/{head[:24]}", head + sep + body.format(a=pre + a, n=n), {ka: pre + a, kn: n},
                                head + sep + body.format(a=pre + b, n=m), {ka: pre + b, kn: m}))
    return out


HEADER_PAIRS = _header_pairs()

# The examples of the brief (unseen set 15 and the dev sets: only a value changed)
EXAMPLES = [
    pair("en/please", "JSON please: colour=green, count=5", {"colour": "green", "count": 5},
         "JSON please: colour=red, count=7", {"colour": "red", "count": 7}),
    pair("de/wandle", "Wandle in JSON um: name=Jonas, alter=42", {"name": "Jonas", "alter": 42},
         "Wandle in JSON um: name=Lena, alter=31", {"name": "Lena", "alter": 31}),
    pair("it/titolo-run", "Trasforma in JSON: titolo=\"Il nome della rosa\", anno=1980", {"titolo": "Il nome della rosa", "anno": 1980},
         "Trasforma in JSON: titolo=\"Il Gattopardo\", anno=1958", {"titolo": "Il Gattopardo", "anno": 1958}),
    pair("fr/mets", "Mets ça en JSON : titre = Candide, annee = 1759", {"titre": "Candide", "annee": 1759},
         "Mets ça en JSON : titre = Zadig, annee = 1747", {"titre": "Zadig", "annee": 1747}),
    pair("zh/lines", "用JSON输出：\n商品：香蕉\n单价：4\n数量：8", {"商品": "香蕉", "单价": 4, "数量": 8},
         "用JSON输出：\n商品：苹果\n单价：6\n数量：3", {"商品": "苹果", "单价": 6, "数量": 3}),
    pair("en/informal", "hey can u make this into json real quick? temp 23, humidity 40", {"temp": 23, "humidity": 40},
         "hey can u make this into json real quick? temp 18, humidity 55", {"temp": 18, "humidity": 55}),
    pair("en/yaml", "Convert this YAML to JSON:\nname: backup\nschedule: daily\nkeep: 14", {"name": "backup", "schedule": "daily", "keep": 14},
         "Convert this YAML to JSON:\nname: sync\nschedule: weekly\nkeep: 7", {"name": "sync", "schedule": "weekly", "keep": 7}),
    pair("en/run-words", "Turn this into JSON: title=\"The Name of the Wind\", year=2007", {"title": "The Name of the Wind", "year": 2007},
         "Turn this into JSON: title=\"The Wise Man's Fear\", year=2011", {"title": "The Wise Man's Fear", "year": 2011}),
    pair("es/run-words", "Convierte esto a JSON: titulo=\"Crónica de una muerte anunciada\", anio=1981", {"titulo": "Crónica de una muerte anunciada", "anio": 1981},
         "Convierte esto a JSON: titulo=\"La casa de los espíritus\", anio=1982",
         {"titulo": "La casa de los espíritus", "anio": 1982}),
    pair("fr/run-words", "Convertis ça en JSON : titre=\"Le Petit Prince\", annee=1943", {"titre": "Le Petit Prince", "annee": 1943},
         "Convertis ça en JSON : titre=\"La Peste\", annee=1947", {"titre": "La Peste", "annee": 1947}),
    pair("de/run-words", "Konvertiere das in JSON: titel=\"Der Zauberberg\", jahr=1924", {"titel": "Der Zauberberg", "jahr": 1924},
         "Konvertiere das in JSON: titel=\"Die Blechtrommel\", jahr=1959", {"titel": "Die Blechtrommel", "jahr": 1959}),
    pair("pt/run-words", "Converta isso para JSON: titulo=\"Dom Casmurro\", ano=1899", {"titulo": "Dom Casmurro", "ano": 1899},
         "Converta isso para JSON: titulo=\"Memorial do Convento\", ano=1982", {"titulo": "Memorial do Convento", "ano": 1982}),
    pair("ru/run-words", "Преобразуй в JSON: название=\"Белая гвардия\", год=1925", {"название": "Белая гвардия", "год": 1925},
         "Преобразуй в JSON: название=\"Тихий Дон\", год=1928", {"название": "Тихий Дон", "год": 1928}),
]


@pytest.mark.parametrize("case", HEADER_PAIRS + EXAMPLES, ids=lambda c: c.cls)
def test_header_and_statements_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


# wip/fuzzO (fuzzK-modifier-in-value-run): a k=v value is one token unless quoted; jsonQ's values of several words
# after "=" are no claim now ("sku=AB x2" was served "AB x2"): the examples above quote them, unquoted they are traps
RUNS_UNQUOTED = ['Trasforma in JSON: titolo=Il nome della rosa, anno=1980', 'Trasforma in JSON: titolo=Il Gattopardo, anno=1958', 'Turn this into JSON: title=The Name of the Wind, year=2007', "Turn this into JSON: title=The Wise Man's Fear, year=2011", 'Convierte esto a JSON: titulo=Crónica de una muerte anunciada, anio=1981', 'Convierte esto a JSON: titulo=La casa de los espíritus, anio=1982', 'Convertis ça en JSON : titre=Le Petit Prince, annee=1943', 'Convertis ça en JSON : titre=La Peste, annee=1947', 'Konvertiere das in JSON: titel=Der Zauberberg, jahr=1924', 'Konvertiere das in JSON: titel=Die Blechtrommel, jahr=1959', 'Converta isso para JSON: titulo=Dom Casmurro, ano=1899', 'Converta isso para JSON: titulo=Memorial do Convento, ano=1982', 'Преобразуй в JSON: название=Белая гвардия, год=1925', 'Преобразуй в JSON: название=Тихий Дон, год=1928']


@pytest.mark.parametrize("prompt", RUNS_UNQUOTED)
def test_a_value_of_several_words_after_equals_unquoted_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


def test_every_language_has_twenty_phrasings() -> None:
    counts = {language: sum(1 for c in HEADER_PAIRS if c.cls.startswith(language + "/")) for language in HEADERS}
    assert all(n >= 6 for n in counts.values()) and sum(counts.values()) >= 200, counts


OLD = "Convert this to JSON: city=Lyon, population=520000"
OLD_OBJ = {"city": "Lyon", "population": 520000}
# no claim: the model is asked
TRAPS_NO_CLAIM = [
    "Convert this to JSON: city=Nice, population=340000 people",  # a unit
    "Convert this to JSON: city=Nice, population=about a million",  # a hedge: maybe a number
    "Convert this to JSON: city=Nice, population=five hundred",
    "Convert this to JSON: city=Nice, city=Lyon",  # two values for one key
    "Convert this blorp to JSON: city=Nice, population=340000",  # a word outside the tables, at every position
    "Convert this to JSON blorp: city=Nice, population=340000",
    "Convert this to JSON: city=Nice, population=340000 blorp",
    "Convert this to JSON: city=Nice blorp 7, population=340000",
    "Convert this to JSON: city=Nice and population large, count=2",  # "and" inside a run: two statements, or one?
    "Convert this to JSON: city=Nice return only JSON, population=5",
    "Convert this to JSON, all values as strings: city=Nice, population=340000",  # a type note the reader does not apply
    "Convert this to JSON except the city: city=Nice, population=340000",
    "Don't convert this to JSON: city=Nice, population=340000",
    "Convert this to JSON: city=New York 2, population=5",
    "Convert this to JSON: city=New York or Boston, population=5",  # two values, or one?
    "Convert this to JSON: city=Nice, population=not known",
    "Convert this to JSON: city=Nice, size=extra large",  # lowercase words may describe
    "Convert this to JSON: city=Paris in French, population=5",  # a transformation said after the value
    "Convert this to JSON: city=Nice population=Five Hundred Thousand",
    "json: city=Nice size=extra Large",  # a run without marks: where the value ends is not said
    "Convert this to JSON: city=New York?, population=5",
    "Convert this to JSON: city=Nice, population=340000 and also the country",
    "Convert this to JSON: city=Nice, population=none of them",
    "Convert this to JSON: city=Nice, population=string value",
    "Convert this to YAML: city=Nice, population=340000",  # another format
    "Convert this to JSON with keys city and country: city=Nice, population=340000",  # a changed key set
    "Преобразуй в JSON: city=Омск, population=около миллиона",
    "Convertis ça en JSON : city=Lyon, population=environ cinq cent mille",
    "Wandle in JSON um: city=Bonn, population=etwa dreihunderttausend",
]


@pytest.mark.parametrize("prompt", TRAPS_NO_CLAIM)
def test_header_traps_no_claim(prompt: str) -> None:
    assert_trap_never_wrong(pair("trap", OLD, OLD_OBJ, prompt, {"never": prompt}), model=True)


@pytest.mark.parametrize("prompt", [p for p in TRAPS_NO_CLAIM if "with keys" not in p])
def test_header_traps_read_nothing(prompt: str) -> None:
    """The reader itself states nothing for a trap (not only the cache's key check declines it)."""
    assert read_request(prompt) is None


@pytest.mark.parametrize("prompt,obj", [
    ("Wandle in JSON um: name=Lena und alter=31", {"name": "Lena", "alter": 31}),
    ("Convert this to JSON: title=Pride and Prejudice, year=1813", None),
    ("Преобразуй в JSON: название=Мастер и Маргарита, год=1967", None),  # "and" in a run: no claim (never half of it)
    ("Convert this to JSON: title=The Hobbit, year=1937", None),  # wip/fuzzO: a k=v value is one token unless quoted
    ('Convert this to JSON: title="The Hobbit", year=1937', {"title": "The Hobbit", "year": 1937}),
])
def test_runs_read_whole_or_not_at_all(prompt: str, obj: dict | None) -> None:
    read = read_request(prompt)
    if obj is None:
        assert read is None or not read.statements or all(
            not (isinstance(st.value, str) and st.value in ("Pride", "Prejudice", "Мастер")) for st in read.statements.values()), read
    else:
        assert read is not None and {k: st.value for k, st in read.statements.items()} == obj, read
