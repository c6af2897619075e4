"""Module-level batch functions (picklable, so process pools and Ray can run them)."""

from __future__ import annotations

import os

from dragon_bench.types import Document


def lengths_with_marker(batch: list[Document]) -> list[tuple[str, int]]:
    """One row per document plus a marker per batch, so batch boundaries show in the output."""
    return [(d.id, len(d.text)) for d in batch] + [("batch", len(batch))]


def pids(batch: list[int]) -> list[int]:
    return [os.getpid() for _ in batch]


def drop_odd(batch: list[int]) -> list[int]:
    return [x for x in batch if x % 2 == 0]
