"""Spreading chunks of corpus work over processes (fork where available, so workers start fast)."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

__all__ = ["cpu_count", "map_chunks"]

A = TypeVar("A")
R = TypeVar("R")


def cpu_count() -> int:
    """Cores this process may run on (the affinity mask, not the machine's total)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def map_chunks(fn: Callable[[A], R], chunks: Sequence[A], workers: int) -> Iterator[R]:
    """`fn` over `chunks` in `workers` processes, results in input order.

    Inside a pool worker (a daemonic process, which may not start children) it runs in-process.
    """
    if workers <= 1 or len(chunks) <= 1 or multiprocessing.current_process().daemon:
        yield from map(fn, chunks)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(processes=min(workers, len(chunks))) as pool:
        yield from pool.imap(fn, chunks)
