"""Test helper: documents and gold triples from NEREL brat files (our own small parser)."""

from __future__ import annotations

from pathlib import Path

from dragon_bench.types import Document, Triple

__all__ = ["read_gold"]


def read_gold(folder: Path, limit: int | None = None) -> tuple[list[Document], list[Triple]]:
    """Documents (title = first line) and one Triple per gold `R` line, names as in the text."""
    docs: list[Document] = []
    triples: list[Triple] = []
    for txt in sorted(folder.glob("*.txt"))[:limit]:
        raw = txt.read_text(encoding="utf-8")
        title, _, body = raw.partition("\n")
        doc = Document(id=txt.stem, title=title, text=body)
        assert doc.full_text == raw
        docs.append(doc)
        ents: dict[str, tuple[str, int, int, str]] = {}
        rels: list[tuple[str, str, str]] = []
        for line in txt.with_suffix(".ann").read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if line.startswith("T") and len(parts) >= 3:
                kind, *spans = parts[1].replace(";", " ").split()
                start, end = int(spans[0]), int(spans[-1])
                ents[parts[0]] = (kind, start, end, parts[2])
            elif line.startswith("R") and len(parts) >= 2:
                rel, a1, a2 = parts[1].split()[:3]
                rels.append((rel, a1.split(":", 1)[1], a2.split(":", 1)[1]))
        for rel, a1, a2 in rels:
            if a1 not in ents or a2 not in ents:
                continue
            s, o = ents[a1], ents[a2]
            triples.append(
                Triple(
                    subject=s[3],
                    relation=rel,
                    object=o[3],
                    doc_id=doc.id,
                    subject_type=s[0],
                    object_type=o[0],
                    subject_span=(s[1], s[2]),
                    object_span=(o[1], o[2]),
                    sentence_span=(max(0, min(s[1], o[1]) - 50), max(s[2], o[2]) + 50),
                    extractor="nerel-gold",
                )
            )
    return docs, triples
