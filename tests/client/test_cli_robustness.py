"""`dragon submit` and `dragon run` on the QA findings: a malformed portal URL and a malformed
results file are refused locally (exit 2, nothing sent); a second run reuses the answers an
earlier run of the same revision and pipeline left in --out (QA 3.5, 4)."""

from __future__ import annotations

import json
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.hub import QUESTIONS, write_hub
from tests.plugins.dragon_main import Outcome
from tests.plugins.http_thread import serve_http

Dragon = Callable[..., Outcome]


class _Counting(BaseHTTPRequestHandler):
    """A portal stand-in that only counts what reaches it."""

    hits: list[str] = []

    def do_POST(self) -> None:  # noqa: N802
        self.hits.append(self.path)
        self.send_response(500)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize("portal", ["not-a-url", "localhost:8000", "ftp://host/", "http://"])
def test_submit_refuses_a_malformed_portal_url_at_once(
    portal: str, tmp_path: Path, dragon_main: Dragon
) -> None:
    results = tmp_path / "r.json"
    results.write_text(json.dumps({"0": {"found_ids": [11], "model_answer": "a"}}))
    for extra in ([], ["--check"]):  # --check must not read the "URL" as a hub folder either
        code, _, err = dragon_main(
            "submit", str(results), "--portal", portal, "--token", "t", *extra
        )
        assert code == 2
        assert err.strip() == (
            f"error: portal {portal!r} is not an http(s) URL, e.g. https://host:8000"
        )


def test_submit_checks_the_results_form_before_sending(tmp_path: Path, dragon_main: Dragon) -> None:
    """String question ids are refused by the evaluator's own parser (as `dragon evaluate`
    refuses them), without --check and without a request to the portal."""
    results = tmp_path / "strid.json"
    entry = {"found_ids": [11], "model_answer": "a"}
    results.write_text(json.dumps({"zero": entry, "1": {**entry, "found_ids": ["7"]}}))
    _Counting.hits = []
    with serve_http(_Counting) as server:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        code, _, err = dragon_main("submit", str(results), "--portal", url, "--token", "t")
    assert code == 2 and _Counting.hits == []
    assert err.strip() == (
        f"error: {results}: results have 2 problems: key 'zero' is not a question id; "
        "question 1: found_ids[0] = '7' is not an integer"
    )


def test_run_after_a_limited_run_reuses_its_answers(tmp_path: Path, dragon_main: Dragon) -> None:
    hub = tmp_path / "hub"
    write_hub(hub)
    out = tmp_path / "results.json"

    def run(*extra: str) -> dict[str, object]:
        done = dragon_main("run", "--hub", str(hub), "--out", str(out), "--format", "json", *extra)
        assert done.code == 0, done.err
        summary: dict[str, object] = json.loads(done.out)
        return summary

    first = run("--limit", "1")
    assert (first["answered"], first["resumed"]) == (1, 0)
    assert set(json.loads(out.read_text())) == {"0"}
    second = run()
    assert (second["answered"], second["resumed"]) == (len(QUESTIONS), 1)
    full = json.loads(out.read_text())
    assert set(full) == {"0", "1"}
    # a limited run after a full one keeps the other answers in the file
    assert run("--limit", "1")["resumed"] == 1 and json.loads(out.read_text()) == full
    # another pipeline's answers are not reused
    config = tmp_path / "p.yaml"
    config.write_text("reranker: none\ntop_k: 2\n")
    assert run("--pipeline", str(config))["resumed"] == 0


def test_run_refuses_a_negative_limit(tmp_path: Path, dragon_main: Dragon) -> None:
    write_hub(tmp_path / "hub")
    out = tmp_path / "r.json"
    code, _, err = dragon_main(
        "run", "--hub", str(tmp_path / "hub"), "--out", str(out), "--limit", "-5"
    )
    words = " ".join(err.replace("│", " ").split())
    assert code == 2 and "--limit" in words and "greater than or equal to 0" in words
    assert not out.exists()


def test_write_results_leaves_no_temporary_file_when_the_rename_fails(tmp_path: Path) -> None:
    from dragon_bench.client.run import write_results

    folder = tmp_path / "taken"
    (folder / "inside").mkdir(parents=True)  # a non-empty folder where the file should go
    with pytest.raises(OSError):
        write_results({"0": {"found_ids": [], "model_answer": ""}}, folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_an_interrupted_run_of_another_revision_lends_no_answers(
    tmp_path: Path, dragon_main: Dragon
) -> None:
    """A checkpoint left by a run of 1.0.0 is resumed by 1.0.0 and ignored by 1.1.0."""
    from dragon_bench.client import load
    from dragon_bench.client.baseline import run_identity
    from dragon_bench.client.run import checkpoint_path
    from dragon_bench.rag import PipelineConfig

    hub = tmp_path / "hub"
    write_hub(hub, "1.0.0")
    write_hub(hub, "1.1.0")
    out = tmp_path / "r.json"
    old = run_identity(load(hub=str(hub), version="1.0.0"), PipelineConfig())
    planted = {"id": "0", "found_ids": [42], "model_answer": "planted by 1.0.0"}
    checkpoint_path(out, old).write_text(json.dumps(planted, ensure_ascii=False) + "\n")

    def run(version: str) -> dict[str, Any]:
        args = ["run", "--hub", str(hub), "--version", version, "--out", str(out)]
        code, stdout, stderr = dragon_main(*args, "--format", "json")
        assert code == 0, stderr
        return json.loads(stdout.strip().splitlines()[-1])

    assert run("1.1.0")["resumed"] == 0
    assert json.loads(out.read_text())["0"]["model_answer"] != "planted by 1.0.0"
    assert run("1.0.0")["resumed"] == 1
    assert json.loads(out.read_text())["0"]["model_answer"] == "planted by 1.0.0"
