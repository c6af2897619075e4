"""Normalised answer tokens: lower case, lemmas (pymorphy3), numbers and dates in one spelling.

"15 000" and "15000" become `15000`, "1,5" becomes `1.5`, "12 марта 2024 года", "12.03.2024"
and "March 12, 2024" become `2024-03-12`, "в марте 2024" becomes `в 2024-03`. Punctuation
tokens are dropped. Input is razdel tokens, so nothing is tokenised twice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from dragon_bench.nlp.models import morph_analyzer

__all__ = ["normalize_tokens", "lemma", "MONTHS"]

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


@lru_cache(maxsize=200_000)
def lemma(word: str) -> str:
    """pymorphy3's most probable normal form of a lower-cased word (other scripts unchanged)."""
    if not any("а" <= c <= "я" for c in word):
        return word
    return str(morph_analyzer().parse(word)[0].normal_form).replace("ё", "е")


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


def normalize_tokens(tokens: Sequence[str]) -> list[str]:
    """Lower-cased lemmas of word tokens, with numbers and dates rewritten to one form each."""
    words = [t.lower().replace("ё", "е").strip(_EDGE_MARKS) for t in tokens if _WORD.search(t)]
    out: list[str] = []
    i = 0
    n = len(words)
    while i < n:
        tok = words[i]
        m = _DMY.match(tok)
        if m:
            out.append(_date(int(m[3]), int(m[2]), int(m[1])))
            i += 1
            continue
        m = _ISO.match(tok)
        if m:
            out.append(_date(int(m[1]), int(m[2]), int(m[3])))
            i += 1
            continue
        # day month [year] / month day[,] year / month year
        month_here = MONTHS.get(lemma(tok))
        if tok.isdigit() and len(tok) <= 2 and i + 1 < n and MONTHS.get(lemma(words[i + 1])):
            month = MONTHS[lemma(words[i + 1])]
            day = int(tok)
            year = int(words[i + 2]) if i + 2 < n and _is_year(words[i + 2]) else None
            out.append(_date(year, month, day))
            i += 3 if year is not None else 2
            i = _skip_year_word(words, i) if year is not None else i
            continue
        if month_here and i + 1 < n and words[i + 1].isdigit():
            nxt = words[i + 1]
            if len(nxt) <= 2 and i + 2 < n and _is_year(words[i + 2]):
                out.append(_date(int(words[i + 2]), month_here, int(nxt)))
                i = _skip_year_word(words, i + 3)
                continue
            if _is_year(nxt):
                out.append(_date(int(nxt), month_here, None))
                i = _skip_year_word(words, i + 2)
                continue
        if _NUMBER.match(tok):
            number = tok
            j = i + 1
            if tok.isdigit() and len(tok) <= 3:
                while j < n and _GROUP.match(words[j]):
                    number += words[j]
                    j += 1
            out.append(_number(number))
            i = _skip_year_word(words, j) if _is_year(number) else j
            continue
        out.append(lemma(tok))
        i += 1
    return out


def _is_year(tok: str) -> bool:
    return tok.isdigit() and len(tok) == 4


def _skip_year_word(words: Sequence[str], i: int) -> int:
    return i + 1 if i < len(words) and lemma(words[i]) in _YEAR_WORDS else i
