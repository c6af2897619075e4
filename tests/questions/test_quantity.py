"""Templates and round-trip readings that keep candidates the phrasing used to lose: role
conditions, plural past roles, a prize after its adjective, ranks, an origin country."""

from __future__ import annotations

from dragon_bench.questions import generate_questions
from dragon_bench.questions.roundtrip import RoundTrip
from dragon_bench.questions.sampling import FactGraph
from dragon_bench.questions.shapes.base import ask_object, predicates
from dragon_bench.questions.templates import WHEN
from tests.questions.helpers import doc, fact

PP = ("PERSON", "PROFESSION")
PD = ("PERSON", "DATE")


def _asked(ts, docs, types):  # type: ignore[no-untyped-def]
    stats: dict = {}
    qs = generate_questions(ts, docs, per_type=20, types=types, stats=stats)
    return {q.question: (q.answers, q.template) for q in qs}, stats["rejected"]


def _writers():  # type: ignore[no-untyped-def]
    a = doc("a", "Писатель Фёдор Ивлин выпустил роман. Фёдор Ивлин родился 6 марта 1929 года.")
    b = doc("b", "Писатель Игнат Сомов выпустил повесть. Игнат Сомов родился 2 мая 1931 года.")
    c = doc("c", "Врач Роман Глебов открыл клинику. Роман Глебов родился 6 марта 1929 года.")
    ts = [
        fact(a, "Фёдор Ивлин", "WORKS_AS", "писатель", PP, ("Фёдор Ивлин", "Писатель"),
             ("PERSON:fi", "PROFESSION:w"), tense="past"),
        fact(a, "Фёдор Ивлин", "DATE_OF_BIRTH", "6 марта 1929 года", PD,
             ("Фёдор Ивлин родился", "6 марта 1929 года"), ("PERSON:fi", "DATE:d1")),
        fact(b, "Игнат Сомов", "WORKS_AS", "писатель", PP, ("Игнат Сомов", "Писатель"),
             ("PERSON:is", "PROFESSION:w"), tense="past"),
        fact(b, "Игнат Сомов", "DATE_OF_BIRTH", "2 мая 1931 года", PD,
             ("Игнат Сомов родился", "2 мая 1931 года"), ("PERSON:is", "DATE:d2")),
        fact(c, "Роман Глебов", "WORKS_AS", "врач", PP, ("Роман Глебов", "Врач"),
             ("PERSON:rg", "PROFESSION:v"), tense="past"),
        fact(c, "Роман Глебов", "DATE_OF_BIRTH", "6 марта 1929 года", PD,
             ("Роман Глебов родился", "6 марта 1929 года"), ("PERSON:rg", "DATE:d1")),
    ]  # fmt: skip
    return [a, b, c], ts


def test_a_role_is_a_condition_and_may_head_the_question() -> None:
    # the role alone fits two writers, the date alone two people: together only Ивлин
    docs, ts = _writers()
    asked, _ = _asked(ts, docs, ("conditional",))
    mine = {q: t for q, (answers, t) in asked.items() if answers == ("Фёдор Ивлин",)}
    assert mine, asked
    assert set(mine) <= {
        "Какой писатель родился 6 марта 1929 года?",
        "Какой писатель появился на свет 6 марта 1929 года?",
        "Кто родился 6 марта 1929 года и работал писателем?",
        "Кто появился на свет 6 марта 1929 года и работал писателем?",
    }, mine
    assert all("works_as." in t for t in mine.values())


def test_the_round_trip_reads_a_role_in_lower_case() -> None:
    docs, ts = _writers()
    graph = FactGraph(ts, texts={d.id: d.full_text for d in docs})
    check = RoundTrip(graph)
    reading = check.read("Кто родился 6 марта 1929 года и работал писателем?")
    assert frozenset({"PROFESSION:w"}) in reading.spans and "WORKS_AS" in reading.relations
    headed = check.read("Какой писатель родился 6 марта 1929 года?")
    assert frozenset({"PROFESSION:w"}) in headed.spans and "WORKS_AS" in headed.relations
    # a common noun elsewhere is no role: «писатель» after «о» names nothing
    assert frozenset({"PROFESSION:w"}) not in check.read("Что пишут о писателе?").spans


