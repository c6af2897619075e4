"""`dragon build` on the LLM path against the scripted server (the demo's stand-in model):
the screens, their records in the private half, the usage report, the dry run, and a build
killed mid-way that resumes without repeating a call."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.hub import Hub
from dragon_bench.llm.demo import StandInModel
from dragon_bench.llm.scripted import ScriptedLLMServer

ROOT = Path(__file__).resolve().parents[2]
DOCS = read_documents(builtin_corpus_path())[:10]


def write_corpus(path: Path) -> Path:
    with path.open("w", encoding="utf-8") as f:
        for d in DOCS:
            f.write(json.dumps({"id": d.id, "title": d.title, "text": d.text}, ensure_ascii=False))
            f.write("\n")
    return path


def env_for(server: ScriptedLLMServer, tmp: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DRAGON_LLM_BASE_URL": server.url,
        "DRAGON_LLM_MODEL": "stand-in",
        "DRAGON_LLM_CACHE_DIR": str(tmp / "cache"),
        "DRAGON_LLM_CONCURRENCY": "4",
        "DRAGON_LLM_TIMEOUT": "60",
    }


BUILD = [
    "--backend", "llm", "--questions-per-type", "3",
    "--closed-book-models", "stand-in", "--closed-book-judge", "--question-judge",
]  # fmt: skip


def dragon(args: list[str], env: dict[str, str], **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        **kw,
    )


@pytest.fixture(scope="module")
def stand_in() -> StandInModel:
    return StandInModel(memory=DOCS[::3])


def test_build_screens_questions_and_records_them(stand_in: StandInModel, tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "news.jsonl")
    with ScriptedLLMServer(reply=stand_in, model="stand-in") as server:
        env = env_for(server, tmp_path)
        hub = tmp_path / "hub"
        done = dragon(
            ["build", "--corpus", str(corpus), "--hub", str(hub), *BUILD, "--format", "json"], env
        )
        assert done.returncode == 0, done.stderr[-2000:]
        report = json.loads(done.stdout)
    hub_ = Hub(str(hub))
    manifest = hub_.read_manifest("private", "1.0.0")
    screening = manifest["screening"]
    book = screening["closed_book"]["models"]["stand-in"]
    candidates = hub_.read_table("private", "1.0.0", "candidates").to_pylist()
    qa = hub_.read_table("private", "1.0.0", "qa").to_pylist()
    # exactly the candidates whose closed-book answer the metrics (or the judge) call correct
    dropped = [c for c in candidates if c["outcome"] == "closed_book"]
    assert [c["question"] for c in dropped] == [
        c["question"] for c in candidates if any(a["correct"] for a in c["closed_book"])
    ]
    assert book["dropped"] == len(dropped) and book["asked"] == screening["screened"]
    kept = {c["question"]: c["question_id"] for c in candidates if c["outcome"] == "kept"}
    assert sorted(kept.values()) == sorted(q["id"] for q in qa)
    assert all(c["judge"] is not None for c in candidates if c["outcome"] in ("kept", "judge"))
    assert not any(q["question"] in {c["question"] for c in dropped} for q in qa)
    usage = manifest["llm_usage"]
    assert {"kg", "closed_book", "question_judge"} <= set(usage)
    assert usage["kg"]["calls"] > 0 and usage["kg"]["prompt_tokens"] > 0
    assert report["llm"]["closed_book"]["calls"] == usage["closed_book"]["calls"]


def test_dry_run_estimates_without_a_call(stand_in: StandInModel, tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "news.jsonl")
    with ScriptedLLMServer(reply=stand_in, model="stand-in") as server:
        env = env_for(server, tmp_path)
        args = ["build", "--corpus", str(corpus), "--hub", str(tmp_path / "hub"), "--dry-run"]
        done = dragon(args + BUILD + ["--question-backend", "llm", "--format", "json"], env)
        assert done.returncode == 0, done.stderr[-2000:]
        assert server.requests == []
    estimate = json.loads(done.stdout)
    assert set(estimate["stages"]) == {"kg", "questions", "closed_book", "question_judge"}
    assert estimate["documents"] == len(DOCS)
    assert estimate["per_1000_documents"]["calls"] > estimate["total"]["calls"]
    assert not (tmp_path / "hub").exists()


@pytest.mark.slow
def test_killed_llm_build_resumes_without_repeating_a_call(
    stand_in: StandInModel, tmp_path: Path
) -> None:
    corpus = write_corpus(tmp_path / "news.jsonl")
    answered: list[str] = []
    gate = threading.Event()
    lock = threading.Lock()
    limit = 12

    def first_run(body: dict[str, Any]) -> str:
        with lock:
            held = len(answered) >= limit
            if not held:
                answered.append(json.dumps(body, sort_keys=True, ensure_ascii=False))
        if held:
            gate.wait(60)  # held until the build is killed
            return "не знаю"
        return stand_in(body)

    args = ["build", "--corpus", str(corpus), "--hub", str(tmp_path / "hub"), *BUILD]
    with ScriptedLLMServer(reply=first_run, model="stand-in") as server:
        env = env_for(server, tmp_path)
        proc = subprocess.Popen(
            [sys.executable, "-m", "dragon_bench", *args],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        cache = tmp_path / "cache"
        deadline = time.monotonic() + 120
        # wait until every answered call is in the disk cache, then kill the build
        while len(list(cache.rglob("*.json"))) < limit and time.monotonic() < deadline:
            assert proc.poll() is None, "the build ended before it was killed"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        gate.set()
    assert len(answered) == limit and len(list(cache.rglob("*.json"))) == limit

    with ScriptedLLMServer(reply=stand_in, model="stand-in") as server:
        done = dragon(args, env_for(server, tmp_path))
        assert done.returncode == 0, done.stderr[-2000:]
        again = [json.dumps(b, sort_keys=True, ensure_ascii=False) for b in server.requests]
    assert again, "the resumed build made the calls the killed one had not"
    assert not set(answered) & set(again)  # no answered call is asked again
    assert len(set(again)) == len(again)  # and none twice
    assert Hub(str(tmp_path / "hub")).versions() == ["1.0.0"]


def test_template_questions_kept_and_flagged_with_closed_book_keep(
    llm_server: ScriptedLLMServer, tmp_path: Path
) -> None:
    """The screens need no LLM backend: template questions, precomputed triples."""
    from dragon_bench.release.build import build_revision
    from dragon_bench.screening.screen import screening_from_options
    from tests.helpers.corpus import DOCS as SMALL
    from tests.helpers.corpus import TRIPLES

    plain = build_revision(SMALL, tmp_path / "plain", triples=TRIPLES, per_type=3, seed=0)
    qa = Hub(str(tmp_path / "plain")).read_table("private", plain.version, "qa").to_pylist()
    known = {q["question"]: q["answer"] for q in qa[::2]}  # the model knows every other one

    def reply(body: dict[str, Any]) -> str:
        return known.get(body["messages"][-1]["content"], "не знаю")

    llm_server.reply = reply
    screening = screening_from_options(
        closed_book_models="memory", closed_book="keep", settings=llm_server.settings(tmp_path)
    )
    made = build_revision(
        SMALL, tmp_path / "hub", triples=TRIPLES, per_type=3, seed=0, screening=screening
    )
    hub = Hub(str(tmp_path / "hub"))
    rows = hub.read_table("private", made.version, "qa").to_pylist()
    flagged = {r["question"] for r in rows if r["flags"] == ["closed_book:memory"]}
    assert flagged and flagged == {r["question"] for r in rows} & set(known)
    assert all(r["flags"] == [] for r in rows if r["question"] not in flagged)
    book = hub.read_manifest("private", made.version)["screening"]["closed_book"]
    assert book["models"]["memory"]["correct"] == len(flagged)
    assert book["models"]["memory"]["dropped"] == 0 and book["mode"] == "keep"
    assert made.summary()["llm"]["closed_book"]["calls"] == len(llm_server.requests)


def test_llm_phrasing_runs_concurrently_and_is_counted(
    llm_server: ScriptedLLMServer, tmp_path: Path
) -> None:
    from dragon_bench.llm import LLMClient
    from dragon_bench.release.build import build_revision
    from tests.helpers.corpus import DOCS as SMALL
    from tests.helpers.corpus import TRIPLES

    active = peak = 0
    lock = threading.Lock()

    def reply(body: dict[str, Any]) -> str:
        nonlocal active, peak
        with lock:
            active += 1
            peak = max(peak, active)
        time.sleep(0.05)
        with lock:
            active -= 1
        return json.dumps({"question": f"Вопрос {len(json.dumps(body))} о новости"})

    llm_server.reply = reply
    llm = LLMClient(llm_server.settings(tmp_path, concurrency=4))
    made = build_revision(
        SMALL, tmp_path / "hub", triples=TRIPLES, per_type=2, question_backend="llm", llm=llm
    )
    usage = made.summary()["llm"]["questions"]
    assert peak > 1  # the warm-up phrased several candidates at once
    assert usage["calls"] == len(llm_server.requests) > 0
    assert usage["cache_hits"] > 0  # the selection read the warm-up's replies
    assert usage["wall_s"] > 0


def test_llm_build_survives_a_429_storm_and_counts_skipped_replies(
    stand_in: StandInModel, tmp_path: Path
) -> None:
    """The first 15 calls get 429 with Retry-After; one document's chunk gets prose twice
    (reply and fix request): the build completes, the retries, fixes and the failure counted."""
    from dragon_bench.llm import LLMClient
    from dragon_bench.release.build import build_revision

    seen = 0
    lock = threading.Lock()
    broken = DOCS[1].title

    def reply(body: dict[str, Any]) -> Any:
        nonlocal seen
        with lock:
            seen += 1
            n = seen
        if n <= 15:
            return (429, {"error": {"message": "slow down"}}, {"Retry-After": "0.05"})
        messages = body["messages"]
        task = messages[5]["content"] if len(messages) > 5 else ""  # extraction's own text
        if "Выпиши" in task and broken in task:
            return "Извините, не могу."
        return stand_in(body)

    with ScriptedLLMServer(reply=reply, model="stand-in") as server:
        llm = LLMClient(server.settings(tmp_path, concurrency=4, max_retries=8))
        made = build_revision(DOCS, str(tmp_path / "hub"), kg_backend="llm", llm=llm, per_type=2)
    kg = made.summary()["llm"]["kg"]
    assert kg["retries"] >= 15 and kg["fixes"] == 1 and kg["failures"] == 1
    assert made.triples > 0 and Hub(str(tmp_path / "hub")).versions() == ["1.0.0"]
