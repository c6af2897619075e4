"""The command table: every command's --help works and says what the table says, and
`dragon --help` imports no part."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer import _click as click
from typer.core import TyperGroup
from typer.testing import CliRunner

from dragon_bench.cli import COMMANDS, app, load_command

ROOT = Path(__file__).resolve().parent.parent


def _names(command: click.Command, prefix: tuple[str, ...]) -> list[tuple[str, ...]]:
    if not isinstance(command, TyperGroup):
        return [prefix]
    out = [prefix]
    for name, sub in command.commands.items():
        out += _names(sub, (*prefix, name))
    return out


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_help_works_and_matches_the_table(name: str) -> None:
    command = load_command(name)
    assert command.get_short_help_str(limit=1000) == COMMANDS[name].help
    runner = CliRunner()
    paths = _names(command, (name,))
    assert len(paths) > 1 or not isinstance(command, TyperGroup)  # a group's commands too
    for path in paths:
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        assert "Usage:" in result.output


def test_the_root_help_lists_the_table_without_importing_a_part() -> None:
    code = (
        "import sys\n"
        "from dragon_bench.cli import main\n"
        "sys.argv = ['dragon', '--help']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('MODULES', sorted(m for m in sys.modules if m.startswith('dragon_bench')))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    modules = done.stdout.rsplit("MODULES", 1)[1].strip()
    assert modules == "['dragon_bench', 'dragon_bench.cli', 'dragon_bench.errors']"
    for name, entry in COMMANDS.items():
        assert name in done.stdout and entry.help.split()[0] in done.stdout


def test_an_unknown_command_is_bad_usage() -> None:
    result = CliRunner().invoke(app, ["no-such-command"])
    assert result.exit_code == 2 and "No such command" in result.output
