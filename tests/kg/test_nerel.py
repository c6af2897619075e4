"""NEREL brat parsing: T/R/N lines, multi-fragment spans, annotation quirks of the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.kg.nerel import parse_ann, read_gold_document, read_gold_folder

ANN = (
    "T1\tPERSON 0 11\tБарак Обама\n"
    "T2\tPROFESSION 14 23;30 33\tпрезидент США\n"
    "continuation of a text that crossed a line break\n"
    "R1\tWORKS_AS Arg1:T1 Arg2:T2\t\n"
    "R2\tWORKS_AS Arg1:T1 Arg2:T99\n"
    "N1\tReference T1 Wikidata:Q76\tБарак Обама\n"
    "N2\tReference T2 Wikidata:NULL\t\n"
    "N3\tReference T2 Wikidaиция\n"
    "A1\tNegation T1\n"
)


def test_parse_ann_reads_entities_relations_links() -> None:
    entities, relations, links = parse_ann(ANN)
    assert entities["T2"].fragments == ((14, 23), (30, 33))
    assert entities["T2"].span == (14, 33)
    # R2 points at a missing entity and is dropped; the garbled N3 is skipped.
    assert [(r.type, r.arg1, r.arg2) for r in relations] == [("WORKS_AS", "T1", "T2")]
    assert [(n.entity, n.wikidata) for n in links] == [("T1", "Q76"), ("T2", None)]


def test_parse_ann_strict_and_bad_spans() -> None:
    with pytest.raises(BadInputError, match="Wikidata"):
        parse_ann(ANN, strict=True)
    with pytest.raises(BadInputError, match="a.ann:1:"):
        parse_ann("T1\tPERSON 0 x\tБарак\n", "a.ann")


def test_document_text_is_the_file(tmp_path: Path) -> None:
    (tmp_path / "7_text.txt").write_text("Заголовок\n\nТекст новости.\n", encoding="utf-8")
    (tmp_path / "7_text.ann").write_text("T1\tEVENT 0 9\tЗаголовок\n", encoding="utf-8")
    g = read_gold_document(tmp_path / "7_text.txt")
    assert g.document.id == "7"
    assert g.document.title == "Заголовок"
    assert g.document.full_text == "Заголовок\n\nТекст новости.\n"
    with pytest.raises(BadInputError, match="not a folder"):
        read_gold_folder(tmp_path / "7_text.txt")
    (tmp_path / "empty").mkdir()
    with pytest.raises(BadInputError, match="no .txt"):
        read_gold_folder(tmp_path / "empty")


def test_nerel_dev_offsets_point_at_entity_text(nerel_dev: Path) -> None:
    gold = read_gold_folder(nerel_dev)
    assert len(gold) == 94
    checked = 0
    for g in gold:
        text = g.document.full_text
        for e in g.entities.values():
            if len(e.fragments) == 1 and "\n" not in e.text:
                start, end = e.fragments[0]
                assert text[start:end] == e.text, (g.document.id, e)
                checked += 1
    assert checked > 5000
    assert sum(len(g.relations) for g in gold) > 3900
