"""The Ray engine on a local Ray instance gives the local engine's output (marked `ray`)."""

from __future__ import annotations

from typing import Any

import pytest

from dragon_bench.engine import LocalEngine
from dragon_bench.types import Document
from tests.engine.batchfns import lengths_with_marker

pytestmark = pytest.mark.ray


def test_ray_engine_equals_local_engine(ray_local: Any) -> None:
    from dragon_bench.engine.ray_engine import RayEngine

    docs = [Document(id=f"d{i}", text="ё" * i, title=f"Заголовок {i}") for i in range(17)]
    engine = RayEngine()
    assert engine.workers == 2
    got = engine.map_batches(lengths_with_marker, docs, batch_size=4)
    assert got == LocalEngine().map_batches(lengths_with_marker, docs, batch_size=4)
    assert engine.map_batches(lengths_with_marker, [], batch_size=4) == []
    engine.close()  # the fixture's Ray instance is left running
    assert ray_local.is_initialized()
