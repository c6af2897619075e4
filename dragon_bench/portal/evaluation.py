"""Scoring a stored submission: the evaluator interface and the one backed by dragon_bench.metrics."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

from dragon_bench import metrics
from dragon_bench.hub import Hub
from dragon_bench.metrics.freshness import MIN_SLICE, parse_cutoff
from dragon_bench.metrics.results import question_id
from dragon_bench.portal.leaderboard import as_of_day, cutoff_grid, snap_cutoff
from dragon_bench.portal.scores import bootstrap_ci, judge_value, question_scores

__all__ = [
    "Evaluation",
    "Evaluator",
    "MetricsEvaluator",
    "finish_report",
    "owner_details",
]

_DETAIL_KEYS = ("per_question", "questions", "details")


@dataclass
class Evaluation:
    """What the worker stores: the aggregate report, owner-safe per-question rows, a judge score."""

    report: dict[str, Any]
    details: list[dict[str, Any]] = field(default_factory=list)
    judge: float | None = None


class Evaluator(Protocol):
    """Scores a results mapping against a version's private half."""

    judges: bool

    def evaluate(
        self, version: str, results: dict[str, Any], *, knowledge_cutoff: Any = None
    ) -> Evaluation: ...


def _numbers(block: Any) -> dict[str, float]:
    if not isinstance(block, Mapping):
        return {}
    return {
        str(k): float(v)
        for k, v in block.items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    }


def owner_details(report: Mapping[str, Any], results: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Per-question rows a participant may see: their own answer and ids, and numeric scores only."""
    raw: Any = None
    for key in _DETAIL_KEYS:
        if key in report:
            raw = report[key]
            break
    items: list[tuple[str, Any]] = []
    if isinstance(raw, Mapping):
        items = [(str(k), v) for k, v in raw.items()]
    elif isinstance(raw, list):
        items = [
            (str(v.get("id", v.get("qid", i))), v)
            for i, v in enumerate(raw)
            if isinstance(v, Mapping)
        ]
    rows = []
    for qid, item in items:
        mine = results.get(qid) or {}
        row: dict[str, Any] = {
            "id": qid if (n := question_id(qid)) is None else n,
            "found_ids": list(mine.get("found_ids") or []),
            "model_answer": mine.get("model_answer", ""),
            "retrieval": _numbers(item.get("retrieval")),
            "generation": _numbers(item.get("generation")),
        }
        if isinstance(item.get("type"), str):
            row["type"] = item["type"]
        judge = judge_value(item.get("judge")) if "judge" in item else None
        if judge is not None:
            row["judge"] = judge
        if not row["retrieval"] and not row["generation"]:
            flat = _numbers(item)
            flat.pop("id", None)
            row["scores"] = flat
        rows.append(row)
    rows.sort(key=lambda r: (isinstance(r["id"], str), r["id"]))
    return rows


def finish_report(
    report: Mapping[str, Any], details: list[dict[str, Any]], *, resamples: int
) -> dict[str, Any]:
    """The stored aggregate: the report without its per-question part, plus the portal's CIs."""
    out = {k: v for k, v in report.items() if k not in _DETAIL_KEYS}
    scores = question_scores(details)
    ci = {k: bootstrap_ci(v, resamples=resamples) for k, v in scores.items()}
    out["portal"] = {
        "ci": {k: v for k, v in ci.items() if v is not None},
        "ci_method": f"percentile bootstrap, {resamples} resamples, 95%, seed 0",
    }
    return out


def _judge_score(block: Any) -> float | None:
    """The judge's headline number: CRAG-style accuracy when present, else whatever judge_value finds."""
    if isinstance(block, Mapping):
        for key in ("accuracy", "truthfulness", "score"):
            value = block.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool):
                return float(value)
    return judge_value(block)


class MetricsEvaluator:
    """Evaluates with dragon_bench.metrics: Gold.from_hub, parse_results, evaluate (+ optional Judge)."""

    def __init__(
        self, hub: Hub, *, judge: Any = None, resamples: int = 1000, min_slice: int = MIN_SLICE
    ) -> None:
        self.hub = hub
        self.min_slice = min_slice  # the fewest fresh questions a report shows scores for
        self.judge = judge
        self.judges = judge is not None
        self.resamples = resamples
        self._gold: dict[str, Any] = {}
        self._lock = threading.Lock()

    def _gold_for(self, version: str) -> Any:
        with self._lock:
            if version not in self._gold:
                self._gold[version] = metrics.Gold.from_hub(self.hub, version)
            return self._gold[version]

    def evaluate(
        self, version: str, results: dict[str, Any], *, knowledge_cutoff: Any = None
    ) -> Evaluation:
        gold = self._gold_for(version)
        parsed = metrics.parse_results(results, gold)
        declared = parse_cutoff(knowledge_cutoff)
        applied, min_slice = declared, self.min_slice
        if declared is not None:
            # the leaderboard's offered dates (its differencing guard) bound this slice too:
            # the earliest offered date on or after the declared cutoff, or no scores
            days = {q.id: as_of_day(q.as_of) for q in gold.questions}
            point = snap_cutoff(cutoff_grid(days, self.min_slice), declared)
            if point is not None:
                applied = date.fromisoformat(point["date"])
            else:
                min_slice = len(days) + 1
        # One process: forking a pool inside a threaded web server is not safe.
        report = metrics.evaluate(
            parsed,
            gold,
            judge=self.judge,
            workers=1,
            knowledge_cutoff=applied,
            min_slice=min_slice,
        )
        if declared is not None and isinstance(report.get("fresh"), dict):
            report["fresh"].update(
                knowledge_cutoff=declared.isoformat(),
                scored_after=applied.isoformat() if applied is not None else None,
                min_slice=self.min_slice,
            )
        details = owner_details(report, results)
        judge = _judge_score((report.get("overall") or {}).get("judge")) if self.judges else None
        return Evaluation(finish_report(report, details, resamples=self.resamples), details, judge)
