"""A small in-process fake of the Hugging Face Hub HTTP API: what `dragon publish` and the
portal's results publisher call.

Real HTTP on 127.0.0.1; dataset and Space repos hold files, commits and tags in memory.
Endpoints: repos/create, preupload (every file "regular", so content comes inline), commit
(ndjson), tag, refs, paths-info (git blob ids, as the Hub reports them).
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
from urllib.parse import parse_qs

import pytest

from tests.plugins.http_thread import serve_http

__all__ = ["FakeHub", "fake_hf"]


@dataclass
class Repo:
    private: bool = False
    kind: str = "dataset"  # or "space"
    sdk: str | None = None
    files: dict[str, bytes] = field(default_factory=dict)
    commits: list[tuple[str, str, dict[str, bytes]]] = field(default_factory=list)  # oid, msg, tree
    tags: dict[str, str] = field(default_factory=dict)

    def head(self) -> str:
        return self.commits[-1][0] if self.commits else "0" * 40

    def messages(self) -> list[str]:
        return [m for _, m, _ in self.commits]

    def tree(self, tag: str) -> dict[str, bytes]:
        oid = self.tags[tag]
        return next(t for o, _, t in self.commits if o == oid)


@dataclass
class FakeHub:
    url: str = ""
    repos: dict[str, Repo] = field(default_factory=dict)
    tokens: list[str | None] = field(default_factory=list)
    fail_commits: int = 0


_API = re.compile(
    r"^/api/(dataset|space)s/([^/]+/[^/]+)/(preupload|commit|tag|refs|paths-info)(?:/([^/?]+))?"
)


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

        def _repo(self, m: re.Match[str]) -> Repo | None:
            repo = state.repos.get(m[2])
            return repo if repo is not None and repo.kind == m[1] else None

        def _not_found(self) -> None:
            data = json.dumps({"error": "Repository not found"}).encode()
            self.send_response(404)
            self.send_header("Content-Type", "application/json")
            self.send_header("X-Error-Code", "RepoNotFound")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _body(self) -> bytes:
            return self.rfile.read(int(self.headers.get("Content-Length") or 0))

        def do_GET(self) -> None:
            m = _API.match(self.path)
            if not m or m[3] != "refs" or self._repo(m) is None:
                return self._not_found()
            repo = state.repos[m[2]]

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
                kind = req.get("type")
                if kind not in ("dataset", "space"):
                    return self._send(400, {"error": "only datasets and Spaces here"})
                if kind == "space" and not req.get("sdk"):
                    return self._send(400, {"error": "a Space needs an sdk"})
                if repo_id in state.repos:
                    return self._send(
                        409,
                        {
                            "error": f"You already created this {kind} repo",
                            "url": f"{state.url}/{kind}s/{repo_id}",
                        },
                    )
                state.repos[repo_id] = Repo(
                    private=req.get("visibility") == "private", kind=kind, sdk=req.get("sdk")
                )
                return self._send(200, {"url": f"{state.url}/{kind}s/{repo_id}"})
            m = _API.match(self.path)
            if not m:
                return self._not_found()
            found = self._repo(m)
            if found is None:
                return self._not_found()
            repo = found
            if m[3] == "paths-info":
                wanted = parse_qs(body.decode())["paths"]
                return self._send(
                    200,
                    [
                        {
                            "type": "file",
                            "path": p,
                            "size": len(repo.files[p]),
                            "oid": hashlib.sha1(
                                b"blob %d\0" % len(repo.files[p]) + repo.files[p]
                            ).hexdigest(),
                        }
                        for p in wanted
                        if p in repo.files
                    ],
                )
            if m[3] == "preupload":
                files = json.loads(body)["files"]
                modes = [
                    {"path": f["path"], "uploadMode": "regular", "shouldIgnore": False}
                    for f in files
                ]
                return self._send(200, {"files": modes})
            if m[3] == "commit":
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
                    {"commitUrl": f"{state.url}/{m[1]}s/{m[2]}/commit/{oid}", "commitOid": oid},
                )
            if m[3] == "tag":
                tag = json.loads(body)["tag"]
                if tag in repo.tags:
                    return self._send(409, {"error": "tag exists"})
                target = m[4] or "main"
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
