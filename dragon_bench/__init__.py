"""dragon-bench: dynamic retrieval-augmented generation benchmarks on fresh news."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dragon-bench")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
