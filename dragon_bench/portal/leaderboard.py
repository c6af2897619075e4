"""Leaderboard tables from approved submissions: per version, or over the last n versions."""

from __future__ import annotations

import csv
import io
import json
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from dragon_bench.dynamism import LABELS
from dragon_bench.leaderboard import views
from dragon_bench.portal.scores import (
    GENERATION_METRICS,
    RETRIEVAL_METRICS,
    block_mean,
    question_scores,
)
from dragon_bench.questions.shapes import QUESTION_TYPES
from dragon_bench.versions import parse_version

__all__ = [
    "Entry",
    "SORT_KEYS",
    "rows_for_version",
    "rows_for_actual",
    "with_cutoff",
    "cutoff_grid",
    "as_of_day",
    "snap_cutoff",
    "fresh_ids",
    "trends",
    "sort_rows",
    "to_csv",
    "csv_cell",
    "type_order",
]

SORT_KEYS = (
    "total",
    "retrieval",
    "generation",
    "judge",
    "model_name",
    "version",
    "date",
    "cutoff_total",
)


@dataclass(frozen=True)
class Entry:
    """An approved, evaluated submission as the leaderboard needs it."""

    submit_id: str
    model_name: str
    version: str
    created_at: datetime
    config: dict[str, Any]
    report: dict[str, Any]
    judge: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _avg(values: Iterable[float | None]) -> float | None:
    good = [v for v in values if v is not None]
    return sum(good) / len(good) if good else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _config_columns(config: dict[str, Any]) -> dict[str, Any]:
    return {
        "embedding_model": config.get("embedding_model"),
        "retriever_type": config.get("retriever_type"),
        "retrieval_config": config.get("retrieval_config"),
    }


def _blocks(slices: Any) -> dict[str, dict[str, float | None]]:
    """Retrieval and generation means of each slice of a report (by type, by dynamism)."""
    return {
        name: {
            "retrieval": _round(block_mean(block.get("retrieval"), RETRIEVAL_METRICS)),
            "generation": _round(block_mean(block.get("generation"), GENERATION_METRICS)),
        }
        for name, block in (slices or {}).items()
    }


def _fresh(block: Any) -> dict[str, Any] | None:
    """The fresh slice after the submission's own `knowledge_cutoff`, when the report shows it."""
    if not block or not block.get("shown"):
        return None
    return {
        "knowledge_cutoff": block["knowledge_cutoff"],
        "n_questions": block["n_questions"],
        "as_of": block.get("as_of"),
        **_blocks({"slice": block})["slice"],
    }


def _row(entry: Entry) -> dict[str, Any]:
    overall = entry.report.get("overall") or {}
    retrieval = block_mean(overall.get("retrieval"), RETRIEVAL_METRICS)
    generation = block_mean(overall.get("generation"), GENERATION_METRICS)
    total = (
        _avg([retrieval, generation]) if retrieval is not None and generation is not None else None
    )
    by_type = _blocks(entry.report.get("by_type"))
    portal = entry.report.get("portal") or {}
    return {
        "model_name": entry.model_name,
        "submit_id": entry.submit_id,
        "version": entry.version,
        "versions": [entry.version],
        "date": entry.created_at.isoformat(timespec="seconds"),
        **_config_columns(entry.config),
        "retrieval": _round(retrieval),
        "generation": _round(generation),
        "total": _round(total),
        "judge": _round(entry.judge),
        "by_type": by_type,
        # static / slow / fast (dragon_bench.dynamism); empty for revisions built before labels
        "by_dynamism": _blocks(entry.report.get("by_dynamism")),
        "fresh": _fresh(entry.report.get("fresh")),
        "ci": portal.get("ci") or {},
        "n_questions": entry.report.get("n_questions"),
        "signature": entry.report.get("signature"),
        "metrics": {
            "retrieval": dict(overall.get("retrieval") or {}),
            "generation": dict(overall.get("generation") or {}),
        },
    }


def _latest_per_model(entries: Iterable[Entry]) -> dict[str, Entry]:
    latest: dict[str, Entry] = {}
    for e in entries:
        have = latest.get(e.model_name)
        if have is None or (e.created_at, e.submit_id) > (have.created_at, have.submit_id):
            latest[e.model_name] = e
    return latest


def rows_for_version(entries: Iterable[Entry], version: str) -> list[dict[str, Any]]:
    """One row per model: its latest approved submission on `version`."""
    chosen = _latest_per_model(e for e in entries if e.version == version)
    return sort_rows([_row(e) for e in chosen.values()])


