"""The retriever registry: each kind's name, how to build it from a `PipelineConfig`, and how
to load the index `save` wrote (its `meta.json` names the kind).

Adding a retriever is one module with the class (`index`, `search`, `save`, a `load`
classmethod) and one entry in `RETRIEVER_KINDS`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dragon_bench.errors import BadInputError
from dragon_bench.llm import ChatModel
from dragon_bench.rag.bm25 import BM25Retriever
from dragon_bench.rag.dense import DenseRetriever, make_encoder
from dragon_bench.rag.hybrid import HybridRetriever
from dragon_bench.rag.retriever import Retriever

if TYPE_CHECKING:  # the config validates names against this registry
    from dragon_bench.rag.config import PipelineConfig

__all__ = ["RETRIEVER_KINDS", "RetrieverKind", "load_retriever", "make_retriever"]


@dataclass(frozen=True)
class RetrieverKind:
    """How one kind of retriever is made from a config and loaded from its saved folder."""

    build: Callable[[PipelineConfig, ChatModel | None], Retriever]
    load: Callable[[Path, ChatModel | None], Retriever]


def _bm25(config: PipelineConfig, llm: ChatModel | None) -> Retriever:
    return BM25Retriever(k1=config.k1, b=config.b)


def _dense(config: PipelineConfig, llm: ChatModel | None) -> Retriever:
    return DenseRetriever(make_encoder(config.dense_model, llm))


def _hybrid(config: PipelineConfig, llm: ChatModel | None) -> Retriever:
    parts = [_bm25(config, llm), _dense(config, llm)]
    return HybridRetriever(parts, rrf_k=config.rrf_k, depth=config.retrieve_k)


def _load_hybrid(path: Path, llm: ChatModel | None) -> Retriever:
    return HybridRetriever.load(path, lambda part: load_retriever(part, llm))


RETRIEVER_KINDS: dict[str, RetrieverKind] = {
    "bm25": RetrieverKind(_bm25, lambda path, llm: BM25Retriever.load(path)),
    "dense": RetrieverKind(_dense, DenseRetriever.load),
    "hybrid": RetrieverKind(_hybrid, _load_hybrid),
}


def make_retriever(config: PipelineConfig, llm: ChatModel | None = None) -> Retriever:
    """The retriever `config.retriever` names, not yet indexed."""
    return RETRIEVER_KINDS[config.retriever].build(config, llm)


def load_retriever(path: str | Path, llm: ChatModel | None = None) -> Retriever:
    """The retriever saved in `path`, of the kind its meta.json names."""
    file = Path(path) / "meta.json"
    if not file.exists():
        raise BadInputError(f"{path} is not a saved index (no meta.json)")
    kind = str(json.loads(file.read_text("utf-8")).get("kind"))
    if kind not in RETRIEVER_KINDS:
        raise BadInputError(f"{path} holds an index of unknown kind {kind!r}")
    return RETRIEVER_KINDS[kind].load(Path(path), llm)
