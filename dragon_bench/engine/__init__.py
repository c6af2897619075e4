"""Running pipeline stages locally or on Ray: the engines and the stages' batch work."""

from dragon_bench.engine.base import Engine, split_batches
from dragon_bench.engine.engines import ENGINES, make_engine
from dragon_bench.engine.local import LocalEngine

__all__ = ["ENGINES", "Engine", "LocalEngine", "make_engine", "split_batches"]
