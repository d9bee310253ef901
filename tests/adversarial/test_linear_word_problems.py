"""Word problems read by a declared grammar (issue 33 items 1/3/4, branch wip/linW), written by
hand per class, not from any held-out file. The equation is derived from the facts the grammar
reads ("fixed + rate x count = total"), never from the model's text. Each pair: the first prompt is
answered by a model that is never right (only what the derivation proves is stored), then the
second is served proven without a model call and exactly right; each trap is no claim (the task
does not understand it) and reaches the model."""

from __future__ import annotations

import hashlib
import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt


class Echo:
    """Never right: its answer is a function of the prompt."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return "ECHO " + hashlib.sha256(prompt.encode()).hexdigest()[:12]


TAXI = ("A taxi charges a $3 base fare plus $2 per mile. The ride cost ${total}. Let m be the number of miles. "
        "Set up an equation and solve for m.")
PLUMBER = "A plumber charges a $40 call-out fee plus $35 per hour. The bill was ${total}. Let h be the number of hours. Find h."
PHONE = "A phone plan charges $10 plus $0.25 per minute. The bill was ${total}. Let n be the number of minutes. Solve for n."
GYM = "My homework says: a gym charges a $25 sign-up fee plus $15 per month. The total was ${total}. Let k be the number of months. Solve for k."

HOW_MANY = "A taxi charges $3 plus $2 per mile. The ride cost ${total}. How many miles m did the ride cover?"
DE = "Ein Elektriker berechnet 30 \u20ac Anfahrt und 45 \u20ac pro Stunde. Die Rechnung betr\u00e4gt {total} \u20ac. Wie viele Stunden h hat er gearbeitet?"
PT = "Um t\u00e1xi cobra R$ 4 de bandeirada e R$ 2,50 por quil\u00f4metro. Uma corrida custou R$ {total}. Quantos quil\u00f4metros d foram percorridos?"

RECT = "A rectangle has a perimeter of {total} cm and a length of 15 cm. Find its width w."
RECT_LET = "A rectangle has a perimeter of {total} feet and a width of 4 feet. Let l be the length. Find l."

ES = ("Un gimnasio cobra 20 euros de inscripci\u00f3n y 15 euros al mes. Si Ana pag\u00f3 {total} euros en total, "
      "\u00bfcu\u00e1ntos meses m estuvo inscrita? Plantea la ecuaci\u00f3n y resu\u00e9lvela.")
FR = ("Un forfait t\u00e9l\u00e9phonique co\u00fbte 12 \u20ac par mois plus 0,50 \u20ac par minute. La facture du mois est de {total} \u20ac. "
      "Combien de minutes n ont \u00e9t\u00e9 utilis\u00e9es ?")
IT = "Un abbonamento in palestra costa 40 euro d'iscrizione pi\u00f9 20 euro al mese. Giulia ha speso {total} euro. Per quanti mesi m si \u00e8 abbonata?"
EN_PAID = "A gym charges a $25 sign-up fee plus $15 per month. Priya paid {total} dollars in total. Let k be the number of months. Solve for k."

ZH = "\u5c0f\u7ea2\u4e70\u4e86 4 \u4e2a\u82f9\u679c\u548c\u4e00\u74f6 6 \u5143\u7684\u725b\u5976\uff0c\u4e00\u5171\u82b1\u4e86 {total} \u5143\u3002\u8bbe\u6bcf\u4e2a\u82f9\u679c x \u5143\uff0c\u6c42 x\u3002"
JA = "\u30d1\u30f3 1 \u500b\u306e\u5024\u6bb5\u3092 q \u5186\u3068\u3057\u307e\u3059\u3002\u30d1\u30f3 3 \u500b\u3068 120 \u5186\u306e\u725b\u4e73\u3092\u8cb7\u3063\u3066\u3001\u5408\u8a08 {total} \u5186\u3067\u3057\u305f\u3002q \u3092\u6c42\u3081\u3066\u304f\u3060\u3055\u3044\u3002"

AGES = "Ravi is 4 times as old as Mia. Together they are {total} years old. Let a be Mia's age and solve for a."
AGES_BIG = "Ravi is 4 times as old as Mia. Together they are {total} years old. Let r be Ravi's age. Find r."
RU = ("\u041a\u043d\u0438\u0433\u0430 \u043d\u0430 90 \u0440\u0443\u0431\u043b\u0435\u0439 \u0434\u043e\u0440\u043e\u0436\u0435 \u0442\u0435\u0442\u0440\u0430\u0434\u0438. "
      "\u0412\u043c\u0435\u0441\u0442\u0435 \u043e\u043d\u0438 \u0441\u0442\u043e\u044f\u0442 {total} \u0440\u0443\u0431\u043b\u0435\u0439. "
      "\u041f\u0443\u0441\u0442\u044c t \u2014 \u0446\u0435\u043d\u0430 \u0442\u0435\u0442\u0440\u0430\u0434\u0438. \u041d\u0430\u0439\u0434\u0438\u0442\u0435 t.")

SERVED = [
    (AGES, 50, 65, "a", Fraction(13), "a + 4a = 65"),
    (AGES_BIG, 50, 65, "r", Fraction(52), "r + r/4 = 65"),
    (RU, 150, 250, "t", Fraction(80), "t + (t + 90) = 250"),
    (ZH, 30, 38, "x", Fraction(8), "4x + 6 = 38"),
    (JA, 480, 570, "q", Fraction(150), "3q + 120 = 570"),
    (ES, 110, 200, "m", Fraction(12), "15m + 20 = 200"),
    (FR, 18, 27, "n", Fraction(30), "0.5n + 12 = 27"),
    (IT, 100, 180, "m", Fraction(7), "20m + 40 = 180"),
    (EN_PAID, 145, 70, "k", Fraction(3), "15k + 25 = 70"),
    (RECT, 50, 62, "w", Fraction(16), "2(15 + w) = 62"),
    (RECT_LET, 20, 27, "l", Fraction(19, 2), "2(4 + l) = 27"),
    (HOW_MANY, 19, 33, "m", Fraction(15), "2m + 3 = 33"),
    (DE, 120, 255, "h", Fraction(5), "45h + 30 = 255"),
    (PT, 14, 19, "d", Fraction(6), "2.5d + 4 = 19"),
    (TAXI, 19, 27, "m", Fraction(12), "2m + 3 = 27"),
    (PLUMBER, 180, 250, "h", Fraction(6), "35h + 40 = 250"),
    (PHONE, 18, 23, "n", Fraction(52), "0.25n + 10 = 23"),
    (GYM, 145, 205, "k", Fraction(12), "15k + 25 = 205"),
    (TAXI, 19, 8, "m", Fraction(5, 2), "2m + 3 = 8"),  # miles may be a fraction
]


@pytest.mark.parametrize(("template", "first", "second", "name", "value", "setup"), SERVED)
def test_a_word_problem_is_served_with_its_derived_equation(
    template: str, first: int, second: int, name: str, value: Fraction, setup: str
) -> None:
    cache, model = StepCache(), Echo()
    one = cache.generate(template.format(total=first), model)
    assert one.verified and one.task == "linear_equation", one.text
    before = model.calls
    again = cache.generate(template.format(total=second), model)
    assert model.calls == before and again.model_calls == 0, again.text
    assert again.verified and again.verification == "proven", again.text
    lines = again.text.strip().splitlines()
    assert setup in lines[0], again.text  # the engine writes the set-up line, derived by the grammar
    found = re.findall(rf"{name} = (-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)$", lines[-1])
    assert found and Fraction(found[-1]) == value, again.text


def test_the_equation_is_derived_from_the_facts() -> None:
    problem = understand_prompt(TAXI.format(total=19))
    assert problem is not None
    assert [eq.text for eq in problem.equations] == ["2m + 3 = 19"]
    assert problem.asked == ("m",) and problem.solution == {"m": Fraction(8)}


TRAPS = [
    # red team round 9: a counting word for the count other than the price's (W10: "5 盒" is five boxes,
    # "每本" a notebook's price), one item on both sides of "дороже" (W11), a plural subject (W12)
    "小明买了 5 盒笔记本和一支 20 元的笔，一共花了 35 元。设每本笔记本 n 元，求 n。",
    "小明买了 5 瓶饮料和一个 20 元的蛋糕，一共花了 35 元。设每杯饮料 n 元，求 n。",
    "小明买了 5 笔记本和一支 20 元的笔，一共花了 35 元。设每本笔记本 n 元，求 n。",
    "りんご 1 個の値段を p 円とします。りんご 5 本と 80 円のジュースを買って、合計 580 円でした。p を求めてください。",
    "Книга на 117 рублей дороже книги. Вместе они стоят 271 рублей. Пусть t — цена книги. Найди t.",
    "Тетрадь на 117 рублей дороже тетради. Вместе они стоят 271 рублей. Пусть t — цена тетради. Найди t.",
    "Книги на 117 рублей дороже тетради. Вместе они стоят 271 рублей. Пусть t — цена тетради. Найди t.",
    # the price named of the other item, counted by the same word: the other item's price is not asked
    "小明买了 3 本笔记本和一本 5 元的书，一共花了 26 元。设每本书 n 元，求 n。",
    "りんご 1 個の値段を p 円とします。みかん 5 個と 80 円のジュースを買って、合計 580 円でした。p を求めてください。",
    # one extra condition: derived by no rule
    "A taxi charges $3 plus $2 per mile after the first mile. The ride cost $19. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19 after a 10% discount. Let m be the number of miles. Solve for m.",
    "A plumber charges $40 plus $35 per 2 hours. The bill was $180. Let h be the number of hours. Find h.",
    "A taxi charges $3 plus $2 per mile for each of the 2 riders. The ride cost $19. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19 at half price. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19 each. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19 with tip. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile each way. The ride cost $19. Let m be the number of miles. Solve for m.",
    # rate and total swapped: the count would be negative
    "A taxi charges $19 plus $2 per mile. The ride cost $3. Let m be the number of miles. Solve for m.",
    # the letter counts another unit than the rate's
    "A taxi charges $3 plus $2 per mile. The ride cost $19. Let m be the number of kilometers. Solve for m.",
    "A plumber charges $40 plus $35 per hour. The bill was $180. Let h be the number of minutes. Find h.",
    # two unknowns, another letter asked, no letter named
    "A taxi charges $3 plus $2 per mile. The ride cost $19. Let m be the number of miles and n the number of hours. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19. Let m be the number of miles. Solve for n.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19. Solve for the number of miles.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19. How many miles m?  How much more would 10 miles cost?",
    # how much more, another question
    "A taxi charges $3 plus $2 per mile. Let m be the number of miles. How much more does a ride of m miles cost?",
    # two charges, two totals, no total
    "A taxi charges $3 plus $2 per mile. A cab charges $4 plus $1 per mile. The ride cost $19. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19. The trip cost $21. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. Let m be the number of miles. Solve for m.",
    # a total that is no charge, a rate of zero, another currency, an amount not read whole
    "A taxi charges $3 plus $2 per mile. The tip cost $19. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $0 per mile. The ride cost $3. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost \u20ac19. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $1,90. Let m be the number of miles. Solve for m.",  # wip/linN: "$1,900" (thousands) is now read and served: test_thousands_and_possessive_bills
    "A taxi charges $3 plus $2 per mile. The ride cost $1,9000. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2 per mile. The ride cost $19,00. Let m be the number of miles. Solve for m.",
    "A taxi charges $3 plus $2.555 per mile. The ride cost $19. Let m be the number of miles. Solve for m.",
    # months are counted whole
    "A gym charges a $25 sign-up fee plus $15 per month. The total was $150. Let k be the number of months. Solve for k.",
    # facts beside a written equation: not read as either
    "A taxi charges $3 plus $2 per mile. The ride cost $19. Let m be the number of miles. Solve 2m + 3 = 19 for m.",
    "Let m be the number of miles. Solve 2m + 3 = 19 for m.",
    # "$3 and $2 per mile": both per mile? (only a named fixed amount is joined by "and")
    "A taxi charges $3 and $2 per mile. The ride cost $19. How many miles m did the ride cover?",
    # the question asks another unit, or something else ("nicht"), or counts another way
    "Ein Elektriker berechnet 30 \u20ac Anfahrt und 45 \u20ac pro Stunde. Die Rechnung betr\u00e4gt 120 \u20ac. Wie viele Minuten h hat er gearbeitet?",
    "Ein Elektriker berechnet 30 \u20ac Anfahrt und 45 \u20ac pro Stunde. Die Rechnung betr\u00e4gt 120 \u20ac. Wie viele Stunden h hat er nicht gearbeitet?",
    "Ein Elektriker berechnet 30 \u20ac Anfahrt und 45 \u20ac pro 2 Stunden. Die Rechnung betr\u00e4gt 120 \u20ac. Wie viele Stunden h hat er gearbeitet?",
    "Um t\u00e1xi cobra R$ 4 de bandeirada e R$ 2,50 por hora. Uma corrida custou R$ 14. Quantos quil\u00f4metros d foram percorridos?",
    "Um t\u00e1xi cobra R$ 4 de bandeirada e R$ 2,50 por quil\u00f4metro. Uma corrida custou R$ 14 com desconto. Quantos quil\u00f4metros d foram percorridos?",
    "Um t\u00e1xi cobra R$ 4 de bandeirada e R$ 2,50 por quil\u00f4metro. Uma corrida custou 14 \u20ac. Quantos quil\u00f4metros d foram percorridos?",
    # a rectangle: two units, the given side asked, a side not positive, another quantity, another unit asked
    "A rectangle has a perimeter of 62 cm and a length of 18 mm. Find its width w.",
    "A rectangle has a perimeter of 62 cm and a length of 18 cm. Find its length w.",
    "A rectangle has a perimeter of 30 cm and a length of 18 cm. Find its width w.",
    "A rectangle has a perimeter of 36 cm and a length of 18 cm. Find its width w.",
    "A rectangle has a perimeter of 62 cm and a length of 18 cm. Find its area w.",
    "A rectangle has a perimeter of 62 cm and a length of 18 cm. Find its width w in mm.",
    "A rectangle has a perimeter of 62 cm and a length of 18 cm. Let w be the width. Find its width w.",
    "A rectangle has a perimeter of 62 cm and a length of 18 cm and a width of 10 cm. Find its width w.",
    # a fee for the month beside a bill that is not the month's, or a monthly rate beside it
    "Un forfait t\u00e9l\u00e9phonique co\u00fbte 12 \u20ac par mois plus 0,50 \u20ac par minute. La facture est de 18 \u20ac. Combien de minutes n ont \u00e9t\u00e9 utilis\u00e9es ?",
    "Un forfait t\u00e9l\u00e9phonique co\u00fbte 12 \u20ac par mois plus 0,50 \u20ac par mois. La facture du mois est de 18 \u20ac. Combien de mois n ?",
    # a group paid, not one person; two currencies; the same total twice
    "A gym charges a $25 sign-up fee plus $15 per month. Everyone paid $145 in total. Let k be the number of months. Solve for k.",
    "Un abbonamento in palestra costa 40 euro d'iscrizione pi\u00f9 20 euro al mese. Tutti hanno speso 100 euro. Per quanti mesi m si \u00e8 abbonata?",
    "A gym charges a $25 sign-up fee plus $15 per month. Priya paid 145 euros in total. Let k be the number of months. Solve for k.",
    "Un gimnasio cobra 20 euros de inscripci\u00f3n y 15 d\u00f3lares al mes. Si Ana pag\u00f3 110 euros en total, \u00bfcu\u00e1ntos meses m estuvo inscrita?",
    "Un gimnasio cobra 20 euros de inscripci\u00f3n y 15 euros al mes. Si Ana pag\u00f3 110 euros en total, \u00bfcu\u00e1ntos meses m estuvo inscrita? Ana pag\u00f3 95 euros.",
    "A gym charges a $25 sign-up fee plus $15 per month. Priya paid $145 in total. Priya paid $100. Let k be the number of months. Solve for k.",
    # the other item's price asked, the price of two, the same item twice, a total below the other price
    ZH.format(total=30).replace("\u8bbe\u6bcf\u4e2a\u82f9\u679c", "\u8bbe\u6bcf\u74f6\u725b\u5976"),
    JA.format(total=480).replace("\u30d1\u30f3 1 \u500b\u306e", "\u30d1\u30f3 2 \u500b\u306e"),
    ZH.format(total=30).replace("\u4e00\u74f6 6 \u5143\u7684\u725b\u5976", "\u4e00\u4e2a 6 \u5143\u7684\u82f9\u679c"),
    ZH.format(total=5),
    ZH.format(total=30).replace("\u4e00\u5171\u82b1\u4e86 30 \u5143", "\u4e00\u5171\u82b1\u4e86 30 \u5186"),
    # the letter names someone else, the pair names one twice, a condition more, a sum below the difference
    "Ravi is 4 times as old as Mia. Together they are 50 years old. Let a be Bob's age and solve for a.",
    "Ravi is 4 times as old as Ravi. Together they are 50 years old. Let r be Ravi's age. Find r.",
    "Ravi is 4 times as old as Mia. Together they are 50 years old. Let a be Mia's age in 5 years and solve for a.",
    "Ravi is 4 times as old as Mia was. Together they are 50 years old. Let a be Mia's age and solve for a.",
    "Ravi is 4 times as old as a dog. Together they are 50 years old. Let a be Mia's age and solve for a.",
    "Ravi is 1 times as old as Mia. Together they are 50 years old. Let a be Mia's age and solve for a.",
    RU.format(total=80),
    RU.format(total=150).replace("\u0446\u0435\u043d\u0430 \u0442\u0435\u0442\u0440\u0430\u0434\u0438", "\u0446\u0435\u043d\u0430 \u0440\u0443\u0447\u043a\u0438"),
    RU.format(total=150).replace("\u043d\u0430 90 \u0440\u0443\u0431\u043b\u0435\u0439", "\u043d\u0430 90 \u0435\u0432\u0440\u043e"),
    # facts alone: nothing asked
    "A taxi charges $3 plus $2 per mile. The ride cost $19. Let m be the number of miles.",
    # an answer in another form the derivation does not follow
    "A taxi charges $3 plus $2 per mile. The ride cost $19. Let m be the number of miles. Solve for m. Is m = 8?",
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_a_word_problem_outside_the_declared_shapes_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


def test_a_trap_after_a_served_word_problem_reaches_the_model() -> None:
    cache, model = StepCache(), Echo()
    cache.generate(TAXI.format(total=19), model)
    for prompt in TRAPS[:10]:
        before = model.calls
        out = cache.generate(prompt, model)
        assert model.calls == before + 1 and out.model_calls == 1, (prompt, out.text)


# -- wip/linW2: the quantity asked in words, no letter named (issue 33, round 2). Written by hand per
# class and language (the dev failures' classes, never their sentences); the derivation names the
# unknown x and the answer line is labelled with the user's own words for what is asked.
TAXI_W = "A cab charges a ${fixed} flat fee plus ${rate} per mile. My trip cost ${total}. How many miles did I travel?"
GYM_W = "A gym charges a $30 joining fee plus $12 per month. I have paid ${total} so far. How many months have I been a member?"
SON = "Ravi is {k} times as old as his daughter. Together their ages add up to {total}. How old is the daughter?"
SON_BIG = "Ravi is 4 times as old as his daughter. Together their ages add up to {total}. How old is Ravi?"
OLDER = "Lena is 4 times as old as her nephew. Lena is {total} years older than her nephew. How old is the nephew?"
OLDER_BIG = "Lena is 4 times as old as her nephew. Lena is {total} years older than her nephew. How old is Lena?"
RECT_W = "A rectangle has a perimeter of {total} cm and a width of 7 cm. What is its length?"
RECT_W2 = "The perimeter of a rectangle is {total} m and its length is 20 m. Find the width."
NUMBER = "If 5 less than 3 times a number is {total}, what is the number?"
ES_W = "Un gimnasio cobra 30 € de inscripción y 20 € al mes. Si en total he pagado {total} €, ¿cuántos meses llevo inscrita?"
PT_W = "Um táxi cobra R$ 6 de bandeirada mais R$ 2,50 por quilômetro. A corrida deu R$ {total}. Quantos quilômetros foram?"
ZH_W = "出租车起步价 8 元，之后每公里 3 元，我一共付了 {total} 元，走了多少公里？"
FR_W = "Luc a 4 fois l'âge de son fils. À eux deux, ils ont {total} ans. Quel âge a son fils ?"
IT_W = "Anna ha 3 volte l'età di sua figlia e ha {total} anni più di lei. Quanti anni ha la figlia?"
JA_W = "母の年齢は娘の年齢の4倍で、二人の年齢の合計は{total}歳です。娘は何歳ですか？"
DE_W = "Ein Rechteck hat einen Umfang von {total} cm und ist 9 cm lang. Wie breit ist es?"
RU_W = "Периметр прямоугольника {total} см, ширина 5 см. Найдите длину."

WORDS_SERVED = [
    (TAXI_W.format(fixed=3, rate=2, total=19), TAXI_W.format(fixed=4, rate="2.50", total=24), "Miles", Fraction(8), "2.5x + 4 = 24"),
    (GYM_W.format(total=90), GYM_W.format(total=126), "Months", Fraction(8), "12x + 30 = 126"),
    (SON.format(k=3, total=48), SON.format(k=4, total=50), "The daughter", Fraction(10), "x + 4x = 50"),
    (SON.format(k=3, total=48), SON.format(k=3, total=50), "The daughter", Fraction(25, 2), "x + 3x = 50"),  # an age may be a fraction: exact
    (SON_BIG.format(total=45), SON_BIG.format(total=60), "Ravi", Fraction(48), "x + x/4 = 60"),
    (OLDER.format(total=30), OLDER.format(total=36), "The nephew", Fraction(12), "4x - x = 36"),
    (OLDER_BIG.format(total=30), OLDER_BIG.format(total=36), "Lena", Fraction(48), "x - x/4 = 36"),
    (RECT_W.format(total=40), RECT_W.format(total=44), "Length", Fraction(15), "2(7 + x) = 44"),
    (RECT_W2.format(total=60), RECT_W2.format(total=70), "Width", Fraction(15), "2(20 + x) = 70"),
    (NUMBER.format(total=16), NUMBER.format(total=20), "The number", Fraction(25, 3), "3x - 5 = 20"),
    (ES_W.format(total=110), ES_W.format(total=150), "Meses", Fraction(6), "20x + 30 = 150"),
    (PT_W.format(total=16), PT_W.format(total=31), "Quilômetros", Fraction(10), "2.5x + 6 = 31"),
    (ZH_W.format(total=20), ZH_W.format(total=29), "公里", Fraction(7), "3x + 8 = 29"),
    (FR_W.format(total=50), FR_W.format(total=60), "Son fils", Fraction(12), "x + 4x = 60"),
    (IT_W.format(total=20), IT_W.format(total=24), "La figlia", Fraction(12), "3x - x = 24"),
    (JA_W.format(total=50), JA_W.format(total=60), "娘", Fraction(12), "x + 4x = 60"),
    (DE_W.format(total=30), DE_W.format(total=34), "Breit", Fraction(8), "2(9 + x) = 34"),
    (RU_W.format(total=30), RU_W.format(total=36), "Длину", Fraction(13), "2(5 + x) = 36"),
]


@pytest.mark.parametrize(("first", "second", "label", "value", "setup"), WORDS_SERVED)
def test_a_quantity_asked_in_words_is_served_exactly_and_named(
    first: str, second: str, label: str, value: Fraction, setup: str
) -> None:
    cache, model = StepCache(), Echo()
    one = cache.generate(first, model)
    assert one.verified and one.task == "linear_equation", one.text
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.model_calls == 0, again.text
    assert again.verified and again.verification == "proven", again.text
    lines = again.text.strip().splitlines()
    assert setup in lines[0], again.text  # the engine's set-up line, the equation the grammar derived
    assert lines[-1].startswith(f"{label}: x = "), again.text  # the answer names what is asked, in the user's words
    found = re.findall(r"x = (-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)$", lines[-1])
    assert found and Fraction(found[-1]) == value, again.text


def test_a_changed_question_is_not_served_the_cached_label() -> None:
    """The same equation asked of another unit: the cached "Miles:" line is no answer to "How many km"."""
    cache, model = StepCache(), Echo()
    cache.generate(TAXI_W.format(fixed=3, rate=2, total=19), model)
    out = cache.generate("A cab charges a $3 flat fee plus $2 per km. My trip cost $19. How many km did I travel?", model)
    assert out.verified and "Miles" not in out.text and out.text.strip().splitlines()[-1] == "Km: x = 8", out.text


WORDS_TRAPS = [
    # the asked quantity changed: the total, the fee, the given side, the area, twice the number
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How much did I pay?",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How many dollars did I pay?",
    "A rectangle has a perimeter of 40 cm and a width of 7 cm. What is its width?",
    "A rectangle has a perimeter of 40 cm and a width of 7 cm. What is its area?",
    "The perimeter of a rectangle is 60 m and its length is 20 m. Find the length.",
    "Ein Rechteck hat einen Umfang von 30 cm und ist 9 cm lang. Wie lang ist es?",
    "Периметр прямоугольника 30 см, ширина 5 см. Найдите ширину.",
    "Периметр прямоугольника 30 см, ширина 5 см. Найдите площадь.",
    "If 5 less than 3 times a number is 16, what is twice the number?",
    "If 5 less than 3 times a number is 16, what is the number plus 1?",
    # a condition added: after the first mile, a tip, a discount, per 2 hours, each way, this month
    "A cab charges a $3 flat fee plus $2 per mile after the first mile. My trip cost $19. How many miles did I travel?",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19 with tip. How many miles did I travel?",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19 after a 10% discount. How many miles did I travel?",
    "A cab charges a $3 flat fee plus $2 per 2 miles. My trip cost $19. How many miles did I travel?",
    "A cab charges a $3 flat fee plus $2 per mile each way. My trip cost $19. How many miles did I travel?",
    "A gym charges a $30 joining fee plus $12 per month. I have paid $90 this month. How many months have I been a member?",
    "出租车起步价 8 元（含 3 公里），之后每公里 3 元，我一共付了 20 元，走了多少公里？",
    "出租车起步价 8 元，3 公里之后每公里 3 元，我一共付了 20 元，走了多少公里？",
    "Um táxi cobra R$ 6 de bandeirada mais R$ 2,50 por quilômetro. A corrida deu R$ 16 com desconto. Quantos quilômetros foram?",
    # units mismatched: the rate per km, the question in miles; a side in another unit
    "A cab charges a $3 flat fee plus $2 per km. My trip cost $19. How many miles did I travel?",
    "Um táxi cobra R$ 6 de bandeirada mais R$ 2,50 por hora. A corrida deu R$ 16. Quantos quilômetros foram?",
    "出租车起步价 8 元，之后每小时 3 元，我一共付了 20 元，走了多少公里？",
    "The perimeter of a rectangle is 60 m and its length is 20 cm. Find the width.",
    "A rectangle has a perimeter of 40 cm and a width of 7 mm. What is its length?",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost 19 euros. How many miles did I travel?",
    # a count that is not whole where it is counted whole; a count or a side that would be negative
    "A gym charges a $30 joining fee plus $12 per month. I have paid $91 so far. How many months have I been a member?",
    "Un gimnasio cobra 30 € de inscripción y 20 € al mes. Si en total he pagado 115 €, ¿cuántos meses llevo inscrita?",
    "A cab charges a $19 flat fee plus $2 per mile. My trip cost $3. How many miles did I travel?",
    "A rectangle has a perimeter of 10 cm and a width of 7 cm. What is its length?",
    "Периметр прямоугольника 8 см, ширина 5 см. Найдите длину.",
    # roles swapped or another person asked; two possessives of one relative; a person not in the story
    "Ravi is 4 times as old as his daughter. Together their ages add up to 50. How old is the son?",
    "Ravi is 4 times as old as his daughter. Together their ages add up to 50. How old is her daughter?",
    "Ravi is 4 times as old as his daughter. Together their ages add up to 50. How old is Mia?",
    "Ravi is 4 times as old as Ravi. Together their ages add up to 50. How old is Ravi?",
    "Ravi is 1 times as old as his daughter. Together their ages add up to 50. How old is the daughter?",
    "Ravi is 4 times as old as his daughter. Together their ages add up to 50 months. How old is the daughter?",
    "Lena is 4 times as old as her nephew. Her nephew is 30 years older than Lena. How old is the nephew?",
    "Lena is 4 times as old as her nephew. Mia is 30 years older than her nephew. How old is the nephew?",
    "Lena is 4 times as old as her nephew. Lena is 30 years younger than her nephew. How old is the nephew?",
    "Lena is 4 times as old as her nephew. Lena is 30 years older than her niece. How old is the nephew?",
    "Luc a 4 fois l'âge de son fils. À eux deux, ils ont 50 ans. Quel âge a sa fille ?",
    "Anna ha 3 volte l'età di sua figlia e ha 20 anni meno di lei. Quanti anni ha la figlia?",
    "Anna ha 3 volte l'età di sua figlia e ha 20 anni più di lei. Quanti anni ha il figlio?",
    "母の年齢は娘の年齢の4倍で、二人の年齢の合計は50歳です。父は何歳ですか？",
    # two of a fact, a fact missing, the letter named beside the words
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. My trip cost $21. How many miles did I travel?",
    "A cab charges a $3 flat fee plus $2 per mile. How many miles did I travel?",
    "出租车起步价 8 元，之后每公里 3 元，走了多少公里？",
    "出租车起步价 8 元，起步价 9 元，之后每公里 3 元，我一共付了 20 元，走了多少公里？",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. Let m be the number of miles. How many miles did I travel?",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How many miles did I travel? Solve for m.",
    "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How many miles did I travel? How old is the son?",
    "If 5 less than 3 times a number is 16, what is the number? How many miles did I travel?",
]


@pytest.mark.parametrize("prompt", WORDS_TRAPS)
def test_a_word_problem_asked_in_words_outside_the_shapes_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# the same classes in more languages (vocabulary only: the rules are the ones above)
DE_AGE = "Tom ist {k} mal so alt wie sein Sohn. Zusammen sind sie {total} Jahre alt. Wie alt ist der Sohn?"
ES_AGE = "Juan tiene 4 veces la edad de su hija y tiene {total} años más que ella. ¿Cuántos años tiene su hija?"
PT_AGE = "Pedro tem 3 vezes a idade do filho. Juntos, eles têm {total} anos. Quantos anos tem o filho?"
RU_FEE = "Такси берёт 50 рублей за посадку и 20 рублей за километр. Поездка стоила {total} рублей. Сколько километров проехали?"
ES_RECT = "Un rectángulo tiene un perímetro de {total} cm y un largo de 9 cm. ¿Cuál es su ancho?"
FR_RECT = "Un rectangle a un périmètre de {total} cm et une longueur de 9 cm. Quelle est sa largeur ?"
IT_RECT = "Un rettangolo ha un perimetro di {total} cm e una lunghezza di 9 cm. Qual è la sua larghezza?"
PT_RECT = "Um retângulo tem um perímetro de {total} cm e um comprimento de 9 cm. Qual é a sua largura?"
FR_FEE = "Un taxi demande 4 € de prise en charge plus 2 € par kilomètre. La course a coûté {total} €. Combien de kilomètres ont été parcourus ?"

MORE_SERVED = [
    (DE_AGE.format(k=3, total=48), DE_AGE.format(k=4, total=60), "Der Sohn", Fraction(12), "x + 4x = 60"),
    (ES_AGE.format(total=27), ES_AGE.format(total=33), "Su hija", Fraction(11), "4x - x = 33"),
    (PT_AGE.format(total=48), PT_AGE.format(total=52), "O filho", Fraction(13), "x + 3x = 52"),
    (RU_FEE.format(total=250), RU_FEE.format(total=290), "Километров", Fraction(12), "20x + 50 = 290"),
    (ES_RECT.format(total=30), ES_RECT.format(total=40), "Ancho", Fraction(11), "2(9 + x) = 40"),
    (FR_RECT.format(total=30), FR_RECT.format(total=40), "Largeur", Fraction(11), "2(9 + x) = 40"),
    (IT_RECT.format(total=30), IT_RECT.format(total=40), "Larghezza", Fraction(11), "2(9 + x) = 40"),
    (PT_RECT.format(total=30), PT_RECT.format(total=40), "Largura", Fraction(11), "2(9 + x) = 40"),
    (FR_FEE.format(total=20), FR_FEE.format(total=27), "Kilomètres", Fraction(23, 2), "2x + 4 = 27"),  # kilometres may be a fraction
]


@pytest.mark.parametrize(("first", "second", "label", "value", "setup"), MORE_SERVED)
def test_the_classes_asked_in_words_in_more_languages(first: str, second: str, label: str, value: Fraction, setup: str) -> None:
    test_a_quantity_asked_in_words_is_served_exactly_and_named(first, second, label, value, setup)


MORE_TRAPS = [
    "Tom ist 3 mal so alt wie sein Sohn. Zusammen sind sie 48 Jahre alt. Wie alt ist die Tochter?",
    "Tom ist 3 mal so alt wie sein Sohn. Zusammen sind sie 48 Jahre alt. Wie alt ist Tom in 5 Jahren?",
    "Tom ist 3 mal so alt wie sein Sohn. Tom ist 24 Jahre jünger als sein Sohn. Wie alt ist der Sohn?",
    "Juan tiene 4 veces la edad de su hija y tiene 27 años menos que ella. ¿Cuántos años tiene su hija?",
    "Juan tiene 4 veces la edad de su hija y tiene 27 años más que ella. ¿Cuántos años tiene su hijo?",
    "Pedro tem 3 vezes a idade do filho. Juntos, eles têm 48 anos. Quantos anos tem a filha?",
    "Pedro tem 3 vezes a idade do filho. Juntos, eles têm 50 meses. Quantos anos tem o filho?",
    "Такси берёт 50 рублей за посадку и 20 рублей за километр. Поездка стоила 255 рублей со скидкой. Сколько километров проехали?",
    "Такси берёт 50 рублей за посадку и 20 рублей за час. Поездка стоила 250 рублей. Сколько километров проехали?",
    "Такси берёт 50 рублей за посадку и 20 рублей за километр. Поездка стоила 250 рублей. Сколько стоил один километр?",
    "Un rectángulo tiene un perímetro de 30 cm y un largo de 9 cm. ¿Cuál es su largo?",
    "Un rectangle a un périmètre de 30 cm et une longueur de 9 mm. Quelle est sa largeur ?",
    "Un rettangolo ha un perimetro di 30 cm e una lunghezza di 9 cm. Qual è la sua area?",
    "Um retângulo tem um perímetro de 10 cm e um comprimento de 9 cm. Qual é a sua largura?",
    "Un taxi demande 4 € de prise en charge plus 2 € par kilomètre après le premier kilomètre. La course a coûté 20 €. Combien de kilomètres ont été parcourus ?",
]


@pytest.mark.parametrize("prompt", MORE_TRAPS)
def test_more_languages_outside_the_shapes_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# fee problems in words in pt/fr (red team round 9: never read), a bill or a question with no verb
# after the unit ("Combien de mois ?"), a number sentence in more word orders
PT_FEE = "Um encanador cobra R$ 80 de taxa de visita mais R$ 50 por hora. O serviço custou R$ {total}. Quantas horas ele trabalhou?"
FR_GYM = "Une salle de sport demande 30 € d'inscription plus 20 € par mois. J'ai payé {total} € au total. Combien de mois ?"
FR_PLUMBER = "Un plombier demande 40 € de déplacement plus 35 € par heure. La facture est de {total} €. Combien d'heures a-t-il travaillé ?"
EN_RENTAL = "A car rental company charges a $20 flat fee plus $30 per day. I paid ${total}. How many days did I rent the car?"
EN_PHONE = "A phone plan charges $10 plus $0.25 per minute. My bill was ${total}. How many minutes did I use?"
TWICE_PLUS = "Twice a number minus 3 is {total}. What is the number?"
FIND_NUMBER = "2 more than 4 times a number is {total}. Find the number."

FEE_SERVED = [
    (PT_FEE.format(total=230), PT_FEE.format(total=330), "Horas", Fraction(5), "50x + 80 = 330"),
    (FR_GYM.format(total=150), FR_GYM.format(total=190), "Mois", Fraction(8), "20x + 30 = 190"),
    (FR_PLUMBER.format(total=145), FR_PLUMBER.format(total=180), "Heures", Fraction(4), "35x + 40 = 180"),
    (EN_RENTAL.format(total=140), EN_RENTAL.format(total=200), "Days", Fraction(6), "30x + 20 = 200"),
    (EN_PHONE.format(total=15), EN_PHONE.format(total=16), "Minutes", Fraction(24), "0.25x + 10 = 16"),
    (TWICE_PLUS.format(total=17), TWICE_PLUS.format(total=20), "The number", Fraction(23, 2), "2x - 3 = 20"),
    (FIND_NUMBER.format(total=30), FIND_NUMBER.format(total=50), "The number", Fraction(12), "4x + 2 = 50"),
]


@pytest.mark.parametrize(("first", "second", "label", "value", "setup"), FEE_SERVED)
def test_fee_problems_and_number_sentences_asked_in_words(first: str, second: str, label: str, value: Fraction, setup: str) -> None:
    test_a_quantity_asked_in_words_is_served_exactly_and_named(first, second, label, value, setup)


FEE_TRAPS = [
    "Um encanador cobra R$ 80 de taxa de visita mais R$ 50 por hora. O serviço custou R$ 230. Quantos reais ele cobrou?",
    "Um encanador cobra R$ 80 de taxa de visita mais R$ 50 por hora. O serviço custou R$ 230 com desconto. Quantas horas ele trabalhou?",
    "Une salle de sport demande 30 € d'inscription plus 20 € par mois. J'ai payé 150 € au total. Combien de semaines ?",
    "Une salle de sport demande 30 € d'inscription plus 20 € par mois. J'ai payé 150 € au total avec une réduction. Combien de mois ?",
    "A car rental company charges a $20 flat fee plus $30 per day. I paid $140 plus tax. How many days did I rent the car?",
    "A car rental company charges a $20 flat fee plus $30 per day. I paid $145. How many days did I rent the car?",
    "A phone plan charges $10 plus $0.25 per minute. My bill was $15. How many hours did I use?",
    "Twice a number minus 3 is 17. What is twice the number?",
    "Twice a number minus 3 is 17. What is the number squared?",
    "2 more than 4 times a number is 30. Find the number plus 1.",
    "If 3 more than twice a number is 17 and 4 less than the number is 3, what is the number?",
    "If 3 more than twice a number is 17, what is the number? What is the number?",
]


@pytest.mark.parametrize("prompt", FEE_TRAPS)
def test_fee_problems_and_number_sentences_outside_the_shapes_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# ages in zh and ru: a relative's forms are one person (ru "сына", "сыну": the table's item_forms)
ZH_AGE = "爸爸的年龄是儿子的{k}倍，两人的年龄和是{total}岁，儿子今年多少岁？"
RU_AGE = "Отец в 4 раза старше сына. Отец старше сына на {total} лет. Сколько лет сыну?"
RU_AGE_BIG = "Отец в 3 раза старше сына. Вместе им {total} лет. Сколько лет отцу?"

AGES_SERVED = [
    (ZH_AGE.format(k=3, total=48), ZH_AGE.format(k=4, total=55), "儿子", Fraction(11), "x + 4x = 55"),
    (RU_AGE.format(total=27), RU_AGE.format(total=30), "Сыну", Fraction(10), "4x - x = 30"),
    (RU_AGE_BIG.format(total=48), RU_AGE_BIG.format(total=60), "Отцу", Fraction(45), "x + x/3 = 60"),
]


@pytest.mark.parametrize(("first", "second", "label", "value", "setup"), AGES_SERVED)
def test_ages_asked_in_words_in_zh_and_ru(first: str, second: str, label: str, value: Fraction, setup: str) -> None:
    test_a_quantity_asked_in_words_is_served_exactly_and_named(first, second, label, value, setup)


AGES_TRAPS = [
    "爸爸的年龄是儿子的3倍，两人的年龄和是48岁，女儿今年多少岁？",
    "爸爸的年龄是儿子的3倍，两人的年龄和是48岁，妈妈今年多少岁？",
    "爸爸的年龄是爸爸的3倍，两人的年龄和是48岁，爸爸今年多少岁？",
    "爸爸的年龄是儿子的3倍，两人的年龄和是48岁，5年后儿子多少岁？",
    "Отец в 3 раза старше сына. Вместе им 48 лет. Сколько лет дочери?",
    "Отец в 3 раза старше сына. Вместе им 48 лет. Сколько лет будет сыну через 5 лет?",
    "Отец в 3 раза старше сына. Сын старше отца на 24 года. Сколько лет сыну?",
    "Отец в 3 раза старше отца. Вместе им 48 лет. Сколько лет отцу?",
    "Отец в 3 раза моложе сына. Вместе им 48 лет. Сколько лет сыну?",
]


@pytest.mark.parametrize("prompt", AGES_TRAPS)
def test_ages_in_zh_and_ru_outside_the_shapes_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# == wip/linN: number sentences in every table, fares, ages (issue 33 items 3/4, round 3) ==========
# k times a number (digits, a number word, "twice"/"triple"/"half", "divided by k", zh "某数的5倍",
# ja "ある数を3倍して", ru "к удвоенному числу прибавить"), plus or minus a number, a result word; the
# number asked in words (labelled with the user's words) or by the letter written beside "a number"
EN_WORDK = "Three times a number minus 4 equals {total}. Find the number."
EN_LESS = "4 less than five times a number is {total}. What is the number?"
EN_DIV = "A number divided by 4, plus 3, equals {total}. What is the number?"
EN_HALF = "Half of a number minus 2 is {total}. Find the number."
ES_NUM = "Mi tarea dice: el triple de un número más 6 es {total}. ¿Cuál es el número?"
ES_LESS = "El doble de un número menos 5 es igual a {total}. ¿Cuál es el número?"
FR_NUM = "La moitié d'un nombre moins 3 vaut {total}. Trouve ce nombre."
DE_NUM = "Hausaufgabe: Das Doppelte einer Zahl plus 15 ergibt {total}. Wie heißt die Zahl?"
IT_NUM = "Il triplo di un numero più 6 è {total}. Qual è il numero?"
PT_NUM = "O triplo de um número menos 4 é igual a {total}. Qual é o número?"
RU_NUM = "Задача: если к удвоенному числу прибавить 9, получится {total}. Найдите число."
RU_LESS = "Если из утроенного числа вычесть 4, получится {total}. Найдите число."
ZH_NUM = "某数的5倍减去3等于{total}，求这个数。"
ZH_PLUS = "一个数的3倍加上4等于{total}，这个数是多少？"
JA_NUM = "ある数を3倍して4を足すと{total}になります。ある数はいくつですか？"
JA_LESS = "ある数を5倍して2を引くと{total}になります。ある数はいくつですか？"

NUMBERS_SERVED = [
    (EN_WORDK.format(total=11), EN_WORDK.format(total=26), "The number", Fraction(10), "3x - 4 = 26"),
    (EN_LESS.format(total=11), EN_LESS.format(total=21), "The number", Fraction(5), "5x - 4 = 21"),
    (EN_DIV.format(total=5), EN_DIV.format(total=7), "The number", Fraction(16), "x/4 + 3 = 7"),
    (EN_HALF.format(total=7), EN_HALF.format(total=9), "The number", Fraction(22), "x/2 - 2 = 9"),
    (ES_NUM.format(total=27), ES_NUM.format(total=45), "El número", Fraction(13), "3x + 6 = 45"),
    (ES_LESS.format(total=15), ES_LESS.format(total=21), "El número", Fraction(13), "2x - 5 = 21"),
    (FR_NUM.format(total=5), FR_NUM.format(total=8), "Ce nombre", Fraction(22), "x/2 - 3 = 8"),
    (DE_NUM.format(total=41), DE_NUM.format(total=55), "Die Zahl", Fraction(20), "2x + 15 = 55"),
    (IT_NUM.format(total=27), IT_NUM.format(total=30), "Il numero", Fraction(8), "3x + 6 = 30"),
    (PT_NUM.format(total=11), PT_NUM.format(total=20), "O número", Fraction(8), "3x - 4 = 20"),
    (RU_NUM.format(total=25), RU_NUM.format(total=37), "Число", Fraction(14), "2x + 9 = 37"),
    (RU_LESS.format(total=11), RU_LESS.format(total=20), "Число", Fraction(8), "3x - 4 = 20"),
    (ZH_NUM.format(total=22), ZH_NUM.format(total=47), "这个数", Fraction(10), "5x - 3 = 47"),
    (ZH_PLUS.format(total=19), ZH_PLUS.format(total=25), "这个数", Fraction(7), "3x + 4 = 25"),
    (JA_NUM.format(total=19), JA_NUM.format(total=31), "ある数", Fraction(9), "3x + 4 = 31"),
    (JA_LESS.format(total=23), JA_LESS.format(total=38), "ある数", Fraction(8), "5x - 2 = 38"),
]


@pytest.mark.parametrize(("first", "second", "label", "value", "setup"), NUMBERS_SERVED)
def test_number_sentences_in_every_table(first: str, second: str, label: str, value: Fraction, setup: str) -> None:
    test_a_quantity_asked_in_words_is_served_exactly_and_named(first, second, label, value, setup)


NAMED = "My homework says: a number n {op} 3, plus 8, equals {total}. What's n?"


@pytest.mark.parametrize(("first", "second", "value", "setup"), [
    (NAMED.format(op="times", total=29), NAMED.format(op="times", total=41), Fraction(11), "3n + 8 = 41"),
])
def test_a_number_named_by_its_letter(first: str, second: str, value: Fraction, setup: str) -> None:
    cache, model = StepCache(), Echo()
    assert cache.generate(first, model).verified
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.verified and again.verification == "proven", again.text
    lines = again.text.strip().splitlines()
    assert setup in lines[0], again.text
    found = re.findall(r"n = (-?[0-9]+(?:/[0-9]+)?)$", lines[-1])
    assert found and Fraction(found[-1]) == value, again.text


def test_the_operation_words_give_their_own_equation() -> None:
    """A changed operation word is another problem: each is derived from its own words ("divided by"
    after "times" is another equation, never the cached one)."""
    asked = {
        "Three times a number minus 4 equals 11. Find the number.": Fraction(5),
        "Three times a number plus 4 equals 19. Find the number.": Fraction(5),
        "Four times a number minus 4 equals 12. Find the number.": Fraction(4),
        "4 less than three times a number is 11. What is the number?": Fraction(5),
        "4 more than three times a number is 19. What is the number?": Fraction(5),
        "A number divided by 4 plus 3 equals 5. What is the number?": Fraction(8),
        "A number times 4 plus 3 equals 5. What is the number?": Fraction(1, 2),
        "Twice a number minus 3 is 17. What is the number?": Fraction(10),
        "Half of a number minus 3 is 17. What is the number?": Fraction(40),
        "Triple a number plus 1 is 10. Find the number.": Fraction(3),
        "ある数を3倍して4を引くと20になります。ある数はいくつですか？": Fraction(8),
        "某数的5倍加上3等于23，求这个数。": Fraction(4),
        "Если к утроенному числу прибавить 4, получится 19. Найдите число.": Fraction(5),
        "Die Hälfte einer Zahl minus 3 ergibt 5. Wie heißt die Zahl?": Fraction(16),
        "Das Dreifache einer Zahl weniger 3 ergibt 12. Wie heißt die Zahl?": Fraction(5),
    }
    for prompt, value in asked.items():
        problem = understand_prompt(prompt)
        assert problem is not None and problem.solution == {"x": value}, (prompt, problem)


NUMBER_TRAPS = [
    # another quantity asked (twice the number, another letter, the number squared)
    "Three times a number minus 4 equals 11. What is three times the number?",
    "Three times a number minus 4 equals 11. What is the number squared?",
    "My homework says: a number n times 3, plus 8, equals 29. What's m?",
    "My homework says: a number n times 3, plus 8, equals 29. What's the number? What's n?",
    "某数的5倍减去3等于22，求这个数的2倍。",
    "ある数を3倍して4を足すと19になります。ある数の2倍はいくつですか？",
    "Если к удвоенному числу прибавить 9, получится 25. Найдите удвоенное число.",
    # the order "minus" and "less than" state: the number before, never read as the other order
    # "4 minus three times a number" (4 - 3x) is read in the order stated since wip/linU (served exactly there)
    "Three times a number less than 4 is 11. What is the number?",
    "4 less three times a number is 11. What is the number?",
    # two numbers, two operations, a number in words where a digit is read, division by zero
    "Three times a number minus another number equals 11. Find the number.",
    "Three times a number minus 4 times 2 equals 11. Find the number.",
    # "minus four", "the sum of three times a number and 4": read since wip/linU (test_linear_number_phrases_linU.py)
    "A number divided by 0 plus 3 equals 5. What is the number?",
    "Three times a number minus 4 equals 11 and twice the number plus 1 equals 11. Find the number.",
    "Twelve times a number minus 4 equals 20. Find the number.",
    "El triple de un número más 6 es 27 y el doble es 14. ¿Cuál es el número?",
    "Das Doppelte einer Zahl plus 15 ergibt 41. Wie heißt das Doppelte?",
    "Le triple d'un nombre plus 6 est égal à 27. Quel est le double de ce nombre ?",
]


@pytest.mark.parametrize("prompt", NUMBER_TRAPS)
def test_number_sentences_outside_the_shapes_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# ages: d years older and their sum; the parent's age asked; a relative's other form ("su hijo" ...
# "el hijo", 子供 and 子ども) is one person; fares: "My fare was", thousands ("$1,250")
OLDER_SUM = "Maria is 24 years older than her son. Together they are {total} years old. How old is {who}?"
RU_OLDER_SUM = "Отец старше сына на 24 года. Вместе им {total} лет. Сколько лет {who}?"
ES_PARENT = "Ana tiene 3 veces la edad de su hijo. Entre los dos suman {total}. ¿Cuántos años tiene {who}?"
JA_CHILD = "父の年齢は子どもの年齢の3倍で、二人の年齢の合計は{total}歳です。{who}は何歳ですか？"
FR_PARENT = "Paul a 3 fois l'âge de sa fille. À eux deux, ils ont {total} ans. Quel âge a {who} ?"
FARE = "A taxi charges a $3 base fare plus $2 per mile. My fare was ${total}. How many miles did I ride?"

AGES_MORE_SERVED = [
    (OLDER_SUM.format(total=40, who="the son"), OLDER_SUM.format(total=50, who="the son"), "The son", Fraction(13), "x + (x + 24) = 50"),
    (OLDER_SUM.format(total=40, who="Maria"), OLDER_SUM.format(total=50, who="Maria"), "Maria", Fraction(37), "x + (x - 24) = 50"),
    (RU_OLDER_SUM.format(total=40, who="сыну"), RU_OLDER_SUM.format(total=50, who="сыну"), "Сыну", Fraction(13), "x + (x + 24) = 50"),
    (RU_OLDER_SUM.format(total=40, who="отцу"), RU_OLDER_SUM.format(total=50, who="отцу"), "Отцу", Fraction(37), "x + (x - 24) = 50"),
    (ES_PARENT.format(total=48, who="el hijo"), ES_PARENT.format(total=60, who="el hijo"), "El hijo", Fraction(15), "x + 3x = 60"),
    (ES_PARENT.format(total=48, who="Ana"), ES_PARENT.format(total=60, who="Ana"), "Ana", Fraction(45), "x + x/3 = 60"),
    (JA_CHILD.format(total=48, who="子供"), JA_CHILD.format(total=60, who="子供"), "子供", Fraction(15), "x + 3x = 60"),
    (JA_CHILD.format(total=48, who="父"), JA_CHILD.format(total=60, who="父"), "父", Fraction(45), "x + x/3 = 60"),
    (FR_PARENT.format(total=52, who="Paul"), FR_PARENT.format(total=60, who="Paul"), "Paul", Fraction(45), "x + x/3 = 60"),
    (FARE.format(total=19), FARE.format(total=27), "Miles", Fraction(12), "2x + 3 = 27"),
    (FARE.format(total=19), FARE.format(total="1,250"), "Miles", Fraction(1247, 2), "2x + 3 = 1250"),
]


@pytest.mark.parametrize(("first", "second", "label", "value", "setup"), AGES_MORE_SERVED)
def test_ages_older_and_sum_the_parent_asked_and_fares(first: str, second: str, label: str, value: Fraction, setup: str) -> None:
    test_a_quantity_asked_in_words_is_served_exactly_and_named(first, second, label, value, setup)


def test_thousands_and_possessive_bills() -> None:
    """"$1,900" is 1900 (a thousands group), never 1 or 1.9; "My fare" is a taxi's bill."""
    problem = understand_prompt("A taxi charges $3 plus $2 per mile. The ride cost $1,900. Let m be the number of miles. Solve for m.")
    assert problem is not None and problem.solution == {"m": Fraction(1897, 2)}, problem
    problem = understand_prompt("A gym charges a $1,000 sign-up fee plus $150 per month. I've paid $2,200 in total so far. How many months have I been a member?")
    assert problem is not None and problem.solution == {"x": Fraction(8)}, problem


