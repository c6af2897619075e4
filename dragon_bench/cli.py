"""The `dragon` command. Each part registers its own subcommands from `<part>/cli.py`.

A part is imported only when its command runs (or for `--help`), so `dragon ingest` does not
pay for the RAG or portal stacks.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable

import typer

from dragon_bench import __version__
from dragon_bench.errors import DragonError
from dragon_bench.output import stderr

__all__ = ["COMMANDS", "PARTS", "build_app", "main"]

# Parts whose `cli.register(app)` adds subcommands, in the order they appear in --help.
PARTS = (
    "corpus",
    "kg",
    "questions",
    "release",
    "client",
    "metrics",
    "portal",
    "leaderboard",
    "rag",
    "crag",
    "crawl",
    "engine",
)

# Which part provides each top-level command (groups such as `kg` or `admin` included).
COMMANDS = {
    "ingest": "corpus",
    "diff": "corpus",
    "dedup": "corpus",
    "segment": "corpus",
    "kg": "kg",
    "questions": "questions",
    "build": "release",
    "publish": "release",
    "run": "client",
    "submit": "client",
    "evaluate": "metrics",
    "compare": "metrics",
    "serve": "portal",
    "admin": "portal",
    "leaderboard": "leaderboard",
    "rag-serve": "rag",
    "rag": "rag",
    "crag": "crag",
    "crawl": "crawl",
    "update": "engine",
    "demo": "",
}


def _version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit()


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Dynamic RAG benchmarks on fresh news."""


def build_app(parts: Iterable[str] = PARTS) -> typer.Typer:
    """The command with the subcommands of `parts` (and `demo`) registered."""
    new = typer.Typer(
        name="dragon",
        help="Dynamic RAG benchmarks on fresh news: build, run, evaluate, serve.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )
    new.callback()(_root)
    for part in parts:
        name = f"dragon_bench.{part}.cli"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name in (name, f"dragon_bench.{part}"):
                continue  # that part is not built yet
            raise
        module.register(new)
    from dragon_bench import demo

    demo.register(new)
    return new


def _parts_for(argv: list[str]) -> tuple[str, ...]:
    first = next((a for a in argv if not a.startswith("-")), None)
    if first is None:
        return () if "--version" in argv else PARTS
    part = COMMANDS.get(first)
    if part is None:
        return PARTS  # unknown command: let the full command list answer
    return (part,) if part else ()


_full_app: typer.Typer | None = None


def __getattr__(name: str) -> typer.Typer:
    """`app` is the full command, built on first use (tests and embedding programs use it)."""
    global _full_app
    if name == "app":
        if _full_app is None:
            _full_app = build_app()
        return _full_app
    raise AttributeError(name)


# Packages whose exceptions mean a remote service (object store, Hub, portal) is unreachable
# or refuses us: reported as one line, not as our bug.
_REMOTE_ERRORS = {
    "botocore": "object store",
    "aiobotocore": "object store",
    "s3fs": "object store",
    "httpx": "network",
    "httpx2": "network",
    "httpcore": "network",
    "requests": "network",
    "huggingface_hub": "Hugging Face Hub",
    "sqlalchemy": "database",
    "psycopg": "database",
    "sqlite3": "database",
    "alembic": "database",
}


def _fail(message: str, code: int) -> None:
    stderr.print(f"error: {message}", highlight=False, markup=False, style="bold red")
    sys.exit(code)


def main() -> None:
    try:
        build_app(_parts_for(sys.argv[1:]))()
    except DragonError as exc:
        _fail(str(exc), exc.exit_code)
    except (OSError, UnicodeError) as exc:
        # A path that is a folder, unreadable, not UTF-8...: the user's input, not our bug.
        _fail(str(exc), 2)
    except Exception as exc:
        where = _REMOTE_ERRORS.get(type(exc).__module__.split(".")[0])
        if where is None:
            raise
        _fail(f"{where}: {type(exc).__name__}: {exc}", 1)
    except KeyboardInterrupt:
        _interrupted()
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C into a silent exit 130
            _interrupted()
        raise


def _interrupted() -> None:
    stderr.print(
        "interrupted; build, kg extract, run, crag run and update resume where they stopped "
        "when rerun"
    )
    sys.exit(130)
