"""The leaderboard's results file: what the portal commits on each approval and the Space reads.

It is DRAGON's Gradio file (`items -> version -> submission id -> record`) with a
`schema_version` beside `items` and, in each record, the summary scores and intervals the
portal's leaderboard shows. Its bytes depend only on the approved results (sorted keys,
versions and submissions in a fixed order), so a commit appears only when something changed.
The schema is documented in docs/operators.md ("The results file").
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.portal.leaderboard import rows_for_version
from dragon_bench.versions import is_version, parse_version

__all__ = [
    "SCHEMA_VERSION",
    "PRIVATE_CONFIG_KEYS",
    "build_results",
    "dump_results",
    "read_results",
    "validate_results",
]

SCHEMA_VERSION = 1
# Parts of a submission's config that identify the participant rather than the system.
PRIVATE_CONFIG_KEYS = frozenset({"user_guid", "token"})
_SCORE_KEYS = ("retrieval", "generation", "total", "judge")
_SUBMIT_ID = re.compile(r"^[A-Za-z0-9._:-]{1,100}$")


def _finite(obj: Any) -> Any:
    """NaN and infinities become null: JSON has no spelling for them and the file must parse."""
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, Mapping):
        return {str(k): _finite(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_finite(v) for v in obj]
    return obj


def build_results(entries: Iterable[Any], versions: Iterable[str] = ()) -> dict[str, Any]:
    """The results file of approved `entries` (portal.leaderboard.Entry); every version in
    `versions` (the hub's) gets a key, so the Space's "last N versions" window is the portal's."""
    entries = list(entries)
    by_id = {e.submit_id: e for e in entries}
    keys = {v for v in versions if is_version(v)} | {e.version for e in entries}
    items: dict[str, dict[str, Any]] = {}
    for version in sorted(keys, key=parse_version):
        items[version] = {
            row["submit_id"]: _record(by_id[row["submit_id"]], row)
            for row in rows_for_version(entries, version)
        }
    return {"schema_version": SCHEMA_VERSION, "items": _finite(items)}


def _record(entry: Any, row: dict[str, Any]) -> dict[str, Any]:
    metrics: dict[str, Any] = {"overall": row["metrics"]}
    for qtype, block in (entry.report.get("by_type") or {}).items():
        metrics[qtype] = {
            "retrieval": dict(block.get("retrieval") or {}),
            "generation": dict(block.get("generation") or {}),
        }
    metrics["judge"] = entry.judge
    return {
        "model_name": entry.model_name,
        "timestamp": row["date"],
        "config": {k: v for k, v in entry.config.items() if k not in PRIVATE_CONFIG_KEYS},
        "metrics": metrics,
        "metadata": {"n_questions": row["n_questions"], "signature": row["signature"]},
        "scores": {**{k: row[k] for k in _SCORE_KEYS}, "by_type": row["by_type"]},
        "ci": {k: list(b) for k, b in (row["ci"] or {}).items() if _bounds(b)},
    }


def _bounds(value: Any) -> bool:
    """A [low, high] pair of finite numbers; an interval the bootstrap could not give is left out."""
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and math.isfinite(v) for v in value)
        and value[0] <= value[1]
    )


def dump_results(data: Mapping[str, Any]) -> bytes:
    """The canonical bytes: sorted keys, two-space indent, UTF-8, one trailing newline."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=2, allow_nan=False)
    return (text + "\n").encode("utf-8")


def read_results(path: str | Path) -> dict[str, Any]:
    """Parse and validate a results file; BadInputError names the file and the bad item."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadInputError(f"not UTF-8 text ({exc.reason})", path=str(path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInputError(
            f"not JSON: {exc.msg} at column {exc.colno}", path=str(path), line=exc.lineno
        ) from None
    validate_results(data, source=str(path))
    return data  # type: ignore[no-any-return]


# -- validation ---------------------------------------------------------------------------------