def _without(row: dict[str, Any], entry: Entry, dropped: Set[int]) -> dict[str, Any]:
    """The row's scores recomputed from the entry's per-question details without `dropped`
    (questions a later revision superseded); the row as it was without details."""
    details = entry.extra.get("details")
    if not dropped or not details:
        return row
    kept = [d for d in details if d.get("id") not in dropped]
    scores = question_scores(kept)
    if not scores["total"]:
        return row
    mean = {k: _round(sum(v) / len(v)) for k, v in scores.items()}
    return {
        **row,
        **mean,
        "n_questions": len(scores["total"]),
        "superseded_left_out": len(details) - len(kept),
    }


def rows_for_actual(
    entries: Iterable[Entry],
    versions: Sequence[str],
    last_n: int,
    superseded: Mapping[str, Set[int]] | None = None,
) -> list[dict[str, Any]]:
    """One row per model averaged over its latest results on the newest `last_n` versions;
    the questions a later revision superseded (`superseded`: ids by version) leave the
    average when the entries carry per-question `details`."""
    gone = superseded or {}
    window = sorted(set(versions), key=parse_version)[-max(1, last_n) :]
    by_model: dict[str, dict[str, Entry]] = {}
    for e in entries:
        if e.version in window:
            slot = by_model.setdefault(e.model_name, {})
            have = slot.get(e.version)
            if have is None or (e.created_at, e.submit_id) > (have.created_at, have.submit_id):
                slot[e.version] = e
    rows = []
    for model, per_version in by_model.items():
        parts = [
            _without(_row(per_version[v]), per_version[v], gone.get(v, set()))
            for v in sorted(per_version, key=parse_version)
        ]
        newest = parts[-1]
        types = sorted({t for p in parts for t in p["by_type"]}, key=type_order)
        rows.append(
            {
                **newest,
                "model_name": model,
                "submit_id": None,
                "version": newest["version"],
                "versions": [p["version"] for p in parts],
                "retrieval": _round(_avg(p["retrieval"] for p in parts)),
                "generation": _round(_avg(p["generation"] for p in parts)),
                "total": _round(_avg(p["total"] for p in parts)),
                "judge": _round(_avg(p["judge"] for p in parts)),
                "by_type": {
                    t: {
                        k: _round(_avg(p["by_type"].get(t, {}).get(k) for p in parts))
                        for k in ("retrieval", "generation")
                    }
                    for t in types
                },
                "by_dynamism": {
                    label: {
                        k: _round(_avg(p["by_dynamism"].get(label, {}).get(k) for p in parts))
                        for k in ("retrieval", "generation")
                    }
                    for label in LABELS
                    if any(label in p["by_dynamism"] for p in parts)
                },
                "ci": {} if len(parts) > 1 else newest["ci"],
                "n_questions": sum(p["n_questions"] or 0 for p in parts),
            }
        )
    return sort_rows(rows)


def as_of_day(when: datetime | None) -> date | None:
    """A question's `as_of` as its UTC day (None when undated)."""
    if when is None:
        return None
    return (when if when.tzinfo is None else when.astimezone(UTC)).date()


def cutoff_grid(days: Mapping[int, date | None], min_slice: int) -> list[dict[str, Any]]:
    """The cutoff dates the board offers on a version whose questions are dated `days`
    (question id -> the day of its `as_of`, None when undated), oldest first, each with its
    slice (the questions dated after it): `{date, n_questions, as_of: [first, last]}`.

    The guard against differencing: a date is offered only when its slice holds at least
    `min_slice` questions, the rest of the version (older and undated questions) none or at
    least `min_slice`, and the slice of the previous offered date at least `min_slice` more.
    The slices of one version are nested, so the overall score and the scores at any offered
    dates can only be combined into sums over `min_slice` questions or more."""
    dated = sorted(d for d in days.values() if d is not None)
    total = len(days)
    if not dated:
        return []
    candidates = [dated[0] - timedelta(days=1)] + sorted(set(dated))[:-1]
    grid: list[dict[str, Any]] = []
    for day in candidates:
        first = bisect_right(dated, day)  # dated[first:] is the slice
        n = len(dated) - first
        if n < min_slice or 0 < total - n < min_slice:
            continue
        if grid and grid[-1]["n_questions"] - n < min_slice:
            continue
        grid.append(
            {
                "date": day.isoformat(),
                "n_questions": n,
                "as_of": [dated[first].isoformat(), dated[-1].isoformat()],
            }
        )
    return grid


def snap_cutoff(grid: Sequence[dict[str, Any]], requested: date) -> dict[str, Any] | None:
    """The earliest offered date on or after `requested` (its slice is dated after the
    requested day too), or None when no offered date is that late."""
    for point in grid:
        if date.fromisoformat(point["date"]) >= requested:
            return point
    return None


def fresh_ids(days: Mapping[int, date | None], cutoff: str) -> set[int]:
    """The questions dated after the cutoff day."""
    day = date.fromisoformat(cutoff)
    return {i for i, d in days.items() if d is not None and d > day}


