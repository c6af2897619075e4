"""The sources file: `sources: [{name, feeds: [URL, ...], rate_limit}]` in YAML."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from dragon_bench.errors import BadInputError

__all__ = ["Source", "load_sources", "parse_sources", "example_sources_path"]


@dataclass(frozen=True, slots=True)
class Source:
    """One outlet: its feeds and how many requests a second its hosts may receive."""

    name: str
    feeds: tuple[str, ...]
    rate_limit: float = 1.0


def example_sources_path() -> Path:
    """The example sources file shipped with the package (major Russian outlets)."""
    return Path(__file__).with_name("sources.example.yaml")


def load_sources(path: str | Path) -> list[Source]:
    """Read and check a sources file; problems raise BadInputError naming the entry."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInputError("sources file not found", path=str(p)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise BadInputError(
            f"not valid YAML ({exc.__class__.__name__})", path=str(p), line=line
        ) from None
    return parse_sources(data, where=str(p))


def parse_sources(data: Any, *, where: str = "sources") -> list[Source]:
    """Check the parsed YAML structure and return the sources it names."""
    if not isinstance(data, dict) or not isinstance(data.get("sources"), list):
        raise BadInputError("expected a mapping with a list under 'sources'", path=where)
    out: list[Source] = []
    names: set[str] = set()
    for i, entry in enumerate(data["sources"]):
        label = f"sources[{i}]"
        if not isinstance(entry, dict):
            raise BadInputError(f"{label} is not a mapping", path=where)
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise BadInputError(f"{label} has no name", path=where)
        label = f"source {name!r}"
        if name in names:
            raise BadInputError(f"{label} appears twice", path=where)
        names.add(name)
        feeds = entry.get("feeds")
        if isinstance(feeds, str):
            feeds = [feeds]
        if not isinstance(feeds, list) or not feeds:
            raise BadInputError(f"{label} lists no feeds", path=where)
        for url in feeds:
            parts = urlsplit(str(url))
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise BadInputError(f"{label}: feed {url!r} is not an http(s) URL", path=where)
        rate = entry.get("rate_limit", 1.0)
        if isinstance(rate, bool) or not isinstance(rate, int | float) or rate <= 0:
            raise BadInputError(
                f"{label}: rate_limit must be a positive number of requests a second", path=where
            )
        out.append(Source(name=name, feeds=tuple(str(u) for u in feeds), rate_limit=float(rate)))
    if not out:
        raise BadInputError("the sources list is empty", path=where)
    return out
