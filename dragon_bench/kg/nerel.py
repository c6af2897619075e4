"""Reading NEREL brat standoff annotations: entities (T), relations (R) and Wikidata links (N)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from dragon_bench.errors import BadInputError
from dragon_bench.types import Document

__all__ = [
    "GoldEntity",
    "GoldRelation",
    "GoldLink",
    "GoldDocument",
    "parse_ann",
    "read_gold_document",
    "read_gold_folder",
]

_IDENT = re.compile(r"^[A-Z#*]\d*$")


@dataclass(frozen=True, slots=True)
class GoldEntity:
    """A `T` line: an entity with one or more character fragments (offsets into the .txt)."""

    id: str
    type: str
    fragments: tuple[tuple[int, int], ...]
    text: str

    @property
    def span(self) -> tuple[int, int]:
        """The smallest span covering every fragment."""
        return (min(s for s, _ in self.fragments), max(e for _, e in self.fragments))


@dataclass(frozen=True, slots=True)
class GoldRelation:
    """An `R` line: `type` from `arg1` to `arg2` (entity ids)."""

    id: str
    type: str
    arg1: str
    arg2: str


@dataclass(frozen=True, slots=True)
class GoldLink:
    """An `N` line: an entity linked to a Wikidata id (`None` for `Wikidata:NULL`)."""

    id: str
    entity: str
    wikidata: str | None
    name: str


@dataclass(slots=True)
class GoldDocument:
    """One NEREL document: its text as a Document and its annotations."""

    document: Document
    entities: dict[str, GoldEntity] = field(default_factory=dict)
    relations: list[GoldRelation] = field(default_factory=list)
    links: list[GoldLink] = field(default_factory=list)


def _fragments(spec: str, path: str, line: int) -> tuple[str, tuple[tuple[int, int], ...]]:
    kind, _, rest = spec.partition(" ")
    frags = []
    try:
        for part in rest.split(";"):
            start, end = part.split()
            frags.append((int(start), int(end)))
    except ValueError as exc:
        raise BadInputError(
            f"entity spans {rest!r} are not 'start end[;start end]'", path=path, line=line
        ) from exc
    if not kind or not frags:
        raise BadInputError(f"entity line {spec!r} has no type or span", path=path, line=line)
    return kind, tuple(frags)


def parse_ann(
    text: str, path: str = "<ann>", *, strict: bool = False
) -> tuple[dict[str, GoldEntity], list[GoldRelation], list[GoldLink]]:
    """Parse brat standoff text; lines other than T, R and N (events, attributes, notes) are skipped.

    Malformed T and R lines always raise BadInputError; malformed N lines only when `strict`.
    """
    entities: dict[str, GoldEntity] = {}
    relations: list[GoldRelation] = []
    links: list[GoldLink] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        cols = line.split("\t")
        ident = cols[0]
        if len(cols) < 2 or not _IDENT.match(ident):
            # An entity whose text crosses a line break continues on the next line: not a record.
            continue
        if ident.startswith("T"):
            kind, frags = _fragments(cols[1], path, number)
            entities[ident] = GoldEntity(ident, kind, frags, cols[2] if len(cols) > 2 else "")
        elif ident.startswith("R"):
            parts = cols[1].split()
            args = dict(p.split(":", 1) for p in parts[1:] if ":" in p)
            if len(parts) < 3 or "Arg1" not in args or "Arg2" not in args:
                raise BadInputError(
                    f"relation line {line!r} lacks Arg1/Arg2", path=path, line=number
                )
            relations.append(GoldRelation(ident, parts[0], args["Arg1"], args["Arg2"]))
        elif ident.startswith("N"):
            parts = cols[1].split()
            if len(parts) < 3 or not parts[2].startswith("Wikidata:"):
                if strict:
                    raise BadInputError(
                        f"link line {line!r} is not 'Reference T.. Wikidata:ID'",
                        path=path,
                        line=number,
                    )
                continue  # NEREL has a few garbled links; they name no usable id
            ref = parts[2].split(":", 1)[1]
            links.append(
                GoldLink(
                    ident,
                    parts[1],
                    None if ref == "NULL" else ref,
                    cols[2].strip() if len(cols) > 2 else "",
                )
            )
    # Relations pointing at entities that do not exist are annotation errors: drop, do not fail.
    relations = [r for r in relations if r.arg1 in entities and r.arg2 in entities]
    return entities, relations, links


def read_gold_document(txt_path: Path) -> GoldDocument:
    """Read `<id>_text.txt` and its `.ann`; the document id is the file stem without `_text`."""
    raw = txt_path.read_text(encoding="utf-8")
    title, sep, body = raw.partition("\n")
    doc_id = txt_path.stem.removesuffix("_text")
    # full_text must equal the file exactly; with an empty title the whole file is the text.
    document = (
        Document(id=doc_id, title=title, text=body)
        if sep and title
        else Document(id=doc_id, text=raw)
    )
    if document.full_text != raw:
        document = Document(id=doc_id, text=raw)
    ann_path = txt_path.with_suffix(".ann")
    if not ann_path.exists():
        return GoldDocument(document)
    entities, relations, links = parse_ann(ann_path.read_text(encoding="utf-8"), str(ann_path))
    return GoldDocument(document, entities, relations, links)


def read_gold_folder(folder: Path | str) -> list[GoldDocument]:
    """Every annotated document of a NEREL-style brat folder, in file-name order."""
    root = Path(folder)
    if not root.is_dir():
        raise BadInputError("is not a folder of brat .txt/.ann files", path=str(root))
    files = sorted(root.glob("*.txt"))
    if not files:
        raise BadInputError("holds no .txt files", path=str(root))
    return [read_gold_document(p) for p in files]
