"""Demo step: a local news site with new articles -> `dragon update` -> revision 1.1.0, twice."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from dragon_bench.crawl import CrawlOptions, Source
from dragon_bench.crawl.site import LocalSite
from dragon_bench.engine.demo_feed import demo_feed_data, demo_site_pages
from dragon_bench.engine.local import LocalEngine
from dragon_bench.hub import Hub
from dragon_bench.output import print_table, stdout
from dragon_bench.release.build import build_revision
from dragon_bench.release.stages import published_documents
from dragon_bench.release.update import UpdateConfig, run_update
from dragon_bench.types import Document

if TYPE_CHECKING:
    from dragon_bench.demo import DemoContext

__all__ = ["run"]


def _base_hub(ctx: DemoContext) -> str:
    """The release step's hub, or (when run alone) a 1.0.0 built from three demo articles."""
    hub = ctx.artifacts.get("hub")
    if hub:
        return str(hub)
    path = ctx.workdir / "update-hub"
    articles = demo_feed_data()["articles"][:3]
    docs = [
        Document(id=f"base-{a['slug']}", title=a["title"], text="\n".join(a["paragraphs"]))
        for a in articles
    ]
    build_revision(docs, str(path), per_type=5)
    stdout.print(f"no hub from the release step: built 1.0.0 from 3 articles in {path}")
    return str(path)


def run(ctx: DemoContext) -> None:
    """Leaves `update_version` (the revision made) and `update_report` in ctx.artifacts."""
    hub_url = _base_hub(ctx)
    hub = Hub(hub_url)
    before = hub.versions()
    with LocalSite(demo_site_pages()) as site, LocalEngine() as engine:
        feed = f"{site.url}/rss.xml"
        stdout.print(f"news site on {site.url}: feed {feed} (5 articles, 1 copy, 1 edited copy)")
        config = UpdateConfig(
            hub=hub_url,
            store=str(ctx.workdir / "crawl-store"),
            state_dir=ctx.workdir / "crawl-store",
            sources=[Source("vestnik", (feed,), rate_limit=50)],
            crawl=CrawlOptions(timeout=10, retries=1, backoff=0.1, min_chars=100),
            per_type=5,
        )
        start = time.perf_counter()
        report = run_update(config, engine)
        took = time.perf_counter() - start
        _show(report, took, before)
        if report["version"]:
            _show_new(hub, report["version"], report["parent"])
            _show_questions(hub, report["version"])
        start = time.perf_counter()
        again = run_update(config, engine)
        stdout.print(
            f"second update on the unchanged feed ({time.perf_counter() - start:.1f} s): "
            f"{again['crawl']['feeds_not_modified']} feed and "
            f"{again['crawl']['pages_not_modified']} pages answered 304 Not Modified; "
            f"version made: {again['version'] or 'none'} ({again.get('reason', '')})"
        )
        stdout.print(f"hub versions: {', '.join(hub.versions())}")
    ctx.artifacts["update_version"] = report["version"]
    ctx.artifacts["update_report"] = report


def _show(report: dict[str, Any], took: float, before: list[str]) -> None:
    crawl = report.get("crawl", {})
    docs = report["documents"]
    print_table(
        ["update", "value"],
        [
            ["hub before", ", ".join(before)],
            ["pages fetched", crawl.get("pages")],
            ["copies dropped by the crawler", crawl.get("duplicates")],
            ["documents in the snapshot", docs["snapshot"]],
            ["already published (parent)", docs["published"]],
            ["new since the parent", docs["new"]],
            ["dropped as duplicates of published or new texts", docs["duplicates_dropped"]],
            ["new documents in the revision", docs["increment"]],
            ["triples from the new documents", report.get("triples")],
            ["questions (new documents only)", report.get("questions")],
            ["version made", report["version"] or "none"],
            ["took", f"{took:.1f} s"],
        ],
        title=f"dragon update (engine {report['engine']})",
    )
    if not report["version"]:
        stdout.print(f"no revision: {report.get('reason')}")


def _show_new(hub: Any, version: str, parent: str | None) -> None:
    old = {d.id for d in published_documents(hub, parent)} if parent else set()
    for doc in published_documents(hub, version):
        if doc.id not in old:
            stdout.print(f"  new: {doc.id}  {doc.text.split(chr(10), 1)[0]}", markup=False)
    stdout.print("questions of the new revision (from the new documents only):")


def _show_questions(hub: Any, version: str) -> None:
    qa = hub.read_table("private", version, "qa").to_pylist()
    for row in qa[:4]:
        stdout.print(f"  [{row['type']}] {row['question']} → {row['answer']}", markup=False)
