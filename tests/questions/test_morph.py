"""Inflection of names and verbs; expected forms are standard Russian grammar, checked by hand."""

from __future__ import annotations

import pytest

from dragon_bench.questions.morph import (
    agree_verb,
    fold,
    inflect_phrase,
    lemmas,
    phrase_gender,
    short_participle,
)


@pytest.mark.parametrize(
    ("phrase", "case", "expected"),
    [
        ("Барак Обама", "gent", "Барака Обамы"),
        ("Мария Иванова", "ablt", "Марией Ивановой"),
        ("Министерство иностранных дел России", "gent", "Министерства иностранных дел России"),
        ("российский президент", "datv", "российскому президенту"),
        ("компания «Ростех»", "loct", "компании «Ростех»"),
        ("Санкт-Петербург", "loct", "Санкт-Петербурге"),
        ("место работы Алексея Миллера", "gent", "места работы Алексея Миллера"),
        (
            "организация, в которой работает Иван Петров",
            "ablt",
            "организацией, в которой работает Иван Петров",
        ),
        ("МВД", "gent", "МВД"),
        ("Газпром", "nomn", "Газпром"),
    ],
)
def test_inflect_phrase(phrase: str, case: str, expected: str) -> None:
    assert inflect_phrase(phrase, case) == expected


def test_inflect_phrase_rejects_unknown_case() -> None:
    with pytest.raises(ValueError, match="case"):
        inflect_phrase("Москва", "vocative")


def test_verbs_agree_with_their_subject() -> None:
    assert agree_verb("назначена", "masc") == "назначен"
    assert agree_verb("заявила", "masc") == "заявил"
    assert agree_verb("родиться", "femn") == "родилась"
    assert agree_verb("произойти", "plur") == "произошли"
    assert short_participle("основать", "femn") == "основана"
    assert short_participle("создать", "neut") == "создано"
    assert phrase_gender("компания «Ростех»") == "femn"
    assert phrase_gender("выборы") == "plur"


def test_lemmas_and_fold() -> None:
    assert lemmas("Чемезов назначен директором «Ростеха».")[:3] == [
        "чемезов",
        "назначить",
        "директор",
    ]
    assert fold("«Ёлка»  Москвы") == "елка москвы"
