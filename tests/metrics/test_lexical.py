"""ROUGE and LCS against Google's rouge-score (reference: `RougeScorer` with a razdel tokenizer
object, and its `_lcs_table` dynamic programme), compared with ==, not a tolerance."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer

from dragon_bench.metrics.lexical import (
    exact_match,
    lcs_length,
    prepare,
    rouge1,
    rougeL,
    substr_match,
)
from dragon_bench.metrics.straightforward import RazdelTokenizer
from dragon_bench.metrics.tokens import razdel_tokens

SCORER = rouge_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=RazdelTokenizer())
words = st.sampled_from(["а", "б", "в", "г", "Москва", "москва", ",", ".", "12", "1,5", "-"])


@settings(max_examples=300, deadline=None)
@given(st.lists(words, max_size=30), st.lists(words, max_size=30))
def test_lcs_equals_dynamic_programme(a: list[str], b: list[str]) -> None:
    want = rouge_scorer._lcs_table(a, b)[-1][-1] if a and b else 0
    assert lcs_length(prepare(a), b) == want
    assert lcs_length(prepare(b), a) == want


@settings(max_examples=300, deadline=None)
@given(st.lists(words, max_size=25), st.lists(words, max_size=25))
def test_rouge_equals_rouge_score(ref_words: list[str], ans_words: list[str]) -> None:
    ref, ans = " ".join(ref_words), " ".join(ans_words)
    want = SCORER.score(ref, ans)
    prepared = prepare(razdel_tokens(ref))
    tokens = razdel_tokens(ans)
    assert rouge1(prepared, tokens) == want["rouge1"].fmeasure
    assert rougeL(prepared, tokens) == want["rougeL"].fmeasure


def test_rouge_table() -> None:
    # (reference, answer, rouge1, rougeL): values printed by rouge-score 0.1.2 with razdel tokens
    table = [
        ("На Головинских прудах", "На Головинских прудах", 1.0, 1.0),
        ("На Головинских прудах", "на головинских прудах", 0.3333333333333333, 0.3333333333333333),
        ("Путин, Медведев", "Медведев, Путин", 1.0, 0.3333333333333333),
        ("", "что-то", 0.0, 0.0),
        ("a b c d", "a x c", 0.5714285714285715, 0.5714285714285715),
    ]
    for ref, ans, r1, rl in table:
        got = SCORER.score(ref, ans)
        assert (got["rouge1"].fmeasure, got["rougeL"].fmeasure) == (r1, rl)
        p = prepare(razdel_tokens(ref))
        assert (rouge1(p, razdel_tokens(ans)), rougeL(p, razdel_tokens(ans))) == (r1, rl)


def test_substring_and_exact_match() -> None:
    assert substr_match("Головинских прудах", "На ГОЛОВИНСКИХ прудах, в Москве") == 1.0
    assert substr_match("На Головинских прудах, в Москве", "Головинских прудах") == 0.0
    assert exact_match("Москва", "  Москва ") == 1.0
    assert exact_match("Москва", "москва") == 0.0
    assert exact_match("Санкт  Петербург", "Санкт\nПетербург") == 1.0
