"""The per-token fast path of `normalize_tokens` against the full rewrite of every word.

Texts without a digit or a month name take the fast path (cached lemmas, nothing rewritten);
the reference here runs every word through `rewrite_words`, the path every text took before.
"""

from __future__ import annotations

import random

import pytest

from dragon_bench.metrics.normalize import _EDGE_MARKS, _WORD, normalize_tokens, rewrite_words
from dragon_bench.metrics.tokens import razdel_tokens


def _all_words(tokens: list[str]) -> list[str]:
    return [t.lower().replace("ё", "е").strip(_EDGE_MARKS) for t in tokens if _WORD.search(t)]


@pytest.mark.slow
def test_fast_path_equals_the_full_rewrite_on_news(nerel_dev) -> None:  # type: ignore[no-untyped-def]
    text = " ".join(p.read_text(encoding="utf-8") for p in sorted(nerel_dev.glob("*.txt")))
    words = text.split()
    rng = random.Random(3)
    fast = 0
    for _ in range(3000):
        i = rng.randrange(len(words) - 40)
        tokens = razdel_tokens(" ".join(words[i : i + rng.randint(1, 40)]))
        want = rewrite_words(_all_words(tokens))
        fast += not any(c.isdigit() for c in "".join(tokens))
        assert normalize_tokens(tokens) == want, tokens
    assert fast > 300  # both paths were taken


def test_known_cases() -> None:
    for text, want in {
        "В Москве прошёл фестиваль": ["в", "москва", "пройти", "фестиваль"],
        "12 марта 2024 года": ["2024-03-12"],
        "в марте 2024": ["в", "2024-03"],
        "15 000 человек": ["15000", "человек"],
        "«Зенит» — чемпион!": ["зенит", "чемпион"],
    }.items():
        tokens = razdel_tokens(text)
        assert normalize_tokens(tokens) == want == rewrite_words(_all_words(tokens)), text


def _rewrite_word_by_word(words: list[str]) -> list[str]:
    """The number and date rewrite as it was written before it jumped from one word that may
    start a rewrite to the next (kept here as the oracle): every word looked at in turn."""
    from dragon_bench.metrics.normalize import (
        _DMY,
        _GROUP,
        _ISO,
        _NUMBER,
        _YEAR_WORDS,
        MONTHS,
        _date,
        _is_year,
        _number,
        lemma,
    )

    def skip(i: int) -> int:
        return i + 1 if i < len(words) and lemma(words[i]) in _YEAR_WORDS else i

    out: list[str] = []
    i, n = 0, len(words)
    while i < n:
        tok = words[i]
        if m := _DMY.match(tok):
            out.append(_date(int(m[3]), int(m[2]), int(m[1])))
            i += 1
            continue
        if m := _ISO.match(tok):
            out.append(_date(int(m[1]), int(m[2]), int(m[3])))
            i += 1
            continue
        month_here = MONTHS.get(lemma(tok))
        if tok.isdigit() and len(tok) <= 2 and i + 1 < n and MONTHS.get(lemma(words[i + 1])):
            year = int(words[i + 2]) if i + 2 < n and _is_year(words[i + 2]) else None
            out.append(_date(year, MONTHS[lemma(words[i + 1])], int(tok)))
            i += 3 if year is not None else 2
            i = skip(i) if year is not None else i
            continue
        if month_here and i + 1 < n and words[i + 1].isdigit():
            nxt = words[i + 1]
            if len(nxt) <= 2 and i + 2 < n and _is_year(words[i + 2]):
                out.append(_date(int(words[i + 2]), month_here, int(nxt)))
                i = skip(i + 3)
                continue
            if _is_year(nxt):
                out.append(_date(int(nxt), month_here, None))
                i = skip(i + 2)
                continue
        if _NUMBER.match(tok):
            number, j = tok, i + 1
            if tok.isdigit() and len(tok) <= 3:
                while j < n and _GROUP.match(words[j]):
                    number += words[j]
                    j += 1
            out.append(_number(number))
            i = skip(j) if _is_year(number) else j
            continue
        out.append(lemma(tok))
        i += 1
    return out


def test_the_rewrite_equals_the_word_by_word_rewrite() -> None:
    """Texts dense in numbers, dates, months and year words, random and fixed: the rewrite
    (jumping between words that may start one, each word's shape cached) gives what the
    word-by-word rewrite gives."""
    rng = random.Random(11)
    text = (
        "12 марта 2024 года 1 января 2000 г. марта 5 , 2021 в марте 2024 15 000 человек 1,5 "
        "млн 007 2024 год 12.03.2024 2024-03-12 March 12 , 2024 may 2020 мая 31 3 000 000 "
        "рублей 2019 гг 99 999 1.50 0,0 и в на 24 февраля 2022 дек 2023 г 1234 5 мая"
    )
    pieces = text.split()
    cases = [
        razdel_tokens(" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 30))))
        for _ in range(3000)
    ]
    cases += [razdel_tokens(t) for t in ("12 марта 2024 года", "15 000 000", "мая 2020 г.")]
    for tokens in cases:
        words = _all_words(tokens)
        assert rewrite_words(words) == _rewrite_word_by_word(words), tokens
        assert normalize_tokens(tokens) == _rewrite_word_by_word(words), tokens


@pytest.mark.slow
def test_the_rewrite_equals_the_word_by_word_rewrite_on_news(nerel_dev) -> None:  # type: ignore[no-untyped-def]
    text = " ".join(p.read_text(encoding="utf-8") for p in sorted(nerel_dev.glob("*.txt")))
    words = text.split()
    rng = random.Random(5)
    for _ in range(3000):
        i = rng.randrange(len(words) - 60)
        tokens = razdel_tokens(" ".join(words[i : i + rng.randint(1, 60)]))
        assert normalize_tokens(tokens) == _rewrite_word_by_word(_all_words(tokens)), tokens
