"""Groups of `types.EntityType` the question part reasons with (one vocabulary: every Triple
normalises its types, so «PER» or «ORG» never reach here)."""

from __future__ import annotations

from dragon_bench.types import EntityType as E

__all__ = ["AGENTS", "NAMED_PLACES", "ORGS", "PEOPLE", "PLACES", "PROPER"]

PEOPLE: frozenset[str] = frozenset({E.PERSON})
ORGS: frozenset[str] = frozenset({E.ORGANIZATION})
AGENTS: frozenset[str] = PEOPLE | ORGS
# places a «В каком городе / стране / регионе / районе» names by its type
NAMED_PLACES: frozenset[str] = frozenset({E.CITY, E.COUNTRY, E.STATE_OR_PROVINCE, E.DISTRICT})
PLACES: frozenset[str] = NAMED_PLACES | {E.LOCATION, E.FACILITY}
# kinds whose entities have proper names; a lower-case mention of one is a common noun
PROPER: frozenset[str] = AGENTS | PLACES
