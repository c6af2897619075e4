"""Latin-script words read in Cyrillic: how a Russian reader says a foreign name.

A name written in Latin letters gives away what its Russian spelling would («Winnipeg Sun»
→ Виннипег, «Sydney Morning Herald» → Сидней, «Bundesbank» → Бундесбанк). `cyrillic`
spells a word with the common English, German and French letter groups, closely enough for
the stem comparisons of the guessable check (a few first letters), not as a dictionary."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["cyrillic", "latin_words"]

_VOWELS = "aeiouy"
# letter groups first, longest first; a group's Cyrillic is its usual Russian rendering
_GROUPS = (
    ("shch", "щ"),
    ("tsch", "ч"),
    ("sch", "ш"),
    ("tch", "ч"),
    ("sh", "ш"),
    ("ch", "ч"),
    ("zh", "ж"),
    ("kh", "х"),
    ("ph", "ф"),
    ("th", "т"),
    ("ck", "к"),
    ("qu", "кв"),
    ("tz", "ц"),
    ("ts", "ц"),
    ("oo", "у"),
    ("ee", "и"),
    ("eau", "о"),
    ("ea", "и"),
    ("ou", "у"),
    ("ei", "ей"),
    ("ey", "ей"),
    ("ay", "ей"),
    ("ie", "и"),
    ("au", "ау"),
    ("gh", "г"),
    ("wh", "у"),
    ("x", "кс"),
    ("j", "дж"),
)
_LETTERS = dict(zip("abdefghiklmnopqrstuvwz", "абдефгхиклмнопкрстуввз", strict=True))


@lru_cache(maxsize=65536)
def cyrillic(word: str) -> str:
    """The word's Russian spelling by letter groups («sydney» → «сидней», «winnipeg» →
    «виннипег», «bundesbank» → «бундесбанк»); a word with no Latin letters as it is."""
    low = word.lower()
    if not re.search(r"[a-z]", low):
        return low
    out = []
    i = 0
    while i < len(low):
        for group, cyr in _GROUPS:
            if low.startswith(group, i):
                out.append(cyr)
                i += len(group)
                break
        else:
            ch = low[i]
            nxt = low[i + 1] if i + 1 < len(low) else ""
            prev = low[i - 1] if i else ""
            if ch == "c":
                out.append("с" if nxt in ("e", "i", "y") else "к")
            elif ch == "y":
                # a vowel between consonants («sydney»), «й» before or after a vowel («york»)
                out.append("й" if (nxt and nxt in _VOWELS) or (prev and prev in _VOWELS) else "и")
            else:
                out.append(_LETTERS.get(ch, ch))
            i += 1
    return "".join(out)


_LATIN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")


def latin_words(text: str) -> list[str]:
    """The Cyrillic spellings of the text's Latin-script words of four letters or more."""
    return [cyrillic(w) for w in _LATIN.findall(text) if len(w) >= 4]
