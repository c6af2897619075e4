"""Per-question answer scores for many questions at once, spread over processes in chunks.

Every registered metric reads the same analysed texts (`texts.Reference`, `texts.Answer`),
so each text is tokenised once. Workers are forked, so they read the answers and the
references from memory instead of receiving them pickled; with one process the references
analysed are kept in the cache given, for the next evaluation against the same revision.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from dragon_bench.metrics.forkstate import ForkState
from dragon_bench.metrics.refcache import TokenRows
from dragon_bench.metrics.registry import AnswerMetric, answer_metrics
from dragon_bench.metrics.texts import Answer, Reference

__all__ = ["score_answers", "default_workers", "MIN_PARALLEL", "KEEP_MAX"]

# What forked workers read (metrics.forkstate: one entry per call).
_STATE: ForkState[dict[str, Any]] = ForkState()
# Below this many questions a pool costs more than it saves. Above, a second process saves a
# third of the wall time when a core is idle (10,000 questions: 1.26 against 1.78 s; 5,000: 0.84
# against 1.07 s) for ~0.25 CPU-s more; on a machine already busy it only adds that CPU (load
# 3.6 on 2 cores: 10,000 questions 2.2 against 1.9 CPU-s, the wall time longer; 100,000: 34
# against 24 s). So two processes only when a core was idle beside ours since this module
# loaded (the CPU's idle time in /proc/stat; else the 1-minute load average, which also
# counts what just ended, such as the previous evaluation).
MIN_PARALLEL = 5_000
IDLE_CORE = 0.7  # idle cores (beside ours) a second process needs
# References of larger revisions are analysed for each evaluation and not kept on the Gold
# (their tokens and chrF views come from the revision's cache; the rest would outweigh the
# answers in memory).
KEEP_MAX = 5_000
_CHUNK = 2_000  # questions analysed at a time in one process (their analyses then freed)
_PIECES = 8  # pieces a worker's share is cut into when several processes score


def _cpu_times() -> tuple[int, int] | None:
    """Idle and total CPU time of the machine so far, in clock ticks (None without /proc/stat)."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            ticks = [int(t) for t in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    if len(ticks) < 5:
        return None
    return ticks[3] + ticks[4], sum(ticks[:8])  # idle + iowait; user .. steal


_SINCE = _cpu_times()  # the window in which idle cores are looked for starts here
_MIN_TICKS = 20  # a shorter window says too little (clock ticks over all cores)


def idle_cores() -> float:
    """Cores idle beside this process: in the window since this module loaded (this process
    used about one core of it) if long enough, else from the 1-minute load average."""
    cpus = os.cpu_count() or 1
    now = _cpu_times()
    if _SINCE is not None and now is not None and now[1] - _SINCE[1] >= _MIN_TICKS:
        return cpus * (now[0] - _SINCE[0]) / (now[1] - _SINCE[1])
    return cpus - 1 - os.getloadavg()[0]


def default_workers(n: int) -> int:
    """Processes to use for `n` questions: DRAGON_METRICS_WORKERS, else 2 for large inputs when
    a core is idle beside ours (`idle_cores`), else 1."""
    env = os.environ.get("DRAGON_METRICS_WORKERS")
    if env:
        return max(1, int(env))
    if n < MIN_PARALLEL or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    if (os.cpu_count() or 1) < 2 or idle_cores() < IDLE_CORE:
        return 1
    return 2


def _score_range(key: int, bounds: tuple[int, int]) -> np.ndarray:
    state = _STATE[key]
    start, stop = bounds
    references: Sequence[Reference] = state["references"][start:stop]
    answers: Sequence[str] = state["answers"]
    tokens: TokenRows | None = state["tokens"]
    if state["transient"]:
        # Analyse copies, freed chunk by chunk: a worker's analysed references die with it,
        # and a large revision's are not kept (see KEEP_MAX).
        references = [Reference(r.text, r.type, r.answers) for r in references]
    if tokens is not None:
        mine = references
        for ref, known in zip(mine, tokens.rows(start, stop), strict=True):
            ref.give_tokens(known)
        views = tokens.chrf_rows([r.text for r in mine], start, stop)
        for ref, view in zip(mine, views or (), strict=bool(views)):
            ref.give_chrf(view)
    fns = [m.fn for m in state["metrics"]]
    values: list[float] = []
    extend = values.extend
    for ref, text in zip(references, answers[start:stop], strict=True):
        answer = Answer(text)
        extend([fn(ref, answer) for fn in fns])
    return np.array(values, dtype=np.float64).reshape(stop - start, len(fns))


def _claim(counter: Any, total: int) -> int | None:
    """The next piece nobody took yet (pieces are taken in order by every process), or None."""
    with counter.get_lock():
        i = int(counter.value)
        if i >= total:
            return None
        counter.value = i + 1
        return i


def _score_claimed(key: int) -> dict[int, np.ndarray]:
    """A forked worker's pieces: scored as long as some are left."""
    state = _STATE[key]
    done = {}
    while (i := _claim(state["counter"], len(state["pieces"]))) is not None:
        done[i] = _score_range(key, state["pieces"][i])
    return done


def score_answers(
    references: Sequence[Reference],
    answers: Sequence[str],
    *,
    metrics: Sequence[AnswerMetric] | None = None,
    workers: int | None = None,
    on_start: Callable[[], None] | None = None,
    reference_tokens: TokenRows | None = None,
) -> dict[str, np.ndarray]:
    """Scores of each answer against its reference: {metric name: array over questions}.

    `metrics` defaults to every registered one; `on_start` runs in this process while the
    workers compute; `reference_tokens` (by position) saves tokenising the references.
    With several workers this process is one of them: it runs `on_start`, then scores pieces
    alongside `workers - 1` forked processes, each taking the next piece left (so a process
    slowed by other load takes fewer).
    """
    metrics = answer_metrics() if metrics is None else tuple(metrics)
    n = len(references)
    workers = default_workers(n) if workers is None else workers
    forked = workers > 1 and n > 1
    state: dict[str, Any] = {
        "references": references,
        "answers": answers,
        "metrics": metrics,
        "tokens": reference_tokens,
        "transient": forked or n > KEEP_MAX,
    }
    with _STATE.holding(state) as key:
        if forked:
            ctx = multiprocessing.get_context("fork")
            step = -(-n // (workers * _PIECES))
            state["pieces"] = [(s, min(n, s + step)) for s in range(0, n, step)]
            state["counter"] = ctx.Value("i", 0)
            with ctx.Pool(workers - 1) as pool:
                pending = pool.map_async(_score_claimed, [key] * (workers - 1))
                if on_start is not None:
                    on_start()
                parts = _score_claimed(key)  # this process scores pieces beside its workers
                for done in pending.get():
                    parts.update(done)
            ordered = [parts[i] for i in range(len(state["pieces"]))]
        else:
            if on_start is not None:
                on_start()
            step = _CHUNK if n > KEEP_MAX else max(n, 1)
            ordered = [_score_range(key, (s, min(n, s + step))) for s in range(0, n, step)]
    matrix = np.concatenate(ordered) if ordered else np.zeros((0, len(metrics)))
    return {m.name: matrix[:, j].copy() for j, m in enumerate(metrics)}
