"""The failure classes of the eleventh blind read (benchmarks/question_reads/2026-12-01-{gold,e2e}-
dev-11-grades.jsonl), each on a constructed Russian case that produced the defect with the
generator the read graded (main at 8502d14)."""

from __future__ import annotations

import re

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
OC = ("ORGANIZATION", "CITY")


def test_an_army_is_served_in_not_worked_at() -> None:
    # «Где работал человек, который создал «Тишину»?» -> «2-я гвардейская армия»
    d = doc("b", "Писатель Юрий Бондарев служил во 2-й гвардейской армии. Юрий Бондарев создал "
                 "роман «Тишина». Инженер Павел Зотов работал на Уралмашзаводе.")  # fmt: skip
    ts = [
        fact(d, "Юрий Бондарев", "WORKPLACE", "2-я гвардейская армия", PO,
             ("Юрий Бондарев", "2-й гвардейской армии"), ("PERSON:b", "ORGANIZATION:a")),
        fact(d, "Юрий Бондарев", "AUTHOR_OF", "Тишина", ("PERSON", "WORK_OF_ART"),
             ("Юрий Бондарев", "Тишина"), ("PERSON:b", "WORK_OF_ART:t")),
        fact(d, "Павел Зотов", "WORKPLACE", "Уралмашзавод", PO,
             ("Павел Зотов", "Уралмашзаводе"), ("PERSON:z", "ORGANIZATION:u")),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "multi_hop"))
    army = [q for q in asked if "2-я гвардейская армия" in asked[q]]
    assert not [q for q in army if "работа" in q], asked
    assert [q for q in asked if "Уралмашзавод" in asked[q] and "работал" in q], asked


