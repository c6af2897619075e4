"""The `dragon` command. Each part registers its own subcommands from `<part>/cli.py`."""

from __future__ import annotations

import importlib
import sys

import typer

from dragon_bench import __version__
from dragon_bench.errors import DragonError
from dragon_bench.output import stderr

__all__ = ["app", "main"]

app = typer.Typer(
    name="dragon",
    help="Dynamic RAG benchmarks on fresh news: build, run, evaluate, serve.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# Parts whose `cli.register(app)` adds subcommands, in the order they appear in --help.
PARTS = (
    "corpus",
    "kg",
    "questions",
    "release",
    "client",
    "metrics",
    "portal",
    "rag",
    "crag",
    "crawl",
    "engine",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Dynamic RAG benchmarks on fresh news."""


def _register_parts() -> None:
    for part in PARTS:
        name = f"dragon_bench.{part}.cli"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name in (name, f"dragon_bench.{part}"):
                continue  # that part is not built yet
            raise
        module.register(app)


_register_parts()

from dragon_bench import demo as _demo  # noqa: E402  (registers `dragon demo` last)

_demo.register(app)


def main() -> None:
    try:
        app()
    except DragonError as exc:
        stderr.print(f"error: {exc}", highlight=False, markup=False, style="bold red")
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        stderr.print("interrupted; rerun the same command to resume")
        sys.exit(130)
