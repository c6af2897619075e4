"""Question-side quantity, session 6 (issue #15): the LLM prewarm samples the graph the
selection samples, and the samplers' phrasings are carried to phrasing, not found twice."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from typing import Any

from dragon_bench.engine.local import LocalEngine
from dragon_bench.engine.stages import question_warmup_stage
from dragon_bench.questions.sampling import question_graph
from dragon_bench.questions.shapes import iter_subgraphs
from dragon_bench.types import Triple
from tests.questions.helpers import doc, fact

PD = ("PERSON", "DATE")
PC = ("PERSON", "CITY")


class _Recorder:
    """Records the subgraphs the prewarm hands to the model (no call is made)."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def map(self, fn: Callable[[Any], int], items: Iterable[Any], **_: Any) -> list[int]:
        self.seen.extend(items)
        return []


def test_the_llm_prewarm_samples_only_facts_the_selection_may_ask() -> None:
    a = doc("a", "Фёдор Ивлин родился в Ржеве. Фёдор Ивлин умер 6 марта 2019 года.")
    b = doc("b", "Игнат Сомов родился в Твери. Игнат Сомов умер 2 мая 2011 года.")
    sure = [
        fact(a, "Фёдор Ивлин", "PLACE_OF_BIRTH", "Ржев", PC,
             ("Фёдор Ивлин родился", "Ржеве"), ("PERSON:fi", "CITY:rz")),
        fact(a, "Фёдор Ивлин", "DATE_OF_DEATH", "6 марта 2019 года", PD,
             ("Фёдор Ивлин умер", "6 марта 2019 года"), ("PERSON:fi", "DATE:d1")),
    ]  # fmt: skip
    unsure = [
        fact(b, "Игнат Сомов", "PLACE_OF_BIRTH", "Тверь", PC,
             ("Игнат Сомов родился", "Твери"), ("PERSON:is", "CITY:tv")),
        fact(b, "Игнат Сомов", "DATE_OF_DEATH", "2 мая 2011 года", PD,
             ("Игнат Сомов умер", "2 мая 2011 года"), ("PERSON:is", "DATE:d2")),
    ]  # fmt: skip
    triples = [dataclasses.replace(t, confidence=0.95) for t in sure]
    triples += [dataclasses.replace(t, confidence=0.3) for t in unsure]  # below the threshold
    recorder = _Recorder()
    question_warmup_stage(
        LocalEngine(1),
        triples,
        [a, b],
        llm_settings=None,
        per_type=5,
        llm=recorder,  # type: ignore[arg-type]
    )
    asked = {f.subject_id for sub in recorder.seen for f in sub.facts}
    assert recorder.seen and asked == {"PERSON:fi"}, asked
    # in the order the selection visits them
    graph = question_graph(triples, {d.id: d.full_text for d in (a, b)})
    simple = [s.key for s in iter_subgraphs(graph, "simple", random.Random("0:simple"))]
    assert [s.key for s in recorder.seen if s.type == "simple"] == simple[: len(simple)]


def _bridged() -> tuple[list[Any], list[Triple]]:
    a = doc("a", "Фёдор Ивлин родился 3 января 1930 года. Фёдор Ивлин жил в Ржеве.")
    b = doc("b", "Фёдор Ивлин умер 6 марта 2019 года в Твери. Его похоронили на родине.")
    ts = [
        fact(a, "Фёдор Ивлин", "DATE_OF_BIRTH", "3 января 1930 года", PD,
             ("Фёдор Ивлин родился", "3 января 1930 года"), ("PERSON:fi", "DATE:b")),
        fact(b, "Фёдор Ивлин", "PLACE_OF_DEATH", "Тверь", PC,
             ("Фёдор Ивлин умер", "Твери"), ("PERSON:fi", "CITY:tv")),
    ]  # fmt: skip
    return [a, b], ts


def test_sampled_chains_carry_their_phrasings() -> None:
    docs, ts = _bridged()
    graph = question_graph(ts, {d.id: d.full_text for d in docs})
    subs = list(iter_subgraphs(graph, "multi_hop", random.Random(0)))
    assert subs and all(s.phrasings for s in subs), subs
    assert any("3 января 1930 года" in text for s in subs for _, text in s.phrasings)
