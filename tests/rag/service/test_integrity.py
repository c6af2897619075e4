"""Issue #13 item 7 for the RAG service on a live server: non-finite candidate scores are 422
naming the field, and request bodies over the size limit (1 MiB by default) are 413."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from dragon_bench.rag.service import MAX_REQUEST_BYTES, RagServer, create_app


@pytest.fixture(scope="module")
def live(registry: Any, revision: Any) -> Iterator[RagServer]:
    with RagServer(create_app(registry, version=revision.version)) as server:
        yield server


def _body(score: str) -> bytes:
    return (
        '{"query": {"qid": "q", "text": "Где Барак Обама купил дом?"}, "candidates": '
        '[{"docid": "11", "score": ' + score + ', "doc": {"segment": "Барак Обама купил дом."}}]}'
    ).encode()


@pytest.mark.parametrize("path", ["/v1/rerank", "/v1/rag", "/v1/generate"])
@pytest.mark.parametrize("score", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_non_finite_scores_are_422(live: RagServer, path: str, score: str) -> None:
    r = httpx.post(
        live.url + path, content=_body(score), headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 422, r.text
    assert "candidates.0.score" in r.json()["error"]
    ok = httpx.post(
        live.url + path, content=_body("0.5"), headers={"Content-Type": "application/json"}
    )
    assert ok.status_code == 200, ok.text


def test_hostile_json_is_4xx(live: RagServer) -> None:
    for body in (_body("1" * 5000), b'{"query": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"):
        r = httpx.post(
            live.url + "/v1/rag", content=body, headers={"Content-Type": "application/json"}
        )
        assert 400 <= r.status_code < 500, (r.status_code, r.text[:200])


def test_request_size_limit(live: RagServer) -> None:
    assert MAX_REQUEST_BYTES == 1024 * 1024
    huge = {"query": {"qid": "q", "text": "дом " * (10 * 1024 * 1024 // 4)}}
    for path in ("/v1/search", "/v1/rag", "/v1/rerank"):
        r = httpx.post(live.url + path, json=huge, timeout=60)
        assert r.status_code == 413, (path, r.status_code)
        assert str(MAX_REQUEST_BYTES) in r.json()["error"]
        assert len(r.content) < 1000  # nothing echoed back

    # Without a Content-Length (chunked), the body is counted as it arrives.
    def chunks() -> Iterator[bytes]:
        yield b'{"query": {"qid": "q", "text": "'
        for _ in range(40):
            yield b"x" * 65536
        yield b'"}}'

    r = httpx.post(
        live.url + "/v1/search", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413
    just_under = {"query": {"qid": "q", "text": "дом " * 1000}}
    assert httpx.post(live.url + "/v1/search", json=just_under).status_code == 200


def test_request_size_limit_is_configurable(registry: Any, revision: Any) -> None:
    app = create_app(registry, version=revision.version, max_request_bytes=2000)
    with RagServer(app) as server:
        small = {"query": "Где Барак Обама купил дом?"}
        assert httpx.post(server.url + "/v1/search", json=small).status_code == 200
        big = {"query": "дом " * 1000}
        r = httpx.post(server.url + "/v1/search", json=big)
        assert r.status_code == 413 and "2000 bytes" in r.json()["error"]
        assert json.loads(r.text)["status"] == 413
