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
