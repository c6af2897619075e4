"""DRAGON's retrieval metrics of one question: hit rate, reciprocal rank and precision."""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["hit_rate", "mrr", "precision", "RETRIEVAL_METRICS"]

RETRIEVAL_METRICS = ("hit_rate", "mrr", "precision")


def hit_rate(found: Sequence[int], gold: Collection[int]) -> float:
    """1.0 if any gold text is among the found ids."""
    return 1.0 if any(f in gold for f in found) else 0.0


def mrr(found: Sequence[int], gold: Collection[int]) -> float:
    """1 / rank (from 1) of the first gold text among the found ids, 0 if none."""
    for rank, f in enumerate(found, 1):
        if f in gold:
            return 1.0 / rank
    return 0.0


def precision(found: Sequence[int], gold: Collection[int]) -> float:
    """Share of the found ids that are gold texts, 0 for an empty list."""
    if not found:
        return 0.0
    return sum(1 for f in found if f in gold) / len(found)
