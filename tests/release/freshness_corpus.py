"""Three dated increments of a small corpus with hand-written triples, written by the tests
of #20: a fact changes between the first two (Иван Петров's workplace: «Ромашка», then
«Лютик»: the subject-side rule), the third is undated. The issue's «X назначен главой Y»
scenario, through the real KG, is `test_supersede_scenario.py`."""

from __future__ import annotations

from datetime import UTC, datetime

from dragon_bench.types import Document, Triple

__all__ = ["DAY_1", "DAY_2", "increment", "triples_of"]

DAY_1 = datetime(2026, 1, 10, 9, 0, tzinfo=UTC)
DAY_2 = datetime(2026, 2, 20, 15, 30, tzinfo=UTC)

_DOCS = {
    1: [
        ("r1", "Иван Петров назначен директором компании «Ромашка». Петров родился в Твери."),
        (
            "r2",
            "Штаб-квартира компании «Василёк» находится в Казани. Анна Орлова работает в «Васильке».",
        ),
        ("r3", "Олег Котов работает в компании «Клевер». Котов родился в Перми."),
    ],
    2: [
        ("s1", "Иван Петров перешёл в компанию «Лютик». Петров работает в «Лютике» с февраля."),
        ("s2", "Мария Белова работает в компании «Одуванчик». Белова родилась в Омске."),
        (
            "s3",
            "Штаб-квартира компании «Подснежник» находится в Самаре. Глеб Ершов работает в «Подснежнике».",
        ),
    ],
    3: [
        ("u1", "Денис Смирнов работает в компании «Тюльпан». Смирнов родился в Вологде."),
        ("u2", "Штаб-квартира компании «Мак» находится в Пскове. Ольга Лисина работает в «Маке»."),
    ],
}

# (doc, subject, subject type, relation type, relation, object, object type, subject at, object at)
_FACTS = [
    ("r1", "Иван Петров", "PERSON", "WORKPLACE", "работать", "Ромашка", "ORGANIZATION", "Иван Петров", "«Ромашка»"),
    ("r1", "Иван Петров", "PERSON", "PLACE_OF_BIRTH", "родиться", "Тверь", "CITY", "Петров родился", "Твери"),
    ("r2", "Василёк", "ORGANIZATION", "HEADQUARTERED_IN", "находиться", "Казань", "CITY", "«Василёк»", "Казани"),
    ("r2", "Анна Орлова", "PERSON", "WORKPLACE", "работать", "Василёк", "ORGANIZATION", "Анна Орлова", "«Васильке»"),
    ("r3", "Олег Котов", "PERSON", "WORKPLACE", "работать", "Клевер", "ORGANIZATION", "Олег Котов", "«Клевер»"),
    ("r3", "Олег Котов", "PERSON", "PLACE_OF_BIRTH", "родиться", "Пермь", "CITY", "Котов родился", "Перми"),
    ("s1", "Иван Петров", "PERSON", "WORKPLACE", "работать", "Лютик", "ORGANIZATION", "Петров работает", "«Лютике»"),
    ("s2", "Мария Белова", "PERSON", "WORKPLACE", "работать", "Одуванчик", "ORGANIZATION", "Мария Белова", "«Одуванчик»"),
    ("s2", "Мария Белова", "PERSON", "PLACE_OF_BIRTH", "родиться", "Омск", "CITY", "Белова родилась", "Омске"),
    ("s3", "Подснежник", "ORGANIZATION", "HEADQUARTERED_IN", "находиться", "Самара", "CITY", "«Подснежник»", "Самаре"),
    ("s3", "Глеб Ершов", "PERSON", "WORKPLACE", "работать", "Подснежник", "ORGANIZATION", "Глеб Ершов", "«Подснежнике»"),
    ("u1", "Денис Смирнов", "PERSON", "WORKPLACE", "работать", "Тюльпан", "ORGANIZATION", "Денис Смирнов", "«Тюльпан»"),
    ("u1", "Денис Смирнов", "PERSON", "PLACE_OF_BIRTH", "родиться", "Вологда", "CITY", "Смирнов родился", "Вологде"),
    ("u2", "Мак", "ORGANIZATION", "HEADQUARTERED_IN", "находиться", "Псков", "CITY", "«Мак»", "Пскове"),
    ("u2", "Ольга Лисина", "PERSON", "WORKPLACE", "работать", "Мак", "ORGANIZATION", "Ольга Лисина", "«Маке»"),
]  # fmt: skip

_DATES = {1: DAY_1, 2: DAY_2, 3: None}


def increment(n: int) -> list[Document]:
    """The documents of increment `n` (1, 2 dated; 3 undated)."""
    return [Document(id=i, title="", text=text, published_at=_DATES[n]) for i, text in _DOCS[n]]


def _triple(doc: str, text: str, row: tuple[str, ...]) -> Triple:
    _, subj, s_type, rtype, rel, obj, o_type, s_at, o_at = row
    s0, o0 = text.index(s_at), text.index(o_at)
    start = text.rfind(".", 0, min(s0, o0)) + 1
    end = text.find(".", max(s0, o0)) + 1 or len(text)
    return Triple(
        subject=subj,
        relation=rel,
        object=obj,
        doc_id=doc,
        subject_type=s_type,
        object_type=o_type,
        subject_span=(s0, s0 + len(s_at)),
        object_span=(o0, o0 + len(o_at)),
        sentence_span=(start, end),
        relation_type=rtype,
        tense="present",
        extractor="hand",
    )


def triples_of(docs: list[Document]) -> list[Triple]:
    """The hand-written triples of these documents (spans into their full texts)."""
    text = {d.id: d.full_text for d in docs}
    return [_triple(r[0], text[r[0]], r) for r in _FACTS if r[0] in text]
