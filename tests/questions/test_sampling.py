"""The shapes' samplers (issue #15, quantity): which candidates they offer from a constructed
fact graph. Each case lost its candidate with the samplers before (commit 426ca05)."""

from __future__ import annotations

import random
from dataclasses import replace

from dragon_bench.questions.sampling import FactGraph
from dragon_bench.questions.shapes.conditional import SHAPE as CONDITIONAL
from dragon_bench.questions.shapes.multi_hop import SHAPE as MULTI_HOP
from dragon_bench.questions.shapes.sets import SHAPE as SET
from tests.questions.helpers import doc, fact

PO = ("PERSON", "ORGANIZATION")


def test_a_chain_is_offered_whichever_bridge_side_is_drawn_first() -> None:
    d = doc("m", "Иван Петров работает в «Ростехе». Штаб-квартира «Ростеха» находится в Москве.")
    ts = [
        fact(d, "Иван Петров", "WORKPLACE", "«Ростех»", PO, ("Иван", "«Ростехе»"),
             ("PERSON:ip", "ORGANIZATION:r")),
        fact(d, "«Ростех»", "HEADQUARTERED_IN", "Москва", ("ORGANIZATION", "CITY"),
             ("«Ростеха» н", "Москве"), ("ORGANIZATION:r", "LOCATION:m")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={d.id: d.full_text})
    for seed in range(12):
        chains = {
            (tuple(f.relation for f in sub.facts), sub.bridge_id)
            for sub in MULTI_HOP.sample(graph, random.Random(seed))
        }
        # old: when the subject side (Иван Петров, who has no other fact) was drawn for the
        # workplace fact, the sampler went on to the next fact and the chain was lost
        assert (("WORKPLACE", "HEADQUARTERED_IN"), "ORGANIZATION:r") in chains, seed


def test_conditions_are_sought_beyond_the_first_pairs() -> None:
    text = (
        "Иван Петров родился в Твери. Иван Петров работает в «Газпроме». "
        "Иван Петров родился 1 мая 1950 года. Иван Петров умер в Париже. "
        "Пётр Сидоров родился в Твери. Пётр Сидоров работает в «Газпроме». "
        "Пётр Сидоров родился 1 мая 1950 года."
    )
    d = doc("c", text)
    text = d.full_text
    people = (("Иван Петров", "PERSON:ip"), ("Пётр Сидоров", "PERSON:ps"))
    facts = [
        ("PLACE_OF_BIRTH", "Тверь", "CITY", "Твери", "LOCATION:t"),
        ("WORKPLACE", "«Газпром»", "ORGANIZATION", "«Газпроме»", "ORGANIZATION:g"),
        ("DATE_OF_BIRTH", "1 мая 1950 года", "DATE", "1 мая 1950 года", "DATE:1950"),
        ("PLACE_OF_DEATH", "Париж", "CITY", "Париже", "LOCATION:p"),
    ]
    ts = []
    for n, (who, ident) in enumerate(people):
        begin = 0 if n == 0 else text.index(who)
        for relation, obj, kind, word, oid in facts[: 4 - n]:
            o = text.index(word, begin)
            s = text.rfind(who, 0, o)
            t = fact(d, who, relation, obj, ("PERSON", kind), (who, word), (ident, oid))
            ts.append(
                replace(
                    t,
                    subject_span=(s, s + len(who)),
                    object_span=(o, o + len(word)),
                    sentence_span=(text.rfind(".", 0, s) + 1, text.find(".", o) + 1),
                )
            )
    graph = FactGraph(ts, texts={d.id: d.full_text})
    for seed in range(40):
        subs = list(CONDITIONAL.sample(graph, random.Random(seed)))
        # only the pairs with Париж single out Иван Петров (Пётр Сидоров shares the rest);
        # old: three of the six pairs were tried, all three without Париж now and then
        assert subs, seed
        for sub in subs:
            assert sub.answer_ids == ("PERSON:ip",)
            assert "PLACE_OF_DEATH" in {f.relation for f in sub.facts}
            assert len({s for f in sub.facts for s in f.sentences}) == 2


def test_a_set_member_inside_another_is_merged_not_the_set_dropped() -> None:
    d = doc("s", "Глава Рособрнадзора Иван Петров выступил. Глава Иван Петров, профессор, ушёл.")
    ts = [
        fact(d, "Иван Петров", "WORKS_AS", "глава Рособрнадзора", ("PERSON", "PROFESSION"),
             ("Иван", "Глава"), ("PERSON:ip", "PROFESSION:g1")),
        fact(d, "Иван Петров", "WORKS_AS", "глава", ("PERSON", "PROFESSION"),
             ("Иван Петров, п", "Глава Иван"), ("PERSON:ip", "PROFESSION:g2")),
        fact(d, "Иван Петров", "WORKS_AS", "профессор", ("PERSON", "PROFESSION"),
             ("Иван Петров, п", "профессор"), ("PERSON:ip", "PROFESSION:p")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={d.id: d.full_text})
    subs = list(SET.sample(graph, random.Random(0)))
    # old: «глава» lies inside «глава Рособрнадзора», and the whole set was dropped
    assert [sub.answers for sub in subs] == [("глава Рособрнадзора", "профессор")]


def test_holders_of_a_role_are_read_across_documents() -> None:
    a = doc("a", "Министр обороны Иван Петров прибыл.")
    b = doc("b", "Министр обороны Пётр Сидоров уехал.")
    ts = [
        fact(a, "Иван Петров", "WORKS_AS", "министр обороны", ("PERSON", "PROFESSION"),
             ("Иван", "Министр"), ("PERSON:ip", "PROFESSION:министр обороны @a")),
        fact(b, "Пётр Сидоров", "WORKS_AS", "министр обороны", ("PERSON", "PROFESSION"),
             ("Пётр", "Министр"), ("PERSON:ps", "PROFESSION:министр обороны @b")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={a.id: a.full_text, b.id: b.full_text})
    first = next(f for f in graph.all_facts if f.subject_id == "PERSON:ip")
    # the role's id is its document's own; who else holds it is read off its name
    assert graph.subject_ids("WORKS_AS", first.object_id) == {"PERSON:ip"}
    assert graph.holders(first) == {"PERSON:ip", "PERSON:ps"}


def test_a_place_shows_its_kind_over_bare_location_mentions() -> None:
    d = doc("p", "Иван Петров работает в Твери. Пётр Сидоров родился в городе Твери.")
    ts = [
        fact(d, "Иван Петров", "WORKPLACE", "Тверь", ("PERSON", "LOCATION"), ("Иван", "Твери"),
             ("PERSON:ip", "LOCATION:t")),
        fact(d, "Пётр Сидоров", "PLACE_OF_BIRTH", "Тверь", ("PERSON", "CITY"),
             ("Пётр", "Твери."), ("PERSON:ps", "LOCATION:t")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={d.id: d.full_text})
    assert graph.entities["LOCATION:t"].type == "CITY"  # old: LOCATION, one mention of two
    assert {f.object_type for f in graph.all_facts} == {"CITY"}


def test_no_bridge_is_described_by_the_country_it_works_in() -> None:
    d = doc("w", "Иван Петров представляет Испанию. Ивану Петрову 36 лет.")
    ts = [
        fact(d, "Иван Петров", "WORKPLACE", "Испания", ("PERSON", "COUNTRY"),
             ("Иван Петров п", "Испанию"), ("PERSON:ip", "LOCATION:es")),
        fact(d, "Иван Петров", "AGE_IS", "36 лет", ("PERSON", "AGE"), ("Ивану", "36 лет"),
             ("PERSON:ip", "AGE:36")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={d.id: d.full_text})
    for seed in range(8):
        # «Сколько лет человеку, который представляет Испанию?»: the texts name many such
        assert not [s for s in MULTI_HOP.sample(graph, random.Random(seed))], seed


def test_a_founder_is_no_answer_to_what_a_founder_does() -> None:
    d = doc("f", "Сооснователь группы «Ленинград» Игорь Вдовин выступил.")
    ts = [
        fact(d, "«Ленинград»", "FOUNDED_BY", "Игорь Вдовин", ("ORGANIZATION", "PERSON"),
             ("«Ленинград»", "Игорь"), ("ORGANIZATION:l", "PERSON:iv")),
        fact(d, "Игорь Вдовин", "WORKS_AS", "сооснователь", ("PERSON", "PROFESSION"),
             ("Игорь", "Сооснователь"), ("PERSON:iv", "PROFESSION:s")),
    ]  # fmt: skip
    graph = FactGraph(ts, texts={d.id: d.full_text})
    role = next(f for f in graph.facts if f.relation == "WORKS_AS")
    # old: «Кто по профессии основатель «Ленинграда»? — сооснователь»
    assert not graph.answerable(role, "object")
