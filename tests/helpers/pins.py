"""Digests of canonical rows and fields, for tests that pin outputs without storing them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["canonical", "compare_pins", "digest", "field_digests", "row_pins"]


def canonical(value: Any) -> Any:
    """`value` with floats rounded to 10 decimals and tuples as lists (JSON's view of it)."""
    if isinstance(value, float):
        return round(value, 10)
    if isinstance(value, Mapping):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    return value


def digest(value: Any) -> str:
    """A short sha256 of the canonical JSON of `value`."""
    text = json.dumps(canonical(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def field_digests(record: Mapping[str, Any]) -> dict[str, str]:
    """One digest per top-level field."""
    return {k: digest(v) for k, v in record.items()}


def row_pins(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Count, one digest per row (in order) and one per column, of a list of records."""
    columns = sorted({k for r in rows for k in r})
    return {
        "count": len(rows),
        "rows": [digest(r) for r in rows],
        "columns": {c: digest([r.get(c) for r in rows]) for c in columns},
    }


def compare_pins(
    want: Mapping[str, Any], got: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]
) -> list[str]:
    """What differs between a pin and an observation: count, columns, the first rows changed."""
    problems = []
    if want["count"] != got["count"]:
        problems.append(f"count: pinned {want['count']}, now {got['count']}")
    cols = set(want["columns"]) | set(got["columns"])
    changed = sorted(c for c in cols if want["columns"].get(c) != got["columns"].get(c))
    if changed:
        problems.append(f"columns changed: {changed}")
    bad = [i for i, (a, b) in enumerate(zip(want["rows"], got["rows"], strict=False)) if a != b]
    for i in bad[:5]:
        key = {k: rows[i][k] for k in ("id", "doc_id", "subject", "relation") if k in rows[i]}
        problems.append(f"row {i} changed {key}")
    if len(bad) > 5:
        problems.append(f"... {len(bad)} rows changed in all")
    return problems
