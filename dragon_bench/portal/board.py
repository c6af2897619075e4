"""The leaderboard cache: boards (and their JSON) recomputed only when approved results change."""

from __future__ import annotations

import json
from typing import Any

from fastapi import HTTPException
from sqlalchemy import func, select

from dragon_bench.errors import BadInputError
from dragon_bench.metrics.freshness import MIN_SLICE, parse_cutoff
from dragon_bench.portal import leaderboard as lb
from dragon_bench.portal.models import Submission
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.revisions import UnknownVersionError
from dragon_bench.portal.service import approved_entries
from dragon_bench.release.changelog import superseded_ids

__all__ = ["build_leaderboard", "board_bytes"]


def _stamp(portal: Portal) -> tuple[Any, ...]:
    """Changes whenever the set of approved results or their judge scores change."""
    with portal.db.read() as s:
        row = s.execute(
            select(
                func.count(),
                func.max(Submission.id),
                func.max(Submission.reviewed_at),
                func.sum(func.coalesce(Submission.judge_score, 0.0)),
            ).where(Submission.state == "approved")
        ).one()
    return tuple(row)


def build_leaderboard(
    portal: Portal,
    *,
    version: str | None = None,
    mode: str = "version",
    last_n: int = 3,
    sort: str = "total",
    order: str | None = None,
    cutoff: str | None = None,
) -> dict[str, Any]:
    """The board for a selection (shared: do not modify it); recomputed only when approved results change."""
    return _cached(portal, version, mode, last_n, sort, order, cutoff)[0]


def board_bytes(portal: Portal, **selection: Any) -> bytes:
    """The board serialised as JSON, cached like the board itself."""
    return _cached(portal, **selection)[1]


def _cached(
    portal: Portal,
    version: str | None = None,
    mode: str = "version",
    last_n: int = 3,
    sort: str = "total",
    order: str | None = None,
    cutoff: str | None = None,
) -> tuple[dict[str, Any], bytes]:
    versions = portal.revisions.versions(max_age=2.0)
    key = (_stamp(portal), tuple(versions), version, mode, last_n, sort, order, cutoff)
    cache = portal.board_cache
    if key in cache:
        hit: tuple[dict[str, Any], bytes] = cache[key]
        return hit
    with portal.board_lock:  # many readers missing at once: one computes, the rest reuse it
        if key in cache:
            again: tuple[dict[str, Any], bytes] = cache[key]
            return again
        return _compute(portal, key, versions, version, mode, last_n, sort, order, cutoff)


def _fresh_ids(portal: Portal, version: str, cutoff: str) -> set[int]:
    """The question ids of `version` dated after the cutoff day (qa `as_of`)."""
    try:
        day = parse_cutoff(cutoff)
    except BadInputError as exc:
        raise HTTPException(422, str(exc)) from None
    qa = portal.revisions.hub.read_table("private", version, "qa")
    if day is None or "as_of" not in qa.column_names:
        return set()
    pairs = zip(qa.column("id").to_pylist(), qa.column("as_of").to_pylist(), strict=True)
    return {int(i) for i, when in pairs if when is not None and when.date() > day}


def _compute(
    portal: Portal,
    key: tuple[Any, ...],
    versions: list[str],
    version: str | None,
    mode: str,
    last_n: int,
    sort: str,
    order: str | None,
    cutoff: str | None = None,
) -> tuple[dict[str, Any], bytes]:
    cache = portal.board_cache
    if mode == "actual":
        window = versions[-max(1, last_n) :]
        # questions a later revision superseded leave the actual-versions average
        gone = superseded_ids(portal.revisions.hub, versions)
        entries = approved_entries(portal, details=bool(gone))
        rows = lb.rows_for_actual(entries, versions, last_n, gone)
        chosen = None
    else:
        try:
            chosen = portal.revisions.resolve(version) if versions else None
        except UnknownVersionError as exc:
            raise HTTPException(404, str(exc)) from None
        window = [chosen] if chosen else []
        entries = approved_entries(portal, details=cutoff is not None)
        rows = lb.rows_for_version(entries, chosen) if chosen else []
        if cutoff is not None and chosen:
            rows = lb.with_cutoff(
                rows, entries, _fresh_ids(portal, chosen, cutoff), cutoff, MIN_SLICE
            )
    descending = None if order is None else order == "desc"
    rows = lb.sort_rows(rows, sort, descending)
    board = {
        "version": chosen,
        "mode": mode,
        "last_n": last_n,
        "versions": versions,
        "window": window,
        "sort": sort if sort in lb.SORT_KEYS else "total",
        "rows": rows,
    }
    if len(cache) > 256:
        cache.clear()
    cache[key] = (board, json.dumps(board, ensure_ascii=False).encode("utf-8"))
    return cache[key]  # type: ignore[no-any-return]