def test_a_trade_needs_a_sharp_second_condition() -> None:
    # «Какой писатель получил премию?»: many writers have, wherever the KG has one
    d = doc("p", "Писатель Фёдор Ивлин получил премию «Ясная поляна». Фёдор Ивлин живёт в Туле.")
    e = doc(
        "q", "Писатель Игнат Сомов живёт в Туле. Врач Роман Глебов получил премию «Ясная поляна»."
    )
    ts = [
        fact(d, "Фёдор Ивлин", "WORKS_AS", "писатель", PP, ("Фёдор Ивлин", "Писатель"),
             ("PERSON:fi", "PROFESSION:w")),
        fact(d, "Фёдор Ивлин", "AWARDED_WITH", "премия «Ясная поляна»", ("PERSON", "AWARD"),
             ("Фёдор Ивлин получил", "премию"), ("PERSON:fi", "AWARD:yp")),
        fact(e, "Игнат Сомов", "WORKS_AS", "писатель", PP, ("Игнат Сомов", "Писатель"),
             ("PERSON:is", "PROFESSION:w")),
        fact(e, "Роман Глебов", "AWARDED_WITH", "премия «Ясная поляна»", ("PERSON", "AWARD"),
             ("Роман Глебов", "премию"), ("PERSON:rg", "AWARD:yp")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [d, e], ("conditional",))
    assert not any("писател" in q for q in asked), asked


def test_past_posts_are_asked_in_the_plural() -> None:
    d = doc(
        "m", "Пётр Лавров был мэром Твери. Позже Пётр Лавров был губернатором Тверской области."
    )
    ts = [
        fact(d, "Пётр Лавров", "WORKS_AS", "мэр Твери", PP, ("Пётр Лавров", "мэром Твери"),
             ("PERSON:pl", "PROFESSION:m"), tense="past"),
        fact(d, "Пётр Лавров", "WORKS_AS", "губернатор Тверской области", PP,
             ("Позже Пётр Лавров", "губернатором Тверской области"),
             ("PERSON:pl", "PROFESSION:g"), tense="past"),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={d.id: d.full_text})
    texts = [t for _, t in ask_object(graph.facts[0], graph, many=True, texts={d.id: d.full_text})]
    assert "Какие должности занимал Пётр Лавров?" in texts
    assert "Какие профессии и должности были у Петра Лаврова?" in texts
    assert "Какие профессии и должности у Петра Лаврова?" not in texts  # present only


def test_a_prize_after_its_adjective_a_rank_and_an_origin_country() -> None:
    assert WHEN["o_prize"]("", "", "Нобелевская премия", "AWARD")
    assert WHEN["rank"]("", "", "генерал-лейтенант", "PROFESSION")
    assert WHEN["rank"]("", "", "вице-адмирал", "PROFESSION")
    assert not WHEN["not_title"]("", "", "генерал-лейтенант", "PROFESSION")
    d = doc("n", "Лауреат Нобелевской премии Имре Вадаш, генерал-лейтенант, родом из Венгрии.")
    ts = [
        fact(d, "Имре Вадаш", "AWARDED_WITH", "Нобелевская премия", ("PERSON", "AWARD"),
             ("Имре Вадаш", "Нобелевской премии"), ("PERSON:iv", "AWARD:n")),
        fact(d, "Имре Вадаш", "WORKS_AS", "генерал-лейтенант", PP,
             ("Имре Вадаш", "генерал-лейтенант"), ("PERSON:iv", "PROFESSION:g")),
        fact(d, "Имре Вадаш", "ORIGINS_FROM", "Венгрия", ("PERSON", "COUNTRY"),
             ("Имре Вадаш", "Венгрии"), ("PERSON:iv", "COUNTRY:h")),
    ]  # fmt: skip
    texts = {d.id: d.full_text}
    graph = FactGraph(ts, texts=texts)
    said = {f.relation: [t for _, t in predicates(f, texts=texts)] for f in graph.facts}
    assert "получил Нобелевскую премию" in said["AWARDED_WITH"]
    assert said["WORKS_AS"] == ["имеет звание генерал-лейтенанта"]
    assert "родом из Венгрии" in said["ORIGINS_FROM"]
    rank = next(f for f in graph.facts if f.relation == "WORKS_AS")
    assert [t for _, t in ask_object(rank, graph, texts=texts)] == [
        "Какое звание имеет Имре Вадаш?"
    ]


def test_a_role_of_a_named_body_is_sharp_beside_a_place() -> None:
    # «постпред России» is held by two, Волгоград is the birthplace of two: together one man
    a = doc("v", "Постпред России Игнат Волков выступил в ООН. Игнат Волков родился в Волгограде.")
    b = doc("w", "Постпред России Семён Рыбин ушёл в отставку. Семён Рыбин родился в Орле.")
    c = doc("x", "Тренер Олег Дронов провёл сборы. Олег Дронов родился в Волгограде.")
    ts = [
        fact(a, "Игнат Волков", "WORKS_AS", "постпред России", PP, ("Игнат Волков", "Постпред"),
             ("PERSON:iv", "PROFESSION:pr"), tense="past"),
        fact(a, "Игнат Волков", "PLACE_OF_BIRTH", "Волгоград", ("PERSON", "CITY"),
             ("Игнат Волков родился", "Волгограде"), ("PERSON:iv", "CITY:vg")),
        fact(b, "Семён Рыбин", "WORKS_AS", "постпред России", PP, ("Семён Рыбин", "Постпред"),
             ("PERSON:sr", "PROFESSION:pr"), tense="past"),
        fact(b, "Семён Рыбин", "PLACE_OF_BIRTH", "Орёл", ("PERSON", "CITY"),
             ("Семён Рыбин родился", "Орле"), ("PERSON:sr", "CITY:or")),
        fact(c, "Олег Дронов", "PLACE_OF_BIRTH", "Волгоград", ("PERSON", "CITY"),
             ("Олег Дронов родился", "Волгограде"), ("PERSON:od", "CITY:vg")),
    ]  # fmt: skip
    asked, _ = _asked(ts, [a, b, c], ("conditional",))
    mine = [q for q, (answers, _) in asked.items() if answers == ("Игнат Волков",)]
    assert any("в Волгограде" in q and "постпреда России" in q for q in mine), asked