AGES_MORE_TRAPS = [
    # another person asked, the roles swapped, a fare that is no taxi's
    "Maria is 24 years older than her son. Together they are 40 years old. How old is the daughter?",
    "Maria is 24 years older than her son. Together they are 40 years old. How old is her daughter?",
    "Maria is 24 years older than her son. Together they are 40 years old. How old is Ana?",
    "Maria is 24 years older than her son. Together they are 40 years old. How old is his son?",
    "Maria is 24 years older than Maria. Together they are 40 years old. How old is Maria?",
    "Maria is 24 years older than her son. Together they are 20 years old. How old is the son?",
    "Maria is 24 years older than her son. Together they are 40 years old. How old will the son be in 5 years?",
    "Maria is 24 years older than her son. Together they are 40 dollars. How old is the son?",
    "Отец старше сына на 24 года. Вместе им 40 лет. Сколько лет дочери?",
    "Ana tiene 3 veces la edad de su hijo. Entre los dos suman 48. ¿Cuántos años tiene la hija?",
    "Ana tiene 3 veces la edad de su hija y tiene 24 años más que él. ¿Cuántos años tiene la hija?",
    "父の年齢は子どもの年齢の3倍で、二人の年齢の合計は48歳です。母は何歳ですか？",
    "父の年齢は子どもの年齢の3倍で、二人の年齢の合計は48歳です。息子は何歳ですか？",
    "A plumber charges a $40 call-out fee plus $35 per hour. My fare was $180. How many hours did he work?",
]


