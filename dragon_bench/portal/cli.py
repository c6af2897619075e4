"""`dragon serve` and `dragon admin`: run the portal, issue and revoke tokens."""

from __future__ import annotations

import typer

from dragon_bench.output import Format, emit, print_table

__all__ = ["register"]

admin = typer.Typer(help="Portal administration: tokens.", no_args_is_help=True)

DB_HELP = "Database URL: a SQLite file path or sqlite:///..., or postgresql://user@host:port/db."


def serve(
    hub: str = typer.Option(..., help="Revision hub: folder or fsspec URL."),
    db: str = typer.Option("portal.db", help=DB_HELP),
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    workers: bool = typer.Option(True, help="Run the evaluation worker inside the server."),
) -> None:
    """Serve the portal: DRAGON's protocol, the REST API, pages and the evaluation worker."""
    from dragon_bench.errors import require_extra

    require_extra("fastapi", "portal")
    import uvicorn
    from pydantic import ValidationError

    from dragon_bench.errors import BadInputError
    from dragon_bench.portal.app import create_app
    from dragon_bench.portal.settings import PortalSettings

    try:
        settings = PortalSettings(hub=hub, db=db, worker=workers)
    except ValidationError as exc:
        raise BadInputError(exc.errors()[0]["msg"]) from None
    uvicorn.run(create_app(settings), host=host, port=port, log_level="info")


def _database(db: str):  # type: ignore[no-untyped-def]
    from dragon_bench.errors import require_extra

    require_extra("sqlalchemy", "portal")
    from dragon_bench.portal.db import Database

    database = Database(db)
    database.migrate()
    return database


@admin.command("create-token")
def create_token_cmd(
    role: str = typer.Option(..., help="participant, auto or admin."),
    name: str = typer.Option(..., help="Who the token is for."),
    db: str = typer.Option("portal.db", help=DB_HELP),
) -> None:
    """Issue a token; prints the secret alone on stdout (it is stored only as a hash)."""
    from dragon_bench.portal.tokens import create_token

    database = _database(db)
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


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.add_typer(admin, name="admin")
