"""What an LLM build would cost before it spends anything (`dragon build --dry-run`): calls,
prompt and completion tokens per stage, for the new documents and per 1,000 documents.

Extraction prompts are counted exactly (the prompts are built for the real chunks); replies,
question candidates and the screens' prompts use the assumptions their modules state. Token
counts are `dragon_bench.llm.estimate_tokens` (3 characters a token); compare them with the
`llm` figures a real build reports to calibrate for a given model's tokenizer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dragon_bench.engine.local import LocalEngine
from dragon_bench.hub import Hub
from dragon_bench.kg.llm_backend import estimate_extraction
from dragon_bench.llm.usage import StageEstimate
from dragon_bench.questions.prompts import estimate_phrasing
from dragon_bench.questions.question_judge import estimate_judge
from dragon_bench.questions.shapes import QUESTION_TYPES
from dragon_bench.release import stages
from dragon_bench.release.draft import BuildContext, BuildSettings, Draft, Log, quiet
from dragon_bench.release.pipeline import check_documents, plan_revision
from dragon_bench.screening.closed_book import estimate_closed_book
from dragon_bench.screening.screen import CANDIDATES_PER_QUESTION, SCREENED_PER_QUESTION
from dragon_bench.types import Document

__all__ = ["estimate_build", "estimate_revision"]


def estimate_revision(
    documents: Sequence[Document],
    hub: str,
    *,
    version: str | None = None,
    parent: str | None = None,
    full: bool = False,
    kg_backend: str = "natasha",
    question_backend: str = "template",
    per_type: int = 50,
    closed_book_models: int = 0,
    question_judge: bool = False,
    dedup_threshold: float = 0.8,
    log: Log = quiet,
) -> dict[str, Any]:
    """`estimate_build` for the documents a build of `hub` would ask about: the build's own
    select and dedup stages run (nothing is written, no LLM is called)."""
    target = Hub(hub)
    plan = plan_revision(target, version=version, parent=parent, full=full)
    settings = BuildSettings(per_type=per_type, dedup_threshold=dedup_threshold)
    with LocalEngine(1) as engine:
        ctx = BuildContext(target, engine, settings, log=log)
        draft = Draft(plan=plan, documents=check_documents(documents))
        for stage in (stages.select, stages.dedup):
            draft = stage(ctx, draft)
    return {
        "version": plan.version,
        "parent": plan.parent,
        **estimate_build(
            draft.new,
            kg_backend=kg_backend,
            question_backend=question_backend,
            per_type=per_type,
            types=QUESTION_TYPES,
            closed_book_models=closed_book_models,
            question_judge=question_judge,
        ),
    }


def estimate_build(
    documents: Sequence[Document],
    *,
    kg_backend: str,
    question_backend: str,
    per_type: int,
    types: Sequence[str],
    closed_book_models: int = 0,
    question_judge: bool = False,
) -> dict[str, Any]:
    """`{"documents", "stages": {stage: {calls, prompt_tokens, completion_tokens}}, "total",
    "per_1000_documents"}` for a build of `documents` (the new ones, after dedup)."""
    stages: dict[str, StageEstimate] = {}
    if kg_backend == "llm":
        stages["kg"] = estimate_extraction(documents)
    screening = bool(closed_book_models) or question_judge
    wanted = per_type * len(types)
    if question_backend == "llm":
        factor = CANDIDATES_PER_QUESTION if screening else 1.0
        stages["questions"] = estimate_phrasing({t: round(per_type * factor) for t in types})
    screened = round(wanted * SCREENED_PER_QUESTION)
    if closed_book_models:
        stages["closed_book"] = estimate_closed_book(screened, closed_book_models)
    if question_judge:
        stages["question_judge"] = estimate_judge(screened)
    total = sum(stages.values(), StageEstimate())
    n = len(documents)
    # Extraction grows with the corpus; questions and screens with --questions-per-type only.
    kg = stages.get("kg", StageEstimate()).as_dict()
    per_1000 = {
        k: round(kg[k] * 1000 / n) + v - kg[k] if n else 0 for k, v in total.as_dict().items()
    }
    return {
        "documents": n,
        "stages": {k: v.as_dict() for k, v in stages.items()},
        "total": total.as_dict(),
        "per_1000_documents": per_1000,
    }
