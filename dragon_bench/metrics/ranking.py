"""Extended retrieval metrics at cut-offs (Hit@k, Recall@k, nDCG@k, MRR@k) computed by ir-measures.

Names are the metrics' identities everywhere: `hit@10`, `recall@10`, `ndcg@10`, `mrr@10`.
ir-measures delegates to trec_eval (via pytrec_eval) and to the MS MARCO evaluator; the run
gives rank r the score `len(found) - r`, so no ties reorder the submitted list.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np

__all__ = ["CUTOFFS", "RANKING_FAMILIES", "ranking_names", "ranking_metrics"]

CUTOFFS = (1, 5, 10, 20)
RANKING_FAMILIES = ("hit", "recall", "ndcg", "mrr")


def ranking_names(cutoffs: Sequence[int] = CUTOFFS) -> list[str]:
    """`hit@1, hit@5, ..., mrr@20`: the report keys, family by family."""
    return [f"{family}@{k}" for family in RANKING_FAMILIES for k in cutoffs]


def ranking_metrics(
    found: Sequence[Sequence[int]],
    relevant: Sequence[Collection[int]],
    cutoffs: Sequence[int] = CUTOFFS,
) -> dict[str, np.ndarray]:
    """Per-question values of every `ranking_names(cutoffs)` metric; 0 for an empty run or gold."""
    import ir_measures
    from ir_measures import RR, R, Success, nDCG

    measures = {}
    for k in cutoffs:
        measures[Success @ k] = f"hit@{k}"
        measures[R @ k] = f"recall@{k}"
        measures[nDCG @ k] = f"ndcg@{k}"
        measures[RR @ k] = f"mrr@{k}"
    n = len(found)
    out = {name: np.zeros(n, dtype=np.float64) for name in ranking_names(cutoffs)}
    qrels = {str(i): {str(t): 1 for t in rel} for i, rel in enumerate(relevant) if rel and found[i]}
    if not qrels:
        return out
    run = {
        q: {str(t): float(len(found[int(q)]) - r) for r, t in enumerate(found[int(q)])}
        for q in qrels
    }
    # Keyed by identity: the providers hand back the measure objects given to them, and
    # hashing a measure object is slow enough to matter at 16 values a question.
    by_id = {id(m): out[name] for m, name in measures.items()}
    by_measure = {m: out[name] for m, name in measures.items()}
    for metric in ir_measures.iter_calc(list(measures), qrels, run):
        column = by_id.get(id(metric.measure))
        if column is None:
            column = by_measure[metric.measure]
        column[int(metric.query_id)] = metric.value
    return out
