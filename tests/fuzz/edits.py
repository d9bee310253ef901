"""Random prompt edits. Each edit is ``(kind, rng)`` applied to a base request; the judge, not
the edit's name, decides whether the result is inside the safe set (an inserted space that
lands at the very start is a safe edit, a CRLF inside a quoted value too)."""

from __future__ import annotations

import random
import re
import string
import unicodedata
from collections.abc import Callable

from .prompts import Msg, Part, Request, ToolCall, get_field, set_field, single_text, text_fields
from .roles import ROLE_GROUPS

# edits of the text (any prompt kind; for a chat request: one message content or text part)
TEXT_EDITS = (
    "word_replace",
    "word_insert",
    "word_delete",
    "word_swap",
    "digit_change",
    "case_change",
    "punct_add",
    "punct_remove",
    "punct_change",
    "whitespace",
    "lookalike",
    "invisible",
    "operator_change",
    "foreign_digit",
    "number_mark",
    "spaced_mark",
    "relation_word",
    "line_layout",
    "phrase_repeat",
    "format_toggle",
    "transform_toggle",
    "asked_expression",
    "number_only_toggle",
    "owner_swap",
    "role_swap",
    "unit_case",
    "proper_noun",
    "number_format",
    "negation",
)
# wip/fuzzK: the families red teams found and no kind above could write (see NEW_EDITS); judged only when a run
# asks for them (scripts/fuzz_prompts.py --new-kinds or --edit KIND; the CI run of tests/fuzz/test_fuzzK_findings.py)
NEW_TEXT_EDITS = (
    "value_class", "modifier_insert", "semantic_operator", "clause_move", "number_swap", "number_word", "key_case",
    "statement_dup", "code_switch", "key_subset", "script_mix", "unicode_variant",
    "synonym_swap", "describing_value", "difference_key",
    "function_word_key", "determiner_key", "unit_key", "dash_chain", "intent_prefix",
)
WITH_NEW = [False]  # set by judge.run_all(new_kinds=True)
# format instructions appended to (or removed from) the end of a prompt: the oracle reads the first
# six (tests/fuzz/oracle.py FORMAT_SENTENCES) and nothing else; a negated or contradicting one must
# never be served from the cache
FORMAT_SENTENCES = (
    "Give only the final answer.", "Just the answer.", "No explanation.", "Answer in one line.",
    "Give the answer as a fraction.", "Give the answer as a decimal.",
    "Do not give only the final answer.", "Don't answer in one line.", "Not just the answer.",
    "Give the answer as a fraction and as a decimal.", "Give only the final answer, with every step.",
    "Answer in two lines.", "Give the answer as a percentage.",
)
# "just the number" in nine languages (red team round 6, W5: read as "the answer only" in five of
# them and served "x = 5"), appended to or removed from a math prompt; the oracle reads each as the
# number alone (tests/fuzz/oracle.py FORMAT_SENTENCES), so a served "x = 5" is a violation
NUMBER_ONLY_BY_LANGUAGE = {
    "en": "Just the number.", "es": "Solo el número.", "fr": "Juste le nombre.", "de": "Nur die Zahl.",
    "pt": "Só o número.", "it": "Solo il numero.", "ru": "Только число.", "zh": "只要数字。", "ja": "数字だけ。",
}
NUMBER_ONLY_SENTENCES = tuple(NUMBER_ONLY_BY_LANGUAGE.values())
# words relating what stands beside them ("12 per y", "one per x", "x to y"): red team round 11
RELATIONS = (" per y", " per x", " one per", " one", " of y", " to x", " by y", " from x", " in y", " on x", " as y", " with x")
# marks that change the number right before them: repeating decimal, factorial, feet/inches, percent, degrees
NUMBER_MARKS = ("...", "\u2026", "!", "'", "\u2032", '"', "%", "\u00b0")
# a line's layout read two ways: a bullet or a sign, an equation label before or after it
LINE_LAYOUTS = ("- ", "+ ", "(1) ", " (1)", " (2)")
OPERATORS = "+-*/="
# zero in scripts other than ASCII: ARABIC-INDIC, EXTENDED ARABIC-INDIC, DEVANAGARI, FULLWIDTH
FOREIGN_ZEROS = (0x0660, 0x06F0, 0x0966, 0xFF10)
# an expression asked of the problem's unknowns, appended or toggled (issue 33): "{v}" is one of the
# prompt's one-letter names; the last ones are not modelled (a negation, two asked, a sum of words, a
# constant or one unknown written with a dash between terms: W18, red team round 13)
ASKED_EXPRESSIONS = (
    "Give {v} squared.", "Give 2{v}.", "Find {v} + 1.", "What is {v}/2?", "Give twice {v}.", "Then give {v}*{v}.",
    "Give 20 - {v}.", "Donne {v} au carré.", "Give not {v} but 20 - {v}.", "Give {v} squared and {v} cubed.",
    "Find {v} squared + 1.", "Give {v} - {v}.", "What is {v} \u2013 {v}?", "Give 2{v} -- {v}.",
)
# phrases that mark whose value a statement gives (a person, number, gender), each group's phrases
# interchangeable in the same place: one swapped for another makes a prompt state the values of two
# people ("Me llamo Ines y tiene 77 años": red team round 7, W7), never one object. Written here, apart
# from the engine's tables (json vocabulary "owners"), so the fuzzer does not test the tables by themselves.
OWNER_MARKS = (
    ("my", "his", "her", "their", "our", "its", "your"),
    ("me llamo", "se llama", "te llamas"), ("tengo", "tiene", "tienes"), ("mi", "su", "tu"),
    ("je m'appelle", "il s'appelle", "elle s'appelle"), ("j'ai", "il a", "elle a"), ("mon", "son", "ton"), ("ma", "sa", "ta"),
    ("ich heiße", "er heißt", "sie heißt"), ("mein", "sein", "ihr", "dein"), ("meine", "seine", "ihre", "deine"),
    ("ich bin", "er ist", "sie ist"),
    ("me chamo", "se chama"), ("tenho", "tem"), ("meu", "seu"), ("minha", "sua"),
    ("mi chiamo", "si chiama"), ("ho", "ha"), ("mio", "suo"), ("mia", "sua"),
    ("меня зовут", "его зовут", "её зовут"), ("мне", "ему", "ей"),
    ("我叫", "他叫", "她叫"), ("今年", "他今年", "她今年"),
    ("he has", "she has", "we have", "they have", "i have", "you have"),  # wip/fuzzK: W25 "The name is Ben and he has 92 points"
    ("私の名前は", "彼の名前は", "彼女の名前は"),
)
_OWNER_PHRASES = sorted({p for group in OWNER_MARKS for p in group}, key=len, reverse=True)  # "meine" before "mein"
_OWNER_MARK = re.compile("|".join(
    re.escape(p) if "\u3040" <= p[0] <= "\u9fff" else rf"(?<![\w']){re.escape(p)}(?![\w'])"  # no word edges in zh/ja
    for p in _OWNER_PHRASES), re.IGNORECASE)
# role words of a story (tests/fuzz/roles.py: a subject and its bill, relatives, pronouns, possessives), one
# swapped for another of its group: at one mention the story names two roles ("his daughter ... How old
# is the son?", "A plumber charges ... The ride cost", "sua figlia ... più di lui": W15, W16), at every
# mention of the word another consistent story whose answer the oracle computes (the son asked)
def _is_cjk(word: str) -> bool:
    return "\u3040" <= word[0] <= "\u9fff"


_ROLE_WORDS = sorted({w.lower() for g in ROLE_GROUPS for w in g}, key=len, reverse=True)
_ROLE_WORD = re.compile("|".join(
    re.escape(w) if _is_cjk(w) else rf"(?<![\w'\u2019]){re.escape(w)}(?![\w'\u2019])" for w in _ROLE_WORDS), re.IGNORECASE)
# unit symbols and the spellings a reader may read (SI: "L" and "mL" beside "l" and "ml"; every other
# case is another unit or none: "Mg" a megagram, "Mm" a megametre, "MS"/"mS" no second): written here,
# apart from the engine's tables. A symbol of two or more letters after a number or "to"/"in" gets
# its case changed ("km" -> "Km"/"KM", "mg" -> "Mg"); answered without a model call, that is a
# violation (tests/fuzz/judge.py: W20, wip/cleanup).
UNIT_SPELLINGS = {
    "km": ("km",), "m": ("m",), "cm": ("cm",), "mm": ("mm",), "kg": ("kg",), "g": ("g",), "mg": ("mg",),
    "ml": ("ml", "mL"), "l": ("l", "L"), "ms": ("ms",), "s": ("s",), "min": ("min",), "h": ("h",),
    "км": ("км",), "м": ("м",), "см": ("см",), "мм": ("мм",), "кг": ("кг",), "г": ("г",), "мг": ("мг",),
    "мл": ("мл",), "л": ("л",),
}
_SYMBOLS = "|".join(sorted(map(re.escape, UNIT_SPELLINGS), key=len, reverse=True))
_UNIT = re.compile(rf"(?:(?<=[0-9])|(?<=[0-9] )|(?<=\bto )|(?<=\bin ))(?P<u>{_SYMBOLS})(?![\w'\u2019])", re.IGNORECASE)


def _unit_spans(text: str) -> list[tuple[int, int, str]]:
    """The unit symbols of two or more letters of ``text`` (start, end, as written): after a number
    or after "to"/"in" ("Convert 3 g to kg"); a one-letter symbol may name an unknown ("2m = 4")."""
    out = []
    for m in _UNIT.finditer(text):
        before = text[: m.start()]
        if len(m.group("u")) >= 2:  # a one-letter symbol may be an unknown ("2m = 4", "Let m be ...")
            out.append((m.start(), m.end(), m.group("u")))
    return out


def miscased_units(text: str) -> list[str]:
    """The unit symbols of ``text`` written in a case no reader may read ("Km", "Mg", "ML")."""
    return [u for _, _, u in _unit_spans(text) if u not in UNIT_SPELLINGS[u.lower()]]


