"""Submissions over REST: create, list one's own, status and metrics, per-question log."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from dragon_bench.portal import service
from dragon_bench.portal.deps import CurrentCaller, OptionalCaller, PortalDep
from dragon_bench.portal.schemas import (
    QuestionLog,
    SubmissionCreated,
    SubmissionList,
    SubmissionPublic,
)
from dragon_bench.portal.service import get_visible, public_view, question_log
from dragon_bench.portal.uploads import multipart_body, parse_config, read_upload, store_upload

__all__ = ["router"]

router = APIRouter(prefix="/api/v1/submissions", tags=["submissions"])

_CREATE_BODY = multipart_body(
    {
        "file": {"type": "string", "format": "binary"},
        "model_name": {"type": "string"},
        "config": {"type": "string", "description": "JSON object"},
        "version": {"type": "string"},
        "submit_id": {"type": "string"},
    },
    required=["file"],
)


@router.post(
    "",
    status_code=201,
    response_model=SubmissionCreated,
    openapi_extra=_CREATE_BODY,
    summary="Submit a results file",
)
async def create_submission(
    request: Request, portal: PortalDep, caller: CurrentCaller
) -> SubmissionCreated:
    fields, upload = await read_upload(request, portal)
    config = parse_config(fields.get("config"))
    if fields.get("model_name"):
        config["model_name"] = fields["model_name"]
    row = await store_upload(
        portal, caller, fields, upload, config, upload.filename or "results.json"
    )
    return SubmissionCreated(id=row.submit_id, state=row.state)


@router.get("", response_model=SubmissionList, summary="The caller's submissions (all for admins)")
def list_submissions(
    portal: PortalDep, caller: CurrentCaller, state: str | None = None, limit: int = 100
) -> dict[str, Any]:
    rows = service.list_submissions(portal, caller, state=state, limit=limit)
    return {"items": [public_view(r, caller, portal.settings.judge) for r in rows]}


@router.get("/{submit_id}", response_model=SubmissionPublic, summary="Status and metrics")
def get_submission(portal: PortalDep, caller: OptionalCaller, submit_id: str) -> dict[str, Any]:
    return public_view(get_visible(portal, submit_id, caller), caller, portal.settings.judge)


@router.get(
    "/{submit_id}/questions",
    response_model=QuestionLog,
    summary="Per-question log: the owner's answers and scores (gold only for admins)",
)
def get_question_log(portal: PortalDep, caller: CurrentCaller, submit_id: str) -> dict[str, Any]:
    row = get_visible(portal, submit_id, caller)
    return {
        "submit_id": submit_id,
        "version": row.version,
        "items": question_log(portal, row, caller),
    }


@router.get("/{submit_id}/file", summary="The submitted results file (owner or admin)")
def get_file(portal: PortalDep, caller: CurrentCaller, submit_id: str) -> Response:
    row = get_visible(portal, submit_id, caller)
    if not (caller.is_admin or caller.id == row.token_id):
        raise HTTPException(404, f"no submission {submit_id}")
    return Response(row.content, media_type="application/json")
