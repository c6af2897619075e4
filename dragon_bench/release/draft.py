"""The records a revision build passes along: its settings, its plan, the draft each stage
extends, the result it returns, and the typed refusal when there is nothing to build."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from dragon_bench.engine.base import Engine
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.llm import ChatModel, LLMSettings
from dragon_bench.types import Document, Question, Segment, Triple

__all__ = [
    "BuildContext",
    "BuildResult",
    "BuildSettings",
    "Draft",
    "Log",
    "NothingToBuild",
    "NoveltyFilter",
    "Plan",
    "Stage",
]

Log = Callable[[str], None]


def quiet(_: str) -> None:
    pass


class NoveltyFilter(Protocol):
    """Splits triples into those a reference knowledge base does not hold and those it does."""

    def split(self, triples: Sequence[Triple]) -> tuple[Sequence[Triple], Sequence[Triple]]: ...


@dataclass(frozen=True, kw_only=True)
class BuildSettings:
    """What changes a build's content (`dragon build` and `dragon update` options)."""

    seed: int = 0
    kg_backend: str = "natasha"
    question_backend: str = "template"
    question_roundtrip: bool = True  # the round-trip check of template questions
    per_type: int = 50
    dedup_threshold: float = 0.8
    triples: Sequence[Triple] | None = None  # precomputed (`--triples`): no extraction
    novelty: NoveltyFilter | None = None
    llm_settings: LLMSettings | None = None  # for workers that open their own client (Ray)
    checkpoint: Path | None = None  # folder of the extraction checkpoint (TripleCheckpoint)
    segments_out: Path | None = None  # where the segment stage writes the new documents' segments
    window: int = 5
    stride: int = 3
    # the LLM screens of candidate questions (`dragon_bench.screening.screen.Screening`)
    screening: Any = None
    # `--review`: stage the revision (no public half) with flagged candidates kept
    review: bool = False
    publish_dates: bool = False  # the public questions get the day of their `as_of`


@dataclass(frozen=True)
class Plan:
    """The revision to make: its version, parent, id key, and the published revisions whose
    texts are not new (empty for a full build)."""

    version: str
    parent: str | None
    id_key: str
    published: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuildContext:
    """Where and with what the stages run."""

    hub: Hub
    engine: Engine
    settings: BuildSettings
    llm: ChatModel | None = None
    log: Log = quiet


@dataclass(frozen=True)
class Draft:
    """A revision being built. Each stage reads some fields and returns a copy with more."""

    plan: Plan
    documents: tuple[Document, ...]  # the input, ids checked, in input order
    published: tuple[Document, ...] = ()  # select: the texts of the published revisions
    candidates: tuple[Document, ...] = ()  # select: input texts no published revision holds
    kept: tuple[Document, ...] = ()  # dedup: the revision's texts, in input order
    new: tuple[Document, ...] = ()  # dedup: the texts questions are asked about
    segments: tuple[Segment, ...] = ()
    triples: tuple[Triple, ...] = ()  # extract: triples of the new texts
    extracted: int = 0  # extract: documents extracted now (not from the checkpoint)
    resumed: int = 0  # extract: documents whose triples came from the checkpoint
    fresh: tuple[Triple, ...] = ()  # novelty: triples the knowledge base does not hold
    known: tuple[Triple, ...] = ()
    questions: tuple[Question, ...] = ()
    rejected: Mapping[str, int] = field(default_factory=dict)
    screened: Any = None  # screen: what the LLM screens said (`screening.Screened`)
    unscreened: tuple[Question, ...] = ()  # screen: the candidates it was given
    # questions (with review): candidates an offline check refused, with the check's reason
    refused: tuple[tuple[Question, str], ...] = ()
    flags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # review: text -> flags
    superseded: tuple[dict[str, Any], ...] = ()  # supersede: rows of superseded.parquet
    retired: tuple[dict[str, Any], ...] = ()  # supersede: earlier questions whose texts left
    written: bool = False


Stage = Callable[[BuildContext, Draft], Draft]


@dataclass(frozen=True)
class BuildResult:
    """What a build made (returned by `build_revision` and the update)."""

    version: str
    parent: str | None
    documents: int
    kept: int
    new: int
    triples: int
    extracted: int
    resumed: int
    fresh: int
    questions: Mapping[str, int]
    rejected: Mapping[str, int]
    segments: int = 0
    timings: Mapping[str, float] = field(default_factory=dict)
    screening: Mapping[str, Any] = field(default_factory=dict)  # the LLM screens' figures
    llm: Mapping[str, Any] = field(default_factory=dict)  # LLM usage per stage

    def summary(self) -> dict[str, Any]:
        """The report `dragon build` prints."""
        more = {k: dict(v) for k, v in (("screening", self.screening), ("llm", self.llm)) if v}
        return {
            "version": self.version,
            "parent": self.parent,
            "documents": self.documents,
            "kept": self.kept,
            "new": self.new,
            "triples": self.triples,
            "extracted": self.extracted,
            "resumed": self.resumed,
            "fresh": self.fresh,
            "questions": dict(self.questions),
            "rejected": dict(self.rejected),
            **more,
        }


class NothingToBuild(BadInputError):
    """No revision can be made from this input (nothing new, or no question passed); nothing
    was written. `draft` is how far the build got."""

    def __init__(self, message: str, draft: Draft | None = None) -> None:
        super().__init__(message)
        self.draft = draft
