"""The LLM judge against a real OpenAI-protocol HTTP server on 127.0.0.1 with scripted replies."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dragon_bench.llm import LLMClient, LLMError
from dragon_bench.metrics import Gold, evaluate, parse_results
from dragon_bench.metrics.judge import Judge
from dragon_bench.metrics.refusal import is_refusal
from dragon_bench.metrics.signature import parse_signature
from dragon_bench.types import Question


def _gold() -> Gold:
    qs = [
        Question(0, "Где прошёл фестиваль?", "На Головинских прудах", "simple", ("a",)),
        Question(1, "Кто выступил?", "Иванов", "simple", ("b",)),
        Question(2, "Какие города?", "Москва, Казань", "set", ("a",), ("Москва", "Казань")),
        Question(3, "Когда?", "12 марта 2024 года", "conditional", ("b",)),
        Question(4, "Сколько?", "15 000", "multi_hop", ("a", "b")),
    ]
    return Gold.from_questions(qs, {"a": 7, "b": 9}, "1.0.0")


def _verdict(request: dict[str, Any]) -> str:
    user = request["messages"][-1]["content"]
    if "Казань и Москва" in user:
        return json.dumps({"verdict": "accurate", "reason": "порядок не важен"})
    return json.dumps({"verdict": "incorrect", "reason": "не совпадает"})


def test_refusals_in_russian_and_english() -> None:
    for text in (
        "Не знаю.",
        "Недостаточно данных для ответа.",
        "I don't know",
        "I do not know.",
        "",
        "N/A",
    ):
        assert is_refusal(text), text
    for text in ("Москва", "Unknown Pleasures", "Иванов не знал об этом, но пришёл " + "x " * 40):
        assert not is_refusal(text), text


def test_crag_verdicts_and_truthfulness(llm_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    llm_server.reply = _verdict
    gold = _gold()
    data = {
        "0": {"found_ids": [7], "model_answer": "на головинских прудах"},  # exact match (case)
        "1": {"found_ids": [9], "model_answer": "Петров"},  # the model says incorrect
        "2": {"found_ids": [7], "model_answer": "Казань и Москва"},  # the model says accurate
        "3": {"found_ids": [], "model_answer": "Не знаю"},  # refusal: missing, no call
        # 4 absent: missing
    }
    client = LLMClient(llm_server.settings(tmp_path))
    judge = Judge(client)
    report = evaluate(parse_results(data, gold), gold, judge=judge, resamples=0, workers=1)
    j = report["overall"]["judge"]
    assert j["accuracy"] == pytest.approx(2 / 5)
    assert j["hallucination"] == pytest.approx(1 / 5)
    assert j["missing"] == pytest.approx(2 / 5)
    assert j["truthfulness"] == pytest.approx(2 / 5 - 1 / 5)
    assert (
        len(llm_server.chat_requests()) == 2
    )  # only the two that exact match and refusal could not decide
    first = llm_server.chat_requests()[0]
    assert first["model"] == llm_server.model
    assert "Эталонный ответ" in first["messages"][-1]["content"]
    assert first.get("response_format") == {"type": "json_object"}
    assert parse_signature(report["signature"])["judge"] == llm_server.model
    assert report["judge_model"] == llm_server.model
    # Cached: judging again sends nothing.
    evaluate(
        parse_results(data, gold),
        gold,
        judge=Judge(LLMClient(llm_server.settings(tmp_path))),
        resamples=0,
        workers=1,
    )
    assert len(llm_server.chat_requests()) == 2


def test_bad_replies_are_retried_then_fail(llm_server) -> None:  # type: ignore[no-untyped-def]
    llm_server.queue(
        [
            "вот мой ответ: не JSON",  # unparseable: the client asks for a fix
            json.dumps({"verdict": "maybe"}),  # parsed but invalid: the judge asks again
            json.dumps({"verdict": "accurate"}),
        ]
    )
    judge = Judge(LLMClient(llm_server.settings()), concurrency=1)
    assert judge.judge("Кто?", "Иванов", "Сам Иванов").label == "accurate"
    assert len(llm_server.chat_requests()) == 3
    llm_server.reset()
    llm_server.reply = lambda request: json.dumps({"verdict": "maybe"})
    with pytest.raises(LLMError, match="no usable verdict"):
        Judge(LLMClient(llm_server.settings()), attempts=2).judge("Кто?", "Иванов", "Петров")


def test_rubric_scores(llm_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    llm_server.reply = lambda request: json.dumps(
        {"verdict": "incorrect", "correctness": 1, "completeness": 2, "factual_accuracy": 0}
    )
    gold = _gold()
    data = {"1": {"found_ids": [9], "model_answer": "Петров и Иванов"}}
    judge = Judge(LLMClient(llm_server.settings(tmp_path)), rubric=True)
    report = evaluate(parse_results(data, gold), gold, judge=judge, resamples=50, workers=1)
    row = next(r for r in report["per_question"] if r["id"] == 1)
    assert row["judge"]["correctness"] == 1 and row["judge"]["completeness"] == 2
    assert row["judge"]["factual_accuracy"] == 0
    assert "факт" in llm_server.chat_requests()[0]["messages"][-1]["content"]
    assert parse_signature(report["signature"])["judge"].endswith("+rubric")
    assert set(report["ci"]["overall"]["judge"]) >= {"accuracy", "correctness"}
