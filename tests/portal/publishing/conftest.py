"""Publishing fixtures: a bare git repository, a fake Hugging Face server (the portal's fixtures come from tests/portal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.fake_hf import fake_hf  # noqa: F401  (fixture)
from tests.helpers.git_repos import make_bare


@pytest.fixture
def bare(tmp_path: Path) -> Path:
    return make_bare(tmp_path / "board.git")
