"""Saved HTML pages: the main text, headline, date and address extracted offline with trafilatura."""

from __future__ import annotations

from pathlib import Path

import trafilatura
from trafilatura.utils import decode_file

from dragon_bench.corpus.dates import parse_datetime
from dragon_bench.errors import BadInputError
from dragon_bench.types import Document

__all__ = ["html_document"]


def _decode_html(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        pass
    # Pages declare their charset; trafilatura's own detector handles cp1251 and friends.

    text = decode_file(data)
    if not isinstance(text, str) or "\ufffd" in text[:2000]:
        raise BadInputError(
            "cannot decode the page (neither UTF-8 nor its declared charset)", path=str(path)
        )
    return text


def html_document(path: Path, data: bytes) -> Document:
    """One saved page as a Document with id = file name stem; an unreadable page is a BadInputError."""

    html = _decode_html(data, path)
    try:
        extracted = trafilatura.bare_extraction(
            html, with_metadata=True, include_comments=False, include_tables=False
        )
    except Exception as exc:  # trafilatura raises assorted lxml/parser errors on broken pages
        raise BadInputError(
            f"unreadable HTML ({type(exc).__name__}: {exc})", path=str(path)
        ) from None
    if not extracted:
        raise BadInputError("unreadable HTML: no main text found", path=str(path))
    meta = extracted if isinstance(extracted, dict) else extracted.as_dict()
    text = (meta.get("text") or "").strip()
    title = (meta.get("title") or "").strip()
    if title and text.startswith(title + "\n"):  # the headline is kept apart, not twice
        text = text[len(title) + 1 :].strip()
    if not text:
        raise BadInputError("unreadable HTML: no main text found", path=str(path))

    try:
        published = parse_datetime(meta.get("date"))
    except ValueError:
        published = None
    return Document(
        id=path.stem,
        text=text,
        title=title,
        url=meta.get("url") or None,
        published_at=published,
        source=meta.get("sitename") or meta.get("hostname") or path.parent.name,
    )
