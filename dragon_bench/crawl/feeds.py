"""RSS and Atom feeds: the article links, titles and dates they list (via feedparser)."""

from __future__ import annotations

import calendar
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urljoin

from dragon_bench.errors import require_extra

__all__ = ["FeedEntry", "FeedError", "parse_feed"]


class FeedError(ValueError):
    """A feed that cannot be read: not XML, or no entries with links."""


@dataclass(frozen=True, slots=True)
class FeedEntry:
    """One item of a feed: the article link, its title and publication time (ISO 8601, UTC)."""

    url: str
    title: str = ""
    published: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FeedEntry:
        return cls(str(data["url"]), str(data.get("title", "")), data.get("published"))


def _time(entry: Any) -> str | None:
    for key in ("published_parsed", "updated_parsed", "created_parsed"):
        value = entry.get(key)
        if value:
            return datetime.fromtimestamp(calendar.timegm(value), UTC).isoformat()
    return None


def parse_feed(content: bytes, base_url: str) -> list[FeedEntry]:
    """Entries of an RSS/Atom document in feed order, links made absolute against `base_url`.

    A malformed feed that still yields entries is accepted (feeds in the wild often are);
    one that yields none raises FeedError with feedparser's reason.
    """
    feedparser = require_extra("feedparser", "crawl")
    parsed = feedparser.parse(content)
    entries: list[FeedEntry] = []
    seen: set[str] = set()
    for entry in parsed.entries:
        link = entry.get("link") or ""
        if not link:
            for candidate in entry.get("links", []):
                if candidate.get("rel", "alternate") == "alternate" and candidate.get("href"):
                    link = candidate["href"]
                    break
        if not link:
            continue
        url = urljoin(base_url, link.strip())
        if url in seen:
            continue
        seen.add(url)
        entries.append(FeedEntry(url, (entry.get("title") or "").strip(), _time(entry)))
    if not entries:
        if parsed.get("bozo"):
            reason = parsed.get("bozo_exception")
            raise FeedError(f"not a readable feed ({type(reason).__name__}: {reason})")
        raise FeedError("the feed lists no entries with links")
    return entries
