"""Which relations fit which kinds of subject: a place has no views and an organisation does
not die, so a question asking so comes from an extraction error, not from the text."""

from __future__ import annotations

from dragon_bench.questions.templates import TEMPLATES, relation_type
from dragon_bench.questions.vocab import AGENTS, PEOPLE
from dragon_bench.types import Triple

__all__ = ["PERSON_TYPES", "AGENT_TYPES", "PERSON_RELATIONS", "AGENT_RELATIONS", "misfit"]

PERSON_TYPES = PEOPLE
# kinds that act: the subject of any verb
AGENT_TYPES = AGENTS
# relations only a person has
PERSON_RELATIONS = frozenset(
    {"SPOUSE", "PARENT_OF", "SIBLING", "RELATIVE", "KNOWS", "WORKS_AS", "WORKPLACE"}
    | {"DATE_OF_BIRTH", "PLACE_OF_BIRTH", "DATE_OF_DEATH", "PLACE_OF_DEATH", "AGE_IS"}
    | {"AGE_DIED_AT", "SCHOOLS_ATTENDED", "PLACE_RESIDES_IN", "ORIGINS_FROM"}
    | {"MEDICAL_CONDITION", "CAUSE_OF_DEATH", "RELIGION_OF"}
)
# relations a person or an organisation has, not a place or an event
AGENT_RELATIONS = frozenset(
    {"IDEOLOGY_OF", "CONVICTED_OF", "PENALIZED_AS", "PRODUCES", "AWARDED_WITH", "MEMBER_OF"}
    | {"ORGANIZES", "PARTICIPANT_IN", "AGENT", "OWNER_OF", "INCOME", "EXPENDITURE"}
    | {"SUBORDINATE_OF"}
)


def misfit(triple: Triple, *, described: bool = False) -> bool:
    """True when the triple's relation does not fit its subject's kind: a person's relation on
    anything else, an agent's relation on a place or event; with `described` (the subject is
    a multi-hop bridge named only as «место, ...») also a bare verb link on a non-agent
    («Кого осудило место, в котором работает X?»). Unknown subject kinds are not judged."""
    kind = triple.subject_type.upper()
    if not kind or kind in PERSON_TYPES:
        return False
    relation = relation_type(triple.relation)
    if relation in PERSON_RELATIONS:
        return True
    if kind in AGENT_TYPES:
        return False
    return relation in AGENT_RELATIONS or (described and relation not in TEMPLATES)
