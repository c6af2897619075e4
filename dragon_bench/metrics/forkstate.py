"""What forked workers read from memory instead of receiving it pickled, one entry per call.

Threads of one process (the portal's worker and its reference job) evaluate at once, so each
call holds its data under a key of its own while its workers run and removes only that entry.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

T = TypeVar("T")


class ForkState(Generic[T]):
    def __init__(self) -> None:
        self._calls: dict[int, T] = {}
        self._keys = itertools.count()

    @contextmanager
    def holding(self, value: T) -> Iterator[int]:
        """The key under which `value` is readable (also in workers forked meanwhile)."""
        key = next(self._keys)
        self._calls[key] = value
        try:
            yield key
        finally:
            del self._calls[key]

    def __getitem__(self, key: int) -> T:
        return self._calls[key]
