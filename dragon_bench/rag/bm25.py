"""BM25 over segments with bm25s, Russian stems and stop words; texts ranked by their best segment."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import bm25s
import numpy as np

from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.retriever import SegmentTable, atomic_dir, read_meta, write_meta
from dragon_bench.rag.text import Analyzer
from dragon_bench.types import Segment

__all__ = ["BM25Retriever"]


class BM25Retriever:
    """Okapi BM25 (Robertson et al., 1994) on segments, scored by bm25s (Lù, 2024).

    bm25s's `robertson` variant omits the `(k1 + 1)` factor of Okapi BM25 and floors negative
    idf at 0; we multiply the factor back so scores equal rank_bm25's `BM25Okapi(..., epsilon=0)`.
    """

    name = "bm25"

    def __init__(self, *, k1: float = 1.5, b: float = 0.75, analyzer: Analyzer | None = None):
        self.k1 = k1
        self.b = b
        self.analyzer = analyzer or Analyzer()
        self.table = SegmentTable([])
        self._bm25: Any = None

    def _new_model(self):  # type: ignore[no-untyped-def]

        return bm25s.BM25(k1=self.k1, b=self.b, method="robertson", dtype="float64")

    def index(self, segments: Sequence[Segment]) -> None:
        self.index_tokens(SegmentTable(segments), None)

    def index_tokens(self, table: SegmentTable, tokens: list[list[str]] | None) -> None:
        """Index `table`, with its segments already analysed when `tokens` is given."""
        self.table = table
        if tokens is None:
            tokens = self.analyzer.many(s.text for s in table.segments)
        self._bm25 = self._new_model()
        if table.segments:
            scores, vocab = _robertson_csc(tokens, self.k1, self.b)
            self._bm25.scores = scores
            self._bm25.vocab_dict = vocab
            self._bm25.unique_token_ids_set = set(vocab.values())
            self._bm25.nonoccurrence_array = None

    def segment_scores(self, query: str | list[str]) -> np.ndarray:
        """Okapi BM25 score of every segment (in `self.table` order) for the query."""
        terms = self.analyzer(query) if isinstance(query, str) else query
        n = len(self.table)
        if self._bm25 is None or n == 0:
            return np.zeros(n)
        ids = self._bm25.get_tokens_ids(terms)
        if not ids:
            return np.zeros(n)
        # bm25s keeps per-(term, segment) scores in CSC arrays; summing the query's columns
        # with one bincount is several times faster than bm25s's np.add.at loop
        m = self._bm25.scores
        starts, ends = m["indptr"][ids], m["indptr"][np.asarray(ids) + 1]
        rows = np.concatenate([m["indices"][a:b] for a, b in zip(starts, ends, strict=True)])
        vals = np.concatenate([m["data"][a:b] for a, b in zip(starts, ends, strict=True)])
        scores = np.bincount(rows, weights=vals, minlength=n)
        return scores * (self.k1 + 1.0)

    def search(self, query: str, k: int = 100) -> list[Candidate]:
        scores = self.segment_scores(query)
        if not scores.any():
            return []
        return self.table.top_texts(scores, k, positive_only=True)

    def search_many(self, queries: Sequence[str], k: int = 100) -> list[list[Candidate]]:
        """`search` of many queries in one call (the queries analysed together)."""
        out = []
        for terms in self.analyzer.many(queries):
            scores = self.segment_scores(terms)
            out.append(self.table.top_texts(scores, k, positive_only=True) if scores.any() else [])
        return out

    def save(self, path: str | Path) -> None:
        def fill(tmp: Path) -> None:
            if self._bm25 is not None and len(self.table):
                self._bm25.save(str(tmp / "bm25s"))
            (tmp / "segments.json").write_text(
                json.dumps(self.table.to_rows(), ensure_ascii=False), "utf-8"
            )
            write_meta(
                tmp,
                {"kind": self.name, "k1": self.k1, "b": self.b, **self.analyzer.config()},
            )

        atomic_dir(path, fill)

    @classmethod
    def load(cls, path: str | Path) -> BM25Retriever:
        meta = read_meta(path, cls.name)
        self = cls(
            k1=meta["k1"],
            b=meta["b"],
            analyzer=Analyzer(stem=meta["stem"], stop_words=meta["stop_words"]),
        )
        rows = json.loads((Path(path) / "segments.json").read_text("utf-8"))
        self.table = SegmentTable.from_rows(rows)
        self._bm25 = self._new_model()
        if len(self.table):
            self._bm25 = bm25s.BM25.load(str(Path(path) / "bm25s"))
        return self


def _robertson_csc(
    tokens: list[list[str]], k1: float, b: float
) -> tuple[dict[str, Any], dict[str, int]]:
    """bm25s's index (term-major CSC of idf x tf-part, `robertson` variant) built with numpy.

    Same numbers as `bm25s.BM25(method="robertson").index(tokens)`: idf = ln((N - df + 0.5) /
    (df + 0.5)) floored at 0, tf-part = tf / (tf + k1 (1 - b + b |d| / avgdl)); one sort replaces
    bm25s's per-document Python counting, several times faster on large corpora.
    """
    vocab: dict[str, int] = {}
    lengths = np.fromiter((len(d) for d in tokens), dtype=np.int64, count=len(tokens))
    flat = np.fromiter(
        (vocab.setdefault(t, len(vocab)) for d in tokens for t in d),
        dtype=np.int64,
        count=int(lengths.sum()),
    )
    n_docs, n_vocab = len(tokens), len(vocab)
    # (term, segment) keys sorted in place; runs of equal keys give the term frequencies.
    # In-place steps keep the peak near one int64 per token (np.unique would copy twice).
    flat *= n_docs
    flat += np.repeat(np.arange(n_docs, dtype=np.int32), lengths)
    flat.sort()
    new_run = np.empty(len(flat), dtype=bool)
    if len(flat):
        new_run[0] = True
        np.not_equal(flat[1:], flat[:-1], out=new_run[1:])
    run_starts = np.flatnonzero(new_run)
    del new_run
    pairs = flat[run_starts]
    tf = np.diff(np.append(run_starts, len(flat)))
    del flat, run_starts
    term = pairs // n_docs
    pairs -= term * n_docs  # now the segment of each pair
    docs = pairs.astype(np.int32)
    del pairs
    df = np.bincount(term, minlength=n_vocab)
    idf = np.log(np.maximum((n_docs - df + 0.5) / (df + 0.5), 1.0))
    avgdl = float(lengths.mean()) if n_docs else 1.0
    # data = idf * tf / (tf + k1 (1 - b + b |d| / avgdl)), computed in place
    data = lengths[docs].astype(np.float64)
    data *= b / avgdl
    data += 1 - b
    data *= k1
    tf_f = tf.astype(np.float64)
    del tf
    data += tf_f
    np.divide(tf_f, data, out=data)
    del tf_f
    data *= idf[term]
    del term
    indptr = np.concatenate(([0], np.cumsum(df))).astype(np.int64)
    scores = {
        "data": data,
        "indices": docs,
        "indptr": indptr,
        "num_docs": n_docs,
    }
    return scores, vocab
