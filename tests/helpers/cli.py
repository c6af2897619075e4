"""Run the `dragon` command in-process (its real entry point, `dragon_bench.cli.main`)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["Run", "dragon"]


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


def dragon(capsys: Any, *args: str) -> Run:
    """`dragon ARGS` through `main()`: exit status, stdout and stderr as a user sees them."""
    from dragon_bench.cli import main

    capsys.readouterr()
    old = sys.argv
    sys.argv = ["dragon", *args]
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = old
    out = capsys.readouterr()
    return Run(code, out.out, out.err)
