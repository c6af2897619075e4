"""The one client for OpenAI-compatible chat and embedding endpoints: retries, timeouts, cache."""

from __future__ import annotations

import contextlib
import copy
import email.utils
import json
import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx

from dragon_bench.errors import DragonError
from dragon_bench.llm.cache import ReplyCache, request_key
from dragon_bench.llm.jsonreply import JSONReplyError, parse_json_reply
from dragon_bench.llm.settings import LLMSettings
from dragon_bench.llm.usage import Usage

__all__ = ["LLMClient", "LLMError", "LLMReplyError", "Message"]

Message = dict[str, Any]
T = TypeVar("T")
R = TypeVar("R")

_RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
_FIX_PROMPT = (
    "Your previous reply could not be parsed as JSON ({error}). Reply again with only the "
    "corrected JSON value: no explanations, no code fences."
)
_INVALID_PROMPT = (
    "Your previous reply does not fit the requested format: {error}. Reply again with only "
    "the corrected JSON value: no explanations, no code fences."
)


class LLMError(DragonError):
    """An LLM call that failed for good: the message names the endpoint and the failure."""

    exit_code = 1

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class LLMReplyError(LLMError):
    """The model answered, but even after the fix requests not with usable JSON."""


class LLMClient:
    """Chat completions and embeddings over HTTP (httpx) with retry, backoff and a reply cache.

    Retries timeouts, connection errors, 429 and 5xx with exponential backoff, honouring
    Retry-After (a Retry-After pauses every thread of the client, not only the one that got
    it); other 4xx fail at once. Safe to use from several threads; `map` runs work
    `settings.concurrency` at a time. `usage` counts calls, tokens, cache hits and wall time
    per stage; `stage(name)` is a view of the same client that counts under `name`.
    """

    def __init__(
        self,
        settings: LLMSettings | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        usage: Usage | None = None,
    ) -> None:
        self.settings = settings if settings is not None else LLMSettings.from_env()
        self._cache = ReplyCache(self.settings.cache_dir) if self.settings.cache_dir else None
        headers = {"Content-Type": "application/json"}
        if self.settings.api_key:
            headers["Authorization"] = f"Bearer {self.settings.api_key}"
        width = max(16, self.settings.concurrency)
        self._http = httpx.Client(
            headers=headers,
            timeout=httpx.Timeout(self.settings.timeout),
            transport=transport,
            limits=httpx.Limits(max_connections=2 * width, max_keepalive_connections=width),
        )
        self._lock = threading.Lock()
        self._paused_until = [0.0]  # shared by the stage views: one server, one Retry-After
        self._stage = "llm"
        self.stats = {"requests": 0, "retries": 0, "cache_hits": 0}
        # Clients of one build (several models) may share one Usage to report one table.
        self.usage = usage if usage is not None else Usage()

    # -- public API ----------------------------------------------------------------------
    @property
    def model(self) -> str:
        """The chat model name, recorded in evaluation signatures."""
        return self.settings.model

    @property
    def embedding_model(self) -> str:
        return self.settings.embedding_model or self.settings.model

    def stage(self, name: str) -> LLMClient:
        """The same client (connections, cache, counters) counting its work under `name`."""
        view = copy.copy(self)
        view._stage = name
        return view

    def count(self, **deltas: int) -> None:
        """Add to this view's stage counters (e.g. `dropped=3`)."""
        self.usage.add(self._stage, **deltas)

    def map(
        self, fn: Callable[[T], R], items: Iterable[T], *, concurrency: int | None = None
    ) -> list[R]:
        """`[fn(item) for item in items]` with at most `concurrency` (default
        `settings.concurrency`) running at once, results in input order; `fn` catches what
        it can handle, anything else stops the batch."""
        todo = list(items)
        width = self.settings.concurrency if concurrency is None else concurrency
        if width < 1:
            raise ValueError("concurrency must be at least 1")
        if width == 1 or len(todo) <= 1:
            return [fn(item) for item in todo]
        with ThreadPoolExecutor(max_workers=min(width, len(todo))) as pool:
            return list(pool.map(fn, todo))

    def chat(
        self,
        messages: Sequence[Message],
        *,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        json_mode: bool = False,
        **params: Any,
    ) -> str:
        """The assistant's reply text to `messages` (a list of {"role", "content"} dicts)."""
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": [dict(m) for m in messages],
            "temperature": temperature,
        }
        if max_tokens is not None:
            payload["max_tokens"] = max_tokens
        if json_mode:
            payload["response_format"] = {"type": "json_object"}
        payload.update(params)
        key = request_key({"kind": "chat", **payload})
        cached = self._cache_get(key)
        if isinstance(cached, str):
            return cached
        body = self._post("chat/completions", payload)
        usage = body.get("usage") if isinstance(body, dict) else None
        if isinstance(usage, dict):
            self.usage.add(
                self._stage,
                prompt_tokens=_count(usage.get("prompt_tokens")),
                completion_tokens=_count(usage.get("completion_tokens")),
            )
        try:
            content = body["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise LLMError(
                f"{self._where('chat/completions')} answered without choices[0].message.content: "
                f"{_snippet(json.dumps(body, ensure_ascii=False))}"
            ) from None
        if content is None:
            content = ""
        if isinstance(content, list):  # content parts: [{"type": "text", "text": ...}, ...]
            content = "".join(str(p.get("text") or "") for p in content if isinstance(p, dict))
        if not isinstance(content, str):
            raise LLMError(f"{self._where('chat/completions')} returned non-text content")
        self._cache_put(key, content, payload)
        return content

    def chat_json(
        self,
        messages: Sequence[Message],
        *,
        fix_attempts: int = 1,
        validate: Callable[[Any], Any] | None = None,
        **kw: Any,
    ) -> Any:
        """The reply parsed as JSON, repaired if sloppy, and passed through `validate` (which
        returns the value to use or raises ValueError saying what is wrong). An unreadable or
        invalid reply is sent back with the error, up to `fix_attempts` times; then
        LLMReplyError."""
        history = [dict(m) for m in messages]
        reply = self.chat(history, **kw)
        for attempt in range(fix_attempts + 1):
            try:
                value = parse_json_reply(reply)
                return validate(value) if validate is not None else value
            except JSONReplyError as exc:
                error, prompt = f"no parseable JSON: {exc}", _FIX_PROMPT.format(error=exc)
            except ValueError as exc:
                error, prompt = f"an invalid reply: {exc}", _INVALID_PROMPT.format(error=exc)
            if attempt == fix_attempts:
                self.usage.add(self._stage, failures=1)
                raise LLMReplyError(
                    f"model {self.model!r} gave {error} (after {fix_attempts} fix request(s)); "
                    f"reply was {_snippet(reply)}"
                )
            history += [
                {"role": "assistant", "content": reply},
                {"role": "user", "content": prompt},
            ]
            self.usage.add(self._stage, fixes=1)
            reply = self.chat(history, **kw)
        raise AssertionError("unreachable")  # pragma: no cover

    def chat_many(
        self,
        list_of_messages: Sequence[Sequence[Message]],
        *,
        concurrency: int | None = None,
        **kw: Any,
    ) -> list[str | LLMError]:
        """Replies to many conversations in input order, at most `concurrency` (default
        `settings.concurrency`) in flight; a
        conversation that fails yields its LLMError in its place instead of stopping the rest."""

        def one(messages: Sequence[Message]) -> str | LLMError:
            try:
                return self.chat(messages, **kw)
            except LLMError as exc:
                return exc

        return self.map(one, list_of_messages, concurrency=concurrency)

    def embed(self, texts: Sequence[str], *, batch_size: int = 64) -> list[list[float]]:
        """One embedding vector per text, in order; cached per text, so only misses are sent."""
        model = self.embedding_model
        keys = [request_key({"kind": "embed", "model": model, "input": t}) for t in texts]
        vectors: list[list[float] | None] = []
        for key in keys:
            hit = self._cache_get(key)
            vectors.append(hit if isinstance(hit, list) else None)
        missing = [i for i, v in enumerate(vectors) if v is None]
        for start in range(0, len(missing), batch_size):
            batch = missing[start : start + batch_size]
            payload = {"model": model, "input": [texts[i] for i in batch]}
            body = self._post("embeddings", payload)
            try:
                data = sorted(body["data"], key=lambda d: d.get("index", 0))
                got = [[float(x) for x in d["embedding"]] for d in data]
            except (KeyError, TypeError, ValueError, AttributeError):
                raise LLMError(
                    f"{self._where('embeddings')} answered without data[].embedding"
                ) from None
            if len(got) != len(batch):
                raise LLMError(
                    f"{self._where('embeddings')} returned {len(got)} vectors for {len(batch)} texts"
                )
            for i, vec in zip(batch, got, strict=True):
                vectors[i] = vec
                self._cache_put(keys[i], vec, {"model": model, "input": texts[i]})
        return [v if v is not None else [] for v in vectors]

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- transport -----------------------------------------------------------------------
    def _where(self, path: str) -> str:
        return f"LLM endpoint {self.settings.base_url}/{path}"

    def _post(self, path: str, payload: dict[str, Any]) -> Any:
        if not self.settings.configured:
            raise LLMError(
                "no LLM is configured: set DRAGON_LLM_BASE_URL (an OpenAI-compatible URL ending "
                "in /v1) and DRAGON_LLM_MODEL"
            )
        url = f"{self.settings.base_url.rstrip('/')}/{path}"
        attempts = self.settings.max_retries + 1
        last = ""
        for attempt in range(attempts):
            if attempt:
                with self._lock:
                    self.stats["retries"] += 1
                self.usage.add(self._stage, retries=1)
            with self._lock:
                self.stats["requests"] += 1
                pause = self._paused_until[0] - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            wait: float | None = None
            try:
                response = self._http.post(url, json=payload)
            except httpx.TimeoutException:
                last = f"timed out after {self.settings.timeout:g} s"
            except httpx.TransportError as exc:
                last = f"could not be reached ({type(exc).__name__}: {exc})"
            else:
                self.usage.add(self._stage, calls=1)
                if response.status_code < 300:
                    try:
                        return response.json()
                    except ValueError:
                        last = f"answered with a body that is not JSON: {_snippet(response.text)}"
                        # A garbled body is treated like a transient failure.
                elif response.status_code in _RETRY_STATUS:
                    last = f"answered HTTP {response.status_code}: {_snippet(response.text)}"
                    wait = _retry_after(response.headers.get("Retry-After"))
                    if wait is not None:
                        with self._lock:
                            until = time.monotonic() + min(wait, self.settings.max_backoff)
                            self._paused_until[0] = max(self._paused_until[0], until)
                    if attempt == attempts - 1:
                        self.usage.add(self._stage, failures=1)
                        raise LLMError(
                            f"{self._where(path)} {last} (after {attempts} attempts)",
                            status=response.status_code,
                        )
                else:
                    self.usage.add(self._stage, failures=1)
                    raise LLMError(
                        f"{self._where(path)} refused the request: HTTP {response.status_code}: "
                        f"{_snippet(response.text)}",
                        status=response.status_code,
                    )
            if attempt < attempts - 1:
                time.sleep(self._delay(attempt, wait))
        self.usage.add(self._stage, failures=1)
        raise LLMError(f"{self._where(path)} {last} (after {attempts} attempts)")

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        s = self.settings
        if retry_after is not None:
            return min(max(retry_after, 0.0), s.max_backoff)
        base = min(s.backoff * (2**attempt), s.max_backoff)
        return base * (0.75 + 0.5 * random.random())

    # -- cache ---------------------------------------------------------------------------
    def _cache_get(self, key: str) -> Any | None:
        if self._cache is None:
            return None
        value = self._cache.get(key)
        if value is not None:
            with self._lock:
                self.stats["cache_hits"] += 1
            self.usage.add(self._stage, cache_hits=1)
        return value

    def _cache_put(self, key: str, value: Any, request: Any) -> None:
        if self._cache is not None:
            # A cache that cannot be written only costs speed.
            with contextlib.suppress(OSError):
                self._cache.put(key, value, request)


def _retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _snippet(text: str, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return repr(text if len(text) <= limit else text[:limit] + "...")
