"""Read 13 / TRAIN reads d-e classes (#16): tense of a post still held, a post marked
as former in a present set, kin described by the text's own noun and only when it fits one,
each a constructed Russian case."""

from __future__ import annotations

from tests.questions.helpers import asked, doc, fact


def test_one_who_reports_anothers_death_still_holds_his_post() -> None:
    # the death word is in a sentence reporting his words, about another man
    d = doc(
        "1",
        "По словам премьер-министра земли Гессен Фолькера Буфье, это может быть первым "
        "политическим самоубийством в стране. Министр финансов Томас Шефер покончил жизнь "
        "самоубийством. Буфье напомнил, что Шефер был вовлечён в кризис.",
    )
    t = fact(
        d, "Фолькер Буфье", "WORKPLACE", "Гессен", ("PERSON", "STATE_OR_PROVINCE"),
        ("Фолькера Буфье", "Гессен"), ("q1", "q2"),
    )  # fmt: skip
    qs = asked([t], [d])
    assert qs and all("работает" in q for q in qs), qs


def test_a_post_he_was_just_appointed_to_is_asked_as_held() -> None:
    # a missing full stop joins the appointment and his former post into one sentence
    d = doc(
        "1",
        "Главой Федеральной службы по надзору в сфере образования назначен Сергей Кравцов "
        "Сергей Кравцов руководил департаментом конкурсных процедур министерства.",
    )
    t = fact(
        d, "Сергей Кравцов", "WORKPLACE", "Федеральная служба по надзору в сфере образования",
        ("PERSON", "ORGANIZATION"),
        ("Сергей Кравцов", "Федеральной службы по надзору в сфере образования"), ("q1", "q2"),
    )  # fmt: skip
    qs = asked([t], [d])
    assert qs and not any("работал " in q or "возглавлял " in q for q in qs), qs
    assert any("возглавляет" in q or "работает" in q for q in qs), qs


def test_a_post_marked_once_held_is_not_asked_as_held_now() -> None:
    d = doc(
        "1",
        "Заседание открыл старейший депутат созыва Владимир Долгих, некогда секретарь ЦК КПСС, "
        "а теперь представитель партии.",
    )
    held = fact(
        d, "Владимир Долгих", "WORKS_AS", "депутат", ("PERSON", "PROFESSION"),
        ("Владимир Долгих", "депутат"), ("q1", "r1"),
    )  # fmt: skip
    once = fact(
        d, "Владимир Долгих", "WORKS_AS", "секретарь ЦК", ("PERSON", "PROFESSION"),
        ("Владимир Долгих", "секретарь ЦК"), ("q1", "r2"),
    )  # fmt: skip
    qs = asked([held, once], [d], types=("set",))
    assert not any("занимает" in q and "секретарь ЦК" in a for q, a in qs.items()), qs


def test_a_parent_the_text_calls_mother_is_described_as_mother() -> None:
    d = doc(
        "1",
        "3 августа 2014 года в Берлине умерла Марина Ходорковская. Бывший глава компании ЮКОС "
        "Михаил Ходорковский похоронил мать Марину Ходорковскую.",
    )  # two sentences: a chain one sentence tells is one hop (test_pools_one_sentence.py)
    parent = fact(
        d, "Марина Ходорковская", "PARENT_OF", "Михаил Ходорковский", ("PERSON", "PERSON"),
        ("Марину Ходорковскую", "Михаил Ходорковский"), ("q1", "q2"),
    )  # fmt: skip
    died = fact(
        d, "Марина Ходорковская", "DATE_OF_DEATH", "3 августа 2014 года", ("PERSON", "DATE"),
        ("Марина Ходорковская", "3 августа 2014 года"), ("q1", "d1"),
    )  # fmt: skip
    qs = asked([parent, died], [d], types=("multi_hop",))
    assert qs == {"Когда умерла мать Михаила Ходорковского?": ("3 августа 2014 года",)}, qs


def test_a_daughter_is_no_description_when_the_text_tells_of_two() -> None:
    d = doc(
        "1",
        "Старшая дочь президента Барака Обамы Малия начнёт обучение в Гарвардском университете. "
        "Её младшая сестра, 14-летняя Саша, учится в школе. Малии 17 лет.",
    )
    child = fact(
        d, "Барак Обама", "PARENT_OF", "Малия", ("PERSON", "PERSON"),
        ("Барака Обамы", "Малия"), ("q3", "q4"),
    )  # fmt: skip
    age = fact(d, "Малия", "AGE_IS", "17 лет", ("PERSON", "AGE"), ("Малии", "17 лет"), ("q4", "a1"))
    work = fact(
        d, "Малия", "WORKPLACE", "Гарвардский университет", ("PERSON", "ORGANIZATION"),
        ("Малия", "Гарвардском университете"), ("q4", "o1"),
    )  # fmt: skip
    qs = asked([child, age, work], [d], types=("multi_hop",))
    assert not any("дочери Барака Обамы" in q or "дочь Барака Обамы" in q for q in qs), qs
