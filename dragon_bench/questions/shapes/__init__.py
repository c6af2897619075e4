"""The question-shape registry: one module per type, each exposing `SHAPE` (sample, phrase,
check). The registry, not a hand-written list, is the source of the question types; a new
type is one new module in this package."""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Iterator

from dragon_bench.questions.sampling import FactGraph, Subgraph
from dragon_bench.questions.shapes.base import Shape

__all__ = ["QUESTION_SHAPES", "QUESTION_TYPES", "CRAG_TYPES", "Shape", "iter_subgraphs"]


def _discover() -> dict[str, Shape]:
    found: list[Shape] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        shape = getattr(module, "SHAPE", None)
        if shape is not None:
            found.append(shape)
    found.sort(key=lambda s: (s.order, s.name))
    return {s.name: s for s in found}


QUESTION_SHAPES: dict[str, Shape] = _discover()
QUESTION_TYPES: tuple[str, ...] = tuple(QUESTION_SHAPES)
# our question types in CRAG's vocabulary (crag/convert.py)
CRAG_TYPES: dict[str, str] = {name: s.crag_type for name, s in QUESTION_SHAPES.items()}


def iter_subgraphs(graph: FactGraph, qtype: str, rng: random.Random) -> Iterator[Subgraph]:
    """Candidate subgraphs of one shape in a seeded random order."""
    if qtype not in QUESTION_SHAPES:
        raise ValueError(f"unknown question type {qtype!r} (known: {', '.join(QUESTION_TYPES)})")
    return QUESTION_SHAPES[qtype].sample(graph, rng)
