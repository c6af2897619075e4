"""The `dragon` command: one table of its commands, each with the module that registers it and
a one-line help, so `dragon --help` imports no part and `dragon X` imports only X's part.

A part's `cli.py` has `register(app)`, adding its commands (or a group of them) to `app`.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass

import typer
from typer import _click as click  # typer >= 0.29 carries its own click
from typer.core import TyperCommand, TyperGroup

from dragon_bench import __version__
from dragon_bench.errors import DragonError

__all__ = ["COMMANDS", "Command", "app", "main"]


@dataclass(frozen=True)
class Command:
    """Where a top-level command (or command group) lives and its line in `dragon --help`."""

    module: str
    help: str


COMMANDS: dict[str, Command] = {
    "ingest": Command(
        "dragon_bench.corpus.cli",
        "Read documents and store them as an immutable, content-addressed snapshot.",
    ),
    "diff": Command(
        "dragon_bench.corpus.cli",
        "List documents that are new, changed or removed from snapshot OLD to snapshot NEW.",
    ),
    "dedup": Command(
        "dragon_bench.corpus.cli",
        "Remove exact and near duplicates; the survivors become a new snapshot in the same store.",
    ),
    "segment": Command(
        "dragon_bench.corpus.cli",
        "Split a snapshot's documents into overlapping windows of sentences with offsets.",
    ),
    "kg": Command(
        "dragon_bench.kg.cli",
        "Knowledge graph: extract triples, score them against gold, filter known facts.",
    ),
    "questions": Command(
        "dragon_bench.questions.cli",
        "Sample subgraphs (simple, set, conditional, multi_hop), phrase and filter questions.",
    ),
    "build": Command(
        "dragon_bench.release.cli",
        "Build a revision: dedup, KG, novelty, questions; write it atomically into the hub.",
    ),
    "inspect": Command(
        "dragon_bench.release.inspect",
        "Print questions with their evidence sentences, subject in [ ] and object in { }.",
    ),
    "publish": Command(
        "dragon_bench.release.cli",
        "Push the public half of a revision to the Hugging Face Hub, tagged with its version.",
    ),
    "release": Command(
        "dragon_bench.release.cli",
        "Publish a staged revision with only its accepted questions (ids renumbered 0..n-1).",
    ),
    "review": Command(
        "dragon_bench.portal.review.cli",
        "Review of staged revisions: report, export and import decisions (JSON Lines).",
    ),
    "changelog": Command(
        "dragon_bench.release.cli",
        "What a revision changed since its parent: new, superseded and retired questions.",
    ),
    "run": Command(
        "dragon_bench.client.cli",
        "Run the baseline (or a configured pipeline) over a revision's questions; resumable.",
    ),
    "submit": Command(
        "dragon_bench.client.cli",
        "Submit results to a portal (DRAGON protocol: POST /submit/create).",
    ),
    "evaluate": Command(
        "dragon_bench.metrics.cli",
        "Score a results file against a revision: DRAGON's metrics, extended ones, intervals, "
        "judge.",
    ),
    "compare": Command(
        "dragon_bench.metrics.cli",
        "Compare two submissions on the same revision: deltas, 95% intervals, paired p-values.",
    ),
    "serve": Command(
        "dragon_bench.portal.cli",
        "Serve the portal: DRAGON's protocol, the REST API, pages and the evaluation worker.",
    ),
    "admin": Command(
        "dragon_bench.portal.cli", "Portal administration: tokens, closed-book reference runs."
    ),
    "leaderboard": Command(
        "dragon_bench.leaderboard.cli",
        "The public leaderboard: the results file and the Gradio Space.",
    ),
    "rag-serve": Command(
        "dragon_bench.rag.cli",
        "Serve named RAG pipelines with the Ragnarök / TREC RAG 2024 API (/v1/rag and friends).",
    ),
    "rag": Command("dragon_bench.rag.cli", "RAG pipelines: check TREC RAG 2024 answers."),
    "crag": Command(
        "dragon_bench.crag.cli",
        "CRAG (Meta, KDD Cup 2024): tasks 1-3, truthfulness score, mock KG API.",
    ),
    "crawl": Command(
        "dragon_bench.crawl.cli",
        "Crawl RSS/Atom feeds and their articles; write a snapshot when something is new.",
    ),
    "update": Command(
        "dragon_bench.release.cli",
        "Crawl, diff with the latest revision, and build the next one from the new documents only.",
    ),
    "demo": Command(
        "dragon_bench.demo",
        "Run the whole loop on a small built-in corpus and print what each step did.",
    ),
}


def load_command(name: str) -> click.Command:
    """The click command `name`, from its part's `register` (this imports the part)."""
    part = typer.Typer()
    importlib.import_module(COMMANDS[name].module).register(part)
    found = typer.main.get_group(part).commands.get(name)
    if found is None:
        raise LookupError(f"{COMMANDS[name].module}.register adds no command {name!r}")
    return found


class _CommandTable(TyperGroup):
    """Lists the table's commands; a part is imported only when its command runs."""

    _listing = False

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        if self._listing:  # the help page: the table's line, no import
            return TyperCommand(cmd_name, help=entry.help, short_help=entry.help)
        return load_command(cmd_name)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def _version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit()


app = typer.Typer(
    name="dragon",
    cls=_CommandTable,
    help="Dynamic RAG benchmarks on fresh news: build, run, evaluate, serve.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Dynamic RAG benchmarks on fresh news."""


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
    from dragon_bench.output import stderr  # rich's console: only when there is an error to show

    stderr.print(f"error: {message}", highlight=False, markup=False, style="bold red")
    sys.exit(code)


def main() -> None:
    try:
        app()
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
    from dragon_bench.output import stderr

    stderr.print(
        "interrupted; build, kg extract, run, crag run and update resume where they stopped "
        "when rerun"
    )
    sys.exit(130)
