"""`dragon serve` and `dragon admin`: run the portal, issue and revoke tokens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from dragon_bench.output import Format, emit, print_table

__all__ = ["register"]

admin = typer.Typer(
    help="Portal administration: tokens, closed-book reference runs.", no_args_is_help=True
)

DB_HELP = "Database URL: a SQLite file path or sqlite:///..., or postgresql://user@host:port/db."


def serve(
    hub: str = typer.Option(..., help="Revision hub: folder or fsspec URL."),
    db: str = typer.Option("portal.db", help=DB_HELP),
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    workers: bool = typer.Option(True, help="Run the evaluation worker inside the server."),
    judge: str | None = typer.Option(
        None,
        help="Judge mode: none, external (a judge fetches answers over /submit/*) or builtin "
        "(the LLM judge on DRAGON_LLM_*, with the metrics). Default: DRAGON_PORTAL_JUDGE, "
        "else external.",
    ),
    daily_submissions: int | None = typer.Option(
        None,
        min=0,
        help="Submissions a participant token may make per version and UTC day (0: any). "
        "Default: DRAGON_PORTAL_DAILY_SUBMISSIONS, else 5.",
    ),
) -> None:
    """Serve the portal: DRAGON's protocol, the REST API, pages and the evaluation worker."""
    from dragon_bench.errors import require_extra

    require_extra("fastapi", "portal")
    from pydantic import ValidationError

    from dragon_bench.errors import BadInputError
    from dragon_bench.llm import LLMSettings
    from dragon_bench.output import stderr
    from dragon_bench.portal.app import create_app
    from dragon_bench.portal.settings import PortalSettings
    from dragon_bench.serving import listen, run_app

    try:
        chosen: dict[str, Any] = {"judge": judge, "daily_submissions": daily_submissions}
        settings = PortalSettings(
            hub=hub, db=db, worker=workers, **{k: v for k, v in chosen.items() if v is not None}
        )
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise BadInputError(f"{where + ': ' if where else ''}{err['msg']}") from None
    if settings.judge == "builtin":  # one line now, not a failed start after the port is ours
        LLMSettings.required("--judge builtin", " (an OpenAI-compatible endpoint)")
    sock = listen(host, port)
    # Reach and migrate the database now: a bad one is one line here, not a failed app startup.
    _database(settings.db, create=True).dispose()
    app = create_app(settings)
    if not app.state.portal.hub.versions():
        # Still serve: an operator may publish the first revision later.
        stderr.print(
            f"warning: hub {hub} holds no revision yet (publish one with `dragon build`)",
            highlight=False,
            markup=False,
        )
    run_app(app, sock, banner=f"serving the portal on http://{host}:{port}", log_level="info")


def _database(db: str, *, create: bool = False):  # type: ignore[no-untyped-def]
    """The portal's database, migrated; a SQLite file must exist unless `create` (`dragon serve`
    and `dragon admin create-token` make one; listing or revoking in a typo'd --db is refused
    rather than run on a fresh empty database)."""
    from dragon_bench.errors import BadInputError, DragonError, require_extra

    require_extra("sqlalchemy", "portal")
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from dragon_bench.portal.db import Database, normalize_url

    url = normalize_url(db)
    sqlite = url.startswith("sqlite")
    file = make_url(url).database if sqlite else None
    if not create and file and file != ":memory:" and not Path(file).exists():
        raise BadInputError(
            f"database {file} does not exist: give the portal's database; `dragon serve` or "
            "`dragon admin create-token` creates it"
        )
    database = Database(db)
    try:
        database.migrate()
    except SQLAlchemyError as exc:
        database.dispose()
        shown = file if sqlite else make_url(db).render_as_string(hide_password=True)
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        error = BadInputError if sqlite else DragonError
        raise error(f"database {shown}: {reason}") from None
    return database


@admin.command("create-token")
def create_token_cmd(
    role: str = typer.Option(
        ..., help="participant, auto, admin or reviewer (reviews staged revisions, grades answers)."
    ),
    name: str = typer.Option(..., help="Who the token is for."),
    db: str = typer.Option("portal.db", help=DB_HELP),
) -> None:
    """Issue a token; prints the secret alone on stdout (it is stored only as a hash)."""
    from dragon_bench.portal.tokens import create_token

    # The first command of a new portal (before `dragon serve`): the database is made here.
    database = _database(db, create=True)
    with database.session() as s:
        _, secret = create_token(s, role=role, name=name)
    database.dispose()
    typer.echo(secret)


@admin.command("revoke-token")
def revoke_token_cmd(
    token_id: int = typer.Argument(..., help="Token id (see list-tokens)."),
    db: str = typer.Option("portal.db", help=DB_HELP),
) -> None:
    """Revoke a token by id; it stops working at once."""
    from dragon_bench.portal.tokens import revoke_token

    database = _database(db)
    with database.session() as s:
        row = revoke_token(s, token_id)
        typer.echo(f"revoked token {row.id} ({row.name})", err=True)
    database.dispose()


@admin.command("list-tokens")
def list_tokens_cmd(
    db: str = typer.Option("portal.db", help=DB_HELP),
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """List tokens (never their secrets)."""
    from dragon_bench.portal.tokens import list_tokens

    database = _database(db)
    with database.read() as s:
        rows = [
            {
                "id": t.id,
                "name": t.name,
                "role": t.role,
                "created_at": t.created_at.isoformat(timespec="seconds"),
                "revoked": t.revoked_at is not None,
            }
            for t in list_tokens(s)
        ]
    database.dispose()
    emit(
        rows,
        format,
        lambda data: print_table(
            ["id", "name", "role", "created_at", "revoked"], [list(r.values()) for r in data]
        ),
    )


@admin.command("reference-runs")
def reference_runs_cmd(
    rerun: str | None = typer.Option(
        None, help="Forget this model's runs (its answers too): they start again from scratch."
    ),
    version: str | None = typer.Option(None, help="With --rerun: only this revision's run."),
    db: str = typer.Option("portal.db", help=DB_HELP),
    format: Format = typer.Option(Format.table, "--format", help="table or json."),
) -> None:
    """List the closed-book reference runs (DRAGON_PORTAL_REFERENCE_MODELS), or restart some."""
    from dragon_bench.errors import BadInputError
    from dragon_bench.portal.references.job import forget_runs, run_views

    if version and not rerun:
        raise BadInputError("--version needs --rerun MODEL")
    database = _database(db)
    try:
        if rerun:
            n = forget_runs(database, rerun, version)
            if not n:
                where = f" on {version}" if version else ""
                raise BadInputError(f"--rerun {rerun!r}: no reference run of that model{where}")
            typer.echo(
                f"forgot {n} run{'' if n == 1 else 's'} of {rerun}: a running portal starts again",
                err=True,
            )
        rows = run_views(database)
    finally:
        database.dispose()
    columns = ["model", "version", "state", "answered", "n_questions", "from_memory", "error"]
    emit(
        rows,
        format,
        lambda data: print_table(columns, [[r[c] for c in columns] for r in data]),
    )


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.add_typer(admin, name="admin")
