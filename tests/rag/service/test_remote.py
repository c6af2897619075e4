"""Real uvicorn servers on 127.0.0.1: RemotePipeline against a service, and one service serving
another's pipelines over loopback, with timeouts and unreachable services."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.remote import RemotePipeline, RemotePipelineError
from dragon_bench.rag.service import RagServer, create_app, free_port
from dragon_bench.rag.trec_answer import check_answer
from tests.helpers.service_hub import QUESTIONS, TEXTS


@pytest.fixture(scope="module")
def server(registry: Any, revision: Any) -> Iterator[RagServer]:
    app = create_app(registry, version=revision.version, texts=len(revision.texts))
    with RagServer(app) as s:
        yield s


@pytest.fixture()
def silent_server() -> Iterator[str]:
    """A socket that accepts connections and never answers (a hung pipeline)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        sock.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(sock.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    stop.set()
    thread.join(2)
    for conn in held:
        conn.close()
    sock.close()


def test_remote_pipeline_matches_the_local_pipeline(server: RagServer, registry: Any) -> None:
    with RemotePipeline(server.url) as remote:
        assert remote.health()["pipelines"] == ["baseline", "short"]
        assert [p["name"] for p in remote.pipelines()] == ["baseline", "short"]
        got = remote.answer("0", QUESTIONS[0])
        reply = remote.rag(QUESTIONS[0], qid="0")
    # the same answer computed in process by the Pipeline itself (no HTTP)
    local = registry.pipelines["baseline"].pipeline.answer("0", QUESTIONS[0])
    assert got == local
    assert got.found_ids[0] == 11 and got.to_trec() == local.to_trec()
    assert reply.pipeline == "baseline" and reply.trec == local.to_trec()
    assert reply.cited_segments()["11"] in TEXTS[11]


def test_remote_pipeline_stages_and_choice(server: RagServer) -> None:
    remote = RemotePipeline(server.url + "/v1/rag?pipeline=short")
    assert remote.url == server.url and remote.pipeline == "short"
    found = remote.search(QUESTIONS[1], k=3)
    assert found[0].docid == "42" and len(found) <= 3
    reranked = remote.rerank(QUESTIONS[1], list(reversed(found)))
    assert {c.docid for c in reranked} == {c.docid for c in found}
    gen = remote.generate(QUESTIONS[1], found)
    assert gen.answer.references == ("42",) and gen.answer.run_id == "short"
    others = [Candidate(str(i), 1.0, TEXTS[i]) for i in (7, 3)]
    with_candidates = remote.rag(QUESTIONS[1], qid="7", candidates=others)
    assert with_candidates.answer.references[0] in ("7", "3")
    assert with_candidates.answer.qid == "7"
    remote.close()


def test_concurrent_requests_to_two_pipelines(server: RagServer) -> None:
    from concurrent.futures import ThreadPoolExecutor

    def ask(i: int) -> tuple[str, dict[str, Any]]:
        name = ("baseline", "short")[i % 2]
        q = {"query": {"qid": str(i % 2), "text": QUESTIONS[i % 2]}}
        r = httpx.post(f"{server.url}/v1/rag?pipeline={name}", json=q, timeout=60)
        assert r.status_code == 200, r.text
        return name, r.json()

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(ask, range(16)))
    for name in ("baseline", "short"):
        same = [a for n, a in answers if n == name]
        assert len(same) == 8 and all(a == same[0] for a in same)


def test_dragon_rag_ask(server: RagServer) -> None:
    from typer.testing import CliRunner

    from dragon_bench.cli import app

    runner = CliRunner()
    args = ["rag", "ask", server.url, QUESTIONS[1], "--pipeline", "short", "--qid", "1"]
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    trec = json.loads(result.stdout)
    assert trec["run_id"] == "short" and trec["references"] == ["42"] and "dragon" not in trec
    table = runner.invoke(app, args)
    assert table.exit_code == 0 and "Зенит  [42]" in table.stdout
    assert "42: Футбольный клуб «Зенит»" in table.stdout


def test_remote_errors_name_the_pipeline(server: RagServer) -> None:
    with pytest.raises(RemotePipelineError) as info:
        RemotePipeline(server.url, pipeline="nope").answer("0", QUESTIONS[0])
    assert info.value.status == 404 and "no pipeline named 'nope'" in str(info.value)
    with pytest.raises(RemotePipelineError) as info:
        RemotePipeline(f"http://127.0.0.1:{free_port()}", timeout=2).answer("0", "вопрос")
    assert info.value.status is None and "cannot reach remote pipeline" in str(info.value)


