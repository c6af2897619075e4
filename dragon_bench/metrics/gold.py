"""The private half of a revision as the evaluator needs it: answers, types and gold public text ids."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import pyarrow as pa

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.metrics.refcache import cached_reference_tokens
from dragon_bench.metrics.texts import Reference
from dragon_bench.questions.shapes import QUESTION_TYPES
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
        """Each question's reference answer, analysed lazily and kept for later evaluations."""
        refs: list[Reference] | None = self.cache.get("references")
        if refs is None:
            tokens = self.cache.get("reference_tokens") or [None] * len(self.questions)
            refs = [
                Reference(q.answer, q.type, q.answers, t)
                for q, t in zip(self.questions, tokens, strict=True)
            ]
            self.cache["references"] = refs
        return refs

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
                    q.id, q.question, q.answer, q.type, q.text_ids, q.answers, text_map, version
                )
            )
        known = frozenset(text_map.values()) if text_ids is None else frozenset(text_ids)
        return cls(version, gold, known)

    @classmethod
    def from_tables(cls, qa: pa.Table, texts: pa.Table, version: str = "") -> Gold:
        """From the private `qa` and `texts` tables of the revision layout (DESIGN.md)."""
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
        cols = {c: qa.column(c).to_pylist() for c in qa.column_names}
        n = qa.num_rows
        questions = cols.get("question", [""] * n)
        answers = cols.get("answers", [None] * n)
        dynamism = cols.get("dynamism", [None] * n)
        as_of = cols.get("as_of", [None] * n)
        gold = [
            replace(
                _gold_question(
                    cols["id"][i],
                    questions[i] or "",
                    cols["answer"][i],
                    cols["type"][i],
                    cols["text_ids"][i] or (),
                    answers[i] or (),
                    text_map,
                    version,
                ),
                dynamism=dynamism[i] or "",
                as_of=as_of[i],
            )
            for i in range(n)
        ]
        return cls(version, gold, frozenset(text_map.values()))

    @classmethod
    def from_hub(cls, hub: Any, version: str = "latest") -> Gold:
        """Read `private/<version>/{qa,texts}.parquet` of a hub (a `Hub` or its URL)."""
        if not isinstance(hub, Hub):
            hub = Hub(str(hub))
        version = hub.resolve(version, half="private")
        gold = cls.from_tables(
            hub.read_table("private", version, "qa"),
            hub.read_table("private", version, "texts"),
            version,
        )
        sha = hub.read_manifest("private", version).get("sha256", {}).get("qa.parquet", "")
        gold.cache["reference_tokens"] = cached_reference_tokens(
            hub, version, str(sha), gold.ids, [q.answer for q in gold.questions]
        )
        return gold


def _gold_question(
    qid: Any,
    question: str,
    answer: Any,
    qtype: Any,
    text_ids: Sequence[str],
    answers: Sequence[str],
    text_map: Mapping[str, int],
    version: str,
) -> GoldQuestion:
    if not isinstance(qid, int) or isinstance(qid, bool):
        raise BadInputError(f"gold question id {qid!r} of {version} is not an integer")
    if qtype not in QUESTION_TYPES:
        raise BadInputError(
            f"gold question {qid} of {version} has type {qtype!r}, not one of {', '.join(QUESTION_TYPES)}"
        )
    if not isinstance(answer, str):
        raise BadInputError(f"gold question {qid} of {version} has no string answer")
    relevant = set()
    for tid in text_ids:
        if tid not in text_map:
            raise BadInputError(
                f"gold question {qid} of {version} cites text {tid!r} absent from private texts"
            )
        relevant.add(int(text_map[tid]))
    return GoldQuestion(
        int(qid), question, answer, str(qtype), frozenset(relevant), tuple(answers or ())
    )