def _unit_case(text: str, rng: random.Random) -> str | None:
    """One unit symbol in another case no reader may read ("km" -> "Km"/"KM", "mg" -> "Mg", "ml" -> "ML")."""
    spans = [s for s in _unit_spans(text) if s[2] in UNIT_SPELLINGS[s[2].lower()]]
    if not spans:
        return None
    start, end, unit = rng.choice(spans)
    cases = {"".join(c.upper() if bit >> i & 1 else c for i, c in enumerate(unit.lower())) for bit in range(2 ** len(unit))}
    others = sorted(cases - set(UNIT_SPELLINGS[unit.lower()]))
    return text[:start] + rng.choice(others) + text[end:] if others else None

# wip/fuzzC (W22, red team round 17): words of a kind, one swapped for another of the same or of
# ANOTHER kind ("Ana lives in Porto." -> "Ana lives in France.", "Neither lives in Porto.", "Porto
# lives in Ana."): a frame role filled by any capitalised word serves "France" as a city. Written
# here, apart from the engine's tables and from the oracle's own lists of people and cities.
PROPER_NOUN_KINDS = {
    "person": ("Ana", "Bob", "Ines", "Omar", "Lena", "Hugo", "Mia", "Leo", "Tiago", "Claire", "Giulia", "Luca",
               "Priya", "Laura", "Jonas", "Kenji", "Maria", "Lucia", "Tomas", "Bruno", "Rita", "Alma", "Grete",
               "Eve", "Raj", "Tom"),
    "city": ("Porto", "Lisbon", "Denver", "Bilbao", "Oslo", "Cairo", "Lima", "Quito", "Sevilla", "Bremen", "Kiel",
             "Rennes", "Lyon", "Osaka"),
    "country": ("France", "Spain", "Peru", "Portugal", "Egypt", "Japan"),
    "month": ("March", "May", "August", "Mayo", "Enero", "Mars"),
    "weekday": ("Monday", "Friday", "Lunes", "Montag", "Sunday"),
    "pronoun": ("He", "She", "They", "It", "Ella", "Who"),
    "company": ("Acme", "Google", "Siemens", "Nimbus"),
    "other": ("Denial", "Neither", "Nobody", "Navidad", "Christmas", "None", "Nothing", "Bologna"),
}
_PROPER_NOUNS = sorted({w for words in PROPER_NOUN_KINDS.values() for w in words}, key=len, reverse=True)
_PROPER_NOUN = re.compile(r"(?<![\w'\u2019-])(?:" + "|".join(map(re.escape, _PROPER_NOUNS)) + r")(?![\w'\u2019-])")
# number formats (W22: "1,500" read as 1.5, a pasted "1.10" served as 1.1): the same digits with a
# trailing zero, a leading zero, a digit group ("1500" -> "1,500" / "1.500" / "1 500"), a sign moved
# ("-3" -> "3-", "5" -> "-5"), a decimal comma ("0.5" -> "0,5")
_NUMBER = re.compile(r"(?<![\w.,])-?[0-9]+(?:\.[0-9]+)?(?![0-9]|[.,][0-9])")  # "3" of "3x" too
# negation and exception words (wip/fuzzC): inserted before a word, a number or the end
NEGATIONS = ("not", "except", "instead of", "excluding", "no", "Not", "except for", "but not")


# edits inside the documented safe set
SAFE_EDITS = ("safe_nfd", "safe_crlf", "safe_edge_ws", "safe_combo")
# edits of a chat request's structure
CHAT_EDITS = ("system_msg", "msg_name", "tool_arg", "image_url")
ALL_EDITS = TEXT_EDITS + SAFE_EDITS + CHAT_EDITS + NEW_TEXT_EDITS

VOCAB = [
    "not", "never", "also", "only", "very", "Paris", "blue", "seven", "quickly", "today", "and", "or",
    "x", "y", "2", "please", "JSON", "step", "solve", "Monday", "kilogram", "the", "всегда", "非常", "très",
    "Alice", "price", "age", "equation", "print",
]
PUNCT = list(".,;:!?'\"()[]{}-_/\\*&%$#@+=<>|~`^") + ["…", "“", "”", "‘", "’", "«", "»", "，", "。", "？", "！", "、", "—"]
WS_INSERT = [" ", "  ", "\t", "\n", "\n\n", "    "]
EDGE_WS = [" ", "  ", "\n", "\t", "\r\n", " \n\t", "\n\n"]
INVISIBLE = ("\u200b", "\u200d", "\ufeff", "\u00ad", "\x1f")
LOOKALIKE = {
    "a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у", "i": "і", "s": "ѕ",
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О", "P": "Р", "T": "Т", "X": "Х",
    "-": "–", "0": "O", "1": "l", '"': "“", "'": "’", " ": "\u00a0", "/": "∕", "*": "×", "2": "²", "3": "³",
}
# declared transforms of a stated value (issue 33), added after the statements or removed again:
# the oracle computes the transformed object itself (oracle.TRANSFORM_SENTENCE)
TRANSFORMS_OF_STRINGS = ("Write the {key} in uppercase.", "Write the {key} in lowercase.")
TRANSFORMS_OF_NUMBERS = ("Round the {key} to the nearest ten.", "Round the {key} to the nearest hundred.")
_STATED_STRING = re.compile(r'\b([a-z]+) "[^"\n]+"')
_STATED_NUMBER = re.compile(r"\b([a-z]+) [0-9]+\b")
_TRANSFORM = re.compile(r" (?:Write the [a-z]+ in (?:upper|lower)case|Round the [a-z]+ to the nearest (?:ten|hundred))\.")
SYSTEM_PROMPTS = ["You are a helpful assistant.", "Reply in Spanish.", "Answer in one word.", "You are a pirate."]
NAMES = ["alice", "bob", "agent_7", "Priya"]
URLS = ["https://images.example.com/other.png", "https://evil.example.net/cat-01.png", "data:image/png;base64,iVBORw0KGgo="]

_WORD = re.compile(r"\w+")
_HOT = re.compile(r'"[^"\n]*"|\'[^\'\n]*\'|```.*?```|`[^`\n]*`|[0-9a-z()+\-*/=. ]*=[0-9a-z()+\-*/=. ]*', re.DOTALL)


def _is_punct(c: str) -> bool:
    return unicodedata.category(c)[0] in "PS"


def _pos(text: str, rng: random.Random, *, end_inclusive: bool = True) -> int:
    """A position, half the time inside a quoted string, code or an equation when there is one."""
    hot = [m.span() for m in _HOT.finditer(text) if m.end() - m.start() > 2]
    if hot and rng.random() < 0.5:
        a, b = rng.choice(hot)
        return rng.randint(a + 1, b - 1)
    return rng.randint(0, len(text) if end_inclusive else max(0, len(text) - 1))


def _pick_index(text: str, pred, rng: random.Random) -> int | None:  # type: ignore[no-untyped-def]
    idx = [i for i, c in enumerate(text) if pred(c)]
    if not idx:
        return None
    hot = [i for i in idx if any(a < i < b for a, b in (m.span() for m in _HOT.finditer(text)))]
    if hot and rng.random() < 0.5:
        return rng.choice(hot)
    return rng.choice(idx)


def text_applicable(text: str) -> list[str]:
    kinds = ["word_replace", "word_insert", "case_change" if any(_cased(c) for c in text) else None,
             "punct_add", "whitespace", "lookalike", "invisible", "format_toggle"]
    words = _WORD.findall(text)
    if len(words) >= 1:
        kinds.append("word_delete")
    if len(set(words)) >= 2:
        kinds += ["word_swap", "phrase_repeat"]
    if any(c in string.digits for c in text):
        kinds.append("digit_change")
    if any(_is_punct(c) for c in text):
        kinds += ["punct_remove", "punct_change"]
    if any(c in OPERATORS for c in text):
        kinds.append("operator_change")
    if any(c in string.digits for c in text):
        kinds += ["foreign_digit", "number_mark", "spaced_mark", "relation_word"]
    if "=" in text:
        kinds += ["line_layout", "asked_expression", "number_only_toggle"]
    if any(u in UNIT_SPELLINGS[u.lower()] for _, _, u in _unit_spans(text)):
        kinds.append("unit_case")
    if ("JSON" in text or "json" in text) and _PROPER_NOUN.search(text):  # a JSON or passage prompt's names
        kinds.append("proper_noun")
    if _numeric_prompt(text):  # a linear, arithmetic, word-problem or JSON prompt (wip/fuzzC)
        kinds += ["number_format", "negation"] if _NUMBER.search(text) else ["negation"]
    if "JSON" in text and _OWNER_MARK.search(text):  # whose value it is: a JSON request's statements
        kinds.append("owner_swap")
    # a story's roles; in a JSON request a role word may be a key name, which the JSON oracle does not
    # rename (owner_swap edits its statements instead)
    if _ROLE_WORD.search(text) and "JSON" not in text and "{" not in text:
        kinds.append("role_swap")
    if "JSON" in text and (_TRANSFORM.search(text) or _STATED_STRING.search(text) or _STATED_NUMBER.search(text)):
        kinds.append("transform_toggle")
    kinds += new_applicable(text)
    return [k for k in kinds if k]


def _numeric_prompt(text: str) -> bool:
    """A prompt whose numbers are its content: JSON, an equation, or two numbers or more (a list's
    "1." and "2." are no numbers here)."""
    numbers = re.findall(r"(?<![\w.,])[0-9]+(?:[.,][0-9]+)?(?!\.\s|\.$)", text)
    return "JSON" in text or "=" in text or len(numbers) >= 2


def _cased(c: str) -> bool:
    s = c.swapcase()
    return len(s) == 1 and s != c


