"""Mutation-check rows for branch wip/linAI (linear reach, the word-problem cart): a cart said in a sentence of its
own with its total paid in another, "I bought ... for $17 total", one item's price named by its letter
(linear/word_problems.py, request.lark, vocabulary/en.json). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear/"
_T = ("tests/adversarial/test_linear_cart_alone_linAI.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAI-cart-alone-any-bill", "'I bought 4 notebooks and a $3 pen. The ride cost $31.' claimed (a ride's bill prices a cart said alone)",
     _LIN + "word_problems.py", 'return not getattr(transformer, "cart_alone", False) or bill is None or "*" in _BILL_OF.get(bill, ())',
     "return True", _T),
    ("linAI-total-anyone-any-bill", "'She spends $57 fare.' read as the total paid (a bill word no one's but a taxi's)",
     _LIN + "word_problems.py", '        if "*" not in _BILL_OF.get(bill, ()):\n            raise Declined  # "I paid $21 ride"\n', "", _T),
    ("linAI-cart-alone-no-payer", "'I bought 4 notebooks and a $3 pen. Tom paid $31 in total.' claimed (the cart's buyer not kept)",
     _LIN + "word_problems.py", '        self._payer(children)\n        self._fact("cart", next(', '        self._fact("cart", next(', _T),
    ("linAI-price-named-plural", "'Let n be the price of the notebooks' read as one notebook's price",
     _LIN + "word_problems.py", "if item.plural or (each is not None and each not in _EACH):", "if each is not None and each not in _EACH:", _T),
    ("linAI-price-named-any-each", "'If its notebook costs n dollars' read as each notebook's price",
     _LIN + "word_problems.py", "if item.plural or (each is not None and each not in _EACH):", "if item.plural:", _T),
    ("linAI-price-named-any-currency", "'If each notebook costs n euros' read in a cart paid in dollars",
     _LIN + "word_problems.py", "        currency = next((c for c in children if isinstance(c, str) and not isinstance(c, Token)), None)\n        self._fact(\"price\", (letter, item, currency))",
     "        self._fact(\"price\", (letter, item, None))", _T),
    ("linAI-let-price-two-letters", "'Let n and n be the price of one notebook' claimed (a letter named twice for one price)",
     _LIN + "word_problems.py", '        if len(letters) != 1:\n            raise Declined  # "Let n, m be the price of one notebook"\n', "", _T),
    ("linAI-for-total-word-optional", "'I bought 5 notebooks and a pen for $17.' read as the cart's total (the pen's price?)",
     _LIN + "request.lark", "| WP_I_BOUGHT wp_cart WP_WHERE? FOR money (WP_IN_TOTAL | WP_BILL)    ",
     "| WP_I_BOUGHT wp_cart WP_WHERE? FOR money (WP_IN_TOTAL | WP_BILL)?   ", _T),
    ("linAI-pronoun-no-person", "'I bought ... He paid $31 in total.' claimed (a third person paying the first person's cart)",
     _LIN + "vocabulary/en.json", '"did he get": "3", "she": "3", "he": "3"}', '"did he get": "3"}', _T),
    ("linAI-side-named-first", "'A rectangle's length is 4 cm more than its width w' named the length w (the side before the relation)",
     _LIN + "word_problems.py", 'self._fact("side", (letter, [c for c in children if isinstance(c, _Unit)][-1]))',
     'self._fact("side", (letter, [c for c in children if isinstance(c, _Unit)][0]))', _T),
    ("linAI-find-side-any-unit", "'Find the width w in mm.' served of a perimeter in cm (the unit asked not kept)",
     _LIN + "word_problems.py", 'self._fact("asked_unit", next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_LEN_UNIT"))\n        return self.wp_find_side(children)',
     'return self.wp_find_side(children)', _T),
    ("linAI-let-side-any-unit", "'Let w be the width in mm' served of a perimeter in cm (the unit named not kept)",
     _LIN + "word_problems.py", 'self._fact("asked_unit", next(fold(c.value) for c in children if isinstance(c, Token) and c.type == "WP_LEN_UNIT"))\n        self.wp_let_side(children)',
     'self.wp_let_side(children)', _T),
    ("linAI-let-rank-two-letters", "'Let n and n be the smallest' claimed (a letter named twice for one integer)",
     _LIN + "word_problems.py", '        if len(letters) != 1:\n            raise Declined  # "Let m and n be the smallest"\n', "", _T),
    ("linAI-let-rank-any-rank", "'Let n be the largest' read as the smallest; 'the smaller' of three read (the rank named not kept)",
     _LIN + "word_problems.py", 'self._fact("rank", (letters[0], rank.type))', 'self._fact("rank", (letters[0], "WP_SMALLEST"))', _T),
    ("linAI-count-paid-any-buyer", "'Ana pagou R$ 770 no total. Quantos meses paguei?' claimed (the asker not the payer)",
     _LIN + "word_problems.py", "        self._buyer(children)\n        return self.wp_asked_count(children)", "        return self.wp_asked_count(children)", _T),
    ("linAI-price-asked-any-each", "'What is the price of its notebook?' read as each notebook's price",
     _LIN + "request.lark", "| WHAT_IS ART WP_PRICE OF POSS wp_item            -> wp_asked_each", "| WHAT_IS ART WP_PRICE OF POSS wp_item            -> wp_asked_price", _T),
    ("linAI-bold-any-word", "'**Solve:** 11x - 9 = 90' read (bold around any word blanked as a label's)",
     "stepcache_integrations/core/tasks/linear/prompt.py", "    return fold(word.strip()) in _LABEL_WORDS\n", "    return True\n", ("tests/adversarial/test_linear_cart_alone_linAI.py", "tests/adversarial/test_linear_wrappers_linN.py")),
]
# fmt: on
