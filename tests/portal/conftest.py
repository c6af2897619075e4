"""Portal fixtures: a small two-version hub with known gold, databases, a live server, tokens."""

from tests.helpers.portal import db_url, hub, live, make_live  # noqa: F401  (fixtures)
