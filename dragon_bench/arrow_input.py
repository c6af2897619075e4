"""Bytes for Arrow's readers in memory Arrow owns, never a Python object.

Given a Python file object (or a `bytes` wrapped in `pa.BufferReader`), Arrow's reader threads
hold it and may drop the last reference after the read has returned, taking the GIL from an
Arrow thread to do so. If that happens while the interpreter finalises, CPython ends the thread
with pthread_exit inside a C++ destructor and the process aborts ("terminate called without an
active exception", exit 134; apache/arrow#34314), or Arrow's thread-pool shutdown at exit waits
for that thread for ever. A copy in an Arrow buffer has no Python owner: freeing it, from any
thread and at any time, never needs the interpreter.
"""

from __future__ import annotations

from typing import BinaryIO

import pyarrow as pa

__all__ = ["read_into_arrow"]


def read_into_arrow(source: BinaryIO | bytes) -> pa.BufferReader:
    """The rest of `source` (a binary file object, or bytes) in an Arrow-allocated buffer."""
    data = source if isinstance(source, bytes) else source.read()
    buffer = pa.allocate_buffer(len(data))
    memoryview(buffer).cast("B")[:] = data
    return pa.BufferReader(buffer)
