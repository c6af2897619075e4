"""`dragon leaderboard`: check a results file, write the leaderboard Space."""

from __future__ import annotations

from pathlib import Path

import typer

from dragon_bench.output import Format, emit, stdout

__all__ = ["register"]

leaderboard = typer.Typer(
    help="The public leaderboard: the results file and the Gradio Space.", no_args_is_help=True
)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


@leaderboard.command("validate")
def validate(
    file: Path = typer.Argument(..., help="A results file (the portal's gradio.json)."),
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """Check a results file against its schema; exit 2 naming the offending item."""
    from dragon_bench.portal.results_file import read_results, validate_results

    counts = validate_results(read_results(file), source=str(file))
    emit(
        {"file": str(file), "valid": True, **counts},
        format,
        lambda d: stdout.print(
            f"{d['file']}: valid (schema {d['schema_version']}, {_count(d['versions'], 'version')}, "
            f"{_count(d['records'], 'result')})",
            highlight=False,
            markup=False,
        ),
    )


@leaderboard.command("space")
def space(
    out: Path = typer.Option(..., "--out", help="Folder to write the Space into."),
    results: str = typer.Option(
        "results.json",
        help="Where the app reads the results file: a path inside the Space or an https URL.",
    ),
    title: str = typer.Option("dragon-bench leaderboard", help="The Space's title."),
    results_file: Path | None = typer.Option(
        None, "--with-results", help="Validate this results file and copy it in as results.json."
    ),
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """Write a Gradio app (app.py, requirements.txt, README with Space metadata) for the board."""
    from dragon_bench.leaderboard.space import write_space

    paths = write_space(out, results=results, title=title, results_file=results_file)
    emit(
        {"out": str(out), "files": [p.name for p in paths], "results": results},
        format,
        lambda d: stdout.print(
            f"wrote the Space to {d['out']}/ ({', '.join(d['files'])}); it reads {d['results']}",
            highlight=False,
            markup=False,
        ),
    )


def register(app: typer.Typer) -> None:
    app.add_typer(leaderboard, name="leaderboard")
