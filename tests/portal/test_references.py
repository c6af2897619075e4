"""Closed-book reference rows (#20 item 5) against the local OpenAI-compatible test server:
each configured model asked every question with no text, resumable chunk by chunk, scored
by the portal's evaluator and shown on the leaderboard as a marked row that is never ranked."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from dragon_bench.hub import Hub
from dragon_bench.llm import LLMClient
from dragon_bench.llm.scripted import ScriptedLLMServer
from dragon_bench.portal.db import Database
from dragon_bench.portal.models import utcnow
from dragon_bench.portal.references.job import ReferenceRuns, reference_clients
from dragon_bench.portal.references.models import ReferenceRun
from dragon_bench.portal.revisions import RevisionCache
from dragon_bench.portal.settings import PortalSettings
from tests.helpers.dated_hub import answer_of, dated_results, write_dated_hub
from tests.helpers.portal import Live
from tests.helpers.reference import ReferenceEvaluator

D = date(2026, 1, 1)
N = 12
DAYS = {"1.0.0": [D + timedelta(i // 4) for i in range(N)], "1.1.0": [D] * N}
KNOWN = {0, 3, 6, 9}  # the questions the scripted model "remembers"


class Memory:
    """Answers a closed-book question right when it is one of KNOWN, else «не знаю»; fails
    with HTTP 500 while `failing` is set; counts the closed-book calls."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.failing = threading.Event()
        self.fail_after: int | None = None
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Any:
        messages = body["messages"]
        assert messages[0]["content"].startswith("Ты отвечаешь на вопросы викторины")
        assert len(messages) == 2  # the question alone: no text, no retrieval
        question = messages[-1]["content"]
        with self._lock:
            if self.fail_after is not None and len(self.asked) >= self.fail_after:
                self.failing.set()
            if self.failing.is_set():
                return (500, {"error": {"message": "overloaded"}})
            self.asked.append(question)
        i = int(question.split()[1].rstrip("?"))
        return answer_of(i) if i in KNOWN else "не знаю"


@pytest.fixture(autouse=True)
def _llm_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DRAGON_LLM_CACHE_DIR", "off")
    monkeypatch.setenv("DRAGON_LLM_MAX_RETRIES", "0")
    monkeypatch.setenv("DRAGON_LLM_TIMEOUT", "5")
    monkeypatch.delenv("DRAGON_LLM_BASE_URL", raising=False)


@pytest.fixture
def memory() -> Memory:
    return Memory()


@pytest.fixture
def server(memory: Memory) -> Any:
    with ScriptedLLMServer(reply=memory, model="memo") as s:
        yield s


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    return write_dated_hub(tmp_path / "hub", DAYS)


def _runs(tmp_path: Path, hub: Hub, server: Any, **overrides: Any) -> ReferenceRuns:
    settings = PortalSettings(
        hub=hub.url,
        db=f"sqlite:///{tmp_path / 'portal.db'}",
        reference_models=f"memo@{server.url}",
        reference_chunk=5,
        **overrides,
    )
    db = Database(settings.db)
    db.migrate()
    return ReferenceRuns(db, ReferenceEvaluator(hub), RevisionCache(hub), settings)


def _states(runs: ReferenceRuns) -> dict[str, tuple[str, int]]:
    with runs.db.read() as s:
        return {r.version: (r.state, len(r.answers)) for r in s.query(ReferenceRun)}


def test_a_run_resumes_after_a_restart_and_asks_each_question_once(
    tmp_path: Path, hub: Hub, server: Any, memory: Memory
) -> None:
    first = _runs(tmp_path, hub, server, reference_last_n=1)
    assert first.run_once()  # one chunk of 1.1.0 (only the newest version: last_n=1)
    assert _states(first) == {"1.1.0": ("pending", 5)}
    # a new process on the same database (the first one is gone) finishes the run
    second = ReferenceRuns(first.db, first.evaluator, RevisionCache(hub), first.settings)
    while second.run_once():
        pass
    assert _states(second) == {"1.1.0": ("done", N)}
    assert sorted(memory.asked) == sorted(f"Вопрос {i}?" for i in range(N))  # none twice
    # a claim left by a stopped process is taken over once its lease has passed
    with second.db.session() as s:
        s.execute(
            update(ReferenceRun).values(
                state="running", claimed_by="gone", claimed_at=utcnow() - timedelta(hours=1)
            )
        )
    assert second.claim() is not None


