"""validate() mirrors the portal's checks; submit() speaks POST /submit/create to a real server."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.client import Revision, submission_config, submit, validate
from dragon_bench.errors import BadInputError, DragonError

REV = Revision("1.0.0", {11: "a", 42: "b", 7: "c"}, {0: "q0?", 1: "q1?", 2: "q2?"})


def test_validate_errors_and_warnings() -> None:
    good = {
        "0": {"found_ids": [11, 42], "model_answer": "ответ"},
        "1": {"found_ids": [], "model_answer": ""},
    }
    report = validate(good, REV)
    assert report.ok and report.n_answers == 2
    text = " | ".join(report.warnings)
    assert "1 question(s) unanswered: 2" in text and "empty model_answer in questions: 1" in text
    bad = {"0": {"found_ids": ["11"], "model_answer": 3}, "9": {}, "x": {}}
    with pytest.raises(BadInputError) as info:
        validate(bad, REV)
    msg = str(info.value)
    assert "not question ids: 'x'" in msg and "not in version 1.0.0: 9" in msg
    assert "found_ids not a list of integer text ids in questions: 0" in msg
    assert "model_answer not a string in questions: 0" in msg
    assert not validate({}, REV, strict=False).ok


def test_validate_applies_the_evaluators_parser() -> None:
    # dragon_bench.metrics.parse_results refuses text ids that are not public or repeated,
    # which the upload itself accepts: validate reports them before the evaluation fails
    pytest.importorskip("dragon_bench.metrics.results")
    report = validate({"0": {"found_ids": [99, 11, 11], "model_answer": "а"}}, REV, strict=False)
    assert not report.ok
    assert "found_ids[0] = 99 is not a text id" in report.errors[-1]
    assert "found_ids[2] = 11 is a duplicate" in report.errors[-1]


@dataclass
class _Received:
    posts: list[dict[str, Any]] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)


def _parse_multipart(
    body: bytes, ctype: str
) -> tuple[dict[str, str], dict[str, tuple[str, bytes]]]:
    from email.parser import BytesParser
    from email.policy import HTTP

    msg = BytesParser(policy=HTTP).parsebytes(f"Content-Type: {ctype}\r\n\r\n".encode() + body)
    fields: dict[str, str] = {}
    files: dict[str, tuple[str, bytes]] = {}
    for part in msg.iter_parts():
        name = part.get_param("name", header="content-disposition")
        filename = part.get_filename()
        payload = part.get_payload(decode=True) or b""
        if filename is not None:
            files[str(name)] = (filename, payload)
        else:
            fields[str(name)] = payload.decode()
    return fields, files


@pytest.fixture
def portal() -> Iterator[tuple[str, _Received]]:
    got = _Received()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers["Content-Length"]))
            fields, files = _parse_multipart(body, self.headers["Content-Type"])
            got.posts.append({"path": self.path, "fields": fields, "files": files})
            status = got.statuses.pop(0) if got.statuses else 200
            if self.path != "/submit/create":
                status = 404
            elif fields.get("token") != "secret":
                status = 401
            payload = (
                {"id": fields["submit_id"]} if status == 200 else {"detail": f"status {status}"}
            )
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", got
    server.shutdown()
    server.server_close()


def test_submit_sends_the_dragon_fields(portal: tuple[str, _Received], tmp_path: Path) -> None:
    url, got = portal
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"0": {"found_ids": [11], "model_answer": "a"}}))
    config = submission_config(
        model_name="baseline", retriever_type="bm25", retrieval_config={"top_k": 5}
    )
    sid = submit(results, url, "secret", version="1.0.0", config=config)
    post = got.posts[-1]
    fields, files = post["fields"], post["files"]
    assert sid == fields["submit_id"] and post["path"] == "/submit/create"
    assert fields["version"] == "1.0.0" and fields["token"] == "secret"
    assert fields["filename"] == "results.json"
    sent = json.loads(fields["config"])
    assert sent["model_name"] == "baseline" and sent["retrieval_config"] == {"top_k": 5}
    assert {"user_guid", "is_auto", "embedding_model", "retriever_type"} <= set(sent)
    # one file part, named after the file's path like the published rag-bench client
    assert list(files) == [str(results)]
    assert json.loads(files[str(results)][1]) == {"0": {"found_ids": [11], "model_answer": "a"}}


def test_submit_retries_5xx_and_reports_refusals(
    portal: tuple[str, _Received], tmp_path: Path
) -> None:
    url, got = portal
    results = tmp_path / "r.json"
    results.write_text("{}")
    got.statuses = [503, 429]
    sid = submit(results, url, "secret", backoff=0.01)
    assert len(got.posts) == 3 and len({p["fields"]["submit_id"] for p in got.posts}) == 1
    assert sid == got.posts[-1]["fields"]["submit_id"]
    with pytest.raises(DragonError, match="refused the token"):
        submit(results, url, "wrong", backoff=0.01)
    got.statuses = [422]
    with pytest.raises(BadInputError, match="rejected the submission .422.: status 422"):
        submit(results, url, "secret", backoff=0.01)
    got.statuses = [500, 409]  # the first attempt landed but its answer was lost
    assert submit(results, url, "secret", submit_id="abc", backoff=0.01) == "abc"
    with pytest.raises(DragonError, match="after 2 attempts"):
        submit(results, "http://127.0.0.1:9", "secret", retries=1, backoff=0.01, timeout=2)


def test_dragon_submit_command(portal: tuple[str, _Received], tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from dragon_bench.cli import app

    url, got = portal
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"0": {"found_ids": [11], "model_answer": "a"}}))
    args = ["submit", str(results), "--portal", url, "--token", "secret"]
    out = CliRunner().invoke(
        app,
        [
            *args,
            "--model-name",
            "my-rag",
            "--retriever-type",
            "bm25",
            "--top-k",
            "5",
            "--format",
            "json",
        ],
    )
    assert out.exit_code == 0, out.output
    reply = json.loads(out.stdout.strip().splitlines()[-1])
    fields = got.posts[-1]["fields"]
    assert reply["id"] == fields["submit_id"] and fields["version"] == ""
    config = json.loads(fields["config"])
    assert config["model_name"] == "my-rag" and config["retrieval_config"] == {"top_k": 5}
