"""Publishing the results file: a durable queue of commits in the database and the repositories
(git remotes, Hugging Face Space or dataset repos) they are pushed to."""

__all__: list[str] = []
