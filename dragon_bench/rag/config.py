"""A RAG pipeline as configuration: which retriever, reranker and generator, and how deep each goes."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dragon_bench.errors import BadInputError
from dragon_bench.rag.retrievers import RETRIEVER_KINDS

__all__ = [
    "PipelineConfig",
    "RETRIEVERS",
    "RERANKERS",
    "GENERATORS",
    "HOPS",
    "HOP_WHEN",
    "builtin_pipelines",
]

RETRIEVERS = tuple(RETRIEVER_KINDS)
RERANKERS = ("none", "lexical", "cross-encoder", "llm")
GENERATORS = ("extractive", "llm")
HOPS = (1, 2)
HOP_WHEN = ("clause", "always")


_BUILTIN = Path(__file__).parent / "pipelines"


def builtin_pipelines() -> list[str]:
    """Names of the pipeline configs shipped in the package."""
    return sorted(p.stem for p in _BUILTIN.glob("*.yaml"))


@dataclass(frozen=True)
class PipelineConfig:
    """Settings of a retrieve → rerank → generate pipeline (Ragnarök-style).

    `retrieve_k` texts are retrieved, the first `rerank_k` reranked, the first `top_k` sent to
    the generator, and the first `found_k` reported as `found_ids`. `dense_model` is `navec`
    (offline), `st:<local model path>` or `api` (the embeddings endpoint of DRAGON_LLM_*).
    `hops: 2` retrieves a second time with the bridge entity named in the first texts
    (dragon_bench.rag.hops), for questions with a relative clause (`hop_when: clause`) or all;
    `hops: 1` turns it off.
    """

    retriever: str = "bm25"
    dense_model: str = "navec"
    k1: float = 1.5
    b: float = 0.75
    rrf_k: int = 60
    segment_window: int = 3
    segment_stride: int = 2
    retrieve_k: int = 100
    reranker: str = "lexical"
    reranker_model: str = ""
    rerank_k: int = 20
    generator: str = "extractive"
    top_k: int = 5
    found_k: int = 10
    max_question_chars: int = 2000
    run_id: str = "dragon-baseline"
    hops: int = 2
    hop_when: str = "clause"

    def __post_init__(self) -> None:
        for name, value, allowed in (
            ("retriever", self.retriever, RETRIEVERS),
            ("reranker", self.reranker, RERANKERS),
            ("generator", self.generator, GENERATORS),
            ("hop_when", self.hop_when, HOP_WHEN),
        ):
            if value not in allowed:
                raise BadInputError(f"pipeline {name} {value!r} is not one of {', '.join(allowed)}")
        for name in (
            "retrieve_k",
            "rerank_k",
            "top_k",
            "found_k",
            "segment_window",
            "segment_stride",
        ):
            if getattr(self, name) < 1:
                raise BadInputError(
                    f"pipeline {name} must be at least 1, got {getattr(self, name)}"
                )
        if self.hops not in HOPS:
            raise BadInputError(f"pipeline hops must be 1 or 2, got {self.hops!r}")
        if self.reranker == "cross-encoder" and not self.reranker_model:
            raise BadInputError(
                "reranker 'cross-encoder' needs reranker_model (a local model path)"
            )

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, where: str = "pipeline config") -> PipelineConfig:
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise BadInputError(
                f"{where}: unknown setting(s) {', '.join(unknown)}; known: {', '.join(known)}"
            )
        clean: dict[str, Any] = {}
        for key, value in data.items():
            kind = type(getattr(cls(), key))
            try:
                clean[key] = kind(value)
            except (TypeError, ValueError) as exc:
                raise BadInputError(f"{where}: {key}={value!r} is not a {kind.__name__}") from exc
        return cls(**clean)

    @classmethod
    def from_file(cls, path: str | Path) -> PipelineConfig:
        """Read a YAML or JSON file (a mapping of the fields above; a `pipeline:` key may wrap it)."""
        p = Path(path)
        data = read_config_mapping(p)
        if isinstance(data.get("pipeline"), dict):
            data = data["pipeline"]
        return cls.from_dict(data, where=str(p))

    @classmethod
    def named(cls, spec: str | Path) -> PipelineConfig:
        """A built-in pipeline by name (`baseline`, `hybrid`, `llm`) or a config file's path."""
        if str(spec) in builtin_pipelines():
            return cls.from_file(_BUILTIN / f"{spec}.yaml")
        path = Path(spec)
        if not path.exists():
            raise BadInputError(
                f"no pipeline config {spec!r}: give a file or one of {', '.join(builtin_pipelines())}"
            )
        return cls.from_file(path)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def replace(self, **changes: Any) -> PipelineConfig:
        return dataclasses.replace(self, **changes)

    INDEX_FIELDS = (
        "retriever",
        "dense_model",
        "k1",
        "b",
        "rrf_k",
        "segment_window",
        "segment_stride",
    )

    def index_settings(self) -> dict[str, Any]:
        """The settings an index depends on; others can change without re-indexing."""
        return {k: getattr(self, k) for k in self.INDEX_FIELDS}

    @property
    def needs_llm(self) -> bool:
        return (
            self.reranker == "llm"
            or self.generator == "llm"
            or (self.retriever != "bm25" and self.dense_model == "api")
        )


def read_config_mapping(path: Path) -> dict[str, Any]:
    """The mapping in a YAML or JSON pipeline config file; BadInputError naming the file otherwise."""

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInputError(f"cannot read pipeline config: {exc}", path=str(path)) from exc
    except UnicodeDecodeError as exc:
        raise BadInputError(f"not UTF-8 text (byte {exc.start})", path=str(path)) from None
    try:
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        raise BadInputError(f"not valid YAML/JSON: {exc}", path=str(path)) from exc
    if not isinstance(data, dict):
        raise BadInputError("a pipeline config is a mapping of settings", path=str(path))
    return data
