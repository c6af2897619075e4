"""dragon-bench: dynamic retrieval-augmented generation benchmarks on fresh news."""

# The one place the version is written (pyproject.toml reads it); importlib.metadata would
# cost more start-up time than the rest of `dragon --help`.
__version__ = "0.1.0"

__all__ = ["__version__"]
