"""HTML pages: leaderboard, submission detail, submit form, admin queue, log in/out (Jinja2)."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select

from dragon_bench import __version__
from dragon_bench.portal.auth import COOKIE, Caller, lookup_secret, make_cookie
from dragon_bench.portal.deps import OptionalCaller, PortalDep
from dragon_bench.portal.models import Submission
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.routers.leaderboard import build_leaderboard
from dragon_bench.portal.scores import GENERATION_METRICS, RETRIEVAL_METRICS, block_mean
from dragon_bench.portal.service import get_visible, public_view, question_log
from dragon_bench.types import QUESTION_TYPES

__all__ = ["router", "render", "render_error", "script_json", "NAV"]

router = APIRouter(include_in_schema=False)

# Header links: (path, label, page key, admin only). Routers that add pages (arena, grading)
# append theirs here when imported, and pass `page=<key>` to `render` to mark it current.
NAV: list[tuple[str, str, str, bool]] = [
    ("/", "Leaderboard", "leaderboard", False),
    ("/submit", "Submit", "submit", False),
    ("/admin", "Admin", "admin", True),
]


def _fmt(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, int | float) and not isinstance(value, bool) else "—"


def _type_rank(name: str) -> tuple[int, str]:
    order = list(QUESTION_TYPES)
    return (order.index(name) if name in order else len(order), name)


def render(
    portal: Portal,
    request: Request,
    template: str,
    caller: Caller | None,
    status_code: int = 200,
    **context: Any,
) -> HTMLResponse:
    """Render a page with what every page needs: title, caller, version, number formatter."""
    base = {
        "request": request,
        "title": portal.settings.title,
        "caller": caller,
        "version": __version__,
        "fmt": _fmt,
        "nav": NAV,
    }
    return portal.templates.TemplateResponse(
        request, template, {**base, **context}, status_code=status_code
    )


def render_error(
    portal: Portal, request: Request, caller: Caller | None, status: int, message: Any
) -> HTMLResponse:
    """The error page with `status` as both the HTTP status and the shown one."""
    return render(portal, request, "error.html", caller, status, status=status, message=message)


def script_json(value: Any) -> str:
    """JSON to inline in a <script> element ("</" cannot appear: it could close the element)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


@router.get("/", response_class=HTMLResponse)
async def leaderboard_page(
    request: Request,
    portal: PortalDep,
    caller: OptionalCaller,
    version: str | None = None,
    mode: str = "version",
    last_n: int = 3,
) -> HTMLResponse:
    mode = "actual" if mode == "actual" else "version"
    last_n = max(1, min(last_n, 100))
    try:
        board = await run_in_threadpool(
            build_leaderboard, portal, version=version, mode=mode, last_n=last_n
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
    sub = public_view(row, caller)
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
            (sub["metrics"].get("by_type") or {}).items(), key=lambda kv: _type_rank(kv[0])
        )
    }
    return render(portal, request, "submission.html", caller, sub=sub, log=log, by_type=by_type)


@router.get("/submit", response_class=HTMLResponse)
def submit_page(request: Request, portal: PortalDep, caller: OptionalCaller) -> HTMLResponse:
    mine: list[dict[str, Any]] = []
    if caller is not None:
        with portal.db.read() as s:
            rows = s.scalars(
                select(Submission)
                .where(Submission.token_id == caller.id)
                .order_by(Submission.id.desc())
                .limit(50)
            )
            mine = [public_view(r, caller) for r in rows]
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
    with portal.db.read() as s:
        rows = s.scalars(
            select(Submission)
            .where(Submission.state.in_(("queued", "evaluating", "evaluated", "failed")))
            .order_by(Submission.id)
            .limit(500)
        )
        queue = []
        for r in rows:
            view = public_view(r, caller)
            overall = (r.report or {}).get("overall") or {}
            view["r"] = block_mean(overall.get("retrieval"), RETRIEVAL_METRICS)
            view["g"] = block_mean(overall.get("generation"), GENERATION_METRICS)
            queue.append(view)
    return render(portal, request, "admin.html", caller, page="admin", queue=queue)


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
    caller = lookup_secret(portal.db, token)
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
