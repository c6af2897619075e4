"""Reading and writing triples as Parquet (the revision's kg.parquet columns) or JSON lines."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.errors import BadInputError
from dragon_bench.types import Triple

__all__ = [
    "COLUMNS",
    "TRIPLE_SCHEMA",
    "row_triple",
    "triples_table",
    "table_triples",
    "write_triples",
    "read_triples",
]

_SPANS = ("subject_span", "object_span", "sentence_span")
_FLOATS = ("confidence",)
# kg.parquet's columns in DESIGN.md's order (`trigger` names the rule that found the triple)
COLUMNS = (
    "subject",
    "subject_id",
    "relation",
    "relation_type",
    "object",
    "object_id",
    "subject_type",
    "object_type",
    "doc_id",
    "subject_span",
    "object_span",
    "sentence_span",
    "tense",
    "confidence",
    "trigger",
    "extractor",
)
TRIPLE_SCHEMA = pa.schema(
    [
        (k, pa.list_(pa.int64()) if k in _SPANS else pa.float64() if k in _FLOATS else pa.string())
        for k in COLUMNS
    ]
)


def triples_table(triples: Sequence[Triple]) -> pa.Table:
    """Triples as an Arrow table; spans become two-element int64 lists."""
    cols: dict[str, list[object]] = {
        k: [list(getattr(t, k)) if k in _SPANS else getattr(t, k) for t in triples] for k in COLUMNS
    }
    return pa.table(cols, schema=TRIPLE_SCHEMA)


def row_triple(row: dict[str, Any]) -> Triple:
    """A Triple from one table row; columns missing from older files take their defaults, and
    spans may also come as `<name>_start`/`<name>_end` columns."""
    values: dict[str, Any] = {}
    for k in COLUMNS:
        v = row.get(k)
        if k in _SPANS:
            prefix = k.removesuffix("_span")
            if v is not None and len(v) == 2:
                values[k] = (int(v[0]), int(v[1]))
            elif row.get(f"{prefix}_start") is not None:
                values[k] = (int(row[f"{prefix}_start"]), int(row[f"{prefix}_end"]))
        elif k in _FLOATS:
            values[k] = None if v is None else float(v)
        elif k in ("subject", "relation", "object", "doc_id"):
            values[k] = str(v)
        else:
            values[k] = str(v or "")
    return Triple(**values)


def table_triples(table: pa.Table) -> list[Triple]:
    """The inverse of `triples_table`."""
    return [row_triple(row) for row in table.to_pylist()]


def write_triples(triples: Sequence[Triple], path: Path | str) -> None:
    """Write atomically: Parquet for `.parquet`, else one JSON object a line."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    os.close(fd)
    try:
        if path.suffix == ".parquet":
            pq.write_table(triples_table(triples), tmp)
        else:
            with open(tmp, "w", encoding="utf-8") as fh:
                for row in triples_table(triples).to_pylist():
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def read_triples(path: Path | str) -> list[Triple]:
    """Read triples written by `write_triples`."""
    path = Path(path)
    if not path.exists():
        raise BadInputError("no such triples file", path=str(path))
    if path.suffix == ".parquet":
        return table_triples(pq.read_table(path))
    rows = []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise BadInputError(
                        f"not JSON: {exc.msg}", path=str(path), line=number
                    ) from exc
    return table_triples(pa.Table.from_pylist(rows, schema=TRIPLE_SCHEMA))
