"""Issue #16 (wording18): verbs, endings and tenses a native reader expects, on constructed
Russian news sentences."""

from __future__ import annotations

from dragon_bench.questions.templates import render
from tests.questions.helpers import asked, doc, fact

PO = ("PERSON", "ORGANIZATION")


def test_party_leader_does_not_work_at_the_party() -> None:
    # «партия Российской Федерации» is a body of people, not a federation's staff
    d = doc(
        "w18a",
        "Вчера в Самаре выступил Пётр Кондратов. Пётр Кондратов возглавляет Социалистическую "
        "партию Российской Федерации с весны.",
    )
    t = fact(d, "Пётр Кондратов", "WORKPLACE", "Социалистическая партия Российской Федерации",
             PO, ("Пётр Кондратов возглавляет", "Социалистическую партию Российской Федерации"),
             ("PERSON:k", "ORGANIZATION:p"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Кондратов" in q]
    assert qs
    assert not [q for q in qs if "работа" in q or "представля" in q], qs


def test_central_committee_and_kompartia_are_bodies() -> None:
    d = doc(
        "w18b",
        "Анна Резникова много лет входила в Центральный комитет Коммунистической партии Чили. "
        "Её брат Олег Резников вступил в Компартию Чили.",
    )
    ts = [
        fact(d, "Анна Резникова", "WORKPLACE", "Центральный комитет Коммунистической партии Чили",
             PO, ("Анна Резникова", "Центральный комитет"), ("PERSON:r", "ORGANIZATION:c")),
        fact(d, "Олег Резников", "WORKPLACE", "Компартия Чили", PO,
             ("Олег Резников", "Компартию Чили"), ("PERSON:o", "ORGANIZATION:k")),
    ]  # fmt: skip
    qs = list(asked(ts, [d]))
    assert qs
    assert not [q for q in qs if "работа" in q], qs


def test_party_member_does_not_represent_it() -> None:
    # «выступая» (speaking to the press) and «член» make no envoy of a member
    d = doc(
        "w18c",
        "Выступая перед журналистами, Игорь Свиридов, член Народной партии Латвии, "
        "призвал к диалогу.",
    )
    t = fact(d, "Игорь Свиридов", "WORKPLACE", "Народная партия Латвии", PO,
             ("Игорь Свиридов", "Народной партии Латвии"), ("PERSON:s", "ORGANIZATION:n"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Свиридов" in q]
    assert qs
    assert not [q for q in qs if "представля" in q], qs


def test_spoken_masculine_abbreviation_declines() -> None:
    o = ("PERSON", "ORGANIZATION")
    got = render("{was:учиться} в {o:loct}", s="Иван Ершов", o="ВГИК", s_type=o[0], o_type=o[1])
    assert got == "Учился во ВГИКе"
    got = render("Где находится штаб-квартира {s:gent}?", s="МИД Чили", s_type="ORGANIZATION")
    assert got == "Где находится штаб-квартира МИДа Чили?"
    # read letter by letter, vowel-final or feminine: as written
    for name in ("МГУ", "ФСБ", "РАН", "ООН"):
        assert render("{v:работать} в {o:loct}", s="Иван Ершов", o=name, s_type=o[0],
                      o_type=o[1]).endswith(f"в {name}")  # fmt: skip


def test_post_just_taken_is_held_now() -> None:
    # «бывшего» is the father's; the son was appointed today: present, not «работал»
    d = doc(
        "w18d",
        "Младший сын бывшего министра Олега Рябцева Денис Рябцев назначен заместителем "
        "директора «Северной верфи». Приказ подписан в пятницу.",
    )
    t = fact(d, "Денис Рябцев", "WORKPLACE", "Северная верфь", PO,
             ("Денис Рябцев", "«Северной верфи»"), ("PERSON:d", "ORGANIZATION:v"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Рябцев" in q]
    assert qs
    assert not [q for q in qs if "работал" in q or "представлял" in q or "являлся" in q], qs
    assert [q for q in qs if "работает" in q or "является" in q or "трудится" in q], qs


def test_coming_event_is_asked_in_the_future() -> None:
    d = doc(
        "w18e",
        "С 14 по 18 июня в Казани пройдёт фестиваль уличных театров «Волжские огни». "
        "Организаторы ждут гостей из десяти стран.",
    )
    ev = ("EVENT", "CITY")
    ts = [
        fact(d, "Волжские огни", "TAKES_PLACE_IN", "Казань", ev, ("«Волжские огни»", "Казани"),
             ("EVENT:f", "CITY:k")),
    ]  # fmt: skip
    qs = list(asked(ts, [d]))
    assert qs
    assert not [q for q in qs if "прош" in q or "состоялся" in q], qs
    assert [q for q in qs if "пройдут" in q or "состоятся" in q], qs


def test_past_event_stays_past() -> None:
    d = doc(
        "w18f",
        "В минувшую субботу в Казани прошёл фестиваль уличных театров «Волжские огни». "
        "Организаторы принимали гостей из десяти стран.",
    )
    ev = ("EVENT", "CITY")
    ts = [
        fact(d, "Волжские огни", "TAKES_PLACE_IN", "Казань", ev, ("«Волжские огни»", "Казани"),
             ("EVENT:f", "CITY:k")),
    ]  # fmt: skip
    qs = list(asked(ts, [d]))
    assert qs
    assert not [q for q in qs if "пройдут" in q or "состоятся" in q], qs
    assert [q for q in qs if "прошли" in q or "состоялись" in q], qs


PD = ("PERSON", "DISEASE")


def test_vague_health_trouble_is_no_diagnosis() -> None:
    d = doc(
        "w18g",
        "Актёр Семён Гольдин госпитализирован с неврологическими проблемами. Его состояние "
        "врачи называют стабильным.",
    )
    t = fact(d, "Семён Гольдин", "MEDICAL_CONDITION", "неврологические проблемы", PD,
             ("Семён Гольдин", "неврологическими проблемами"), ("PERSON:g", "DISEASE:n"))  # fmt: skip
    qs = [q for q in asked([t], [d], types=("simple", "conditional")) if "Гольдин" in q]
    assert not [q for q in qs if "диагноз" in q or "заболевани" in q or "страда" in q], qs
    d2 = doc("w18p", "У пловца Ильи Ганина после заплыва наступила клиническая смерть.")
    t2 = fact(d2, "Илья Ганин", "MEDICAL_CONDITION", "клиническая смерть", PD,
              ("Ильи Ганина", "клиническая смерть"), ("PERSON:i", "DISEASE:c"))  # fmt: skip
    qs = list(asked([t2], [d2]))
    assert not [q for q in qs if "заболевани" in q or "страда" in q], qs


def test_diagnosis_only_where_the_text_gives_one() -> None:
    d = doc(
        "w18h",
        "Актёр Семён Гольдин попал в больницу. Врачи диагностировали у Семёна Гольдина пневмонию.",
    )
    t = fact(d, "Семён Гольдин", "MEDICAL_CONDITION", "пневмония", PD,
             ("Семёна Гольдина", "пневмонию"), ("PERSON:g", "DISEASE:p"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Гольдин" in q]
    assert [q for q in qs if "диагноз" in q], qs
    d2 = doc("w18i", "Актёр Олег Зимин страдает пневмонией, сообщил его агент.")
    t2 = fact(d2, "Олег Зимин", "MEDICAL_CONDITION", "пневмония", PD,
              ("Олег Зимин", "пневмонией"), ("PERSON:z", "DISEASE:p"))  # fmt: skip
    qs = [q for q in asked([t2], [d2]) if "Зимин" in q]
    assert qs
    assert not [q for q in qs if "диагноз" in q], qs


def test_a_village_is_no_city() -> None:
    d = doc(
        "w18j",
        "Космонавт Пётр Зуев родился в селе Красный Яр под Самарой. Там он окончил школу.",
    )
    t = fact(d, "Пётр Зуев", "PLACE_OF_BIRTH", "Красный Яр", ("PERSON", "CITY"),
             ("Пётр Зуев", "Красный Яр"), ("PERSON:z", "CITY:y"))  # fmt: skip
    qs = [q for q in asked([t], [d], types=("simple", "multi_hop", "conditional")) if "Зуев" in q]
    assert qs
    assert not [q for q in qs if "город" in q], qs


def test_a_newspaper_is_no_work() -> None:
    d = doc(
        "w18k",
        "Холдинг «Сибирский курьер» с 1995 года выпускает газету «Вечерний Омск». "
        "Тираж вырос вдвое.",
    )
    t = fact(d, "Сибирский курьер", "PRODUCES", "Вечерний Омск", ("ORGANIZATION", "WORK_OF_ART"),
             ("«Сибирский курьер»", "«Вечерний Омск»"), ("ORGANIZATION:s", "WORK_OF_ART:v"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Сибирский курьер" in q]
    assert not [q for q in qs if "произведени" in q], qs
    assert [q for q in qs if "издание" in q], qs


def test_a_home_told_in_the_present_is_asked_in_the_present() -> None:
    # «находился» (past) is the stay; «где проживает» is the home, now
    d = doc(
        "w18l",
        "Музыканту Кириллу Ветрову стало плохо, когда он находился на даче под Тверью, где "
        "проживает большую часть года. Сейчас он в больнице.",
    )
    t = fact(d, "Кирилл Ветров", "PLACE_RESIDES_IN", "Тверь", ("PERSON", "CITY"),
             ("Кириллу Ветрову", "Тверью"), ("PERSON:v", "CITY:t"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Ветров" in q]
    assert qs
    assert not [q for q in qs if "жил" in q or "проживал" in q], qs


def test_a_party_leader_works_as_nothing() -> None:
    d = doc(
        "w18m",
        "В субботу лидер партии «Зелёный путь» Олег Кравец выступил на митинге в Омске. "
        "Собралось около двухсот человек.",
    )
    t = fact(d, "Олег Кравец", "WORKS_AS", "лидер партии «Зелёный путь»", ("PERSON", "PROFESSION"),
             ("Олег Кравец", "лидер партии «Зелёный путь»"), ("PERSON:k", "PROFESSION:l"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Кравец" in q]
    assert not [q for q in qs if "работа" in q or "профессии" in q], qs
    assert [q for q in qs if "Кем является" in q or "должность" in q], qs


def test_a_band_member_is_in_a_band_not_an_organisation() -> None:
    d = doc(
        "w18n",
        "Гитарист группы «Северный ветер» Антон Лыков дал концерт в Перми. Зал был полон.",
    )
    t = fact(d, "Антон Лыков", "MEMBER_OF", "Северный ветер", PO,
             ("Антон Лыков", "«Северный ветер»"), ("PERSON:l", "ORGANIZATION:w"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Лыков" in q]
    assert not [q for q in qs if "организаци" in q], qs
    assert [q for q in qs if "В какую группу входит" in q], qs


def test_a_party_leader_leads_it() -> None:
    d = doc(
        "w18o",
        "Лидер Народной партии Латвии Игорь Свиридов призвал к диалогу. Его выступление "
        "длилось час.",
    )
    t = fact(d, "Игорь Свиридов", "WORKPLACE", "Народная партия Латвии", PO,
             ("Игорь Свиридов", "Народной партии Латвии"), ("PERSON:s", "ORGANIZATION:n"))  # fmt: skip
    qs = [q for q in asked([t], [d]) if "Свиридов" in q]
    assert [q for q in qs if "возглавляет" in q], qs
    assert not [q for q in qs if "работа" in q or "представля" in q], qs