def test_a_hyphenated_foreign_place_is_answered_in_the_nominative_or_not_at_all() -> None:
    # «В каком городе базируется Иллинойсский университет?» -> «Урбане-Шампейне»
    from dragon_bench.questions.names import answer_name

    assert answer_name("Урбане-Шампейне", "CITY") == ""
    assert answer_name("Баден-Бадене", "CITY") == "Баден-Баден"
    assert answer_name("Нью-Йорке", "CITY") == "Нью-Йорк"
    assert answer_name("Урбана-Шампейн", "CITY") == "Урбана-Шампейн"
    d = doc("u", "Иллинойсский университет находится в Урбане-Шампейне. Курортная клиника "
                 "«Бреннер» находится в Баден-Бадене.")  # fmt: skip
    ts = [
        fact(d, "Иллинойсский университет", "HEADQUARTERED_IN", "Урбане-Шампейне", OC,
             ("Иллинойсский университет", "Урбане-Шампейне"), ("ORGANIZATION:i", "CITY:u")),
        fact(d, "Бреннер", "HEADQUARTERED_IN", "Баден-Бадене", OC,
             ("Бреннер", "Баден-Бадене"), ("ORGANIZATION:b", "CITY:b")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    answers = [a for q in asked for a in asked[q]]
    assert "Урбане-Шампейне" not in answers, asked
    assert "Баден-Баден" in answers, asked


def test_an_adjective_before_a_womans_foreign_name_tells_her_gender() -> None:
    # «Сколько лет Чжану Инъину?» from «похитил и убил 26-летнюю Чжан Инъин (章莹颖)»: the
    # extracted mention with its hieroglyphs is another entity than the later «Чжан Инъин
    # родилась», so only its own sentence can tell her gender
    d = doc("z", "29-летний Пётр Сомов похитил и убил 26-летнюю Чжан Инъин (章莹颖) в "
                 "июне 2017 года. Суд над Петром Сомовым начался в июне.")  # fmt: skip
    ts = [
        fact(d, "Чжан Инъин (章莹颖)", "AGE_IS", "26 лет", ("PERSON", "AGE"),
             ("Чжан Инъин (章莹颖)", "26-летнюю"), ("PERSON:z", "AGE:26"), "present"),
        fact(d, "Пётр Сомов", "AGE_IS", "29 лет", ("PERSON", "AGE"),
             ("Пётр Сомов", "29-летний"), ("PERSON:k", "AGE:29"), "present"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Чжану" in q or "Инъину" in q], asked
    assert [q for q in asked if "Сомов" in q], asked


def test_a_charge_told_as_one_more_or_by_a_pronoun_is_one_of_several() -> None:
    # «В чём обвиняли Мухаммеда Мурси?» -> «передача секретных документов» from «Мурси ...
    # обвиняют также в передаче секретных документов», after «Тогда же его обвинили в связях
    # с ХАМАС»
    d = doc("m", "Бывший президент Египта Мухаммед Мурси умер в суде. Тогда же его обвинили в "
                 "связях с группировкой ХАМАС. Мурси обвиняют также в передаче секретных "
                 "документов. Адвоката Ахмеда Саида обвиняют в подкупе свидетеля.")  # fmt: skip
    e = doc("n", "Мухаммед Мурси выступил в суде. Тогда же его обвинили в связях с группировкой "
                 "ХАМАС. Мурси обвиняют в передаче секретных документов.")  # fmt: skip
    ts = [
        fact(d, "Мухаммед Мурси", "CONVICTED_OF", "передача секретных документов",
             ("PERSON", "CRIME"), ("Мурси обвиняют", "передаче секретных документов"),
             ("PERSON:m", "CRIME:p"), "past"),
        fact(d, "Ахмед Саид", "CONVICTED_OF", "подкуп свидетеля", ("PERSON", "CRIME"),
             ("Ахмеда Саида", "подкупе свидетеля"), ("PERSON:s", "CRIME:k"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Мурси" in q], asked
    assert [q for q in asked if "Ахмед" in q], asked
    # without «также» the pronoun sentence alone tells the other charge
    t = fact(e, "Мухаммед Мурси", "CONVICTED_OF", "передача секретных документов",
             ("PERSON", "CRIME"), ("Мурси обвиняют", "передаче секретных документов"),
             ("PERSON:m", "CRIME:p"), "past")  # fmt: skip
    assert not [q for q in _asked([t], [e]) if "Мурси" in q]


def test_a_public_trade_the_headline_gives_the_person_is_not_asked() -> None:
    # «Кем по профессии был Юрий Бондарев?» -> писатель under «Скончался писатель Юрий
    # Бондарев» (the embeddings tie «бондарев» to «писатель» only 0.12)
    from dragon_bench.types import Document

    d = Document(id="b", title="Скончался писатель Юрий Бондарев",
                 text="В Москве умер писатель Юрий Бондарев. На похоронах выступил инженер "
                      "Павел Зотов.")  # fmt: skip
    ts = [
        fact(d, "Юрий Бондарев", "WORKS_AS", "писатель", ("PERSON", "PROFESSION"),
             ("Юрий Бондарев.", "писатель Юрий Бондарев."), ("PERSON:b", "PROFESSION:p"), "past"),
        fact(d, "Павел Зотов", "WORKS_AS", "инженер", ("PERSON", "PROFESSION"),
             ("Павел Зотов", "инженер"), ("PERSON:z", "PROFESSION:i"), "present"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Бондарев" in q], asked
    assert [q for q in asked if "Зотов" in q], asked


def test_a_bare_short_participle_is_not_coordinated_with_an_active_verb() -> None:
    # «Какая организация основана Марком Холлисом и создала «Today»?»
    d = doc("t", "Группа Talk Talk основана Марком Холлисом в Лондоне. Группа Talk Talk создала "
                 "альбом «Today». Марк Холлис умер в 2019 году.")  # fmt: skip
    ts = [
        fact(d, "Talk Talk", "FOUNDED_BY", "Марк Холлис", ("ORGANIZATION", "PERSON"),
             ("Talk Talk", "Марком Холлисом"), ("ORGANIZATION:t", "PERSON:h"), "past"),
        fact(d, "Talk Talk", "PRODUCES", "Today", ("ORGANIZATION", "WORK_OF_ART"),
             ("Talk Talk создала", "Today"), ("ORGANIZATION:t", "WORK_OF_ART:d"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("conditional",))
    assert not [q for q in asked if " основана " in q and "создала" in q], asked
    from dragon_bench.questions.shapes.conditional import _mixed_voice

    assert _mixed_voice("основана Марком Холлисом", "создала «Today»")
    assert not _mixed_voice("была основана в 1981 году", "базируется в Лондоне")


def test_an_organisation_named_by_common_words_or_a_place_is_not_shown_bare() -> None:
    # «Когда была основана Справедливая помощь?» (a fund), «В какой стране базируется
    # Барселона?» (a club): no quotes, no kind noun; a name that looks like one stays
    d = doc("f", "Фонд «Справедливая помощь» был основан в 2007 году. Клуб Барселона базируется "
                 "в Испании. Компания Металлоинвест была основана в 2004 году.")  # fmt: skip
    ts = [
        fact(d, "Справедливая помощь", "DATE_FOUNDED_IN", "2007 год", ("ORGANIZATION", "DATE"),
             ("Справедливая помощь", "2007 году"), ("ORGANIZATION:f", "DATE:7"), "past"),
        fact(d, "Барселона", "HEADQUARTERED_IN", "Испания", ("ORGANIZATION", "COUNTRY"),
             ("Барселона", "Испании"), ("ORGANIZATION:b", "COUNTRY:e"), "present"),
        fact(d, "Металлоинвест", "DATE_FOUNDED_IN", "2004 год", ("ORGANIZATION", "DATE"),
             ("Металлоинвест", "2004 году"), ("ORGANIZATION:m", "DATE:4"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    # shown bare, never; quoted after the kind noun its text gives, since read 12's fixes
    # (tests/questions/test_blind_reads_12.py)
    assert not [q for q in asked if re.search(r"(?<!«)(?:Справедлив|Барселон)", q)], asked
    assert [q for q in asked if "Металлоинвест" in q], asked


def test_an_origin_read_off_a_kin_nouns_dependent_is_the_relatives() -> None:
    # «Откуда родом основатель Tiancai?» -> Макао from «сын миллиардера из Макао Марио Хо»
    d = doc("h", "Новым мужем актрисы стал сын миллиардера из Макао Марио Хо. Инженер из Пекина "
                 "Ли Мин приехал в Москву.")  # fmt: skip
    ts = [
        fact(d, "Марио Хо", "ORIGINS_FROM", "Макао", ("PERSON", "CITY"), ("Марио Хо", "Макао"),
             ("PERSON:h", "CITY:m"), "present"),
        fact(d, "Ли Мин", "ORIGINS_FROM", "Пекин", ("PERSON", "CITY"), ("Ли Мин", "Пекина"),
             ("PERSON:l", "CITY:p"), "present"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Макао" in asked[q]], asked
    assert [q for q in asked if "Пекин" in asked[q]], asked
