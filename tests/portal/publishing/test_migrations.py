"""The Alembic chain stays linear: one head, every revision reachable from it."""

from __future__ import annotations

from alembic.config import Config
from alembic.script import ScriptDirectory

from dragon_bench.portal.db import MIGRATIONS


def test_one_linear_chain_of_migrations() -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(cfg)
    heads = script.get_heads()
    assert len(heads) == 1, (
        f"migrations have several heads {heads}: set down_revision to main's head"
    )
    chain = [r.revision for r in script.walk_revisions()]
    assert len(chain) == len({r.revision for r in script.walk_revisions("base", "heads")})
    assert "0004_results_commits" in chain
    for rev in script.walk_revisions():
        down = rev.down_revision
        assert down is None or isinstance(down, str), f"{rev.revision} merges {down}"
