"""A small hand-written Russian corpus with triples whose spans point into it."""

from __future__ import annotations

import json
from pathlib import Path

from dragon_bench.types import Document, Triple

__all__ = ["DOCS", "TRIPLES", "triple", "write_inputs"]

DOCS = [
    Document(
        id="n1",
        title="Новый глава корпорации",
        text="Сергей Чеканов назначен директором «Ростеха». Чеканов родился в Черемхове.",
    ),
    Document(
        id="n2",
        title="Газпром",
        text="Штаб-квартира «Газпрома» находится в Санкт-Петербурге. Алексей Мельников работает в "
        "«Газпроме» с 2001 года. Мельников родился в Ленинграде.",
    ),
    Document(
        id="n3",
        title="Концерт",
        text="Евгений Кисляков — пианист и композитор. Кисляков живёт в Праге. Кисляков родился в Москве. "
        "Кисляков получил премию «Грэмми» и орден Дружбы.",
    ),
    Document(
        id="n4",
        title="Отставка",
        text="Мария Иванова заявила об отставке. Иванова работает в «Газпроме».",
    ),
]
_TEXT = {d.id: d.full_text for d in DOCS}


def triple(
    doc_id: str,
    subject: str,
    relation: str,
    obj: str,
    s_type: str,
    o_type: str,
    s_at: str,
    o_at: str,
) -> Triple:
    """A triple whose spans are the first occurrences of `s_at` and `o_at` in the document."""
    text = _TEXT[doc_id]
    s0, o0 = text.index(s_at), text.index(o_at)
    start = text.rfind(".", 0, min(s0, o0)) + 1
    end = text.find(".", max(s0, o0)) + 1 or len(text)
    return Triple(
        subject=subject,
        relation=relation,
        object=obj,
        doc_id=doc_id,
        subject_type=s_type,
        object_type=o_type,
        subject_span=(s0, s0 + len(s_at)),
        object_span=(o0, o0 + len(o_at)),
        sentence_span=(start, end),
        extractor="hand",
    )


TRIPLES = [
    triple(
        "n1",
        "Сергей Чеканов",
        "назначить директором",
        "Ростех",
        "PER",
        "ORG",
        "Сергей Чеканов",
        "«Ростеха»",
    ),
    triple(
        "n1",
        "Сергей Чеканов",
        "PLACE_OF_BIRTH",
        "Черемхово",
        "PERSON",
        "CITY",
        "Чеканов",
        "Черемхове",
    ),
    triple(
        "n2",
        "Газпром",
        "HEADQUARTERED_IN",
        "Санкт-Петербург",
        "ORGANIZATION",
        "CITY",
        "Газпрома",
        "Санкт-Петербурге",
    ),
    triple(
        "n2",
        "Алексей Мельников",
        "WORKPLACE",
        "Газпром",
        "PERSON",
        "ORGANIZATION",
        "Алексей Мельников",
        "Газпроме",
    ),
    triple(
        "n2",
        "Алексей Мельников",
        "PLACE_OF_BIRTH",
        "Ленинград",
        "PERSON",
        "CITY",
        "Мельников родился",
        "Ленинграде",
    ),
    triple(
        "n3",
        "Евгений Кисляков",
        "WORKS_AS",
        "пианист",
        "PERSON",
        "PROFESSION",
        "Евгений Кисляков",
        "пианист",
    ),
    triple(
        "n3",
        "Евгений Кисляков",
        "WORKS_AS",
        "композитор",
        "PERSON",
        "PROFESSION",
        "Евгений Кисляков",
        "композитор",
    ),
    triple(
        "n3",
        "Евгений Кисляков",
        "PLACE_RESIDES_IN",
        "Прага",
        "PERSON",
        "CITY",
        "Кисляков живёт",
        "Праге",
    ),
    triple(
        "n3",
        "Евгений Кисляков",
        "PLACE_OF_BIRTH",
        "Москва",
        "PERSON",
        "CITY",
        "Кисляков родился",
        "Москве",
    ),
    triple(
        "n3",
        "Евгений Кисляков",
        "AWARDED_WITH",
        "премия «Грэмми»",
        "PERSON",
        "AWARD",
        "Кисляков получил",
        "премию",
    ),  # fmt: skip
    triple(
        "n3",
        "Евгений Кисляков",
        "AWARDED_WITH",
        "орден Дружбы",
        "PERSON",
        "AWARD",
        "Кисляков получил",
        "орден",
    ),  # fmt: skip
    triple("n4", "Мария Иванова", "заявить об", "отставка", "PER", "", "Мария Иванова", "отставке"),
    triple(
        "n4",
        "Мария Иванова",
        "WORKPLACE",
        "Газпром",
        "PERSON",
        "ORGANIZATION",
        "Иванова работает",
        "«Газпроме»",
    ),
]


def write_inputs(tmp_path: Path) -> tuple[Path, Path]:
    """The corpus as JSON lines and the triples as JSON lines (spans as pairs) in tmp_path."""
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(
        "".join(
            json.dumps({"id": d.id, "title": d.title, "text": d.text}, ensure_ascii=False) + "\n"
            for d in DOCS
        ),
        encoding="utf-8",
    )
    triples = tmp_path / "triples.jsonl"
    triples.write_text(
        "".join(
            json.dumps(
                {
                    "subject": t.subject,
                    "relation": t.relation,
                    "object": t.object,
                    "doc_id": t.doc_id,
                    "subject_type": t.subject_type,
                    "object_type": t.object_type,
                    "subject_span": list(t.subject_span),
                    "object_span": list(t.object_span),
                    "sentence_span": list(t.sentence_span),
                },
                ensure_ascii=False,
            )
            + "\n"
            for t in TRIPLES
        ),
        encoding="utf-8",
    )
    return corpus, triples