@pytest.mark.parametrize("prompt", AGES_MORE_TRAPS)
def test_ages_and_fares_outside_the_shapes_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


# A mark after a number, even after a space ("$3 \" flat fee", "9 'cm": feet, inches, minutes?) and a
# number with a leading zero ("08 ans", "$09") are no numbers of the grammar (equations decline
# "20 '" and "020" too): found by the prompt-edit fuzzer's word problems (wip/fuzzW). Every served
# story of this file, each number edited in turn.
_SERVED_STORIES = sorted({second for rows in (WORDS_SERVED, MORE_SERVED, FEE_SERVED, AGES_SERVED, NUMBERS_SERVED, AGES_MORE_SERVED)
                          for second in (row[1] for row in rows)})
_NUMBER_IN_STORY = re.compile(r"(?<![0-9.,])[0-9]+(?:[.,][0-9]+)?")


def _number_edits(story: str) -> list[str]:
    edits = []
    for m in _NUMBER_IN_STORY.finditer(story):
        for mark in (" '", ' "', "'", "\u2032", " \u201d"):
            edits.append(story[: m.end()] + mark + story[m.end():])
        edits.append(story[: m.start()] + "0" + story[m.start():])
    return edits


@pytest.mark.parametrize("story", _SERVED_STORIES)
def test_a_marked_or_zero_padded_number_in_a_story_is_no_claim(story: str) -> None:
    assert understand_prompt(story) is not None, story  # the story itself is read
    read = [edited for edited in _number_edits(story) if understand_prompt(edited) is not None]
    assert not read, read
