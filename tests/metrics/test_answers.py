"""Better answer metrics: number/date normalisation, lemma F1, set matching, chrF (reference:
sacrebleu's own `CHRF().sentence_score`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF

from dragon_bench.metrics.answers import chrf, normalized_equal, set_f1, split_elements, token_f1
from dragon_bench.metrics.normalize import normalize_tokens
from dragon_bench.metrics.tokens import razdel_tokens


def norm(text: str) -> list[str]:
    return normalize_tokens(razdel_tokens(text))


@pytest.mark.parametrize(
    "text, want",
    [
        ("15 000 рублей", ["15000", "рубль"]),
        ("15000 рублей", ["15000", "рубль"]),
        ("1,5 млн", ["1.5", "млн"]),
        ("1.50 млн", ["1.5", "млн"]),
        ("12 марта 2024 года", ["2024-03-12"]),
        ("12.03.2024", ["2024-03-12"]),
        ("2024-03-12", ["2024-03-12"]),
        ("March 12, 2024", ["2024-03-12"]),
        ("12 March 2024", ["2024-03-12"]),
        ("в марте 2024 г.", ["в", "2024-03"]),
        ("Ёлки в 2020 году", ["елка", "в", "2020"]),
        ("Головинских прудах", ["головинский", "пруд"]),
    ],
)
def test_normalisation(text: str, want: list[str]) -> None:
    assert norm(text) == want


def test_normalized_equal_ignores_spelling_of_numbers_dates_and_case() -> None:
    assert normalized_equal("12 марта 2024 года", "12.03.2024")
    assert normalized_equal("15 000 человек", "15000 человек.")
    assert normalized_equal("На Головинских прудах", "на головинском пруду")
    assert not normalized_equal("12 марта 2024 года", "13.03.2024")
    assert not normalized_equal("", "")


def test_lemma_f1() -> None:
    assert token_f1(norm("На Головинских прудах"), norm("на головинском пруду")) == 1.0
    assert token_f1(norm("Москва"), norm("в Москве и Казани")) == pytest.approx(
        2 * 1 * (1 / 4) / (1 + 1 / 4)
    )
    assert token_f1([], norm("что-то")) == 0.0


def test_set_answers_match_element_by_element_in_any_order() -> None:
    gold = ["Москва", "Казань", "Санкт-Петербург"]
    assert set_f1(gold, "Санкт-Петербург, Казань и Москва", as_list=True) == 1.0
    assert set_f1(gold, "1. Казани\n2. Москве", as_list=True) == pytest.approx(0.8)
    assert set_f1(gold, "Москва, Москва", as_list=True) == pytest.approx(
        2 * 0.5 * (1 / 3) / (0.5 + 1 / 3)
    )
    assert set_f1(gold, "", as_list=True) == 0.0
    assert set_f1(["Москва"], "Это было в Москве.", as_list=False) == 1.0
    assert split_elements("1,5 и 2,5; 3") == ["1,5", "2,5", "3"]


@pytest.mark.parametrize(
    "ref, hyp",
    [
        ("На Головинских прудах", "На Головинском пруду в Москве"),
        ("Москва", "Москва"),
        ("Москва", ""),
        ("15 000 человек", "пятнадцать тысяч человек"),
    ],
)
def test_chrf_equals_sacrebleu(ref: str, hyp: str) -> None:
    assert chrf(ref, hyp) == CHRF().sentence_score(hyp, [ref]).score / 100


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="абвгд ab.,1", max_size=40), st.text(alphabet="абвгд ab.,1", max_size=60))
def test_chrf_equals_sacrebleu_on_random_text(ref: str, hyp: str) -> None:
    assert chrf(ref, hyp) == CHRF().sentence_score(hyp, [ref]).score / 100