def edit_text(text: str, kind: str, rng: random.Random) -> str | None:
    """One random edit of ``kind``; None when it does not apply to this text."""
    if kind == "word_replace":
        words = list(_WORD.finditer(text))
        if not words:
            return None
        m = rng.choice(words)
        new = rng.choice([w for w in VOCAB if w != m.group(0)])
        return text[: m.start()] + new + text[m.end() :]
    if kind == "word_insert":
        starts = [m.start() for m in _WORD.finditer(text)] + [len(text)]
        p = rng.choice(starts)
        word = rng.choice(VOCAB)
        return text[:p] + (word + " " if p < len(text) else " " + word) + text[p:]
    if kind == "word_delete":
        words = list(_WORD.finditer(text))
        if not words:
            return None
        m = rng.choice(words)
        a, b = m.span()
        if b < len(text) and text[b] == " ":
            b += 1
        elif a > 0 and text[a - 1] == " ":
            a -= 1
        return text[:a] + text[b:]
    if kind == "word_swap":
        words = list(_WORD.finditer(text))
        pairs = [(i, j) for i in range(len(words)) for j in range(i + 1, min(len(words), i + 4))
                 if words[i].group(0) != words[j].group(0)]
        if not pairs:
            return None
        i, j = rng.choice(pairs)
        a, b = words[i], words[j]
        return text[: a.start()] + b.group(0) + text[a.end() : b.start()] + a.group(0) + text[b.end() :]
    if kind == "digit_change":
        i = _pick_index(text, lambda c: c in string.digits, rng)
        if i is None:
            return None
        return text[:i] + rng.choice([d for d in string.digits if d != text[i]]) + text[i + 1 :]
    if kind == "case_change":
        i = _pick_index(text, _cased, rng)
        if i is None:
            return None
        return text[:i] + text[i].swapcase() + text[i + 1 :]
    if kind == "punct_add":
        p = _pos(text, rng)
        return text[:p] + rng.choice(PUNCT) + text[p:]
    if kind == "punct_remove":
        i = _pick_index(text, _is_punct, rng)
        if i is None:
            return None
        return text[:i] + text[i + 1 :]
    if kind == "punct_change":
        i = _pick_index(text, _is_punct, rng)
        if i is None:
            return None
        return text[:i] + rng.choice([p for p in PUNCT if p != text[i]]) + text[i + 1 :]
    if kind == "whitespace":
        return _whitespace(text, rng)
    if kind in NEW_EDITS:
        return NEW_EDITS[kind](text, rng)
    if kind == "lookalike":
        options = [i for i, c in enumerate(text) if c in LOOKALIKE]
        if options and rng.random() < 0.8:
            i = rng.choice(options)
            return text[:i] + LOOKALIKE[text[i]] + text[i + 1 :]
        # a superscript after a letter or digit ("3x" -> "3x²")
        spots = [i + 1 for i, c in enumerate(text) if c.isalnum()]
        if not spots:
            return None
        p = rng.choice(spots)
        return text[:p] + rng.choice("²³") + text[p:]
    if kind == "operator_change":
        # one arithmetic operator or "=" becomes another ("3x + 5" -> "3x * 5", "12 * 12" -> "12 / 12")
        i = _pick_index(text, lambda c: c in OPERATORS, rng)
        if i is None:
            return None
        return text[:i] + rng.choice([o for o in OPERATORS if o != text[i]]) + text[i + 1 :]
    if kind == "foreign_digit":
        # one ASCII digit becomes the same digit of another script ("2x = 10" -> "2x = 1\u0660"):
        # the same value to a reader of that script, a different string to everyone else
        i = _pick_index(text, lambda c: c in string.digits, rng)
        if i is None:
            return None
        return text[:i] + chr(rng.choice(FOREIGN_ZEROS) + int(text[i])) + text[i + 1 :]
    if kind == "number_mark":
        ends = [m.end() for m in re.finditer(r"[0-9]+", text)]
        if not ends:
            return None
        p = rng.choice(ends)
        return text[:p] + rng.choice(NUMBER_MARKS) + text[p:]
    if kind == "spaced_mark":
        # the same marks after a space ("20 %", "20 !", "20 '"), or a point before the digits
        # ("20" -> ".20"): what a reader still ties to the number, a plain digit reader drops
        starts_ends = [(m.start(), m.end()) for m in re.finditer(r"[0-9]+", text)]
        if not starts_ends:
            return None
        start, end = rng.choice(starts_ends)
        if rng.random() < 0.25:
            return text[:start] + "." + text[start:]
        return text[:end] + " " + rng.choice(NUMBER_MARKS) + text[end:]
    if kind == "relation_word":
        # after a number or a word: "2x = 12 per y", "What is x to y?", "one per x"
        ends = [m.end() for m in re.finditer(r"[0-9]+|[A-Za-z]+", text)]
        p = rng.choice(ends)
        return text[:p] + rng.choice(RELATIONS) + text[p:]
    if kind == "phrase_repeat":
        # the prompt's own words again, elsewhere ("a JSON object and a JSON object", "What's the
        # system ...?"): no new word, so a reader of words as a bag sees nothing new (red team round 12)
        words = list(_WORD.finditer(text))
        i = rng.randrange(len(words))
        j = min(len(words), i + rng.randint(1, 4))
        span = text[words[i].start() : words[j - 1].end()]
        p = rng.choice([m.start() for m in words] + [len(text)])
        return text[:p] + (span + " " if p < len(text) else " " + span) + text[p:]
    if kind == "line_layout":
        lines = text.split("\n")
        with_eq = [i for i, line in enumerate(lines) if "=" in line]
        if not with_eq:
            return None
        i, mark = rng.choice(with_eq), rng.choice(LINE_LAYOUTS)
        lines[i] = lines[i] + mark if mark.startswith(" ") else mark + lines[i]
        return "\n".join(lines)
    if kind == "format_toggle":
        # a format instruction that ends the prompt is removed; otherwise one is appended
        stripped = text.rstrip()
        for sentence in sorted(FORMAT_SENTENCES, key=len, reverse=True):
            if stripped.endswith(sentence) and stripped[: -len(sentence)][-1:].isspace():
                return stripped[: -len(sentence)].rstrip()
        return stripped + rng.choice((" ", "\n")) + rng.choice(FORMAT_SENTENCES)
    if kind == "number_only_toggle":
        # a "just the number" sentence that ends the prompt is removed; otherwise one is appended
        stripped = text.rstrip()
        for sentence in NUMBER_ONLY_SENTENCES:
            if stripped.endswith(sentence) and stripped[: -len(sentence)][-1:].isspace():
                return stripped[: -len(sentence)].rstrip()
        own = _template_language(stripped)  # most often the prompt's own language: where a table reads it
        sentence = NUMBER_ONLY_BY_LANGUAGE[own] if own in NUMBER_ONLY_BY_LANGUAGE and rng.random() < 0.7 else None
        return stripped + rng.choice((" ", "\n")) + (sentence or rng.choice(NUMBER_ONLY_SENTENCES))
    if kind == "transform_toggle":
        return _toggle_transform(text, rng)
    if kind == "owner_swap":
        return _owner_swap(text, rng)
    if kind == "role_swap":
        return _role_swap(text, rng)
    if kind == "asked_expression":
        return _asked_expression(text, rng)
    if kind == "unit_case":
        return _unit_case(text, rng)
    if kind == "proper_noun":
        return _proper_noun(text, rng)
    if kind == "number_format":
        return _number_format(text, rng)
    if kind == "negation":
        return _negation(text, rng)
    if kind == "invisible":
        # a character that renders as nothing and is not Unicode whitespace, anywhere including the
        # edges: zero-width space/joiner, byte-order mark, soft hyphen, a unit separator
        p = rng.randint(0, len(text))
        return text[:p] + rng.choice(INVISIBLE) + text[p:]
    raise ValueError(kind)


def _template_language(text: str) -> str | None:
    """The language of the fuzz template whose opening words (before its first slot) open ``text``."""
    from .oracle import MATH_TEMPLATES  # the oracle's templates (imported here: the oracle reads no edit)

    for t in MATH_TEMPLATES:
        opening = t.pattern.split("{")[0]
        if opening and text.startswith(opening):
            return t.lang
    return None


def _proper_noun(text: str, rng: random.Random) -> str | None:
    """A word of :data:`PROPER_NOUN_KINDS` replaced by another of the same kind or of another kind,
    or (a third of the time, when there are two) two such words exchanged ("Porto lives in Ana")."""
    found = list(_PROPER_NOUN.finditer(text))
    if not found:
        return None
    distinct = [m for m in found if m.group() != found[0].group()]
    if distinct and rng.random() < 1 / 3:
        a, b = found[0], rng.choice(distinct)
        a, b = (a, b) if a.start() < b.start() else (b, a)
        return text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]
    m = rng.choice(found)
    own = next(k for k, words in PROPER_NOUN_KINDS.items() if m.group() in words)
    kind = own if rng.random() < 0.4 else rng.choice([k for k in PROPER_NOUN_KINDS if k != own])
    other = rng.choice([w for w in PROPER_NOUN_KINDS[kind] if w != m.group()])
    return text[: m.start()] + other + text[m.end() :]


def _pick_number(text: str, rng: random.Random, keep: Callable[[str], bool] = lambda num: True
                 ) -> tuple[re.Match[str], str, str, list[re.Match[str]]] | None:
    """A number of ``text`` picked at random among those ``keep`` accepts: (its match, its sign, its digits,
    every number accepted)."""
    found = [m for m in _NUMBER.finditer(text) if keep(m.group())]
    if not found:
        return None
    m = rng.choice(found)
    num = m.group()
    sign, digits = ("-", num[1:]) if num.startswith("-") else ("", num)
    return m, sign, digits, found


