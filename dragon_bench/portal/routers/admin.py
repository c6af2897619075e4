"""Admin actions: the review queue, approve / reject / requeue, tokens."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path
from fastapi.concurrency import run_in_threadpool

from dragon_bench.errors import BadInputError
from dragon_bench.portal.deps import AdminCaller, PortalDep
from dragon_bench.portal.models import Token
from dragon_bench.portal.references.job import run_views
from dragon_bench.portal.schemas import (
    DB_INT_MAX,
    ReviewRequest,
    SubmissionList,
    SubmissionPublic,
    TokenCreate,
    TokenCreated,
    TokenPublic,
)
from dragon_bench.portal.service import public_view, review, review_queue
from dragon_bench.portal.tokens import create_token, list_tokens, revoke_token

__all__ = ["router"]

router = APIRouter(prefix="/api/v1/admin", tags=["admin"])


def _token_view(row: Token) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "role": row.role,
        "created_at": row.created_at.isoformat(timespec="seconds"),
        "revoked": row.revoked_at is not None,
    }


@router.get(
    "/queue", response_model=SubmissionList, summary="Submissions awaiting review or failed"
)
def queue(portal: PortalDep, caller: AdminCaller) -> dict[str, Any]:
    rows = review_queue(portal)
    return {"items": [public_view(r, caller, portal.settings.judge) for r in rows]}


@router.post(
    "/submissions/{submit_id}/{action}",
    response_model=SubmissionPublic,
    summary="approve, reject or requeue a submission",
)
async def act(
    portal: PortalDep,
    caller: AdminCaller,
    submit_id: str,
    action: str,
    body: ReviewRequest | None = None,
) -> dict[str, Any]:
    if action not in ("approve", "reject", "requeue"):
        raise HTTPException(404, f"unknown action {action!r}: use approve, reject or requeue")
    row = await run_in_threadpool(review, portal, submit_id, action, body.note if body else None)
    return public_view(row, caller, portal.settings.judge)


@router.get("/references", summary="Closed-book reference runs: progress and errors")
def references(portal: PortalDep, caller: AdminCaller) -> dict[str, Any]:
    return {"models": list(portal.references.clients), "items": run_views(portal.db)}


@router.get("/tokens", response_model=list[TokenPublic], summary="All tokens (never their secrets)")
def tokens(portal: PortalDep, caller: AdminCaller) -> list[dict[str, Any]]:
    with portal.db.read() as s:
        return [_token_view(t) for t in list_tokens(s)]


@router.post("/tokens", response_model=TokenCreated, status_code=201, summary="Issue a token")
def new_token(portal: PortalDep, caller: AdminCaller, body: TokenCreate) -> dict[str, Any]:
    try:
        with portal.db.session() as s:
            row, secret = create_token(s, role=body.role, name=body.name)
            view = _token_view(row)
    except BadInputError as exc:
        raise HTTPException(422, str(exc)) from None
    return {**view, "token": secret}


@router.delete("/tokens/{token_id}", response_model=TokenPublic, summary="Revoke a token")
def delete_token(
    portal: PortalDep, caller: AdminCaller, token_id: Annotated[int, Path(ge=1, le=DB_INT_MAX)]
) -> dict[str, Any]:
    try:
        with portal.db.session() as s:
            return _token_view(revoke_token(s, token_id))
    except BadInputError as exc:
        raise HTTPException(404, str(exc)) from None
