"""The frame catalogue: every frame renders with a trusted name, tense and agreement hold."""

from __future__ import annotations

import pytest

from dragon_bench.questions.templates import TEMPLATES, render, verb_form


def test_every_frame_renders_and_has_a_unique_id() -> None:
    ids = []
    for rel, frames in TEMPLATES.items():
        for frame in (*frames.ask, *frames.many, *frames.pred):
            out = render(frame.text, s="Алла Пугачёва", s_type="PERSON", o="Москва", o_type="CITY")
            assert out is not None and "{" not in out, frame.id
            assert frame.id.startswith(rel.lower() + "."), frame.id
            ids.append(frame.id)
        ids += [d.id for d in frames.describe]
    assert len(ids) == len(set(ids))


def test_several_frames_for_the_frequent_relations() -> None:
    for rel in ("WORKS_AS", "WORKPLACE", "HEADQUARTERED_IN", "LOCATED_IN", "PLACE_OF_BIRTH"):
        assert len(TEMPLATES[rel].ask) >= 3, rel


@pytest.mark.parametrize(
    ("lemma", "tense", "agree", "form"),
    [
        ("работать", "present", "masc", "работает"),
        ("работать", "past", "femn", "работала"),
        ("родиться", "present", "femn", "родилась"),  # perfective: always past
        ("состоять", "past", "plur", "состояли"),
        ("быть", "present", "masc", "является"),
        ("быть", "past", "neut", "было"),
    ],
)
def test_verb_forms(lemma: str, tense: str, agree: str, form: str) -> None:
    assert verb_form(lemma, tense, agree) == form


def test_past_evidence_gives_past_questions() -> None:
    text = "Кем {v:работать} {s}?"
    assert render(text, s="Анна Политковская", s_type="PERSON", tense="past") == (
        "Кем работала Анна Политковская?"
    )
    assert render(text, s="Анна Политковская", s_type="PERSON") == "Кем работает Анна Политковская?"


def test_a_name_that_cannot_be_inflected_refuses_the_frame() -> None:
    text = "Как {zovut} жену {s:gent}?"
    assert render(text, s="Хамад бен Халифа", s_type="PERSON") is None
    assert (
        render(text, s="Владислав Листьев", s_type="PERSON")
        == "Как зовут жену Владислава Листьева?"
    )
    assert (
        render("{v:работать} в {o:loct}", o="Пактия", o_type="STATE_OR_PROVINCE")
        == "Работает в Пактии"
    )
    assert render("{v:работать} в {o:loct}", o="Франция", o_type="COUNTRY") == "Работает во Франции"
    assert render("{v:жить} в {o:loct}", o="Украина", o_type="COUNTRY") == "Живёт на Украине"
