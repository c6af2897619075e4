"""What every page shares: the header links, the number format, rendering and inline JSON."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse

from dragon_bench import __version__
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.portal import Portal

__all__ = ["NAV", "render", "render_error", "script_json", "fmt"]

# Header links: (path, label, page key, admin only); a page passes `page=<key>` to `render`.
NAV: list[tuple[str, str, str, bool]] = [
    ("/", "Leaderboard", "leaderboard", False),
    ("/submit", "Submit", "submit", False),
    ("/admin", "Admin", "admin", True),
    ("/arena", "Arena", "arena", False),
    ("/arena/leaderboard", "Arena ratings", "arena_board", False),
    ("/grading", "Grading", "grading", True),
    ("/review", "Review", "review", True),
]

# Inside <script> the HTML parser looks for "</script", "<!--" and "<script" before any JSON
# parser sees the text; U+2028/9 end a line in older JavaScript. None may appear raw.
_SCRIPT_ESCAPES = {
    ord("<"): "\\u003c",
    ord(">"): "\\u003e",
    ord("&"): "\\u0026",
    0x2028: "\\u2028",
    0x2029: "\\u2029",
}


def fmt(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, int | float) and not isinstance(value, bool) else "—"


def script_json(value: Any) -> str:
    """JSON to inline in a `<script type="application/json">` element: <, >, &, U+2028 and
    U+2029 are written as \\u escapes, so no stored string can end or comment out the element."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False).translate(_SCRIPT_ESCAPES)


def render(
    portal: Portal,
    request: Request,
    template: str,
    caller: Caller | None,
    status_code: int = 200,
    **context: Any,
) -> HTMLResponse:
    """Render a page with what every page needs: title, caller, version, number formatter."""
    base = {
        "request": request,
        "title": portal.settings.title,
        "caller": caller,
        "version": __version__,
        "fmt": fmt,
        "nav": NAV,
    }
    return portal.templates.TemplateResponse(
        request, template, {**base, **context}, status_code=status_code
    )


def render_error(
    portal: Portal, request: Request, caller: Caller | None, status: int, message: Any
) -> HTMLResponse:
    """The error page with `status` as both the HTTP status and the shown one."""
    return render(portal, request, "error.html", caller, status, status=status, message=message)
