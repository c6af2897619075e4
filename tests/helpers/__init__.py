"""Helpers tests in several folders share: corpora, hubs, the dragon command, fakes, pins."""