def test_an_endpoint_failure_keeps_the_answers_and_the_run_is_retried(
    tmp_path: Path, hub: Hub, server: Any, memory: Memory
) -> None:
    runs = _runs(tmp_path, hub, server, reference_last_n=1, reference_retry_seconds=0)
    memory.fail_after = 7  # the second chunk: 2 answered, 3 refused with HTTP 500
    runs.run_once()
    runs.run_once()
    with runs.db.read() as s:
        (run,) = s.query(ReferenceRun).all()
    assert run.state == "failed" and len(run.answers) == 7
    assert "did not answer 3 of 5 questions" in (run.error or "")
    memory.fail_after = None
    memory.failing.clear()
    while runs.run_once():
        pass
    assert _states(runs) == {"1.1.0": ("done", N)}
    assert len(memory.asked) == N  # the 7 kept answers were not asked again


def test_a_model_without_an_endpoint_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from dragon_bench.errors import BadInputError

    with pytest.raises(
        BadInputError, match="REFERENCE_MODELS: closed-book model 'memo' needs a base URL"
    ):
        reference_clients(PortalSettings(reference_models="memo"))
    assert reference_clients(PortalSettings()) == {}
    clients = reference_clients(
        PortalSettings(reference_models="a@http://127.0.0.1:9/v1,b@http://127.0.0.1:9/v1")
    )
    assert list(clients) == ["a", "b"] and all(isinstance(c, LLMClient) for c in clients.values())


