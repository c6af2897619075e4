"""The build pipeline `dragon build` and `dragon update` share: one plan, one list of stages.

    select -> dedup -> segment -> extract -> novelty -> questions -> screen -> review -> filters
    -> supersede -> write

`plan_revision` is the one place that decides a revision's version, parent and id key;
`run_build` runs `STAGES` on a draft and returns a `BuildResult`. To add a stage
(supersession, review staging), write a function `(BuildContext, Draft) -> Draft` in
`release/stages.py` (new draft fields in `release/draft.py`) and insert it in `STAGES` below,
as `stages.screen` (the LLM closed-book filter and question judge) sits between
`stages.questions` and `stages.filters`; both commands then run it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.release import stages
from dragon_bench.release.draft import BuildContext, BuildResult, Draft, Plan, Stage
from dragon_bench.release.ids import new_key
from dragon_bench.types import Document
from dragon_bench.versions import next_version, parse_version

__all__ = ["STAGES", "check_documents", "complete_versions", "plan_revision", "run_build"]

STAGES: list[Stage] = [
    stages.select,
    stages.dedup,
    stages.segment,
    stages.extract,
    stages.novelty,
    stages.questions,
    stages.screen,
    stages.review,
    stages.filters,
    stages.supersede,
    stages.write,
]


def complete_versions(hub: Hub) -> list[str]:
    """Revisions with both halves written (the published ones), oldest first."""
    public = set(hub.versions("public"))
    return [v for v in hub.versions("private") if v in public]


def plan_revision(
    hub: Hub,
    *,
    version: str | None = None,
    parent: str | None = None,
    full: bool = False,
    id_key: str | None = None,
) -> Plan:
    """The next revision of `hub`: `version` (default the next 1.N.0; an existing one is
    refused), `parent` (default the latest published revision; none with `full`), the id
    key of the parent (public ids stay stable across revisions) or a new one, and the
    published revisions whose texts are not new (none with `full`)."""
    have = sorted(set(hub.versions("public")) | set(hub.versions("private")), key=parse_version)
    if version is None:
        version = next_version(have)
    else:
        parse_version(version)
        if version in have:
            raise BadInputError(f"revision {version} already exists in {hub.url}")
    published = complete_versions(hub)
    if full:
        parent = None
    elif parent is not None:
        parent = hub.resolve(parent, "private")
    elif published:
        parent = published[-1]
    if parent is not None:
        id_key = id_key or hub.read_manifest("private", parent).get("id_key")
    return Plan(
        version=version,
        parent=parent,
        id_key=id_key or new_key(),
        published=() if full else tuple(published),
    )


def check_documents(documents: Iterable[Document]) -> tuple[Document, ...]:
    """Documents with text, each id once (the same id with two texts is bad input)."""
    by_id: dict[str, Document] = {}
    for d in documents:
        if not d.full_text.strip():
            continue
        old = by_id.get(d.id)
        if old is not None and old.content_hash != d.content_hash:
            raise BadInputError(f"document id {d.id!r} occurs twice with different texts")
        by_id.setdefault(d.id, d)
    if not by_id:
        raise BadInputError("the corpus holds no documents with text; nothing to build")
    return tuple(by_id.values())


def run_build(
    ctx: BuildContext,
    plan: Plan,
    documents: Sequence[Document],
    stages_: Sequence[Stage] | None = None,
) -> BuildResult:
    """Run the stages (default `STAGES`) on `documents` and return what was made. Nothing is
    written unless every stage succeeds; `NothingToBuild` when there is nothing new or no
    question passed."""
    draft = Draft(plan=plan, documents=check_documents(documents))
    timings: dict[str, float] = {}
    for stage in STAGES if stages_ is None else stages_:
        started = time.perf_counter()
        draft = stage(ctx, draft)
        timings[stage.__name__] = round(time.perf_counter() - started, 3)
    return BuildResult(
        version=plan.version,
        parent=plan.parent,
        documents=len(draft.documents),
        kept=len(draft.kept),
        new=len(draft.new),
        triples=len(draft.triples),
        extracted=draft.extracted,
        resumed=draft.resumed,
        fresh=len(draft.fresh),
        questions=dict(Counter(q.type for q in draft.questions)),
        rejected=dict(draft.rejected),
        segments=len(draft.segments),
        timings=timings,
        screening=draft.screened.summary if draft.screened is not None else {},
        llm=stages.llm_usage(ctx),
    )
