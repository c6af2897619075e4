"""The baseline system for a revision: a pipeline built once per revision and kept on disk."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from dragon_bench.client.revision import Revision
from dragon_bench.llm import ChatModel
from dragon_bench.rag import Pipeline, PipelineConfig
from dragon_bench.rag.cached import cached_pipeline, texts_stamp

__all__ = ["baseline_pipeline", "revision_stamp", "run_identity"]


def revision_stamp(revision: Revision) -> dict[str, Any]:
    """What identifies the indexed texts: version, source and a digest of ids and texts."""
    return texts_stamp(revision.version, revision.source, revision.texts)


def run_identity(revision: Revision, config: PipelineConfig) -> dict[str, Any]:
    """What makes a run's answers: the revision's texts and questions, the pipeline settings and
    (for LLM pipelines) the model. Where the revision was read from does not matter."""

    stamp = revision_stamp(revision)
    h = hashlib.sha256()
    for key in sorted(revision.questions):
        h.update(f"{key}\x00{revision.questions[key]}\x01".encode())
    return {
        "version": stamp["version"],
        "texts_sha256": stamp["texts_sha256"],
        "questions_sha256": h.hexdigest(),
        "pipeline": config.to_dict(),
        "llm_model": os.environ.get("DRAGON_LLM_MODEL", "") if config.needs_llm else "",
    }


def baseline_pipeline(
    revision: Revision,
    config: PipelineConfig | None = None,
    *,
    index_dir: str | Path | None = None,
    llm: ChatModel | None = None,
) -> Pipeline:
    """A Pipeline over the revision's texts, reusing `index_dir` when it indexes the same texts
    with the same index settings (so a resumed run does not re-index)."""
    config = config or PipelineConfig()
    return cached_pipeline(
        revision, config, stamp=revision_stamp(revision), index_dir=index_dir, llm=llm
    )
