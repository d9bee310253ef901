"""The fuzzer's own role words (written here, apart from the engine's vocabulary tables, so that the
judge does not test the tables by themselves): who does or pays what in a word problem.

* ROLE_GROUPS: words interchangeable in one place of a sentence (the ``role_swap`` edit replaces one
  with another of its group: "his daughter" -> "his son", "The ride cost" -> "The repair cost",
  "più di lui" -> "più di lei");
* BILL_OF: whose bill each bill word is ("*": anyone's), read by the oracle (W15);
* GENDER: the grammatical gender of a relative, a possessive, a pronoun or an article, read by the
  oracle where a story must agree with itself (W16: "sua figlia ... più di lui" names two people).
"""

from __future__ import annotations

SUBJECTS_EN = ("taxi", "cab", "plumber", "electrician", "mechanic", "gym", "phone plan")
BILLS_EN = ("ride", "trip", "fare", "repair", "job", "bill", "total", "membership")
BILL_OF = {
    "ride": ("taxi", "cab"), "trip": ("taxi", "cab"), "fare": ("taxi", "cab"),
    "repair": ("plumber", "electrician", "mechanic"), "job": ("plumber", "electrician", "mechanic"),
    "membership": ("gym",), "bill": ("*",), "total": ("*",),
}
SUBJECTS_DE = ("Elektriker", "Klempner", "Handwerker", "Mechaniker")

RELATIVES_EN = ("son", "daughter", "father", "mother", "brother", "sister", "nephew", "niece")
RELATIVES_ES = ("hijo", "hija", "hermano", "hermana", "sobrino", "sobrina")
RELATIVES_FR = ("fils", "fille", "frère", "sœur", "neveu", "nièce")
RELATIVES_IT = ("figlio", "figlia", "fratello", "sorella", "nipote")
RELATIVES_PT = ("filho", "filha", "neto", "neta")
RELATIVES_RU_GEN = ("сына", "дочери", "брата", "сестры")
RELATIVES_RU_DAT = ("сыну", "дочери", "брату", "сестре")
RELATIVES_JA = ("娘", "息子")
PARENTS_JA = ("母", "父")
PARENTS_RU = ("Отец", "Мать")
SIDES_EN = ("width", "length")

ROLE_GROUPS: tuple[tuple[str, ...], ...] = (
    SUBJECTS_EN, BILLS_EN, SUBJECTS_DE, SIDES_EN,
    RELATIVES_EN, RELATIVES_ES, RELATIVES_FR, RELATIVES_IT, RELATIVES_PT, RELATIVES_RU_GEN, RELATIVES_RU_DAT,
    RELATIVES_JA, PARENTS_JA, PARENTS_RU,
    ("he", "she"), ("his", "her"), ("him", "her"),  # en pronouns
    ("él", "ella"), ("lui", "lei"), ("er", "sie"), ("ele", "ela"), ("он", "она"),  # pronouns
    ("suo", "sua"), ("son", "sa"),  # possessives
    ("他", "她"), ("儿子", "女儿"),
    ("I", "we", "you", "they"),  # wip/fuzzK: the buyer's person ("I bought ... did she buy?": W25)
)

M, F, X = "m", "f", "?"  # masculine, feminine, no declared gender (it "nipote": a nephew or a niece)
GENDER = {
    "hijo": M, "hija": F, "hermano": M, "hermana": F, "sobrino": M, "sobrina": F, "él": M, "ella": F,
    "fils": M, "fille": F, "frère": M, "sœur": F, "neveu": M, "nièce": F, "son": M, "sa": F,
    "figlio": M, "figlia": F, "fratello": M, "sorella": F, "nipote": X, "lui": M, "lei": F, "suo": M, "sua": F,
    "il": M, "la": F,
    "filho": M, "filha": F, "neto": M, "neta": F, "ele": M, "ela": F, "do": M, "da": F, "o": M, "a": F,
    "сына": M, "сыну": M, "брата": M, "брату": M, "дочери": F, "сестры": F, "сестре": F,
}
# a Russian relative in the genitive and the same one in the dative ("старше сына ... Сколько лет сыну?")
RU_DATIVE = {"сына": "сыну", "дочери": "дочери", "брата": "брату", "сестры": "сестре"}
