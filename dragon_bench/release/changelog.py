"""What a revision changed since the earlier ones: its new questions, the earlier questions a
newer article has superseded (slow- and fast-changing relation types only: another object of
a relation a subject has one of at a time, or another holder of a one-holder role at the same
organisation, `superseded_questions`), and the earlier questions retired (their texts are no
longer in the revision). Published revisions never change: the record lives in the new
revision's `private/<v>/superseded.parquet` and its manifest's `changelog` counts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa

from dragon_bench.dynamism import SUBJECT_FUNCTIONAL, dynamism_of
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.release.holders import ROLE_FIELDS, held_roles, role_of
from dragon_bench.release.tables import EVIDENCE_TYPE, evidence_record, fact_key
from dragon_bench.types import Triple
from dragon_bench.versions import parse_version

__all__ = [
    "SUPERSEDED_SCHEMA",
    "Changes",
    "changelog",
    "retired_questions",
    "superseded_ids",
    "superseded_questions",
    "superseded_table",
]

SUPERSEDED_SCHEMA = pa.schema(
    [
        ("earlier_version", pa.string()),
        ("earlier_question_id", pa.int64()),
        ("subject_id", pa.string()),
        ("relation_type", pa.string()),
        ("old_object_id", pa.string()),
        ("new_object_id", pa.string()),
        ("evidence", pa.list_(EVIDENCE_TYPE)),
    ]
)


def _row(
    version: str, qid: int, slot: tuple[str, str, str], new: str, triples: list[Triple]
) -> dict[str, Any]:
    return {
        "earlier_version": version,
        "earlier_question_id": qid,
        "subject_id": slot[0],
        "relation_type": slot[1],
        "old_object_id": slot[2],
        "new_object_id": new,
        "evidence": [evidence_record(t) for t in triples],
    }


def _newer(
    triples: list[Triple], published: Mapping[str, datetime | None], as_of: datetime | None
) -> list[Triple]:
    """The triples whose text was not published before the question's evidence (`as_of`);
    an unknown date on either side keeps the triple (the revisions' order decides)."""
    if as_of is None:
        return triples
    return [
        t for t in triples if (when := published.get(t.doc_id)) is None or _utc(when) >= _utc(as_of)
    ]


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


def _own(entity_id: str) -> bool:
    """A document's own entity (a common noun such as «компания @doc», a role, an event): it
    names nothing another document could, so it changes no fact."""
    return " @" in entity_id


def _surname(entity_id: str) -> str:
    """The last word of an entity id's name: «PERSON:владимир путин» -> «путин»."""
    words = entity_id.partition(":")[2].split()
    return words[-1] if words else entity_id


class Changes:
    """What an increment's triples (slow or fast, present or unknown tense) change: the object
    of a (subject, relation type), and the holder of a one-holder role at an organisation."""

    def __init__(self, increment: Iterable[Triple], texts: Mapping[str, str] | None = None) -> None:
        self.objects: dict[tuple[str, str], list[Triple]] = {}
        self.stated: set[tuple[str, str, str]] = set()
        self.holders: dict[tuple[str, str], list[Triple]] = {}
        self.held: set[tuple[str, str, str]] = set()  # (person, organisation, role)
        for t in increment:
            if not (t.subject_id and t.relation_type and t.object_id):
                continue
            if dynamism_of(t.relation_type) == "static" or t.tense == "past":
                continue
            if _own(t.object_id):
                continue
            self.stated.add(fact_key(t))
            if t.relation_type in SUBJECT_FUNCTIONAL:
                self.objects.setdefault((t.subject_id, t.relation_type), []).append(t)
            role = role_of(t, texts)
            if role:
                self.holders.setdefault((t.object_id, role), []).append(t)
                self.held.add((t.subject_id, t.object_id, role))

    def new_objects(self, fact: tuple[str, str, str]) -> dict[str, list[Triple]]:
        """Subject side, for `r` functional on the subject (`dynamism.SUBJECT_FUNCTIONAL`):
        the increment states `(s, r, o')`, `o' != o`, and not `(s, r, o)` itself (a second
        employer named beside the first is no replacement)."""
        if _own(fact[2]) or fact in self.stated:
            return {}
        out: dict[str, list[Triple]] = {}
        for t in self.objects.get(fact[:2], ()):
            if t.object_id != fact[2]:
                out.setdefault(t.object_id, []).append(t)
        return out

    def new_holders(
        self, fact: tuple[str, str, str], roles: Iterable[str]
    ) -> dict[str, list[Triple]]:
        """Object side: the person `s` held one of `roles` at `o`; the increment gives another
        person that role at `o` and does not restate `s` in it. A holder with the same
        surname is not taken for another person («Дилма Руссефф» and «Дилме Руссефф», «В.
        Путин» and «Владимир Путин» can be two ids of one person)."""
        if fact in self.stated:
            return {}
        person, _, organisation = fact
        out: dict[str, list[Triple]] = {}
        for role in sorted(roles):
            if (person, organisation, role) in self.held:
                continue
            for t in self.holders.get((organisation, role), ()):
                if _surname(t.subject_id) != _surname(person):
                    out.setdefault(t.subject_id, []).append(t)
        return out


def superseded_questions(
    hub: Hub,
    earlier: Sequence[str],
    increment: Iterable[Triple],
    texts: Mapping[str, str] | None = None,
    dates: Mapping[str, datetime | None] | None = None,
) -> list[dict[str, Any]]:
    """Rows of `superseded.parquet` for the questions of the `earlier` revisions, by two rules
    on their slow or fast evidence facts `(s, r, o)` (`Changes`).

    Subject side, `r` in `dynamism.SUBJECT_FUNCTIONAL`: the increment states `(s, r, o')`;
    the row is `(s, r, o -> o')`.
    Object side: an earlier revision's KG gives the person `s` a one-holder role at `o`
    (`dynamism.holder_role`: «Алексей Воронов назначен главой «Уралхима»»), and the increment
    gives another person `s'` the same role there («Ирина Соколова назначена главой
    «Уралхима»»); the row names the slot from the organisation's side: `(o, r, s -> s')`.
    `texts` (document id -> full text, the earlier revisions' and the increment's) let a role
    qualified in its sentence («финансовый директор») count as no head role
    (`release.holders`). `dates` (the increment's `published_at` by document id): a new
    text published before the question's `as_of` is older news, not a change; an undated
    side leaves the revisions' order to decide."""
    changes = Changes(increment, texts)
    published = dates or {}
    # the roles every earlier revision's KG gives (a head named in 1.0.0, asked about in 1.1.0)
    roles: dict[tuple[str, str, str], set[str]] = {}
    for version in earlier if changes.holders else ():
        kg = hub.read_table("private", version, "kg")
        if set(ROLE_FIELDS) <= set(kg.column_names):
            for fact, held in held_roles(kg.select(list(ROLE_FIELDS)).to_pylist(), texts).items():
                roles.setdefault(fact, set()).update(held)
    rows: list[dict[str, Any]] = []
    for version in sorted(earlier, key=parse_version):
        qa = hub.read_table("private", version, "qa")
        if "evidence" not in qa.column_names:
            continue
        ids, evidences = qa.column("id").to_pylist(), qa.column("evidence").to_pylist()
        as_of = qa.column("as_of").to_pylist() if "as_of" in qa.column_names else [None] * len(ids)
        for qid, evidence, asked_at in zip(ids, evidences, as_of, strict=True):
            for e in evidence or ():
                old = fact_key(e)
                for obj, triples in sorted(changes.new_objects(old).items()):
                    news = _newer(triples, published, asked_at)
                    if news:
                        rows.append(_row(version, int(qid), old, obj, news))
                replaced = changes.new_holders(old, roles.get(old, ()))
                for person, triples in sorted(replaced.items()):
                    news = _newer(triples, published, asked_at)
                    if news:
                        rows.append(_row(version, int(qid), (old[2], old[1], old[0]), person, news))
    return rows


def superseded_table(rows: Sequence[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(list(rows), schema=SUPERSEDED_SCHEMA)


def retired_questions(
    hub: Hub, earlier: Sequence[str], parent: str | None, texts: Iterable[str]
) -> list[dict[str, Any]]:
    """Questions of the `earlier` revisions answerable from the parent's texts whose texts
    are not all in this revision (`texts`, internal ids): the corpus no longer holds them."""
    if parent is None:
        return []
    now = set(texts)
    before = set(hub.read_table("private", parent, "texts").column("id").to_pylist())
    out = []
    for version in sorted(earlier, key=parse_version):
        qa = hub.read_table("private", version, "qa").select(["id", "text_ids"]).to_pylist()
        for row in qa:
            ids = set(row["text_ids"] or ())
            if ids and ids <= before and not ids <= now:
                out.append({"version": version, "id": int(row["id"])})
    return out


def changelog(hub: Hub, version: str) -> dict[str, Any]:
    """`{"version", "parent", "new", "superseded", "retired"}` of a revision since its parent."""
    if version not in hub.versions("private"):
        raise BadInputError(f"no revision {version} in {hub.url}")
    manifest = hub.read_manifest("private", version)
    qa = hub.read_table("private", version, "qa")
    cols = [c for c in ("id", "question", "type", "as_of", "dynamism") if c in qa.column_names]
    new = []
    for row in qa.select(cols).to_pylist():
        when = row.get("as_of")
        new.append({**row, "as_of": when.date().isoformat() if when is not None else None})
    superseded = []
    if "superseded.parquet" in manifest.get("sha256", {}):
        for row in hub.read_table("private", version, "superseded").to_pylist():
            evidence = row.pop("evidence") or ()
            docs = sorted({e["doc_id"] for e in evidence})
            # the object-side rule names the slot from the organisation: its new evidence
            # has the new holder as subject, not the row's subject
            side = (
                "object"
                if any(e["subject_id"] != row["subject_id"] for e in evidence)
                else "subject"
            )
            superseded.append({**row, "rule": side, "doc_ids": docs})
    return {
        "version": version,
        "parent": manifest.get("parent"),
        "new": new,
        "superseded": superseded,
        "retired": list((manifest.get("changelog") or {}).get("retired", [])),
    }


def superseded_ids(hub: Hub, versions: Iterable[str]) -> dict[str, set[int]]:
    """The question ids of each revision that any of `versions` marked superseded."""
    out: dict[str, set[int]] = {}
    for version in versions:
        if "superseded.parquet" not in hub.read_manifest("private", version).get("sha256", {}):
            continue
        table = hub.read_table("private", version, "superseded")
        for v, qid in zip(
            table.column("earlier_version").to_pylist(),
            table.column("earlier_question_id").to_pylist(),
            strict=True,
        ):
            out.setdefault(v, set()).add(int(qid))
    return out
