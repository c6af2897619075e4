"""The local novelty filter: file formats, pair/fact semantics, and NEREL's Wikidata links."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.kg import LocalKnowledgeBase
from dragon_bench.kg.nerel import read_gold_folder
from dragon_bench.types import Triple


def _t(s: str, r: str, o: str, ot: str = "") -> Triple:
    return Triple(subject=s, relation=r, object=o, doc_id="d", object_type=ot)


def test_jsonl_pair_and_fact_semantics(tmp_path: Path) -> None:
    kb_file = tmp_path / "kb.jsonl"
    rows = [
        {"id": "Q76", "labels": ["Барак Обама", "Обама"]},
        {"id": "Q13133", "labels": "Мишель Обама"},
        {"subject": "Q76", "relation": "супруг", "object": "Q13133"},
        {"subject": "Q76", "relation": "дата рождения", "object": "4 августа 1961 года"},
    ]
    kb_file.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    triples = [
        _t("Мишель Обама", "жена", "Обама"),  # same pair, other direction and relation
        _t("Обама", "родиться", "4 Августа 1961 года", "DATE"),  # literal, case-folded
        _t("Обама", "посетить", "Москва"),  # entity known, fact not
        _t("Барак  Обама", "супруг", "Мишель Обама"),
    ]
    fresh, known = LocalKnowledgeBase(kb_file).split(triples)
    assert fresh == [triples[2]]
    assert known == [triples[0], triples[1], triples[3]]
    fresh, known = LocalKnowledgeBase(kb_file, match="fact").split(triples)
    assert known == [triples[3]]


def test_tsv_and_bad_lines(tmp_path: Path) -> None:
    tsv = tmp_path / "kb.tsv"
    tsv.write_text(
        "# known\nQ1\tМосква|Москва, Россия\nQ1\tстолица\tQ159\nQ159\tРоссия\n", encoding="utf-8"
    )
    kb = LocalKnowledgeBase(tsv)
    assert kb.split([_t("россия", "столица", "Москва")])[1]
    bad = tmp_path / "bad.tsv"
    bad.write_text("Q1\tМосква\nonly-one-column\n", encoding="utf-8")
    with pytest.raises(BadInputError, match="bad.tsv:2"):
        LocalKnowledgeBase(bad)
    with pytest.raises(BadInputError, match="no such"):
        LocalKnowledgeBase(tmp_path / "missing.jsonl")
    with pytest.raises(BadInputError, match="match mode"):
        LocalKnowledgeBase(match="nope")


def test_nerel_wikidata_links_half_known(nerel_dev: Path, tmp_path: Path) -> None:
    """A base built from the linked gold relations of half the documents must drop exactly the
    triples of the other half whose Wikidata item pair it holds (expected set computed on ids)."""
    gold = read_gold_folder(nerel_dev)
    linked = []  # (doc index, item a, item b, name a, name b)
    names: dict[str, set[str]] = {}
    for i, g in enumerate(gold):
        qid = {n.entity: n.wikidata for n in g.links if n.wikidata}
        for e, q in qid.items():
            names.setdefault(q, set()).add(g.entities[e].text)
        for n in g.links:
            if n.wikidata and n.name:
                names[n.wikidata].add(n.name)
        for r in g.relations:
            if r.arg1 in qid and r.arg2 in qid and qid[r.arg1] != qid[r.arg2]:
                linked.append(
                    (i, qid[r.arg1], qid[r.arg2], g.entities[r.arg1].text, g.entities[r.arg2].text)
                )
    assert len(linked) > 150
    rng = random.Random(0)
    half = set(rng.sample(range(len(gold)), len(gold) // 2))
    kb_file = tmp_path / "kb.jsonl"
    with kb_file.open("w", encoding="utf-8") as fh:
        for q, labels in sorted(names.items()):
            fh.write(json.dumps({"id": q, "labels": sorted(labels)}, ensure_ascii=False) + "\n")
        for i, a, b, _, _ in linked:
            if i in half:
                fh.write(json.dumps({"subject": a, "relation": "R", "object": b}) + "\n")
    base_pairs = {frozenset((a, b)) for i, a, b, _, _ in linked if i in half}
    # Triples named as the texts say them (inflected mentions), from every document.
    triples = [_t(na, "связан", nb) for _, _, _, na, nb in linked]
    expected = [frozenset((a, b)) in base_pairs for _, a, b, _, _ in linked]
    # A mention text shared by two items could make a triple known through the other item;
    # the expectation takes that into account with the same label sets.
    by_label: dict[str, set[str]] = {}
    for q, labels in names.items():
        for label in labels:
            by_label.setdefault(label.casefold().replace("ё", "е"), set()).add(q)
    for k, (_, _, _, na, nb) in enumerate(linked):
        ids_a = by_label.get(na.casefold().replace("ё", "е"), set())
        ids_b = by_label.get(nb.casefold().replace("ё", "е"), set())
        expected[k] = expected[k] or any(
            frozenset((x, y)) in base_pairs for x in ids_a for y in ids_b
        )
    kb = LocalKnowledgeBase(kb_file)
    mask = kb.known_mask(triples)
    assert mask == expected
    assert 0 < sum(mask) < len(mask)
    in_half = [m for (i, *_), m in zip(linked, mask, strict=True) if i in half]
    assert all(in_half)  # every fact of the base's own half is known


def test_nerel_kb_rows_round_trip(nerel_dev: Path, tmp_path: Path) -> None:
    from dragon_bench.kg.novelty import nerel_kb_rows, write_kb_rows

    gold = read_gold_folder(nerel_dev)
    path = tmp_path / "kb.jsonl"
    rows = nerel_kb_rows(gold[:10])
    assert write_kb_rows(rows, path) == len(rows)
    kb = LocalKnowledgeBase(path)
    facts = [r for r in rows if "subject" in r]
    assert facts and len(kb) == len({frozenset((r["subject"], r["object"])) for r in facts})
    # the KB from documents 0-9 knows a linked fact of document 0 named as in the text
    g = gold[0]
    qid = {n.entity: n.wikidata for n in g.links if n.wikidata}
    r = next(
        r for r in g.relations if qid.get(r.arg1) and qid.get(r.arg2) and qid[r.arg1] != qid[r.arg2]
    )
    assert kb.split([_t(g.entities[r.arg1].text, "x", g.entities[r.arg2].text)])[1]
