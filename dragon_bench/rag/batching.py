"""A small request queue with a batch window: concurrent requests answered by one batched call.

A request waits at most `window` seconds for others; while a batch runs, new requests queue
and go together in the next one (at most `size` a batch), so under load the batches grow and
each request still waits for at most one batch before its own. The batched function runs in
a worker thread; when it fails, the batch is answered one request at a time, so one bad
request fails alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["RequestBatcher"]

I = TypeVar("I")  # noqa: E741 (an item)
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class _Failed:
    error: BaseException


class RequestBatcher(Generic[I, R]):
    """`await batcher.submit(item)` gives `run([... item ...])`'s answer for that item."""

    def __init__(
        self,
        run: Callable[[list[I]], Sequence[R]],
        executor: Executor | None = None,
        *,
        window: float = 0.005,
        size: int = 32,
    ) -> None:
        if size < 1 or window < 0:
            raise ValueError(f"batch size must be >= 1 and window >= 0, got {size} and {window}")
        self.run = run
        self.executor = executor
        self.window = window
        self.size = size
        self._pending: list[tuple[I, asyncio.Future[R]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self.batches: list[int] = []  # sizes of the batches run, for the curious and the tests

    async def submit(self, item: I) -> R:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R] = loop.create_future()
        self._pending.append((item, future))
        if self._drainer is None or self._drainer.done():
            self._drainer = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            if len(self._pending) < self.size:
                await asyncio.sleep(self.window)
            batch = [(i, f) for i, f in self._pending[: self.size] if not f.done()]
            del self._pending[: self.size]
            if not batch:
                continue  # every waiter gave up (timed out)
            self.batches.append(len(batch))
            try:
                results = await loop.run_in_executor(
                    self.executor, self._answer, [i for i, _ in batch]
                )
            except BaseException as exc:  # the worker itself failed: every waiter hears it
                results = [_Failed(exc)] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if isinstance(result, _Failed):
                    future.set_exception(result.error)
                else:
                    future.set_result(result)

    def _answer(self, items: list[I]) -> list[R | _Failed]:
        try:
            return list(self.run(items))
        except Exception as exc:  # answer one by one, so only the request that fails gets it
            if len(items) == 1:
                return [_Failed(exc)]
            out: list[R | _Failed] = []
            for item in items:
                try:
                    out.append(self.run([item])[0])
                except Exception as exc:  # this request's own failure
                    out.append(_Failed(exc))
            return out
