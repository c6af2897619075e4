"""Admin view of the results-file publisher: the commit queue and its errors, retry now, publish now."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from dragon_bench.portal.deps import AdminCaller, PortalDep
from dragon_bench.portal.publishing.publisher import queue_current, recent_commits, retry_now

__all__ = ["router"]

router = APIRouter(prefix="/api/v1/admin/results", tags=["admin"])


@router.get("", summary="Where the results file is published and its commit queue")
def queue(portal: PortalDep, caller: AdminCaller, limit: int = 20) -> dict[str, Any]:
    target = portal.publisher.target
    return {
        "target": target.description if target is not None else None,
        "path": portal.settings.results_path,
        "items": recent_commits(portal.db, max(1, min(limit, 200))),
    }


@router.post("/retry", summary="Retry every pending commit now instead of after its backoff")
def retry(portal: PortalDep, caller: AdminCaller) -> dict[str, Any]:
    count = retry_now(portal.db)
    portal.publisher.wake()
    return {"pending": count}


@router.post(
    "/publish", summary="Commit the current results file now (a newly configured repository)"
)
def publish(portal: PortalDep, caller: AdminCaller) -> dict[str, Any]:
    if portal.publisher.target is None:
        raise HTTPException(409, "no repository is configured (DRAGON_PORTAL_RESULTS_REPO)")
    queued = queue_current(portal.db, portal.settings, portal.revisions.versions(max_age=2.0))
    portal.publisher.wake()
    return queued
