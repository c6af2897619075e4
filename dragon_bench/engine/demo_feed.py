"""The demo's news site: a feed of invented Russian articles (package data) with duplicates."""

from __future__ import annotations

import json
from datetime import datetime
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from dragon_bench.crawl.site import article_page, rss_document

__all__ = ["demo_feed_path", "demo_site_pages", "demo_feed_data"]


def demo_feed_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "demo_feed.json"


def demo_feed_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(demo_feed_path().read_text(encoding="utf-8"))
    return data


def demo_site_pages(data: dict[str, Any] | None = None) -> dict[str, tuple[bytes, str]]:
    """Paths of the site: `/robots.txt`, `/rss.xml` and one page per article and duplicate."""
    data = data or demo_feed_data()
    by_slug = {a["slug"]: a for a in data["articles"]}
    pages: dict[str, tuple[bytes, str]] = {
        "/robots.txt": (b"User-agent: *\nAllow: /\n", "text/plain")
    }
    items = []
    for a in data["articles"]:
        path = f"/news/{a['slug']}"
        pages[path] = (
            article_page(a["title"], a["paragraphs"], published=a["published"]),
            "text/html; charset=utf-8",
        )
        when = format_datetime(datetime.fromisoformat(a["published"]))
        items.append({"link": path, "title": a["title"], "pubDate": when})
    for d in data.get("duplicates", []):
        src = by_slug[d.get("copy_of") or d["near_copy_of"]]
        paragraphs = list(src["paragraphs"])
        if d.get("append"):
            paragraphs.append(d["append"])
        path = f"/news/{d['slug']}"
        pages[path] = (
            article_page(src["title"], paragraphs, published=src["published"]),
            "text/html; charset=utf-8",
        )
        items.append({"link": path, "title": src["title"]})
    pages["/rss.xml"] = (rss_document(data["title"], items), "application/rss+xml")
    return pages
