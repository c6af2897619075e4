"""The evaluation engine: gold from a hub, itemised bad input, and DRAGON's numbers equal to the
straightforward implementation (rouge-score with a razdel tokenizer, Python loops)."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.metrics import Gold, ResultsError, evaluate, parse_results
from dragon_bench.metrics import texts as texts_module
from dragon_bench.metrics.signature import parse_signature
from dragon_bench.metrics.straightforward import straightforward_report
from dragon_bench.metrics.tokens import razdel_tokens
from tests.metrics.helpers import gold_tables, random_results


@pytest.fixture(scope="module")
def gold() -> Gold:
    qa, texts = gold_tables(120, 40, seed=3)
    return Gold.from_tables(qa, texts, "1.0.0")


def test_gold_from_hub_maps_internal_to_public_ids(tmp_path) -> None:  # type: ignore[no-untyped-def]
    qa, texts = gold_tables(8, 10, seed=1)
    public = {
        "texts": pa.table({"id": texts.column("public_id"), "text": ["t"] * 10}),
        "questions": pa.table({"id": qa.column("id"), "question": qa.column("question")}),
    }
    hub = Hub(str(tmp_path))
    hub.write_revision("1.2.0", public, {"qa": qa, "texts": texts})
    g = Gold.from_hub(hub, "latest")
    assert g.version == "1.2.0" and len(g) == 8
    mapping = dict(
        zip(texts.column("id").to_pylist(), texts.column("public_id").to_pylist(), strict=True)
    )
    first = qa.to_pylist()[0]
    assert g.questions[0].relevant == {mapping[t] for t in first["text_ids"]}
    assert Gold.from_hub(str(tmp_path), "1.2.0").ids == g.ids
    with pytest.raises(BadInputError, match="1.9.0"):
        Gold.from_hub(hub, "1.9.0")


def test_bad_results_are_itemised(gold: Gold) -> None:
    good_id = next(iter(gold.text_ids))
    data = {
        "0": {"found_ids": "17", "model_answer": "a"},
        "1": {"found_ids": [good_id, good_id], "model_answer": "a"},
        "2": {"found_ids": [10**9, "x", True], "model_answer": 5},
        "3": ["not", "an", "object"],
        "4": {"model_answer": "a"},
        "abc": {"found_ids": [], "model_answer": ""},
        "99999": {"found_ids": [], "model_answer": ""},
        "007": {"found_ids": [], "model_answer": ""},
    }
    with pytest.raises(ResultsError) as err:
        parse_results(data, gold)
    problems = err.value.problems
    joined = "\n".join(problems)
    for expected in (
        "question 0: found_ids is a JSON string, not a list",
        f"question 1: found_ids[1] = {good_id} is a duplicate",
        "question 2: found_ids[0] = 1000000000 is not a text id",
        "question 2: found_ids[1] = 'x' is not an integer",
        "question 2: found_ids[2] = True is not an integer",
        "question 2: model_answer is a JSON number, not a string",
        "question 3: value is a JSON array, not an object",
        "question 4: found_ids is absent",
        "key 'abc' is not a question id",
        "key '99999' is not a question id",
        "key '007' is not a question id",
    ):
        assert expected in joined
    assert len(problems) == 11
    assert str(err.value).startswith("results have 11 problems: ")
    assert isinstance(err.value, BadInputError)


@pytest.mark.parametrize(
    "data, message",
    [("{not json", "not JSON"), ("[1, 2]", "JSON array"), (b"\xff\xfe", "UTF-8"), ("null", "null")],
)
def test_results_that_are_not_an_object(gold: Gold, data: object, message: str) -> None:
    with pytest.raises(ResultsError, match=message):
        parse_results(data, gold)


def test_missing_questions_warn_and_score_zero(gold: Gold) -> None:
    only = gold.questions[0]
    data = {str(only.id): {"found_ids": sorted(only.relevant), "model_answer": only.answer}}
    results = parse_results(json.dumps(data), gold)
    assert results.missing == gold.ids[1:]
    assert results.warnings and results.warnings[0].startswith(f"{len(gold) - 1} of {len(gold)}")
    report = evaluate(results, gold, resamples=0, workers=1)
    assert report["n_answered"] == 1
    assert report["overall"]["retrieval"]["hit_rate"] == pytest.approx(1 / len(gold))
    assert report["overall"]["generation"]["exact_match"] == pytest.approx(1 / len(gold))
    assert report["warnings"] == results.warnings
    zero = [row for row in report["per_question"] if not row["answered"]]
    assert all(v == 0 for row in zero for g in ("retrieval", "generation") for v in row[g].values())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_dragon_numbers_equal_the_straightforward_implementation(gold: Gold, seed: int) -> None:
    results = parse_results(random_results(gold, seed), gold)
    want = straightforward_report(results, gold)
    for workers in (1, 2):
        got = evaluate(results, gold, extended=False, resamples=0, workers=workers)
        for scope in ("overall",):
            assert got[scope]["retrieval"] == want[scope]["retrieval"]
            assert got[scope]["generation"] == want[scope]["generation"]
        for t, values in want["by_type"].items():
            assert got["by_type"][t]["retrieval"] == values["retrieval"]
            assert got["by_type"][t]["generation"] == values["generation"]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_equal_to_straightforward_on_random_submissions(seed: int) -> None:
    qa, texts = gold_tables(12, 15, seed=seed)
    g = Gold.from_tables(qa, texts, "1.0.0")
    results = parse_results(random_results(g, seed, drop=0.2), g)
    got = evaluate(results, g, extended=False, resamples=0, workers=1)
    want = straightforward_report(results, g)
    assert {k: got["overall"][k] for k in ("retrieval", "generation")} == want["overall"]


def test_full_report_shape(gold: Gold) -> None:
    results = parse_results(random_results(gold, 5), gold)
    report = evaluate(results, gold, resamples=200, seed=7, workers=1)
    overall = report["overall"]
    assert {"hit_rate", "mrr", "precision", "hit@1", "recall@20", "ndcg@10", "mrr@5"} <= set(
        overall["retrieval"]
    )
    assert {"rouge1", "rougeL", "substr_match", "exact_match", "lemma_f1", "chrf", "set_f1"} <= set(
        overall["generation"]
    )
    assert set(report["by_type"]) == {"simple", "set", "conditional", "multi_hop"}
    for group, values in overall.items():
        for name, value in values.items():
            lo, hi = report["ci"]["overall"][group][name]
            assert lo <= value + 1e-12 and value - 1e-12 <= hi, (group, name)
    sig = parse_signature(report["signature"])
    assert sig["rev"] == "1.0.0" and sig["judge"] == "none" and sig["tok"].startswith("razdel-")
    assert sig["ci"] == "bootstrap-200-seed7"
    again = evaluate(results, gold, resamples=200, seed=7, workers=1)
    assert again["ci"] == report["ci"]  # seeded
    assert len(report["per_question"]) == len(gold)
    json.dumps(report)  # plain JSON types only


def test_references_are_tokenised_once_and_reused(monkeypatch: pytest.MonkeyPatch) -> None:
    qa, texts = gold_tables(30, 20, seed=4)
    fresh = Gold.from_tables(qa, texts, "1.0.0")
    results = parse_results(random_results(fresh, 2), fresh)
    seen: list[str] = []

    def counting(text: str) -> list[str]:
        seen.append(text)
        return razdel_tokens(text)

    monkeypatch.setattr(texts_module, "razdel_tokens", counting)
    first = evaluate(results, fresh, resamples=0, workers=1)
    # Unanswered questions are scored as the empty answer.
    answers = [results.answers[q].model_answer if q in results.answers else "" for q in fresh.ids]
    references = [q.answer for q in fresh.questions]
    elements = [a for q in fresh.questions for a in q.answers if q.type == "set"]
    assert sorted(seen) == sorted(answers + references + elements)
    cached = fresh.cache["references"]
    seen.clear()
    again = evaluate(results, fresh, resamples=0, workers=1)
    assert fresh.cache["references"] is cached
    assert sorted(seen) == sorted(answers)  # only the answers are tokenised again
    assert again["overall"] == first["overall"]


def test_streamed_json_is_the_report_json_and_forked_intervals_are_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`dragon evaluate`'s JSON, written from score columns, is byte for byte json.dumps of the
    report with its per_question rows; the intervals computed in a forked process (with two
    workers and, here, 2,000 questions or more) equal those computed in one."""
    from io import StringIO

    from dragon_bench.metrics import report as report_module
    from dragon_bench.metrics.cli import write_json
    from dragon_bench.metrics.report import evaluate_report

    monkeypatch.setattr(report_module, "_MIN_PARALLEL", 2000)

    qa, texts = gold_tables(2100, 300, seed=9)
    g = Gold.from_tables(qa, texts, "1.0.0")
    results = parse_results(random_results(g, 4, drop=0.2), g)
    one = evaluate(results, g, resamples=50, seed=3, workers=1)
    report, rows = evaluate_report(results, g, resamples=50, seed=3, workers=2)
    assert report["ci"] == one["ci"]
    out = StringIO()
    write_json(report, rows, out)
    assert out.getvalue() == json.dumps(one, ensure_ascii=False)
    assert sum(1 for row in one["per_question"] if not row["answered"]) > 300
    empty = StringIO()
    write_json(report, None, empty)
    assert empty.getvalue() == json.dumps(report, ensure_ascii=False)


