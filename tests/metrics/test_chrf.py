"""chrF against sacrebleu's `CHRF` (the reference): `CHRF().sentence_score(answer, [ref]).score / 100`."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF

from dragon_bench.metrics.chrf import chrf_reference, chrf_score

_SACREBLEU = CHRF()
WORDS = [
    "Москва",
    "12",
    "марта",
    "ааа",
    "аа",
    "а",
    "абаб",
    "баба",
    "2024",
    "года",
    "«Зенит»",
    "—",
    "рекорд!",
    "т.е.",
    "1,5",
    "млн",
    "Путин",
]


def _want(reference: str, answer: str) -> float:
    return float(_SACREBLEU.sentence_score(answer, [reference]).score) / 100.0


def test_equal_sacrebleu_on_random_word_sequences() -> None:
    rng = random.Random(0)
    for _ in range(2000):
        ref = " ".join(rng.choices(WORDS, k=rng.randint(0, 6)))
        answer = " ".join(rng.choices(WORDS, k=rng.randint(0, 30)))
        if rng.random() < 0.3:
            answer += " " + ref
        assert chrf_score(chrf_reference(ref), answer) == _want(ref, answer), (ref, answer)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="аб в\t\nx1", max_size=30), st.text(alphabet="аб в\t\nx1", max_size=60))
def test_equal_sacrebleu_on_repetitive_text(reference: str, answer: str) -> None:
    """Few letters make n-grams repeat and overlap ('ааа' holds 'аа' twice)."""
    assert chrf_score(chrf_reference(reference), answer) == _want(reference, answer)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.text(max_size=80))
def test_equal_sacrebleu_on_any_unicode(reference: str, answer: str) -> None:
    assert chrf_score(chrf_reference(reference), answer) == _want(reference, answer)


def test_known_values() -> None:
    assert chrf_score(chrf_reference("Москва"), "Москва") == 1.0
    assert chrf_score(chrf_reference("Москва"), "") == 0.0
    assert chrf_score(chrf_reference(""), "Москва") == 0.0
    assert 0.0 < chrf_score(chrf_reference("в Москве"), "Москва") < 1.0
