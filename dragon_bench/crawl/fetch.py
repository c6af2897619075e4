"""Polite HTTP fetching: per-host rate limits, robots.txt, retries with backoff, conditional GET."""

from __future__ import annotations

import asyncio
import time
import urllib.robotparser
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

import httpx

from dragon_bench import __version__

__all__ = ["FetchResult", "Fetcher", "HostLimiter", "USER_AGENT", "ROBOTS_AGENT"]

ROBOTS_AGENT = "dragon-bench"
USER_AGENT = f"{ROBOTS_AGENT}/{__version__} (news crawler for dynamic RAG benchmarks)"
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


@dataclass
class FetchResult:
    """The outcome of one GET; `status` 0 means no HTTP answer (network error or robots)."""

    url: str
    final_url: str
    status: int
    content: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    error: str | None = None
    attempts: int = 1

    @property
    def ok(self) -> bool:
        return self.status == 200

    @property
    def not_modified(self) -> bool:
        return self.status == 304


class HostLimiter:
    """Spaces request starts to one host at least `1 / rate` seconds apart."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def wait(self) -> None:
        async with self._lock:
            delay = self._next - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            self._next = time.monotonic() + self.interval


def _host(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


class Fetcher:
    """Fetches URLs politely over one httpx.AsyncClient; use as an async context manager."""

    def __init__(
        self,
        *,
        timeout: float = 20.0,
        retries: int = 3,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
        default_rate: float = 1.0,
        respect_robots: bool = True,
        user_agent: str = USER_AGENT,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.default_rate = default_rate
        self.respect_robots = respect_robots
        self._client = httpx.AsyncClient(
            timeout=timeout,
            follow_redirects=True,
            max_redirects=5,
            headers={"User-Agent": user_agent},
            transport=transport,
        )
        self._limiters: dict[str, HostLimiter] = {}
        self._robots: dict[str, urllib.robotparser.RobotFileParser | bool] = {}
        self._robots_errors: dict[str, str] = {}  # why a host's robots.txt could not be read
        self._robots_locks: dict[str, asyncio.Lock] = {}
        self.requests = 0

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._client.aclose()

    def set_rate(self, url: str, rate: float) -> None:
        """Limit the host of `url` to `rate` requests a second (the first setting wins)."""
        host = _host(url)
        if host not in self._limiters:
            self._limiters[host] = HostLimiter(rate)

    def _limiter(self, host: str) -> HostLimiter:
        if host not in self._limiters:
            self._limiters[host] = HostLimiter(self.default_rate)
        return self._limiters[host]

    async def allowed(self, url: str) -> bool:
        """Whether robots.txt of the URL's host lets this crawler fetch it (RFC 9309 rules).

        A missing robots.txt (4xx) allows everything; an unreachable one (5xx, network
        error) disallows everything for this run.
        """
        if not self.respect_robots:
            return True
        host = _host(url)
        lock = self._robots_locks.setdefault(host, asyncio.Lock())
        async with lock:
            if host not in self._robots:
                self._robots[host] = await self._load_robots(host)
        rules = self._robots[host]
        if isinstance(rules, bool):
            return rules
        return rules.can_fetch(ROBOTS_AGENT, url)

    async def _load_robots(self, host: str) -> urllib.robotparser.RobotFileParser | bool:
        result = await self._get(f"{host}/robots.txt", {})
        if 400 <= result.status < 500:
            return True
        if not result.ok:
            self._robots_errors[host] = result.error or f"HTTP {result.status}"
            return False
        parser = urllib.robotparser.RobotFileParser()
        parser.parse(result.content.decode("utf-8", "replace").splitlines())
        delay = parser.crawl_delay(ROBOTS_AGENT)
        if delay:
            limiter = self._limiter(host)
            limiter.interval = max(limiter.interval, float(delay))
        return parser

    async def get(self, url: str, headers: dict[str, str] | None = None) -> FetchResult:
        """GET with robots check, rate limit and retries; never raises for HTTP or network errors."""
        if not await self.allowed(url):
            unreachable = self._robots_errors.get(_host(url))
            error = (
                f"disallowed: robots.txt unreachable ({unreachable})"
                if unreachable
                else "disallowed by robots.txt"
            )
            return FetchResult(url, url, 0, error=error, attempts=0)
        return await self._get(url, headers or {})

    async def _get(self, url: str, headers: dict[str, str]) -> FetchResult:
        limiter = self._limiter(_host(url))
        attempt = 0
        while True:
            attempt += 1
            await limiter.wait()
            self.requests += 1
            wait: float | None = None
            try:
                resp = await self._client.get(url, headers=headers)
            except httpx.HTTPError as exc:
                result = FetchResult(url, url, 0, error=f"{type(exc).__name__}: {exc}".rstrip(": "))
            else:
                result = FetchResult(
                    url,
                    str(resp.url),
                    resp.status_code,
                    resp.content,
                    {k.lower(): v for k, v in resp.headers.items()},
                    None if resp.status_code in (200, 304) else f"HTTP {resp.status_code}",
                )
                if resp.status_code not in RETRY_STATUSES:
                    result.attempts = attempt
                    return result
                wait = _retry_after(resp.headers.get("retry-after"))
            result.attempts = attempt
            if attempt > self.retries:
                return result
            if wait is None:
                wait = self.backoff * 2 ** (attempt - 1)
            await asyncio.sleep(min(wait, self.max_backoff))
