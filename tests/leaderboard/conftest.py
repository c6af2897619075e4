"""Leaderboard fixtures: the portal tests' tiny hub for the demo step."""

from tests.portal.conftest import hub  # noqa: F401  (fixture)
