"""types.py: the EntityType vocabulary, entity ids and the Triple fields of DESIGN.md."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from dragon_bench.kg.store import read_triples, triples_table, write_triples
from dragon_bench.release.tables import evidence, kg_table, triples_from_table
from dragon_bench.types import EntityType, Question, Triple, entity_id, entity_type


def test_entity_types_are_nerels_and_aliases_normalise() -> None:
    assert len(EntityType) == 29  # annotation.conf of NEREL v1.1
    assert entity_type("PER") is EntityType.PERSON
    assert entity_type("org") is EntityType.ORGANIZATION
    assert entity_type(" LOC ") is EntityType.LOCATION
    assert entity_type("work of art") is EntityType.WORK_OF_ART
    assert entity_type("OTHER") == "" and entity_type("") == ""
    assert EntityType.PERSON == "PERSON" and "PERSON" in {EntityType.PERSON}


def test_triple_normalises_types_and_fills_ids() -> None:
    t = Triple("Барак Обама", "должность", "президент", "d1", subject_type="PER")
    assert t.subject_type == "PERSON" and t.object_type == ""
    assert t.subject_id == "PERSON:барак обама" and t.object_id == "ENTITY:президент"
    assert t.confidence is None and t.tense == "" and t.relation_type == ""
    # a given id is kept (aliases resolved elsewhere); quotes, case and «ё» do not matter
    assert Triple("РФ", "r", "x", "d", subject_id="LOCATION:россия").subject_id == (
        "LOCATION:россия"
    )
    assert entity_id("ORG", "«Ёлки»  Палки") == "ORGANIZATION:елки палки"
    with pytest.raises(ValueError, match="tense"):
        Triple("a", "r", "b", "d", tense="future")


def _triple(**kw: object) -> Triple:
    base = Triple(
        "Барак Обама",
        "должность",
        "президент",
        "d1",
        subject_type="PERSON",
        object_type="PROFESSION",
        subject_span=(10, 21),
        object_span=(0, 9),
        sentence_span=(0, 40),
        extractor="natasha",
        relation_type="WORKS_AS",
        tense="past",
        confidence=0.91,
        trigger="role_appos",
    )
    return dataclasses.replace(base, **kw)  # type: ignore[arg-type]


def test_new_fields_round_trip_through_the_kg_tables(tmp_path: Path) -> None:
    triples = [_triple(), _triple(confidence=None, tense="", doc_id="d2")]
    assert triples_from_table(kg_table(triples)) == triples
    for name in ("kg.parquet", "kg.jsonl"):
        write_triples(triples, tmp_path / name)
        assert read_triples(tmp_path / name) == triples
    names = triples_table(triples).column_names
    assert names[:6] == [
        "subject",
        "subject_id",
        "relation",
        "relation_type",
        "object",
        "object_id",
    ]
    assert {"tense", "confidence", "trigger"} <= set(names)


def test_tables_written_before_the_new_columns_still_read(tmp_path: Path) -> None:
    old = pa.table(
        {
            "subject": ["Россия"],
            "relation": ["входит в"],
            "object": ["ООН"],
            "subject_type": ["LOC"],
            "object_type": ["ORG"],
            "doc_id": ["d"],
            "subject_span": [[0, 6]],
            "object_span": [[10, 13]],
            "sentence_span": [[0, 20]],
            "extractor": ["natasha"],
        }
    )
    pq.write_table(old, tmp_path / "kg.parquet")
    (t,) = read_triples(tmp_path / "kg.parquet")
    assert (t.subject_type, t.object_type) == ("LOCATION", "ORGANIZATION")
    assert t.subject_id == "LOCATION:россия" and t.confidence is None


def test_question_evidence_and_confidence() -> None:
    q = Question(1, "Кем работает Барак Обама?", "президент", "simple", ("d1",))
    assert q.confidence is None and evidence(q) == []
    q = dataclasses.replace(q, triples=(_triple(), _triple(confidence=0.7)))
    assert q.confidence == 0.7
    (first, _) = evidence(q)
    assert first["subject_span"] == [10, 21] and first["relation_type"] == "WORKS_AS"
    assert first["tense"] == "past" and first["subject_id"] == "PERSON:барак обама"
