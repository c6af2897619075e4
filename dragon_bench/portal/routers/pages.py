"""HTML pages (Jinja2 templates and small vanilla JS, no CDN): filled in below."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
