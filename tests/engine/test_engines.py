"""The engine interface: batch cutting, order, and the local engine with 1 and 2 workers."""

from __future__ import annotations

import os

import pytest

from dragon_bench.engine import LocalEngine, make_engine, split_batches
from dragon_bench.errors import BadInputError
from dragon_bench.types import Document
from tests.engine.batchfns import drop_odd, lengths_with_marker, pids


def test_split_batches() -> None:
    assert split_batches([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
    assert split_batches([], 3) == []
    with pytest.raises(ValueError, match="batch_size"):
        split_batches([1], 0)


def _docs(n: int) -> list[Document]:
    return [Document(id=f"d{i}", text="я" * i) for i in range(n)]


def _expected(docs: list[Document], size: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for i in range(0, len(docs), size):
        chunk = docs[i : i + size]
        out += [(d.id, len(d.text)) for d in chunk] + [("batch", len(chunk))]
    return out


@pytest.mark.parametrize("workers", [1, 2])
def test_local_engine_keeps_order_and_batches(workers: int) -> None:
    docs = _docs(23)
    with LocalEngine(workers=workers) as engine:
        assert engine.map_batches(lengths_with_marker, docs, batch_size=5) == _expected(docs, 5)
        assert engine.map_batches(drop_odd, list(range(10)), batch_size=3) == [0, 2, 4, 6, 8]
        assert engine.map_batches(drop_odd, [], batch_size=3) == []


def test_local_engine_with_two_workers_uses_other_processes() -> None:
    with LocalEngine(workers=2) as engine:
        seen = set(engine.map_batches(pids, list(range(40)), batch_size=2))
    assert os.getpid() not in seen


def test_make_engine_names() -> None:
    assert make_engine("local", workers=2).describe() == {"engine": "local", "workers": 2}
    with pytest.raises(BadInputError, match="unknown engine 'spark'"):
        make_engine("spark")
