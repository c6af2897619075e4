"""Normalised answer tokens: lower case, lemmas (pymorphy3), numbers and dates in one spelling.

"15 000" and "15000" become `15000`, "1,5" becomes `1.5`, "12 марта 2024 года", "12.03.2024"
and "March 12, 2024" become `2024-03-12`, "в марте 2024" becomes `в 2024-03`. Punctuation
tokens are dropped. Input is razdel tokens, so nothing is tokenised twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from operator import itemgetter

__all__ = [
    "normalize_tokens",
    "rewrite_words",
    "lemma",
    "know_lemmas",
    "lemma_words",
    "needs_lemma",
    "MONTHS",
]

MONTHS: dict[str, int] = {
    name: i + 1
    for names in (
        "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь",
        "january february march april may june july august september october november december",
        "янв фев мар апр май июн июл авг сен окт ноя дек",
        "jan feb mar apr may jun jul aug sep oct nov dec",
    )
    for i, name in enumerate(names.split())
}
_WORD = re.compile(r"\w", re.U)
_NUMBER = re.compile(r"^\d+(?:[.,]\d+)?$")
_GROUP = re.compile(r"^\d{3}$")
_DMY = re.compile(r"^(\d{1,2})[./](\d{1,2})[./](\d{4})$")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_YEAR_WORDS = frozenset({"год", "г", "г.", "гг", "year"})
# razdel keeps some marks inside tokens ("12," before a number); they carry no meaning here.
_EDGE_MARKS = ".,;:!?«»\"'()[]"
_second = itemgetter(1)


# Lemmas known without pymorphy3: a revision's reference words, read from its cache
# (`metrics.refcache`), each what `_parsed` gives it.
_KNOWN: dict[str, str] = {}


def needs_lemma(word: str) -> bool:
    """Whether `lemma(word)` asks pymorphy3 (the word has a Cyrillic letter)."""
    return any("а" <= c <= "я" for c in word)


def lemma(word: str) -> str:
    """pymorphy3's most probable normal form of a lower-cased word (other scripts unchanged)."""
    known = _KNOWN.get(word)
    return known if known is not None else _parsed(word)


@lru_cache(maxsize=200_000)
def _parsed(word: str) -> str:
    if not needs_lemma(word):
        return word
    from dragon_bench.nlp.models import morph_analyzer  # pymorphy3: only for a word not known

    return str(morph_analyzer().parse(word)[0].normal_form).replace("ё", "е")


def lemma_words(tokens: Iterable[str]) -> list[str]:
    """The distinct words of these razdel tokens that `normalize_tokens` asks `lemma` for and
    pymorphy3 answers, in first-seen order."""
    words = dict.fromkeys(_word(t) for t in tokens if _WORD.search(t))
    return [w for w in words if needs_lemma(w)]


def know_lemmas(words: Sequence[str], lemmas: Sequence[str]) -> None:
    """Take these words' lemmas as known (computed by `lemma` for this pymorphy3 and dictionary)."""
    if len(_KNOWN) + len(words) > _CACHE_MAX:  # a long-lived process meeting many revisions
        _KNOWN.clear()
    _KNOWN.update(zip(words, lemmas, strict=True))


def _number(tok: str) -> str:
    tok = tok.replace(",", ".")
    if "." in tok:
        whole, frac = tok.split(".", 1)
        frac = frac.rstrip("0")
        whole = whole.lstrip("0") or "0"
        return f"{whole}.{frac}" if frac else whole
    return tok.lstrip("0") or "0"


def _date(year: int | None, month: int, day: int | None) -> str:
    parts = [f"{year:04d}" if year is not None else "", f"{month:02d}"]
    if day is not None:
        parts.append(f"{day:02d}")
    return "-".join(p for p in parts if p)


# token -> (word, lemma, whether a number or date rewrite may start there: a digit or a month
# name) for tokens with a letter or digit, () for the others, and the tokens that may start a
# rewrite; filled as tokens are met.
_ENTRIES: dict[str, tuple[str, str, bool] | tuple[()]] = {}
_SPECIAL: set[str] = set()
_CACHE_MAX = 500_000


def _learn(token: str) -> None:
    if not _WORD.search(token):
        _ENTRIES[token] = ()
        return
    word = _word(token)
    base = lemma(word)
    special = base in MONTHS or any(c.isdigit() for c in word)
    _ENTRIES[token] = (word, base, special)
    if special:
        _SPECIAL.add(token)