def _board(live: Live, query: str, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        board: dict[str, Any] = live.http.get("/api/v1/leaderboard?" + query).json()
        if until(board) or time.monotonic() > deadline:
            return board
        time.sleep(0.1)


def test_reference_rows_on_the_leaderboard(
    make_live: Callable[..., Live], server: Any, memory: Memory
) -> None:
    live = make_live(reference_models=f"memo@{server.url}", reference_chunk=5, fresh_min_slice=4)
    live.submit(dated_results(N, set(range(8))), submit_id="p1", version="1.0.0",
                config={"model_name": "participant"})  # fmt: skip
    live.wait("p1")
    live.http.post("/api/v1/admin/submissions/p1/approve", headers=live.auth("admin"))
    board = _board(live, "version=1.0.0&cutoff=2026-01-01", lambda b: bool(b["references"]))
    (ref,) = board["references"]
    # the reference evaluator's metrics by hand: no text found (retrieval 0); a known answer
    # is the gold itself (substr and exact match 1), «не знаю» 0
    share = len(KNOWN) / N
    assert ref["retrieval"] == 0.0 and ref["generation"] == pytest.approx(share, abs=1e-6)
    assert ref["total"] == pytest.approx(share / 2, abs=1e-6)
    assert ref["reference"] == {"kind": "closed_book", "model": "memo", "from_memory": 4,
                                "n_questions": N, "share": pytest.approx(share, abs=1e-6)}  # fmt: skip
    assert ref["rank"] is None and ref["retriever_type"] == "none (closed-book)"
    # the cutoff's slice (Jan 2-3: questions 4-11) scores the reference row too: 6 and 9 known
    assert ref["cutoff_total"] == pytest.approx((2 / 8) / 2, abs=1e-6)
    # the participant's ranking does not count the reference
    assert [(r["model_name"], r["rank"]) for r in board["rows"]] == [("participant", 1)]
    # the answers (some are the gold answers) never reach the public board
    text = live.http.get("/api/v1/leaderboard?version=1.0.0").text
    assert "ответ номер" not in text
    # every configured model and revision gets its run; actual versions average them
    actual = _board(
        live, "mode=actual&last_n=2", lambda b: len(b["references"][0]["versions"]) == 2
    )
    assert actual["references"][0]["versions"] == ["1.0.0", "1.1.0"]
    assert actual["references"][0]["reference"]["n_questions"] == 2 * N
    assert [s["model_name"] for s in actual["trends"]["references"]] == ["memo"]
    runs = live.http.get("/api/v1/admin/references", headers=live.auth("admin")).json()
    assert runs["models"] == ["memo"]
    assert {(r["version"], r["state"], r["answered"]) for r in runs["items"]} == {
        ("1.0.0", "done", N), ("1.1.0", "done", N)}  # fmt: skip
    assert (
        live.http.get("/api/v1/admin/references", headers=live.auth("participant")).status_code
        == 403
    )
    # the admin page lists the runs
    live.http.post("/login", data={"token": live.tokens["admin"], "next": "/admin"})
    admin_page = live.http.get("/admin").text
    live.http.cookies.clear()
    assert "Closed-book reference runs" in admin_page and "Models memo asked" in admin_page
    assert admin_page.count("<td>memo</td>") == 2 and f"{N} / {N}" in admin_page
    # the results file the Space reads holds participants only
    gradio = live.http.get("/api/v1/leaderboard/gradio.json").json()
    names = {rec["model_name"] for v in gradio["items"].values() for rec in v.values()}
    assert names == {"participant"}


def test_two_processes_share_the_runs_and_ask_each_question_once(
    tmp_path: Path, hub: Hub, server: Any, memory: Memory
) -> None:
    """Two job loops on one database (as two portal processes): compare-and-set claims, so
    every question of both revisions is asked exactly once and both runs finish."""
    first = _runs(tmp_path, hub, server)
    second = ReferenceRuns(first.db, first.evaluator, RevisionCache(hub), first.settings)
    second.ensure_runs()

    def drive(job: ReferenceRuns) -> None:
        idle = 0
        while idle < 3:
            idle = 0 if job.run_once() else idle + 1

    threads = [threading.Thread(target=drive, args=(job,)) for job in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert _states(first) == {"1.0.0": ("done", N), "1.1.0": ("done", N)}
    assert len(memory.asked) == 2 * N and sorted(set(memory.asked)) == sorted(
        f"Вопрос {i}?" for i in range(N)
    )


def test_dragon_admin_reference_runs_lists_and_restarts(
    tmp_path: Path, hub: Hub, server: Any, memory: Memory
) -> None:
    import json

    from typer.testing import CliRunner

    from dragon_bench.cli import app

    runs = _runs(tmp_path, hub, server, reference_last_n=1)
    while runs.run_once():
        pass
    runner = CliRunner()
    db = runs.settings.db
    listed = runner.invoke(app, ["admin", "reference-runs", "--db", db, "--format", "json"])
    assert listed.exit_code == 0, listed.output
    (row,) = json.loads(listed.stdout)
    assert (row["model"], row["version"], row["state"], row["answered"], row["from_memory"]) == (
        "memo", "1.1.0", "done", N, len(KNOWN))  # fmt: skip
    bad = runner.invoke(app, ["admin", "reference-runs", "--db", db, "--rerun", "nope"])
    assert bad.exit_code != 0 and "--rerun 'nope': no reference run" in str(bad.exception)
    again = runner.invoke(app, ["admin", "reference-runs", "--db", db, "--rerun", "memo",
                                "--version", "1.1.0", "--format", "json"])  # fmt: skip
    assert again.exit_code == 0 and json.loads(again.stdout) == []
    while runs.run_once():
        pass
    assert _states(runs) == {"1.1.0": ("done", N)} and len(memory.asked) == 2 * N
