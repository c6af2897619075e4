"""Bare git repositories for the publishing tests: make one, read its commit subjects and files."""

from __future__ import annotations

import subprocess
from pathlib import Path

__all__ = ["git", "make_bare", "messages", "show"]


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
