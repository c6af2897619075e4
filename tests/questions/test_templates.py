"""Rendered template questions for known relations and for predicates from the parse."""

from __future__ import annotations

import pytest

from dragon_bench.questions.templates import TEMPLATES, phrasing_for, render
from dragon_bench.types import Triple
from tests.questions.corpus import DOCS, TRIPLES

TEXT = {d.id: d.full_text for d in DOCS}


def test_relation_templates_inflect_names() -> None:
    hq = phrasing_for(TRIPLES[2])
    assert hq.ask_object == "Где находится штаб-квартира Газпрома?"
    assert hq.ask_subject == "имеет штаб-квартиру в Санкт-Петербурге"
    assert hq.describe_object == "город, где находится штаб-квартира Газпрома"
    born = phrasing_for(Triple("Мария Иванова", "PLACE_OF_BIRTH", "Москва", "d", "PERSON", "CITY"))
    assert born.ask_object == "Где родилась Мария Иванова?"
    assert born.describe_object == "место рождения Марии Ивановой"
    spouse = phrasing_for(
        Triple("Алексей Миллер", "SPOUSE", "Ирина Миллер", "d", "PERSON", "PERSON")
    )
    assert spouse.ask_object == "С кем состоит в браке Алексей Миллер?"


def test_generic_predicate_uses_the_sentence_forms() -> None:
    # «назначен директором «Ростеха»» comes from the sentence; the verb agrees with «Кто».
    appointed = phrasing_for(TRIPLES[0], TEXT["n1"])
    assert appointed.ask_subject == "назначен директором «Ростеха»"
    resigned = phrasing_for(TRIPLES[9], TEXT["n4"])
    assert resigned.ask_object == "О чём заявила Мария Иванова?"
    assert resigned.ask_subject == "заявил об отставке"


def test_every_template_renders() -> None:
    for name, tpl in TEMPLATES.items():
        for form in (tpl.ask_object, tpl.ask_subject, tpl.describe_object):
            if form:
                out = render(form, s="Алексей Миллер", o="Газпром", object_type="CITY")
                assert "{" not in out, name


def test_extractor_relation_names_have_templates() -> None:
    from dragon_bench.questions.templates import UNASKABLE, relation_type

    labels = pytest.importorskip("dragon_bench.kg.labels")
    for _, _, name, nerel in labels.TYPE_RELATIONS:
        assert name in UNASKABLE or relation_type(name) == nerel, name
        assert name in UNASKABLE or nerel in TEMPLATES, name
    works = phrasing_for(Triple("Билл Клинтон", "место работы", "США", "d", "PERSON", "COUNTRY"))
    assert works.ask_object == "Где работает Билл Клинтон?"
    assert works.describe_object == "страна, в которой работает Билл Клинтон"
    assert phrasing_for(Triple("суд", "связан с", "Москва", "d")).ask_object is None


def test_generic_predicate_asks_dates_with_when() -> None:
    text = "Иван Голунов вышел на свободу 11 июня."
    t = Triple(
        "Иван Голунов", "выйти", "11 июня", "d", "PERSON", "DATE", (0, 12), (30, 37), (0, 38)
    )
    assert phrasing_for(t, text).ask_object == "Когда вышел Иван Голунов?"


def test_generic_object_wh_word_follows_the_case_in_the_text() -> None:
    text = "Кисин руководит оркестром. Месси поздравил Ерохина."
    lead = Triple("Евгений Кисин", "руководить", "оркестр", "d", "PERSON", "ORGANIZATION",
                  (0, 5), (16, 25), (0, 26))  # fmt: skip
    assert phrasing_for(lead, text).ask_object == "Чем руководит Евгений Кисин?"
    greet = Triple("Лионель Месси", "поздравить", "Дмитрий Ерохин", "d", "PERSON", "PERSON",
                   (27, 32), (43, 50), (27, 51))  # fmt: skip
    assert phrasing_for(greet, text).ask_object == "Кого поздравил Лионель Месси?"
    assert phrasing_for(greet, text).ask_subject == "поздравил Ерохина"
