"""Errors the command line reports as one line and exit status 2, never as a traceback."""

from __future__ import annotations

import importlib
import os
from typing import Any

__all__ = [
    "DragonError",
    "BadInputError",
    "MissingExtraError",
    "require_extra",
    "require_suffix",
]


class DragonError(Exception):
    """An expected failure with a message fit for a user; `exit_code` is what `dragon` returns."""

    exit_code = 1


class BadInputError(DragonError, ValueError):
    """Input that cannot be used: the message names the item and, where known, file and line."""

    exit_code = 2

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(where + message)
        self.path = path
        self.line = line


class MissingExtraError(DragonError, ImportError):
    """An optional dependency is absent; the message says which extra installs it."""

    exit_code = 2

    def __init__(self, module: str, extra: str) -> None:
        super().__init__(
            f"this feature needs the '{module}' package: pip install 'dragon-bench[{extra}]'"
        )
        self.module = module
        self.extra = extra


def require_extra(module: str, extra: str) -> Any:
    """Import `module` or raise MissingExtraError naming the extra that provides it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(module, extra) from exc


def require_suffix(path: object, suffixes: tuple[str, ...], *, option: str = "--out") -> None:
    """Refuse an output file whose name does not end in one of `suffixes` (checked before any
    work, so a typo such as `seg.txt` does not get Parquet written under it)."""
    suffix = os.path.splitext(str(path))[1]
    if suffix not in suffixes:
        raise BadInputError(
            f"{option} {path}: the file name must end in {' or '.join(suffixes)}"
            f" (got {suffix or 'no suffix'})"
        )
