"""What changed between two collections of documents: new ids, changed content, removed ids."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from dragon_bench.types import Document

__all__ = ["DocumentDiff", "diff_documents"]


@dataclass(frozen=True, slots=True)
class DocumentDiff:
    """`new` and `changed` hold the newer documents, `removed` the older ones; each in id order."""

    new: list[Document] = field(default_factory=list)
    changed: list[Document] = field(default_factory=list)
    removed: list[Document] = field(default_factory=list)
    unchanged: int = 0

    @property
    def increment(self) -> list[Document]:
        """Documents to process after an update: new and changed ones."""
        return sorted(self.new + self.changed, key=lambda d: d.id)

    def summary(self) -> dict[str, int]:
        return {
            "new": len(self.new),
            "changed": len(self.changed),
            "removed": len(self.removed),
            "unchanged": self.unchanged,
        }


def diff_documents(old: Iterable[Document], new: Iterable[Document]) -> DocumentDiff:
    """Compare by id; a document changed when its content hash (title and text) differs."""
    before = {d.id: d for d in old}
    after = {d.id: d for d in new}
    added = [after[i] for i in sorted(after.keys() - before.keys())]
    removed = [before[i] for i in sorted(before.keys() - after.keys())]
    both = sorted(after.keys() & before.keys())
    changed = [after[i] for i in both if after[i].content_hash != before[i].content_hash]
    return DocumentDiff(
        new=added, changed=changed, removed=removed, unchanged=len(both) - len(changed)
    )
