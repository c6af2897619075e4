"""The local engine: batches in this process, or in a pool of forked worker processes."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from typing import Any

from dragon_bench.engine.base import Engine, split_batches

__all__ = ["LocalEngine"]


class LocalEngine(Engine):
    """With one worker, batches run in order in this process; with more, in a process pool.

    Pool workers are forked where the platform allows (fast start, loaded models shared
    copy-on-write); `fn` and the items must be picklable (module-level functions or
    `functools.partial` of them).
    """

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self._workers = workers
        self._pool: Any = None

    @property
    def workers(self) -> int:
        return self._workers

    def map_batches(
        self, fn: Callable[[list[Any]], list[Any]], items: Sequence[Any], *, batch_size: int = 64
    ) -> list[Any]:
        batches = split_batches(items, batch_size)
        if self._workers == 1 or len(batches) <= 1:
            outputs = [fn(b) for b in batches]
        else:
            outputs = list(self._get_pool().imap(fn, batches))
        return [r for out in outputs for r in out]

    def _get_pool(self) -> Any:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
            self._pool = ctx.Pool(processes=self._workers)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool.join()
            self._pool = None
