"""Headless Chromium through Playwright (Debian's /usr/bin/chromium, flags from RECIPES.md).

`browser` is one Chromium per test module (a session-wide one would keep Playwright's event
loop running in the main thread for every later test, and `asyncio.run` there fails); `page` a fresh context per test; `artifacts` the
gitignored test-artifacts/ folder where page tests keep their screenshots.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

__all__ = ["browser", "page", "artifacts", "CHROMIUM", "CHROMIUM_ARGS"]

CHROMIUM = os.environ.get("DRAGON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install playwright)")
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        except Exception as exc:  # a broken Chromium install is a reason to skip, not to fail
            pytest.skip(f"Chromium did not start: {str(exc)[:200]}")
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    pg = context.new_page()
    pg.set_default_timeout(15000)
    yield pg
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = Path(__file__).resolve().parents[2] / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path
