"""The Ray engine on a local Ray instance gives the local engine's output (marked `ray`).

One test, because starting Ray and its first Data pipeline take most of a minute here.
"""

from __future__ import annotations

from typing import Any

import pytest

from dragon_bench.engine import LocalEngine
from dragon_bench.types import Document
from tests.engine.batchfns import lengths_with_marker

pytestmark = pytest.mark.ray


def test_ray_engine_and_update_on_ray_equal_local(
    ray_local: Any, news_server: Any, tmp_path: Any, tmp_path_factory: Any
) -> None:
    from dragon_bench.engine.ray_engine import RayEngine

    engine = RayEngine()
    assert engine.workers == 2
    docs = [Document(id=f"d{i}", text="ё" * i, title=f"Заголовок {i}") for i in range(17)]
    got = engine.map_batches(lengths_with_marker, docs, batch_size=4)
    assert got == LocalEngine().map_batches(lengths_with_marker, docs, batch_size=4)
    assert engine.map_batches(lengths_with_marker, [], batch_size=4) == []

    try:
        from dragon_bench.kg import extract_triples  # noqa: F401
    except ImportError:
        pytest.skip("the KG part (dragon_bench.kg.extract_triples) is not in this checkout")
    from dragon_bench.hub import Hub
    from dragon_bench.release.update import run_update
    from tests.helpers.updating import config_for, make_base_hub, serve_demo

    feed = serve_demo(news_server)
    cache = tmp_path_factory.mktemp("ray-base") / "hub"
    made = {}
    for name, eng in (("local", LocalEngine(workers=2)), ("ray", engine)):
        work = tmp_path / name
        hub = make_base_hub(work / "hub", cache)
        report = run_update(config_for(work, hub, feed), eng)
        assert report["version"] == "1.1.0" and report["engine"] == name
        made[name] = Hub(str(hub))
    for half, table in (("public", "texts"), ("public", "questions"), ("private", "texts"),
                        ("private", "qa"), ("private", "kg")):  # fmt: skip
        local = made["local"].read_table(half, "1.1.0", table)
        assert made["ray"].read_table(half, "1.1.0", table).equals(local), (half, table)
    engine.close()  # the fixture's Ray instance is left running
    assert ray_local.is_initialized()
