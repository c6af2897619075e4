"""Spreading corpus work over processes: a function over consecutive slices of a sequence.

With the fork start method the workers inherit the sequence from the parent's memory and only
slice bounds cross process borders, so sending a corpus to the workers costs nothing; elsewhere
(spawn) each slice is pickled to its worker.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["cpu_count", "map_slices"]

R = TypeVar("R")

_SHARED: Sequence[Any] = ()  # set only while a pool forks, so its workers inherit the sequence
_FORKING = threading.Lock()


def cpu_count() -> int:
    """Cores this process may run on (the affinity mask, not the machine's total)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _shared_slice(task: tuple[Callable[[Sequence[Any]], Any], int, int]) -> Any:
    fn, start, stop = task
    return fn(_SHARED[start:stop])


def _given_slice(task: tuple[Callable[[Sequence[Any]], Any], Sequence[Any]]) -> Any:
    fn, items = task
    return fn(items)


def map_slices(
    fn: Callable[[Sequence[Any]], R], items: Sequence[Any], chunk_size: int, workers: int
) -> Iterator[R]:
    """`fn` over `items[i : i + chunk_size]` for each chunk, in `workers` processes, in order.

    `fn` must be a module-level function (or a `functools.partial` of one). With one worker, one
    chunk, or inside a pool worker (a daemonic process, which may not start children) it runs
    in-process.
    """
    global _SHARED
    bounds = [(i, min(i + chunk_size, len(items))) for i in range(0, len(items), chunk_size)]
    if workers <= 1 or len(bounds) <= 1 or multiprocessing.current_process().daemon:
        for start, stop in bounds:
            yield fn(items[start:stop])
        return
    processes = min(workers, len(bounds))
    if "fork" in multiprocessing.get_all_start_methods():
        with _FORKING:  # the workers are forked here and keep their copy of `_SHARED`
            _SHARED = items
            try:
                pool = multiprocessing.get_context("fork").Pool(processes)
            finally:
                _SHARED = ()
        with pool:
            yield from pool.imap(_shared_slice, [(fn, a, b) for a, b in bounds])
        return
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        yield from pool.imap(_given_slice, [(fn, items[a:b]) for a, b in bounds])