def _number_format(text: str, rng: random.Random) -> str | None:
    """One number written another way (:data:`_NUMBER`): a trailing zero ("9.4" -> "9.40", "7" ->
    "7.0"), a leading zero ("07"), a digit group ("1500" -> "1,500" / "1.500" / "1 500"; a smaller
    number gets a thousands part, "450" -> "1,450"), its sign moved ("-3" -> "3-", or onto another
    number), a decimal comma ("0.5" -> "0,5")."""
    picked = _pick_number(text, rng)
    if picked is None:
        return None
    m, sign, digits, _ = picked
    whole, _, frac = digits.partition(".")
    tail = "." + frac if frac else ""
    options = [sign + digits + ("0" if frac else ".0"), sign + "0" + digits]
    if frac:
        options.append(sign + whole + "," + frac)
    grouped = whole if len(whole) >= 4 else "1" + whole.zfill(3)
    for mark in (",", ".", " ", "\u00a0"):
        options.append(sign + grouped[:-3] + mark + grouped[-3:] + tail)
    if sign:
        options.append(digits + "-")
    choice = rng.choice(options + ["<move sign>"])
    if choice == "<move sign>":
        # the other numbers (wip/sysP: `found` was left undefined here by the picker's fold, f45e4c7f: a NameError)
        others = [o for o in _NUMBER.finditer(text) if o.start() != m.start()]
        if not others:
            return None
        o = rng.choice(others)
        # the sign of one number moved onto another ("-3x + 4 = 8" -> "3x + 4 = -8")
        edits = [(m.start(), m.end(), digits), (o.start(), o.end(), o.group()[1:] if o.group().startswith("-") else "-" + o.group())]
        if not sign and not o.group().startswith("-"):
            return None
        if not sign:  # move the other's sign onto this one
            edits = [(m.start(), m.end(), "-" + digits), (o.start(), o.end(), o.group()[1:])]
        out = text
        for start, end, new in sorted(edits, reverse=True):
            out = out[:start] + new + out[end:]
        return out
    return text[: m.start()] + choice + text[m.end() :]


def _negation(text: str, rng: random.Random) -> str | None:
    """A negation or exception word inserted before a word or a number, or at the end."""
    starts = [m.start() for m in re.finditer(r"(?<![\w.,-])[\w-]", text)]
    if not starts:
        return None
    word = rng.choice(NEGATIONS)
    if rng.random() < 0.1:
        stripped = text.rstrip()
        end = len(stripped) - 1 if stripped[-1:] in ".?!" else len(stripped)
        return stripped[:end] + " " + word + stripped[end:]
    p = rng.choice(starts)
    return text[:p] + word + " " + text[p:]


def _toggle_transform(text: str, rng: random.Random) -> str | None:
    """Remove a declared transform sentence, or add one for a stated key (before the closing
    "Output only the JSON object." when there is one), or switch it to another target."""
    found = _TRANSFORM.search(text)
    if found is not None:
        if rng.random() < 0.5:
            return text[: found.start()] + text[found.end() :]
        key = found.group().split()[2]
        options = TRANSFORMS_OF_STRINGS if found.group().startswith(" Write") else TRANSFORMS_OF_NUMBERS
        return text[: found.start()] + " " + rng.choice(options).format(key=key) + text[found.end() :]
    stated = [(m.group(1), TRANSFORMS_OF_STRINGS) for m in _STATED_STRING.finditer(text)]
    stated += [(m.group(1), TRANSFORMS_OF_NUMBERS) for m in _STATED_NUMBER.finditer(text)]
    if not stated:
        return None
    key, options = rng.choice(stated)
    sentence = " " + rng.choice(options).format(key=key)
    closing = text.rfind(" Output only the JSON object.")
    at = closing if closing >= 0 else len(text)
    return text[:at] + sentence + text[at:]


def _asked_expression(text: str, rng: random.Random) -> str:
    """An asked expression appended ("Solve 3x + 5 = 20. Give x squared."), or the one the text
    has removed or swapped for another (P and P' differ only in what is asked)."""
    names = re.findall(r"(?<![A-Za-z])([a-z])(?![A-Za-z])(?=[^\n]*=|\s*[-+*/=])", text) or ["x"]
    for phrase in ASKED_EXPRESSIONS:
        for name in dict.fromkeys(names):
            written = phrase.format(v=name)
            if written in text:
                other = rng.choice([p for p in ASKED_EXPRESSIONS if p != phrase] + [""])
                return text.replace(written, other.format(v=name)).rstrip() if other else text.replace(" " + written, "")
    return text.rstrip() + " " + rng.choice(ASKED_EXPRESSIONS).format(v=rng.choice(names))


def _owner_swap(text: str, rng: random.Random) -> str | None:
    """One phrase that marks an owner swapped for another owner's phrase of its group ("my age" ->
    "his age", "tengo" -> "tiene"), its first letter's case kept."""
    found = list(_OWNER_MARK.finditer(text))
    if not found:
        return None
    m = rng.choice(found)
    written = m.group()
    group = next(g for g in OWNER_MARKS if written.lower() in g)
    other = rng.choice([p for p in group if p != written.lower()])
    if written[:1].isupper():
        other = other[:1].upper() + other[1:]
    return text[: m.start()] + other + text[m.end() :]


def _role_swap(text: str, rng: random.Random) -> str | None:
    """One role word replaced by another of its group (tests/fuzz/roles.py), each replacement keeping
    the case of the first letter it replaces: half the time at one mention only (the story then names
    two roles), else at every mention of that word (a consistent story about another role)."""
    found = list(_ROLE_WORD.finditer(text))
    if not found:
        return None
    m = rng.choice(found)
    written = m.group().lower()
    group = rng.choice([g for g in ROLE_GROUPS if written in (w.lower() for w in g)])
    other = rng.choice([w for w in group if w.lower() != written]).lower()

    def cased(original: str) -> str:
        return other[:1].upper() + other[1:] if original[:1].isupper() else other

    if rng.random() < 0.5:
        return text[: m.start()] + cased(m.group()) + text[m.end() :]
    out, pos = [], 0
    for each in found:
        if each.group().lower() == written:
            out += [text[pos : each.start()], cased(each.group())]
            pos = each.end()
    return "".join(out) + text[pos:]


def _whitespace(text: str, rng: random.Random) -> str | None:
    mode = rng.choice(["insert", "insert", "delete", "change", "indent"])
    spaces = [i for i, c in enumerate(text) if c.isspace()]
    if mode == "delete" and spaces:
        i = rng.choice(spaces)
        return text[:i] + text[i + 1 :]
    if mode == "change" and spaces:
        i = rng.choice(spaces)
        return text[:i] + rng.choice([w for w in WS_INSERT if w != text[i]]) + text[i + 1 :]
    if mode == "indent":
        starts = [m.start() for m in re.finditer(r"(?m)^[ \t]+", text)]
        if starts:
            i = rng.choice(starts)
            return text[:i] + " " + text[i:] if rng.random() < 0.5 else text[:i] + text[i + 1 :]
    p = _pos(text, rng)
    return text[:p] + rng.choice(WS_INSERT) + text[p:]


