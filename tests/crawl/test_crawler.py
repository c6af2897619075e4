"""The crawler against a real HTTP site on 127.0.0.1 with broken feeds, redirects and faults."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from dragon_bench.crawl import CrawlOptions, CrawlState, Source, crawl, document_id
from tests.crawl.site import PARAS, build_site
from tests.plugins.news_server import NewsServer, article_html

FAST = CrawlOptions(timeout=1.5, retries=2, backoff=0.01, concurrency=4, min_chars=100)


def _sources(feeds: dict[str, str]) -> list[Source]:
    return [
        Source("main", (feeds["rss"], feeds["broken"], feeds["missing"]), rate_limit=200),
        Source("atom", (feeds["atom"],), rate_limit=200),
    ]


def test_crawl_keeps_good_articles_and_reports_every_fault(
    news_server: NewsServer, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    feeds = build_site(news_server)
    result, state = crawl(_sources(feeds), state=CrawlState(tmp_path / "s.json"), options=FAST)

    by_url = {d.url: d for d in result.documents}
    u = news_server.url
    # 1 (canonical), 2 (after the redirect), 9 (after two 503s), 11 (Atom).
    assert set(by_url) == {u("/news/1"), u("/articles/2"), u("/news/9"), u("/news/11")}
    assert result.new == [d.id for d in result.documents]
    doc1 = by_url[u("/news/1")]
    assert doc1.id == document_id(u("/news/1"))
    assert doc1.title == "Мост через Обь"
    assert doc1.text == "\n".join(PARAS[1])  # no navigation, footer or headline in the body
    assert doc1.source == "main" and doc1.lang == "ru"
    assert doc1.published_at == datetime(2026, 11, 29, 8, 0, tzinfo=UTC)  # from the feed
    # No feed date: the page's article:published_time (09:15 Moscow = 06:15 UTC).
    assert by_url[u("/articles/2")].published_at == datetime(2026, 11, 29, 6, 15, tzinfo=UTC)
    assert by_url[u("/news/11")].source == "atom"

    # /news/6 names /news/1 as canonical; /news/7 repeats its text under another URL;
    # /news/1#comments is the same URL as /news/1 and is not fetched twice.
    assert result.duplicates == 2
    assert news_server.hits("/news/1") == 1
    assert result.skipped == {"language": 1}
    assert news_server.hits("/news/9") == 3  # two 503 answers, then the page
    assert news_server.hits("/news/4") == 3  # 500 retried, then given up
    assert news_server.hits("/private/10") == 0  # robots.txt disallows it
    errors = {e["url"]: e["error"] for e in result.errors}
    assert errors[u("/news/3")] == "HTTP 404"
    assert errors[u("/news/4")] == "HTTP 500"
    assert "Timeout" in errors[u("/news/5")]
    assert errors[u("/private/10")] == "disallowed by robots.txt"
    assert (
        "not a readable feed" in errors[feeds["broken"]] or "no entries" in errors[feeds["broken"]]
    )
    assert errors[feeds["missing"]] == "HTTP 404"
    assert result.feeds == 2

    # The state is not saved by crawl(): the caller saves it after storing the documents.
    assert not (tmp_path / "s.json").exists()
    state.save()
    assert CrawlState.load(tmp_path / "s.json").feeds[feeds["rss"]]["etag"] == '"feed-v1"'


@pytest.mark.slow
def test_second_crawl_uses_conditional_get_and_finds_nothing_new(
    news_server: NewsServer, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    feeds = build_site(news_server)
    srcs = _sources(feeds)
    first, state = crawl(srcs, state=CrawlState(tmp_path / "s.json"), options=FAST)
    state.save()
    known = {d.id: d for d in first.documents}
    news_server.requests.clear()

    again, _ = crawl(srcs, state=CrawlState.load(tmp_path / "s.json"), known=known, options=FAST)
    assert again.new == [] and again.changed == []
    assert {d.id for d in again.documents} == set(known)
    assert again.feeds_not_modified == 2  # RSS by ETag, Atom by Last-Modified
    assert again.pages_not_modified == 3  # pages 1, 2 (redirect target) and 11 carry ETags
    sent = dict(news_server.requests)
    assert sent["/feed.xml"]["if-none-match"] == '"feed-v1"'
    assert sent["/atom.xml"]["if-modified-since"] == "Sat, 28 Nov 2026 12:30:00 GMT"
    assert sent["/news/1"]["if-none-match"] == '"a1"'

    # An edited article (new ETag) is fetched again and reported as changed.
    news_server.routes["/news/1"].body = news_server.routes["/news/1"].body.replace(
        "сорок".encode(), "пятьдесят".encode()
    )
    news_server.routes["/news/1"].etag = '"a1-v2"'
    edited, _ = crawl(srcs, state=CrawlState.load(tmp_path / "s.json"), known=known, options=FAST)
    assert edited.changed == [document_id(news_server.url("/news/1"))]


def test_conditional_get_is_not_trusted_without_the_stored_document(
    news_server: NewsServer, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    feeds = build_site(news_server)
    srcs = [Source("atom", (feeds["atom"],), rate_limit=200)]
    _, state = crawl(srcs, state=CrawlState(tmp_path / "s.json"), options=FAST)
    state.save()
    # The snapshot was lost (known is empty): the page must be fetched in full again.
    again, _ = crawl(srcs, state=CrawlState.load(tmp_path / "s.json"), options=FAST)
    assert [d.url for d in again.documents] == [news_server.url("/news/11")]
    assert again.pages_not_modified == 0


def test_rate_limit_spaces_requests_to_one_host(news_server: NewsServer) -> None:
    u = news_server.url
    news_server.route("/f.xml", _feed([u(f"/p/{i}") for i in range(4)]), content_type="text/xml")
    for i in range(4):
        news_server.route(f"/p/{i}", "<html><body><p>коротко</p></body></html>")
    import time

    stamps: list[float] = []
    original = news_server._handle

    def stamped(h):  # type: ignore[no-untyped-def]
        stamps.append(time.monotonic())
        original(h)

    news_server._handle = stamped  # type: ignore[method-assign]
    crawl([Source("slow", (u("/f.xml"),), rate_limit=10)], options=FAST)
    assert len(stamps) == 6  # robots.txt, feed, 4 pages
    # Starts are at least 1/10 s apart: five gaps take 0.5 s; a fifth is allowed for the
    # jitter between a request's start and its arrival.
    assert stamps[-1] - stamps[0] >= 0.4


def test_host_limiter_releases_waiters_one_interval_apart() -> None:
    import asyncio
    import time

    from dragon_bench.crawl.fetch import HostLimiter

    async def go() -> list[float]:
        limiter = HostLimiter(rate=20)
        out: list[float] = []

        async def one() -> None:
            await limiter.wait()
            out.append(time.monotonic())

        await asyncio.gather(*(one() for _ in range(5)))
        return out

    times = sorted(asyncio.run(go()))
    assert min(b - a for a, b in zip(times, times[1:], strict=False)) >= 0.05 - 1e-3


def test_robots_crawl_delay_and_unreachable_robots(news_server: NewsServer) -> None:
    u = news_server.url
    news_server.route("/robots.txt", "boom", status=500)
    news_server.route("/f.xml", _feed([u("/p/1")]), content_type="text/xml")
    result, _ = crawl(
        [Source("s", (u("/f.xml"),), rate_limit=200)],
        options=CrawlOptions(timeout=0.5, retries=0, backoff=0.01),
    )
    # RFC 9309: a robots.txt answering 5xx means "disallow everything" for now.
    assert news_server.hits("/f.xml") == 0
    assert result.errors == [
        {
            "url": u("/f.xml"),
            "kind": "feed",
            "error": "disallowed: robots.txt unreachable (HTTP 500)",
        }
    ]


def _feed(links: list[str]) -> str:
    from tests.plugins.news_server import rss

    return rss([{"link": link, "title": "t"} for link in links])


@pytest.mark.parametrize("respect", [True, False])
def test_ignore_robots(news_server: NewsServer, respect: bool) -> None:
    u = news_server.url
    news_server.route("/robots.txt", "User-agent: *\nDisallow: /\n", content_type="text/plain")
    news_server.route("/f.xml", _feed([u("/p/1")]), content_type="text/xml")
    crawl(
        [Source("s", (u("/f.xml"),), rate_limit=200)],
        options=CrawlOptions(timeout=0.5, retries=0, respect_robots=respect),
    )
    assert news_server.hits("/f.xml") == (0 if respect else 1)


def test_windows_1251_pages_are_decoded(news_server: NewsServer) -> None:
    u = news_server.url
    page = article_html("Мост через Обь", PARAS[1]).replace('<meta charset="utf-8">', "")
    news_server.route("/cp", page.encode("cp1251"), content_type="text/html; charset=windows-1251")
    news_server.route("/f.xml", _feed([u("/cp")]), content_type="text/xml")
    result, _ = crawl([Source("s", (u("/f.xml"),), rate_limit=200)], options=FAST)
    [doc] = result.documents
    assert doc.title == "Мост через Обь" and doc.text == "\n".join(PARAS[1])


def test_robots_crawl_delay_slows_the_host_down(news_server: NewsServer) -> None:
    import asyncio

    from dragon_bench.crawl.fetch import Fetcher

    news_server.route(
        "/robots.txt",
        "User-agent: dragon-bench\nCrawl-delay: 3\nDisallow: /secret\n",
        content_type="text/plain",
    )

    async def go() -> tuple[bool, bool, float]:
        async with Fetcher(default_rate=100) as fetcher:
            ok = await fetcher.allowed(news_server.url("/news/1"))
            secret = await fetcher.allowed(news_server.url("/secret/2"))
            return ok, secret, fetcher._limiter(news_server.base).interval

    ok, secret, interval = asyncio.run(go())
    assert ok and not secret
    assert interval == 3.0  # the robots.txt delay wins over 100 requests a second
