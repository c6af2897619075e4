"""Uncertainty of mean scores: percentile bootstrap intervals (Efron & Tibshirani, 1993) and a
paired sign-flip randomisation test between two systems on the same questions (Noreen, 1989).

Both are seeded, so the same scores always give the same intervals and p-values.
"""

from __future__ import annotations

import numpy as np
from threadpoolctl import ThreadpoolController

__all__ = ["bootstrap_ci", "paired_test", "percentiles"]

_BATCH_CELLS = 1_000_000  # resample this many (replicate, question) cells at a time (~40 MB)
_ROW_COUNTS_FROM = 2_000  # from this many questions, draws are counted a resample at a time


_BLAS: list[ThreadpoolController] = []  # made on first use: it inspects the loaded libraries


def _blas() -> ThreadpoolController:
    if not _BLAS:
        _BLAS.append(ThreadpoolController())
    return _BLAS[0]


def _batches(total: int, n: int) -> list[int]:
    size = max(1, _BATCH_CELLS // max(n, 1))
    return [min(size, total - s) for s in range(0, total, size)]


def _draw_counts(idx: np.ndarray, n: int) -> np.ndarray:
    """How often each of `n` questions is drawn in each row (resample) of `idx`."""
    b = idx.shape[0]
    if n < _ROW_COUNTS_FROM:
        rows = np.arange(b)[:, None] * n
        return np.bincount((idx + rows).ravel(), minlength=b * n).reshape(b, n)
    # a row at a time: a row's counts stay in cache (2-3x faster than one count of all rows)
    counts = np.empty((b, n), dtype=np.int64)
    for r in range(b):
        counts[r] = np.bincount(idx[r], minlength=n)
    return counts


def bootstrap_ci(
    scores: np.ndarray, *, resamples: int = 1000, seed: int = 0, level: float = 0.95
) -> np.ndarray:
    """Percentile bootstrap interval of the mean of each column of `scores` (questions x metrics).

    Returns an array (2, metrics) of lower and upper bounds; both equal the mean for one question.
    """
    x = np.asarray(scores, dtype=np.float64)
    if x.ndim == 1:
        x = x[:, None]
    n, m = x.shape
    if n == 0:
        return np.zeros((2, m))
    rng = np.random.default_rng(seed)
    means = np.empty((resamples, m))
    done = 0
    # BLAS threads cost more than they give on these small products (2-3x the CPU on 2 cores).
    with _blas().limit(limits=1, user_api="blas"):
        for b in _batches(resamples, n):
            means[done : done + b] = _draw_counts(rng.integers(0, n, size=(b, n)), n) @ x / n
            done += b
    tail = (1 - level) / 2 * 100
    return percentiles(means, [tail, 100 - tail])


def percentiles(values: np.ndarray, q: list[float]) -> np.ndarray:
    """`np.percentile(values, q, axis=0)` (its default linear method, the same floating-point
    steps) for finite values, without the numpy.ma import np.percentile makes."""
    ordered = np.sort(values, axis=0)
    last = ordered.shape[0] - 1
    rows = []
    for p in q:
        virtual = last * (p / 100)
        below = min(int(np.floor(virtual)), last)
        above = min(below + 1, last)
        gamma = virtual - below
        a, b = ordered[below], ordered[above]
        diff = b - a
        rows.append(b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma)
    return np.array(rows)


def paired_test(
    a: np.ndarray,
    b: np.ndarray,
    *,
    resamples: int = 5000,
    seed: int = 0,
    level: float = 0.95,
) -> dict[str, np.ndarray]:
    """Compare per-question scores of two systems (questions x metrics, same order).

    Gives the mean difference a - b, its bootstrap interval and a two-sided p-value from
    randomly swapping the two systems' scores question by question.
    """
    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    if x.shape != y.shape:
        raise ValueError(f"paired scores differ in shape: {x.shape} vs {y.shape}")
    if x.ndim == 1:
        x, y = x[:, None], y[:, None]
    d = x - y
    n, m = d.shape
    delta = d.mean(axis=0) if n else np.zeros(m)
    observed = np.abs(delta)
    rng = np.random.default_rng(seed)
    extreme = np.zeros(m)
    for size in _batches(resamples, n):
        signs = rng.integers(0, 2, size=(size, n), dtype=np.int8) * 2 - 1
        flipped = np.abs(signs.astype(np.float64) @ d / max(n, 1))
        # A tolerance so ties with the observed difference count as extreme despite rounding.
        extreme += (flipped >= observed - 1e-12).sum(axis=0)
    p = (extreme + 1) / (resamples + 1)
    ci = bootstrap_ci(d, resamples=1000, seed=seed, level=level)
    return {"delta": delta, "ci": ci, "p_value": p}