# --------------------------------------------------------------------------- safe edits
def _nfd(text: str, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return unicodedata.normalize("NFD", text)
    spots = [i for i, c in enumerate(text) if unicodedata.normalize("NFD", c) != c]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + unicodedata.normalize("NFD", text[i]) + text[i + 1 :]


def _crlf(text: str, rng: random.Random) -> str:
    style = rng.choice(["\r\n", "\r", "mixed"])
    if style != "mixed":
        return text.replace("\n", style)
    return "".join(rng.choice(["\r\n", "\r", "\n"]) if c == "\n" else c for c in text)


def _edge(text: str, rng: random.Random) -> str:
    lead = rng.choice(EDGE_WS) if rng.random() < 0.7 else ""
    trail = rng.choice(EDGE_WS) if not lead or rng.random() < 0.5 else ""
    return lead + text + trail


def _all_texts(request: Request, fn) -> Request:  # type: ignore[no-untyped-def]
    if isinstance(request, str):
        return fn(request)
    out = request
    for address in text_fields(request):
        out = set_field(out, address, fn(get_field(out, address)))
    return out


def _texts(request: Request) -> list[str]:
    if isinstance(request, str):
        return [request]
    return [get_field(request, a) for a in text_fields(request)]


def applicable(request: Request) -> list[str]:
    """The edit kinds that apply to a base request."""
    texts = _texts(request)
    kinds: list[str] = sorted({k for t in texts for k in text_applicable(t)
                               if WITH_NEW[0] or k not in NEW_TEXT_EDITS}, key=ALL_EDITS.index)
    if any(unicodedata.normalize("NFD", t) != t for t in texts):
        kinds.append("safe_nfd")
    if any("\n" in t for t in texts):
        kinds.append("safe_crlf")
    if single_text(request) is not None:
        kinds += ["safe_edge_ws", "safe_combo"]
    if not isinstance(request, str):
        kinds += ["system_msg", "msg_name"]
        if any(m.tool_calls for m in request):
            kinds.append("tool_arg")
        if any(not isinstance(m.content, str) and any(p.kind == "image_url" for p in m.content) for m in request):
            kinds.append("image_url")
    return kinds


# edit kinds that apply to few bases come first, so that every base's first example covers them
_PRIORITY = ("safe_crlf", "safe_nfd", "image_url", "tool_arg", "safe_edge_ws", "msg_name", "system_msg", "proper_noun", "owner_swap", "role_swap", "unit_case", "difference_key", "digit_change",
             "safe_combo", "number_mark", "spaced_mark", "relation_word", "foreign_digit", "line_layout", "asked_expression", "number_only_toggle",
             "operator_change", "transform_toggle")


def rotation(request: Request, shift: int = 0) -> list[str]:
    """The applicable edit kinds in the order the drivers cycle through them: the kinds few bases
    allow first, then the others rotated by ``shift`` (so bases seen once cover different ones)."""
    kinds = applicable(request)
    rest = [k for k in kinds if k not in _PRIORITY]
    shift %= max(1, len(rest))
    return [k for k in _PRIORITY if k in kinds] + rest[shift:] + rest[:shift]


def apply_edit(request: Request, kind: str, rng: random.Random) -> Request | None:
    """The edited request, or None when the edit does not apply or changed nothing."""
    for _ in range(8):
        edited = _apply_once(request, kind, rng)
        if edited is not None and edited != request:
            return edited
    return None


def _apply_once(request: Request, kind: str, rng: random.Random) -> Request | None:
    if kind == "safe_nfd":
        return _all_texts(request, lambda t: _nfd(t, rng))
    if kind == "safe_crlf":
        return _all_texts(request, lambda t: _crlf(t, rng))
    if kind in ("safe_edge_ws", "safe_combo"):
        text = single_text(request)
        if text is None:
            return None
        if kind == "safe_combo":
            text = _crlf(_nfd(text, rng), rng)
        text = _edge(text, rng)
        return text if isinstance(request, str) else (request[0].with_(content=text),)
    if kind in TEXT_EDITS or kind in NEW_TEXT_EDITS:
        if isinstance(request, str):
            return edit_text(request, kind, rng)
        addresses = [a for a in text_fields(request) if kind in text_applicable(get_field(request, a))]
        if not addresses:
            return None
        address = rng.choice(addresses)
        new = edit_text(get_field(request, address), kind, rng)
        return None if new is None else set_field(request, address, new)
    assert not isinstance(request, str)
    if kind == "system_msg":
        return _system_edit(request, rng)
    if kind == "msg_name":
        return _name_edit(request, rng)
    if kind == "tool_arg":
        return _tool_edit(request, rng)
    if kind == "image_url":
        return _image_edit(request, rng)
    raise ValueError(kind)


def _system_edit(request: tuple[Msg, ...], rng: random.Random) -> tuple[Msg, ...] | None:
    systems = [i for i, m in enumerate(request) if m.role == "system" and isinstance(m.content, str)]
    if not systems:
        return (Msg("system", rng.choice(SYSTEM_PROMPTS)),) + request
    i = rng.choice(systems)
    roll = rng.random()
    if roll < 0.15 and len(request) > 1:
        return request[:i] + request[i + 1 :]
    if roll < 0.3:
        other = rng.choice([s for s in SYSTEM_PROMPTS if s != request[i].content])
        return request[:i] + (request[i].with_(content=other),) + request[i + 1 :]
    content = request[i].content
    assert isinstance(content, str)
    kinds = text_applicable(content)
    new = edit_text(content, rng.choice(kinds), rng)
    return None if new is None else request[:i] + (request[i].with_(content=new),) + request[i + 1 :]


def _name_edit(request: tuple[Msg, ...], rng: random.Random) -> tuple[Msg, ...] | None:
    candidates = [i for i, m in enumerate(request) if m.role in ("user", "assistant", "system")]
    i = rng.choice(candidates)
    m = request[i]
    if m.name is None:
        new = m.with_(name=rng.choice(NAMES))
    else:
        roll = rng.random()
        if roll < 0.3:
            new = m.with_(name=None)
        elif roll < 0.6:
            j = rng.randrange(len(m.name))
            new = m.with_(name=m.name[:j] + m.name[j].swapcase() + m.name[j + 1 :])
        else:
            new = m.with_(name=rng.choice([n for n in NAMES if n != m.name]))
    return request[:i] + (new,) + request[i + 1 :]


def _tool_edit(request: tuple[Msg, ...], rng: random.Random) -> tuple[Msg, ...] | None:
    holders = [i for i, m in enumerate(request) if m.tool_calls]
    if not holders:
        return None
    i = rng.choice(holders)
    calls = list(request[i].tool_calls)
    c = rng.randrange(len(calls))
    call = calls[c]
    args = dict(call.args)
    key = rng.choice(list(args))
    value = args[key]
    roll = rng.random()
    if roll < 0.15:
        args[rng.choice(["limit", "lang", "verbose"])] = rng.choice([1, "en", True])
    elif isinstance(value, bool):
        args[key] = not value
    elif isinstance(value, int):
        args[key] = value + rng.choice([-10, -1, 1, 2, 100])
    else:
        text = str(value)
        sub = rng.choice(["case_change", "punct_add", "word_replace", "whitespace", "digit_change", "lookalike"])
        new = edit_text(text, sub, rng) if sub in text_applicable(text) else None
        args[key] = new if new is not None else text + "x"
    calls[c] = ToolCall(call.name, tuple(args.items()), call.id)
    return request[:i] + (request[i].with_(tool_calls=tuple(calls)),) + request[i + 1 :]


def _image_edit(request: tuple[Msg, ...], rng: random.Random) -> tuple[Msg, ...] | None:
    spots = [(i, j) for i, m in enumerate(request) if not isinstance(m.content, str)
             for j, p in enumerate(m.content) if p.kind == "image_url"]
    if not spots:
        return None
    i, j = rng.choice(spots)
    url = get_field_url(request, i, j)
    roll = rng.random()
    if roll < 0.3:
        new = rng.choice([u for u in URLS if u != url])
    elif roll < 0.5:
        new = re.sub(r"\.(png|jpe?g)$", lambda m: ".jpg" if m.group(1) == "png" else ".png", url)
    else:
        k = rng.randrange(url.rindex("/") + 1, len(url))
        c = url[k]
        rep = rng.choice([x for x in "0123456789abcdefXYZ-_" if x != c])
        new = url[:k] + rep + url[k + 1 :]
    m = request[i]
    assert not isinstance(m.content, str)
    parts = list(m.content)
    parts[j] = Part("image_url", new)
    return request[:i] + (m.with_(content=tuple(parts)),) + request[i + 1 :]


def get_field_url(request: tuple[Msg, ...], i: int, j: int) -> str:
    content = request[i].content
    assert not isinstance(content, str)
    return content[j].value


# --------------------------------------------------------------------------- wip/fuzzK
# Edit kinds that would have produced the classes red teams found and no earlier kind could (W24 a
# never-name as a value, W25 "he has" / a quoted cell, W26 literal words, markdown in a value, a
# modifier after a list item, two-way tables; docs/guarantees.md). Generic: each edits any prompt at
# any value, word or number; the oracle (tests/fuzz/oracle.py) reads none of the words they bring, so a
# changed prompt answered without a model call is judged a violation unless the oracle derives it.
# A value's replacement by a word of another class: JSON/Python literals and placeholders, pronouns and
# other never-names, calendar words, a markdown- or HTML-decorated copy of the value itself
VALUE_CLASSES = {
    "literal": ("None", "null", "NULL", "False", "false", "True", "true", "undefined", "NaN", "nil", "Null", "Nein", "sim"),
    "placeholder": ("TBD", "unknown", "N/A", "string", "<value>", "...", "?", "number", "empty", "-"),
    "pronoun": ("he", "She", "they", "We", "it", "Nobody", "Someone", "Everyone", "Who", "nadie", "Niemand", "personne"),
    "calendar": ("Monday", "today", "Tomorrow", "March", "yesterday", "Christmas", "noon", "Mayo", "Montag"),
    "markup": ("**{v}**", "*{v}*", "`{v}`", "[{v}](http://x.example)", "{v} &amp; Co", "\\*{v}\\*", "<b>{v}</b>", "_{v}_",
               "~~{v}~~", "{v}&#39;s", '"{v}"', "'{v}'", "«{v}»"),
}
# words that change what a list item or a value means when written right after it (no word that changes
# nothing, "again", "also": a reader may read it as chatter, and the oracle cannot tell)
MODIFIERS = (
    "reversed", "sorted", "inverted", "doubled", "halved", "rounded", "excluded", "removed", "included", "updated",
    "translated", "capitalized", "repeated", "shuffled", "twice", "only", "backwards",
    "alphabetically", "approximately", "roughly", "maybe", "each", "x2", "×3", "*2", "times two", "etc", "etc.",
    "and so on", "...", "or so", "percent", "%", "k", "thousand", "million", "dozen", "squared", "plus one", "minus 2",
    "or more", "at most", "not", "instead", "(optional)", "(old)", "(twice)", "[sic]", "aside", "omitted",
)
# operators that change what the words around them say, inserted at any word boundary
SEMANTIC_OPERATORS = (
    "not", "except", "excluding", "instead", "only", "each", "per", "double", "half", "twice", "without", "but",
    "at least", "at most", "about", "no more than", "neither", "nor", "all", "every", "none of", "minus", "plus",
    "times", "divided by", "instead of", "rather than", "if", "unless", "after", "before",
)
# number words of several languages (code-switching included): a digit run written as a word
NUMBER_WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve".split(),
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce".split(),
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze".split(),
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split(),
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici".split(),
    "pt": "zero um dois três quatro cinco seis sete oito nove dez onze doze".split(),
    "ru": "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать".split(),
    "zh": "零 一 二 三 四 五 六 七 八 九 十 十一 十二".split(),
}
# request words and their words in other tables' languages (code-switching: one word translated)
CODE_SWITCH = (
    ("return", "devuelve", "renvoie", "gib", "retorne", "restituisci", "верни", "返回"),
    ("keys", "claves", "clés", "Schlüsseln", "chaves", "chiavi", "ключами", "键"),
    ("key", "clave", "clé", "Schlüssel", "chave", "chiave", "ключ", "键"),
    ("and", "y", "et", "und", "и", "和"),
    ("with", "con", "avec", "mit", "com", "с"),
    ("for", "para", "pour", "für", "per", "для"),
    ("from", "aus", "из"),
    ("solve", "resuelve", "résous", "löse", "resolva", "risolvi", "реши", "解"),
    ("number", "número", "nombre", "Zahl", "numero", "число"),
    ("is", "es", "est", "ist", "é", "è", "равно"),
    ("name", "nombre", "nom", "Name", "nome", "имя", "姓名"),
    ("age", "edad", "âge", "Alter", "idade", "età", "возраст", "年龄"),
    ("city", "ciudad", "ville", "Stadt", "cidade", "città", "город", "城市"),
    ("price", "precio", "prix", "Preis", "preço", "prezzo", "цена", "价格"),
    ("total", "Summe", "totale", "итого", "总计"),
    ("what", "qué", "quel", "was", "qual", "che", "что"),
    ("more", "más", "plus", "mehr", "mais", "più", "больше"),
    ("times", "veces", "fois", "mal", "vezes", "volte", "раз"),
    ("each", "cada", "chaque", "je", "ogni", "каждый"),
)
# (no articles or one-letter words: "die" for "der", pt "de" for "da" change no meaning a reader tells apart)
_CODE_SWITCH_WORDS = {w.lower(): group for group in CODE_SWITCH for w in group}
# sentence ends and clause marks where a sentence or a clause may be cut out and moved
_SENTENCE = re.compile(r"[^.?!;:\n。？！]+[.?!;:。？！]*\s*|\n+")
_KEYISH = re.compile(r'"([A-Za-z_][A-Za-z0-9_]*)"|\b([a-z]+(?:_[a-z]+)+|[a-z]+[A-Z][A-Za-z]*)\b|(?<![\w"])([a-z]{2,})(?=\s*[:=])')
_VALUE_SPOT = re.compile(r'"([^"\n]+)"|(?<=[:=] )([^\s,.;"{}\[\]]+)|(?<=[:=])([^\s,.;"{}\[\]]+)|(?<![\w.,-])(-?[0-9]+(?:\.[0-9]+)?)(?![\w]|[.,][0-9])'
                         r"|(?<=[a-z] )([A-Z][a-z]+)|(?<=, )([a-z]+)(?=,| and|\s*$)")


