"""The offline RAG baseline on the real CRAG sample: it abstains rather than guess, so its
truthfulness without a judge is not below the refusal floor (0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_bench.crag.answerers import REFUSAL, RagPipelineAnswerer
from dragon_bench.crag.data import read_examples
from dragon_bench.crag.scoring import read_predictions, score_predictions
from dragon_bench.crag.tasks import TASKS, run_task
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.types import Document


def _score(crag_sample: Path, tmp_path: Path, answerer: RagPipelineAnswerer) -> dict:
    examples = read_examples(crag_sample)
    out = tmp_path / f"{answerer.strategy}-{answerer.min_confidence}.jsonl"
    run_task(examples, answerer, TASKS[1], out, cache_dir=tmp_path / "pages")
    preds = read_predictions(out)
    for ex in examples:  # never the question itself
        assert preds[ex.interaction_id].strip().lower() != ex.query.strip().lower()
    return score_predictions(examples, preds)


@pytest.mark.slow
def test_baseline_scores_at_least_zero_on_the_sample(crag_sample: Path, tmp_path: Path) -> None:
    report = _score(crag_sample, tmp_path, RagPipelineAnswerer(PipelineConfig()))
    assert report["n"] == 9  # one record's answer is "nan"
    assert report["score"] >= 0.0
    assert report["accuracy"] >= report["hallucination"]
    # the earlier behaviour (never abstain) scores -1: the check above can fail
    before = RagPipelineAnswerer(PipelineConfig(), strategy="sentence", min_confidence=0.0)
    assert _score(crag_sample, tmp_path, before)["score"] < 0.0


def test_answerer_answers_when_confident_and_refuses_otherwise() -> None:
    answerer = RagPipelineAnswerer(PipelineConfig(top_k=2))
    docs = [
        Document("a", "Новым губернатором Тверской области назначен Игорь Руденя.", title="Указ"),
        Document("b", "В субботу в Мурманске ожидается снег.", title="Погода"),
        Document("c", "Центробанк установил курс доллара на уровне 90 рублей.", title="Курс"),
        Document("d", "Фестиваль уличной еды прошёл в Казани в субботу.", title="Фестиваль"),
    ]
    assert answerer("Кто назначен губернатором Тверской области?", docs) == "Игорь Руденя"
    assert answerer("Who won the Masters in 2019?", docs) == REFUSAL
    assert answerer("Кто назначен губернатором?", []) == REFUSAL
    with pytest.raises(ValueError, match="strategy"):
        RagPipelineAnswerer(PipelineConfig(), strategy="nope")("Кто?", docs)
