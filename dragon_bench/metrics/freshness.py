"""Scores on slices of a revision by freshness: per dynamism label (as CRAG reports static vs
dynamic questions) and the fresh slice after a model's knowledge cutoff (questions whose
`as_of` is later than the cutoff, as LiveBench scores what appeared after training)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime
from typing import Any

import numpy as np

from dragon_bench.dynamism import LABELS
from dragon_bench.errors import BadInputError
from dragon_bench.metrics.gold import GoldQuestion

__all__ = ["MIN_SLICE", "by_dynamism", "fresh_mask", "fresh_slice", "parse_cutoff"]

# a smaller slice is not shown: a chosen date must never expose single questions' results
MIN_SLICE = 20

Means = Callable[[np.ndarray], dict[str, Any]]
Intervals = Callable[[np.ndarray, int], dict[str, Any]]


def parse_cutoff(value: str | date | None) -> date | None:
    """A knowledge cutoff as a day (`YYYY-MM-DD`, or a datetime's day); None for none."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip()[:10])
    except ValueError:
        raise BadInputError(f"knowledge_cutoff {value!r} is not a date like 2026-01-31") from None


def by_dynamism(qs: Sequence[GoldQuestion], means: Means) -> dict[str, Any]:
    """Means per dynamism label present in the revision (older revisions have none)."""
    labels = [q.dynamism for q in qs]
    out: dict[str, Any] = {}
    for label in LABELS:
        mask = np.array([x == label for x in labels], dtype=bool)
        if mask.any():
            out[label] = {"n_questions": int(mask.sum()), **means(mask)}
    return out


def fresh_mask(qs: Sequence[GoldQuestion], cutoff: date) -> np.ndarray:
    """Questions dated after the cutoff day (undated ones are never fresh)."""
    end = datetime(cutoff.year, cutoff.month, cutoff.day, tzinfo=UTC)
    return np.array(
        [q.as_of is not None and _utc(q.as_of).date() > end.date() for q in qs], dtype=bool
    )


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def fresh_slice(
    qs: Sequence[GoldQuestion],
    cutoff: date,
    means: Means,
    intervals: Intervals | None,
    *,
    min_slice: int = MIN_SLICE,
    seed: int = 0,
) -> dict[str, Any]:
    """The fresh slice's size, date range and scores (with intervals); below `min_slice`
    questions only its size is given (`shown: false`)."""
    mask = fresh_mask(qs, cutoff)
    n = int(mask.sum())
    out: dict[str, Any] = {
        "knowledge_cutoff": cutoff.isoformat(),
        "n_questions": n,
        "min_slice": min_slice,
        "shown": n >= min_slice and n > 0,
    }
    if not out["shown"]:
        return out
    days = sorted(_utc(q.as_of).date() for q, m in zip(qs, mask, strict=True) if m and q.as_of)
    out["as_of"] = [days[0].isoformat(), days[-1].isoformat()]
    out.update(means(mask))
    if intervals is not None:
        out["ci"] = intervals(mask, seed)
    return out
