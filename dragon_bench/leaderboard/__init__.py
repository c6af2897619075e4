"""The public leaderboard outside the portal: the results file, its validator and the Space.

Importing this package is cheap; nothing here needs the portal extra except building the
file from the portal's approved submissions.
"""

__all__: list[str] = []
