"""Leaderboard fixtures: the portal tests' tiny hub for the demo step."""

from tests.helpers.portal import hub  # noqa: F401  (fixture)
