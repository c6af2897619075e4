"""Lazy package attributes (PEP 562): a name loads its one module the first time it is read.

A package lists where each public name lives and sets
`__getattr__, __dir__ = lazy_attributes(__name__, WHERE, __all__)`, so importing the package
imports none of those modules, and reading one name imports only the module that defines it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_attributes(
    package: str, where: Mapping[str, str], names: Iterable[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The package's `__getattr__` and `__dir__`; `where` maps a name to its submodule."""
    listed = sorted(names)

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # the next read skips this function
        return value

    def __dir__() -> list[str]:
        return listed

    return __getattr__, __dir__
