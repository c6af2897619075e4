"""Printing reports: JSON alone on stdout, tables through rich; progress and logs on stderr."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from enum import StrEnum
from typing import Any, TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

__all__ = ["Format", "stderr", "stdout", "emit", "print_table", "track"]

T = TypeVar("T")

stderr = Console(stderr=True, soft_wrap=True)
stdout = Console(soft_wrap=True)


class Format(StrEnum):
    table = "table"
    json = "json"


def _default(obj: Any) -> Any:
    if hasattr(obj, "isoformat"):
        return obj.isoformat()
    if isinstance(obj, set | frozenset | tuple):
        return list(obj)
    if hasattr(obj, "tolist"):
        return obj.tolist()
    raise TypeError(f"cannot write {type(obj).__name__} as JSON")


def emit(data: Any, fmt: Format | str, table: Callable[[Any], None] | None = None) -> None:
    """Print `data` as JSON (one document on stdout) or as a table (`table(data)`, else rows)."""
    if Format(fmt) is Format.json:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, default=_default) + "\n")
        sys.stdout.flush()
    elif table is not None:
        table(data)
    elif isinstance(data, Mapping):
        print_table(["key", "value"], [[k, _cell(v)] for k, v in data.items()])
    else:
        stdout.print(data)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4f}"
    if isinstance(value, Mapping | list):
        return json.dumps(value, ensure_ascii=False, default=_default)
    return str(value)


def print_table(columns: Sequence[str], rows: Iterable[Sequence[Any]], title: str = "") -> None:
    t = Table(title=title or None)
    for c in columns:
        t.add_column(c)
    for row in rows:
        t.add_row(*(_cell(v) for v in row))
    stdout.print(t)


def track(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """Iterate with a progress bar on stderr (hidden when stderr is not a terminal)."""
    if total is None and isinstance(items, Sized):
        total = len(items)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=stderr,
        transient=True,
        disable=not stderr.is_terminal,
    ) as progress:
        task = progress.add_task(description, total=total)
        for item in items:
            yield item
            progress.advance(task)
