"""The novelty filter: drop triples a reference knowledge base already holds.

Semantics. Subject and object are mapped to knowledge-base entities through their labels
(case-folded, "ё" as "е", punctuation and extra spaces removed); a literal object (a date,
a sum, an age) is compared as a normalised string. A triple is *known* when the base holds a
fact linking its subject and object, in either direction and whatever the relation
(`match="pair"`, the default: free-text relations rarely name the base's property), or, with
`match="fact"`, a fact whose relation label also equals the triple's relation. Entities that
are merely known do not make a triple known: the question is whether the *fact* is new.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from pathlib import Path

from dragon_bench.errors import BadInputError
from dragon_bench.kg.nerel import GoldDocument
from dragon_bench.types import Triple

__all__ = [
    "NoveltyFilter",
    "LocalKnowledgeBase",
    "normalise_label",
    "MATCH_MODES",
    "nerel_kb_rows",
    "write_kb_rows",
]

MATCH_MODES = ("pair", "fact")
_PUNCT = re.compile(r"[\"'«»„“”()\[\].,;:!?]+")
_SPACE = re.compile(r"\s+")


def normalise_label(text: str) -> str:
    """The form labels are compared in: NFC, case-folded, ё→е, no quotes or punctuation."""
    norm = unicodedata.normalize("NFC", text).casefold().replace("ё", "е")
    return _SPACE.sub(" ", _PUNCT.sub(" ", norm)).strip()


class NoveltyFilter(ABC):
    """A knowledge base that can tell which triples it already holds."""

    match: str = "pair"

    @abstractmethod
    def known_mask(self, triples: Sequence[Triple]) -> list[bool]:
        """For each triple, whether the base holds it (see the module docstring)."""

    def split(self, triples: Iterable[Triple]) -> tuple[list[Triple], list[Triple]]:
        """(fresh, known): the triples the base does not hold and those it does, in input order."""
        items = list(triples)
        mask = self.known_mask(items)
        fresh = [t for t, k in zip(items, mask, strict=True) if not k]
        known = [t for t, k in zip(items, mask, strict=True) if k]
        return fresh, known


def _check_match(match: str) -> str:
    if match not in MATCH_MODES:
        raise BadInputError(f"unknown match mode {match!r}; choose one of {', '.join(MATCH_MODES)}")
    return match


class LocalKnowledgeBase(NoveltyFilter):
    """Known facts and entity labels from a local file (or given directly).

    JSON lines: `{"id": "Q76", "labels": ["Барак Обама", "Обама"]}` for an entity and
    `{"subject": "Q76", "relation": "супруг", "object": "Q13133"}` for a fact (subject and object
    are entity ids or plain labels). TSV: `ID<TAB>label|label` for an entity,
    `subject<TAB>relation<TAB>object` for a fact; `#` starts a comment line.
    """

    def __init__(self, path: Path | str | None = None, *, match: str = "pair") -> None:
        self.match = _check_match(match)
        self.labels: dict[str, set[str]] = {}  # normalised label -> entity keys
        self.pairs: set[frozenset[str]] = set()
        self.facts: set[tuple[str, str, str]] = set()
        self.path = Path(path) if path is not None else None
        if self.path is not None:
            self._read(self.path)

    # -- building ---------------------------------------------------------------------
    def add_entity(self, key: str, labels: Iterable[str]) -> None:
        """Register an entity id and the names it goes by."""
        for label in [key, *labels]:
            norm = normalise_label(label)
            if norm:
                self.labels.setdefault(norm, set()).add(key)

    def add_fact(self, subject: str, relation: str, obj: str) -> None:
        """Register a fact between two entity ids (or labels, for literals and unlinked names)."""
        s, o = self._key(subject), self._key(obj)
        self.pairs.add(frozenset((s, o)))
        rel = normalise_label(relation)
        self.facts.add((s, rel, o))
        self.facts.add((o, rel, s))

    def _key(self, ref: str) -> str:
        # An id that names a registered entity stays an id; anything else is a label literal.
        return (
            ref if ref in self.labels.get(normalise_label(ref), ()) else "=" + normalise_label(ref)
        )

    def _read(self, path: Path) -> None:
        if not path.exists():
            raise BadInputError("no such knowledge-base file", path=str(path))
        lines = path.read_text(encoding="utf-8").splitlines()
        facts: list[tuple[str, str, str, int]] = []
        for number, raw in enumerate(lines, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if path.suffix in (".jsonl", ".json", ".ndjson"):
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise BadInputError(
                        f"not JSON: {exc.msg}", path=str(path), line=number
                    ) from exc
                if not isinstance(row, dict):
                    raise BadInputError("expected a JSON object", path=str(path), line=number)
                if "id" in row:
                    labels = row.get("labels") or []
                    if isinstance(labels, str):
                        labels = [labels]
                    self.add_entity(str(row["id"]), [str(x) for x in labels])
                elif all(k in row for k in ("subject", "object")):
                    facts.append(
                        (
                            str(row["subject"]),
                            str(row.get("relation", "")),
                            str(row["object"]),
                            number,
                        )
                    )
                else:
                    raise BadInputError(
                        "a line needs 'id' (entity) or 'subject' and 'object' (fact)",
                        path=str(path),
                        line=number,
                    )
            else:
                cols = raw.rstrip("\n").split("\t")
                if len(cols) == 2:
                    self.add_entity(cols[0].strip(), [x for x in cols[1].split("|") if x.strip()])
                elif len(cols) == 3:
                    facts.append((cols[0].strip(), cols[1].strip(), cols[2].strip(), number))
                else:
                    raise BadInputError(
                        f"expected 2 (entity) or 3 (fact) tab-separated columns, got {len(cols)}",
                        path=str(path),
                        line=number,
                    )
        # Facts after entities, so that ids in facts resolve whatever the line order.
        for s, r, o, _ in facts:
            self.add_fact(s, r, o)

    # -- querying ---------------------------------------------------------------------
    def keys(self, name: str) -> set[str]:
        """Entity keys a name may denote: registered ids by label, and the name as a literal."""
        norm = normalise_label(name)
        return set(self.labels.get(norm, ())) | {"=" + norm}

    def known_mask(self, triples: Sequence[Triple]) -> list[bool]:
        out = []
        for t in triples:
            subj, obj = self.keys(t.subject), self.keys(t.object)
            if self.match == "pair":
                hit = any(frozenset((s, o)) in self.pairs for s in subj for o in obj)
            else:
                rel = normalise_label(t.relation)
                hit = any((s, rel, o) in self.facts for s in subj for o in obj)
            out.append(hit)
        return out

    def __len__(self) -> int:
        return len(self.pairs)


def nerel_kb_rows(gold: Iterable[GoldDocument]) -> list[dict[str, object]]:
    """Knowledge-base rows (the JSON-lines format above) from NEREL's Wikidata links: one entity
    row per linked item (its N-line name and mention texts as labels) and one fact row per
    gold relation whose two arguments are linked to different items."""
    labels: dict[str, set[str]] = {}
    facts: set[tuple[str, str, str]] = set()
    for g in gold:
        qid = {n.entity: n.wikidata for n in g.links if n.wikidata and n.entity in g.entities}
        for n in g.links:
            if n.wikidata and n.entity in g.entities:
                names = labels.setdefault(n.wikidata, set())
                names.add(g.entities[n.entity].text)
                if n.name:
                    names.add(n.name)
        for r in g.relations:
            a, b = qid.get(r.arg1), qid.get(r.arg2)
            if a and b and a != b:
                facts.add((a, r.type, b))
    rows: list[dict[str, object]] = [
        {"id": q, "labels": sorted(v)} for q, v in sorted(labels.items())
    ]
    rows += [{"subject": s, "relation": r, "object": o} for s, r, o in sorted(facts)]
    return rows


def write_kb_rows(rows: Iterable[dict[str, object]], path: Path | str) -> int:
    """Write knowledge-base rows as JSON lines atomically; returns the number of rows."""

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".jsonl")
    count = 0
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    os.replace(tmp, path)
    return count
