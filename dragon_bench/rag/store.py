"""Loading any saved retriever index by the kind its meta.json names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dragon_bench.rag.retriever import Retriever

__all__ = ["load_retriever"]


def load_retriever(path: str | Path, llm: Any = None) -> Retriever:
    """A BM25, dense or hybrid retriever from the folder `save` wrote."""
    from dragon_bench.rag.bm25 import BM25Retriever
    from dragon_bench.rag.dense import DenseRetriever
    from dragon_bench.rag.hybrid import HybridRetriever

    kind = _kind(path)
    if kind == "bm25":
        return BM25Retriever.load(path)
    if kind == "dense":
        return DenseRetriever.load(path, llm)
    return HybridRetriever.load(path, llm)


def _kind(path: str | Path) -> str:
    import json

    from dragon_bench.errors import BadInputError

    file = Path(path) / "meta.json"
    if not file.exists():
        raise BadInputError(f"{path} is not a saved index (no meta.json)")
    kind = str(json.loads(file.read_text("utf-8")).get("kind"))
    if kind not in ("bm25", "dense", "hybrid"):
        raise BadInputError(f"{path} holds an index of unknown kind {kind!r}")
    return kind
