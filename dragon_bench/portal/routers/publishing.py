"""Admin view of the results-file publisher: the commit queue, its errors, and retry now."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from dragon_bench.portal.deps import AdminCaller, PortalDep
from dragon_bench.portal.publishing.publisher import recent_commits, retry_now

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
