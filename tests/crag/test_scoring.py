"""CRAG scoring. Expected figures are worked by hand from the formula in the CRAG paper
(score = (2*accurate + missing)/n - 1) for the records in tests/crag/records.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_bench.crag.data import read_examples
from dragon_bench.crag.judge import judge_with_llm
from dragon_bench.crag.scoring import (
    is_refusal,
    read_predictions,
    rule_verdict,
    score_predictions,
    truncate_answer,
)
from dragon_bench.errors import BadInputError
from dragon_bench.llm import LLMClient
from tests.crag import records

PREDS = {
    "q1": "moskva",  # an alternative answer, other case: accurate
    "q2": "That is an invalid question.",  # false premise, both say invalid: accurate
    "q3": "I don't know",  # missing
    "q4": "Moskva, Yauza and Neglinnaya",  # needs the judge
    "q5": "The song was written by Someone",  # needs the judge
    "q6": "whatever",  # no gold answer ("nan"): left out
}


@pytest.fixture
def examples(tmp_path: Path):
    return read_examples(records.write(tmp_path / "crag.jsonl"))


def test_rules_without_judge(examples) -> None:
    report = score_predictions(examples, PREDS)
    # accurate 2 (q1, q2), missing 1 (q3), incorrect 2 (q4, q5), n = 5 (q6 skipped)
    assert report["n"] == 5 and report["n_skipped"] == 1
    assert report["score"] == pytest.approx((2 * 2 + 1) / 5 - 1)
    assert report["accuracy"] == pytest.approx(0.4)
    assert report["hallucination"] == pytest.approx(0.4)
    assert report["missing"] == pytest.approx(0.2)
    assert report["exact_accuracy"] == pytest.approx(0.2)
    assert report["by_domain"]["sports"]["score"] == 1.0
    assert report["by_domain"]["finance"] == {
        "score": 0.0, "accuracy": 0.0, "hallucination": 0.0, "missing": 1.0, "n": 1
    }  # fmt: skip
    assert set(report["by_popularity"]) == {"head", "tail", "torso", "unknown"}
    assert report["by_question_type"]["simple"]["n"] == 2
    assert report["by_static_or_dynamic"]["static"]["hallucination"] == 0.5
    assert report["signature"] == "crag|budget:75|tok:words+punct|judge:none"


def test_judge_decides_the_rest(examples) -> None:
    asked = []

    def judge(items):
        asked.extend(q for q, _, _ in items)
        return [pred.startswith("Moskva") for _, _, pred in items]

    report = score_predictions(examples, PREDS, judge=judge, judge_name="fn")
    assert asked == ["name two moscow rivers", "who wrote the song?"]
    assert report["score"] == pytest.approx((2 * 3 + 1) / 5 - 1)
    assert report["hallucination"] == pytest.approx(0.2)
    assert report["n_judged"] == 2


def test_llm_judge_through_the_client(examples, llm_server, tmp_path: Path) -> None:
    def reply(body):
        content = body["messages"][-1]["content"]
        if "Neglinnaya" in content:
            return '```json\n{"accurate": true, "reason": "same rivers"}\n```'
        return (500, "judge down")

    llm_server.reply = reply
    llm = LLMClient(llm_server.settings(tmp_path, max_retries=0))
    report = score_predictions(examples, PREDS, judge=judge_with_llm(llm), judge_name=llm.model)
    assert report["n_accurate"] == 3 and report["judge_errors"] == 1
    assert report["signature"].endswith("judge:test-model")
    assert all("Reference answers:\n- moskva and yauza" in r["messages"][-1]["content"]
               or "Someone" in r["messages"][-1]["content"] for r in llm_server.requests)  # fmt: skip


def test_always_refusing_scores_zero(crag_sample: Path) -> None:
    examples = read_examples(crag_sample, search_results=False)
    preds = {e.interaction_id: "I don't know." for e in examples}
    report = score_predictions(examples, preds)
    assert report["score"] == 0.0 and report["missing"] == 1.0
    assert report["n"] == 9 and report["n_skipped"] == 1
    russian = score_predictions(examples, {k: "Я не знаю ответа." for k in preds})
    assert russian["score"] == 0.0 and russian["missing"] == 1.0


def test_invalid_rule_and_no_character_iteration() -> None:
    assert rule_verdict("invalid question", ["invalid question"]) == "accurate"
    assert rule_verdict("The premise is invalid", ["Invalid"]) == "accurate"
    # Only one side says invalid: inaccurate without asking a judge.
    assert rule_verdict("invalid question", ["Moscow"]) == "incorrect"
    assert rule_verdict("Moscow", ["invalid question"]) == "incorrect"
    # The published script iterated a ground-truth string character by character, so "m"
    # matched "moscow"; here ground truths are whole answers.
    assert rule_verdict("m", ["moscow"]) is None
    assert rule_verdict("MOSCOW ", ["moscow"]) == "accurate"
    assert rule_verdict("2007 году", ["2007\u00a0году"]) == "accurate"  # no-break space
    assert rule_verdict("Королёв", ["королев"]) == "accurate"


def test_truncation_and_refusals() -> None:
    assert truncate_answer("Hello, world! " * 50, 5) == "Hello, world! Hello"
    long = "word " * 80 + "I don't know"
    assert not is_refusal(truncate_answer(long))
    assert is_refusal("Sorry, I don\u2019t know.") and is_refusal("НЕ ЗНАЮ")
    assert not is_refusal("Knowledge is power")


def test_prediction_file_problems(examples, tmp_path: Path) -> None:
    path = records.write_predictions(tmp_path / "p.jsonl", {"q1": "x"})
    with pytest.raises(BadInputError, match="5 question\\(s\\) have no prediction"):
        score_predictions(examples, read_predictions(path))
    assert score_predictions(examples, read_predictions(path), partial=True)["n"] == 1
    with pytest.raises(BadInputError, match="unknown interaction_id: zz"):
        score_predictions(examples, {**PREDS, "zz": "x"})
    path.write_text(
        '{"interaction_id": "q1", "prediction": "a"}\n{"interaction_id": "q1", "prediction": "b"}\n'
    )
    with pytest.raises(BadInputError, match="p.jsonl:2: interaction_id 'q1' repeats"):
        read_predictions(path)
