"""The built-in demo corpus: about 40 invented Russian news-style articles written by the project."""

from __future__ import annotations

from pathlib import Path

__all__ = ["builtin_corpus_path"]


def builtin_corpus_path() -> Path:
    """Path of `demo_news.jsonl` (fields id, title, text, url, published_at, source)."""
    return Path(__file__).resolve().parent / "data" / "demo_news.jsonl"
