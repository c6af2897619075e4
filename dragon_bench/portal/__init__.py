"""The web service: submissions over DRAGON's wire protocol, evaluation worker, leaderboard, pages.

Importing this package is cheap; FastAPI and SQLAlchemy load with `dragon_bench.portal.app`.
"""

__all__: list[str] = []