def test_streamed_json_with_judge_verdicts() -> None:
    """Rows with a judge's verdicts (and integer judge scores) are written by json itself."""
    from io import StringIO

    import numpy as np

    from dragon_bench.metrics.cli import write_json
    from dragon_bench.metrics.judge import Verdict
    from dragon_bench.metrics.report import evaluate_report

    class FakeJudge:
        model = "fake"
        rubric = False

        def __init__(self) -> None:
            self.verdicts: list[Verdict | None] = []

        def names(self) -> tuple[str, ...]:
            return ("accuracy", "missing")

        def score(self, questions, references, answers, answered):  # type: ignore[no-untyped-def]
            self.verdicts = [
                Verdict("accurate", "llm", reason="ok") if a else None for a in answered
            ]
            return {
                "accuracy": np.array([1.0 if a else 0.0 for a in answered]),
                "missing": np.array([0 if a else 1 for a in answered], dtype=np.int64),
            }

    qa, texts = gold_tables(40, 20, seed=2)
    g = Gold.from_tables(qa, texts, "1.0.0")
    results = parse_results(random_results(g, 1), g)
    want = evaluate(results, g, judge=FakeJudge(), resamples=20, workers=1)
    assert "verdict" in want["per_question"][0]
    report, rows = evaluate_report(results, g, judge=FakeJudge(), resamples=20, workers=1)
    out = StringIO()
    write_json(report, rows, out)
    assert out.getvalue() == json.dumps(want, ensure_ascii=False)


