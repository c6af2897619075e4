"""One reviewer role: issued by `dragon admin create-token`, it reviews and grades; the
grader role no token could have is gone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import HTTPException

from dragon_bench.portal.arena.labels import require_grader
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.review.queue import require_reviewer
from tests.helpers.cli import dragon


def test_reviewer_tokens_are_issued_and_grade(tmp_path: Path, capsys: Any) -> None:
    db = str(tmp_path / "p.db")
    run = dragon(
        capsys, "admin", "create-token", "--role", "reviewer", "--name", "olga", "--db", db
    )
    assert run.returncode == 0 and run.stdout.strip().startswith("drg_")
    run = dragon(capsys, "admin", "create-token", "--role", "grader", "--name", "x", "--db", db)
    assert run.returncode == 2 and "'grader' is not one of" in run.stderr
    reviewer = Caller(1, "olga", "reviewer")
    assert require_grader(reviewer) is reviewer and require_reviewer(reviewer) is reviewer
    for role in ("participant", "auto"):
        with pytest.raises(HTTPException) as exc:
            require_reviewer(Caller(2, "p", role))
        assert exc.value.status_code == 403
        with pytest.raises(HTTPException):
            require_grader(Caller(2, "p", role))
