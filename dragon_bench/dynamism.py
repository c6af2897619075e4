"""How fast the answer to a fact can change, by its relation type (static, slow, fast), as
CRAG splits static from dynamic questions (Yang et al., 2024, "CRAG - Comprehensive RAG
Benchmark"). A question takes the most changeable label of its evidence."""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "DYNAMISM",
    "HEAD_MODIFIERS",
    "HEAD_ROLES",
    "LABELS",
    "SUBJECT_FUNCTIONAL",
    "dynamism_of",
    "holder_role",
    "question_dynamism",
]

LABELS = ("static", "slow", "fast")

_STATIC = (
    # once true, true for good: births, deaths, foundations, events that happened, kinship
    "ABBREVIATION AGE_DIED_AT AGENT ALTERNATIVE_NAME AWARDED_WITH CAUSE_OF_DEATH CONVICTED_OF "
    "DATE_DEFUNCT_IN DATE_FOUNDED_IN DATE_OF_BIRTH DATE_OF_CREATION DATE_OF_DEATH END_TIME "
    "FOUNDED_BY HAS_CAUSE INANIMATE_INVOLVED LOCATED_IN ORGANIZES ORIGINS_FROM PARENT_OF "
    "PARTICIPANT_IN PENALIZED_AS PLACE_OF_BIRTH PLACE_OF_DEATH POINT_IN_TIME PRODUCES RELATIVE "
    "SCHOOLS_ATTENDED SIBLING START_TIME SUBEVENT_OF TAKES_PLACE_IN"
)
_SLOW = (
    # positions, workplaces, seats, memberships, ownership: change over months or years
    "HEADQUARTERED_IN IDEOLOGY_OF KNOWS MEMBER_OF OWNER_OF PART_OF PLACE_RESIDES_IN "
    "RELIGION_OF SPOUSE SUBORDINATE_OF WORKPLACE WORKS_AS"
)
# amounts, prices, ages, states of health: change from one report to the next
_FAST = "AGE_IS EXPENDITURE INCOME MEDICAL_CONDITION PRICE_OF"

# NEREL's 49 relation types with their label; '' (no relation type) is static, so an
# untyped fact is never compared across revisions
DYNAMISM: dict[str, str] = {
    "": "static",
    **{t: "static" for t in _STATIC.split()},
    **{t: "slow" for t in _SLOW.split()},
    **{t: "fast" for t in _FAST.split()},
}


def dynamism_of(relation_type: str) -> str:
    """The label of a relation type; an unknown type is `slow` (it may change, it is not a
    measured amount)."""
    return DYNAMISM.get(relation_type, "slow")


def question_dynamism(relation_types: Iterable[str]) -> str:
    """The most changeable label among a question's evidence relation types (static if none)."""
    labels = {dynamism_of(t) for t in relation_types}
    return max(labels, key=LABELS.index, default="static")


# Relations functional on the subject side: a subject has one object at a time (one
# headquarters, one employer, one residence, one spouse, one age or price), so another object
# in a newer text replaces the earlier one. Not roles (WORKS_AS: «журналист» and
# «телеведущий», «премьер-министр» and «председатель партии» hold together), memberships,
# ownership, acquaintances or conditions, which a subject has many of at once.
_SUBJECT_FUNCTIONAL = (
    "AGE_IS EXPENDITURE HEADQUARTERED_IN IDEOLOGY_OF INCOME PLACE_RESIDES_IN PRICE_OF "
    "RELIGION_OF SPOUSE WORKPLACE"
)
SUBJECT_FUNCTIONAL = frozenset(_SUBJECT_FUNCTIONAL.split())

# Relations functional on the object side: an organisation (or a city, a country) has one
# holder of each of these roles at a time, so a new holder of the same role at the same
# organisation replaces the earlier one. The role is the cue of the triple's trigger (the
# role noun's or the verb's lemma, `dragon_bench.kg.triggers`), grouped where two words name
# one office («руководитель», «возглавить» are «глава»). Deputies, members, workers and
# department heads hold no such role: «заместитель главы» is not «глава», and a role whose
# organisation is deeper in the genitive chain («глава департамента X») is not X's head.
HEAD_ROLES: dict[str, str] = {
    **dict.fromkeys(("глава", "руководитель", "возглавлять", "возглавить", "руководить"), "глава"),
    **dict.fromkeys(("директор", "гендиректор"), "директор"),
    **dict.fromkeys(("премьер", "премьер-министр"), "премьер-министр"),
    **{r: r for r in ("председатель", "президент", "мэр", "губернатор", "ректор", "канцлер")},
}
# adjectives that keep a role noun the head's («генеральный директор», «новый глава»); any
# other adjective right before it names another office («финансовый директор»,
# «художественный руководитель», «первый президент»: `release.holders`)
HEAD_MODIFIERS = frozenset({"генеральный", "новый", "нынешний", "действующий", "избранный"})
# trigger rules that give a person's role at the organisation itself: a role noun with the
# organisation as its genitive or adjective and the person named by it («глава «Уралхима»
# Алексей Воронов», «назначен главой «Уралхима»»), or a verb of heading («возглавил»); not
# `role_genitive_deep` (the organisation two genitives down)
_ROLE_RULES = frozenset({"role_genitive", "role_adjective"})


def holder_role(relation_type: str, subject_id: str, trigger: str) -> str:
    """The one-holder role a WORKPLACE triple gives its person at its organisation («глава»,
    «президент», ...), or '' (another role, a common noun on either side, not a person)."""
    if relation_type != "WORKPLACE" or not subject_id.startswith("PERSON:"):
        return ""
    rule, _, cue = trigger.partition(":")
    if rule.endswith("~common"):
        return ""
    base, plus, _ = rule.partition("+")
    if not ((base in _ROLE_RULES and plus) or rule == "verb_workplace"):
        return ""
    return HEAD_ROLES.get(cue, "")
