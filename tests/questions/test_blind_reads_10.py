"""The failure classes of the tenth blind read (benchmarks/question_reads/2026-12-01-{gold,e2e}-
dev-10-grades.jsonl), each on a constructed Russian case that produced the defect with the
generator the read graded (main at 884d741)."""

from __future__ import annotations

from dragon_bench.types import Triple
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")
PP = ("PERSON", "PERSON")
PL = ("PERSON", "LOCATION")


def _asked(ts: list[Triple], docs, types=("simple",), seeds=range(6)) -> dict:  # type: ignore[no-untyped-def]
    from dragon_bench.questions import generate_questions

    asked: dict = {}
    for seed in seeds:
        qs = generate_questions(ts, docs, per_type=20, types=types, seed=seed, popularity_share=1.0)
        asked.update({q.question: q.answers for q in qs})
    return asked


def test_a_birthplace_with_a_finer_place_before_it_is_not_asked() -> None:
    # «Где родился Юкия Амано?» -> Хонсю from «родился в японской префектуре Канагава на
    # острове Хонсю» (Канагава is the finer answer); the finer place itself still is asked
    d = doc("a", "Юкия Амано родился в японской префектуре Канагава на острове Хонсю в 1947 "
                 "году. Кэндзи Ито родился в Осаке в 1950 году.")  # fmt: skip
    ts = [
        fact(d, "Юкия Амано", "PLACE_OF_BIRTH", "Хонсю", PL, ("Юкия Амано", "Хонсю"),
             ("PERSON:a", "LOCATION:h")),
        fact(d, "Кэндзи Ито", "PLACE_OF_BIRTH", "Осака", ("PERSON", "CITY"),
             ("Кэндзи Ито", "Осаке"), ("PERSON:i", "CITY:o")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Хонсю" in asked[q]], asked
    assert [q for q in asked if "Осака" in asked[q]], asked


def test_a_former_trade_before_the_person_is_a_second_service() -> None:
    # «Где служил Вадим Зайцев?» -> КГБ while the text calls him «экс-пограничник»
    d = doc("k", "Главным чекистом страны стал экс-пограничник Вадим Зайцев, он возглавил КГБ. "
                 "Генерал Пётр Орлов возглавил МЧС.")  # fmt: skip
    ts = [
        fact(d, "Вадим Зайцев", "WORKPLACE", "КГБ", PO, ("Вадим Зайцев", "КГБ"),
             ("PERSON:z", "ORGANIZATION:k")),
        fact(d, "Пётр Орлов", "WORKPLACE", "МЧС", PO, ("Пётр Орлов", "МЧС"),
             ("PERSON:o", "ORGANIZATION:m")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "КГБ" in asked[q]], asked
    assert [q for q in asked if "МЧС" in asked[q]], asked


def test_subordinate_of_is_asked_only_of_a_subordinates_role() -> None:
    # NEREL's SUBORDINATE_OF joins a client to his lawyer («Адвокат Александра Кокорина Андрей
    # Ромашов» -> «Кто является начальником Александра Кокорина?») and an adviser to a campaign
    # («Кому подчинялся Игорь Малашенко?» -> Ельцин); a deputy's boss is still asked
    d = doc("s", "Адвокат Александра Кокорина Андрей Ромашов прокомментировал приговор. В 1996 "
                 "году Игорь Малашенко был главным советником избирательной кампании Бориса "
                 "Ельцина. Первый заместитель Олега Белова Иван Седов подал в отставку.")  # fmt: skip
    ts = [
        fact(d, "Александр Кокорин", "SUBORDINATE_OF", "Андрей Ромашов", PP,
             ("Александра Кокорина", "Андрей Ромашов"), ("PERSON:k", "PERSON:r")),
        fact(d, "Игорь Малашенко", "SUBORDINATE_OF", "Борис Ельцин", PP,
             ("Игорь Малашенко", "Бориса Ельцина"), ("PERSON:m", "PERSON:e")),
        fact(d, "Иван Седов", "SUBORDINATE_OF", "Олег Белов", PP,
             ("Иван Седов", "Олега Белова"), ("PERSON:s", "PERSON:b")),
    ]  # fmt: skip
    asked = _asked(ts, [d])
    assert not [q for q in asked if "Ромашов" in str(asked[q]) or "Ельцин" in str(asked[q])], asked
    assert [q for q in asked if "Олег Белов" in asked[q]], asked
