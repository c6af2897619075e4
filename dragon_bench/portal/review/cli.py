"""`dragon review`: the report of a review, and its decisions exported or imported as JSON Lines."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import Format, emit, print_table

__all__ = ["register"]

review = typer.Typer(
    help="Review of staged revisions: report, export and import decisions (JSON Lines).",
    no_args_is_help=True,
)

HUB = typer.Option(..., "--hub", help="Revision hub: folder or fsspec URL.")
VERSION = typer.Option(..., "--version", help="The revision under review (or released from it).")
DB_HELP = "The portal's database (as `dragon serve --db`): a SQLite file or postgresql://..."


def _table(report: dict[str, Any]) -> None:
    rows: list[list[Any]] = []
    for group in ("by_type", "by_relation_type", "by_template"):
        for name, c in report[group].items():
            rate = c["acceptance_rate"]
            rows.append([group.removeprefix("by_"), name, c["candidates"], c["accepted"],
                         c["rejected"], "—" if rate is None else f"{rate:.2f}"])  # fmt: skip
    for reason, n in report["by_reason"].items():
        rows.append(["reason", reason, n, "", n, ""])
    print_table(["by", "name", "candidates", "accepted", "rejected", "rate"], rows)


@review.command("report")
def report_cmd(
    hub: str = HUB,
    version: str = VERSION,
    db: str | None = typer.Option(None, "--db", help=DB_HELP + " (for a staged revision)."),
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """Acceptance rate by type, relation type and template, and rejections by reason."""
    from dragon_bench.hub import Hub
    from dragon_bench.portal.review.exchange import review_report
    from dragon_bench.portal.review.store import open_database

    database = open_database(db) if db is not None else None
    try:
        emit(review_report(Hub(hub), version, database), format, _table)
    finally:
        if database is not None:
            database.dispose()


@review.command("export")
def export_cmd(
    hub: str = HUB,
    version: str = VERSION,
    db: str = typer.Option(..., "--db", help=DB_HELP),
    out: Path | None = typer.Option(None, "--out", help="Write here (default: stdout)."),
) -> None:
    """Write the decisions on a revision as JSON Lines, one decision a line, oldest first."""
    from dragon_bench.hub import Hub
    from dragon_bench.portal.review.exchange import export_lines
    from dragon_bench.portal.review.store import open_database
    from dragon_bench.release.staging import require_staged

    target = Hub(hub)
    if version not in target.versions("public"):
        require_staged(target, version)
    database = open_database(db)
    try:
        lines = [line + "\n" for line in export_lines(database, version)]
    finally:
        database.dispose()
    if out is None:
        sys.stdout.writelines(lines)
        return
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text("".join(lines), encoding="utf-8")
    tmp.replace(out)
    typer.echo(f"{len(lines)} decisions written to {out}", err=True)


@review.command("import")
def import_cmd(
    file: Path = typer.Argument(..., help="JSON Lines of decisions (as `dragon review export`)."),
    hub: str = HUB,
    version: str = VERSION,
    db: str = typer.Option(..., "--db", help=DB_HELP),
) -> None:
    """Add decisions made in another tool; a malformed line refuses the whole file."""
    from dragon_bench.hub import Hub
    from dragon_bench.portal.review.exchange import import_lines, read_lines
    from dragon_bench.portal.review.store import open_database

    lines = read_lines(file)
    database = open_database(db)
    try:
        n = import_lines(database, Hub(hub), version, lines, str(file))
    finally:
        database.dispose()
    typer.echo(f"{n} decisions imported into {version}", err=True)


def register(app: typer.Typer) -> None:
    app.add_typer(review, name="review")