def normalize_tokens(tokens: Sequence[str]) -> list[str]:
    """Lower-cased lemmas of word tokens, with numbers and dates rewritten to one form each."""
    entries = list(map(_ENTRIES.get, tokens))
    if None in entries:
        if len(_ENTRIES) + len(tokens) > _CACHE_MAX:  # emptied before, not while, learning these
            _ENTRIES.clear()
            _SPECIAL.clear()
        for t in tokens:
            if t not in _ENTRIES:
                _learn(t)
        entries = list(map(_ENTRIES.get, tokens))
    words: list[tuple[str, str, bool]] = list(filter(None, entries))  # type: ignore[arg-type]
    if _SPECIAL.isdisjoint(tokens):
        return list(map(_second, words))
    return _rewrite(words)


def _word(token: str) -> str:
    return token.lower().replace("ё", "е").strip(_EDGE_MARKS)


def rewrite_words(words: Sequence[str]) -> list[str]:
    """Lemmas of lower-cased words with the number and date rewrites, every word looked at."""
    return _rewrite([(w, lemma(w), True) for w in words])


def _rewrite(entries: Sequence[tuple[str, str, bool]]) -> list[str]:
    if not entries:
        return []
    # each word, its lemma, whether a rewrite may start at it
    words, bases, starts = zip(*entries, strict=True)
    out: list[str] = []
    i = 0
    n = len(words)
    while i < n:
        try:  # the words before the next that may start a rewrite are their lemmas
            j = starts.index(True, i)
        except ValueError:
            out += bases[i:]
            break
        out += bases[i:j]
        i = j
        tok = words[i]
        date, short, month_here, number, grouped = _shape(tok, bases[i])
        if date is not None:  # 12.03.2024, 2024-03-12
            out.append(date)
            i += 1
            continue
        # day month [year] / month day[,] year / month year
        if short and i + 1 < n and MONTHS.get(bases[i + 1]):
            month = MONTHS[bases[i + 1]]
            day = int(tok)
            year = int(words[i + 2]) if i + 2 < n and _is_year(words[i + 2]) else None
            out.append(_date(year, month, day))
            i += 3 if year is not None else 2
            i = _skip_year_word(bases, i) if year is not None else i
            continue
        if month_here and i + 1 < n and words[i + 1].isdigit():
            nxt = words[i + 1]
            if len(nxt) <= 2 and i + 2 < n and _is_year(words[i + 2]):
                out.append(_date(int(words[i + 2]), month_here, int(nxt)))
                i = _skip_year_word(bases, i + 3)
                continue
            if _is_year(nxt):
                out.append(_date(int(nxt), month_here, None))
                i = _skip_year_word(bases, i + 2)
                continue
        if number:
            value = tok
            j = i + 1
            if grouped:
                while j < n and _GROUP.match(words[j]):
                    value += words[j]
                    j += 1
            out.append(_number(value))
            i = _skip_year_word(bases, j) if _is_year(value) else j
            continue
        out.append(bases[i])
        i += 1
    return out


# word -> what the rewrite reads of it alone: its date (a whole-token date, else None), whether
# it may be a day (1-2 digits), the month its lemma names, whether a number, whether it may
# take digit groups after it ("15 000")
_SHAPES: dict[str, tuple[str | None, bool, int | None, bool, bool]] = {}


def _shape(word: str, base: str) -> tuple[str | None, bool, int | None, bool, bool]:
    shape = _SHAPES.get(word)
    if shape is None:
        if len(_SHAPES) > _CACHE_MAX:
            _SHAPES.clear()
        m = _DMY.match(word)
        if m:
            date: str | None = _date(int(m[3]), int(m[2]), int(m[1]))
        else:
            m = _ISO.match(word)
            date = _date(int(m[1]), int(m[2]), int(m[3])) if m else None
        digits = word.isdigit()
        shape = _SHAPES[word] = (
            date,
            digits and len(word) <= 2,
            MONTHS.get(base),
            bool(_NUMBER.match(word)),
            digits and len(word) <= 3,
        )
    return shape


def _is_year(tok: str) -> bool:
    return tok.isdigit() and len(tok) == 4


def _skip_year_word(bases: Sequence[str], i: int) -> int:
    """Past the year word ("года", "г.") at `i` of these lemmas, if there is one."""
    return i + 1 if i < len(bases) and bases[i] in _YEAR_WORDS else i
