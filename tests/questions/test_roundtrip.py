"""The round-trip check reads a question back to the KG facts it asks about."""

from __future__ import annotations

from dragon_bench.questions import generate_questions
from dragon_bench.questions.roundtrip import RoundTrip
from dragon_bench.questions.sampling import FactGraph, Subgraph
from dragon_bench.questions.wording import wording_spread
from tests.helpers.corpus import DOCS, TRIPLES

TEXTS = {d.id: d.full_text for d in DOCS}


def _simple(graph: FactGraph, relation: str, subject: str) -> Subgraph:
    fact = next(f for f in graph.facts if f.relation == relation and f.subject == subject)
    return Subgraph("simple", (fact,), (fact.object,), (fact.object_id,))


def test_a_question_reads_back_to_its_fact() -> None:
    graph = FactGraph(TRIPLES, texts=TEXTS)
    check = RoundTrip(graph)
    born = _simple(graph, "PLACE_OF_BIRTH", "Алексей Мельников")
    assert check.accepts(born, "Где родился Алексей Мельников?")
    assert check.accepts(born, "В каком городе родился Алексей Мельников?")
    # the wrong relation's words, an unnamed subject, a wh-word asking for another kind
    assert not check.accepts(born, "Где работает Алексей Мельников?")
    assert not check.accepts(born, "Где родился он?")
    assert not check.accepts(born, "Когда родился Алексей Мельников?")
    reading = check.read("Где находится штаб-квартира Газпрома?")
    assert "HEADQUARTERED_IN" in reading.relations and reading.kinds


def test_generated_questions_pass_and_the_check_counts() -> None:
    stats: dict = {}
    on = generate_questions(TRIPLES, DOCS, per_type=10, seed=1, stats=stats)
    off = generate_questions(TRIPLES, DOCS, per_type=10, seed=1, roundtrip=False)
    assert on and len(on) <= len(off) and stats["roundtrip"] is True
    assert {q.question for q in on} <= {q.question for q in off}


def test_wording_spread_counts_lemmas_of_content_words() -> None:
    share, word = wording_spread(
        ["Где работает Иван Петров?", "Кем работал Пётр Сидоров?", "Где живёт Анна Ким?"]
    )
    assert (share, word) == (0.6667, "работать")
    assert wording_spread([]) == (0.0, "")
