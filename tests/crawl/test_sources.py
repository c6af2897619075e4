"""The sources file, the language check and the shipped example."""

from __future__ import annotations

import re

import pytest

from dragon_bench.crawl import (
    cyrillic_share,
    example_sources_path,
    guess_language,
    load_sources,
    normalize_url,
)
from dragon_bench.errors import BadInputError


def test_example_sources_parse() -> None:
    sources = load_sources(example_sources_path())
    assert len(sources) >= 8
    assert all(s.feeds and s.rate_limit <= 1 for s in sources)
    assert len({s.name for s in sources}) == len(sources)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "list under 'sources'"),
        ("sources: []", "empty"),
        ("sources: [{feeds: [http://a.ru/rss]}]", "sources[0] has no name"),
        ("sources: [{name: a}]", "'a' lists no feeds"),
        ("sources: [{name: a, feeds: [ftp://a.ru/x]}]", "is not an http(s) URL"),
        ("sources: [{name: a, feeds: [http://a.ru/x], rate_limit: 0}]", "rate_limit"),
        (
            "sources: [{name: a, feeds: [http://a.ru/x]}, {name: a, feeds: [http://b.ru/x]}]",
            "twice",
        ),
        ("sources: [{name: a, feeds: [http://a.ru/x]\n", "not valid YAML"),
    ],
)
def test_bad_sources_name_the_entry(tmp_path, text: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sources.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInputError, match=re.escape(message)) as info:
        load_sources(path)
    assert str(path) in str(info.value)


def test_missing_sources_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BadInputError, match="not found"):
        load_sources(tmp_path / "none.yaml")


def test_single_feed_string_and_default_rate(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.yaml"
    path.write_text("sources:\n  - name: a\n    feeds: https://a.ru/rss\n", encoding="utf-8")
    [src] = load_sources(path)
    assert src.feeds == ("https://a.ru/rss",) and src.rate_limit == 1.0


def test_language_by_cyrillic_share() -> None:
    assert cyrillic_share("абв abc") == 0.5
    assert cyrillic_share("123 !") == 0.0
    assert guess_language("Президент России провёл встречу с главой ЦБ") == "ru"
    assert guess_language("Москва (Reuters) — Банк России сохранил ставку") == "ru"
    assert guess_language("The Bank of Russia kept its key rate") == "und"


def test_normalize_url() -> None:
    assert normalize_url("HTTPS://Lenta.RU/news/1#top") == "https://lenta.ru/news/1"
    assert normalize_url("http://a.ru") == "http://a.ru/"
    assert normalize_url("http://a.ru/x?id=2") == "http://a.ru/x?id=2"
    assert normalize_url("http://a.ru/x?utm_source=rss&id=2&yclid=9") == "http://a.ru/x?id=2"
