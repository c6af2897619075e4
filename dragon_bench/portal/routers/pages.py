"""HTML pages: leaderboard, submission detail, submit form, admin queue, log in/out (Jinja2)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from dragon_bench.portal.auth import COOKIE, make_cookie
from dragon_bench.portal.board import build_leaderboard
from dragon_bench.portal.deps import OptionalCaller, PortalDep, authenticate, client_address
from dragon_bench.portal.leaderboard import type_order
from dragon_bench.portal.publishing.publisher import recent_commits
from dragon_bench.portal.references.job import run_views
from dragon_bench.portal.scores import GENERATION_METRICS, RETRIEVAL_METRICS, block_mean
from dragon_bench.portal.service import (
    get_visible,
    list_submissions,
    public_view,
    question_log,
    review_queue,
)
from dragon_bench.portal.views import render, render_error, script_json

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
async def leaderboard_page(
    request: Request,
    portal: PortalDep,
    caller: OptionalCaller,
    version: str | None = None,
    mode: str = "version",
    last_n: int = 3,
    cutoff: str | None = None,
) -> HTMLResponse:
    mode = "actual" if mode == "actual" else "version"
    last_n = max(1, min(last_n, 100))
    cutoff = (cutoff or "").strip() or None
    if mode == "actual":
        cutoff = None  # the cutoff selector scores one version
    try:
        board = await run_in_threadpool(
            build_leaderboard,
            portal,
            version=version,
            mode=mode,
            last_n=last_n,
            sort="cutoff_total" if cutoff else "total",
            cutoff=cutoff,
        )
    except HTTPException as exc:
        return render_error(portal, request, caller, exc.status_code, exc.detail)
    board_json = script_json(board)
    return render(
        portal,
        request,
        "leaderboard.html",
        caller,
        page="leaderboard",
        board=board,
        board_json=board_json,
        versions=board["versions"],
    )


@router.get("/submissions/{submit_id}", response_class=HTMLResponse)
async def submission_page(
    request: Request, portal: PortalDep, caller: OptionalCaller, submit_id: str
) -> HTMLResponse:
    try:
        row = await run_in_threadpool(get_visible, portal, submit_id, caller)
    except HTTPException as exc:
        return render_error(portal, request, caller, exc.status_code, exc.detail)
    sub = public_view(row, caller, portal.settings.judge)
    log = None
    if caller is not None and sub["is_owner"] and row.details:
        log = await run_in_threadpool(question_log, portal, row, caller)
        for q in log:
            q["r"] = block_mean(q.get("retrieval"), RETRIEVAL_METRICS)
            q["g"] = block_mean(q.get("generation"), GENERATION_METRICS)
    by_type = {
        t: {
            "retrieval": block_mean(b.get("retrieval"), RETRIEVAL_METRICS),
            "generation": block_mean(b.get("generation"), GENERATION_METRICS),
        }
        for t, b in sorted(
            (sub["metrics"].get("by_type") or {}).items(), key=lambda kv: type_order(kv[0])
        )
    }
    by_dynamism = {
        label: {
            "n_questions": b.get("n_questions"),
            "retrieval": block_mean(b.get("retrieval"), RETRIEVAL_METRICS),
            "generation": block_mean(b.get("generation"), GENERATION_METRICS),
        }
        for label, b in (sub["metrics"].get("by_dynamism") or {}).items()
    }
    fresh = sub["metrics"].get("fresh")
    if fresh:
        fresh = {
            **fresh,
            "r": block_mean(fresh.get("retrieval"), RETRIEVAL_METRICS),
            "g": block_mean(fresh.get("generation"), GENERATION_METRICS),
        }
    return render(
        portal,
        request,
        "submission.html",
        caller,
        sub=sub,
        log=log,
        by_type=by_type,
        by_dynamism=by_dynamism,
        fresh=fresh,
    )


@router.get("/submit", response_class=HTMLResponse)
def submit_page(request: Request, portal: PortalDep, caller: OptionalCaller) -> HTMLResponse:
    mine: list[dict[str, Any]] = []
    if caller is not None:
        rows = list_submissions(portal, caller, limit=50, own=True)
        mine = [public_view(r, caller, portal.settings.judge) for r in rows]
    return render(
        portal,
        request,
        "submit.html",
        caller,
        page="submit",
        mine=mine,
        versions=portal.revisions.versions(refresh=True),
    )


@router.get("/admin", response_class=HTMLResponse)
def admin_page(request: Request, portal: PortalDep, caller: OptionalCaller) -> Response:
    if caller is None:
        return RedirectResponse("/login?next=/admin", status_code=303)
    if not caller.is_admin:
        return render_error(portal, request, caller, 403, "The review queue needs an admin token.")
    queue = []
    for r in review_queue(portal, limit=500):
        view = public_view(r, caller, portal.settings.judge)
        overall = (r.report or {}).get("overall") or {}
        view["r"] = block_mean(overall.get("retrieval"), RETRIEVAL_METRICS)
        view["g"] = block_mean(overall.get("generation"), GENERATION_METRICS)
        queue.append(view)
    target = portal.publisher.target
    publishing = None
    if target is not None:
        where = f"{target.description} ({portal.settings.results_path})"
        publishing = {"target": where, "items": recent_commits(portal.db)}
    references = None
    if portal.references.active:
        references = {"models": list(portal.references.clients), "items": run_views(portal.db)}
    return render(
        portal,
        request,
        "admin.html",
        caller,
        page="admin",
        queue=queue,
        publishing=publishing,
        references=references,
    )


def _safe_next(target: str) -> str:
    return target if target.startswith("/") and not target.startswith("//") else "/"


@router.get("/login", response_class=HTMLResponse)
def login_page(
    request: Request, portal: PortalDep, caller: OptionalCaller, next: str = "/"
) -> HTMLResponse:
    return render(portal, request, "login.html", caller, next=_safe_next(next), error=None)


@router.post("/login", response_model=None)
def login(
    request: Request,
    portal: PortalDep,
    token: Annotated[str, Form()],
    next: Annotated[str, Form()] = "/",
) -> Response:
    caller = authenticate(portal, token, client_address(request))
    if caller is None:
        return render(
            portal,
            request,
            "login.html",
            None,
            401,
            next=_safe_next(next),
            error="Unknown or revoked token.",
        )
    response = RedirectResponse(_safe_next(next), status_code=303)
    response.set_cookie(
        COOKIE,
        make_cookie(portal.settings.secret_key, token),
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        max_age=30 * 24 * 3600,
    )
    return response


@router.post("/logout")
def logout() -> Response:
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(COOKIE)
    return response
