"""Tasks 1-3, the resumable runner, the built-in systems and the `dragon crag` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dragon_bench.cli import app
from dragon_bench.crag.answerers import LLMAnswerer, RefusalBaseline, make_answerer
from dragon_bench.crag.data import read_examples
from dragon_bench.crag.kg_api import KGIndex
from dragon_bench.crag.scoring import read_predictions, score_predictions
from dragon_bench.crag.tasks import TASKS, KGClient, LocalKG, run_task, task_documents
from dragon_bench.errors import BadInputError
from dragon_bench.llm import LLMClient
from tests.crag import records
from tests.crag.kg_triples import TRIPLES


class Recorder:
    """Answers "Moscow" and remembers the documents it was given."""

    def __init__(self) -> None:
        self.seen: dict[str, list[str]] = {}

    def __call__(self, query, documents):
        self.seen[query] = [d.id for d in documents]
        return "Moscow"


def _many_pages() -> list[dict]:
    rows = records.records()
    rows[0]["search_results"] = [records.page(f"p{i}") for i in range(7)]
    return rows


def test_tasks_limit_pages(tmp_path: Path) -> None:
    (q1, *_) = read_examples(records.write(tmp_path / "c.jsonl", _many_pages()))
    assert len(task_documents(q1, TASKS[1])) == 5
    assert len(task_documents(q1, TASKS[3])) == 7
    kg = LocalKG(KGIndex(TRIPLES))
    assert len(task_documents(q1, TASKS[1], kg)) == 5  # task 1 ignores the KG


def test_task2_adds_kg_facts_from_a_real_server(tmp_path: Path, kg_url: str) -> None:
    rows = records.records()
    rows[0]["query"] = "кто мэр москвы?"
    (q1, *_) = read_examples(records.write(tmp_path / "c.jsonl", rows))
    docs = task_documents(q1, TASKS[2], KGClient(kg_url))
    assert [d.id for d in docs] == ["q1/0", "q1/kg"]
    assert "Сергей Собянин | мэр | Москва" in docs[-1].text.splitlines()


def test_refusal_run_scores_zero_and_resumes(tmp_path: Path) -> None:
    data = records.write(tmp_path / "c.jsonl")
    out = tmp_path / "p.jsonl"
    first = run_task(read_examples(data), RefusalBaseline(), TASKS[1], out)
    assert (first.answered, first.resumed) == (6, 0)
    report = score_predictions(read_examples(data), read_predictions(out))
    assert report["score"] == 0.0 and report["missing"] == 1.0
    # A torn last line (an interrupted write) is dropped; only what is missing is answered.
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10])
    rec = Recorder()
    again = run_task(read_examples(data), rec, TASKS[1], out)
    assert (again.answered, again.resumed) == (3, 3)
    preds = read_predictions(out)
    assert len(preds) == 6 and preds["q4"] == "Moscow" and preds["q1"] == "I don't know"


def test_concurrent_run_writes_every_answer(tmp_path: Path) -> None:
    import threading
    import time

    active, peak, lock = [0], [0], threading.Lock()

    def slow(query, documents):
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.05)
        with lock:
            active[0] -= 1
        return query.upper()

    data = records.write(tmp_path / "c.jsonl")
    out = tmp_path / "p.jsonl"
    summary = run_task(read_examples(data), slow, TASKS[1], out, concurrency=3)
    assert summary.answered == 6 and 1 < peak[0] <= 3
    preds = read_predictions(out)
    assert preds == {e.interaction_id: e.query.upper() for e in read_examples(data)}


def test_a_failing_system_abstains(tmp_path: Path) -> None:
    def broken(query, documents):
        raise RuntimeError("boom")

    out = tmp_path / "p.jsonl"
    summary = run_task(read_examples(records.write(tmp_path / "c.jsonl")), broken, TASKS[1], out)
    assert summary.failed == 6
    assert set(read_predictions(out).values()) == {"I don't know"}


def test_llm_answerer_sends_pages(tmp_path: Path, llm_server) -> None:
    llm_server.queue(["  Moscow \n"])
    (q1, *_) = read_examples(records.write(tmp_path / "c.jsonl"))
    answer = LLMAnswerer(LLMClient(llm_server.settings(tmp_path)))
    assert answer(q1.query, task_documents(q1, TASKS[1])) == "Moscow"
    prompt = llm_server.requests[0]["messages"][-1]["content"]
    assert "[1] Moscow - facts\n" in prompt and "capital of Russia" in prompt
    assert prompt.endswith("Question: what is the capital of russia?\nAnswer:")
    llm_server.reply = lambda body: (400, "bad request")
    assert answer("another?", []) == "I don't know"


def test_make_answerer_rejects_unknown(tmp_path: Path) -> None:
    assert isinstance(make_answerer("refuse"), RefusalBaseline)
    (tmp_path / "saved").mkdir()
    with pytest.raises(BadInputError, match="must hold pipeline.json"):
        make_answerer(tmp_path / "saved")
    with pytest.raises(BadInputError, match="neither 'refuse'"):
        make_answerer("no-such-thing.yaml")


def test_rag_pipeline_answerer(tmp_path: Path) -> None:
    pytest.importorskip("dragon_bench.rag.pipeline")
    config = tmp_path / "pipeline.yaml"
    config.write_text("retriever: bm25\nreranker: none\ngenerator: extractive\ntop_k: 2\n")
    answer = make_answerer(config)
    (q1, *_) = read_examples(records.write(tmp_path / "c.jsonl"))
    text = answer(q1.query, task_documents(q1, TASKS[1]))
    assert isinstance(text, str) and text.strip()
    assert answer(q1.query, []) == "I don't know"


def test_cli_run_and_score_json(tmp_path: Path) -> None:
    data = records.write(tmp_path / "c.jsonl.bz2")
    out = tmp_path / "p.jsonl"
    runner = CliRunner()
    r = runner.invoke(
        app,
        ["crag", "run", "--task", "3", "--data", str(data), "--out", str(out), "--format", "json"],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answered"] == 6
    details = tmp_path / "d.jsonl"
    r = runner.invoke(
        app,
        ["crag", "score", "--data", str(data), "--predictions", str(out), "--format", "json",
         "--details", str(details)],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert {"score", "accuracy", "hallucination", "missing", "n", "by_domain",
            "by_question_type", "by_static_or_dynamic", "by_popularity"} <= set(report)  # fmt: skip
    assert report["score"] == 0.0 and report["n"] == 5 and "details" not in report
    assert len(details.read_text().splitlines()) == 5


def test_cli_bad_predictions_exit_2(tmp_path: Path) -> None:
    data = records.write(tmp_path / "c.jsonl")
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"interaction_id": "q1"}\n')
    r = subprocess.run(
        [sys.executable, "-m", "dragon_bench", "crag", "score", "--data", str(data),
         "--predictions", str(preds)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert r.returncode == 2
    assert "p.jsonl:1: prediction must be a string" in " ".join(r.stderr.split())
    assert "Traceback" not in r.stderr


def test_cli_task2_with_kg_from_a_hub(tmp_path: Path, tiny_hub, llm_server) -> None:
    import pyarrow as pa

    tables = {name: tiny_hub.read_table("private", "1.0.0", name) for name in ("texts", "qa")}
    tables["kg"] = pa.table(
        {"subject": ["Сергей Собянин"], "relation": ["мэр"], "object": ["Москва"], "doc_id": ["a"]}
    )
    public = {name: tiny_hub.read_table("public", "1.0.0", name) for name in ("texts", "questions")}
    tiny_hub.write_revision("1.1.0", public, tables, parent="1.0.0")
    rows = records.records()[:1]
    rows[0]["query"] = "кто мэр москвы?"
    data = records.write(tmp_path / "c.jsonl", rows)
    llm_server.queue(["Сергей Собянин"])
    env = {
        "DRAGON_LLM_BASE_URL": llm_server.url,
        "DRAGON_LLM_MODEL": "test-model",
        "DRAGON_LLM_CACHE_DIR": "off",
    }
    out = tmp_path / "p.jsonl"
    r = CliRunner().invoke(
        app,
        ["crag", "run", "--task", "2", "--data", str(data), "--kg-hub", tiny_hub.url,
         "--pipeline", "llm", "--out", str(out)],
        env=env,
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    prompt = llm_server.requests[0]["messages"][-1]["content"]
    assert "[2] Knowledge graph\nСергей Собянин | мэр | Москва" in prompt
    assert read_predictions(out) == {"q1": "Сергей Собянин"}


def test_cli_score_with_judge(tmp_path: Path, llm_server) -> None:
    data = records.write(tmp_path / "c.jsonl")
    preds = records.write_predictions(
        tmp_path / "p.jsonl",
        {"q1": "Moscow", "q2": "I don't know", "q3": "the second one", "q4": "Moskva, Yauza",
         "q5": "someone famous", "q6": "x"},
    )  # fmt: skip
    llm_server.reply = lambda body: (
        '{"accurate": true}' if "Moskva, Yauza" in body["messages"][-1]["content"] else
        '{"accurate": false}'
    )  # fmt: skip
    env = {"DRAGON_LLM_BASE_URL": llm_server.url, "DRAGON_LLM_MODEL": "judge-model",
           "DRAGON_LLM_CACHE_DIR": str(tmp_path / "cache")}  # fmt: skip
    args = ["crag", "score", "--data", str(data), "--predictions", str(preds), "--judge",
            "--format", "json"]  # fmt: skip
    r = CliRunner().invoke(app, args, env=env)
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    # accurate: q1 (exact), q4 (judge); missing: q2; hallucinated: q3, q5 (judge said no)
    assert (report["n_accurate"], report["n_missing"], report["n_hallucinated"]) == (2, 1, 2)
    assert report["score"] == pytest.approx((2 * 2 + 1) / 5 - 1)
    assert report["n_judged"] == 3 and report["signature"].endswith("judge:judge-model")
    assert len(llm_server.requests) == 3
    r = CliRunner().invoke(app, args, env=env)  # the judge's verdicts come from the cache
    assert json.loads(r.stdout)["score"] == report["score"] and len(llm_server.requests) == 3
    r = CliRunner().invoke(app, args, env={"DRAGON_LLM_BASE_URL": "", "DRAGON_LLM_MODEL": ""})
    assert r.exit_code != 0 and "needs DRAGON_LLM_BASE_URL" in str(r.exception)
