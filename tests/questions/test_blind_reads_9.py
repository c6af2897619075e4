"""The failure classes of the ninth blind read (benchmarks/question_reads/2026-12-01-{gold,e2e}-
dev-9-grades.jsonl), each on a constructed Russian case that produced the defect with the
generator the read graded (main at a46c303)."""

from __future__ import annotations

from dragon_bench.types import Triple
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PR = ("PERSON", "PROFESSION")
PL = ("PERSON", "LOCATION")
PD = ("PERSON", "DATE")


def _asked(ts: list[Triple], docs, types=("simple",), seeds=range(6)) -> dict:  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    asked: dict = {}
    for seed in seeds:
        qs = generate_questions(ts, docs, per_type=20, types=types, seed=seed, popularity_share=1.0)
        asked.update({q.question: q.answers for q in qs})
    return asked


def test_a_places_country_a_persons_nation_and_old_dates_are_textbook() -> None:
    # «В какой стране находится Славянск?» → Украина, «Кто по национальности Генрих
    # Мхитарян?» → армянин, «Из какой страны Кшиштоф Пендерецкий?», «Когда прошёл Великий
    # поход?» → 1934—1935 годы (in a text of 2016), «Каким заболеванием страдает Альбер II?»
    # → коронавирус (in 2020)
    d = doc("t", "Город Славянск расположен на Украине, в Донецкой области. Армянин Карен "
                 "Оганесян приехал в Славянск. Великий поход прошёл в 1934—1935 годах. В 2016 "
                 "году о походе напомнил Карен Оганесян. Карен Оганесян заболел коронавирусом.")  # fmt: skip
    ts = [
        fact(d, "Славянск", "LOCATED_IN", "Украина", ("CITY", "COUNTRY"),
             ("Славянск", "Украине"), ("CITY:s", "COUNTRY:u")),
        fact(d, "Славянск", "LOCATED_IN", "Донецкая область", ("CITY", "STATE_OR_PROVINCE"),
             ("Славянск", "Донецкой области"), ("CITY:s", "STATE_OR_PROVINCE:d")),
        fact(d, "Карен Оганесян", "ORIGINS_FROM", "армянин", ("PERSON", "NATIONALITY"),
             ("Карен Оганесян", "Армянин"), ("PERSON:k", "NATIONALITY:a")),
        fact(d, "Великий поход", "POINT_IN_TIME", "1934—1935 годы", ("EVENT", "DATE"),
             ("Великий поход", "1934—1935 годах"), ("EVENT:v", "DATE:y")),
        fact(d, "Карен Оганесян", "MEDICAL_CONDITION", "коронавирус", ("PERSON", "DISEASE"),
             ("Карен Оганесян заболел", "коронавирусом"), ("PERSON:k", "DISEASE:c")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    textbook = [q for q in asked if "стране" in q or "национальн" in q or "Когда" in q]
    assert not textbook, asked
    assert not [q for q in asked if "коронавирус" in asked[q]], asked
    from dragon_bench.questions.fame import textbook

    texts = [d.full_text]
    assert textbook("POINT_IN_TIME", "EVENT", "1934—1935 годы", "DATE", texts) == "history"
    assert textbook("POINT_IN_TIME", "EVENT", "2015 год", "DATE", texts) == ""
    # an organisation's country and a region are asked («В какой стране базируется Faz?»)
    assert textbook("HEADQUARTERED_IN", "ORGANIZATION", "Германия", "COUNTRY", texts) == ""
    assert textbook("LOCATED_IN", "CITY", "Донецкая область", "STATE_OR_PROVINCE", texts) == ""


def test_a_place_of_work_beside_another_workplace_is_ambiguous() -> None:
    # «В каком городе работал Юкия Амано?» → Марсель, while МАГАТЭ, where he was director
    # general, is in Вена (the same text)
    d = doc("a", "Юкия Амано работал в Марселе. Юкия Амано возглавлял МАГАТЭ. Штаб-квартира "
                 "МАГАТЭ находится в Вене.")  # fmt: skip
    ts = [
        fact(d, "Юкия Амано", "WORKPLACE", "Марсель", ("PERSON", "CITY"),
             ("Юкия Амано", "Марселе"), ("PERSON:a", "CITY:m")),
        fact(d, "Юкия Амано", "WORKPLACE", "МАГАТЭ", PO,
             ("Юкия Амано возглавлял", "МАГАТЭ"), ("PERSON:a", "ORGANIZATION:i")),
        fact(d, "МАГАТЭ", "HEADQUARTERED_IN", "Вена", ("ORGANIZATION", "CITY"),
             ("МАГАТЭ находится", "Вене"), ("ORGANIZATION:i", "CITY:v")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Марсель" in asked[q]], asked
    assert [q for q in asked if "Вена" in asked[q]], asked  # the office's city still is
