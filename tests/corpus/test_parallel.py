"""map_slices: chunks in order, computed in other processes, the same as in-process."""

from __future__ import annotations

import os
from collections.abc import Sequence

import pytest

from dragon_bench.corpus import parallel
from dragon_bench.corpus.parallel import map_slices


def _pid_and_sum(items: Sequence[int]) -> tuple[int, int]:
    return os.getpid(), sum(items)


@pytest.mark.parametrize("n", [0, 1, 9, 10, 11, 57])
def test_slices_in_order_in_workers(n: int) -> None:
    items = list(range(n))
    got = list(map_slices(_pid_and_sum, items, 10, 2))
    assert [s for _, s in got] == [sum(items[i : i + 10]) for i in range(0, n, 10)]
    if n > 10:  # more than one chunk: computed by the workers, not by this process
        assert os.getpid() not in {pid for pid, _ in got}
    assert parallel._SHARED == ()  # the corpus is not kept alive after the pool has forked


def test_one_worker_runs_in_process() -> None:
    got = list(map_slices(_pid_and_sum, list(range(25)), 10, 1))
    assert got == [(os.getpid(), 45), (os.getpid(), 145), (os.getpid(), 110)]


@pytest.mark.skipif(
    "spawn" not in __import__("multiprocessing").get_all_start_methods(), reason="no spawn"
)
def test_spawn_sends_the_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    got = list(map_slices(_pid_and_sum, list(range(25)), 10, 2))
    assert [s for _, s in got] == [45, 145, 110]