def test_rows_json_from_columns_of_few_and_many_values_is_json_dumps() -> None:
    """Score columns of few distinct values are written from one text per value: the same
    characters as json.dumps of the rows (oracle), -0.0 and tiny or huge floats included."""
    import numpy as np

    from dragon_bench.metrics.report import Details

    rng = np.random.default_rng(4)
    n = 300
    few = rng.choice([0.0, 1.0, 1 / 3, 2 / 3, 1e-300, 1e17], size=n)
    signed = rng.choice([0.0, -0.0, 0.5], size=n)
    groups = {
        "retrieval": {"hit": few, "signed": signed, "one": np.full(n, 0.25)},
        "generation": {"many": rng.random(n), "ten%": rng.choice(rng.random(10), size=n)},
    }
    rows = Details(list(range(n)), ["simple", "set"] * (n // 2), rng.random(n) < 0.8, groups)
    for size in (7, 10_000):
        got = ", ".join(rows.json_chunks(size=size))
        assert got == json.dumps(rows.rows(), ensure_ascii=False)[1:-1]
    assert "-0.0" in got and "1e-300" in got and "1e+17" in got


def test_threads_evaluating_at_once_get_their_own_intervals(gold: Gold) -> None:
    # The portal's worker and its reference job evaluate in threads of one process: the
    # bootstrap's shared state once was one dict, cleared by whichever call ended first
    # (KeyError in the other, seen in `dragon demo`'s portal step).
    import threading

    runs = [parse_results(random_results(gold, seed), gold) for seed in range(4)]
    want = [evaluate(r, gold, details=False, resamples=60, workers=1)["ci"] for r in runs]
    got: dict[tuple[int, int], object] = {}
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            for rep in range(6):
                report = evaluate(runs[k], gold, details=False, resamples=60, workers=1)
                got[k, rep] = report["ci"]
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(got[k, rep] == want[k] for k in range(4) for rep in range(6))


def test_a_second_process_only_for_large_inputs_on_an_idle_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two scoring processes from MIN_PARALLEL questions when a core is idle beside ours; one on
    a busy machine, one core or below MIN_PARALLEL; the variable wins."""
    import os

    from dragon_bench.metrics import scoring

    monkeypatch.delenv("DRAGON_METRICS_WORKERS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    big = scoring.MIN_PARALLEL
    for idle, want in ((1.0, 2), (0.75, 2), (0.6, 1), (0.0, 1)):
        monkeypatch.setattr(scoring, "idle_cores", lambda idle=idle: idle)
        assert scoring.default_workers(big) == want, idle
        assert scoring.default_workers(big - 1) == 1
    monkeypatch.setattr(scoring, "idle_cores", lambda: 1.0)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert scoring.default_workers(big) == 1
    monkeypatch.setenv("DRAGON_METRICS_WORKERS", "3")
    assert scoring.default_workers(10) == 3


def test_idle_cores_from_the_machine_s_idle_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Idle cores are the idle share of the CPU time since the module loaded (ticks from
    /proc/stat, patched here); a window too short falls back to the load average."""
    import os

    from dragon_bench.metrics import scoring

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (1.5, 1.0, 1.0))
    monkeypatch.setattr(scoring, "_SINCE", (1000, 4000))
    monkeypatch.setattr(scoring, "_cpu_times", lambda: (1050, 4100))  # half the ticks idle
    assert scoring.idle_cores() == 1.0
    monkeypatch.setattr(scoring, "_cpu_times", lambda: (1000, 4100))  # none idle
    assert scoring.idle_cores() == 0.0
    monkeypatch.setattr(scoring, "_cpu_times", lambda: (1005, 4010))  # 10 ticks: too few
    assert scoring.idle_cores() == 2 - 1 - 1.5
    monkeypatch.setattr(scoring, "_cpu_times", lambda: None)
    assert scoring.idle_cores() == 2 - 1 - 1.5
    times = scoring._cpu_times()  # the real file, where there is one
    assert times is None or 0 <= times[0] <= times[1]
