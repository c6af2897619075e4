"""Human grading: graders label a sample of a submission's answers; truthfulness and judge agreement."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from dragon_bench.portal.arena import labels
from dragon_bench.portal.deps import CurrentCaller, OptionalCaller, PortalDep
from dragon_bench.portal.schemas import DB_INT_MAX
from dragon_bench.portal.views import render, render_error, script_json

__all__ = ["router", "LabelCreate"]

router = APIRouter(tags=["grading"])


class LabelCreate(BaseModel):
    """One label on CRAG's scale: perfect, acceptable, missing or incorrect."""

    question_id: int = Field(ge=0, le=DB_INT_MAX)
    label: str


@router.get("/api/v1/grading", summary="Human truthfulness and judge agreement per submission")
async def summaries(portal: PortalDep, caller: OptionalCaller) -> dict[str, Any]:
    everyone = caller is not None and caller.role in labels.GRADER_ROLES
    items = await run_in_threadpool(labels.grading_summaries, portal, approved_only=not everyone)
    return {"items": items}


@router.get("/api/v1/grading/{submit_id}", summary="The sample to grade and the summary so far")
async def sample(
    portal: PortalDep, caller: CurrentCaller, submit_id: str, n: int = labels.SAMPLE_SIZE
) -> dict[str, Any]:
    labels.require_grader(caller)
    if not 1 <= n <= 500:
        raise HTTPException(422, "n: between 1 and 500")
    return await run_in_threadpool(labels.grading_view, portal, submit_id, caller, n)


@router.post("/api/v1/grading/{submit_id}/labels", summary="Label one answer")
async def label(
    portal: PortalDep, caller: CurrentCaller, submit_id: str, body: LabelCreate
) -> dict[str, Any]:
    labels.require_grader(caller)
    return await run_in_threadpool(
        labels.save_label, portal, submit_id, caller, body.question_id, body.label
    )


@router.get("/grading", response_class=HTMLResponse, include_in_schema=False)
def grading_index(request: Request, portal: PortalDep, caller: OptionalCaller) -> Response:
    if caller is None:
        return RedirectResponse("/login?next=/grading", status_code=303)
    if caller.role not in labels.GRADER_ROLES:
        return render_error(
            portal, request, caller, 403, "Grading needs an admin or reviewer token."
        )
    rows = labels.gradable(portal)
    subs = [
        {
            "submit_id": r.submit_id,
            "model_name": r.model_name,
            "version": r.version,
            "state": r.state,
            "judge": r.judge_score,
        }
        for r in rows
    ]
    board = {x["submit_id"]: x for x in labels.grading_summaries(portal, approved_only=False)}
    return render(
        portal,
        request,
        "grading.html",
        caller,
        page="grading",
        subs=subs,
        board=board,
        view=None,
        view_json="null",
    )


@router.get("/grading/{submit_id}", response_class=HTMLResponse, include_in_schema=False)
async def grading_page(
    request: Request, portal: PortalDep, caller: OptionalCaller, submit_id: str
) -> Response:
    if caller is None:
        return RedirectResponse(f"/login?next=/grading/{submit_id}", status_code=303)
    try:
        labels.require_grader(caller)
        view = await run_in_threadpool(labels.grading_view, portal, submit_id, caller)
    except HTTPException as exc:
        return render_error(portal, request, caller, exc.status_code, exc.detail)
    view_json = script_json(view)
    return render(
        portal,
        request,
        "grading.html",
        caller,
        page="grading",
        subs=None,
        board=None,
        view=view,
        view_json=view_json,
    )
