"""Hybrid retrieval: several retrievers' text rankings fused by reciprocal rank fusion."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.retriever import Retriever, atomic_dir, read_meta, write_meta
from dragon_bench.types import Segment

__all__ = ["HybridRetriever", "reciprocal_rank_fusion"]


def reciprocal_rank_fusion(rankings: Sequence[Sequence[Candidate]], k: int = 60) -> list[Candidate]:
    """RRF (Cormack, Clarke and Büttcher, 2009): score = sum over rankings of 1 / (k + rank)."""
    scores: dict[str, float] = {}
    first: dict[str, Candidate] = {}
    for ranking in rankings:
        for rank, c in enumerate(ranking, start=1):
            scores[c.docid] = scores.get(c.docid, 0.0) + 1.0 / (k + rank)
            first.setdefault(c.docid, c)
    order = sorted(scores, key=lambda d: (-scores[d], d))
    return [
        Candidate(d, scores[d], first[d].text, {**first[d].extra, "fused": True}) for d in order
    ]


class HybridRetriever:
    """Runs every part retriever for `depth` texts and fuses their rankings with RRF."""

    name = "hybrid"

    def __init__(self, parts: Sequence[Retriever], *, rrf_k: int = 60, depth: int = 100) -> None:
        self.parts = list(parts)
        self.rrf_k = rrf_k
        self.depth = depth

    def index(self, segments: Sequence[Segment]) -> None:
        for p in self.parts:
            p.index(segments)

    def search(self, query: str, k: int = 100) -> list[Candidate]:
        depth = max(k, self.depth)
        fused = reciprocal_rank_fusion([p.search(query, depth) for p in self.parts], self.rrf_k)
        return fused[:k]

    def save(self, path: str | Path) -> None:
        def fill(tmp: Path) -> None:
            for i, p in enumerate(self.parts):
                p.save(tmp / f"part{i}")
            write_meta(
                tmp,
                {
                    "kind": self.name,
                    "rrf_k": self.rrf_k,
                    "depth": self.depth,
                    "parts": [p.name for p in self.parts],
                },
            )

        atomic_dir(path, fill)

    @classmethod
    def load(cls, path: str | Path, load_part: Callable[[Path], Retriever]) -> HybridRetriever:
        """The saved hybrid; `load_part` loads each part's folder (the registry's loader)."""
        meta = read_meta(path, cls.name)
        parts = [load_part(Path(path) / f"part{i}") for i in range(len(meta["parts"]))]
        return cls(parts, rrf_k=meta["rrf_k"], depth=meta["depth"])
