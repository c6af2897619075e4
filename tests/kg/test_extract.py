"""The natasha backend on hand-written Russian sentences whose facts are known."""

from __future__ import annotations

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.kg import extract_triples
from dragon_bench.types import Document

DOC = Document(
    id="d1",
    title="Визит в Москву",
    text=(
        "Министр обороны России Сергей Шойгу прибыл в Сирию в понедельник. "
        "В 2017 году 55-летний Барак Обама посетил Москву. "
        "Компания «Газпром» заплатила 5 млн долларов."
    ),
)


@pytest.fixture(scope="module")
def triples():  # type: ignore[no-untyped-def]
    return extract_triples([DOC])


def test_spans_point_into_full_text(triples) -> None:  # type: ignore[no-untyped-def]
    text = DOC.full_text
    assert triples
    for t in triples:
        assert t.doc_id == "d1" and t.extractor == "natasha"
        s0, s1 = t.sentence_span
        for a, b in (t.subject_span, t.object_span):
            assert s0 <= a < b <= s1 <= len(text)


def test_known_facts_are_found_in_nominative(triples) -> None:  # type: ignore[no-untyped-def]
    facts = {(t.subject, t.relation, t.object) for t in triples}
    assert ("Сергей Шойгу", "должность", "министр обороны России") in facts
    assert ("Барак Обама", "возраст", "55 лет") in facts  # an age as years in the nominative
    # the predicate with its preposition, the place normalised to the nominative
    assert any(
        t.subject == "Сергей Шойгу" and t.relation == "прибыть в" and t.object == "Сирия"
        for t in triples
    )
    types = {(t.subject, t.object): (t.subject_type, t.object_type) for t in triples}
    assert types[("Газпром", "5 млн долларов")] == ("ORGANIZATION", "MONEY")
    by_span = {DOC.full_text[slice(*t.object_span)] for t in triples}
    assert "2017 году" in by_span


def test_unknown_backend_is_bad_input() -> None:
    with pytest.raises(BadInputError, match="backend"):
        extract_triples([DOC], backend="nope")
    assert extract_triples([]) == []


def test_workers_give_the_same_triples(triples) -> None:  # type: ignore[no-untyped-def]
    other = Document(
        id="d2", title="Новости", text="Мэр Москвы Сергей Собянин открыл парк в среду."
    )
    docs = [DOC, other, DOC, other]
    assert extract_triples(docs, workers=2) == extract_triples(docs)


def test_place_adjectives_names_and_containment() -> None:
    doc = Document(
        id="d3",
        title="Стрельба",
        text=(
            "Стрельба произошла в канадской провинции Новая Шотландия. "
            "Задержан 51-летний Габриэл Уортман. Габриэл совершил поджог."
        ),
    )
    facts = {(t.subject, t.relation, t.object) for t in extract_triples([doc])}
    # the adjective stands for its country; the province is in the country, not the reverse
    assert ("Новая Шотландия", "расположен в", "Канада") in facts
    assert ("Канада", "расположен в", "Новая Шотландия") not in facts
    # a first name alone resolves to the one full name of the document
    assert ("Габриэл Уортман", "совершить", "поджог") in facts


def test_run_on_text_is_bounded() -> None:
    # 150 repetitions, no full stop: one "sentence" of 600 tokens and 450 mentions; pairs are
    # only tried within MAX_DISTANCE tokens, so the output grows linearly, not quadratically.
    doc = Document(id="r", text="Президент России Владимир Путин " * 150)
    triples = extract_triples([doc])
    assert 0 < len(triples) < 150 * 100  # all pairs of 450 mentions would be ~100,000
    assert extract_triples([Document(id="e", text="")]) == []


def test_baseline_pairs_use_natasha_entities_only() -> None:
    from dragon_bench.kg.natasha_backend import analyse_document

    doc = Document(id="b", title="Арест", text="Полиция задержала Ивана Петрова в Москве.")
    text = doc.full_text
    pairs = {(text[slice(*a)], text[slice(*b)]) for a, b in analyse_document(doc).cooccurrences}
    assert pairs == {("Ивана Петрова", "Москве")}  # "Полиция" is a rule mention, not natasha's
