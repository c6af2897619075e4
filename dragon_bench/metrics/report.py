"""`evaluate`: score a participant's results against the gold of a revision, as the report JSON of DESIGN.md."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any, Protocol

import numpy as np

from dragon_bench.metrics.freshness import MIN_SLICE, by_dynamism, fresh_slice
from dragon_bench.metrics.gold import Gold
from dragon_bench.metrics.ranking import CUTOFFS, dragon_retrieval, gold_flags, ranking_metrics
from dragon_bench.metrics.registry import answer_metrics, metric_names
from dragon_bench.metrics.results import Results
from dragon_bench.metrics.retrieval import RETRIEVAL_METRICS
from dragon_bench.metrics.scoring import score_answers
from dragon_bench.metrics.signature import make_signature
from dragon_bench.metrics.stats import bootstrap_ci

__all__ = [
    "evaluate",
    "JudgeLike",
    "DRAGON_RETRIEVAL",
    "DRAGON_GENERATION",
    "GROUPS",
    "report_matrix",
]

DRAGON_RETRIEVAL = RETRIEVAL_METRICS
DRAGON_GENERATION = metric_names(answer_metrics(extended=False))
GROUPS = ("retrieval", "generation", "judge")


class JudgeLike(Protocol):
    """What `evaluate` needs from a judge (see `dragon_bench.metrics.judge.Judge`)."""

    model: str
    rubric: bool

    def names(self) -> tuple[str, ...]: ...

    def score(
        self,
        questions: Sequence[str],
        references: Sequence[str],
        answers: Sequence[str],
        answered: Sequence[bool],
    ) -> dict[str, np.ndarray]: ...


def evaluate(
    results: Results,
    gold: Gold,
    *,
    judge: JudgeLike | None = None,
    details: bool = True,
    extended: bool = True,
    cutoffs: Sequence[int] = CUTOFFS,
    resamples: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    knowledge_cutoff: date | None = None,
    min_slice: int = MIN_SLICE,
) -> dict[str, Any]:
    """The metrics report: overall, per-type and per-dynamism means, bootstrap intervals,
    signature, details; with `knowledge_cutoff`, the fresh slice (`metrics.freshness`).

    Every metric is computed per question and then averaged; unanswered questions score 0.
    `extended=False` keeps only DRAGON's metrics; `resamples=0` skips the intervals.
    """
    qs = gold.questions
    n = len(qs)
    answered = np.array([q.id in results.answers for q in qs], dtype=bool)
    answers = [
        results.answers[q.id].model_answer if a else "" for q, a in zip(qs, answered, strict=True)
    ]
    found = [
        results.answers[q.id].found_ids if a else () for q, a in zip(qs, answered, strict=True)
    ]
    refs = [q.answer for q in qs]

    retrieval: dict[str, np.ndarray] = {}

    def compute_retrieval() -> None:
        flags = gold_flags(found, [q.relevant for q in qs])
        retrieval.update(dragon_retrieval(flags))
        if extended:
            retrieval.update(ranking_metrics(flags, cutoffs=cutoffs))

    generation = score_answers(
        gold.references(),
        answers,
        metrics=answer_metrics(extended),
        workers=workers,
        on_start=compute_retrieval,
    )
    groups: dict[str, dict[str, np.ndarray]] = {"retrieval": retrieval, "generation": generation}
    if judge is not None:
        groups["judge"] = judge.score([q.question for q in qs], refs, answers, list(answered))
    for values in groups.values():
        for arr in values.values():
            arr[~answered] = 0.0  # unanswered questions score zero whatever the metric says
    if judge is not None and "missing" in groups["judge"]:
        groups["judge"]["missing"][~answered] = 1.0

    types = [q.type for q in qs]
    report: dict[str, Any] = {
        "version": gold.version,
        "n_questions": n,
        "n_answered": int(answered.sum()),
        "signature": make_signature(
            revision=gold.version,
            cutoffs=cutoffs,
            extended=extended,
            resamples=resamples,
            seed=seed,
            judge_model=judge.model if judge is not None else None,
            rubric=bool(judge is not None and judge.rubric),
        ),
        "overall": _means(groups, np.ones(n, dtype=bool)),
        "by_type": {},
        "warnings": list(results.warnings),
    }
    if judge is not None:
        report["judge_model"] = judge.model
    present = sorted(set(types))
    masks = {t: np.array([x == t for x in types], dtype=bool) for t in present}
    for t in present:
        report["by_type"][t] = {"n_questions": int(masks[t].sum()), **_means(groups, masks[t])}
    if resamples:
        report["ci"] = {
            "level": 0.95,
            "method": "percentile bootstrap over questions",
            "resamples": resamples,
            "seed": seed,
            "overall": _intervals(groups, np.ones(n, dtype=bool), resamples, seed),
            "by_type": {
                t: _intervals(groups, masks[t], resamples, seed + 1 + i)
                for i, t in enumerate(present)
            },
        }
    dynamism = by_dynamism(qs, lambda m: _means(groups, m))
    if dynamism:
        report["by_dynamism"] = dynamism
    if knowledge_cutoff is not None:
        report["fresh"] = fresh_slice(
            qs,
            knowledge_cutoff,
            lambda m: _means(groups, m),
            (lambda m, s: _intervals(groups, m, resamples, s)) if resamples else None,
            min_slice=min_slice,
            seed=seed + 1 + len(present),
        )
    if details:
        report["per_question"] = _details(qs, answered, groups)
        verdicts = getattr(judge, "verdicts", None) if judge is not None else None
        if verdicts and len(verdicts) == n:
            for row, v in zip(report["per_question"], verdicts, strict=True):
                row["verdict"] = (
                    {"label": v.label, "by": v.by, "reason": v.reason}
                    if v is not None
                    else {"label": "missing", "by": "no answer", "reason": ""}
                )
    return report


def _means(groups: dict[str, dict[str, np.ndarray]], mask: np.ndarray) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for group, values in groups.items():
        out[group] = {
            name: float(np.mean(arr[mask])) if mask.any() else 0.0 for name, arr in values.items()
        }
    return out


def _intervals(
    groups: dict[str, dict[str, np.ndarray]], mask: np.ndarray, resamples: int, seed: int
) -> dict[str, Any]:
    names = [(g, m) for g, values in groups.items() for m in values]
    matrix = np.column_stack([groups[g][m][mask] for g, m in names]) if names else np.zeros((0, 0))
    bounds = bootstrap_ci(matrix, resamples=resamples, seed=seed)
    out: dict[str, dict[str, list[float]]] = {g: {} for g in groups}
    for j, (g, m) in enumerate(names):
        out[g][m] = [float(bounds[0, j]), float(bounds[1, j])]
    return out


def _details(
    qs: Sequence[Any], answered: np.ndarray, groups: dict[str, dict[str, np.ndarray]]
) -> list[dict[str, Any]]:
    lists = {g: {m: arr.tolist() for m, arr in values.items()} for g, values in groups.items()}
    rows = []
    for i, q in enumerate(qs):
        row: dict[str, Any] = {"id": q.id, "type": q.type, "answered": bool(answered[i])}
        for g, values in lists.items():
            row[g] = {m: v[i] for m, v in values.items()}
        rows.append(row)
    return rows


def report_matrix(report: dict[str, Any]) -> tuple[list[int], list[str], np.ndarray]:
    """Question ids, `group/metric` names and the per-question score matrix of a detailed report."""
    rows = report.get("per_question")
    if not rows:
        raise ValueError("the report has no per-question details (evaluate with details=True)")
    names = [f"{g}/{m}" for g in GROUPS if g in rows[0] for m in rows[0][g]]
    matrix = np.array(
        [[row[g][m] for g, m in (n.split("/", 1) for n in names)] for row in rows], dtype=np.float64
    )
    return [row["id"] for row in rows], names, matrix
