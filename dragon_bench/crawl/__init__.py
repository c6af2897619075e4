"""News crawler: RSS/Atom feeds and article pages into the snapshot store."""

from dragon_bench.crawl.article import Article, extract_article, normalize_url
from dragon_bench.crawl.crawler import (
    CrawlOptions,
    CrawlResult,
    DocumentStore,
    crawl,
    crawl_async,
    crawl_to_store,
    document_id,
)
from dragon_bench.crawl.feeds import FeedEntry, FeedError, parse_feed
from dragon_bench.crawl.fetch import Fetcher, FetchResult
from dragon_bench.crawl.language import cyrillic_share, guess_language
from dragon_bench.crawl.sources import Source, example_sources_path, load_sources, parse_sources
from dragon_bench.crawl.state import CrawlState

__all__ = [
    "Article",
    "CrawlOptions",
    "CrawlResult",
    "CrawlState",
    "DocumentStore",
    "FeedEntry",
    "FeedError",
    "FetchResult",
    "Fetcher",
    "Source",
    "crawl",
    "crawl_async",
    "crawl_to_store",
    "cyrillic_share",
    "document_id",
    "example_sources_path",
    "extract_article",
    "guess_language",
    "load_sources",
    "normalize_url",
    "parse_feed",
    "parse_sources",
]
