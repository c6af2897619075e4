"""`dragon crawl` into a real snapshot store: cumulative snapshots, nothing written when unchanged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dragon_bench.corpus import SnapshotStore
from dragon_bench.crawl import CrawlOptions, Source, crawl_to_store
from tests.crawl.site import build_site
from tests.plugins.news_server import NewsServer, article_html, rss

FAST = CrawlOptions(timeout=0.5, retries=2, backoff=0.01, min_chars=100)


@pytest.mark.slow
def test_snapshots_are_cumulative_and_idempotent(news_server: NewsServer, tmp_path: Path) -> None:
    feeds = build_site(news_server)
    store = SnapshotStore(str(tmp_path / "store"))
    state = str(tmp_path / "state.json")
    sources = [Source("main", (feeds["rss"],), rate_limit=200)]
    first = crawl_to_store(sources, store, state_path=state, options=FAST)
    assert first.snapshot == store.latest() and len(store.read(first.snapshot)) == 3
    assert Path(state).exists()

    again = crawl_to_store(sources, store, state_path=state, options=FAST)
    assert again.snapshot == first.snapshot and again.new == []
    assert store.ids() == [first.snapshot]  # nothing new: no new snapshot

    # The feed now lists only a new article: the snapshot keeps the old ones too.
    u = news_server.url
    news_server.route("/feed.xml", rss([{"link": u("/news/12"), "title": "Новое"}]), etag='"v2"')
    news_server.route(
        "/news/12",
        article_html(
            "Новое", ["Жители Твери первыми в стране получили электронные полисы ОМС. " * 3]
        ),
    )
    third = crawl_to_store(sources, store, state_path=state, options=FAST)
    assert third.snapshot != first.snapshot and len(third.new) == 1
    assert {d.id for d in store.read(third.snapshot)} >= {d.id for d in store.read(first.snapshot)}
    assert len(store.read(third.snapshot)) == 4


def test_crawl_command_reports_json(
    news_server: NewsServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dragon_bench.cli import main

    feeds = build_site(news_server)
    sources = tmp_path / "sources.yaml"
    sources.write_text(
        f"sources:\n  - name: main\n    feeds: [{feeds['atom']}, {feeds['missing']}]\n"
        "    rate_limit: 100\n"
    )
    store = tmp_path / "store"
    argv = ["dragon", "crawl", "--sources", str(sources), "--store", str(store)]
    monkeypatch.setattr(sys, "argv", [*argv, "--min-chars", "100", "--format", "json"])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["new"] == 1 and report["snapshot"] == SnapshotStore(str(store)).latest()
    assert report["errors"] == [{"url": feeds["missing"], "kind": "feed", "error": "HTTP 404"}]
    assert (store / "crawl-state.json").exists()

    monkeypatch.setattr(
        sys,
        "argv",
        ["dragon", "crawl", "--sources", str(tmp_path / "no.yaml"), "--store", str(store)],
    )
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2 and "sources file not found" in capsys.readouterr().err
