"""A plain per-question implementation of DRAGON's metrics: the executable reference.

ROUGE comes from Google's `rouge-score` package with a razdel tokenizer object, the rest from
Python loops written from DESIGN.md. Tests check the fast engine against it number for number,
and `benchmarks/evaluate.py` times it as the baseline. Needs `rouge-score` (the dev extra).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import razdel

from dragon_bench.errors import require_extra
from dragon_bench.metrics.gold import Gold
from dragon_bench.metrics.results import Results

__all__ = ["RazdelTokenizer", "straightforward_scores", "straightforward_report"]


class RazdelTokenizer:
    """A tokenizer object for rouge-score: razdel tokens as they are."""

    def tokenize(self, text: str) -> list[str]:
        return [t.text for t in razdel.tokenize(text)]


def straightforward_scores(results: Results, gold: Gold) -> list[dict[str, Any]]:
    """One dict per gold question (in id order): type and DRAGON's seven metrics."""
    rouge_scorer = require_extra("rouge_score.rouge_scorer", "dev")
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=RazdelTokenizer())
    rows = []
    for q in gold.questions:
        result = results.answers.get(q.id)
        row: dict[str, Any] = {"id": q.id, "type": q.type}
        if result is None:
            row.update(
                hit_rate=0.0,
                mrr=0.0,
                precision=0.0,
                rouge1=0.0,
                rougeL=0.0,
                substr_match=0.0,
                exact_match=0.0,
            )
            rows.append(row)
            continue
        found = list(result.found_ids)
        hits = [1 if f in q.relevant else 0 for f in found]
        row["hit_rate"] = 1.0 if sum(hits) > 0 else 0.0
        row["mrr"] = 0.0
        for rank, h in enumerate(hits):
            if h:
                row["mrr"] = 1.0 / (rank + 1)
                break
        row["precision"] = sum(hits) / len(found) if found else 0.0
        scores = scorer.score(q.answer, result.model_answer)
        row["rouge1"] = scores["rouge1"].fmeasure
        row["rougeL"] = scores["rougeL"].fmeasure
        row["substr_match"] = 1.0 if q.answer.lower() in result.model_answer.lower() else 0.0
        same = " ".join(q.answer.split()) == " ".join(result.model_answer.split())
        row["exact_match"] = 1.0 if same else 0.0
        rows.append(row)
    return rows


def straightforward_report(results: Results, gold: Gold) -> dict[str, Any]:
    """`overall` and `by_type` means of DRAGON's metrics, shaped like `evaluate`'s report."""
    rows = straightforward_scores(results, gold)
    groups = {
        "retrieval": ("hit_rate", "mrr", "precision"),
        "generation": ("rouge1", "rougeL", "substr_match", "exact_match"),
    }

    def means(selected: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            g: {m: float(np.mean([r[m] for r in selected])) for m in names}
            for g, names in groups.items()
        }

    out: dict[str, Any] = {"overall": means(rows), "by_type": {}}
    for t in sorted({r["type"] for r in rows}):
        out["by_type"][t] = means([r for r in rows if r["type"] == t])
    return out
