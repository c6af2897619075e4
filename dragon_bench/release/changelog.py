"""What a revision changed since the earlier ones: its new questions, the earlier questions a
newer article has superseded (the same subject and relation type with another object, for
slow- and fast-changing relation types only), and the earlier questions retired (their
texts are no longer in the revision). Published revisions never change: the record lives in
the new revision's `private/<v>/superseded.parquet` and its manifest's `changelog` counts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pyarrow as pa

from dragon_bench.dynamism import dynamism_of
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.release.tables import EVIDENCE_TYPE, fact_key
from dragon_bench.types import Triple
from dragon_bench.versions import parse_version

__all__ = [
    "SUPERSEDED_SCHEMA",
    "changelog",
    "retired_questions",
    "superseded_ids",
    "superseded_questions",
    "superseded_table",
]

SUPERSEDED_SCHEMA = pa.schema(
    [
        ("earlier_version", pa.string()),
        ("earlier_question_id", pa.int64()),
        ("subject_id", pa.string()),
        ("relation_type", pa.string()),
        ("old_object_id", pa.string()),
        ("new_object_id", pa.string()),
        ("evidence", pa.list_(EVIDENCE_TYPE)),
    ]
)


def _evidence(t: Triple) -> dict[str, Any]:
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


def superseded_questions(
    hub: Hub, earlier: Sequence[str], increment: Iterable[Triple]
) -> list[dict[str, Any]]:
    """Rows of `superseded.parquet`: each question of the `earlier` revisions with a slow or
    fast evidence fact `(s, r, o)` for which the increment states `(s, r, o')`, `o' != o`, in
    the present or unknown tense, and does not state `(s, r, o)` itself (a second profession
    is not a replacement of the first)."""
    new: dict[tuple[str, str], list[Triple]] = {}
    stated: set[tuple[str, str, str]] = set()
    for t in increment:
        if not (t.subject_id and t.relation_type and t.object_id):
            continue
        if dynamism_of(t.relation_type) == "static" or t.tense == "past":
            continue
        stated.add(fact_key(t))
        new.setdefault((t.subject_id, t.relation_type), []).append(t)
    rows: list[dict[str, Any]] = []
    for version in sorted(earlier, key=parse_version):
        qa = hub.read_table("private", version, "qa")
        if "evidence" not in qa.column_names:
            continue
        for qid, evidence in zip(
            qa.column("id").to_pylist(), qa.column("evidence").to_pylist(), strict=True
        ):
            for e in evidence or ():
                old = fact_key(e)
                if old in stated:
                    continue
                by_object: dict[str, list[Triple]] = {}
                for t in new.get(old[:2], ()):
                    if t.object_id != old[2]:
                        by_object.setdefault(t.object_id, []).append(t)
                for obj, triples in sorted(by_object.items()):
                    rows.append(
                        {
                            "earlier_version": version,
                            "earlier_question_id": int(qid),
                            "subject_id": old[0],
                            "relation_type": old[1],
                            "old_object_id": old[2],
                            "new_object_id": obj,
                            "evidence": [_evidence(t) for t in triples],
                        }
                    )
    return rows


def superseded_table(rows: Sequence[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(list(rows), schema=SUPERSEDED_SCHEMA)


def retired_questions(
    hub: Hub, earlier: Sequence[str], parent: str | None, texts: Iterable[str]
) -> list[dict[str, Any]]:
    """Questions of the `earlier` revisions answerable from the parent's texts whose texts
    are not all in this revision (`texts`, internal ids): the corpus no longer holds them."""
    if parent is None:
        return []
    now = set(texts)
    before = set(hub.read_table("private", parent, "texts").column("id").to_pylist())
    out = []
    for version in sorted(earlier, key=parse_version):
        qa = hub.read_table("private", version, "qa").select(["id", "text_ids"]).to_pylist()
        for row in qa:
            ids = set(row["text_ids"] or ())
            if ids and ids <= before and not ids <= now:
                out.append({"version": version, "id": int(row["id"])})
    return out


def changelog(hub: Hub, version: str) -> dict[str, Any]:
    """`{"version", "parent", "new", "superseded", "retired"}` of a revision since its parent."""
    if version not in hub.versions("private"):
        raise BadInputError(f"no revision {version} in {hub.url}")
    manifest = hub.read_manifest("private", version)
    qa = hub.read_table("private", version, "qa")
    cols = [c for c in ("id", "question", "type", "as_of", "dynamism") if c in qa.column_names]
    new = []
    for row in qa.select(cols).to_pylist():
        when = row.get("as_of")
        new.append({**row, "as_of": when.date().isoformat() if when is not None else None})
    superseded = []
    if "superseded.parquet" in manifest.get("sha256", {}):
        for row in hub.read_table("private", version, "superseded").to_pylist():
            docs = sorted({e["doc_id"] for e in row.pop("evidence") or ()})
            superseded.append({**row, "doc_ids": docs})
    return {
        "version": version,
        "parent": manifest.get("parent"),
        "new": new,
        "superseded": superseded,
        "retired": list((manifest.get("changelog") or {}).get("retired", [])),
    }


def superseded_ids(hub: Hub, versions: Iterable[str]) -> dict[str, set[int]]:
    """The question ids of each revision that any of `versions` marked superseded."""
    out: dict[str, set[int]] = {}
    for version in versions:
        if "superseded.parquet" not in hub.read_manifest("private", version).get("sha256", {}):
            continue
        table = hub.read_table("private", version, "superseded")
        for v, qid in zip(
            table.column("earlier_version").to_pylist(),
            table.column("earlier_question_id").to_pylist(),
            strict=True,
        ):
            out.setdefault(v, set()).add(int(qid))
    return out
