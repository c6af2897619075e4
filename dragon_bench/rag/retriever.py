"""The retriever interface and the segment-to-text aggregation every retriever shares."""

from __future__ import annotations

import json
import os
import shutil
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from dragon_bench.errors import BadInputError
from dragon_bench.rag.candidate import Candidate
from dragon_bench.types import Segment

__all__ = ["Retriever", "SegmentTable", "atomic_dir", "read_meta", "write_meta"]


@runtime_checkable
class Retriever(Protocol):
    """Indexes passages and returns texts (not passages) best first."""

    name: str

    def index(self, segments: Sequence[Segment]) -> None: ...

    def search(self, query: str, k: int = 100) -> list[Candidate]: ...

    def save(self, path: str | Path) -> None: ...


class SegmentTable:
    """Segments grouped by text so per-segment scores reduce to per-text maxima in one pass."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        # group texts together, keeping the caller's order inside one text
        order = sorted(range(len(segments)), key=lambda i: (segments[i].doc_id, i))
        self.segments = [segments[i] for i in order]
        ids = [s.doc_id for s in self.segments]
        starts = [i for i in range(len(ids)) if i == 0 or ids[i] != ids[i - 1]]
        self.starts = np.asarray(starts, dtype=np.int64)
        self.doc_ids = [ids[i] for i in starts]
        self.doc_of = np.repeat(
            np.arange(len(starts)), np.diff(np.append(self.starts, len(ids)))
        ).astype(np.int64)

    def __len__(self) -> int:
        return len(self.segments)

    def top_texts(
        self, scores: np.ndarray, k: int, passages: int = 2, *, positive_only: bool = False
    ) -> list[Candidate]:
        """Texts ranked by their best segment score (max aggregation), with the best passages.

        With `positive_only` (lexical scores), texts without a positive segment are left out
        and only touched segments are aggregated, which is much faster on large indexes.
        """
        if len(self.segments) == 0 or k <= 0:
            return []
        if positive_only:
            touched = np.flatnonzero(scores > 0)
            if not touched.size:
                return []
            docs = self.doc_of[touched]
            bounds = np.flatnonzero(np.diff(docs)) + 1
            first_of = np.concatenate(([0], bounds))
            texts = docs[first_of]
            best = np.maximum.reduceat(scores[touched], first_of)
        else:
            texts = np.arange(len(self.starts))
            best = np.maximum.reduceat(scores, self.starts)
        k = min(k, len(best))
        pick = np.argpartition(-best, k - 1)[:k]
        pick = pick[np.lexsort((texts[pick], -best[pick]))]
        top = texts[pick]
        top_scores = best[pick].tolist()
        # all segments of the chosen texts at once, each text's best `passages` first
        lo = self.starts[top]
        hi = np.append(self.starts, len(self.segments))[top + 1]
        sizes = hi - lo
        group = np.repeat(np.arange(len(top)), sizes)
        seg = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        seg += np.repeat(lo, sizes)
        order = np.lexsort((seg, -scores[seg], group))
        first = np.searchsorted(group[order], np.arange(len(top)))
        out: list[Candidate] = []
        for g, t in enumerate(top.tolist()):
            picks = order[first[g] : first[g] + min(passages, int(sizes[g]))].tolist()
            chosen = sorted((self.segments[int(seg[i])] for i in picks), key=_start)
            text = chosen[0].text if len(chosen) == 1 else _join(chosen)
            extra = {"segments": [c.id for c in chosen]}
            out.append(Candidate(self.doc_ids[t], top_scores[g], text, extra))
        return out

    def to_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "id": s.id,
                "doc_id": s.doc_id,
                "text": s.text,
                "start": s.start_char,
                "end": s.end_char,
            }
            for s in self.segments
        ]

    @classmethod
    def from_rows(cls, rows: Sequence[dict[str, Any]]) -> SegmentTable:
        return cls([Segment(r["id"], r["doc_id"], r["text"], r["start"], r["end"]) for r in rows])


def _start(segment: Segment) -> int:
    return segment.start_char


def _join(segments: Sequence[Segment]) -> str:
    """Passages of one text in document order; overlapping windows are merged, gaps marked."""
    parts: list[str] = []
    end = -1
    for seg in segments:
        if parts and seg.start_char < end:
            parts[-1] += seg.text[end - seg.start_char :] if seg.end_char > end else ""
        else:
            parts.append(seg.text)
        end = max(end, seg.end_char)
    return " … ".join(parts)


def write_meta(path: Path, meta: dict[str, Any]) -> None:
    (path / "meta.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1), "utf-8")


def read_meta(path: str | Path, kind: str) -> dict[str, Any]:
    file = Path(path) / "meta.json"
    if not file.exists():
        raise BadInputError(f"{path} is not a saved index (no meta.json)")
    meta: dict[str, Any] = json.loads(file.read_text("utf-8"))
    if meta.get("kind") != kind:
        raise BadInputError(f"{path} holds a {meta.get('kind')!r} index, not {kind!r}")
    return meta


def atomic_dir(path: str | Path, fill: Callable[[Path], None]) -> None:
    """Write a folder through `fill(tmp)` and move it into place only when complete."""
    final = Path(path)
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.parent / f".tmp-{final.name}-{uuid.uuid4().hex[:8]}"
    tmp.mkdir()
    try:
        fill(tmp)
        old = None
        if final.exists():
            old = final.parent / f".old-{final.name}-{uuid.uuid4().hex[:8]}"
            os.replace(final, old)
        os.replace(tmp, final)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