def with_cutoff(
    rows: list[dict[str, Any]],
    entries: Iterable[Entry],
    fresh: Set[int],
    cutoff: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """Every row scored on one common fresh slice (the questions in `fresh`) from its
    submission's per-question scores: `cutoff_retrieval`, `cutoff_generation`,
    `cutoff_total`, and the slice's description `cutoff` ({requested, date, n_questions,
    shown, ...}); when `cutoff["shown"]` is false no row gets a score."""
    by_id = {e.submit_id: e for e in entries}
    out = []
    for row in rows:
        extra: dict[str, Any] = {
            "cutoff": dict(cutoff),
            "cutoff_retrieval": None,
            "cutoff_generation": None,
            "cutoff_total": None,
        }
        entry = by_id.get(row.get("submit_id") or "")
        details = entry.extra.get("details") if entry is not None else None
        if cutoff.get("shown") and details:
            scores = question_scores([d for d in details if d.get("id") in fresh])
            if scores["total"]:
                for k, v in scores.items():
                    extra[f"cutoff_{k}"] = _round(sum(v) / len(v))
        out.append({**row, **extra})
    return out


def trends(
    entries: Iterable[Entry], versions: Sequence[str], dates: Mapping[str, str | None]
) -> dict[str, Any]:
    """Each model's scores across the versions (its latest approved result on each) and each
    version's difficulty (the mean over the systems on it), with the versions' dates, for the
    trend chart: `{versions: [{version, date, n_systems, total, retrieval, generation}],
    series: [{model_name, points: [{version, date, total, retrieval, generation}]}]}`."""
    chosen = list(entries)
    order = sorted(set(versions), key=parse_version)
    points: dict[str, list[dict[str, Any]]] = {}
    out_versions = []
    for version in order:
        rows = rows_for_version(chosen, version)
        out_versions.append(
            {
                "version": version,
                "date": dates.get(version),
                "n_systems": len(rows),
                **{
                    k: _round(_avg(r[k] for r in rows))
                    for k in ("total", "retrieval", "generation")
                },
            }
        )
        for r in rows:
            points.setdefault(r["model_name"], []).append(
                {
                    "version": version,
                    "date": dates.get(version),
                    **{k: r[k] for k in ("total", "retrieval", "generation")},
                }
            )
    series = [{"model_name": m, "points": p} for m, p in sorted(points.items())]
    return {"versions": out_versions, "series": series}


def type_order(name: str) -> tuple[int, str]:
    """Sort key of a question type: the registry's order, unknown types after it by name."""
    order = list(QUESTION_TYPES)
    return (order.index(name) if name in order else len(order), name)


def sort_rows(
    rows: list[dict[str, Any]], key: str = "total", descending: bool | None = None
) -> list[dict[str, Any]]:
    """Sort by a column (numbers high first, text A-Z by default); empty values last; rank 1..n:
    the Space's sort (`leaderboard/views.py`) over the portal's columns."""
    return views.sort_rows(rows, key, descending, keys=SORT_KEYS)


CSV_COLUMNS = (
    "rank",
    "model_name",
    "version",
    "date",
    "retrieval",
    "generation",
    "total",
    "judge",
    "embedding_model",
    "retriever_type",
    "retrieval_config",
    "n_questions",
    "submit_id",
)

# with a cutoff: every row's scores on the common fresh slice
CUTOFF_COLUMNS = ("cutoff_retrieval", "cutoff_generation", "cutoff_total")


# A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A value as a CSV cell: text that a spreadsheet would run as a formula gets a leading '."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def to_csv(rows: Sequence[dict[str, Any]]) -> str:
    """Flat CSV: the main columns, then `<type>_retrieval`/`<type>_generation` and CI bounds."""
    types = sorted({t for r in rows for t in r["by_type"]}, key=type_order)
    fresh = [c for c in CUTOFF_COLUMNS if any("cutoff" in r for r in rows)]
    header = list(CSV_COLUMNS) + fresh
    header += [f"{t}_{k}" for t in types for k in ("retrieval", "generation")]
    header += [f"{k}_ci_{b}" for k in ("retrieval", "generation", "total") for b in ("low", "high")]
    buf = io.StringIO()
    # RFC 4180 line ends: a CR or LF inside a value is then quoted, never a row break.
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(header)
    for r in rows:
        line = [
            json.dumps(r[c], ensure_ascii=False) if isinstance(r[c], dict | list) else r[c]
            for c in CSV_COLUMNS
        ]
        line += [r.get(c) for c in fresh]
        line += [r["by_type"].get(t, {}).get(k) for t in types for k in ("retrieval", "generation")]
        for k in ("retrieval", "generation", "total"):
            ci = r["ci"].get(k) or [None, None]
            line += ci
        writer.writerow(["" if v is None else csv_cell(v) for v in line])
    return buf.getvalue()
