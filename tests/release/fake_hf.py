"""A small in-process fake of the Hugging Face Hub HTTP API: just what `dragon publish` calls.

Real HTTP on 127.0.0.1; repos hold files, commits and tags in memory. Endpoints: repos/create,
preupload (every file "regular", so content comes inline), commit (ndjson), tag, refs.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from tests.plugins.http_thread import serve_http

__all__ = ["FakeHub", "fake_hf"]


@dataclass
class Repo:
    private: bool = False
    files: dict[str, bytes] = field(default_factory=dict)
    commits: list[tuple[str, str, dict[str, bytes]]] = field(default_factory=list)  # oid, msg, tree
    tags: dict[str, str] = field(default_factory=dict)

    def head(self) -> str:
        return self.commits[-1][0] if self.commits else "0" * 40

    def tree(self, tag: str) -> dict[str, bytes]:
        oid = self.tags[tag]
        return next(t for o, _, t in self.commits if o == oid)


@dataclass
class FakeHub:
    url: str = ""
    repos: dict[str, Repo] = field(default_factory=dict)
    tokens: list[str | None] = field(default_factory=list)
    fail_commits: int = 0


_API = re.compile(r"^/api/datasets/([^/]+/[^/]+)/(preupload|commit|tag|refs)(?:/([^/?]+))?")


def _handler(state: FakeHub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

        def _send(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _body(self) -> bytes:
            return self.rfile.read(int(self.headers.get("Content-Length") or 0))

        def do_GET(self) -> None:
            m = _API.match(self.path)
            if not m or m[2] != "refs" or m[1] not in state.repos:
                return self._send(404, {"error": "Repository not found"})
            repo = state.repos[m[1]]

            def ref(name: str, kind: str, oid: str) -> dict[str, str]:
                return {"name": name, "ref": f"refs/{kind}/{name}", "targetCommit": oid}

            self._send(
                200,
                {
                    "branches": [ref("main", "heads", repo.head())],
                    "converts": [],
                    "tags": [ref(t, "tags", oid) for t, oid in repo.tags.items()],
                },
            )

        def do_POST(self) -> None:
            state.tokens.append(self.headers.get("Authorization"))
            body = self._body()
            if self.path.startswith("/api/repos/create"):
                req = json.loads(body)
                repo_id = f"{req['organization']}/{req['name']}"
                if req.get("type") != "dataset":
                    return self._send(400, {"error": "only datasets here"})
                if repo_id in state.repos:
                    return self._send(
                        409,
                        {
                            "error": "You already created this dataset repo",
                            "url": f"{state.url}/datasets/{repo_id}",
                        },
                    )
                state.repos[repo_id] = Repo(private=req.get("visibility") == "private")
                return self._send(200, {"url": f"{state.url}/datasets/{repo_id}"})
            m = _API.match(self.path)
            if not m or m[1] not in state.repos:
                return self._send(404, {"error": "Repository not found"})
            repo = state.repos[m[1]]
            if m[2] == "preupload":
                files = json.loads(body)["files"]
                modes = [
                    {"path": f["path"], "uploadMode": "regular", "shouldIgnore": False}
                    for f in files
                ]
                return self._send(200, {"files": modes})
            if m[2] == "commit":
                if state.fail_commits:
                    state.fail_commits -= 1
                    return self._send(400, {"error": "commit refused"})
                lines = [json.loads(x) for x in body.splitlines() if x.strip()]
                header = next(x["value"] for x in lines if x["key"] == "header")
                for x in lines:
                    if x["key"] == "file":
                        repo.files[x["value"]["path"]] = base64.b64decode(x["value"]["content"])
                oid = hashlib.sha1(body + repo.head().encode()).hexdigest()
                repo.commits.append((oid, header["summary"], dict(repo.files)))
                return self._send(
                    200,
                    {"commitUrl": f"{state.url}/datasets/{m[1]}/commit/{oid}", "commitOid": oid},
                )
            if m[2] == "tag":
                tag = json.loads(body)["tag"]
                if tag in repo.tags:
                    return self._send(409, {"error": "tag exists"})
                target = m[3] or "main"
                repo.tags[tag] = repo.head() if target == "main" else target
                return self._send(200, {})
            return self._send(404, {"error": "not here"})

    return Handler


@pytest.fixture
def fake_hf() -> Iterator[FakeHub]:
    state = FakeHub()
    with serve_http(_handler(state)) as server:
        state.url = f"http://127.0.0.1:{server.server_address[1]}"
        yield state