def _value_spots(text: str) -> list[tuple[int, int]]:
    """Spans that hold a value: a quoted string's content, a word after ":" or "=", a number, a
    capitalised word inside a sentence, a list item after a comma."""
    out = []
    for m in _VALUE_SPOT.finditer(text):
        g = next(i for i in range(1, 7) if m.group(i) is not None)
        out.append(m.span(g))
    return out


def _value_class(text: str, rng: random.Random) -> str | None:
    """One value replaced by a word of another class, or by a decorated copy of itself."""
    spots = _value_spots(text)
    if not spots:
        return None
    a, b = rng.choice(spots)
    cls = rng.choice(sorted(VALUE_CLASSES))
    new = rng.choice(VALUE_CLASSES[cls]).replace("{v}", text[a:b])
    return text[:a] + new + text[b:]


def _modifier_insert(text: str, rng: random.Random) -> str | None:
    """A modifier written right after a value or a list item ("red, green, blue reversed", "age 30
    twice"), or as one more list item after a comma ("red, green, blue, reversed")."""
    spots = [b for _, b in _value_spots(text)]
    if not spots:
        return None
    b = rng.choice(spots)
    word = rng.choice(MODIFIERS)
    sep = ", " if rng.random() < 0.3 else (" " if word[:1].isalnum() or word[:1] in "([×*" else "")
    return text[:b] + sep + word + text[b:]


# red team 26: words that say something of a value (a code, a form, a guess, a relation, a time) written where a
# value stands ("with its country code", "where the country is implied", "; date: tonight", "Official Name")
DESCRIBING_VALUES = ("code", "abbreviated", "translated", "implied", "inferred", "opposite", "complementary", "ISO3",
                     "TLD", "alpha-2", "Official Name", "Title Case", "tonight", "EOD", "weekly", "unchanged")


def _describing_value(text: str, rng: random.Random) -> str | None:
    """One value replaced by a word that describes a value rather than states one (red team 26)."""
    spots = _value_spots(text)
    if not spots:
        return None
    a, b = rng.choice(spots)
    return text[:a] + rng.choice(DESCRIBING_VALUES) + text[b:]


def _semantic_operator(text: str, rng: random.Random) -> str | None:
    """An operator word inserted before any word or number, or before the final mark."""
    starts = [m.start() for m in re.finditer(r"(?<![\w.,'-])[\w$-]", text)] + [len(text.rstrip(".?!"))]
    p = rng.choice(starts)
    word = rng.choice(SEMANTIC_OPERATORS)
    return text[:p] + (word + " " if p < len(text.rstrip(".?!")) else " " + word) + text[p:]


def _clause_move(text: str, rng: random.Random) -> str | None:
    """One sentence (or a clause after a comma) moved to another place."""
    if rng.random() < 0.6:
        parts = [m.group() for m in _SENTENCE.finditer(text) if m.group()]
    else:
        parts = re.split(r"(?<=,)(?= )|(?<= and)(?= )", text)
    if len(parts) < 2:
        return None
    i = rng.randrange(len(parts))
    moved = parts.pop(i)
    j = rng.choice([k for k in range(len(parts) + 1) if k != i] or [0])
    parts.insert(j, moved)
    out = "".join(parts)
    return out if out != text else None


def _number_swap(text: str, rng: random.Random) -> str | None:
    """Two different numbers of the text swapped."""
    found = [m for m in _NUMBER.finditer(text)]
    pairs = [(x, y) for i, x in enumerate(found) for y in found[i + 1 :] if x.group() != y.group()]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    return text[: x.start()] + y.group() + text[x.end() : y.start()] + x.group() + text[y.end() :]


def _number_word(text: str, rng: random.Random) -> str | None:
    """A number 0..12 written as a word of some language ("5" -> "five", "cinco", "五"), or any number
    written with a word after it ("3" -> "3 (three)") or as a digit string of another form ("12" -> "1 2")."""
    found = [m for m in _NUMBER.finditer(text) if not m.group().startswith("-") and "." not in m.group()]
    if not found:
        return None
    m = rng.choice(found)
    n = int(m.group())
    if n <= 12 and rng.random() < 0.8:
        lang = rng.choice(sorted(NUMBER_WORDS))
        word = NUMBER_WORDS[lang][n]
        if text[m.start() - 1 : m.start()] in (".", "") or rng.random() < 0.2:
            word = word[:1].upper() + word[1:]
        return text[: m.start()] + word + text[m.end() :]
    forms = [f"{n:,}", f"{n} ({NUMBER_WORDS['en'][n % 10]})", f"{n}.00", f"+{n}", f"{n}{n}", "0x" + format(n, "x"), f"{n}e0"]
    return text[: m.start()] + rng.choice(forms) + text[m.end() :]


def _key_case(text: str, rng: random.Random) -> str | None:
    """A key-like word (quoted, before ":" or "=", snake or camel case) in another case or joining:
    Title, UPPER, snake <-> camel, a space or a hyphen for an underscore."""
    found = list(_KEYISH.finditer(text))
    if not found:
        return None
    m = rng.choice(found)
    g = next(i for i in range(1, 4) if m.group(i) is not None)
    key = m.group(g)
    parts = re.split(r"_|(?<=[a-z])(?=[A-Z])", key)
    forms = {key.title(), key.upper(), key.capitalize(), "_".join(p.lower() for p in parts),
             parts[0].lower() + "".join(p.title() for p in parts[1:]), " ".join(parts), "-".join(parts), key + "_", "_" + key}
    forms.discard(key)
    a, b = m.span(g)
    # half the time every mention of the key (a consistent key), else this one only
    new = rng.choice(sorted(forms))
    if rng.random() < 0.5:
        return re.sub(rf"(?<![\w]){re.escape(key)}(?![\w])", new, text)
    return text[:a] + new + text[b:]


def _statement_dup(text: str, rng: random.Random) -> str | None:
    """A statement written again with another (or the same) value: "age 40" -> "age 40, age 41",
    "name: Ana" -> "name: Ana and name: Bo", "is 61" -> "is 61. Actually is 62"."""
    spots = _value_spots(text)
    if not spots:
        return None
    a, b = rng.choice(spots)
    quoted = a > 0 and text[a - 1] == '"' and text[b : b + 1] == '"'
    if quoted:
        a, b = a - 1, b + 1
    before = re.search(r"(?:[^\s,;.:]+[:=]?\s*){1,2}$", text[max(0, a - 40) : a])
    start = a - len(before.group()) if before else a
    value = text[a:b].strip('"')
    if re.fullmatch(r"-?[0-9]+", value):
        other = str(int(value) + rng.choice([0, 1, -1, 10]))
    else:
        other = rng.choice([value, "Bo", "Lima", "blue", "12"])
    copy = text[start:a] + ('"' + other + '"' if quoted else other)
    joint = rng.choice([", ", " and ", ". Actually ", "; ", " or "])
    return text[:b] + joint + copy + text[b:]


def _code_switch(text: str, rng: random.Random) -> str | None:
    """One request word written in another table's language ("keys" -> "claves", "und" -> "and")."""
    found = [m for m in re.finditer(r"\w+", text) if m.group().lower() in _CODE_SWITCH_WORDS]
    if not found:
        return None
    m = rng.choice(found)
    group = _CODE_SWITCH_WORDS[m.group().lower()]
    other = rng.choice([w for w in group if w.lower() != m.group().lower()])
    if m.group()[:1].isupper():
        other = other[:1].upper() + other[1:]
    return text[: m.start()] + other + text[m.end() :]


# "only with the key K", "without K": the object asked for narrowed to (or cut of) a key the prompt names, in
# the request words of several tables (blind set 20, i1144: pt "só com a chave cidade" was served both keys)
_KEY_SUBSET = (
    ", only with the key {k}", " without the key {k}", ", but drop {k}", ", only {k}", " (just the {k} key)",
    ", solo con la clave {k}", " só com a chave {k}", ", nur mit dem Schlüssel {k}", ", seulement avec la clé {k}",
    " sin la clave {k}", ", только с ключом {k}", "，只要 {k} 这个键",
)


def _key_subset(text: str, rng: random.Random) -> str | None:
    """The object narrowed to, or cut of, a key the prompt names, right after its "JSON" word:
    "Return JSON with keys name, age: ..." -> "Return JSON, only with the key age with keys name, age: ..."."""
    keys = [next(g for g in m.groups() if g) for m in _KEYISH.finditer(text)]
    at = re.search(r"json", text, re.I)
    if not keys or at is None:
        return None
    phrase = rng.choice(_KEY_SUBSET).format(k=rng.choice(keys))
    return text[: at.end()] + phrase + text[at.end() :]


