"""The failure classes of the two blind TRAIN reads of session 6's final generator
(benchmarks/question_reads/2026-12-01-gold-train-{a,b}-grades.jsonl; /work/trainreads), each
on a constructed Russian case that produced the defect with the generator the reads graded
(036461a's question code)."""

from __future__ import annotations

from tests.questions.helpers import asked as _asked
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")


def test_a_state_its_sentence_tells_in_the_imperfective_past_is_asked_in_the_past() -> None:
    # «Откуда родом тот, кто работает в Calgary Flames?» from «Нолан играл в ... Calgary
    # Flames» (read a, b); «В каком мероприятии участвует Вайдан Сулейман?» from «участвовала в
    # «Мисс Вселенной» в 1972 году» (read a); a present state stays present
    d = doc("n", "После ухода из клуба Sharks Оуэн Нолан играл в клубе Calgary Flames. "
                 "Вайдан Сулейман участвовала в «Мисс Вселенной» в 1972 году. "
                 "Павел Зотов работает на Уралмашзаводе.")  # fmt: skip
    ts = [
        fact(d, "Оуэн Нолан", "WORKPLACE", "Calgary Flames", PO,
             ("Оуэн Нолан", "Calgary Flames"), ("PERSON:n", "ORGANIZATION:c")),
        fact(d, "Вайдан Сулейман", "PARTICIPANT_IN", "Мисс Вселенная", ("PERSON", "EVENT"),
             ("Вайдан Сулейман", "Мисс Вселенной"), ("PERSON:v", "EVENT:m")),
        fact(d, "Павел Зотов", "WORKPLACE", "Уралмашзавод", PO,
             ("Павел Зотов", "Уралмашзаводе"), ("PERSON:z", "ORGANIZATION:u")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    nolan = [q for q in asked if "Calgary Flames" in asked[q]]
    miss = [q for q in asked if "Мисс Вселенная" in asked[q]]
    assert nolan and miss, asked
    assert not [q for q in nolan + miss if "работает" in q or "участвует" in q], asked
    assert [q for q in asked if "Уралмашзавод" in asked[q] and "работает" in q], asked


def test_an_accusation_made_in_the_perfective_is_asked_in_the_past() -> None:
    # «В каком преступлении подозревают Григория Николаевича Педченко?» from «В 2005 году ...
    # министр обороны ... отстранил его от исполнения обязанностей, обвинив в коррупции»
    d = doc("p", "В 2005 году министр отстранил генерала Петра Сомова от должности, обвинив "
                 "Петра Сомова в коррупции. Ивана Зотова обвиняют в мошенничестве.")  # fmt: skip
    pc = ("PERSON", "CRIME")
    ts = [
        fact(d, "Пётр Сомов", "CONVICTED_OF", "коррупция", pc, ("Петра Сомова в", "коррупции"),
             ("PERSON:s", "CRIME:k")),
        fact(d, "Иван Зотов", "CONVICTED_OF", "мошенничество", pc,
             ("Ивана Зотова", "мошенничестве"), ("PERSON:z", "CRIME:m")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    somov = [q for q in asked if "Сомов" in q]
    assert somov and all("обвиняли" in q or "подозревали" in q for q in somov), asked
    assert [q for q in asked if "Зотов" in q and ("обвиняют" in q or "подозревают" in q)], asked


def test_an_answer_left_in_an_oblique_case_is_not_given() -> None:
    # «В каком городе скончался Патрик Фэрроу?» -> «Каслтоне» (read b); «Кто владеет Facebook
    # и состоит в браке с Марком Цукербергом?» -> «Присцилле Чан» (read a): the dictionary
    # reads «Каслтоне» only as a woman's name in the dative and ranks a noun «присцилл» before
    # the name «Присцилла»
    from dragon_bench.questions.names import answer_name

    assert answer_name("Каслтоне", "CITY") == ""
    assert answer_name("Каслтон", "CITY") == "Каслтон"
    assert answer_name("Гринвиче", "CITY") == "Гринвич"
    assert answer_name("Присцилле Чан", "PERSON") == ""
    assert answer_name("Присцилла Чан", "PERSON") == "Присцилла Чан"
    assert answer_name("Джейкоб Зума", "PERSON") == "Джейкоб Зума"
    assert answer_name("Невада", "STATE_OR_PROVINCE") == "Невада"
    d = doc("f", "Тело Патрика Фэрроу нашли в его галерее в Каслтоне. Тело Ивана Зотова нашли в "
                 "Гринвиче.")  # fmt: skip
    pc = ("PERSON", "CITY")
    ts = [
        fact(d, "Патрик Фэрроу", "PLACE_OF_DEATH", "Каслтоне", pc, ("Патрика Фэрроу", "Каслтоне"),
             ("PERSON:f", "CITY:k"), "past"),
        fact(d, "Иван Зотов", "PLACE_OF_DEATH", "Гринвиче", pc, ("Ивана Зотова", "Гринвиче"),
             ("PERSON:z", "CITY:g"), "past"),
    ]  # fmt: skip
    answers = [a for q, a in _asked(ts, [d]).items()]
    assert ("Гринвич",) in answers and ("Каслтоне",) not in answers, answers
