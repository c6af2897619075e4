"""The leaderboard cache: boards (and their JSON) recomputed only when approved results change."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from fastapi import HTTPException
from sqlalchemy import func, select

from dragon_bench.portal import leaderboard as lb
from dragon_bench.portal.models import Submission, utcnow
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.references.models import ReferenceRun
from dragon_bench.portal.revisions import UnknownVersionError
from dragon_bench.portal.service import approved_entries
from dragon_bench.portal.uploads import finite
from dragon_bench.release.changelog import superseded_ids

__all__ = ["build_leaderboard", "board_bytes", "parse_board_cutoff", "reference_entries"]

# What a published revision never changes (its questions' days, its date), by hub and version.
_VERSION_CACHE: dict[tuple[str, str, str], Any] = {}


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
        refs = s.execute(
            select(func.count(), func.max(ReferenceRun.finished_at)).where(
                ReferenceRun.state == "done"
            )
        ).one()
    return (*row, *refs)


def reference_entries(portal: Portal) -> list[lb.Entry]:
    """The finished closed-book reference runs as leaderboard entries (with their
    per-question scores, for the cutoff slice and superseded questions)."""
    with portal.db.read() as s:
        runs = s.execute(
            select(
                ReferenceRun.model,
                ReferenceRun.version,
                ReferenceRun.finished_at,
                ReferenceRun.report,
                ReferenceRun.details,
            ).where(ReferenceRun.state == "done", ReferenceRun.report.is_not(None))
        ).all()
    return [
        lb.Entry(
            f"reference:{r.model}:{r.version}",
            r.model,
            r.version,
            r.finished_at or utcnow(),
            {"model_name": r.model, "retriever_type": "none (closed-book)"},
            finite(r.report),
            (r.report.get("closed_book") or {}).get("judge"),
            {"details": r.details or [], "reference": dict(r.report.get("closed_book") or {})},
        )
        for r in runs
    ]


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
    """Each question's `as_of` day (UTC), None when undated or the revision has no dates;
    read once per version (a published revision never changes)."""
    key = ("days", portal.revisions.hub.url, version)
    if key not in _VERSION_CACHE:
        _VERSION_CACHE[key] = _read_days(portal, version)
    days: dict[int, date | None] = _VERSION_CACHE[key]
    return days


def _read_days(portal: Portal, version: str) -> dict[int, date | None]:
    qa = portal.revisions.hub.read_table("private", version, "qa")
    ids = [int(i) for i in qa.column("id").to_pylist()]
    if "as_of" not in qa.column_names:
        return dict.fromkeys(ids)
    pairs = zip(ids, qa.column("as_of").to_pylist(), strict=True)
    return {i: lb.as_of_day(when) for i, when in pairs}


def _dates(portal: Portal, versions: list[str]) -> dict[str, str | None]:
    """Each version's date: its manifest's created_at."""
    out: dict[str, str | None] = {}
    for v in versions:
        key = ("date", portal.revisions.hub.url, v)
        if key not in _VERSION_CACHE:
            try:
                _VERSION_CACHE[key] = portal.revisions.manifest(v).get("created_at")
            except Exception:  # a manifest that cannot be read leaves the version undated
                out[v] = None
                continue
        out[v] = _VERSION_CACHE[key]
    return out


def parse_board_cutoff(value: str) -> date:
    """The `cutoff` parameter as a day; a 422 naming the parameter otherwise."""
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise HTTPException(
            422, f"cutoff={value!r} is not a date like 2026-01-31 (YYYY-MM-DD)"
        ) from None


def _cutoff_slice(
    portal: Portal, version: str, cutoff: str | None
) -> tuple[list[dict[str, Any]], dict[str, Any] | None, set[int]]:
    """The version's offered cutoff dates and, with a `cutoff`, the slice of the earliest
    offered date on or after it: its description and its question ids."""
    min_slice = portal.settings.fresh_min_slice
    days = _question_days(portal, version)
    grid = lb.cutoff_grid(days, min_slice)
    if cutoff is None:
        return grid, None, set()
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
    return grid, block, lb.fresh_ids(days, point["date"]) if point else set()


def _mark_references(rows: list[dict[str, Any]], entries: list[lb.Entry]) -> list[dict[str, Any]]:
    """Reference rows carry `reference` (what they are and how much was known from memory)
    and no rank: they are controls, never participants."""
    for row in rows:
        mine = [
            e.extra["reference"]
            for e in entries
            if e.model_name == row["model_name"] and e.version in row["versions"]
        ]
        known = sum(m.get("from_memory") or 0 for m in mine)
        asked = sum(m.get("n_questions") or 0 for m in mine)
        row["reference"] = {
            "kind": "closed_book",
            "model": row["model_name"],
            "from_memory": known,
            "n_questions": asked,
            "share": round(known / asked, 6) if asked else None,
        }
        row["rank"] = None
    return rows


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
    refs = reference_entries(portal)
    if mode == "actual":
        window = versions[-max(1, last_n) :]
        # questions a later revision superseded leave the actual-versions average
        gone = superseded_ids(portal.revisions.hub, versions)
        entries = approved_entries(portal, details=bool(gone))
        rows = lb.rows_for_actual(entries, versions, last_n, gone)
        ref_rows = lb.rows_for_actual(refs, versions, last_n, gone)
        chosen = None
    else:
        try:
            chosen = portal.revisions.resolve(version) if versions else None
        except UnknownVersionError as exc:
            raise HTTPException(404, str(exc)) from None
        window = [chosen] if chosen else []
        entries = approved_entries(portal, details=cutoff is not None)
        rows = lb.rows_for_version(entries, chosen) if chosen else []
        ref_rows = lb.rows_for_version(refs, chosen) if chosen else []
        if chosen:
            grid, cutoff_block, fresh = _cutoff_slice(portal, chosen, cutoff)
            if cutoff_block is not None:
                rows = lb.with_cutoff(rows, entries, fresh, cutoff_block)
                ref_rows = lb.with_cutoff(ref_rows, refs, fresh, cutoff_block)
    dates = _dates(portal, versions)
    trend = lb.trends(entries, versions, dates)  # entries of every version
    trend["references"] = lb.trends(refs, versions, dates)["series"]
    descending = None if order is None else order == "desc"
    rows = lb.sort_rows(rows, sort, descending)
    ref_rows = _mark_references(lb.sort_rows(ref_rows, sort, descending), refs)
    board = {
        "version": chosen,
        "mode": mode,
        "last_n": last_n,
        "versions": versions,
        "window": window,
        "sort": sort if sort in lb.SORT_KEYS else "total",
        "rows": rows,
        # closed-book controls (no retrieval) of the configured models: shown, never ranked
        "references": ref_rows,
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
