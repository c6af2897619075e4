"""Arrow tables of a revision: texts, questions, gold answers and the knowledge graph."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

from dragon_bench.errors import BadInputError
from dragon_bench.hub import SCHEMAS
from dragon_bench.types import Document, Question, Triple

__all__ = ["KG_SCHEMA", "kg_table", "triples_from_table", "read_triples", "revision_tables"]

_SPANS = ("subject_span", "object_span", "sentence_span")
# the columns of dragon_bench.kg.store (spans as [start, end]) plus `novel`
KG_SCHEMA = pa.schema(
    [
        ("subject", pa.string()),
        ("relation", pa.string()),
        ("object", pa.string()),
        ("subject_type", pa.string()),
        ("object_type", pa.string()),
        ("doc_id", pa.string()),
        ("subject_span", pa.list_(pa.int64())),
        ("object_span", pa.list_(pa.int64())),
        ("sentence_span", pa.list_(pa.int64())),
        ("extractor", pa.string()),
        ("novel", pa.bool_()),
    ]
)


def kg_table(triples: Sequence[Triple], known: Sequence[Triple] = ()) -> pa.Table:
    """Triples as rows; `known` ones (held by the reference knowledge base) get novel=False."""
    rows = [(t, True) for t in triples] + [(t, False) for t in known]
    cols: dict[str, list[object]] = {
        "subject": [t.subject for t, _ in rows],
        "relation": [t.relation for t, _ in rows],
        "object": [t.object for t, _ in rows],
        "subject_type": [t.subject_type for t, _ in rows],
        "object_type": [t.object_type for t, _ in rows],
        "doc_id": [t.doc_id for t, _ in rows],
        "subject_span": [list(t.subject_span) for t, _ in rows],
        "object_span": [list(t.object_span) for t, _ in rows],
        "sentence_span": [list(t.sentence_span) for t, _ in rows],
        "extractor": [t.extractor for t, _ in rows],
        "novel": [novel for _, novel in rows],
    }
    return pa.table(cols, schema=KG_SCHEMA)


def triples_from_table(table: pa.Table) -> list[Triple]:
    """The inverse of `kg_table` (also reads `<span>_start/_end` columns, or none)."""
    out = []
    for row in table.to_pylist():
        spans: dict[str, tuple[int, int]] = {}
        for k in _SPANS:
            prefix = k.removesuffix("_span")
            if row.get(k) is not None and len(row[k]) == 2:
                spans[k] = (int(row[k][0]), int(row[k][1]))
            elif row.get(f"{prefix}_start") is not None:
                spans[k] = (int(row[f"{prefix}_start"]), int(row[f"{prefix}_end"]))
        out.append(
            Triple(
                subject=str(row["subject"]),
                relation=str(row["relation"]),
                object=str(row["object"]),
                doc_id=str(row["doc_id"]),
                subject_type=str(row.get("subject_type") or ""),
                object_type=str(row.get("object_type") or ""),
                extractor=str(row.get("extractor") or ""),
                **spans,
            )
        )
    return out


def revision_tables(
    documents: Sequence[Document],
    questions: Sequence[Question],
    ids: Mapping[str, int],
    kg: pa.Table,
) -> tuple[dict[str, pa.Table], dict[str, pa.Table]]:
    """The public and private tables of DESIGN.md; public texts are ordered by public id."""
    by_public = sorted(documents, key=lambda d: ids[d.id])
    public = {
        "texts": pa.table(
            {"id": [ids[d.id] for d in by_public], "text": [d.full_text for d in by_public]},
            schema=SCHEMAS[("public", "texts")],
        ),
        "questions": pa.table(
            {"id": [q.id for q in questions], "question": [q.question for q in questions]},
            schema=SCHEMAS[("public", "questions")],
        ),
    }
    private = {
        "texts": pa.table(
            {"id": [d.id for d in by_public], "public_id": [ids[d.id] for d in by_public]},
            schema=SCHEMAS[("private", "texts")],
        ),
        "qa": pa.table(
            {
                "id": [q.id for q in questions],
                "question": [q.question for q in questions],
                "answer": [q.answer for q in questions],
                "answers": [list(q.answers) or [q.answer] for q in questions],
                "type": [q.type for q in questions],
                "text_ids": [list(q.text_ids) for q in questions],
            },
            schema=SCHEMAS[("private", "qa")],
        ),
        "kg": kg,
    }
    return public, private


def _triple_from_json(obj: dict[str, object], path: str, line: int) -> Triple:
    try:
        spans: dict[str, Any] = {}
        for k in ("subject_span", "object_span", "sentence_span"):
            if k in obj:
                pair: Any = obj[k]
                spans[k] = (int(pair[0]), int(pair[1]))
        return Triple(
            subject=str(obj["subject"]),
            relation=str(obj["relation"]),
            object=str(obj["object"]),
            doc_id=str(obj["doc_id"]),
            subject_type=str(obj.get("subject_type") or ""),
            object_type=str(obj.get("object_type") or ""),
            extractor=str(obj.get("extractor") or ""),
            **spans,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInputError(
            f"not a triple ({exc!r}): needs subject, relation, object, doc_id", path=path, line=line
        ) from None


def read_triples(path: str | Path) -> list[Triple]:
    """Triples from a JSON-lines file (Triple fields, spans as pairs) or a kg.parquet table."""
    path = Path(path)
    if not path.is_file():
        raise BadInputError("no such triples file", path=str(path))
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        return triples_from_table(pq.read_table(path))
    out = []
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise BadInputError(f"bad JSON: {exc.msg}", path=str(path), line=n) from None
            if not isinstance(obj, dict):
                raise BadInputError("a line must hold one JSON object", path=str(path), line=n)
            out.append(_triple_from_json(obj, str(path), n))
    return out
