"""Summary scores shown on the leaderboard: averages of DRAGON's metrics and bootstrap CIs."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from dragon_bench.metrics.registry import leaderboard_names
from dragon_bench.metrics.retrieval import RETRIEVAL_METRICS

__all__ = [
    "RETRIEVAL_METRICS",
    "GENERATION_METRICS",
    "block_mean",
    "question_scores",
    "bootstrap_ci",
    "judge_value",
]

# The DRAGON-compatible metrics of DESIGN.md; extended metrics are shown but not averaged.
GENERATION_METRICS = leaderboard_names()


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def block_mean(block: Mapping[str, Any] | None, names: Sequence[str]) -> float | None:
    """Mean of the named metrics present in `block` (all numeric ones if none is named there)."""
    if not block:
        return None
    values = [v for n in names if (v := _number(block.get(n))) is not None]
    if not values:
        values = [v for v in map(_number, block.values()) if v is not None]
    return sum(values) / len(values) if values else None


def question_scores(details: Sequence[Mapping[str, Any]]) -> dict[str, list[float]]:
    """Per-question retrieval, generation and total scores from stored details."""
    out: dict[str, list[float]] = {"retrieval": [], "generation": [], "total": []}
    for item in details:
        r = block_mean(item.get("retrieval"), RETRIEVAL_METRICS)
        g = block_mean(item.get("generation"), GENERATION_METRICS)
        if r is None or g is None:
            continue
        out["retrieval"].append(r)
        out["generation"].append(g)
        out["total"].append((r + g) / 2)
    return out


def bootstrap_ci(
    values: Sequence[float], *, resamples: int = 1000, level: float = 0.95, seed: int = 0
) -> list[float] | None:
    """Percentile bootstrap interval of the mean (Efron & Tibshirani 1993); None for < 2 values."""
    if len(values) < 2 or resamples <= 0:
        return None
    arr = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    means = arr[rng.integers(0, len(arr), size=(resamples, len(arr)))].mean(axis=1)
    lo, hi = np.quantile(means, [(1 - level) / 2, 1 - (1 - level) / 2])
    return [round(float(lo), 6), round(float(hi), 6)]


def judge_value(data: Any) -> float | None:
    """One judge score from what a judge reports: a number, {"judge"|"score"|"mean": x}, or a list/map of per-question scores."""
    value = _number(data)
    if value is not None:
        return value
    if isinstance(data, Mapping):
        for key in ("judge", "score", "mean", "overall"):
            if key in data:
                found = judge_value(data[key])
                if found is not None:
                    return found
        items = [v for v in map(_number, data.values()) if v is not None]
        if items and len(items) == len(data):
            return sum(items) / len(items)
        return None
    if isinstance(data, list) and data:
        scored = [judge_value(v) for v in data]
        good = [v for v in scored if v is not None]
        return sum(good) / len(good) if good and len(good) == len(scored) else None
    return None
