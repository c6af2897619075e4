"""Retrieval metrics against trec_eval through pytrec_eval and ir_measures (the references).

DRAGON's metrics of a question with n found ids are trec_eval's success@n (hit_rate),
recip_rank (mrr) and P@n (precision). The extended ones are success@k, recall@k, ndcg_cut@k,
and recip_rank of the run cut to its first k documents (MRR@k). The run handed to the
references gives place r the score `100 - r`; a repeated id keeps its first place.
"""

from __future__ import annotations

import random

import ir_measures
import numpy as np
import pytest
import pytrec_eval
from ir_measures import RR, R, Success, nDCG

from dragon_bench.metrics.ranking import (
    CUTOFFS,
    dragon_retrieval,
    gold_flags,
    ranking_metrics,
    ranking_names,
)
from dragon_bench.metrics.retrieval import hit_rate, mrr, precision

Case = tuple[list[list[int]], list[set[int]]]


def _random_case(seed: int, n: int = 300, *, repeats: bool = False) -> Case:
    rng = random.Random(seed)
    found, relevant = [], []
    for _ in range(n):
        gold = set(rng.sample(range(60), rng.randint(0, 4) if repeats else rng.randint(1, 4)))
        run = rng.sample(range(60), rng.randint(0, 25))
        if repeats and run:
            run += rng.choices(run, k=rng.randint(0, 5))
            rng.shuffle(run)
        found.append(run)
        relevant.append(gold)
    return found, relevant


def _edge_case() -> Case:
    """Empty lists, no gold, gold only past every cut-off, all gold, repeats, huge ids."""
    found = [[], [1, 2], [], [5, 5, 5], [3, 4, 3, 4, 7], list(range(30)), [2**62, 1, 2**40]]
    relevant = [set(), set(), {1}, {5}, {7, 4}, {29, 25, 0}, {2**40, 2**62}]
    found += [list(range(25)), [9], [8, 9, 10]]
    relevant += [set(range(25)), {9, 10, 11, 12, 13, 14}, {10}]
    return found, relevant


def _first_places(run: list[int]) -> list[int]:
    return list(dict.fromkeys(run))


def _trec(found: list[list[int]], relevant: list[set[int]], measures: set[str], cut: int = 0):  # type: ignore[no-untyped-def]
    qrels = {str(i): {str(d): 1 for d in rel} for i, rel in enumerate(relevant) if rel}
    run = {}
    for i, f in enumerate(found):
        ranked = _first_places(f)[:cut] if cut else _first_places(f)
        if ranked:
            run[str(i)] = {str(d): float(100 - r) for r, d in enumerate(ranked)}
    return pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)


CASES = {
    "random0": lambda: _random_case(0),
    "random1": lambda: _random_case(1),
    "repeats": lambda: _random_case(2, repeats=True),
    "edges": _edge_case,
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_dragon_metrics_equal_trec_eval(case: str) -> None:
    found, relevant = CASES[case]()
    got = dragon_retrieval(gold_flags(found, relevant))
    for i, (f, rel) in enumerate(zip(found, relevant, strict=True)):
        row = (got["hit_rate"][i], got["mrr"][i], got["precision"][i])
        assert row == (hit_rate(f, rel), mrr(f, rel), precision(f, rel)), i
        if not f or not rel or len(set(f)) != len(f):
            continue  # trec_eval sees neither empty runs, questions without gold nor repeats
        n = len(f)
        r = _trec(found, relevant, {"recip_rank", f"P.{n}", f"success.{n}"})[str(i)]
        assert row == pytest.approx((r[f"success_{n}"], r["recip_rank"], r[f"P_{n}"]), abs=1e-12)


@pytest.mark.parametrize("case", list(CASES))
def test_extended_metrics_equal_trec_eval(case: str) -> None:
    found, relevant = CASES[case]()
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
                assert got[name][i] == pytest.approx(value, abs=1e-12), (name, i)


@pytest.mark.parametrize("case", ["random0", "edges"])
def test_extended_metrics_equal_ir_measures(case: str) -> None:
    found, relevant = CASES[case]()
    got = ranking_metrics(found, relevant)
    measures = {}
    for k in CUTOFFS:
        measures.update({Success @ k: f"hit@{k}", R @ k: f"recall@{k}"})
        measures.update({nDCG @ k: f"ndcg@{k}", RR @ k: f"mrr@{k}"})
    qrels = {str(i): {str(d): 1 for d in rel} for i, rel in enumerate(relevant) if rel}
    run = {
        str(i): {str(d): float(100 - r) for r, d in enumerate(_first_places(f))}
        for i, f in enumerate(found)
        if f
    }
    want = {name: np.zeros(len(found)) for name in measures.values()}
    for m in ir_measures.iter_calc(list(measures), qrels, run):
        want[measures[m.measure]][int(m.query_id)] = m.value
    for name, values in want.items():
        np.testing.assert_allclose(got[name], values, rtol=0, atol=1e-12, err_msg=name)


def test_ties_keep_the_submitted_order() -> None:
    """Given all-equal scores, trec_eval ranks by document name, descending: name the texts so
    that order is the submitted one, and the values must not change."""
    found, relevant = _random_case(3, n=100)
    got = ranking_metrics(found, relevant)
    ks = ",".join(map(str, CUTOFFS))
    qrels = {str(i): {f"d{99 - d:03d}": 1 for d in rel} for i, rel in enumerate(relevant)}
    run = {str(i): {f"d{99 - d:03d}": 1.0 for d in sorted(f)} for i, f in enumerate(found) if f}
    ref = pytrec_eval.RelevanceEvaluator(qrels, {f"ndcg_cut.{ks}", f"success.{ks}"}).evaluate(run)
    sorted_got = ranking_metrics([sorted(f) for f in found], relevant)
    for i in range(len(found)):
        for k in CUTOFFS:
            want = ref.get(str(i), {}).get(f"ndcg_cut_{k}", 0.0)
            assert sorted_got[f"ndcg@{k}"][i] == pytest.approx(want, abs=1e-12)
    assert set(got) == set(sorted_got)


def test_no_questions() -> None:
    assert all(v.shape == (0,) for v in ranking_metrics([], []).values())
    assert all(v.shape == (0,) for v in dragon_retrieval(gold_flags([], [])).values())


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
    assert list(ranking_metrics([[1]], [{1}], (1, 10))) == ranking_names((1, 10))


@pytest.mark.parametrize("case", sorted(CASES))
def test_flags_made_in_chunks_equal_those_made_at_once(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dragon_bench.metrics import ranking

    found, relevant = CASES[case]()
    found = found + [[]] * 9  # a last chunk of empty lists only
    relevant = relevant + [set()] * 9
    whole = gold_flags(found, relevant)
    monkeypatch.setattr(ranking, "_CHUNK", 4)
    parts = gold_flags(found, relevant)
    for name in ("flags", "first", "lengths", "n_gold"):
        assert np.array_equal(getattr(parts, name), getattr(whole, name)), name
    got, want = ranking_metrics(parts), ranking_metrics(whole)
    assert all(np.array_equal(got[k], want[k]) for k in want)
