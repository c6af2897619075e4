"""Demo steps: a local repository the portal commits the results file to, then its log and the
Space written from the committed file."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from dragon_bench.demo import DemoContext
from dragon_bench.leaderboard.space import write_space
from dragon_bench.output import stdout
from dragon_bench.portal.db import Database
from dragon_bench.portal.publishing.publisher import Publisher
from dragon_bench.portal.results_file import read_results
from dragon_bench.portal.settings import PortalSettings

__all__ = ["prepare", "run"]


def prepare(ctx: DemoContext) -> None:
    """A bare git repository in the work folder; the portal step publishes into it."""
    if shutil.which("git") is None:
        stdout.print("git is not installed: the portal will not publish its results file")
        return
    repo = ctx.workdir / "leaderboard.git"
    subprocess.run(
        ["git", "init", "-q", "--bare", "--initial-branch=main", str(repo)],
        check=True,
        capture_output=True,
    )
    ctx.artifacts["results_repo"] = str(repo)
    stdout.print(f"the portal will commit its results file to {repo} on every approval")


def _git(repo: str, *args: str) -> str:
    done = subprocess.run(
        ["git", "--git-dir", repo, *args], capture_output=True, text=True, check=False
    )
    return done.stdout if done.returncode == 0 else ""


def run(ctx: DemoContext) -> None:
    """Finish pushing what the portal queued, show the repository's log, write the Space."""
    repo, db = ctx.artifacts.get("results_repo"), ctx.artifacts.get("portal_db")
    if not repo or not db:
        stdout.print("no portal or repository from earlier steps: skipping the leaderboard")
        return

    database = Database(str(db))
    try:
        # The portal's publisher thread may have stopped with the portal; the queue is durable.
        Publisher(database, PortalSettings(hub=ctx.artifacts["hub"], results_repo=repo)).drain()
    finally:
        database.dispose()
    log = _git(repo, "log", "--format=%h %an: %s", "main").strip()
    stdout.print(f"$ git --git-dir {repo} log --format='%h %an: %s' main", highlight=False)
    stdout.print(log or "(no commit)", highlight=False, markup=False)
    committed = _git(repo, "show", "main:results.json")
    if not committed:
        stdout.print("nothing committed yet: the Space is not written")
        return
    space = ctx.workdir / "space"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "results.json"
        path.write_text(committed, encoding="utf-8")
        data = read_results(path)
        write_space(space, results_file=path)
    records = sum(len(v) for v in data["items"].values())
    stdout.print(
        f"wrote the Space to {space}/ (app.py, views.py, requirements.txt, README.md, "
        f"results.json: schema {data['schema_version']}, {records} result"
        f"{'' if records == 1 else 's'}); run it with `pip install 'dragon-bench[space]'` "
        f"and `python {space}/app.py`",
        highlight=False,
        markup=False,
    )
    ctx.artifacts["space"] = str(space)
