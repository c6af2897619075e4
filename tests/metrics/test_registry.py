"""The answer-metric registry: scoring, the signature and the leaderboard all follow it."""

from __future__ import annotations

import pytest

from dragon_bench.metrics import Gold, evaluate, parse_results
from dragon_bench.metrics import registry as reg
from dragon_bench.metrics.registry import AnswerMetric, answer_metrics, leaderboard_names
from dragon_bench.metrics.signature import parse_signature
from dragon_bench.metrics.texts import Answer, Reference
from dragon_bench.portal.scores import GENERATION_METRICS
from tests.metrics.helpers import gold_tables, random_results


def _length_ratio(ref: Reference, answer: Answer) -> float:
    return min(len(answer.tokens), len(ref.tokens)) / max(len(answer.tokens), len(ref.tokens), 1)


@pytest.fixture()
def gold() -> Gold:
    qa, texts = gold_tables(40, 20, seed=8)
    return Gold.from_tables(qa, texts, "1.0.0")


def test_report_lists_the_registered_metrics_in_order(gold: Gold) -> None:
    results = parse_results(random_results(gold, 1), gold)
    full = evaluate(results, gold, resamples=0, workers=1)
    dragon = evaluate(results, gold, extended=False, resamples=0, workers=1)
    assert list(full["overall"]["generation"]) == [m.name for m in reg.ANSWER_METRICS]
    assert list(dragon["overall"]["generation"]) == [
        "rouge1",
        "rougeL",
        "substr_match",
        "exact_match",
    ]


def test_a_new_metric_is_one_registration(gold: Gold, monkeypatch: pytest.MonkeyPatch) -> None:
    extra = AnswerMetric("length_ratio", _length_ratio, "len:tokens")
    monkeypatch.setattr(reg, "ANSWER_METRICS", (*reg.ANSWER_METRICS, extra))
    results = parse_results(random_results(gold, 2), gold)
    report = evaluate(results, gold, resamples=50, workers=1)
    refs = gold.references()
    want = [
        _length_ratio(refs[gold.index[q]], Answer(results.answers[q].model_answer))
        if q in results.answers
        else 0.0
        for q in gold.ids
    ]
    got = [row["generation"]["length_ratio"] for row in report["per_question"]]
    assert got == pytest.approx(want) and any(want)
    assert "length_ratio" in report["ci"]["overall"]["generation"]
    assert parse_signature(report["signature"])["len"] == "tokens"
    dragon_only = evaluate(results, gold, extended=False, resamples=0, workers=1)
    assert "length_ratio" not in dragon_only["overall"]["generation"]
    assert "len" not in parse_signature(dragon_only["signature"])
    assert "length_ratio" not in leaderboard_names()


def test_leaderboard_averages_the_dragon_generation_metrics() -> None:
    assert GENERATION_METRICS == leaderboard_names() == ("rouge1", "rougeL", "substr_match")
    assert all(m.dragon for m in reg.ANSWER_METRICS if m.leaderboard)
    assert [m.name for m in answer_metrics(extended=False)] == [
        m.name for m in reg.ANSWER_METRICS if m.dragon
    ]


def test_names_are_unique() -> None:
    names = [m.name for m in reg.ANSWER_METRICS]
    assert len(names) == len(set(names))
