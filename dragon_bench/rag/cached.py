"""A pipeline over some texts, indexed once and kept on disk: reused when the folder indexes
the same texts (its stamp) with the same index settings."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from dragon_bench.llm import ChatModel
from dragon_bench.output import stderr
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.pipeline import Pipeline

__all__ = ["cached_pipeline", "texts_stamp"]


def _say(message: str) -> None:
    stderr.print(message)


def texts_stamp(version: str, source: str, texts: Mapping[int, str]) -> dict[str, Any]:
    """What identifies indexed texts: version, source and a digest of the ids and texts."""
    h = hashlib.sha256()
    for key in sorted(texts):
        h.update(f"{key}\x00{texts[key]}\x01".encode())
    return {"version": version, "source": source, "texts_sha256": h.hexdigest()}


def cached_pipeline(
    texts: Any,
    config: PipelineConfig,
    *,
    stamp: Mapping[str, Any],
    index_dir: str | Path | None = None,
    llm: ChatModel | None = None,
    log: Callable[[str], None] = _say,
) -> Pipeline:
    """`Pipeline.build(texts, config)`, or the one saved in `index_dir` when it was built from
    texts with the same `stamp` and the same index settings (settings that need no new index,
    such as the reranker or k, are taken from `config`); a new build is saved there."""
    if index_dir is not None:
        saved = Pipeline.saved_config(index_dir)
        if (
            saved is not None
            and saved[1] == dict(stamp)
            and saved[0].index_settings() == config.index_settings()
        ):
            changes = {k: v for k, v in config.to_dict().items() if k not in config.INDEX_FIELDS}
            log(f"reusing the index in {index_dir}")
            return Pipeline.load(index_dir, llm=llm, **changes)
    log(
        f"indexing {len(texts.texts if hasattr(texts, 'texts') else texts)} texts ({config.retriever})"
    )
    pipeline = Pipeline.build(texts, config, llm=llm)
    if index_dir is not None:
        pipeline.save(index_dir, stamp=stamp)
    return pipeline