def _pointer(parts: Iterable[str]) -> str:
    """A JSON Pointer (RFC 6901) to the offending item."""
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: tuple[str, ...], message: str) -> None:
        raise BadInputError(f"{_pointer(where)}: {message}", path=self.source or None)

    def obj(self, value: Any, where: tuple[str, ...], keys: Iterable[str] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(where, f"expected an object, got {_kind(value)}")
        for key in keys:
            if key not in value:
                self.fail((*where, key), "missing")
        return value  # type: ignore[no-any-return]

    def exact(self, value: dict[str, Any], where: tuple[str, ...], keys: Iterable[str]) -> None:
        allowed = set(keys)
        for key in sorted(value):
            if key not in allowed:
                self.fail((*where, key), f"unknown key (allowed: {', '.join(sorted(allowed))})")

    def number(self, value: Any, where: tuple[str, ...], *, null: bool = True) -> None:
        if value is None and null:
            return
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(where, f"expected a number{' or null' if null else ''}, got {_kind(value)}")
        if not math.isfinite(value):
            self.fail(where, f"expected a finite number, got {value}")

    def text(self, value: Any, where: tuple[str, ...], *, null: bool = False) -> None:
        if value is None and null:
            return
        if not isinstance(value, str) or (not null and not value.strip()):
            self.fail(where, f"expected a non-empty string, got {_kind(value)}")

    def scores(self, value: Any, where: tuple[str, ...]) -> None:
        block = self.obj(value, where)
        for name, score in block.items():
            self.number(score, (*where, name))

    def any_json(self, value: Any, where: tuple[str, ...]) -> None:
        if isinstance(value, float):
            self.number(value, where)
        elif isinstance(value, dict):
            for k, v in value.items():
                self.any_json(v, (*where, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.any_json(v, (*where, str(i)))

    def record(self, value: Any, where: tuple[str, ...]) -> None:
        keys = ("model_name", "timestamp", "config", "metrics", "metadata", "scores", "ci")
        rec = self.obj(value, where, keys)
        self.exact(rec, where, keys)
        self.text(rec["model_name"], (*where, "model_name"))
        self.text(rec["timestamp"], (*where, "timestamp"))
        try:
            datetime.fromisoformat(rec["timestamp"])
        except ValueError:
            self.fail((*where, "timestamp"), f"not an ISO 8601 time: {rec['timestamp']!r}")
        self.any_json(self.obj(rec["config"], (*where, "config")), (*where, "config"))
        metrics = self.obj(rec["metrics"], (*where, "metrics"), ("overall",))
        for name, block in metrics.items():
            at = (*where, "metrics", name)
            if name == "judge":
                self.number(block, at)
                continue
            part = self.obj(block, at, ("retrieval", "generation"))
            self.exact(part, at, ("retrieval", "generation"))
            self.scores(part["retrieval"], (*at, "retrieval"))
            self.scores(part["generation"], (*at, "generation"))
        meta = self.obj(rec["metadata"], (*where, "metadata"))
        n = meta.get("n_questions")
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
            self.fail((*where, "metadata", "n_questions"), f"expected a count, got {_kind(n)}")
        self.text(meta.get("signature"), (*where, "metadata", "signature"), null=True)
        scores = self.obj(rec["scores"], (*where, "scores"), (*_SCORE_KEYS, "by_type"))
        self.exact(scores, (*where, "scores"), (*_SCORE_KEYS, "by_type"))
        for key in _SCORE_KEYS:
            self.number(scores[key], (*where, "scores", key))
        by_type = self.obj(scores["by_type"], (*where, "scores", "by_type"))
        for qtype, block in by_type.items():
            at = (*where, "scores", "by_type", qtype)
            part = self.obj(block, at, ("retrieval", "generation"))
            self.exact(part, at, ("retrieval", "generation"))
            self.number(part["retrieval"], (*at, "retrieval"))
            self.number(part["generation"], (*at, "generation"))
        ci = self.obj(rec["ci"], (*where, "ci"))
        for name, bounds in ci.items():
            at = (*where, "ci", name)
            if not isinstance(bounds, list) or len(bounds) != 2:
                self.fail(at, f"expected [low, high], got {_kind(bounds)}")
            self.number(bounds[0], (*at, "0"), null=False)
            self.number(bounds[1], (*at, "1"), null=False)
            if bounds[0] > bounds[1]:
                self.fail(at, f"low {bounds[0]} above high {bounds[1]}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def validate_results(data: Any, source: str = "") -> dict[str, int]:
    """Check a parsed results file against the schema; returns its counts, raises BadInputError
    naming the offending item as a JSON Pointer (`/items/1.0.0/<submission>/scores/total`)."""
    check = _Checker(source)
    top = check.obj(data, (), ("schema_version", "items"))
    check.exact(top, (), ("schema_version", "items"))
    if top["schema_version"] != SCHEMA_VERSION or isinstance(top["schema_version"], bool):
        check.fail(
            ("schema_version",),
            f"expected {SCHEMA_VERSION}, got {_kind(top['schema_version'])}",
        )
    items = check.obj(top["items"], ("items",))
    records = 0
    for version, subs in items.items():
        if not is_version(version):
            check.fail(("items", version), "not a version of the form MAJOR.MINOR.PATCH")
        for submit_id, rec in check.obj(subs, ("items", version)).items():
            if not _SUBMIT_ID.match(submit_id):
                check.fail(("items", version, submit_id), "not a submission id")
            check.record(rec, ("items", version, submit_id))
            records += 1
    return {"schema_version": SCHEMA_VERSION, "versions": len(items), "records": records}
