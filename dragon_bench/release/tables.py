"""Arrow tables of a revision: texts, questions, gold answers and the knowledge graph."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.dynamism import question_dynamism
from dragon_bench.errors import BadInputError
from dragon_bench.hub import SCHEMAS
from dragon_bench.kg.store import TRIPLE_SCHEMA, row_triple, table_triples, triples_table
from dragon_bench.types import Document, Question, Triple
from dragon_bench.versions import parse_version

__all__ = [
    "KG_SCHEMA",
    "EVIDENCE_TYPE",
    "evidence",
    "fact_key",
    "kg_table",
    "question_as_of",
    "triples_from_table",
    "read_triples",
    "revision_tables",
]

# the columns of dragon_bench.kg.store plus `novel`
KG_SCHEMA = TRIPLE_SCHEMA.append(pa.field("novel", pa.bool_()))

# one evidence triple of a question (DESIGN.md, qa `evidence`)
EVIDENCE_TYPE = SCHEMAS[("private", "qa")].field("evidence").type.value_type


def kg_table(triples: Sequence[Triple], known: Sequence[Triple] = ()) -> pa.Table:
    """Triples as rows; `known` ones (held by the reference knowledge base) get novel=False."""
    table = triples_table([*triples, *known])
    novel = pa.array([True] * len(triples) + [False] * len(known), pa.bool_())
    return table.append_column(KG_SCHEMA.field("novel"), novel)


def triples_from_table(table: pa.Table) -> list[Triple]:
    """The inverse of `kg_table` (also reads older tables and `<span>_start/_end` columns)."""
    return table_triples(table)


def evidence_record(t: Triple) -> dict[str, Any]:
    """One triple as DESIGN.md's `evidence` record."""
    return {
        "doc_id": t.doc_id,
        "subject": t.subject,
        "subject_id": t.subject_id,
        "relation": t.relation,
        "relation_type": t.relation_type,
        "object": t.object,
        "object_id": t.object_id,
        "subject_span": list(t.subject_span),
        "object_span": list(t.object_span),
        "sentence_span": list(t.sentence_span),
        "tense": t.tense,
    }


def evidence(question: Question) -> list[dict[str, Any]]:
    """The question's evidence triples as DESIGN.md's `evidence` records."""
    return [evidence_record(t) for t in question.triples]


def fact_key(triple: Mapping[str, Any] | Triple) -> tuple[str, str, str]:
    """A fact as DESIGN.md defines it: `(subject_id, relation_type, object_id)`."""
    if isinstance(triple, Triple):
        return (triple.subject_id, triple.relation_type, triple.object_id)
    return (triple["subject_id"], triple["relation_type"], triple["object_id"])


def _utc(value: datetime | None) -> datetime | None:
    # a naive time is read as UTC: the input said nothing else, and nothing is invented
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def question_as_of(question: Question, published: Mapping[str, datetime | None]) -> datetime | None:
    """The latest publication time of the question's evidence documents; None when any of
    them is undated (the latest one is then unknown) or there are none."""
    docs = {t.doc_id for t in question.triples} or set(question.text_ids)
    dates = [_utc(published.get(d)) for d in docs]
    if not dates or any(d is None for d in dates):
        return None
    return max(d for d in dates if d is not None)


def revision_tables(
    documents: Sequence[Document],
    questions: Sequence[Question],
    ids: Mapping[str, int],
    kg: pa.Table,
    *,
    flags: Mapping[str, Sequence[str]] | None = None,
    version: str = "",
    first_asked: Mapping[tuple[str, str, str], str] | None = None,
    publish_dates: bool = False,
) -> tuple[dict[str, pa.Table], dict[str, pa.Table]]:
    """The public and private tables of DESIGN.md; public texts are ordered by public id.
    `flags` maps a question's text to its qa `flags` (e.g. `closed_book:MODEL`);
    `first_asked` maps a fact to the earliest revision that asked it (`first_revision`,
    else `version`); `publish_dates` adds the day of `as_of` to the public questions."""
    by_public = sorted(documents, key=lambda d: ids[d.id])
    published = {d.id: d.published_at for d in documents}
    as_of = [question_as_of(q, published) for q in questions]
    asked = first_asked or {}
    first = []
    for q in questions:
        earlier = [asked[k] for k in map(fact_key, q.triples) if k in asked]
        first.append(min(earlier, key=parse_version) if earlier else version)
    public_questions: dict[str, list[Any]] = {
        "id": [q.id for q in questions],
        "question": [q.question for q in questions],
    }
    if publish_dates:
        public_questions["as_of"] = [d.date() if d is not None else None for d in as_of]
    public = {
        "texts": pa.table(
            {"id": [ids[d.id] for d in by_public], "text": [d.full_text for d in by_public]},
            schema=SCHEMAS[("public", "texts")],
        ),
        "questions": pa.table(public_questions),
    }
    private = {
        "texts": pa.table(
            {
                "id": [d.id for d in by_public],
                "public_id": [ids[d.id] for d in by_public],
                "published_at": [_utc(d.published_at) for d in by_public],
            },
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
                "evidence": [evidence(q) for q in questions],
                "confidence": [q.confidence for q in questions],
                "flags": [list((flags or {}).get(q.question, ())) for q in questions],
                "template": [q.template for q in questions],
                "as_of": as_of,
                "first_revision": first,
                "dynamism": [
                    question_dynamism(t.relation_type for t in q.triples) for q in questions
                ],
            },
            schema=SCHEMAS[("private", "qa")],
        ),
        "kg": kg,
    }
    return public, private


def _triple_from_json(obj: dict[str, object], path: str, line: int) -> Triple:
    missing = [k for k in ("subject", "relation", "object", "doc_id") if k not in obj]
    if missing:
        raise BadInputError(
            f"not a triple: needs subject, relation, object, doc_id (missing {', '.join(missing)})",
            path=path,
            line=line,
        )
    try:
        return row_triple(obj)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInputError(f"not a triple ({exc})", path=path, line=line) from None


def read_triples(path: str | Path) -> list[Triple]:
    """Triples from a JSON-lines file (Triple fields, spans as pairs) or a kg.parquet table."""
    path = Path(path)
    if not path.is_file():
        raise BadInputError("no such triples file", path=str(path))
    if path.suffix == ".parquet":
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
