"""Per-question answer scores for many questions at once, spread over processes in chunks.

Workers are forked, so they read the answers and the cached reference tokens from memory
instead of receiving them pickled; each reference is tokenised once and cached on the Gold.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from dragon_bench.metrics.lexical import exact_match, prepare, rouge1, rougeL, substr_match
from dragon_bench.metrics.tokens import razdel_tokens

__all__ = ["DRAGON_GENERATION", "score_answers", "default_workers"]

DRAGON_GENERATION = ("rouge1", "rougeL", "substr_match", "exact_match")

# What forked workers read: set just before the pool starts, cleared after.
_STATE: dict[str, Any] = {}
_MIN_PARALLEL = 2000  # below this many questions a pool costs more than it saves


def default_workers(n: int) -> int:
    """Processes to use for `n` questions: DRAGON_METRICS_WORKERS, else up to 2 for large inputs."""
    env = os.environ.get("DRAGON_METRICS_WORKERS")
    if env:
        return max(1, int(env))
    if n < _MIN_PARALLEL or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(2, os.cpu_count() or 1))


def _score_range(bounds: tuple[int, int]) -> tuple[list[tuple[float, ...]], list[Any]]:
    start, stop = bounds
    refs: Sequence[str] = _STATE["refs"]
    answers: Sequence[str] = _STATE["answers"]
    cache: list[Any] = _STATE["cache"]
    extra: Callable[[int, list[str], list[str]], tuple[float, ...]] | None = _STATE["extra"]
    rows: list[tuple[float, ...]] = []
    new_refs: list[Any] = []
    for i in range(start, stop):
        prepared = cache[i]
        if prepared is None:
            prepared = prepare(razdel_tokens(refs[i]))
            new_refs.append(prepared)
        else:
            new_refs.append(None)
        answer = answers[i]
        tokens = razdel_tokens(answer)
        row: tuple[float, ...] = (
            rouge1(prepared, tokens),
            rougeL(prepared, tokens),
            substr_match(refs[i], answer),
            exact_match(refs[i], answer),
        )
        if extra is not None:
            row += extra(i, list(prepared.tokens), tokens)
        rows.append(row)
    return rows, new_refs


def score_answers(
    refs: Sequence[str],
    answers: Sequence[str],
    cache: list[Any],
    *,
    names: Sequence[str] = DRAGON_GENERATION,
    extra: Callable[[int, list[str], list[str]], tuple[float, ...]] | None = None,
    workers: int | None = None,
    on_start: Callable[[], None] | None = None,
) -> dict[str, np.ndarray]:
    """Scores of each answer against its reference: {metric name: array over questions}.

    `cache` holds a prepared reference per question (None where not yet tokenised) and is
    filled in place. `extra(i, ref_tokens, answer_tokens)` adds the scores named after the
    DRAGON ones in `names`. `on_start` runs in this process while the workers compute.
    """
    n = len(refs)
    workers = default_workers(n) if workers is None else workers
    _STATE.update(refs=refs, answers=answers, cache=cache, extra=extra)
    try:
        if workers > 1 and n > 1:
            pieces = workers * 4
            step = -(-n // pieces)
            bounds = [(s, min(n, s + step)) for s in range(0, n, step)]
            ctx = multiprocessing.get_context("fork")
            with ctx.Pool(workers) as pool:
                pending = pool.map_async(_score_range, bounds)
                if on_start is not None:
                    on_start()
                parts = pending.get()
        else:
            if on_start is not None:
                on_start()
            parts = [_score_range((0, n))]
    finally:
        _STATE.clear()
    rows: list[tuple[float, ...]] = []
    i = 0
    for part_rows, new_refs in parts:
        rows.extend(part_rows)
        for prepared in new_refs:
            if prepared is not None:
                cache[i] = prepared
            i += 1
    matrix = np.asarray(rows, dtype=np.float64).reshape(n, len(names))
    return {name: matrix[:, j].copy() for j, name in enumerate(names)}