# wip/fuzzQ: words and labels of another script (blind set 21, i1377: '小红比小刚大 3 岁…小刚几岁？' was served the
# cached label line '小红: x = 12' beside '小刚: x = 12', since a checker read prose as ASCII letters only). Written
# here, apart from the engine's tables: names, label words and a question of Chinese, Japanese, Korean, Cyrillic,
# Greek, Arabic and Hebrew script, and ASCII unknown letters' look-alikes of another script used as a name.
FOREIGN_NAMES = ("小红", "小刚", "王芳", "李明", "さくら", "たろう", "민수", "Иван", "Мария", "Ольга", "Σοφία", "Νίκος",
                 "أحمد", "דני")
FOREIGN_LABELS = ("答案", "答え", "Ответ", "Απάντηση", "정답", "الجواب", "名前", "年龄", "Возраст", "Имя", "Πόλη")
FOREIGN_QUESTIONS = ("小刚几岁？", "小红多大？", "Сколько лет Ивану?", "Πόσων χρονών είναι ο Νίκος;", "たろうは何歳ですか？",
                     "小刚的年龄是多少？")
FOREIGN_UNKNOWNS = ("α", "β", "λ", "у", "х", "ж", "ω", "θ")  # Greek and Cyrillic letters (Cyrillic "у", "х" look like y, x)
FULLWIDTH_COLON = "\uff1a"
_NAMEISH = re.compile(r"(?<![\w'\u2019-])[A-Z][a-z]+(?![\w'\u2019-])")


def _script_mix(text: str, rng: random.Random) -> str | None:
    """A word or label of another script put into the prompt: a name or a word replaced by a foreign-script name
    ("How old is Ravi?" -> "How old is 小刚?"), a foreign label line before or after the text ("小红：", "Ответ:"),
    a question of another script appended ("... 小刚几岁？"), a colon written full-width ("name：Ana"), a
    one-letter unknown renamed at every mention to a Greek or Cyrillic letter ("3α + 5 = 20"), or a mixed-script
    name (a foreign name glued to a Latin one: "Ana小红", "Иван-Bob")."""
    modes = ["word", "label_line", "question", "mixed_name"]
    if ":" in text:
        modes.append("fullwidth_colon")
    unknowns = sorted(set(re.findall(r"(?<![A-Za-z])([a-z])(?![A-Za-z])(?=[^\n]*=|\s*[-+*/=])", text)))
    if unknowns:
        modes.append("unknown")
    mode = rng.choice(modes)
    name, label = rng.choice(FOREIGN_NAMES), rng.choice(FOREIGN_LABELS)
    if mode == "word":
        named = [m for m in re.finditer("|".join(FOREIGN_NAMES), text)]
        if named and rng.random() < 0.5:  # a name of the text's own script swapped at one mention ("小刚几岁" -> "王芳几岁")
            m = rng.choice(named)
            return text[: m.start()] + rng.choice([n for n in FOREIGN_NAMES if n != m.group()]) + text[m.end() :]
        words = list(_NAMEISH.finditer(text)) or list(re.finditer(r"(?<![\w'])[A-Za-z]{3,}(?![\w'])", text))
        if not words:
            return None
        m = rng.choice(words)
        return text[: m.start()] + rng.choice((name, label)) + text[m.end() :]
    if mode == "label_line":
        line = rng.choice((name, label, f"{name} ({label})")) + rng.choice((":", FULLWIDTH_COLON, ": x =", FULLWIDTH_COLON + " "))
        return line + "\n" + text if rng.random() < 0.3 else text.rstrip() + "\n" + line
    if mode == "question":
        return text.rstrip() + rng.choice((" ", "\n", "")) + rng.choice(FOREIGN_QUESTIONS)
    if mode == "fullwidth_colon":
        colons = [i for i, c in enumerate(text) if c == ":"]
        i = rng.choice(colons)
        return text[:i] + FULLWIDTH_COLON + text[i + 1 :]
    if mode == "unknown":
        old, new = rng.choice(unknowns), rng.choice(FOREIGN_UNKNOWNS)
        return re.sub(rf"(?<![A-Za-z]){old}(?![A-Za-z])", new, text)
    words = list(_NAMEISH.finditer(text))
    if not words:
        return None
    m = rng.choice(words)
    glued = rng.choice((m.group() + name, name + m.group(), m.group() + "-" + name, name + "-" + m.group()))
    return text[: m.start()] + glued + text[m.end() :]


# wip/fuzzQ: the same characters in other code points, and numbers in other locales: marks of writing direction
# and joiners (invisible, not whitespace), other spaces (narrow no-break, thin, ideographic), the Unicode minus and
# full-width operators, digits or letters, mathematical italic letters, a decimal comma with dot groups
# ("1234.5" -> "1.234,5"), an apostrophe or a thin space as digit group ("1'500", "1 500")
DIRECTION_MARKS = ("\u200e", "\u200f", "\u061c", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067",
                   "\u2068", "\u2069", "\u2060", "\u180e")
OTHER_SPACES = ("\u202f", "\u2009", "\u3000", "\u2007", "\u205f", "\u200a")
FULLWIDTH = {**{chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)}}
MATH_ITALIC = {**{chr(0x61 + i): chr(0x1D44E + i) for i in range(26) if i != 7}, "h": "\u210e"}
_OPERATOR_VARIANTS = {"-": ("\u2212", "\u2010", "\u2011", "\ufe63", "\uff0d"), "+": ("\uff0b", "\u2795"), "=": ("\uff1d", "\u2550"),
                      "*": ("\u2217", "\u00b7", "\u22c5"), "/": ("\u2044", "\u2215", "\uff0f"), "(": ("\uff08",), ")": ("\uff09",)}


def _locale_number(text: str, rng: random.Random) -> str | None:
    picked = _pick_number(text, rng, lambda num: len(num.lstrip("-").split(".")[0]) >= 2 or "." in num)
    if picked is None:
        return None
    m, sign, digits, _ = picked
    whole, _, frac = digits.partition(".")
    grouped = whole if len(whole) >= 4 else "1" + whole.zfill(3)
    mark = rng.choice((".", "'", "\u2009", "\u202f", "\u2019"))
    new = sign + grouped[:-3] + mark + grouped[-3:] + ("," + frac if frac else rng.choice(("", ",0", ",5")))
    return text[: m.start()] + new + text[m.end() :]


def _unicode_variant(text: str, rng: random.Random) -> str | None:
    """One character (or a run) written in other code points: a direction mark or a joiner inserted, a space
    made another space, an operator a Unicode operator ("-" -> U+2212), a digit run, an ASCII word or a colon
    made full-width, a one-letter name made mathematical italic ("x" -> U+1D465), a number in a locale form."""
    mode = rng.choice(("direction", "space", "operator", "fullwidth_run", "math_letter", "locale_number"))
    if mode == "direction":
        p = _pos(text, rng)
        return text[:p] + rng.choice(DIRECTION_MARKS) + text[p:]
    if mode == "space":
        i = _pick_index(text, lambda c: c == " ", rng)
        return None if i is None else text[:i] + rng.choice(OTHER_SPACES) + text[i + 1 :]
    if mode == "operator":
        i = _pick_index(text, lambda c: c in _OPERATOR_VARIANTS, rng)
        return None if i is None else text[:i] + rng.choice(_OPERATOR_VARIANTS[text[i]]) + text[i + 1 :]
    if mode == "fullwidth_run":
        runs = [m.span() for m in re.finditer(r"[0-9]+|[A-Za-z]+|:", text)]
        if not runs:
            return None
        a, b = rng.choice(runs)
        return text[:a] + "".join(FULLWIDTH[c] for c in text[a:b]) + text[b:]
    if mode == "math_letter":
        spots = [m.start() for m in re.finditer(r"(?<![A-Za-z])[a-z](?![A-Za-z])", text)]
        if not spots:
            return None
        i = rng.choice(spots)
        return text[:i] + MATH_ITALIC[text[i]] + text[i + 1 :]
    return _locale_number(text, rng)


# wip/fuzzQ: a unit word swapped for another unit of the same or another dimension, a key renamed to a near synonym
# (at one mention or at every mention): "Convert 3 km to feet and return JSON {"meters": ...}", '"town"' for '"city"'.
# Written here, apart from the engine's unit and key tables; the oracle reads none of the new words.
SYNONYMS = (
    ("meters", "metres", "feet", "yards", "centimeters", "miles"), ("km", "mi", "m", "cm", "ft"),
    ("hours", "minutes", "seconds", "days", "hrs"), ("minutes", "seconds", "mins", "hours"),
    ("kg", "lb", "g", "pounds"), ("cm", "mm", "in", "inches"), ("dollars", "euros", "cents", "reais", "pesos"),
    ("years", "months", "yrs"), ("grados", "grados Fahrenheit", "kelvin"), ("degrés", "degrés Fahrenheit"),
    ("age", "years", "age_years", "edad"), ("city", "town", "place", "location"), ("name", "title", "first_name", "fullname"),
    ("price", "cost", "amount", "value"), ("population", "inhabitants", "people"), ("stock", "quantity", "inventory"),
    ("qty", "quantity", "count", "amount"), ("score", "points", "goals"), ("year", "date", "published"),
    ("tags", "labels", "categories"), ("host", "hostname", "address"), ("port", "port_number", "socket"),
)
_SYNONYM_WORDS = {w: group for group in SYNONYMS for w in group}
_SYNONYM = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, _SYNONYM_WORDS), key=len, reverse=True)) + r")(?![\w-])")


def _synonym_swap(text: str, rng: random.Random) -> str | None:
    """A unit word or a key word replaced by another of its group (:data:`SYNONYMS`): at one mention, or (a key, half
    the time) at every mention."""
    found = list(_SYNONYM.finditer(text))
    if not found:
        return None
    m = rng.choice(found)
    other = rng.choice([w for w in _SYNONYM_WORDS[m.group()] if w != m.group()])
    if rng.random() < 0.5:
        return re.sub(rf"(?<![\w-]){re.escape(m.group())}(?![\w-])", other, text)
    return text[: m.start()] + other + text[m.end() :]


