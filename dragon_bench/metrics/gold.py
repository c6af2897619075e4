"""The private half of a revision as the evaluator needs it: answers, types and gold public text ids."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import pyarrow as pa

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.metrics import refcache
from dragon_bench.metrics.normalize import know_lemmas
from dragon_bench.metrics.texts import Reference
from dragon_bench.types import Question

__all__ = ["Gold", "GoldQuestion"]


@dataclass(frozen=True, slots=True)
class GoldQuestion:
    """One question's gold: reference answer(s), type and the public ids of its supporting texts."""

    id: int
    question: str
    answer: str
    type: str
    relevant: frozenset[int]
    answers: tuple[str, ...] = ()
    dynamism: str = ""  # static, slow or fast (qa `dynamism`; '' in revisions before it)
    as_of: datetime | None = None  # the latest publication of its evidence (qa `as_of`)


@dataclass
class Gold:
    """Gold questions of one revision, sorted by id, and the set of valid public text ids."""

    version: str
    questions: list[GoldQuestion]
    text_ids: frozenset[int]
    # Analysed references, made on first use and kept so a reference is analysed once.
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.questions = sorted(self.questions, key=lambda q: q.id)
        self.index = {q.id: i for i, q in enumerate(self.questions)}
        if len(self.index) != len(self.questions):
            raise BadInputError(f"gold of revision {self.version} repeats a question id")

    def __len__(self) -> int:
        return len(self.questions)

    @property
    def ids(self) -> list[int]:
        return [q.id for q in self.questions]

    def references(self) -> list[Reference]:
        """Each question's reference answer, analysed lazily and kept for later evaluations.

        Tokens read from the revision's cache are not in them yet: `reference_tokens` gives
        them, and scoring fills each chunk's references from it where it runs.
        """
        refs: list[Reference] | None = self.cache.get("references")
        if refs is None:
            refs = [Reference(q.answer, q.type, q.answers) for q in self.questions]
            self.cache["references"] = refs
        return refs

    @property
    def reference_tokens(self) -> refcache.TokenRows | None:
        """The references' razdel tokens by position, when known (`Gold.from_hub`)."""
        tokens: refcache.TokenRows | None = self.cache.get("reference_tokens")
        return tokens

    @classmethod
    def from_questions(
        cls,
        questions: Iterable[Question],
        text_map: Mapping[str, int],
        version: str = "",
        *,
        text_ids: Iterable[int] | None = None,
    ) -> Gold:
        """From question records and the internal-to-public text id mapping."""
        gold = []
        for q in questions:
            gold.append(
                _gold_question(
                    q.id,
                    q.question,
                    q.answer,
                    q.type,
                    q.text_ids,
                    q.answers,
                    text_map=text_map,
                    version=version,
                )
            )
        _check_types(gold, version)
        known = frozenset(text_map.values()) if text_ids is None else frozenset(text_ids)
        return cls(version, gold, known)

    @classmethod
    def from_tables(
        cls, qa: pa.Table, texts: pa.Table, version: str = "", *, check_types: bool = True
    ) -> Gold:
        """From the private `qa` and `texts` tables of the revision layout (DESIGN.md).

        `check_types=False` skips checking the question types against the shape registry
        (`from_hub` does, for a qa table checked when its reference cache was written).
        """
        for name, table, need in (
            ("qa", qa, ("id", "answer", "type", "text_ids")),
            ("texts", texts, ("id", "public_id")),
        ):
            absent = [c for c in need if c not in table.column_names]
            if absent:
                raise BadInputError(f"private {name} table of {version} lacks {', '.join(absent)}")
        text_map = dict(
            zip(
                texts.column("id").to_pylist(),
                texts.column("public_id").to_pylist(),
                strict=True,
            )
        )
        n = qa.num_rows
        absent_column = [None] * n

        def column(name: str) -> list[Any]:
            return qa.column(name).to_pylist() if name in qa.column_names else absent_column

        gold = list(
            map(
                functools.partial(_gold_question, text_map=text_map, version=version),
                column("id"),
                column("question"),
                column("answer"),
                column("type"),
                column("text_ids"),
                column("answers"),
                column("dynamism"),
                column("as_of"),
            )
        )
        if check_types:
            _check_types(gold, version)
        return cls(version, gold, frozenset(text_map.values()))

    @classmethod
    def from_hub(cls, hub: Any, version: str = "latest") -> Gold:
        """Read `private/<version>/{qa,texts}.parquet` of a hub (a `Hub` or its URL).

        The references' tokens come from the cache beside the revision (`metrics.refcache`);
        a qa table whose cache is valid had its question types checked when it was written.
        """
        if not isinstance(hub, Hub):
            hub = Hub(str(hub))
        version = hub.resolve(version, half="private")
        sha = str(hub.read_manifest("private", version).get("sha256", {}).get("qa.parquet", ""))
        cached = refcache.read_reference_tokens(hub, version, sha)
        gold = cls.from_tables(
            hub.read_table("private", version, "qa"),
            hub.read_table("private", version, "texts"),
            version,
            check_types=cached is None,
        )
        if cached is None or cached[0] != gold.ids:
            tokens = refcache.write_reference_tokens(
                hub, version, sha, gold.ids, [q.answer for q in gold.questions]
            )
        else:
            tokens = cached[1]
        gold.cache["reference_tokens"] = tokens
        lemmas = refcache.read_reference_lemmas(hub, version, sha)
        if lemmas is None:
            lemmas = refcache.write_reference_lemmas(hub, version, sha, tokens)
        know_lemmas(*lemmas)  # answer words met in the references: no pymorphy3 parse
        pa.default_memory_pool().release_unused()  # the readers' buffers, back to the system
        return gold


def _check_types(gold: Sequence[GoldQuestion], version: str) -> None:
    # The shape registry imports the question generators and the KG (~0.3 s): imported only
    # when a qa table's types are checked, once per revision (see `Gold.from_hub`).
    from dragon_bench.questions.shapes import QUESTION_TYPES

    known = set(QUESTION_TYPES)
    for q in gold:
        if q.type not in known:
            raise BadInputError(
                f"gold question {q.id} of {version} has type {q.type!r}, not one of "
                f"{', '.join(QUESTION_TYPES)}"
            )


def _gold_question(
    qid: Any,
    question: str | None,
    answer: Any,
    qtype: Any,
    text_ids: Sequence[str] | None,
    answers: Sequence[str] | None,
    dynamism: str | None = None,
    as_of: datetime | None = None,
    *,
    text_map: Mapping[str, int],
    version: str,
) -> GoldQuestion:
    if not isinstance(qid, int) or isinstance(qid, bool):
        raise BadInputError(f"gold question id {qid!r} of {version} is not an integer")
    if not isinstance(qtype, str) or not qtype:
        raise BadInputError(f"gold question {qid} of {version} has type {qtype!r}, not a name")
    if not isinstance(answer, str):
        raise BadInputError(f"gold question {qid} of {version} has no string answer")
    try:
        relevant = frozenset([int(text_map[tid]) for tid in text_ids or ()])
    except KeyError as exc:
        raise BadInputError(
            f"gold question {qid} of {version} cites text {exc.args[0]!r} absent from private texts"
        ) from None
    return GoldQuestion(
        int(qid),
        question or "",
        answer,
        qtype,
        relevant,
        tuple(answers or ()),
        dynamism or "",
        as_of,
    )
