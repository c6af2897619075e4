"""The engine interface: run a batch function over items, locally or on a cluster.

Stages are plain functions `fn(batch: list[T]) -> list[R]`; an engine only decides where the
batches run. Batches are cut the same way by every engine and results come back in input
order, so a stage gives the same output on any engine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["Engine", "BatchFn", "split_batches"]

T = TypeVar("T")
R = TypeVar("R")
BatchFn = Callable[[list[T]], list[R]]


def split_batches(items: Sequence[T], batch_size: int) -> list[list[T]]:
    """Consecutive batches of at most `batch_size` items (the last may be shorter)."""
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, got {batch_size}")
    return [list(items[i : i + batch_size]) for i in range(0, len(items), batch_size)]


class Engine(ABC):
    """Runs `fn` over consecutive batches of `items` and concatenates the results in order."""

    name: str = "engine"

    @property
    @abstractmethod
    def workers(self) -> int:
        """How many batches can run at once."""

    @abstractmethod
    def map_batches(
        self, fn: Callable[[list[Any]], list[Any]], items: Sequence[Any], *, batch_size: int = 64
    ) -> list[Any]:
        """`fn` over each batch; the outputs of all batches, in input order."""

    def describe(self) -> dict[str, Any]:
        return {"engine": self.name, "workers": self.workers}

    def close(self) -> None:  # noqa: B027 - engines without resources need nothing here
        """Release what the engine holds (processes, cluster connections)."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
