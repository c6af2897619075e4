"""Shared set-up of the update tests: the demo site on the test news server and a base hub."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from dragon_bench.crawl import CrawlOptions, Source
from dragon_bench.engine.demo_feed import demo_feed_data, demo_site_pages
from dragon_bench.release.build import build_revision
from dragon_bench.release.update import UpdateConfig
from dragon_bench.types import Document
from tests.plugins.news_server import NewsServer

__all__ = ["BASE_SLUGS", "serve_demo", "base_documents", "make_base_hub", "config_for"]

# The first articles of the demo feed are already published in 1.0.0 (under other ids):
# the update must drop them as copies of published texts.
BASE_SLUGS = ("volga-bridge", "nizhny-museum", "penza-festival")
FAST = CrawlOptions(timeout=5, retries=1, backoff=0.01, min_chars=100)


def serve_demo(server: NewsServer) -> str:
    for path, (body, ctype) in demo_site_pages().items():
        server.route(
            path, body, content_type=ctype, etag=f'"{hashlib.sha256(body).hexdigest()[:12]}"'
        )
    return server.url("/rss.xml")


def base_documents() -> list[Document]:
    articles = {a["slug"]: a for a in demo_feed_data()["articles"]}
    return [
        Document(
            id=f"base-{slug}",
            title=articles[slug]["title"],
            text="\n".join(articles[slug]["paragraphs"]),
        )
        for slug in BASE_SLUGS
    ]


def make_base_hub(path: Path, cache: Path) -> Path:
    """A hub holding revision 1.0.0 of the base documents (built once, then copied)."""
    if not cache.exists():
        build_revision(base_documents(), str(cache), per_type=5, seed=0)
    shutil.copytree(cache, path)
    return path


def config_for(
    tmp: Path, hub: Path, feed: str | None, state_dir: Path | None = None
) -> UpdateConfig:
    return UpdateConfig(
        hub=str(hub),
        store=str(tmp / "store"),
        state_dir=state_dir or tmp / "state",
        sources=[Source("demo", (feed,), rate_limit=100)] if feed else None,
        crawl=FAST,
        per_type=5,
    )
