"""The leaderboard cache: boards (and their JSON) recomputed only when approved results change."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from typing import Any

from fastapi import HTTPException
from sqlalchemy import func, select

from dragon_bench.portal import leaderboard as lb
from dragon_bench.portal.models import Submission
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.revisions import UnknownVersionError
from dragon_bench.portal.service import approved_entries
from dragon_bench.release.changelog import superseded_ids

__all__ = ["build_leaderboard", "board_bytes", "parse_board_cutoff"]


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


def _question_days(portal: Portal, version: str) -> dict[int, date | None]:
    """Each question's `as_of` day (UTC), None when undated or the revision has no dates."""
    qa = portal.revisions.hub.read_table("private", version, "qa")
    ids = [int(i) for i in qa.column("id").to_pylist()]
    if "as_of" not in qa.column_names:
        return dict.fromkeys(ids)
    return {i: _day(when) for i, when in zip(ids, qa.column("as_of").to_pylist(), strict=True)}


def _day(when: datetime | None) -> date | None:
    if when is None:
        return None
    return (when if when.tzinfo is None else when.astimezone(UTC)).date()


def _dates(portal: Portal, versions: list[str]) -> dict[str, str | None]:
    """Each version's date: its manifest's created_at."""
    out: dict[str, str | None] = {}
    for v in versions:
        try:
            out[v] = portal.revisions.manifest(v).get("created_at")
        except Exception:  # a manifest that cannot be read leaves the version undated
            out[v] = None
    return out


def parse_board_cutoff(value: str) -> date:
    """The `cutoff` parameter as a day; a 422 naming the parameter otherwise."""
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise HTTPException(
            422, f"cutoff={value!r} is not a date like 2026-01-31 (YYYY-MM-DD)"
        ) from None


def _cutoff_rows(
    portal: Portal,
    rows: list[dict[str, Any]],
    entries: list[lb.Entry],
    version: str,
    cutoff: str | None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any] | None]:
    """The version's offered cutoff dates, and with a `cutoff` the rows scored on the slice
    of the earliest offered date on or after it (and that slice's description)."""
    min_slice = portal.settings.fresh_min_slice
    days = _question_days(portal, version)
    grid = lb.cutoff_grid(days, min_slice)
    if cutoff is None:
        return rows, grid, None
    requested = parse_board_cutoff(cutoff)
    point = lb.snap_cutoff(grid, requested)
    block: dict[str, Any] = {
        "requested": requested.isoformat(),
        "date": point["date"] if point else None,
        "n_questions": point["n_questions"] if point else 0,
        "as_of": point["as_of"] if point else None,
        "min_slice": min_slice,
        "shown": point is not None,
    }
    fresh = lb.fresh_ids(days, point["date"]) if point else set()
    return lb.with_cutoff(rows, entries, fresh, block), grid, block


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
    grid: list[dict[str, Any]] = []
    cutoff_block: dict[str, Any] | None = None
    if mode == "actual" and cutoff is not None:
        raise HTTPException(422, "cutoff applies to one version: use it with mode=version")
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
        if chosen:
            rows, grid, cutoff_block = _cutoff_rows(portal, rows, entries, chosen, cutoff)
    trend = lb.trends(entries, versions, _dates(portal, versions))  # entries of every version
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
        # the cutoff dates offered on this version (version mode) and the one applied
        "cutoffs": grid,
        "cutoff": cutoff_block,
        # every model's scores across the versions and each version's mean (the trend chart)
        "trends": trend,
    }
    if len(cache) > 256:
        cache.clear()
    cache[key] = (board, json.dumps(board, ensure_ascii=False).encode("utf-8"))
    return cache[key]  # type: ignore[no-any-return]
