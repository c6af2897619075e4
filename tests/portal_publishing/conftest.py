"""Publishing fixtures: the portal tests' hub, databases and live server, bare git repositories."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.helpers.fake_hf import fake_hf  # noqa: F401  (fixture)
from tests.portal.conftest import Live, db_url, hub, make_live  # noqa: F401  (fixtures)


def git(*args: str) -> str:
    done = subprocess.run(["git", *args], capture_output=True, text=True, check=True)
    return done.stdout


def make_bare(path: Path) -> Path:
    git("init", "-q", "--bare", "--initial-branch=main", str(path))
    return path


def messages(bare: Path, branch: str = "main") -> list[str]:
    """Commit subjects on `branch`, oldest first ([] while the branch does not exist)."""
    heads = git("--git-dir", str(bare), "branch", "--list", branch)
    if not heads.strip():
        return []
    return git("--git-dir", str(bare), "log", "--format=%s", "--reverse", branch).splitlines()


def show(bare: Path, ref: str, path: str = "results.json") -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(bare), "show", f"{ref}:{path}"], capture_output=True, check=True
    ).stdout


@pytest.fixture
def bare(tmp_path: Path) -> Path:
    return make_bare(tmp_path / "board.git")