def test_service_serving_a_remote_pipeline(
    server: RagServer, revision: Any, silent_server: str
) -> None:
    from dataclasses import replace

    from dragon_bench.rag.registry import build_registry, parse_spec

    specs = [
        parse_spec(f"upstream={server.url}"),
        parse_spec(f"upstream-short={server.url}?pipeline=short"),
        replace(parse_spec(f"hung={silent_server}"), timeout=0.5),
        parse_spec(f"gone=http://127.0.0.1:{free_port()}"),
    ]
    registry = build_registry(specs, None, timeout=30)
    listed = registry.describe()
    assert listed[1] == {
        "name": "upstream-short",
        "kind": "remote",
        "url": f"{server.url}?pipeline=short",
        "pipeline": "short",
        "default": False,
    }
    with RagServer(create_app(registry, timeout=10)) as front:
        q = {"query": {"qid": "0", "text": QUESTIONS[0]}}
        direct = httpx.post(server.url + "/v1/rag", json=q).json()
        via = httpx.post(front.url + "/v1/rag", json=q)
        assert via.status_code == 200 and via.json() == direct
        short = httpx.post(front.url + "/v1/rag?pipeline=upstream-short", json=q).json()
        assert short["run_id"] == "short" and check_answer(short) == []
        found = httpx.post(front.url + "/v1/search", json={"query": "Яндекс Казань", "k": 1})
        assert found.json()["candidates"][0]["docid"] == "7"

        hung = httpx.post(front.url + "/v1/rag?pipeline=hung", json=q, timeout=30)
        assert hung.status_code == 504
        assert hung.json()["pipeline"] == "hung"
        assert "did not answer /v1/rag within 0.5 s" in hung.json()["error"]

        gone = httpx.post(front.url + "/v1/rag?pipeline=gone", json=q, timeout=30)
        assert gone.status_code == 502 and "cannot reach" in gone.json()["error"]

        # the upstream's own 4xx comes back as a 4xx naming the upstream pipeline
        bad = httpx.post(front.url + "/v1/generate?pipeline=upstream", json={"query": "x"})
        assert bad.status_code == 422
    registry.close()


@pytest.mark.slow
def test_dragon_rag_serve_command(hub_dir: Path, short_config: Path, tmp_path: Path) -> None:
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "dragon_bench",
        "rag-serve",
        "--hub",
        str(hub_dir),
        "--pipeline",
        "baseline",
        "--pipeline",
        f"tiny={short_config}",
        "--port",
        str(port),
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, proc.communicate()[1].decode()
            assert time.monotonic() < deadline, "dragon rag-serve did not start"
            time.sleep(0.2)
        assert httpx.get(url + "/healthz").json()["pipelines"] == ["baseline", "tiny"]
        r = httpx.post(
            url + "/v1/rag?pipeline=tiny", json={"query": {"qid": "1", "text": QUESTIONS[1]}}
        )
        assert r.status_code == 200 and r.json()["references"] == ["42"]
    finally:
        proc.terminate()
        proc.wait(30)


def test_dragon_rag_serve_bad_pipeline_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from dragon_bench.cli import main

    missing = str(tmp_path / "no.yaml")
    monkeypatch.setattr(sys, "argv", ["dragon", "rag-serve", "--pipeline", missing])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    message = " ".join(capsys.readouterr().err.split())
    assert "neither 'baseline', an http(s) URL nor an existing config file" in message
    assert "Traceback" not in message


def test_remote_pipeline_reads_a_ragnarok_envelope() -> None:
    """A server shaped like Ragnarök's (`POST /v1/generate` answering a castorini.cli.v1
    envelope with the TREC answer in `artifacts[0].data`) also works as a remote pipeline."""
    from fastapi import FastAPI
    from fastapi.responses import JSONResponse

    fake = FastAPI()

    @fake.post("/v1/generate")
    def generate(payload: dict[str, Any]) -> JSONResponse:
        if not payload.get("candidates"):
            errors = [{"code": "validation_error", "message": "candidates are required"}]
            return JSONResponse({"status": "validation_error", "errors": errors}, 400)
        record = {
            "run_id": "ragnarok",
            "topic_id": payload["query"]["qid"],
            "topic": payload["query"]["text"],
            "references": [c["docid"] for c in payload["candidates"]],
            "response_length": 2,
            "answer": [{"text": "Зенит победил.", "citations": [0]}],
        }
        artifacts = [{"name": "generation-results", "kind": "data", "data": [record]}]
        return JSONResponse({"schema_version": "castorini.cli.v1", "artifacts": artifacts})

    with RagServer(fake) as server:
        remote = RemotePipeline(server.url + "/v1/generate")
        assert remote.url == server.url and remote.rag_path == "/v1/generate"
        reply = remote.rag("Кто победил?", qid="5", candidates=[Candidate("42", 1.0, TEXTS[42])])
        assert reply.answer.references == ("42",) and reply.answer.model_answer == "Зенит победил."
        assert reply.trec["run_id"] == "ragnarok" and check_answer(reply.trec) == []
        with pytest.raises(RemotePipelineError) as info:
            remote.rag("Кто победил?")
        assert info.value.status == 400 and str(info.value).endswith("candidates are required")
        remote.close()
