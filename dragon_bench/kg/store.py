"""Reading and writing triples as Parquet (the revision's kg.parquet columns) or JSON lines."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.errors import BadInputError
from dragon_bench.types import Triple

__all__ = ["triples_table", "table_triples", "write_triples", "read_triples"]

_SPANS = ("subject_span", "object_span", "sentence_span")


def triples_table(triples: Sequence[Triple]) -> pa.Table:
    """Triples as an Arrow table; spans become two-element int64 lists."""
    cols: dict[str, list] = {  # type: ignore[type-arg]
        "subject": [t.subject for t in triples],
        "relation": [t.relation for t in triples],
        "object": [t.object for t in triples],
        "subject_type": [t.subject_type for t in triples],
        "object_type": [t.object_type for t in triples],
        "doc_id": [t.doc_id for t in triples],
        "subject_span": [list(t.subject_span) for t in triples],
        "object_span": [list(t.object_span) for t in triples],
        "sentence_span": [list(t.sentence_span) for t in triples],
        "extractor": [t.extractor for t in triples],
    }
    schema = pa.schema([(k, pa.list_(pa.int64()) if k in _SPANS else pa.string()) for k in cols])
    return pa.table(cols, schema=schema)


def table_triples(table: pa.Table) -> list[Triple]:
    """The inverse of `triples_table`."""
    out = []
    for row in table.to_pylist():
        for k in _SPANS:
            row[k] = tuple(row[k]) if row.get(k) is not None else (0, 0)
        out.append(Triple(**{k: row[k] for k in Triple.__slots__ if k in row}))  # type: ignore[attr-defined]
    return out


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
    return table_triples(pa.Table.from_pylist(rows, schema=triples_table([]).schema))
