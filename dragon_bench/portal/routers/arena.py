"""The arena: blind battles, one vote each, the vote log and the ratings (API and pages)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from dragon_bench.portal.arena import service
from dragon_bench.portal.deps import AdminCaller, CurrentCaller, OptionalCaller, PortalDep
from dragon_bench.portal.schemas import DB_INT_MAX
from dragon_bench.portal.views import render, script_json

__all__ = ["router", "BattleCreate", "VoteCreate"]

router = APIRouter(tags=["arena"])


class BattleCreate(BaseModel):
    """A question typed by the voter, or a revision's question by id; neither draws one at random."""

    question: str | None = Field(default=None, max_length=2000)
    version: str | None = None
    question_id: int | None = Field(default=None, ge=0, le=DB_INT_MAX)


class VoteCreate(BaseModel):
    """The vote on the answers and, separately, on the evidence: a, b, tie or both_bad."""

    answer: str
    evidence: str


@router.get("/api/v1/arena/question", summary="A random public question of a revision")
def question(
    portal: PortalDep, caller: CurrentCaller, version: str | None = None
) -> dict[str, Any]:
    return service.draw_question(portal, version)


@router.post("/api/v1/arena/battles", summary="Start a blind battle between two random pipelines")
async def new_battle(
    portal: PortalDep, caller: CurrentCaller, body: BattleCreate
) -> dict[str, Any]:
    service.check_arena_rate(portal, caller)
    row = await run_in_threadpool(
        service.start_battle,
        portal,
        caller,
        question=body.question,
        version=body.version,
        question_id=body.question_id,
    )
    return service.battle_view(row, caller)


@router.get("/api/v1/arena/battles/{battle_id}", summary="A battle (blinded until voted)")
def get_battle(portal: PortalDep, caller: CurrentCaller, battle_id: str) -> dict[str, Any]:
    return service.get_battle(portal, battle_id, caller)


@router.post("/api/v1/arena/battles/{battle_id}/vote", summary="Vote once; identities revealed")
async def vote(
    portal: PortalDep, caller: CurrentCaller, battle_id: str, body: VoteCreate
) -> dict[str, Any]:
    service.check_arena_rate(portal, caller)
    return await run_in_threadpool(
        service.cast_vote, portal, caller, battle_id, body.answer, body.evidence
    )


@router.get("/api/v1/arena/leaderboard", summary="Arena ratings recomputed from the vote log")
async def leaderboard(portal: PortalDep, resamples: int = 200) -> dict[str, Any]:
    if not 0 <= resamples <= 2000:
        raise HTTPException(422, "resamples: between 0 and 2000")
    return await run_in_threadpool(service.arena_leaderboard, portal, resamples=resamples)


@router.get("/api/v1/arena/votes", summary="The vote log (admins)")
def votes(portal: PortalDep, caller: AdminCaller, limit: int = 1000) -> dict[str, Any]:
    return {"items": service.vote_log(portal, max(1, min(limit, 10000)))}


@router.get("/arena", response_class=HTMLResponse, include_in_schema=False)
def arena_page(request: Request, portal: PortalDep, caller: OptionalCaller) -> HTMLResponse:
    versions = portal.revisions.versions(refresh=True)
    return render(portal, request, "arena.html", caller, page="arena", versions=versions)


@router.get("/arena/leaderboard", response_class=HTMLResponse, include_in_schema=False)
async def arena_board_page(
    request: Request, portal: PortalDep, caller: OptionalCaller
) -> HTMLResponse:
    board = await run_in_threadpool(service.arena_leaderboard, portal)
    board_json = script_json(board)
    return render(
        portal,
        request,
        "arena_leaderboard.html",
        caller,
        page="arena_board",
        board=board,
        board_json=board_json,
    )
