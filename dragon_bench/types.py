"""Frozen records that flow between the pipeline stages."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

__all__ = [
    "QUESTION_TYPES",
    "QuestionType",
    "Document",
    "Segment",
    "Triple",
    "Question",
    "RevisionManifest",
    "Result",
    "content_hash",
]

QuestionType = Literal["simple", "set", "conditional", "multi_hop"]
QUESTION_TYPES: tuple[QuestionType, ...] = ("simple", "set", "conditional", "multi_hop")

_SPACE = re.compile(r"\s+")


def content_hash(text: str) -> str:
    """SHA-256 of the text after Unicode NFC and white-space folding: equal for exact duplicates."""
    norm = _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Document:
    """One news article. `text` is the body; the headline, if any, is `title`."""

    id: str
    text: str
    title: str = ""
    url: str | None = None
    published_at: datetime | None = None
    source: str = ""
    lang: str = "ru"
    content_hash: str = ""

    def __post_init__(self) -> None:
        if not self.content_hash:
            object.__setattr__(self, "content_hash", content_hash(self.title + "\n" + self.text))

    @property
    def full_text(self) -> str:
        """Headline and body as one string, the form that is segmented and published."""
        return f"{self.title}\n{self.text}" if self.title else self.text


@dataclass(frozen=True, slots=True)
class Segment:
    """A window of sentences of a document; `text == document_text[start_char:end_char]`."""

    id: str
    doc_id: str
    text: str
    start_char: int
    end_char: int


@dataclass(frozen=True, slots=True)
class Triple:
    """A (subject, relation, object) fact with its provenance: document and character spans."""

    subject: str
    relation: str
    object: str
    doc_id: str
    subject_type: str = ""
    object_type: str = ""
    subject_span: tuple[int, int] = (0, 0)
    object_span: tuple[int, int] = (0, 0)
    sentence_span: tuple[int, int] = (0, 0)
    extractor: str = ""


@dataclass(frozen=True, slots=True)
class Question:
    """A generated question with its gold answer(s) and the internal ids of supporting texts."""

    id: int
    question: str
    answer: str
    type: QuestionType
    text_ids: tuple[str, ...]
    answers: tuple[str, ...] = ()
    triples: tuple[Triple, ...] = ()


@dataclass(frozen=True, slots=True)
class RevisionManifest:
    """What `manifest.json` of one half of a revision says."""

    version: str
    created_at: str
    parent: str | None
    counts: dict[str, int] = field(default_factory=dict)
    sha256: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Result:
    """A participant's answer to one question: public text ids best first, and the answer."""

    found_ids: tuple[int, ...]
    model_answer: str
