"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat and embeddings protocol with
scripted replies: what the tests, `benchmarks/llm.py` and `dragon demo` talk to instead of a model.

Replies are scripted: `server.queue([...])` (consumed first, by any endpoint) or
`server.reply = fn(request_json)`. A reply is a str (the assistant's content), a
`(status, body)` or `(status, body, headers)` tuple (body: dict -> JSON, str -> raw bytes), a
dict (sent as the whole 200 JSON body), or `ScriptedLLMServer.delay(seconds, then)`.
`latency` adds a fixed delay to every answer, as a model's generation time would.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from dragon_bench.llm.settings import LLMSettings
from dragon_bench.llm.usage import estimate_tokens, message_tokens

__all__ = ["Call", "Delay", "ScriptedLLMServer", "hashed_embedding"]


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
class ScriptedLLMServer:
    """Start with `with ScriptedLLMServer(...) as server:`; `server.url` ends in /v1."""

    reply: Callable[[dict[str, Any]], Any] | None = None
    latency: float = 0.0
    model: str = "test-model"
    embedder: Callable[[str], list[float]] = hashed_embedding
    url: str = ""
    requests: list[Any] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    _queue: deque[Any] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None

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

    def start(self) -> ScriptedLLMServer:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        server.daemon_threads = True
        server.request_queue_size = 128  # many clients connect at once in the throughput test
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        self.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        return self

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> ScriptedLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _next(self, body: Any, path: str) -> Any:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        if path.endswith("/embeddings"):
            return None
        if self.reply is not None:
            return self.reply(body)
        return "ok"


def _completion(model: str, content: str, body: Any) -> dict[str, Any]:
    # Token counts as `dragon build --dry-run` estimates them, so the two can be compared.
    prompt = message_tokens(body.get("messages", []) if isinstance(body, dict) else [])
    completion = estimate_tokens(content)
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
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        },
    }


def _handler(state: ScriptedLLMServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out in two writes; without TCP_NODELAY the second waits for the
        # client's delayed ACK (40 ms a call on Linux).
        disable_nagle_algorithm = True

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
            if state.latency:
                time.sleep(state.latency)
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
                self._send(200, _completion(body.get("model", state.model), str(reply), body))

    return Handler
