"""DRAGON's wire protocol (`/submit/*`, form posts) so the published `rag-bench` client works as is."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from dragon_bench.errors import BadInputError
from dragon_bench.portal.deps import PortalDep, authorize, client_address
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.service import find_submission, judge_requests, record_judge
from dragon_bench.portal.uploads import (
    load_json,
    multipart_body,
    parse_config,
    read_upload,
    store_upload,
)

__all__ = ["router"]

router = APIRouter(prefix="/submit", tags=["protocol"])


_CREATE_BODY = multipart_body(
    {
        "config": {
            "type": "string",
            "description": "JSON object: user_guid, is_auto, model_name, "
            "embedding_model, retriever_type, retrieval_config",
        },
        "submit_id": {"type": "string"},
        "version": {"type": "string", "description": "empty for the latest"},
        "token": {"type": "string"},
        "filename": {"type": "string"},
        "file": {
            "type": "string",
            "format": "binary",
            "description": "the results JSON; any field name is accepted",
        },
    },
    required=["token", "file"],
)


@router.post("/create", openapi_extra=_CREATE_BODY, summary="Submit results (DRAGON protocol)")
async def create(request: Request, portal: PortalDep) -> dict[str, str]:
    """Store a results file for evaluation; answers `{"id": submit_id}`."""
    fields, upload = await read_upload(request, portal)
    caller = await run_in_threadpool(
        authorize, portal, fields.get("token"), client_address(request)
    )
    config = parse_config(fields.get("config"))
    filename = fields.get("filename") or upload.filename or "results.json"
    row = await store_upload(portal, caller, fields, upload, config, filename)
    return {"id": row.submit_id}


def _admin(portal: Portal, token: str | None, request: Request) -> None:
    caller = authorize(portal, token, client_address(request))
    if not caller.is_admin:
        raise HTTPException(403, "judge endpoints need an admin token")


@router.post("/fetch_judge_requests", summary="Submissions awaiting an external judge")
def fetch_judge_requests(
    request: Request, portal: PortalDep, token: Annotated[str, Form()]
) -> dict[str, Any]:
    _admin(portal, token, request)
    return {"items": judge_requests(portal)}


@router.post("/get_gen_output", summary="The submitted answers file, for a judge")
def get_gen_output(
    request: Request,
    portal: PortalDep,
    token: Annotated[str, Form()],
    submit_id: Annotated[str, Form()],
    version: Annotated[str, Form()] = "",
) -> Response:
    _admin(portal, token, request)
    row = find_submission(portal, submit_id)
    if row is None or (version and row.version != version):
        raise HTTPException(404, f"no submission {submit_id} for version {version or 'any'}")
    return Response(
        row.content,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{row.submit_id}.json"'},
    )


@router.post("/add_judge_results", summary="Store an external judge's scores")
def add_judge_results(
    request: Request,
    portal: PortalDep,
    token: Annotated[str, Form()],
    submit_id: Annotated[str, Form()],
    judge_results: Annotated[str, Form()],
    version: Annotated[str, Form()] = "",
    is_auto: Annotated[str, Form()] = "False",
) -> dict[str, Any]:
    _admin(portal, token, request)
    try:
        results = load_json(judge_results, "judge_results")
    except BadInputError as exc:
        raise HTTPException(422, str(exc)) from None
    row = record_judge(portal, submit_id, version or None, results)
    return {"id": row.submit_id, "judge": row.judge_score, "judge_state": row.judge_state}
