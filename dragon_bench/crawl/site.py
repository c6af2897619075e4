"""A static news site on 127.0.0.1 (feeds and pages from memory, with ETags) for demos."""

from __future__ import annotations

import hashlib
import threading
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["LocalSite", "rss_document", "article_page"]


class LocalSite:
    """Serves `pages` ({path: (body, content type)}) until closed; answers 304 to a matching ETag."""

    def __init__(self, pages: dict[str, tuple[bytes, str]]) -> None:
        self.pages = pages
        self.hits = 0
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                site.hits += 1
                page = site.pages.get(self.path)
                if page is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body, ctype = page
                etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", etag)
                self.end_headers()
                self.wfile.write(body)

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 64

        self._httpd = Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> LocalSite:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def rss_document(title: str, items: list[dict[str, str]]) -> bytes:
    """RSS 2.0 with one item per dict (link, title, pubDate); links may be relative."""
    body = "".join(
        f"<item><title>{escape(i['title'])}</title><link>{escape(i['link'])}</link>"
        + (f"<pubDate>{i['pubDate']}</pubDate>" if i.get("pubDate") else "")
        + "</item>"
        for i in items
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>'
        f"<title>{escape(title)}</title><link>/</link><description>{escape(title)}</description>"
        f"{body}</channel></rss>"
    ).encode()


def article_page(
    title: str, paragraphs: list[str], *, canonical: str | None = None, published: str | None = None
) -> bytes:
    """A news page: navigation and footer around the article, as real sites have."""
    head = f"<title>{escape(title)}</title>"
    if canonical:
        head += f'<link rel="canonical" href="{escape(canonical)}">'
    if published:
        head += f'<meta property="article:published_time" content="{escape(published)}">'
    text = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    return (
        f'<!doctype html><html lang="ru"><head><meta charset="utf-8">{head}</head><body>'
        '<nav><a href="/">Главная</a> <a href="/news">Новости</a></nav>'
        f"<main><article><h1>{escape(title)}</h1>{text}</article></main>"
        "<footer>© 2026 Вестник Приволжья</footer></body></html>"
    ).encode()
