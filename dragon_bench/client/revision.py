"""A public revision as a participant sees it: texts and questions with their public ids."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.arrow_input import read_into_arrow
from dragon_bench.errors import BadInputError

__all__ = ["Revision", "records_from_bytes", "revision_from_records"]


@dataclass(frozen=True)
class Revision:
    """The public half of one revision: `texts` and `questions` keyed by their integer ids."""

    version: str
    texts: dict[int, str]
    questions: dict[int, str]
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return (
            f"Revision({self.version!r}, {len(self.texts)} texts, "
            f"{len(self.questions)} questions, from {self.source!r})"
        )


def records_from_bytes(data: bytes, name: str) -> list[dict[str, Any]]:
    """Rows of a parquet, JSON (list or {"items": [...]}) or JSON-lines or CSV payload."""

    try:
        if data[:4] == b"PAR1":
            return pq.read_table(read_into_arrow(data)).to_pylist()
        text = data.decode("utf-8-sig")
        stripped = text.lstrip()
        if name.endswith(".csv"):
            return list(csv.DictReader(io.StringIO(text)))
        if stripped.startswith("[") or (stripped.startswith("{") and "\n{" not in stripped):
            obj = json.loads(text)
            if isinstance(obj, Mapping):
                obj = obj.get("items", obj.get("rows", obj.get("data")))
            if not isinstance(obj, list):
                raise ValueError("expected a list of rows or an object with 'items'")
            return [dict(r) for r in obj]
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    except (ValueError, UnicodeDecodeError, pa.ArrowException) as exc:
        raise BadInputError(f"cannot read rows from {name}: {exc}") from exc


def _column(rows: Iterable[Mapping[str, Any]], field_name: str, what: str) -> dict[int, str]:
    out: dict[int, str] = {}
    for n, row in enumerate(rows):
        if "id" not in row or field_name not in row:
            raise BadInputError(f"{what} row {n} lacks 'id' or '{field_name}': {dict(row)!r:.100}")
        try:
            key = int(row["id"])
        except (TypeError, ValueError) as exc:
            raise BadInputError(f"{what} row {n} has a non-integer id {row['id']!r}") from exc
        if key in out:
            raise BadInputError(f"{what} id {key} occurs twice")
        value = row[field_name]
        out[key] = "" if value is None else str(value)
    return out


def revision_from_records(
    version: str,
    texts: Iterable[Mapping[str, Any]],
    questions: Iterable[Mapping[str, Any]],
    source: str,
) -> Revision:
    """Check ids and build a Revision from `id, text` and `id, question` rows."""
    return Revision(
        version=version,
        texts=_column(texts, "text", "texts"),
        questions=_column(questions, "question", "questions"),
        source=source,
    )
