"""Building and publishing revisions: the four datasets, public id obfuscation, manifests."""

from __future__ import annotations

from dragon_bench.release.build import build_revision
from dragon_bench.release.ids import new_key, public_ids
from dragon_bench.release.tables import kg_table, triples_from_table

__all__ = ["build_revision", "public_ids", "new_key", "kg_table", "triples_from_table"]
