"""Dense retrieval over segments: cosine similarity of embeddings from one of three encoders.

`navec` (offline default): idf-weighted mean of natasha's news word vectors (navec, 300-d);
`st:<path>`: a sentence-transformers model from a local path (the `dense` extra);
`api`: an OpenAI-compatible embeddings endpoint through dragon_bench.llm.LLMClient.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from dragon_bench.errors import BadInputError, require_extra
from dragon_bench.llm import ChatModel, LLMClient, LLMSettings
from dragon_bench.nlp import models
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.retriever import SegmentTable, atomic_dir, read_meta, write_meta
from dragon_bench.rag.text import STOP_WORDS, word_tokens
from dragon_bench.types import Segment

__all__ = [
    "Encoder",
    "NavecEncoder",
    "SentenceTransformerEncoder",
    "APIEncoder",
    "DenseRetriever",
    "make_encoder",
]


class Encoder(Protocol):
    spec: str

    def fit(self, texts: Sequence[str]) -> None: ...

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...

    def state(self) -> dict[str, Any]: ...


def _normalise(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return (m / np.where(norms == 0, 1.0, norms)).astype(np.float32)


def _navec() -> Any:
    return models.embedding()


class NavecEncoder:
    """Mean of navec word vectors weighted by the words' idf over the indexed passages
    (a smoothed-idf variant of the weighted average of Arora et al., 2017)."""

    spec = "navec"

    def __init__(self, idf: dict[str, float] | None = None) -> None:
        self.idf = idf or {}
        self.default_idf = max(self.idf.values(), default=1.0)

    def fit(self, texts: Sequence[str]) -> None:
        df: Counter[str] = Counter()
        for t in texts:
            df.update(set(word_tokens(t)))
        n = len(texts)
        self.idf = {w: math.log((n + 1) / (c + 0.5)) for w, c in df.items()}
        self.default_idf = max(self.idf.values(), default=1.0)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        navec = _navec()
        ids_of = navec.vocab.word_ids
        pq = navec.pq
        tokens = [[w for w in word_tokens(t) if w not in STOP_WORDS] for t in texts]
        vocab = sorted({w for ts in tokens for w in ts if w in ids_of})
        row = {w: i for i, w in enumerate(vocab)}
        ids = np.array([ids_of[w] for w in vocab], dtype=np.int64)
        if len(ids):
            words = pq.codes[pq.qdims[None, :], pq.indexes[ids]].reshape(len(ids), pq.dim)
        else:
            words = np.zeros((0, pq.dim), dtype=np.float32)
        out = np.zeros((len(texts), pq.dim), dtype=np.float32)
        for i, ts in enumerate(tokens):
            counts = Counter(w for w in ts if w in row)
            if not counts:
                continue
            idx = np.array([row[w] for w in counts])
            weight = np.array([c * self.idf.get(w, self.default_idf) for w, c in counts.items()])
            out[i] = weight @ words[idx]
        return _normalise(out)

    def state(self) -> dict[str, Any]:
        return {"idf": self.idf}


class SentenceTransformerEncoder:
    """Any sentence-transformers model given by a local path (nothing is downloaded)."""

    def __init__(self, model: str) -> None:
        st = require_extra("sentence_transformers", "dense")
        self.spec = f"st:{model}"
        self.model = st.SentenceTransformer(model)

    def fit(self, texts: Sequence[str]) -> None:
        return None

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        vecs = self.model.encode(list(texts), batch_size=32, normalize_embeddings=True)
        return np.asarray(vecs, dtype=np.float32)

    def state(self) -> dict[str, Any]:
        return {}


class APIEncoder:
    """Embeddings from an OpenAI-compatible `/v1/embeddings` endpoint via LLMClient.embed."""

    spec = "api"

    def __init__(self, llm: ChatModel) -> None:
        self.llm = llm

    def fit(self, texts: Sequence[str]) -> None:
        return None

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        vecs = self.llm.embed(list(texts))
        dims = {len(v) for v in vecs}
        if len(dims) != 1 or 0 in dims:
            raise BadInputError(f"embeddings endpoint returned vectors of sizes {sorted(dims)}")
        return _normalise(np.asarray(vecs, dtype=np.float32))

    def state(self) -> dict[str, Any]:
        return {"model": getattr(self.llm, "embedding_model", "")}


def make_encoder(
    spec: str, llm: ChatModel | None = None, state: dict[str, Any] | None = None
) -> Encoder:
    """An encoder from its spec: `navec`, `st:<model path>` or `api`."""
    if spec == "navec":
        return NavecEncoder((state or {}).get("idf"))
    if spec.startswith("st:"):
        return SentenceTransformerEncoder(spec[3:])
    if spec == "api":
        if llm is None:
            settings = LLMSettings.from_env()
            if not settings.base_url:
                raise BadInputError("dense model 'api' needs DRAGON_LLM_BASE_URL (and a model)")
            llm = LLMClient(settings)
        return APIEncoder(llm)
    raise BadInputError(f"unknown dense model {spec!r}: use navec, st:<model path> or api")


class DenseRetriever:
    """Segments embedded once; a query is embedded and texts ranked by their best segment."""

    name = "dense"

    def __init__(self, encoder: Encoder | None = None) -> None:
        self.encoder: Encoder = encoder or NavecEncoder()
        self.table = SegmentTable([])
        self.matrix = np.zeros((0, 0), dtype=np.float32)

    def index(self, segments: Sequence[Segment]) -> None:
        self.table = SegmentTable(segments)
        texts = [s.text for s in self.table.segments]
        self.encoder.fit(texts)
        self.matrix = self.encoder.encode(texts) if texts else np.zeros((0, 0), np.float32)

    def segment_scores(self, query: str) -> np.ndarray:
        if not len(self.table) or not query.strip():
            return np.zeros(len(self.table))
        q = self.encoder.encode([query])[0]
        return (self.matrix @ q).astype(np.float64)

    def search(self, query: str, k: int = 100) -> list[Candidate]:
        scores = self.segment_scores(query)
        if not scores.any():
            return []
        return self.table.top_texts(scores, k)

    def save(self, path: str | Path) -> None:
        def fill(tmp: Path) -> None:
            np.save(tmp / "embeddings.npy", self.matrix)
            (tmp / "segments.json").write_text(
                json.dumps(self.table.to_rows(), ensure_ascii=False), "utf-8"
            )
            (tmp / "encoder.json").write_text(
                json.dumps(self.encoder.state(), ensure_ascii=False), "utf-8"
            )
            write_meta(tmp, {"kind": self.name, "encoder": self.encoder.spec})

        atomic_dir(path, fill)

    @classmethod
    def load(cls, path: str | Path, llm: ChatModel | None = None) -> DenseRetriever:
        meta = read_meta(path, cls.name)
        state = json.loads((Path(path) / "encoder.json").read_text("utf-8"))
        self = cls(make_encoder(meta["encoder"], llm, state))
        self.table = SegmentTable.from_rows(
            json.loads((Path(path) / "segments.json").read_text("utf-8"))
        )
        self.matrix = np.load(Path(path) / "embeddings.npy")
        return self
