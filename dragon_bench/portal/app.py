"""The FastAPI application factory; nothing connects to a database until `create_app` runs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import func, select

from dragon_bench import __version__
from dragon_bench.errors import BadInputError
from dragon_bench.portal.deps import PortalDep
from dragon_bench.portal.evaluation import Evaluator
from dragon_bench.portal.models import Submission
from dragon_bench.portal.portal import PACKAGE_DIR, Portal
from dragon_bench.portal.routers import (
    admin,
    arena,
    grading,
    leaderboard,
    pages,
    protocol,
    publishing,
    review,
    revisions,
    submissions,
)
from dragon_bench.portal.schemas import Health
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.serving import request_problems

__all__ = ["create_app", "ROUTERS"]

# The routers the app mounts, in order.
ROUTERS = [
    protocol.router,
    revisions.router,
    submissions.router,
    leaderboard.router,
    admin.router,
    publishing.router,
    arena.router,
    grading.router,
    review.router,
    pages.router,
]


def create_app(
    settings: PortalSettings | None = None, *, evaluator: Evaluator | None = None
) -> FastAPI:
    """Build the portal app; the database is migrated and the worker started on startup."""
    settings = settings or PortalSettings()
    portal = Portal(settings, evaluator)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        portal.start()
        try:
            yield
        finally:
            portal.stop()

    app = FastAPI(
        title="dragon-bench portal",
        version=__version__,
        description="Submissions, evaluation and leaderboards of dynamic RAG benchmarks. "
        "DRAGON's form protocol lives under /submit; everything else under /api/v1.",
        lifespan=lifespan,
        # FastAPI's Swagger and ReDoc pages load their scripts from a CDN; the portal uses none.
        docs_url=None,
        redoc_url=None,
    )
    app.state.portal = portal

    @app.exception_handler(BadInputError)
    async def _bad_input(_request: Request, exc: BadInputError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = request_problems(exc)
        return JSONResponse({"detail": "; ".join(problems) or "invalid request"}, status_code=422)

    @app.get("/api/v1/health", response_model=Health, tags=["meta"], summary="Liveness and queue")
    def health(portal: PortalDep) -> Health:
        with portal.db.read() as s:
            queued = s.scalar(
                select(func.count()).select_from(Submission).where(Submission.state == "queued")
            )
        return Health(versions=portal.revisions.versions(max_age=2.0), queued=int(queued or 0))

    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=str(PACKAGE_DIR / "static")), name="static")
    return app
