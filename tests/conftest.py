"""Shared fixtures. Fixture modules under tests/plugins/ are loaded automatically."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"

pytest_plugins = sorted(
    f"tests.plugins.{p.stem}"
    for p in (ROOT / "tests" / "plugins").glob("*.py")
    if p.stem != "__init__"
)


def _shared(relative: str) -> Path:
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(
            f"reference data {path} is absent (it lives in ../shared/data beside a checkout)"
        )
    return path


@pytest.fixture(scope="session")
def nerel_dev() -> Path:
    """The NEREL dev folder (94 brat documents), or skip."""
    return _shared("nerel/NEREL-v1.1/dev")


@pytest.fixture(scope="session")
def nerel_train() -> Path:
    """The NEREL train folder (746 brat documents), or skip."""
    return _shared("nerel/NEREL-v1.1/train")


@pytest.fixture(scope="session")
def crag_sample() -> Path:
    """The 10-record CRAG sample (`dev_data.jsonl.bz2`), or skip."""
    return _shared("crag/dev_data.jsonl.bz2")
