"""The portal leaderboard's views over the results file, in plain Python for the Space.

Standard library only: `dragon leaderboard space` copies this file beside the Space's app.py.
The rows are the portal's (`portal/leaderboard.py`): the latest approved result per model on a
version, or each model averaged over its latest results on the newest N versions; a test
checks that both give the same rows from the same submissions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

__all__ = [
    "SORT_KEYS",
    "version_key",
    "versions",
    "rows_for_version",
    "rows_for_actual",
    "sort_rows",
    "search_rows",
    "type_names",
    "type_score",
    "table",
    "chart_svg",
    "descriptions",
]

SORT_KEYS = ("total", "retrieval", "generation", "judge", "model_name", "version", "date")
_SCORES = ("retrieval", "generation", "total", "judge")


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def versions(data: dict[str, Any]) -> list[str]:
    """The file's versions, oldest first."""
    return sorted(data.get("items") or {}, key=version_key)


def _avg(values: Iterable[float | None]) -> float | None:
    good = [v for v in values if v is not None]
    return sum(good) / len(good) if good else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _latest(records: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """model -> (submission id, record) of its newest submission (time, then id)."""
    latest: dict[str, tuple[str, dict[str, Any]]] = {}
    for sid, rec in records.items():
        have = latest.get(rec["model_name"])
        if have is None or (rec["timestamp"], sid) > (have[1]["timestamp"], have[0]):
            latest[rec["model_name"]] = (sid, rec)
    return latest


def _row(version: str, sid: str, rec: dict[str, Any]) -> dict[str, Any]:
    config = rec.get("config") or {}
    scores = rec.get("scores") or {}
    return {
        "model_name": rec["model_name"],
        "submit_id": sid,
        "version": version,
        "versions": [version],
        "date": rec["timestamp"],
        "embedding_model": config.get("embedding_model"),
        "retriever_type": config.get("retriever_type"),
        "retrieval_config": config.get("retrieval_config"),
        "config": config,
        **{k: scores.get(k) for k in _SCORES},
        "by_type": scores.get("by_type") or {},
        "ci": rec.get("ci") or {},
        "n_questions": (rec.get("metadata") or {}).get("n_questions"),
    }


def rows_for_version(data: dict[str, Any], version: str) -> list[dict[str, Any]]:
    """One row per model: its latest result on `version`."""
    records = (data.get("items") or {}).get(version) or {}
    return sort_rows([_row(version, sid, rec) for sid, rec in _latest(records).values()])


def rows_for_actual(data: dict[str, Any], last_n: int) -> list[dict[str, Any]]:
    """One row per model averaged over its latest results on the newest `last_n` versions."""
    window = versions(data)[-max(1, last_n) :]
    by_model: dict[str, list[dict[str, Any]]] = {}
    for version in window:
        for sid, rec in _latest(data["items"][version]).values():
            by_model.setdefault(rec["model_name"], []).append(_row(version, sid, rec))
    rows = []
    for model, parts in by_model.items():
        newest = parts[-1]
        types = sorted({t for p in parts for t in p["by_type"]})
        rows.append(
            {
                **newest,
                "model_name": model,
                "submit_id": None,
                "versions": [p["version"] for p in parts],
                **{k: _round(_avg(p[k] for p in parts)) for k in _SCORES},
                "by_type": {
                    t: {
                        k: _round(_avg(p["by_type"].get(t, {}).get(k) for p in parts))
                        for k in ("retrieval", "generation")
                    }
                    for t in types
                },
                "ci": {} if len(parts) > 1 else newest["ci"],
                "n_questions": sum(p["n_questions"] or 0 for p in parts),
            }
        )
    return sort_rows(rows)


def sort_rows(
    rows: list[dict[str, Any]],
    key: str = "total",
    descending: bool | None = None,
    keys: Sequence[str] = SORT_KEYS,
) -> list[dict[str, Any]]:
    """Sort by a column of `keys` (numbers high first, text A-Z by default); empty values last;
    rank 1..n. The portal sorts with its own columns (`portal/leaderboard.py`)."""
    if key not in keys:
        key = "total"
    if descending is None:
        descending = key not in ("model_name", "version")
    present = [r for r in rows if r.get(key) is not None]
    missing = [r for r in rows if r.get(key) is None]
    if key == "version":
        present.sort(key=lambda r: version_key(r["version"]), reverse=descending)
    else:
        present.sort(key=lambda r: r[key], reverse=descending)
    out = present + sorted(missing, key=lambda r: r["model_name"])
    for i, r in enumerate(out, 1):
        r["rank"] = i
    return out


def search_rows(rows: Sequence[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """Rows whose model name, retriever, embedding model or submission id contain every word."""
    words = query.lower().split()
    fields = ("model_name", "retriever_type", "embedding_model", "submit_id")
    out = []
    for r in rows:
        hay = " ".join(str(r.get(f) or "") for f in fields).lower()
        if all(w in hay for w in words):
            out.append(r)
    return out


def type_names(rows: Iterable[dict[str, Any]], order: Sequence[str] = ()) -> list[str]:
    """Question types present, in `order` first, then the others A-Z."""
    seen = {t for r in rows for t in r["by_type"]}
    return [t for t in order if t in seen] + sorted(seen - set(order))


def type_score(row: dict[str, Any], qtype: str) -> float | None:
    """A type's column: the mean of its retrieval and generation scores, as the portal shows."""
    block = row["by_type"].get(qtype) or {}
    r, g = block.get("retrieval"), block.get("generation")
    return None if r is None or g is None else round((r + g) / 2, 6)


def _interval(row: dict[str, Any], key: str) -> str:
    ci = row["ci"].get(key)
    return f"{ci[0]:.3f}–{ci[1]:.3f}" if ci else ""


def table(
    rows: Sequence[dict[str, Any]], *, actual: bool = False, order: Sequence[str] = ()
) -> tuple[list[str], list[list[Any]]]:
    """Headers and cells of the leaderboard table: scores to 3 places as the portal page shows
    them (numbers stay numbers, so they sort as numbers), intervals as text."""
    types = type_names(rows, order)
    headers = ["#", "Model", "Retrieval", "Generation", "Total", "Total 95% CI", "Judge"]
    headers += [t.replace("_", "-") for t in types]
    headers += ["Versions" if actual else "Version", "Date", "Retriever", "Embedding", "Config"]
    headers += ["Retrieval 95% CI", "Generation 95% CI", "Questions"]
    cells = []
    for r in rows:
        line: list[Any] = [r["rank"], r["model_name"]]
        line += [_places(r[k]) for k in ("retrieval", "generation", "total")]
        line += [_interval(r, "total"), _places(r["judge"])]
        line += [_places(type_score(r, t)) for t in types]
        line += [", ".join(r["versions"]), (r["date"] or "")[:10]]
        line += [r["retriever_type"] or "", r["embedding_model"] or ""]
        line += [_describe(r["retrieval_config"])]
        line += [_interval(r, "retrieval"), _interval(r, "generation"), r["n_questions"]]
        cells.append(line)
    return headers, cells


def _places(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}={value[k]}" for k in sorted(value))
    return "" if value is None else str(value)


_COLORS = ("#2f6fde", "#e0803a", "#3a9d5d", "#b04ab8", "#c9423f", "#4aa8b0")


def chart_svg(rows: Sequence[dict[str, Any]], *, order: Sequence[str] = (), top: int = 6) -> str:
    """The portal's bar chart by question type as inline SVG (names escaped: they are the
    participants' text)."""
    types = type_names(rows, order)
    models = list(rows[:top])
    if not types or not models:
        return '<p class="note">No per-type scores to chart yet.</p>'
    width, height, left, bottom, top_pad = 720, 260, 40, 40, 16
    plot_h = height - bottom - top_pad
    group_w = (width - left - 10) / len(types)
    bar_w = max(6.0, min(28.0, (group_w - 16) / len(models)))
    legend_h = 22 * ((len(models) + 2) // 3)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + legend_h}" '
        'width="100%" class="bars" role="img" aria-label="score by question type">'
    ]
    for v in (0, 0.25, 0.5, 0.75, 1):
        y = top_pad + plot_h * (1 - v)
        parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{y}" y2="{y}" stroke="#ddd"/>')
        parts.append(
            f'<text x="{left - 6}" y="{y + 4}" text-anchor="end" font-size="11">{v:.2f}</text>'
        )
    for i, qtype in enumerate(types):
        gx = left + i * group_w + (group_w - bar_w * len(models)) / 2
        for j, row in enumerate(models):
            score = type_score(row, qtype)
            if score is None:
                continue
            h = plot_h * max(0.0, min(1.0, score))
            label = escape(f"{row['model_name']} · {qtype}: {score:.3f}")
            parts.append(
                f'<rect class="bar" x="{gx + j * bar_w:.1f}" y="{top_pad + plot_h - h:.1f}" '
                f'width="{bar_w - 2:.1f}" height="{h:.1f}" fill="{_COLORS[j % len(_COLORS)]}">'
                f"<title>{label}</title></rect>"
            )
        cx = left + i * group_w + group_w / 2
        parts.append(
            f'<text x="{cx:.1f}" y="{height - bottom + 18}" text-anchor="middle" '
            f'font-size="12">{escape(qtype.replace("_", "-"))}</text>'
        )
    for j, row in enumerate(models):
        x, y = left + (j % 3) * 230, height + 22 * (j // 3)
        parts.append(
            f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{_COLORS[j % len(_COLORS)]}"/>'
            f'<text x="{x + 18}" y="{y}" font-size="12">{escape(row["model_name"])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def descriptions(data: dict[str, Any]) -> list[list[str]]:
    """Each model's description from its newest submission: model, version, every config field."""
    newest: dict[str, tuple[str, str, dict[str, Any]]] = {}
    for version in versions(data):
        for sid, rec in _latest(data["items"][version]).values():
            newest[rec["model_name"]] = (version, sid, rec)
    out = []
    for model in sorted(newest):
        version, sid, rec = newest[model]
        config = {k: v for k, v in (rec.get("config") or {}).items() if k != "model_name"}
        out.append([model, version, sid, _describe(config)])
    return out
