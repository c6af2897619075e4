"""The engine registry: each engine's name and how to make it."""

from __future__ import annotations

from collections.abc import Callable

from dragon_bench.engine.base import Engine
from dragon_bench.engine.local import LocalEngine
from dragon_bench.engine.ray_engine import RayEngine
from dragon_bench.errors import BadInputError

__all__ = ["ENGINES", "make_engine"]

# name -> (workers, address) -> engine; adding an engine is one module and one entry here
ENGINES: dict[str, Callable[[int | None, str | None], Engine]] = {
    "local": lambda workers, address: LocalEngine(workers=workers or 1),
    "ray": lambda workers, address: RayEngine(address=address, num_cpus=workers),
}


def make_engine(name: str, *, workers: int | None = None, address: str | None = None) -> Engine:
    """An engine by name: `local` (in-process or a process pool) or `ray` (a Ray cluster)."""
    if name not in ENGINES:
        raise BadInputError(f"unknown engine {name!r} (choose from {', '.join(ENGINES)})")
    return ENGINES[name](workers, address)
