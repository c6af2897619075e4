"""`dragon update` end to end: crawl a real local site, diff, dedup, build 1.1.0, idempotence,
resuming after a kill, publishing, and the command line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.engine import LocalEngine
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.release.journal import Journal
from dragon_bench.release.stages import published_documents
from dragon_bench.release.update import parse_interval, run_update
from tests.helpers.fake_hf import FakeHub, fake_hf  # noqa: F401  (fixture)
from tests.helpers.updating import base_documents, config_for, make_base_hub, serve_demo
from tests.plugins.news_server import NewsServer


def _kg_ready() -> bool:
    try:
        from dragon_bench.kg import extract_triples  # noqa: F401
    except ImportError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    not _kg_ready(), reason="the KG part (dragon_bench.kg.extract_triples) is not in this checkout"
)


@pytest.fixture(scope="module")
def base_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("base") / "hub"


def _qa(hub: Hub, version: str) -> list[dict[str, object]]:
    return hub.read_table("private", version, "qa").to_pylist()


def test_update_builds_next_revision_from_new_documents_only(
    news_server: NewsServer, tmp_path: Path, base_cache: Path
) -> None:
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    feed = serve_demo(news_server)
    report = run_update(config_for(tmp_path, hub_path, feed))

    hub = Hub(str(hub_path))
    assert report["version"] == "1.1.0" and report["parent"] == "1.0.0"
    assert hub.versions() == ["1.0.0", "1.1.0"]
    docs = report["documents"]
    # 7 pages: 5 articles, an exact copy (the crawler drops it) and a near copy (dedup drops it);
    # 3 of the articles repeat texts published in 1.0.0 under other ids.
    assert report["crawl"]["duplicates"] == 1
    assert docs["snapshot"] == 6 and docs["published"] == 3
    assert docs["duplicates_dropped"] == 4 and docs["increment"] == 2

    new_ids = {d.id for d in published_documents(hub, "1.1.0")} - {d.id for d in base_documents()}
    assert len(new_ids) == 2 and all(i.startswith("web-") for i in new_ids)
    questions = _qa(hub, "1.1.0")
    assert questions, "the new documents yield questions"
    assert all(set(q["text_ids"]) <= new_ids for q in questions)  # type: ignore[call-overload]
    # Public texts are the whole corpus: the base texts and the new ones.
    texts = hub.read_table("public", "1.1.0", "texts").column("text").to_pylist()
    assert len(texts) == 5
    assert sum(t.startswith("В Самаре открыли второй мост") for t in texts) == 1
    assert hub.read_manifest("public", "1.1.0")["parent"] == "1.0.0"
    assert report["segments"] >= 2
    assert (tmp_path / "state" / "increments" / "1.1.0.segments.parquet").exists()


def test_second_update_on_unchanged_sources_makes_no_revision(
    news_server: NewsServer, tmp_path: Path, base_cache: Path
) -> None:
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    config = config_for(tmp_path, hub_path, serve_demo(news_server))
    assert run_update(config)["version"] == "1.1.0"
    again = run_update(config)
    assert again["version"] is None and "no new documents since 1.1.0" in again["reason"]
    assert again["crawl"]["feeds_not_modified"] == 1
    assert Hub(str(hub_path)).versions() == ["1.0.0", "1.1.0"]

    # A new article in the feed: the next update makes 1.2.0 from it alone.
    from dragon_bench.engine.demo_feed import demo_feed_data, demo_site_pages

    data = demo_feed_data()
    extra = dict(data["articles"][1])
    extra.update(
        slug="samara-metro",
        title="В Самаре продлят линию метро до вокзала",
        paragraphs=[
            "Мэр Самары Иван Носков объявил о продлении первой линии метро до железнодорожного вокзала.",
            "Подрядчиком строительства выбрана компания «Самаратрансстрой» из Самары.",
            "Стоимость работ составит 18 миллиардов рублей, станция «Вокзальная» откроется в 2029 году.",
        ],
    )
    data["articles"].append(extra)
    for path, (body, ctype) in demo_site_pages(data).items():
        news_server.route(path, body, content_type=ctype, etag=f'"{len(body)}"')
    third = run_update(config)
    assert third["version"] == "1.2.0" and third["documents"]["increment"] == 1
    hub = Hub(str(hub_path))
    [new_id] = {d.id for d in published_documents(hub, "1.2.0")} - {
        d.id for d in published_documents(hub, "1.1.0")
    }
    assert all(q["text_ids"] == [new_id] for q in _qa(hub, "1.2.0"))


def test_interrupted_revision_write_is_completed_by_a_rerun(
    news_server: NewsServer, tmp_path: Path, base_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    config = config_for(tmp_path, hub_path, serve_demo(news_server))
    real = Hub._write_half

    def die_after_private(self, half, *args, **kw):  # type: ignore[no-untyped-def]
        real(self, half, *args, **kw)
        if half == "private":
            raise KeyboardInterrupt  # the process dies between the two halves

    monkeypatch.setattr(Hub, "_write_half", die_after_private)
    with pytest.raises(KeyboardInterrupt):
        run_update(config)
    monkeypatch.undo()
    hub = Hub(str(hub_path))
    assert hub.versions("private") == ["1.0.0", "1.1.0"] and hub.versions("public") == ["1.0.0"]
    assert Journal.load(tmp_path / "state" / "update-journal.json").status == "building"

    report = run_update(config)
    assert report["version"] == "1.1.0"  # completed under its planned name, not 1.2.0
    assert hub.versions("public") == hub.versions("private") == ["1.0.0", "1.1.0"]
    assert hub.read_manifest("private", "1.1.0")["parent"] == "1.0.0"
    assert run_update(config)["version"] is None


def test_killed_update_process_is_completed_by_a_rerun(
    news_server: NewsServer, tmp_path: Path, base_cache: Path
) -> None:
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    feed = serve_demo(news_server)
    script = (
        "import sys; from pathlib import Path\n"
        "from dragon_bench.release.update import run_update\n"
        "from tests.helpers.updating import config_for\n"
        "run_update(config_for(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]))\n"
    )
    args = [sys.executable, "-c", script, str(tmp_path), str(hub_path), feed]
    journal = tmp_path / "state" / "update-journal.json"
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(args, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Kill it (SIGKILL, no clean-up) once it is building the revision: after the crawl and
    # the snapshot, during segmentation and knowledge-graph extraction.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if journal.exists() and json.loads(journal.read_text())["status"] == "building":
            os.kill(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.01)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the update finished before it could be killed"
    assert Hub(str(hub_path)).versions() == ["1.0.0"]
    assert (tmp_path / "state" / "update.lock").exists()  # left behind by the dead process

    config = config_for(tmp_path, hub_path, feed)
    done = run_update(config)  # takes over the stale lock
    assert done["version"] == "1.1.0"
    assert run_update(config)["version"] is None
    assert Hub(str(hub_path)).versions() == ["1.0.0", "1.1.0"]


def test_update_without_new_documents_on_an_empty_store(tmp_path: Path, base_cache: Path) -> None:
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    report = run_update(config_for(tmp_path, hub_path, None), LocalEngine())
    assert report["version"] is None and report["reason"] == "the snapshot store is empty"


def _main(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    from dragon_bench.cli import main

    monkeypatch.setattr(sys, "argv", ["dragon", *argv])
    with pytest.raises(SystemExit) as info:
        main()
    return int(info.value.code or 0)


def test_bad_input_on_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "s.yaml"
    bad.write_text("sources: [{name: a}]\n")
    assert (
        _main(["update", "--sources", str(bad), "--hub", str(tmp_path / "hub")], monkeypatch) == 2
    )
    err = capsys.readouterr().err
    assert "lists no feeds" in err and "Traceback" not in err
    assert _main(["update", "--hub", str(tmp_path), "--every", "soon"], monkeypatch) == 2
    assert "interval 'soon'" in capsys.readouterr().err


def test_parse_interval() -> None:
    assert parse_interval("24h") == 86400 and parse_interval("30m") == 1800
    assert parse_interval("90s") == 90 and parse_interval("2d") == 172800
    assert parse_interval("15") == 15
    with pytest.raises(BadInputError):
        parse_interval("-1h")


def test_publish_after_build_is_resumed_when_it_failed(
    news_server: NewsServer,
    tmp_path: Path,
    base_cache: Path,
    fake_hf: FakeHub,  # noqa: F811
) -> None:
    import socket

    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    config = config_for(tmp_path, hub_path, serve_demo(news_server))
    config.publish = "hf://dragon/news"
    config.publish_token = "hf_test"
    with socket.socket() as s:  # a port nobody listens on: the first publish fails
        s.bind(("127.0.0.1", 0))
        config.publish_endpoint = f"http://127.0.0.1:{s.getsockname()[1]}"
    with pytest.raises(Exception):  # noqa: B017 - whatever the HTTP client raises
        run_update(config)
    assert Hub(str(hub_path)).versions() == ["1.0.0", "1.1.0"]
    assert Journal.load(tmp_path / "state" / "update-journal.json").status == "built"

    config.publish_endpoint = fake_hf.url
    report = run_update(config)
    assert report["resumed"] == "1.1.0" and report["version"] is None
    assert report["published"]["version"] == "1.1.0"
    assert set(fake_hf.repos["dragon/news-texts"].tags) == {"1.1.0"}
    assert set(fake_hf.repos["dragon/news-questions"].tags) == {"1.1.0"}
    assert Journal.load(tmp_path / "state" / "update-journal.json").status == "idle"


def test_update_on_an_empty_hub_builds_the_first_revision(
    news_server: NewsServer, tmp_path: Path
) -> None:
    hub_path = tmp_path / "hub"
    report = run_update(config_for(tmp_path, hub_path, serve_demo(news_server)))
    assert report["version"] == "1.0.0" and report["parent"] is None
    # 5 articles; the exact copy goes in the crawl, the edited copy in dedup.
    assert report["documents"]["increment"] == 5
    assert Hub(str(hub_path)).read_manifest("public", "1.0.0")["counts"]["texts"] == 5


def test_every_repeats_the_update(
    news_server: NewsServer,
    tmp_path: Path,
    base_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    feed = serve_demo(news_server)
    sources = tmp_path / "sources.yaml"
    sources.write_text(f"sources:\n  - name: demo\n    feeds: [{feed}]\n    rate_limit: 100\n")
    argv = ["update", "--sources", str(sources), "--hub", str(hub_path), "--min-chars", "100"]
    argv += ["--questions-per-type", "5", "--every", "0.05s", "--runs", "2", "--format", "json"]
    assert _main(argv, monkeypatch) == 0
    reports = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["version"] for r in reports] == ["1.1.0", None]
    assert (hub_path / "crawl" / "update-journal.json").exists()  # the default store: HUB/crawl


def test_llm_questions_are_phrased_on_the_engine_then_selected_from_the_cache(
    news_server: NewsServer, tmp_path: Path, base_cache: Path, llm_server: Any
) -> None:
    import hashlib

    def reply(request: dict[str, Any]) -> str:
        prompt = json.dumps(request["messages"], ensure_ascii=False)
        tag = int(hashlib.sha256(prompt.encode()).hexdigest()[:6], 16)
        return json.dumps(
            {"question": f"Что сообщается в заметке номер {tag}?"}, ensure_ascii=False
        )

    llm_server.reply = reply
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    config = config_for(tmp_path, hub_path, serve_demo(news_server))
    config.question_backend = "llm"
    config.llm_settings = llm_server.settings(tmp_path)
    with LocalEngine(workers=2) as engine:
        report = run_update(config, engine)
    assert report["version"] == "1.1.0"
    questions = _qa(Hub(str(hub_path)), "1.1.0")
    assert questions and all(str(q["question"]).startswith("Что сообщается") for q in questions)
    # Every call was made by the parallel warm-up; the sequential selection read the cache.
    prompts = [json.dumps(r["messages"], ensure_ascii=False) for r in llm_server.requests]
    assert len(prompts) == len(set(prompts)) >= len(questions)


def test_killed_after_the_write_still_publishes_on_rerun(
    news_server: NewsServer,
    tmp_path: Path,
    base_cache: Path,
    fake_hf: FakeHub,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    config = config_for(tmp_path, hub_path, serve_demo(news_server))
    config.publish, config.publish_token, config.publish_endpoint = "hf://d/n", "t", fake_hf.url
    real = Journal.save

    def die_on_built(self: Journal, **changes: Any) -> None:
        if changes.get("status") == "built":
            raise KeyboardInterrupt  # the revision is written; the journal never learns it
        real(self, **changes)

    monkeypatch.setattr(Journal, "save", die_on_built)
    with pytest.raises(KeyboardInterrupt):
        run_update(config)
    monkeypatch.undo()
    assert Hub(str(hub_path)).versions() == ["1.0.0", "1.1.0"] and not fake_hf.repos
    report = run_update(config)
    assert report["resumed"] == "1.1.0" and report["version"] is None
    assert set(fake_hf.repos["d/n-texts"].tags) == {"1.1.0"}


def test_update_runs_the_llm_screens(
    news_server: NewsServer, tmp_path: Path, base_cache: Path, llm_server: Any
) -> None:
    """`dragon update --closed-book-models ... --question-judge`: the same screen stage."""
    from dragon_bench.questions.question_judge import CRITERIA
    from dragon_bench.screening.screen import screening_from_options

    def reply(request: dict[str, Any]) -> str:
        if request["model"] == "judge":
            return json.dumps(dict.fromkeys(CRITERIA, 5))
        return "не знаю"  # the closed-book model knows nothing of the new articles

    llm_server.reply = reply
    hub_path = make_base_hub(tmp_path / "hub", base_cache)
    config = config_for(tmp_path, hub_path, serve_demo(news_server))
    config.screening = screening_from_options(
        closed_book_models="memory",
        question_judge=True,
        judge_model="judge",
        settings=llm_server.settings(tmp_path),
    )
    report = run_update(config)
    assert report["version"] == "1.1.0"
    screening = report["screening"]
    assert screening["closed_book"]["models"]["memory"]["correct"] == 0
    assert screening["question_judge"]["judged"] == screening["screened"] > 0
    assert report["llm"]["closed_book"]["calls"] == screening["screened"]
    manifest = Hub(str(hub_path)).read_manifest("private", "1.1.0")
    assert manifest["screening"]["outcomes"].get("kept") == len(_qa(Hub(str(hub_path)), "1.1.0"))
