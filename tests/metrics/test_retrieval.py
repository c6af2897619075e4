"""Retrieval metrics against trec_eval through pytrec_eval (the reference).

DRAGON's metrics of a question with n found ids are trec_eval's success@n (hit_rate),
recip_rank (mrr) and P@n (precision). The extended ones are success@k, recall@k, ndcg_cut@k,
and recip_rank of the run cut to its first k documents (MRR@k).
"""

from __future__ import annotations

import random

import pytest
import pytrec_eval

from dragon_bench.metrics.ranking import CUTOFFS, ranking_metrics, ranking_names
from dragon_bench.metrics.retrieval import hit_rate, mrr, precision


def _random_case(seed: int, n: int = 300) -> tuple[list[list[int]], list[set[int]]]:
    rng = random.Random(seed)
    found, relevant = [], []
    for _ in range(n):
        gold = set(rng.sample(range(60), rng.randint(1, 4)))
        run = rng.sample(range(60), rng.randint(0, 25))
        found.append(run)
        relevant.append(gold)
    return found, relevant


def _trec(
    found: list[list[int]], relevant: list[set[int]], measures: set[str], cut: int | None = None
):  # type: ignore[no-untyped-def]
    qrels = {str(i): {str(d): 1 for d in rel} for i, rel in enumerate(relevant)}
    run = {
        str(i): {str(d): float(100 - r) for r, d in enumerate(f[:cut] if cut else f)}
        for i, f in enumerate(found)
        if f
    }
    return pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_dragon_metrics_equal_trec_eval(seed: int) -> None:
    found, relevant = _random_case(seed)
    ks = ",".join(str(k) for k in range(1, 26))
    ref = _trec(found, relevant, {"recip_rank", f"P.{ks}", f"success.{ks}"})
    for i, (f, rel) in enumerate(zip(found, relevant, strict=True)):
        got = (hit_rate(f, rel), mrr(f, rel), precision(f, rel))
        if not f:
            assert got == (0.0, 0.0, 0.0)
            continue
        r = ref[str(i)]
        n = len(f)
        assert got == pytest.approx((r[f"success_{n}"], r["recip_rank"], r[f"P_{n}"]), abs=1e-12)


@pytest.mark.parametrize("seed", [0, 1])
def test_extended_metrics_equal_trec_eval(seed: int) -> None:
    found, relevant = _random_case(seed)
    got = ranking_metrics(found, relevant)
    ks = ",".join(map(str, CUTOFFS))
    ref = _trec(found, relevant, {f"success.{ks}", f"recall.{ks}", f"ndcg_cut.{ks}"})
    rr = {k: _trec(found, relevant, {"recip_rank"}, cut=k) for k in CUTOFFS}
    for i in range(len(found)):
        q = str(i)
        for k in CUTOFFS:
            want = {
                f"hit@{k}": ref.get(q, {}).get(f"success_{k}", 0.0),
                f"recall@{k}": ref.get(q, {}).get(f"recall_{k}", 0.0),
                f"ndcg@{k}": ref.get(q, {}).get(f"ndcg_cut_{k}", 0.0),
                f"mrr@{k}": rr[k].get(q, {}).get("recip_rank", 0.0),
            }
            for name, value in want.items():
                assert got[name][i] == pytest.approx(value, abs=1e-9), (name, i)


def test_names_are_identities() -> None:
    assert ranking_names((1, 10)) == [
        "hit@1",
        "hit@10",
        "recall@1",
        "recall@10",
        "ndcg@1",
        "ndcg@10",
        "mrr@1",
        "mrr@10",
    ]
    assert set(ranking_metrics([[1]], [{1}], (1, 10))) == set(ranking_names((1, 10)))
