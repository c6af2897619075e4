"""The corpus layer: readers, the snapshot store and diff, near-duplicate removal, segmentation.

Names are imported lazily (an attribute loads its one module) so that a part needing one of
them, such as `rag/segment.py` the segmenter, does not import the readers, store and dedup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragon_bench.lazy import lazy_attributes

if TYPE_CHECKING:
    from dragon_bench.corpus.builtin import builtin_corpus_path
    from dragon_bench.corpus.dedup import DedupResult, DuplicateCluster, dedup_documents
    from dragon_bench.corpus.diff import DocumentDiff, diff_documents
    from dragon_bench.corpus.reader import FieldMap, iter_documents, read_documents
    from dragon_bench.corpus.segment import segment_document, segment_documents
    from dragon_bench.corpus.store import SnapshotStore

__all__ = [
    "FieldMap",
    "iter_documents",
    "read_documents",
    "builtin_corpus_path",
    "SnapshotStore",
    "DocumentDiff",
    "diff_documents",
    "DedupResult",
    "DuplicateCluster",
    "dedup_documents",
    "segment_document",
    "segment_documents",
]

_WHERE = {
    "FieldMap": "reader",
    "iter_documents": "reader",
    "read_documents": "reader",
    "builtin_corpus_path": "builtin",
    "SnapshotStore": "store",
    "DocumentDiff": "diff",
    "diff_documents": "diff",
    "DedupResult": "dedup",
    "DuplicateCluster": "dedup",
    "dedup_documents": "dedup",
    "segment_document": "segment",
    "segment_documents": "segment",
}


__getattr__, __dir__ = lazy_attributes(__name__, _WHERE, __all__)
