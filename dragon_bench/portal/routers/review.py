"""Review of staged revisions: the next candidate, decisions, undo, the queue, agreement and
conflicts (resolved by an admin), and the keyboard-first `/review/<version>` page."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from dragon_bench.errors import BadInputError
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.deps import CurrentCaller, OptionalCaller, PortalDep
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.review import store
from dragon_bench.portal.review.queue import Queue, require_reviewer
from dragon_bench.portal.schemas import DB_INT_MAX
from dragon_bench.portal.views import render, render_error, script_json
from dragon_bench.release.staging import REASONS

__all__ = ["router", "DecisionCreate"]

router = APIRouter(tags=["review"])


class DecisionCreate(BaseModel):
    """accept, reject (with a reason; `other` wants a note) or edit (the new texts)."""

    question_id: int = Field(ge=0, le=DB_INT_MAX)
    decision: str
    reason: str = ""
    note: str = Field("", max_length=2000)
    question: str | None = Field(None, max_length=2000)
    answer: str | None = Field(None, max_length=2000)
    resolve: bool = False  # an admin's ruling on a conflict


def _queue(portal: Portal, version: str, caller: Caller) -> Queue:
    staged = portal.review.get(version)
    return Queue(staged, portal.db, caller, portal.settings.review_double_share)


def _next(portal: Portal, version: str, caller: Caller, after: int | None) -> dict[str, Any]:
    q = _queue(portal, version, caller)
    qid = q.next_after(after)
    return {"candidate": q.view(qid) if qid is not None else None, "progress": q.progress()}


@router.get("/api/v1/review", summary="Staged revisions awaiting review")
def staged(portal: PortalDep, caller: CurrentCaller) -> dict[str, Any]:
    require_reviewer(caller)
    return {"versions": portal.review.staged()}


@router.get("/api/v1/review/{version}/next", summary="The next candidate for this reviewer")
async def next_candidate(
    portal: PortalDep, caller: CurrentCaller, version: str, after: int | None = None
) -> dict[str, Any]:
    require_reviewer(caller)
    return await run_in_threadpool(_next, portal, version, caller, after)


@router.get("/api/v1/review/{version}/candidates/{question_id}", summary="One candidate")
async def candidate(
    portal: PortalDep, caller: CurrentCaller, version: str, question_id: int
) -> dict[str, Any]:
    require_reviewer(caller)

    def run() -> dict[str, Any]:
        q = _queue(portal, version, caller)
        return {"candidate": q.view(question_id), "progress": q.progress()}

    return await run_in_threadpool(run)


@router.get("/api/v1/review/{version}/queue", summary="Candidates with their state, filtered")
async def queue(
    portal: PortalDep,
    caller: CurrentCaller,
    version: str,
    type: str | None = None,
    relation_type: str | None = None,
    flag: str | None = None,
    state: str | None = None,
) -> dict[str, Any]:
    require_reviewer(caller)

    def run() -> dict[str, Any]:
        q = _queue(portal, version, caller)
        items = []
        for qid in q.staged.order:
            v = q.view(qid)
            if type and v["type"] != type:
                continue
            if relation_type and relation_type not in v["relation_types"]:
                continue
            if flag and not any(f == flag or f.startswith(flag + ":") for f in v["flags"]):
                continue
            if state and v["state"] != state:
                continue
            items.append({k: v[k] for k in ("question_id", "question", "type", "relation_types",
                                             "flags", "confidence", "state")})  # fmt: skip
        return {"items": items, "progress": q.progress()}

    return await run_in_threadpool(run)


@router.post("/api/v1/review/{version}/decisions", summary="Decide one candidate")
async def decide(
    portal: PortalDep, caller: CurrentCaller, version: str, body: DecisionCreate
) -> dict[str, Any]:
    require_reviewer(caller)
    if body.resolve and not caller.is_admin:
        raise HTTPException(403, "resolving a conflict needs an admin token")

    def run() -> dict[str, Any]:
        q = _queue(portal, version, caller)
        q.view(body.question_id)  # 404 for an unknown candidate
        try:
            store.decide(
                portal.db,
                version,
                body.question_id,
                caller,
                body.decision,
                reason=body.reason,
                note=body.note,
                question=body.question,
                answer=body.answer,
                resolution=body.resolve,
                double=q.needed(body.question_id) == 2,
            )
        except BadInputError as exc:
            raise HTTPException(422, str(exc)) from None
        return _next(portal, version, caller, body.question_id)

    return await run_in_threadpool(run)


@router.post("/api/v1/review/{version}/undo", summary="Undo this reviewer's latest decision")
async def undo(portal: PortalDep, caller: CurrentCaller, version: str) -> dict[str, Any]:
    require_reviewer(caller)

    def run() -> dict[str, Any]:
        q = _queue(portal, version, caller)  # 404/409 first
        qid = store.undo(portal.db, q.staged.version, caller)
        if qid is None:
            raise HTTPException(409, f"no decision of yours on {version} to undo")
        q = _queue(portal, version, caller)
        return {"undone": qid, "candidate": q.view(qid), "progress": q.progress()}

    return await run_in_threadpool(run)


@router.get("/api/v1/review/{version}/agreement", summary="Cohen's kappa and conflicts")
async def agreement(portal: PortalDep, caller: CurrentCaller, version: str) -> dict[str, Any]:
    require_reviewer(caller)

    def run() -> dict[str, Any]:
        q = _queue(portal, version, caller)
        out = store.agreement(q.tallies)
        if caller.is_admin:  # the reviewers' decisions on each conflict, for the ruling
            out["conflict_decisions"] = {
                qid: [
                    {
                        "reviewer": d.reviewer,
                        "decision": d.decision,
                        "reason": d.reason,
                        "note": d.note,
                        "question": d.question,
                        "answer": d.answer,
                    }  # fmt: skip
                    for d in q.tallies[qid].latest.values()
                ]
                for qid in out["conflicts"]
            }
        return out

    return await run_in_threadpool(run)


@router.get("/review", response_class=HTMLResponse, include_in_schema=False)
def review_index(request: Request, portal: PortalDep, caller: OptionalCaller) -> Response:
    if caller is None:
        return RedirectResponse("/login?next=/review", status_code=303)
    try:
        require_reviewer(caller)
    except HTTPException as exc:
        return render_error(portal, request, caller, exc.status_code, exc.detail)
    return render(
        portal, request, "review.html", caller, page="review",
        versions=portal.review.staged(), version=None, data_json="null",
    )  # fmt: skip


@router.get("/review/{version}", response_class=HTMLResponse, include_in_schema=False)
async def review_page(
    request: Request, portal: PortalDep, caller: OptionalCaller, version: str
) -> Response:
    if caller is None:
        return RedirectResponse(f"/login?next=/review/{version}", status_code=303)
    try:
        require_reviewer(caller)
        data = await run_in_threadpool(_next, portal, version, caller, None)
    except HTTPException as exc:
        return render_error(portal, request, caller, exc.status_code, exc.detail)
    data["version"] = version
    data["reasons"] = list(REASONS)
    data["is_admin"] = caller.is_admin
    return render(
        portal, request, "review.html", caller, page="review",
        versions=None, version=version, data_json=script_json(data),
    )  # fmt: skip
