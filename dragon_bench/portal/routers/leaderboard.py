"""The leaderboard: per version or over the last n versions, as JSON, CSV or the Gradio file."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from dragon_bench.portal import leaderboard as lb
from dragon_bench.portal.board import board_bytes, build_leaderboard
from dragon_bench.portal.deps import PortalDep
from dragon_bench.portal.results_file import build_results, dump_results
from dragon_bench.portal.schemas import LeaderboardPublic
from dragon_bench.portal.service import approved_entries

__all__ = ["router"]

router = APIRouter(prefix="/api/v1/leaderboard", tags=["leaderboard"])


@router.get("", response_model=LeaderboardPublic, summary="Leaderboard rows")
async def get_leaderboard(
    portal: PortalDep,
    version: str | None = None,
    mode: Literal["version", "actual"] = "version",
    last_n: Annotated[int, Query(ge=1, le=100)] = 3,
    sort: Literal[lb.SORT_KEYS] = "total",  # type: ignore[valid-type]
    order: Literal["asc", "desc"] | None = None,
    cutoff: Annotated[
        str | None,
        Query(
            pattern=r"^\d{4}-\d{2}-\d{2}$",
            description="Score every row on the questions dated after this day (version mode).",
        ),
    ] = None,
) -> Response:
    data = await run_in_threadpool(
        board_bytes,
        portal,
        version=version,
        mode=mode,
        last_n=last_n,
        sort=sort,
        order=order,
        cutoff=cutoff,
    )
    return Response(data, media_type="application/json")


@router.get("/export.csv", summary="Leaderboard as CSV", response_class=Response)
async def export_csv(
    portal: PortalDep,
    version: str | None = None,
    mode: Literal["version", "actual"] = "version",
    last_n: Annotated[int, Query(ge=1, le=100)] = 3,
    cutoff: Annotated[
        str | None,
        Query(
            pattern=r"^\d{4}-\d{2}-\d{2}$",
            description="Add the fresh-slice columns after this day (version mode).",
        ),
    ] = None,
) -> Response:
    data = await run_in_threadpool(
        build_leaderboard,
        portal,
        version=version,
        mode=mode,
        last_n=last_n,
        sort="cutoff_total" if cutoff else "total",
        cutoff=cutoff,
    )
    name = f"leaderboard-{data['version'] or 'actual'}.csv"
    return Response(
        lb.to_csv(data["rows"]),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/gradio.json", summary="The results file the Space reads (all versions)")
async def export_gradio(portal: PortalDep) -> Response:
    entries = await run_in_threadpool(approved_entries, portal)
    data = build_results(entries, portal.revisions.versions(max_age=2.0))
    return Response(dump_results(data), media_type="application/json")
