"""`dragon_main(*args)`: run the `dragon` command in-process through `cli.main` (its error
handling and exit codes included, as a user meets them) and return its exit code and output."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NamedTuple

import pytest

__all__ = ["Outcome", "dragon_main"]


class Outcome(NamedTuple):
    code: int
    out: str
    err: str


@pytest.fixture
def dragon_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., Outcome]:
    from dragon_bench.cli import main

    def run(*args: str) -> Outcome:
        monkeypatch.setattr(sys, "argv", ["dragon", *args])
        with pytest.raises(SystemExit) as info:
            main()
        code = info.value.code
        captured = capsys.readouterr()
        status = code if isinstance(code, int) else 0 if code is None else 1
        return Outcome(status, captured.out, captured.err)

    return run
