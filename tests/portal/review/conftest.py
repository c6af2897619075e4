"""Review fixtures: a hub with one staged revision of the small corpus, and a live portal on it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.settings import PortalSettings
from tests.helpers.hub import staged_hub
from tests.plugins.portal_live import Launch, PortalLive

ROLES = ("admin", "reviewer", "participant")


@pytest.fixture
def make_review(
    launch_portal: Launch, tmp_path: Path
) -> Callable[..., tuple[PortalLive, Hub, str]]:
    hub, version = staged_hub(tmp_path / "hub")

    def make(db: str | None = None, share: float = 0.0, **kw: Any) -> tuple[PortalLive, Hub, str]:
        settings = PortalSettings(
            hub=str(tmp_path / "hub"),
            db=db or f"sqlite:///{tmp_path / 'portal.db'}",
            worker=False,
            review_double_share=share,
            **kw,
        )
        server, http, tokens = launch_portal(settings, roles=ROLES)
        return PortalLive(server, http, tokens), hub, version

    return make
