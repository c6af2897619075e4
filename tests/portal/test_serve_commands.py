"""The serve commands (`dragon serve`, `rag-serve`, `crag kg-serve`) and `dragon admin` on bad
ports, databases and hubs: one line and exit 1/2, checked before anything is announced (QA 2.3,
3.1, 3.7, 4)."""

from __future__ import annotations

import socket
import sqlite3
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dragon_bench.hub import Hub
from tests.plugins.dragon_main import Outcome


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on 127.0.0.1 somebody else is listening on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


@pytest.mark.parametrize(
    "command", [["serve", "--db", "{tmp}/p.db"], ["rag-serve"], ["crag", "kg-serve"]]
)
def test_a_port_in_use_is_one_line_before_serving(
    command: list[str],
    taken_port: int,
    hub: Hub,
    tmp_path: Path,
    dragon_main: Callable[..., Outcome],
) -> None:
    args = [a.format(tmp=tmp_path) for a in command]
    args += ["--hub", hub.url, "--port", str(taken_port)]
    code, _, err = dragon_main(*args)
    assert code == 1
    assert err.strip() == f"error: port {taken_port} on 127.0.0.1 is in use (give --port)"
    assert not (tmp_path / "p.db").exists()  # nothing prepared for a server that cannot run


def test_serve_with_a_file_that_is_not_a_database(
    hub: Hub, tmp_path: Path, dragon_main: Callable[..., Outcome]
) -> None:
    from dragon_bench.serving import free_port

    bad = tmp_path / "notes.db"
    bad.write_text("not a database\n" * 100)
    code, _, err = dragon_main(
        "serve", "--hub", hub.url, "--db", str(bad), "--port", str(free_port())
    )
    assert code == 2
    assert err.strip() == f"error: database {bad}: file is not a database"


def test_serve_with_an_unreachable_postgres_names_it_without_the_password(
    hub: Hub, dragon_main: Callable[..., Outcome]
) -> None:
    from dragon_bench.serving import free_port

    dead = free_port()  # nothing listens there
    url = f"postgresql://u:secret@127.0.0.1:{dead}/db"
    code, _, err = dragon_main("serve", "--hub", hub.url, "--db", url, "--port", str(free_port()))
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"error: database postgresql://u:***@127.0.0.1:{dead}/db: "
    )
    assert "refused" in lines[0].lower() and "secret" not in err


@pytest.mark.parametrize("spelling", ["{path}", "sqlite:///{path}"])
def test_admin_refuses_a_database_that_does_not_exist(
    spelling: str,
    tmp_path: Path,
    dragon_main: Callable[..., Outcome],
) -> None:
    typo = tmp_path / "nodir" / "portal.db"
    db = spelling.format(path=typo)
    code, _, err = dragon_main("admin", "list-tokens", "--db", db)
    assert code == 2
    assert err.strip() == (
        f"error: database {typo} does not exist: give the portal's database; "
        "`dragon serve` or `dragon admin create-token` creates it"
    )
    assert not (tmp_path / "nodir").exists()


def test_admin_works_on_an_existing_database_and_refuses_a_bad_one(
    tmp_path: Path, dragon_main: Callable[..., Outcome]
) -> None:
    existing = tmp_path / "portal.db"
    sqlite3.connect(existing).close()  # an empty SQLite file (as a restored backup might be)
    code = dragon_main("admin", "list-tokens", "--db", str(existing)).code
    assert code == 0
    bad = tmp_path / "results.jsonl"
    bad.write_text('{"a": 1}\n' * 200)
    code, _, err = dragon_main("admin", "list-tokens", "--db", str(bad))
    assert (code, err.strip()) == (2, f"error: database {bad}: file is not a database")


@pytest.mark.slow
def test_serve_warns_when_the_hub_holds_no_revision_and_still_serves(tmp_path: Path) -> None:
    import subprocess

    from dragon_bench.serving import free_port

    empty = tmp_path / "hub"
    empty.mkdir()
    port = free_port()
    cmd = [sys.executable, "-m", "dragon_bench", "serve", "--hub", str(empty)]
    cmd += ["--db", str(tmp_path / "p.db"), "--port", str(port), "--no-workers"]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        second = proc.stderr.readline()
    finally:
        proc.terminate()
        proc.wait(30)
    assert (
        first.strip()
        == f"warning: hub {empty} holds no revision yet (publish one with `dragon build`)"
    )
    assert second.strip() == f"serving the portal on http://127.0.0.1:{port}"
