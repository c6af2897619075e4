"""The crawl state file: validators for conditional GET and the last entries of each feed."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragon_bench.errors import BadInputError

__all__ = ["CrawlState", "Validators", "read_json", "write_json_atomic"]


def read_json(path: Path, what: str) -> Any:
    """The JSON in `path`; BadInputError "<what> is not JSON (...)" naming the file when it is not."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise BadInputError(f"{what} is not JSON ({exc.msg})", path=str(path)) from None


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON to a temporary file beside `path` and rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@dataclass
class Validators:
    """What a server said about a resource last time: `ETag` and `Last-Modified`."""

    etag: str | None = None
    last_modified: str | None = None

    def headers(self) -> dict[str, str]:
        """Request headers for a conditional GET."""
        h: dict[str, str] = {}
        if self.etag:
            h["If-None-Match"] = self.etag
        if self.last_modified:
            h["If-Modified-Since"] = self.last_modified
        return h


@dataclass
class CrawlState:
    """Per-URL validators plus, for feeds, the entries last parsed (reused on 304 Not Modified).

    For pages it also keeps the document id made from them, so a 304 can reuse the stored
    document instead of fetching it again.
    """

    path: Path | None = None
    feeds: dict[str, dict[str, Any]] = field(default_factory=dict)
    pages: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path | None) -> CrawlState:
        if path is None:
            return cls()
        p = Path(path)
        if not p.exists():
            return cls(path=p)
        data = read_json(p, "crawl state")
        if not isinstance(data, dict):
            raise BadInputError("crawl state is not a JSON object", path=str(p))
        return cls(path=p, feeds=dict(data.get("feeds", {})), pages=dict(data.get("pages", {})))

    def save(self) -> None:
        if self.path is not None:
            write_json_atomic(self.path, {"version": 1, "feeds": self.feeds, "pages": self.pages})

    def validators(self, kind: str, url: str) -> Validators:
        entry = (self.feeds if kind == "feed" else self.pages).get(url, {})
        return Validators(entry.get("etag"), entry.get("last_modified"))
