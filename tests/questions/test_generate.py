"""generate_questions on a hand-made graph and on NEREL gold relations."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.questions import generate_questions
from dragon_bench.questions.filters import SupportIndex, answer_in_question
from dragon_bench.questions.shapes import QUESTION_TYPES
from tests.helpers.corpus import DOCS, TRIPLES


def _by_type(questions):  # type: ignore[no-untyped-def]
    out: dict[str, list] = {}
    for q in questions:
        out.setdefault(q.type, []).append(q)
    return out


def test_four_types_from_a_small_graph() -> None:
    qs = generate_questions(TRIPLES, DOCS, per_type=10, seed=1)
    by = _by_type(qs)
    assert set(by) == set(QUESTION_TYPES)
    assert [q.id for q in qs] == list(range(len(qs)))
    # set: the two awards of Кисляков, in the plural, stored as a list
    sets = {q.answers: q for q in by["set"]}
    awards = sets[("орден Дружбы", "премия «Грэмми»")]
    assert sets[("композитор", "пианист")].question == (
        "Какие профессии и должности у Евгения Кислякова?"
    )
    assert awards.question in ("Какие награды получил Евгений Кисляков?",
                               "Каких наград удостоился Евгений Кисляков?")  # fmt: skip
    # multi-hop through the unnamed bridge «Газпром», described by Мельников's workplace
    # (or through Кисляков or Мельников, the one person of the graph born in Москва or in
    # Ленинград, described by his birth); a bridge and asked fact once, whoever describes it
    hops = {q.question: q for q in by["multi_hop"]}
    gazprom = {h: q for h, q in hops.items() if "Мельников" in h or "Иванов" in h}
    assert len(gazprom) == 1 and {q.answer for q in gazprom.values()} == {"Санкт-Петербург"}, hops
    assert all(h in gazprom or "в Москве" in h and q.answer == "Прага"
               or "в Ленинграде" in h and q.answer == "Газпром"
               for h, q in hops.items()), hops  # fmt: skip
    # conditional: Мельников is the one who works in «Газпроме» and was born in Ленинград;
    # Кисляков the one born in Москва who lives in Прага (each alone one in this graph)
    cond = {q.question: q.answer for q in by["conditional"]}
    assert "Алексей Мельников" in cond.values(), cond
    assert all(
        "Газпром" in c and "Ленинград" in c if a == "Алексей Мельников" else
        a == "Евгений Кисляков" and "Москве" in c and "Праге" in c
        for c, a in cond.items()
    ), cond  # fmt: skip
    # a bare predicate from the parse («назначить директором») is never asked
    assert not any("назначен" in q.question for q in qs)
    for q in qs:
        assert not any(answer_in_question(a, q.question) for a in q.answers), q
        assert q.text_ids and set(q.text_ids) <= {d.id for d in DOCS}
        assert q.template and "{" not in q.question


def test_same_seed_same_questions_and_cap_per_type() -> None:
    a = generate_questions(TRIPLES, DOCS, per_type=2, seed=7)
    b = generate_questions(list(reversed(TRIPLES)), DOCS, per_type=2, seed=7)
    assert [(q.question, q.answers) for q in a] == [(q.question, q.answers) for q in b]
    counts = {t: sum(q.type == t for q in a) for t in QUESTION_TYPES}
    assert max(counts.values()) <= 2
    assert generate_questions(TRIPLES, DOCS, per_type=0) == []


def test_unsupported_answers_are_dropped() -> None:
    # The object «Минск» appears in no source text: its question must not be generated.
    fake = dataclasses.replace(TRIPLES[7], object="Минск", relation="PLACE_RESIDES_IN")
    stats: dict = {}
    qs = generate_questions([fake], DOCS, per_type=5, types=("simple",), stats=stats)
    assert qs == [] and stats["rejected"] == {"unsupported": 1}
    real = generate_questions([TRIPLES[7]], DOCS, per_type=5, types=("simple",))
    assert len(real) == 1 and real[0].answer in ("Прага", "Евгений Кисляков")


def test_support_index_matches_strings_and_lemmas() -> None:
    index = SupportIndex({"a": "Кисляков живёт в Праге.", "b": "Ничего."})
    assert index.supports("Прага", ["a"])  # by lemma
    assert index.supports("в праге", ["a"])  # by string, case folded
    assert not index.supports("Прага", ["b"])
    assert not index.supports("Прага", ["missing"])
    assert index.supports_all(["Прага", "Кисляков"], ["b", "a"])


def test_duplicates_are_removed() -> None:
    twice = TRIPLES + [dataclasses.replace(t, doc_id="n3") for t in TRIPLES if t.doc_id == "n3"]
    qs = generate_questions(twice, DOCS, per_type=50)
    keys = [q.question.lower() for q in qs]
    assert len(keys) == len(set(keys))


def test_bad_arguments() -> None:
    with pytest.raises(BadInputError, match="backend"):
        generate_questions(TRIPLES, DOCS, backend="magic")
    with pytest.raises(BadInputError, match="LLM"):
        generate_questions(TRIPLES, DOCS, backend="llm")


@pytest.mark.slow
def test_nerel_gold_questions_are_supported(nerel_dev: Path) -> None:
    from dragon_bench.kg.nerel import read_gold_folder
    from dragon_bench.questions.gold import gold_triples

    # 60 documents: the first 40 gave 2 conditionals once «Уральская Сталь» stopped declining
    docs, triples = gold_triples(read_gold_folder(nerel_dev)[:60])
    qs = generate_questions(triples, docs, per_type=10, seed=0)
    by = _by_type(qs)
    assert set(by) == set(QUESTION_TYPES) and all(len(v) >= 3 for v in by.values()), by
    index = SupportIndex({d.id: d.full_text for d in docs})
    assert all(index.supports_all(q.answers, q.text_ids) for q in qs)
    assert len({q.question for q in qs}) == len(qs)


def test_roles_verbs_and_adjectives_are_not_entities() -> None:
    from dragon_bench.questions.sampling import FactGraph, is_named

    assert is_named("Евгений Кисляков") and is_named("«Газпром»") and is_named("2019 год")
    assert not is_named("директор") and not is_named("Президент", "PROFESSION")
    base = TRIPLES[7]
    graph = FactGraph(
        [
            dataclasses.replace(base, object="жениться"),
            dataclasses.replace(base, object="британский"),
            dataclasses.replace(base, object="м"),
            dataclasses.replace(base, object="столица"),  # a CITY by type, but no name
            base,
        ]
    )
    assert [f.object for f in graph.facts] == ["Прага"]
    role = dataclasses.replace(base, subject="пианист", subject_type="PROFESSION")
    assert generate_questions([role], DOCS, per_type=5) == []
