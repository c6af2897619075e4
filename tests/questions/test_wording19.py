"""Issue #16 (wording19): tenses a native reader expects when the texts say a post or a life
ended (a death told by a role noun, a mourning, a career ended, a role of one now dead) and
when a home still holds, on constructed Russian news sentences."""

from __future__ import annotations

from tests.questions.helpers import asked, doc, fact

PO = ("PERSON", "ORGANIZATION")


def _present(qs: list[str]) -> list[str]:
    return [q for q in qs if "работает" in q or "выступает" in q or "является" in q]


def test_death_told_by_the_role_noun_ends_the_post() -> None:
    # the headline tells the death by «генерал», the body names him: «генерал Эрик Тальман»
    d = doc(
        "w19a",
        "Генерал НАТО погиб под Брюсселем\nПо данным полиции, генерал Эрик Тальман, "
        "сотрудник Северного флота, находился за рулём.",
    )
    t = fact(d, "Эрик Тальман", "WORKPLACE", "Северный флот", PO,
             ("Эрик Тальман", "Северного флота"), ("PERSON:t", "ORGANIZATION:f"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Тальман" in q]
    assert qs
    assert not _present(qs), qs


def test_death_of_another_by_name_leaves_the_post() -> None:
    # «генерал Иванов погиб»: a general named otherwise died, not Тальман
    d = doc(
        "w19a3",
        "Генерал Олег Иванов погиб под Брюсселем\nПо данным полиции, генерал Эрик Тальман, "
        "сотрудник Северного флота, прибыл на место.",
    )
    t = fact(d, "Эрик Тальман", "WORKPLACE", "Северный флот", PO,
             ("Эрик Тальман", "Северного флота"), ("PERSON:t", "ORGANIZATION:f"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Тальман" in q]
    assert qs
    assert _present(qs), qs


def test_mourning_a_passenger_ends_his_post() -> None:
    d = doc(
        "w19b",
        "На борту были два пассажира: инженер Олег Сурмин и директор фирмы «ТеплоДом» Павел "
        "Зарецкий. Прощание с Павлом Зарецким пройдёт в субботу в Доме культуры.",
    )
    t = fact(d, "Павел Зарецкий", "WORKPLACE", "ТеплоДом", PO,
             ("Павел Зарецкий", "ТеплоДом"), ("PERSON:z", "ORGANIZATION:t"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Зарецк" in q]
    assert qs
    assert not _present(qs), qs


def test_career_ended_ends_the_team() -> None:
    d = doc(
        "w19c",
        "Финский нападающий «Ак Барса» Юхани Мякеля объявил о завершении спортивной карьеры. "
        "Юхани Мякеля провёл в клубе девять сезонов.",
    )
    t = fact(d, "Юхани Мякеля", "MEMBER_OF", "Ак Барс", PO,
             ("Юхани Мякеля", "Ак Барса"), ("PERSON:m", "ORGANIZATION:b"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Мякел" in q]
    assert qs
    assert not _present(qs), qs


def test_agent_of_one_now_dead_was() -> None:
    d = doc(
        "w19d",
        "Погиб путешественник Карл Вестберг. Агент Вестберга Ларс Окессон сказал, что "
        "экспедиция была застрахована.",
    )
    t = fact(d, "Ларс Окессон", "WORKS_AS", "агент", ("PERSON", "PROFESSION"),
             ("Ларс Окессон", "Агент"), ("PERSON:o", "PROFESSION:a"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Окессон" in q]
    assert qs
    assert not [q for q in qs if "является" in q or "работает" in q], qs


def test_former_post_does_not_end_a_home() -> None:
    d = doc(
        "w19e",
        "Экс-мэр Пухов живёт в Калуге вместе с семьёй. Степан Пухов руководил городом.",
    )
    t = fact(d, "Степан Пухов", "PLACE_RESIDES_IN", "Калуга", ("PERSON", "CITY"),
             ("Пухов", "Калуге"), ("PERSON:g", "CITY:k"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Пухов" in q]
    assert qs
    assert not [q for q in qs if "жил " in q or "жил?" in q or "проживал" in q], qs


def test_role_naming_one_now_dead_was() -> None:
    # the role's own words name the dead man: «агент Вестберга» as the object
    d = doc(
        "w19f",
        "Погиб путешественник Карл Вестберг. Агент Вестберга Ларс Окессон сказал, что "
        "экспедиция была застрахована.",
    )
    t = fact(d, "Ларс Окессон", "WORKS_AS", "агент Вестберга", ("PERSON", "PROFESSION"),
             ("Ларс Окессон", "Агент Вестберга"), ("PERSON:o", "PROFESSION:a"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Окессон" in q]
    assert qs
    assert not [q for q in qs if "является" in q or "работает" in q], qs


def test_former_head_of_the_object_no_longer_heads_it() -> None:
    # «бывший» is on «начальник» of the very department, a long title before the name
    d = doc(
        "w19g",
        "В Твери осуждён бывший начальник Главного управления кадрового обеспечения "
        "Министерства обороны России генерал-майор Игорь Ставров.",
    )
    t = fact(d, "Игорь Ставров", "WORKPLACE", "Главное управление кадрового обеспечения", PO,
             ("Игорь Ставров", "Главного управления"), ("PERSON:s", "ORGANIZATION:g"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Ставров" in q]
    assert qs
    assert not [q for q in qs if "возглавляет" in q or "работает" in q or "руководит" in q], qs


def test_stroke_is_undergone_not_suffered() -> None:
    d = doc(
        "w19h",
        "Скульптор Тимофей Лапин вернулся к работе после перенесённого весной инфаркта.",
    )
    t = fact(d, "Тимофей Лапин", "MEDICAL_CONDITION", "инфаркт", ("PERSON", "DISEASE"),
             ("Тимофей Лапин", "инфаркта"), ("PERSON:l", "DISEASE:i"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Лапин" in q]
    assert qs
    assert not [q for q in qs if "страда" in q], qs
    assert [q for q in qs if "перен" in q], qs


def test_exhibition_title_is_quoted() -> None:
    # «Витамин Б»-like titles read as the common noun without quotes
    d = doc(
        "w19i",
        "Художник Максим Горелов открыл в Казани выставку «Сахар и соль». Выставку «Сахар и "
        "соль» организовал Максим Горелов вместе с музеем.",
    )
    t = fact(d, "Сахар и соль", "TAKES_PLACE_IN", "Казань", ("EVENT", "CITY"),
             ("Сахар и соль", "Казани"), ("EVENT:s", "CITY:k"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Сахар" in q]
    assert qs
    assert all("«Сахар и соль»" in q for q in qs), qs


def test_title_kinds_stay_unquoted() -> None:
    from dragon_bench.questions.templates import render

    got = render("Кто {v:выиграть} {o:accs}?", s="Иван Ершов", o="Кубок Стэнли",
                 s_type="PERSON", o_type="EVENT")  # fmt: skip
    assert got == "Кто выиграл Кубок Стэнли?"
    got = render("{v:работать} в {o:loct}", s="Иван Ершов", o="Вперёд, Италия",
                 s_type="PERSON", o_type="ORGANIZATION")  # fmt: skip
    assert got is not None and "«Вперёд, Италия»" in got


def test_act_edition_and_latin_firm_stay_unquoted() -> None:
    from dragon_bench.questions.templates import _is_title

    assert not _is_title("Нападение на Кравчука", "EVENT")
    assert not _is_title("Сапфир 2010 года", "EVENT")
    assert not _is_title("компания Smith, Jones and Brown", "ORGANIZATION")
    assert not _is_title("Smith, Jones and Brown", "ORGANIZATION")
    assert _is_title("Сахар и соль", "EVENT")
