"""A real HTTP news site on 127.0.0.1 for crawler tests: feeds, pages and scripted faults.

`news_server.route(path, body, status=..., delay=..., etag=..., fail_times=...)` adds a
page; `news_server.url(path)` gives its address; `news_server.requests` logs every request
as (path, headers). `rss(items)` and `article_html(...)` build the content.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import format_datetime
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

__all__ = ["NewsServer", "Route", "rss", "atom", "article_html", "news_server"]


@dataclass
class Route:
    body: bytes = b""
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    etag: str | None = None
    last_modified: str | None = None
    location: str | None = None
    fail_times: int = 0  # answer 503 this many times before the real answer
    served: int = 0


class NewsServer:
    """A threaded HTTP server whose routes tests edit while it runs."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                server._handle(self)

        class Server(ThreadingHTTPServer):
            request_queue_size = 128  # the default 5 refuses bursts of concurrent requests

        self._httpd = Server(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base + path

    def route(self, path: str, body: str | bytes = b"", **kw: Any) -> Route:
        data = body.encode("utf-8") if isinstance(body, str) else body
        r = Route(body=data, **kw)
        self.routes[path] = r
        return r

    def hits(self, path: str) -> int:
        return sum(1 for p, _ in self.requests if p == path)

    def _handle(self, h: BaseHTTPRequestHandler) -> None:
        with self._lock:
            self.requests.append((h.path, {k.lower(): v for k, v in h.headers.items()}))
            route = self.routes.get(h.path)
            if route is not None:
                route.served += 1
        if route is None:
            self._send(h, 404, b"not found", "text/plain")
            return
        if route.delay:
            time.sleep(route.delay)
        if route.served <= route.fail_times:
            self._send(h, 503, b"try later", "text/plain", {"Retry-After": "0"})
            return
        if route.location:
            self._send(h, route.status or 302, b"", "text/plain", {"Location": route.location})
            return
        extra = dict(route.headers)
        if route.etag:
            extra["ETag"] = route.etag
        if route.last_modified:
            extra["Last-Modified"] = route.last_modified
        if route.status == 200 and (
            (route.etag and h.headers.get("If-None-Match") == route.etag)
            or (
                route.last_modified
                and not route.etag
                and h.headers.get("If-Modified-Since") == route.last_modified
            )
        ):
            self._send(h, 304, b"", route.content_type, extra)
            return
        self._send(h, route.status, route.body, route.content_type, extra)

    @staticmethod
    def _send(
        h: BaseHTTPRequestHandler,
        status: int,
        body: bytes,
        ctype: str,
        headers: dict[str, str] | None = None,
    ) -> None:
        try:
            h.send_response(status)
            h.send_header("Content-Type", ctype)
            h.send_header("Content-Length", str(0 if status == 304 else len(body)))
            for k, v in (headers or {}).items():
                h.send_header(k, v)
            h.end_headers()
            if status != 304:
                h.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeouts are part of the tests)

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


def http_date(when: datetime) -> str:
    return format_datetime(when.astimezone(UTC), usegmt=True)


def rss(items: list[dict[str, str]], title: str = "Новости") -> str:
    """An RSS 2.0 document; each item has link, title and optionally pubDate (RFC 822)."""
    parts = []
    for it in items:
        date = f"<pubDate>{it['pubDate']}</pubDate>" if "pubDate" in it else ""
        parts.append(
            f"<item><title>{escape(it.get('title', ''))}</title>"
            f"<link>{escape(it['link'])}</link>{date}</item>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>'
        f"<title>{escape(title)}</title><link>http://example.invalid/</link>"
        f"<description>test</description>{''.join(parts)}</channel></rss>"
    )


def atom(items: list[dict[str, str]], title: str = "Лента") -> str:
    """An Atom 1.0 document; each item has link, title and optionally updated (ISO 8601)."""
    parts = []
    for i, it in enumerate(items):
        parts.append(
            f"<entry><id>urn:test:{i}</id><title>{escape(it.get('title', ''))}</title>"
            f'<link rel="alternate" href="{escape(it["link"])}"/>'
            f"<updated>{it.get('updated', '2026-11-29T08:00:00Z')}</updated></entry>"
        )
    return (
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
        f"<title>{escape(title)}</title><id>urn:test</id><updated>2026-11-29T08:00:00Z</updated>"
        f"{''.join(parts)}</feed>"
    )


def article_html(
    title: str,
    paragraphs: list[str],
    *,
    canonical: str | None = None,
    published: str | None = None,
) -> str:
    """A news page with navigation and footer boilerplate around the article."""
    head = f"<title>{escape(title)} | Тестовые новости</title>"
    if canonical:
        head += f'<link rel="canonical" href="{escape(canonical)}">'
    if published:
        head += f'<meta property="article:published_time" content="{published}">'
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    return (
        f'<!doctype html><html lang="ru"><head><meta charset="utf-8">{head}</head><body>'
        '<nav><a href="/">Главная</a> <a href="/politics">Политика</a> '
        '<a href="/sport">Спорт</a></nav>'
        f"<main><article><h1>{escape(title)}</h1>{body}</article></main>"
        "<footer>© 2026 Тестовые новости. Все права защищены.</footer></body></html>"
    )


@pytest.fixture
def news_server() -> Iterator[NewsServer]:
    """A fresh news site on 127.0.0.1 with an allow-all robots.txt."""
    server = NewsServer()
    server.route("/robots.txt", "User-agent: *\nAllow: /\n", content_type="text/plain")
    try:
        yield server
    finally:
        server.close()
