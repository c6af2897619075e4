"""Answering many questions at once (`Pipeline.answer_many`, `run_system` in batches and
worker processes) gives exactly the answers of one question at a time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dragon_bench.client.run import run_system
from dragon_bench.corpus import read_documents
from dragon_bench.rag import analysis
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.hops import plan_hops
from dragon_bench.rag.pipeline import Pipeline

# Questions of every shape the baseline meets: types, relative clauses (a second hop),
# several answers, English, empty, and one no text answers.
QUESTIONS = [
    "Кто является президентом России?",
    "Где родился Барак Обама?",
    "Какие компании упоминаются в новостях?",
    "Кто возглавляет организацию, которая провела выборы?",
    "Когда состоялись выборы?",
    "Сколько человек погибло?",
    "Кем работает Дмитрий Медведев?",
    "В какой стране находится город, где прошёл саммит?",
    "Who is the president of the United States?",
    "   ",
    "Почему небо голубое?",
]


@pytest.fixture(scope="module")
def pipeline(nerel_dev: Path) -> Pipeline:
    docs = read_documents(nerel_dev)[:40]
    return Pipeline.build({str(i): d.full_text for i, d in enumerate(docs)}, PipelineConfig())


def _one_at_a_time(pipeline: Pipeline, items: list[tuple[str, str]]) -> list[Any]:
    analysis._ANALYSED.clear()
    return [pipeline.answer(k, q) for k, q in items]


def test_answer_many_equals_answer(pipeline: Pipeline) -> None:
    items = [(str(i), q) for i, q in enumerate(QUESTIONS)]
    want = _one_at_a_time(pipeline, items)
    analysis._ANALYSED.clear()
    got = pipeline.answer_many(items)
    assert got == want
    assert sum(bool(a.model_answer) for a in got) >= 8
    firsts = [(q, pipeline.rerank(q, pipeline.search(q))[:5]) for q in QUESTIONS if q.strip()]
    assert pipeline.config.hops == 2 and any(plan_hops(firsts))  # a second hop was taken


@pytest.mark.parametrize("processes", [1, 2])
def test_run_in_batches_equals_one_at_a_time(pipeline: Pipeline, processes: int) -> None:
    items = [(str(i), q) for i, q in enumerate(QUESTIONS * 3)]
    analysis._ANALYSED.clear()
    single = run_system(lambda q: pipeline(q), items, progress=False)
    analysis._ANALYSED.clear()
    batched = run_system(pipeline, items, progress=False, batch=4, processes=processes)
    assert batched.results == single.results
    assert batched.empty == single.empty == ["9", "20", "31"]


def test_a_failing_question_does_not_lose_its_batch() -> None:
    class Flaky:
        def answer_many(self, items: list[tuple[str, str]]) -> list[tuple[list[int], str]]:
            if any("плохой" in q for _, q in items):
                if len(items) > 1:
                    raise RuntimeError("batch failed")
                raise ValueError("bad question")
            return [([1], q.upper()) for _, q in items]

        def __call__(self, question: str) -> tuple[list[int], str]:
            return self.answer_many([("", question)])[0]

    items = [("0", "а"), ("1", "плохой"), ("2", "б"), ("3", "в")]
    out = run_system(Flaky(), items, progress=False, batch=2)
    assert out.results == {
        "0": {"found_ids": [1], "model_answer": "А"},
        "2": {"found_ids": [1], "model_answer": "Б"},
        "3": {"found_ids": [1], "model_answer": "В"},
    }
    assert out.failures == {"1": "ValueError: bad question"}
