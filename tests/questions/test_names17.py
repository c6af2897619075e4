"""Issue #16, session 8 (names17): names shown in a form the texts never give them."""

from __future__ import annotations

import pytest

from dragon_bench.questions.names import answer_name


@pytest.mark.parametrize(
    "name",
    [
        "Маркусу Скальони",  # the first name's dative undone, the surname left as it was
        "Амины Кабиры",  # a woman's genitive half undone («Амина Кабиры»)
        "Дин Уолдсу",  # a foreign surname in the dative after «Дин» (also read «Дина»)
        "Ян Уолдсу",
    ],
)
def test_half_declined_person_has_no_trusted_form(name: str) -> None:
    assert answer_name(name, "PERSON") == ""


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Виктору Гюго", "Виктор Гюго"),
        ("Пьеру Дюбуа", "Пьер Дюбуа"),
        ("Катю Гориной", "Катя Горина"),
        ("Король Бхумибол", "король Бхумибол"),
        ("Принц Нарухито", "принц Нарухито"),
    ],
)
def test_whole_name_in_nominative_title_small(name: str, shown: str) -> None:
    assert answer_name(name, "PERSON") == shown
    assert answer_name(shown, "PERSON") == shown


@pytest.mark.parametrize(
    ("subject", "kept"),
    [("Палата общин", False), ("Верховная рада", False), ("Уралмашзавод", True)],
)
def test_a_chamber_of_parliament_has_no_headquarters(subject: str, kept: bool) -> None:
    # train f 108: «... имеет штаб-квартиру в Вашингтоне» for the Senate of the USA
    from dragon_bench.questions.templates import TEMPLATES, WHEN

    frames = TEMPLATES["HEADQUARTERED_IN"]
    for frame in (*frames.ask, *frames.pred):
        fits = frame.fits(
            "CITY", "present", lambda k: WHEN[k](subject, "ORGANIZATION", "Лондон", "CITY")
        )
        assert fits == kept, frame.id