# wip/fuzzF (red team 27): a temperature's key renamed to a word that names an interval, not a reading. A scale's
# formula has an offset (F = C * 9/5 + 32): right for a reading, wrong for a difference ("warming is 2 °C" is 3.6 °F,
# never 35.6 °F). Written here, apart from the engine's reading-key tables.
INTERVAL_WORDS = ("delta", "difference", "rise", "drop", "warming", "change", "increase")
_TEMPERATURE_KEY = re.compile(r"(?<![\w-])(temperature|temperatura|Temperatur|temp|fahrenheit|celsius)(?![\w-])")
_DEGREES = re.compile(r"(?i)°|\bdegrees?\b|\bcelsius\b|\bfahrenheit\b|\bgrados\b|\bdegrés\b|\bGrad\b")


def _difference_key(text: str, rng: random.Random) -> str | None:
    """A JSON prompt's temperature key renamed to an interval word (:data:`INTERVAL_WORDS`): at every mention, or
    (a third of the time) at one mention only ("... and temperature is 20 °C. Give the rise in Fahrenheit.")."""
    found = list(_TEMPERATURE_KEY.finditer(text))
    if not found or not re.search(r"json", text, re.I) or not _DEGREES.search(text):
        return None
    m = rng.choice(found)
    word = rng.choice(INTERVAL_WORDS)
    if rng.random() < 0.34:
        return text[: m.start()] + word + text[m.end() :]
    return re.sub(rf"(?<![\w-]){re.escape(m.group())}(?![\w-])", word, text)


# wip/fuzzG (red teams 29, 29b, 29c): a word that is no key written after a JSON prompt's stated number, with another
# number after it: a function word ("age 30, sorry 31", "or 31", es "o 31", de "oder 31"), a determiner before a time
# noun or a noun ("this year 31", "el año 31"), a unit ("cm 80", "months 6"). No reader may take the word for a key
# (the served object gains no key) nor keep the first number as if nothing followed it; the oracle reads none of them.
FUNCTION_WORDS = ("sorry", "or", "maybe", "no", "not", "and", "actually", "or rather", "no wait", "perhaps", "o",
                  "oder", "ou", "perdón", "quizás", "vielleicht", "pardon", "forse", "или", "或")
DETERMINER_PHRASES = ("this year", "the year", "next year", "last year", "this month", "the month", "this level",
                      "the level", "that day", "el año", "este mes", "la semana", "l'année", "ce mois", "dieses Jahr",
                      "das Jahr", "o ano", "l'anno", "этот год")
UNIT_WORDS = ("cm", "months", "minutes", "kg", "km", "years", "hours", "days", "m", "mm", "lb", "meses", "años", "mois",
              "Jahre", "anni", "anos", "лет", "°C", "%")
# a stated number: not inside quotes, not part of a word or of a longer number
_STATED = re.compile(r'"[^"\n]*"|(?<![\w.,-])[0-9]+(?:\.[0-9]+)?(?![\w]|[.,][0-9])')


def _stated_numbers(text: str) -> list[re.Match[str]]:
    """A JSON prompt's numbers outside quoted strings (where a red team wrote its second number)."""
    if not re.search(r"json", text, re.I):
        return []
    return [m for m in _STATED.finditer(text) if not m.group().startswith('"')]


def _other_number(stated: str, rng: random.Random) -> str:
    value = float(stated) if "." in stated else int(stated)
    other = value + rng.choice((1, 2, 5, 10)) if rng.random() < 0.7 else rng.choice((0, 3, 6, 31, 80, 100))
    return str(other) if other != value else str(value + 1)


def _word_then_number(text: str, words: tuple[str, ...], rng: random.Random) -> str | None:
    """'<word> <number>' written right after a stated number, after a comma or a space, or at the prompt's end."""
    found = _stated_numbers(text)
    if not found:
        return None
    m = rng.choice(found)
    phrase = f"{rng.choice(words)} {_other_number(m.group(), rng)}"
    sep = rng.choice((", ", " ", ", ", "; "))
    if rng.random() < 0.2:  # at the end, after the last sentence
        return text.rstrip() + " " + phrase[0].upper() + phrase[1:] + "."
    return text[: m.end()] + sep + phrase + text[m.end() :]


def _function_word_key(text: str, rng: random.Random) -> str | None:
    return _word_then_number(text, FUNCTION_WORDS, rng)


def _determiner_key(text: str, rng: random.Random) -> str | None:
    return _word_then_number(text, DETERMINER_PHRASES, rng)


def _unit_key(text: str, rng: random.Random) -> str | None:
    return _word_then_number(text, UNIT_WORDS, rng)


# a "-" of a linear equation: between two terms, or a sign before a number, "(" or a lone letter after a space, "=",
# "(", a comma or a colon
_MATH_DASH = re.compile(r"(?<![A-Za-z]{2})(?<=[0-9A-Za-z)]) ?- ?(?=[0-9A-Za-z(])|(?:^|(?<=[\s=(,:]))-(?=[0-9(]|[A-Za-z](?![A-Za-z]))")
DASHES = ("\u2013", "\u2014")


def _math_dashes(text: str) -> list[re.Match[str]]:
    """The "-" operators and signs of a prompt with an equation (never inside a word: "x-ray", "step-by-step")."""
    if "=" not in text:
        return []
    return [m for m in _MATH_DASH.finditer(text)
            if not re.search(r"[A-Za-z]{2}$", text[: m.start()]) and not re.match(r"[A-Za-z]{2}", text[m.end():])]


def _dash_chain(text: str, rng: random.Random) -> str | None:
    """A linear equation's "-" written as an en dash or an em dash, at one place or at every place, with its spaces
    as written, with a space each side, with none or with one after it ("x – 3y = 1", "x—3y = 1", "x– 3y", "–3y + 4 = –8")."""
    found = _math_dashes(text)
    if not found:
        return None
    dash = rng.choice(DASHES)
    spacing = rng.choice(("as written", "spaced", "tight", "after"))
    chosen = found if rng.random() < 0.5 else [rng.choice(found)]
    out, last = [], 0
    for m in chosen:
        written = m.group()
        new = {"as written": written.replace("-", dash), "spaced": f" {dash} ", "tight": dash, "after": f"{dash} "}[spacing]
        if spacing in ("spaced", "after") and not written.startswith(" ") and text[: m.start()][-1:] in ("", " ", "(", "="):
            new = written.replace("-", dash)  # a sign keeps its place: "= -8" is not "= - 8" when it was not
        out += [text[last : m.start()], new]
        last = m.end()
    out.append(text[last:])
    result = re.sub("  +", " ", "".join(out))
    return result if result != text else None


# A sentence before a math prompt that asks for something else than the solution (red team 30c: "Quiz me:" was read
# as chatter and the whole solution served): the oracle reads none of them, so any answer served without a model
# call is a violation.
INTENT_PREFIXES = (
    "Quiz me: ", "Test me: ", "Quiz me on this one: ", "I'll try it myself, just check: ", "Give me only a hint: ",
    "Don't tell me the answer, only the first step: ", "Check my work, I got 9: ", "Make a harder version of this: ",
    "Write a word problem for this: ", "Hazme un examen: ", "Interroge-moi : ", "Frag mich ab: ",
)


def _intent_prefix(text: str, rng: random.Random) -> str | None:
    """A prompt with a number, led by a sentence that asks for something else than its answer (INTENT_PREFIXES)."""
    if not re.search(r"\d", text):
        return None
    return rng.choice(INTENT_PREFIXES) + text


NEW_EDITS = {
    "value_class": _value_class, "modifier_insert": _modifier_insert, "semantic_operator": _semantic_operator,
    "clause_move": _clause_move, "number_swap": _number_swap, "number_word": _number_word, "key_case": _key_case,
    "statement_dup": _statement_dup, "code_switch": _code_switch, "key_subset": _key_subset,
    "script_mix": _script_mix, "unicode_variant": _unicode_variant, "synonym_swap": _synonym_swap,
    "describing_value": _describing_value, "difference_key": _difference_key,
    "function_word_key": _function_word_key, "determiner_key": _determiner_key, "unit_key": _unit_key,
    "dash_chain": _dash_chain, "intent_prefix": _intent_prefix,
}


def new_applicable(text: str) -> list[str]:
    """The wip/fuzzK kinds that apply to ``text``."""
    kinds = []
    spots = _value_spots(text)
    if spots:
        kinds += ["value_class", "modifier_insert", "statement_dup", "describing_value"]
    if re.search(r"\w", text):
        kinds.append("semantic_operator")
    if len([m for m in _SENTENCE.finditer(text) if m.group()]) >= 2 or "," in text:
        kinds.append("clause_move")
    numbers = {m.group() for m in _NUMBER.finditer(text)}
    if len(numbers) >= 2:
        kinds.append("number_swap")
    if numbers:
        kinds.append("number_word")
    if _KEYISH.search(text):
        kinds.append("key_case")
        if re.search(r"json", text, re.I):
            kinds.append("key_subset")
    if any(m.group().lower() in _CODE_SWITCH_WORDS for m in re.finditer(r"\w+", text)):
        kinds.append("code_switch")
    if re.search(r"\w", text):
        kinds += ["script_mix", "unicode_variant"]  # wip/fuzzQ
    if _SYNONYM.search(text):
        kinds.append("synonym_swap")
    if _TEMPERATURE_KEY.search(text) and re.search(r"json", text, re.I) and _DEGREES.search(text):
        kinds.append("difference_key")  # wip/fuzzF
    if _stated_numbers(text):
        kinds += ["function_word_key", "determiner_key", "unit_key"]  # wip/fuzzG
    if _math_dashes(text):
        kinds.append("dash_chain")  # wip/fuzzG
    if re.search(r"\d", text):
        kinds.append("intent_prefix")  # the lead, 2026-12-07 (red team 30c)
    return kinds
