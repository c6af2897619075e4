"""`build_revision`: one revision from documents, through the stages of
`dragon_bench.release.pipeline` (the same ones `dragon update` runs), written atomically.

Texts of any published revision are never new: questions are built only on documents that
no revision of the hub holds (nor near-duplicates of them); the revision's public texts are
still the whole input. With a work folder, extracted triples are checkpointed document by
document (`dragon_bench.kg.checkpoint`), so a killed build resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from fsspec.implementations.local import LocalFileSystem

from dragon_bench.engine.base import Engine
from dragon_bench.engine.local import LocalEngine
from dragon_bench.hub import Hub
from dragon_bench.kg import extract_triples
from dragon_bench.kg.checkpoint import TripleCheckpoint
from dragon_bench.llm import ChatModel
from dragon_bench.release.draft import BuildContext, BuildResult, BuildSettings, Log, quiet
from dragon_bench.release.pipeline import plan_revision, run_build
from dragon_bench.types import Document, Triple

__all__ = ["build_revision", "default_work_dir", "extract"]


def default_work_dir(hub: Hub | str) -> Path:
    """Where a build of `hub` keeps its checkpoint: `<hub>.work` beside a local hub, else
    `$XDG_CACHE_HOME/dragon-bench/build/<hash of the hub URL>` (default ~/.cache)."""
    hub = hub if isinstance(hub, Hub) else Hub(hub)
    if isinstance(hub.fs, LocalFileSystem):
        root = Path(hub.root)
        return root.with_name(root.name + ".work")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256(hub.url.encode("utf-8")).hexdigest()[:16]
    return cache / "dragon-bench" / "build" / digest


def extract(
    documents: Sequence[Document],
    backend: str,
    llm: ChatModel | None,
    *,
    workers: int = 1,
    work_dir: Path | str | None = None,
    log: Log = quiet,
    stats: dict[str, Any] | None = None,
) -> list[Triple]:
    """Triples from the KG part (`dragon_bench.kg.extract_triples`); the offline backend can
    spread documents over `workers` processes (same triples, same order). With `work_dir`,
    documents already extracted there are reused and new ones recorded as they finish."""
    checkpoint = None
    if work_dir is not None:
        checkpoint = TripleCheckpoint(Path(work_dir) / "kg", warn=log)
    return list(
        extract_triples(
            list(documents),
            backend=backend,
            llm=llm if backend == "llm" else None,
            workers=max(1, workers),
            progress=True,  # a transient bar on stderr, shown only on a terminal
            checkpoint=checkpoint,
            log=log,
            stats=stats,
        )
    )


def build_revision(
    documents: Iterable[Document],
    hub: Hub | str,
    *,
    version: str | None = None,
    parent: str | None = None,
    full: bool = False,
    id_key: str | None = None,
    llm: ChatModel | None = None,
    workers: int = 1,
    work_dir: Path | str | None = None,
    engine: Engine | None = None,
    log: Log = quiet,
    **settings: Any,
) -> BuildResult:
    """Build and write one revision (the stages of `dragon_bench.release.pipeline`); nothing
    is written unless every stage succeeds, so a failed build leaves the hub as it was.

    `parent` defaults to the latest published revision, `full` builds on every document;
    texts of any published revision are never new. `settings` are `BuildSettings` fields
    (`triples` precomputed, `novelty` a filter, `seed`, backends, `per_type`, ...). Offline
    extraction runs in `workers` processes (or on `engine`); `work_dir` holds its checkpoint
    (see `default_work_dir`), so a rerun after a kill extracts only what is missing.
    """
    hub = hub if isinstance(hub, Hub) else Hub(hub)
    if settings.get("triples") is not None:
        settings["triples"] = tuple(settings["triples"])
    if llm is not None and settings.get("llm_settings") is None:
        settings["llm_settings"] = getattr(llm, "settings", None)
    if work_dir is not None:
        settings["checkpoint"] = Path(work_dir) / "kg"
    plan = plan_revision(hub, version=version, parent=parent, full=full, id_key=id_key)
    own = engine is None
    run_on = engine if engine is not None else LocalEngine(max(1, workers))
    try:
        ctx = BuildContext(hub, run_on, BuildSettings(**settings), llm=llm, log=log)
        return run_build(ctx, plan, list(documents))
    finally:
        if own:
            run_on.close()
