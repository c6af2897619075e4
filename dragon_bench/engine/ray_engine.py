"""The Ray engine: each batch is one row of a Ray Data dataset, mapped with `map_batches`.

Batches are cut on the driver exactly as the local engine cuts them and travel as pickled
blobs, so any Python record (Documents, Triples) crosses the cluster unchanged and the
results equal the local engine's. Ray is imported only when this engine is made.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from typing import Any

from dragon_bench.engine.base import Engine, split_batches
from dragon_bench.errors import require_extra

__all__ = ["RayEngine"]


def _apply(fn: Callable[[list[Any]], list[Any]]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def run(rows: dict[str, Any]) -> dict[str, Any]:
        outs = [pickle.dumps(fn(pickle.loads(blob))) for blob in rows["blob"]]
        return {"i": list(rows["i"]), "blob": outs}

    return run


class RayEngine(Engine):
    """Runs batches as Ray Data tasks on the cluster at `address` (or a local Ray instance).

    If Ray is already initialised in this process it is used as it is; otherwise the
    engine connects to `address` (None starts a local instance with `num_cpus` CPUs).
    """

    name = "ray"

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        self.ray = require_extra("ray", "ray")
        require_extra("ray.data", "ray")
        self._started = False
        if not self.ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                kwargs["address"] = address
            elif num_cpus:
                kwargs["num_cpus"] = num_cpus
            self.ray.init(**kwargs)
            self._started = True

    @property
    def workers(self) -> int:
        return int(self.ray.cluster_resources().get("CPU", 1))

    def map_batches(
        self, fn: Callable[[list[Any]], list[Any]], items: Sequence[Any], *, batch_size: int = 64
    ) -> list[Any]:
        ray_data = require_extra("ray.data", "ray")
        batches = split_batches(items, batch_size)
        if not batches:
            return []
        # A pipeline here is one map operator; Ray Data's per-operator reservation (meant for
        # multi-stage pipelines) would hold back part of a small cluster's CPUs.
        ray_data.DataContext.get_current().op_resource_reservation_enabled = False
        rows = [{"i": i, "blob": pickle.dumps(b)} for i, b in enumerate(batches)]
        source = ray_data.from_items(rows, override_num_blocks=len(rows))
        mapped = source.map_batches(_apply(fn), batch_size=1, batch_format="numpy", num_cpus=1)
        done = sorted(mapped.take_all(), key=lambda r: int(r["i"]))
        return [r for row in done for r in pickle.loads(row["blob"])]

    def close(self) -> None:
        if self._started:
            self.ray.shutdown()
            self._started = False
