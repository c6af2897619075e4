"""The crawl: feeds to article links to documents, reusing unchanged pages (conditional GET)."""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from dragon_bench.crawl.article import extract_article, normalize_url
from dragon_bench.crawl.feeds import FeedEntry, FeedError, parse_feed
from dragon_bench.crawl.fetch import Fetcher
from dragon_bench.crawl.language import guess_language
from dragon_bench.crawl.sources import Source
from dragon_bench.crawl.state import CrawlState
from dragon_bench.types import Document

__all__ = [
    "CrawlOptions",
    "CrawlResult",
    "DocumentStore",
    "crawl",
    "crawl_async",
    "crawl_to_store",
    "document_id",
]


class DocumentStore(Protocol):
    """What the crawler needs of a snapshot store (dragon_bench.corpus.SnapshotStore)."""

    def write(self, docs: list[Document]) -> str: ...
    def read(self, snapshot_id: str) -> list[Document]: ...
    def latest(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class CrawlOptions:
    """Knobs of one crawl; the defaults are polite for real news sites."""

    timeout: float = 20.0
    retries: int = 3
    backoff: float = 1.0
    concurrency: int = 8
    min_chars: int = 200
    language: str | None = "ru"
    respect_robots: bool = True
    max_pages: int | None = None


@dataclass
class CrawlResult:
    """Documents seen in this crawl (fetched or unchanged) and what happened on the way."""

    documents: list[Document] = field(default_factory=list)
    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    feeds: int = 0
    feeds_not_modified: int = 0
    pages: int = 0
    pages_not_modified: int = 0
    duplicates: int = 0
    requests: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    errors: list[dict[str, str]] = field(default_factory=list)
    snapshot: str | None = None

    def summary(self) -> dict[str, Any]:
        """The JSON report of `dragon crawl`."""
        return {
            "snapshot": self.snapshot,
            "documents": len(self.documents),
            "new": len(self.new),
            "changed": len(self.changed),
            "feeds": self.feeds,
            "feeds_not_modified": self.feeds_not_modified,
            "pages": self.pages,
            "pages_not_modified": self.pages_not_modified,
            "duplicates": self.duplicates,
            "skipped": dict(sorted(self.skipped.items())),
            "requests": self.requests,
            "errors": self.errors,
        }


def document_id(canonical_url: str) -> str:
    """A stable internal id from the canonical URL: one article, one id across crawls."""
    return "web-" + hashlib.sha256(canonical_url.encode("utf-8")).hexdigest()[:16]


def _when(entry: FeedEntry, fallback: datetime | None) -> datetime | None:
    if entry.published:
        try:
            return datetime.fromisoformat(entry.published)
        except ValueError:
            pass
    return fallback


async def _read_feed(
    fetcher: Fetcher, url: str, state: CrawlState, pending: CrawlState, result: CrawlResult
) -> list[FeedEntry]:
    old = state.feeds.get(url, {})
    headers = state.validators("feed", url).headers() if old.get("entries") else {}
    got = await fetcher.get(url, headers)
    if got.not_modified:
        result.feeds_not_modified += 1
        pending.feeds[url] = old
        return [FeedEntry.from_json(e) for e in old["entries"]]
    if not got.ok:
        result.errors.append({"url": url, "kind": "feed", "error": got.error or "failed"})
        return []
    try:
        entries = parse_feed(got.content, got.final_url)
    except FeedError as exc:
        result.errors.append({"url": url, "kind": "feed", "error": str(exc)})
        return []
    result.feeds += 1
    pending.feeds[url] = {
        "etag": got.headers.get("etag"),
        "last_modified": got.headers.get("last-modified"),
        "entries": [e.to_json() for e in entries],
    }
    return entries


async def _read_page(
    fetcher: Fetcher,
    source: Source,
    entry: FeedEntry,
    state: CrawlState,
    pending: CrawlState,
    known: Mapping[str, Document],
    options: CrawlOptions,
    result: CrawlResult,
) -> Document | None:
    url = entry.url
    old = state.pages.get(url, {})
    reusable = old.get("doc_id") in known
    headers = state.validators("page", url).headers() if reusable else {}
    got = await fetcher.get(url, headers)
    if got.not_modified and reusable:
        result.pages_not_modified += 1
        pending.pages[url] = old
        return known[old["doc_id"]]
    if not got.ok:
        result.errors.append({"url": url, "kind": "page", "error": got.error or "failed"})
        return None
    result.pages += 1
    # Extraction is CPU work: off the event loop, so it does not delay other requests.
    article = await asyncio.to_thread(extract_article, got.content, got.final_url)
    if article is None:
        result.skipped["no main text"] += 1
        return None
    if len(article.text) < options.min_chars:
        result.skipped["too short"] += 1
        return None
    lang = guess_language(article.title + "\n" + article.text)
    if options.language and lang != options.language:
        result.skipped["language"] += 1
        return None
    doc = Document(
        id=document_id(article.canonical_url),
        text=article.text,
        title=article.title or entry.title,
        url=article.canonical_url,
        published_at=_when(entry, article.published_at),
        source=source.name,
        lang=lang,
    )
    pending.pages[url] = {
        "etag": got.headers.get("etag"),
        "last_modified": got.headers.get("last-modified"),
        "doc_id": doc.id,
    }
    return doc


async def crawl_async(
    sources: Iterable[Source],
    *,
    state: CrawlState | None = None,
    known: Mapping[str, Document] | None = None,
    options: CrawlOptions | None = None,
) -> tuple[CrawlResult, CrawlState]:
    """Crawl every feed and the articles it lists; return the result and the state to save.

    `known` maps document ids to documents already stored: a page answering 304 reuses
    its stored document, and a fetched article whose text equals a known one under another
    URL counts as a duplicate. The returned state is saved by the caller only after the
    documents are stored, so an interrupted run simply fetches again.
    """
    opts = options or CrawlOptions()
    state = state or CrawlState()
    known = known or {}
    pending = CrawlState(path=state.path, feeds=dict(state.feeds), pages=dict(state.pages))
    result = CrawlResult()
    async with Fetcher(
        timeout=opts.timeout,
        retries=opts.retries,
        backoff=opts.backoff,
        respect_robots=opts.respect_robots,
    ) as fetcher:
        jobs: list[tuple[Source, FeedEntry]] = []
        seen_urls: set[str] = set()
        srcs = list(sources)
        for src in srcs:
            for feed in src.feeds:
                fetcher.set_rate(feed, src.rate_limit)
        feed_lists = await asyncio.gather(
            *(_read_feed(fetcher, f, state, pending, result) for s in srcs for f in s.feeds)
        )
        pairs = [(s, f) for s in srcs for f in s.feeds]
        for (src, _), entries in zip(pairs, feed_lists, strict=True):
            for entry in entries:
                key = normalize_url(entry.url)
                if key not in seen_urls:
                    seen_urls.add(key)
                    fetcher.set_rate(entry.url, src.rate_limit)
                    jobs.append((src, entry))
        if opts.max_pages is not None:
            jobs = jobs[: opts.max_pages]
        gate = asyncio.Semaphore(opts.concurrency)

        async def one(src: Source, entry: FeedEntry) -> Document | None:
            async with gate:
                return await _read_page(fetcher, src, entry, state, pending, known, opts, result)

        docs = await asyncio.gather(*(one(s, e) for s, e in jobs))
        result.requests = fetcher.requests
    _collect(result, docs, known)
    return result, pending


def _collect(
    result: CrawlResult, docs: list[Document | None], known: Mapping[str, Document]
) -> None:
    # Feed order decides which copy of a duplicate survives, so reruns agree.
    by_hash = {d.content_hash: d.id for d in known.values()}
    kept: dict[str, Document] = {}
    for doc in docs:
        if doc is None:
            continue
        owner = by_hash.get(doc.content_hash)
        if doc.id in kept or (owner is not None and owner != doc.id):
            result.duplicates += 1
            continue
        kept[doc.id] = doc
        by_hash[doc.content_hash] = doc.id
    result.documents = list(kept.values())
    for doc in result.documents:
        before = known.get(doc.id)
        if before is None:
            result.new.append(doc.id)
        elif before.content_hash != doc.content_hash:
            result.changed.append(doc.id)


def crawl(
    sources: Iterable[Source],
    *,
    state: CrawlState | None = None,
    known: Mapping[str, Document] | None = None,
    options: CrawlOptions | None = None,
) -> tuple[CrawlResult, CrawlState]:
    """Synchronous wrapper of `crawl_async`."""
    return asyncio.run(crawl_async(sources, state=state, known=known, options=options))


def crawl_to_store(
    sources: Iterable[Source],
    store: DocumentStore,
    *,
    state_path: str | None = None,
    options: CrawlOptions | None = None,
) -> CrawlResult:
    """Crawl and write a cumulative snapshot: the latest one plus new and changed articles.

    Nothing is written when nothing changed (the latest snapshot id is reported), so the
    crawl is idempotent. The state file is saved after the snapshot, atomically.
    """
    state = CrawlState.load(state_path)
    latest = store.latest()
    previous = store.read(latest) if latest else []
    known = {d.id: d for d in previous}
    result, pending = crawl(sources, state=state, known=known, options=options)
    if result.new or result.changed:
        merged = dict(known)
        for doc in result.documents:
            merged[doc.id] = doc
        result.snapshot = store.write(list(merged.values()))
    else:
        result.snapshot = latest
    pending.save()
    return result
