"""Article pages: main text (trafilatura), title, canonical URL and publication time."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urljoin, urlsplit, urlunsplit

import lxml.html
import trafilatura

__all__ = ["Article", "extract_article", "normalize_url"]


@dataclass(frozen=True, slots=True)
class Article:
    """What a page says about itself once boilerplate is removed."""

    url: str
    canonical_url: str
    title: str
    text: str
    published_at: datetime | None


_TRACKING = frozenset({"yclid", "fbclid", "gclid", "_openstat"})


def _tracking(name: str) -> bool:
    return name.startswith("utm_") or name in _TRACKING


def normalize_url(url: str) -> str:
    """Lower-case scheme and host, drop the fragment and tracking parameters (utm_*, yclid,
    fbclid, gclid, _openstat), so one article has one URL."""
    parts = urlsplit(url.strip())
    path = parts.path or "/"
    query = "&".join(
        pair
        for pair in parts.query.split("&")
        if pair and not _tracking(pair.split("=", 1)[0].lower())
    )
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, query, ""))


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    text = value.strip().replace("Z", "+00:00")
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC)


def _meta(tree: lxml.html.HtmlElement, final_url: str) -> tuple[str, str | None]:
    canonical = final_url
    for xpath in ("//link[@rel='canonical']/@href", "//meta[@property='og:url']/@content"):
        found = tree.xpath(xpath)
        if found and str(found[0]).strip():
            canonical = urljoin(final_url, str(found[0]).strip())
            break
    published = None
    for xpath in (
        "//meta[@property='article:published_time']/@content",
        "//meta[@name='pubdate']/@content",
        "//time[@datetime]/@datetime",
    ):
        found = tree.xpath(xpath)
        if found:
            published = str(found[0])
            break
    return canonical, published


def extract_article(html: bytes | str, final_url: str) -> Article | None:
    """The main text and metadata of an HTML page, or None when it has no main text."""

    if not html:
        return None
    try:
        tree = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return None
    canonical, published = _meta(tree, final_url)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = trafilatura.bare_extraction(
            html, url=final_url, with_metadata=True, include_comments=False, include_tables=False
        )
    if doc is None:
        return None
    data = doc.as_dict() if hasattr(doc, "as_dict") else dict(doc)
    title = (data.get("title") or "").strip()
    text = (data.get("text") or "").strip()
    lines = text.split("\n")
    if title and lines and lines[0].strip() == title:
        text = "\n".join(lines[1:]).strip()
    if not text:
        return None
    when = _parse_time(published) or _parse_time(data.get("date"))
    return Article(
        url=final_url,
        canonical_url=normalize_url(canonical),
        title=title,
        text=text,
        published_at=when,
    )
