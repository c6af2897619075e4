"""Arena fixtures: a live portal over the portal tests' tiny hub with in-process pipelines."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.arena.battles import Arena
from dragon_bench.portal.arena.service import set_arena
from dragon_bench.portal.settings import PortalSettings
from tests.helpers.arena import ArenaLive, Fixed
from tests.helpers.portal import write_hub
from tests.helpers.reference import ReferenceEvaluator
from tests.plugins.portal_live import Launch


@pytest.fixture
def arena_hub(tmp_path: Path) -> Hub:
    return write_hub(tmp_path / "hub")


@pytest.fixture
def make_arena(arena_hub: Hub, tmp_path: Path, launch_portal: Launch) -> Callable[..., ArenaLive]:
    count = 0

    def make(
        pipelines: dict[str, Fixed] | None = None,
        timeout: float = 5.0,
        db: str | None = None,
        **kw: Any,
    ) -> ArenaLive:
        nonlocal count
        settings = PortalSettings(
            hub=arena_hub.url,
            db=db or f"sqlite:///{tmp_path / f'portal{count}.db'}",
            worker_poll_seconds=0.05,
            ci_resamples=100,
            **kw,
        )
        count += 1
        server, http, tokens = launch_portal(
            settings, evaluator=ReferenceEvaluator(arena_hub), roles=("participant", "admin")
        )
        pipes = pipelines if pipelines is not None else {n: Fixed(n) for n in ("alpha", "beta")}
        set_arena(server.portal, Arena(pipes, timeout=timeout, seed=1))
        return ArenaLive(server, http, tokens, pipes)

    return make


@pytest.fixture
def arena_live(make_arena: Callable[..., ArenaLive]) -> ArenaLive:
    return make_arena()
