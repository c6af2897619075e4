"""Passages for retrieval: texts cut into windows of sentences, long sentences cut to size."""

from __future__ import annotations

from collections.abc import Iterable

from dragon_bench.corpus import segment_documents
from dragon_bench.types import Document, Segment

__all__ = ["segment_texts"]


def _cut_long(seg: Segment, max_chars: int) -> list[Segment]:
    """Texts without sentence punctuation would make one huge passage: cut it at spaces."""
    if len(seg.text) <= max_chars:
        return [seg]
    out: list[Segment] = []
    pos = 0
    text = seg.text
    while pos < len(text):
        end = min(len(text), pos + max_chars)
        if end < len(text):
            space = text.rfind(" ", pos + max_chars // 2, end)
            end = space if space > pos else end
        piece = text[pos:end]
        if piece.strip():
            a = seg.start_char + pos
            out.append(Segment(f"{seg.id}.{len(out)}", seg.doc_id, piece, a, a + len(piece)))
        pos = end
    return out


def segment_texts(
    texts: Iterable[tuple[str, str]], *, window: int = 3, stride: int = 2, max_chars: int = 1500
) -> list[Segment]:
    """Windows of `window` sentences every `stride` sentences over (id, text) pairs.

    The corpus part's segmenter; a text with no sentences yields nothing, and passages longer
    than `max_chars` are split.
    """
    docs = [Document(id=i, text=t) for i, t in texts]
    segments = list(segment_documents(docs, window=window, stride=stride))
    return [piece for s in segments for piece in _cut_long(s, max_chars)]
