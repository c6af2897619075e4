"""Frozen records that flow between the pipeline stages."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Literal

__all__ = [
    "EntityType",
    "entity_type",
    "entity_id",
    "QuestionType",
    "Document",
    "Segment",
    "Triple",
    "Question",
    "Result",
    "content_hash",
]

# a name in the question-shape registry (dragon_bench.questions.shapes.QUESTION_TYPES)
QuestionType = str

_SPACE = re.compile(r"\s+")


def content_hash(text: str) -> str:
    """SHA-256 of the text after Unicode NFC and white-space folding: equal for exact duplicates."""
    norm = _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


class EntityType(StrEnum):
    """NEREL's 29 entity types (annotation.conf): the one vocabulary of entity types.

    Members equal their names as strings (`EntityType.PERSON == "PERSON"`), so a set of
    members also matches the plain strings stored in files.
    """

    AGE = "AGE"
    AWARD = "AWARD"
    CITY = "CITY"
    COUNTRY = "COUNTRY"
    CRIME = "CRIME"
    DATE = "DATE"
    DISEASE = "DISEASE"
    DISTRICT = "DISTRICT"
    EVENT = "EVENT"
    FACILITY = "FACILITY"
    FAMILY = "FAMILY"
    IDEOLOGY = "IDEOLOGY"
    LANGUAGE = "LANGUAGE"
    LAW = "LAW"
    LOCATION = "LOCATION"
    MONEY = "MONEY"
    NATIONALITY = "NATIONALITY"
    NUMBER = "NUMBER"
    ORDINAL = "ORDINAL"
    ORGANIZATION = "ORGANIZATION"
    PENALTY = "PENALTY"
    PERCENT = "PERCENT"
    PERSON = "PERSON"
    PRODUCT = "PRODUCT"
    PROFESSION = "PROFESSION"
    RELIGION = "RELIGION"
    STATE_OR_PROVINCE = "STATE_OR_PROVINCE"
    TIME = "TIME"
    WORK_OF_ART = "WORK_OF_ART"


# Other spellings met in inputs (natasha's NER tags, LLM replies, older files).
_TYPE_ALIASES = {
    "PER": EntityType.PERSON,
    "PERS": EntityType.PERSON,
    "ORG": EntityType.ORGANIZATION,
    "LOC": EntityType.LOCATION,
    "GPE": EntityType.LOCATION,
    "PROF": EntityType.PROFESSION,
    "WORK": EntityType.WORK_OF_ART,
    "WORK_OF_ARTS": EntityType.WORK_OF_ART,
}


def entity_type(text: str) -> EntityType | Literal[""]:
    """The EntityType a tag names ("PER", "person", "ORGANIZATION"), or '' for none/unknown."""
    key = text.strip().upper().replace("-", "_").replace(" ", "_")
    if not key:
        return ""
    if key in EntityType.__members__:
        return EntityType[key]
    return _TYPE_ALIASES.get(key, "")


_QUOTES = str.maketrans("", "", "«»\"“”„'`")


def entity_id(kind: str, name: str) -> str:
    """`TYPE:normalised name`, the id DESIGN.md gives an entity (aliases resolved beforehand):
    case, «ё», quotes and spacing do not matter."""
    norm = _SPACE.sub(" ", unicodedata.normalize("NFC", name).translate(_QUOTES)).strip()
    return f"{entity_type(kind) or 'ENTITY'}:{norm.lower().replace('ё', 'е')}"


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
    """A (subject, relation, object) fact with its provenance: document and character spans.

    Fields as DESIGN.md ("Revision layout") defines them: `subject_id`/`object_id` are entity
    ids (`entity_id`, filled from type and name when not given), `relation_type` a NEREL
    relation type or '', `tense` "present", "past" or '', `confidence` the estimated precision
    of the triple's trigger (None when not estimated, e.g. precomputed or LLM triples).
    Entity types are normalised to `EntityType` names ("PER" -> "PERSON", unknown -> '').
    """

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
    subject_id: str = ""
    object_id: str = ""
    relation_type: str = ""
    tense: str = ""
    confidence: float | None = None
    trigger: str = ""

    def __post_init__(self) -> None:
        for side in ("subject", "object"):
            kind = entity_type(getattr(self, f"{side}_type"))
            object.__setattr__(self, f"{side}_type", str(kind))
            if not getattr(self, f"{side}_id"):
                object.__setattr__(self, f"{side}_id", entity_id(kind, getattr(self, side)))
        if self.tense not in ("", "present", "past"):
            raise ValueError(f"tense must be 'present', 'past' or '', got {self.tense!r}")


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
    template: str = ""  # the id of the template or prompt that phrased it (qa `template`)

    @property
    def confidence(self) -> float | None:
        """The least confidence of the evidence triples (None when none was estimated)."""
        known = [t.confidence for t in self.triples if t.confidence is not None]
        return min(known) if known else None


@dataclass(frozen=True, slots=True)
class Result:
    """A participant's answer to one question: public text ids best first, and the answer."""

    found_ids: tuple[int, ...]
    model_answer: str
