"""The baseline system for a revision: a pipeline built once per revision and kept on disk."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from dragon_bench.client.revision import Revision
from dragon_bench.output import stderr

__all__ = ["baseline_pipeline", "revision_stamp", "run_identity"]


def revision_stamp(revision: Revision) -> dict[str, Any]:
    """What identifies the indexed texts: version, source and a digest of ids and texts."""
    h = hashlib.sha256()
    for key in sorted(revision.texts):
        h.update(f"{key}\x00{revision.texts[key]}\x01".encode())
    return {"version": revision.version, "source": revision.source, "texts_sha256": h.hexdigest()}


def run_identity(revision: Revision, config: Any) -> dict[str, Any]:
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
    config: Any = None,
    *,
    index_dir: str | Path | None = None,
    llm: Any = None,
) -> Any:
    """A Pipeline over the revision's texts, reusing `index_dir` when it indexes the same texts
    with the same index settings (so a resumed run does not re-index)."""
    from dragon_bench.rag import Pipeline, PipelineConfig

    config = config or PipelineConfig()
    stamp = revision_stamp(revision)
    if index_dir is not None:
        saved = Pipeline.saved_config(index_dir)
        same = saved is not None and saved[1] == stamp
        if same and saved is not None and saved[0].index_settings() == config.index_settings():
            changes = {k: v for k, v in config.to_dict().items() if k not in config.INDEX_FIELDS}
            stderr.print(f"reusing the index in {index_dir}")
            return Pipeline.load(index_dir, llm=llm, **changes)
    stderr.print(f"indexing {len(revision.texts)} texts ({config.retriever})")
    pipeline = Pipeline.build(revision, config, llm=llm)
    if index_dir is not None:
        pipeline.save(index_dir, stamp=stamp)
    return pipeline
