"""Running a system over questions: results form, failures kept apart, resume after interruption."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_bench.client import run
from dragon_bench.client.run import run_system
from dragon_bench.types import Result

QUESTIONS = {i: f"вопрос номер {i}" for i in range(10)}


def test_run_accepts_several_return_forms(tmp_path: Path) -> None:
    forms = {
        0: ([3, "5", 3], "ответ"),
        1: {"found_ids": [1], "model_answer": "да"},
        2: Result((9,), "нет"),
    }
    questions = {k: f"q{k}" for k in forms}
    by_text = {f"q{k}": v for k, v in forms.items()}
    out = tmp_path / "results.json"
    results = run(lambda q: by_text[q], questions, out=out, progress=False)
    assert results["0"] == {"found_ids": [3, 5], "model_answer": "ответ"}  # ints, deduplicated
    assert results["2"] == {"found_ids": [9], "model_answer": "нет"}
    assert json.loads(out.read_text()) == results
    assert not (tmp_path / "results.json.partial.jsonl").exists()


def test_failures_are_left_out_and_empty_questions_answered() -> None:
    def system(q: str) -> tuple[list[int], str]:
        if q.endswith("3"):
            raise RuntimeError("LLM endpoint unreachable")
        return [1], q

    qs = dict(QUESTIONS)
    qs[4] = "   "
    outcome = run_system(system, qs, progress=False)
    assert set(outcome.failures) == {"3"} and "unreachable" in outcome.failures["3"]
    assert outcome.results["4"] == {"found_ids": [], "model_answer": ""}
    assert len(outcome.results) == 9


def test_interrupted_run_resumes_from_checkpoint(tmp_path: Path) -> None:
    calls: list[str] = []

    def flaky(q: str) -> tuple[list[int], str]:
        if len(calls) == 4:
            raise KeyboardInterrupt
        calls.append(q)
        return [int(q.split()[-1])], q.upper()

    out = tmp_path / "r.json"
    with pytest.raises(KeyboardInterrupt):
        run(flaky, QUESTIONS, out=out, progress=False)
    assert not out.exists()
    assert len((tmp_path / "r.json.partial.jsonl").read_text().splitlines()) == 4
    calls.clear()
    seen: list[str] = []

    def steady(q: str) -> tuple[list[int], str]:
        seen.append(q)
        return [int(q.split()[-1])], q.upper()

    results = run(steady, QUESTIONS, out=out, progress=False)
    assert len(seen) == 6  # only the unanswered questions ran again
    assert results == {
        str(i): {"found_ids": [i], "model_answer": f"ВОПРОС НОМЕР {i}"} for i in range(10)
    }


def test_concurrent_run_gives_same_results() -> None:
    def system(q: str) -> tuple[list[int], str]:
        return [len(q)], q[::-1]

    one = run(system, QUESTIONS, progress=False)
    many = run(system, QUESTIONS, concurrency=4, progress=False)
    assert one == many and len(one) == 10


def test_bad_return_value_names_the_fix() -> None:
    outcome = run_system(lambda q: 42, {0: "x"}, progress=False)
    assert "return (found_ids, answer)" in outcome.failures["0"]
