"""`llm_server`: a real HTTP server on 127.0.0.1 speaking the OpenAI chat and embeddings protocol.

Replies are scripted: `llm_server.queue([...])` (consumed first, by any endpoint) or
`llm_server.reply = fn(request_json)`. A reply is a str (the assistant's content), a
`(status, body)` or `(status, body, headers)` tuple (body: dict -> JSON, str -> raw bytes), a
dict (sent as the whole 200 JSON body), or `llm_server.delay(seconds, then)`.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.llm import LLMSettings
from tests.plugins.http_thread import serve_http

__all__ = ["Delay", "FakeLLMServer", "llm_server"]


@dataclass
class Delay:
    """Sleep `seconds` before answering with `then` (to provoke client timeouts)."""

    seconds: float
    then: Any = "ok"


@dataclass
class Call:
    path: str
    headers: dict[str, str]
    body: Any


def hashed_embedding(text: str, dim: int = 8) -> list[float]:
    """A deterministic pseudo-embedding: the first `dim` bytes of SHA-256, scaled to [0, 1]."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return [b / 255.0 for b in digest[:dim]]


@dataclass
class FakeLLMServer:
    url: str = ""
    model: str = "test-model"
    reply: Callable[[dict[str, Any]], Any] | None = None
    embedder: Callable[[str], list[float]] = hashed_embedding
    requests: list[Any] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    _queue: deque[Any] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def queue(self, replies: Iterable[Any]) -> None:
        with self._lock:
            self._queue.extend(replies)

    @staticmethod
    def delay(seconds: float, then: Any = "ok") -> Delay:
        return Delay(seconds, then)

    def settings(self, tmp_path: Path | None = None, **overrides: Any) -> LLMSettings:
        """Settings for this server: 2 s timeout, 2 retries, 10 ms backoff, cache in tmp_path."""
        base = LLMSettings(
            base_url=self.url,
            model=self.model,
            api_key="test-key",
            timeout=2.0,
            max_retries=2,
            cache_dir=(tmp_path / "llm-cache") if tmp_path is not None else None,
            backoff=0.01,
            max_backoff=0.5,
        )
        return base.with_(**overrides) if overrides else base

    def chat_requests(self) -> list[Any]:
        return [c.body for c in self.calls if c.path.endswith("/chat/completions")]

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self.requests.clear()
            self.calls.clear()
        self.reply = None
        self.embedder = hashed_embedding

    def _next(self, body: Any, path: str) -> Any:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        if path.endswith("/embeddings"):
            return None
        if self.reply is not None:
            return self.reply(body)
        return "ok"


def _completion(model: str, content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def _handler(state: FakeLLMServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

        def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
            data = (
                body.encode("utf-8")
                if isinstance(body, str)
                else json.dumps(body, ensure_ascii=False).encode("utf-8")
            )
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"null")
            except ValueError:
                self._send(400, {"error": {"message": "body is not JSON"}})
                return
            path = self.path.rstrip("/")
            if not (path.endswith("/v1/chat/completions") or path.endswith("/v1/embeddings")):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            with state._lock:
                state.requests.append(body)
                state.calls.append(Call(path, dict(self.headers.items()), body))
            reply = state._next(body, path)
            while isinstance(reply, Delay):
                time.sleep(reply.seconds)
                reply = reply.then
            if isinstance(reply, tuple):
                self._send(reply[0], reply[1], reply[2] if len(reply) > 2 else None)
            elif isinstance(reply, dict):
                self._send(200, reply)
            elif path.endswith("/embeddings"):
                if reply is not None:
                    self._send(500, {"error": {"message": "scripted text reply on embeddings"}})
                    return
                inputs = body.get("input", [])
                inputs = [inputs] if isinstance(inputs, str) else inputs
                data = [
                    {"object": "embedding", "index": i, "embedding": state.embedder(t)}
                    for i, t in enumerate(inputs)
                ]
                self._send(200, {"object": "list", "data": data, "model": body.get("model")})
            else:
                self._send(200, _completion(body.get("model", state.model), str(reply)))

    return Handler


@pytest.fixture
def llm_server() -> Iterator[FakeLLMServer]:
    """A fresh scripted OpenAI-compatible server for each test, on an ephemeral loopback port."""
    state = FakeLLMServer()
    with serve_http(_handler(state)) as server:
        state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        yield state
