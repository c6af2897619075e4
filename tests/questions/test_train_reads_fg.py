"""Failure classes of TRAIN reads e, f and g (benchmarks/question_reads/2026-12-01-*-train-
{e,f,g}-*.jsonl), each on a constructed Russian case that produced the defect with the
generator the reads graded (main at 44ed868)."""

from __future__ import annotations

import re

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PERSON")
PC = ("PERSON", "CITY")


def test_a_verb_after_an_oblique_mention_gives_no_gender() -> None:
    # «В каком городе скончалась Алан Рикман?» from «семья актёра Алана Рикмана объявила о
    # его смерти. Он скончался в Лондоне»: «объявила» agrees with «семья»
    d = doc("h", "Семья британского режиссёра Тома Хупера объявила о его кончине. Он скончался "
                 "в Манчестере.")  # fmt: skip
    ts = [
        fact(d, "Том Хупер", "PLACE_OF_DEATH", "Манчестер", PC, ("Тома Хупера", "Манчестере"),
             ("PERSON:h", "CITY:m"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert [q for q in asked if "Хупер" in q], asked
    assert not [q for q in asked if "скончалась" in q or "умерла" in q], asked


def test_a_widows_foreign_name_is_not_declined_as_a_mans() -> None:
    # «В какой стране проживал муж Дорита Ревентлова?» from «сообщила его вдова Дорит
    # Ревентлов»: a man's form of a woman's name
    d = doc("l", "Умер датский художник Пер Ларсен. Об этом сообщила его вдова Гудрун Эстин. "
                 "Пер Ларсен жил в Оденсе.")  # fmt: skip
    ts = [
        fact(d, "Пер Ларсен", "SPOUSE", "Гудрун Эстин", PP, ("Пер Ларсен", "Гудрун Эстин"),
             ("PERSON:l", "PERSON:e")),
        fact(d, "Пер Ларсен", "PLACE_RESIDES_IN", "Оденсе", PC, ("Пер Ларсен жил", "Оденсе"),
             ("PERSON:l", "CITY:o"), "past"),
    ]  # fmt: skip
    asked = _asked(ts, [d], types=("simple", "multi_hop"))
    assert [q for q in asked if "Ларсен" in q or "Эстин" in q], asked
    assert not [q for q in asked if re.search(r"Эстин[аоуы]|Гудрун[аоуы]", q)], asked


PO = ("PERSON", "ORGANIZATION")
PR = ("PERSON", "PROFESSION")


def test_a_past_verb_of_a_relative_clause_does_not_end_the_other_posts() -> None:
    # «Какие должности занимал Александр Горбенко?» from «48-летний генеральный директор
    # «Российской газеты» Александр Горбенко, который ... возглавлял Гильдию издателей
    # периодической печати, вице-президент Союза издателей»
    from dragon_bench.questions.lifetime import is_past

    d = doc("k", "Новым советником губернатора стал 52-летний главный редактор журнала «Север» "
                 "Игорь Ковалёв, который долго руководил Союзом журналистов области, "
                 "председатель клуба «Полярник».")  # fmt: skip
    editor = fact(
        d,
        "Игорь Ковалёв",
        "WORKS_AS",
        "главный редактор журнала «Север»",
        PR,
        ("Игорь Ковалёв", "главный редактор"),
        ("PERSON:k", "PROFESSION:r"),
    )
    chair = fact(
        d,
        "Игорь Ковалёв",
        "WORKS_AS",
        "председатель клуба «Полярник»",
        PR,
        ("Игорь Ковалёв", "председатель клуба"),
        ("PERSON:k", "PROFESSION:p"),
    )
    union = fact(
        d,
        "Игорь Ковалёв",
        "WORKPLACE",
        "Союз журналистов области",
        PO,
        ("Игорь Ковалёв", "Союзом журналистов"),
        ("PERSON:k", "ORGANIZATION:s"),
    )
    # fmt: skip
    texts = {d.id: d.full_text}
    assert not is_past("WORKS_AS", "", "PERSON", [editor], [editor, chair], texts)
    assert not is_past("WORKS_AS", "", "PERSON", [chair], [editor, chair], texts)
    assert is_past("WORKPLACE", "", "PERSON", [union], [union], texts)


def test_a_post_held_now_after_a_resignation_is_present() -> None:
    # «Какие должности занимал Радий Хабиров?» with «после отставки Радия Хабирова, сейчас
    # занимающего пост заместителя начальника управления»
    from dragon_bench.questions.lifetime import is_past

    d = doc("s", "Губернатор уволил Олега Пахомова, который занял пост мэра после отставки "
                 "Виктора Сомова, сейчас занимающего пост советника министра энергетики. "
                 "Виктор Сомов в отставке.")  # fmt: skip
    adviser = fact(
        d,
        "Виктор Сомов",
        "WORKS_AS",
        "советник министра энергетики",
        PR,
        ("Виктора Сомова", "советника министра"),
        ("PERSON:s", "PROFESSION:a"),
    )
    texts = {d.id: d.full_text}
    assert not is_past("WORKS_AS", "", "PERSON", [adviser], [adviser], texts)


def test_a_role_the_text_calls_former_is_asked_in_the_past() -> None:
    # «Какие профессии и должности у Дэйва Бинга?» -> игрок НБА, from «избран бывший игрок НБА»
    from dragon_bench.questions.sampling import FactGraph
    from dragon_bench.questions.shapes.base import settle_told

    d = doc("b", "Депутатом парламента избран бывший игрок НХЛ Пётр Зимин.")
    t = fact(d, "Пётр Зимин", "WORKS_AS", "игрок НХЛ", PR, ("Пётр Зимин", "игрок НХЛ"),
             ("PERSON:z", "PROFESSION:h"))  # fmt: skip
    texts = {d.id: d.full_text}
    f = next(f for f in FactGraph([t], texts=texts).facts if f.object == "игрок НХЛ")
    f.tense = ""
    settle_told(f, texts)
    assert f.tense == "past"


def test_a_charge_listed_beside_another_in_its_own_sentence_is_one_of_several() -> None:
    # «В каком преступлении подозревали человека, который появился на свет в Сочи?» ->
    # убийство, from «по обвинению в убийстве и незаконном обороте оружия»
    d = doc(
        "t",
        "40-летний житель Твери Игорь Саблин был задержан по обвинению в мошенничестве "
        "и незаконном хранении наркотиков. Водитель Олег Мухин обвиняется в краже.",
    )
    # fmt: skip
    ts = [
        fact(d, "Игорь Саблин", "CONVICTED_OF", "мошенничество", ("PERSON", "CRIME"),
             ("Игорь Саблин", "мошенничестве"), ("PERSON:s", "CRIME:m"), "past"),
        fact(d, "Олег Мухин", "CONVICTED_OF", "кража", ("PERSON", "CRIME"),
             ("Олег Мухин", "краже"), ("PERSON:m", "CRIME:k")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Саблин" in q], asked
    assert [q for q in asked if "Мухин" in q], asked


def test_a_charge_settled_by_a_fine_or_a_verdict_is_past() -> None:
    # «В чём обвиняют того, кто владел Kia Granbird?» from «владельца автобуса трижды
    # штрафовали за нарушение правил перевозки пассажиров»
    from dragon_bench.questions.lifetime import is_past

    d = doc(
        "f",
        "В прошлом году хозяина кафе Ивана Лисина дважды штрафовали за нарушение "
        "санитарных норм. Суд признал виновной в растрате бухгалтера Анну Рябову.",
    )
    # fmt: skip
    fine = fact(d, "Иван Лисин", "CONVICTED_OF", "нарушение санитарных норм", ("PERSON", "CRIME"),
                ("Ивана Лисина", "нарушение санитарных"), ("PERSON:l", "CRIME:n"))  # fmt: skip
    verdict = fact(d, "Анна Рябова", "CONVICTED_OF", "растрата", ("PERSON", "CRIME"),
                   ("Анну Рябову", "растрате"), ("PERSON:r", "CRIME:r"))  # fmt: skip
    texts = {d.id: d.full_text}
    assert is_past("CONVICTED_OF", "", "PERSON", [fine], [fine], texts)
    assert is_past("CONVICTED_OF", "", "PERSON", [verdict], [verdict], texts)


def test_years_of_another_event_in_the_sentence_do_not_end_a_role() -> None:
    # «Кем по профессии был тот, кто владеет Бирмингемом Сити?» from «54-летний бизнесмен был
    # признан виновным в отмывании ... в период с 2001 по 2007 годы»
    from dragon_bench.questions.lifetime import is_past

    d = doc(
        "y",
        "42-летний фермер Глеб Носов признан виновным в уклонении от налогов в период "
        "с 2010 по 2014 годы. В 1998—1999 годах Носов — заместитель главы района.",
    )
    # fmt: skip
    farmer = fact(d, "Глеб Носов", "WORKS_AS", "фермер", ("PERSON", "PROFESSION"),
                  ("Глеб Носов", "фермер"), ("PERSON:n", "PROFESSION:f"))  # fmt: skip
    deputy = fact(d, "Глеб Носов", "WORKS_AS", "заместитель главы района", ("PERSON", "PROFESSION"),
                  ("Носов —", "заместитель главы"), ("PERSON:n", "PROFESSION:d"))  # fmt: skip
    texts = {d.id: d.full_text}
    assert not is_past("WORKS_AS", "", "PERSON", [farmer], [farmer], texts)
    assert is_past("WORKS_AS", "", "PERSON", [deputy], [deputy], texts)
