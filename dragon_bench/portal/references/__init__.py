"""Closed-book reference rows: each configured model asked every question of each revision
with no retrieval, scored like a submission and shown on the leaderboard, never ranked."""
