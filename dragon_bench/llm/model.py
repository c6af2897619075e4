"""`ChatModel`, what the project asks of an LLM client, and `make_llm`, the one way to get one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from dragon_bench.llm.client import LLMClient, LLMError, Message
from dragon_bench.llm.settings import LLMSettings

__all__ = ["ChatModel", "make_llm"]

T = TypeVar("T")
R = TypeVar("R")


class ChatModel(Protocol):
    """An OpenAI-compatible chat client (`LLMClient` is the real one; tests script a server)."""

    settings: LLMSettings

    @property
    def model(self) -> str: ...

    def stage(self, name: str) -> ChatModel: ...

    def count(self, **deltas: int) -> None: ...

    def map(
        self, fn: Callable[[T], R], items: Iterable[T], *, concurrency: int | None = None
    ) -> list[R]: ...

    def chat(self, messages: Sequence[Message], **kw: Any) -> str: ...

    def chat_json(self, messages: Sequence[Message], **kw: Any) -> Any: ...

    def chat_many(
        self, list_of_messages: Sequence[Sequence[Message]], **kw: Any
    ) -> list[str | LLMError]: ...

    def embed(self, texts: Sequence[str], *, batch_size: int = 64) -> list[list[float]]: ...


def make_llm(who: str, llm: ChatModel | None = None) -> ChatModel:
    """`llm` if given, else a client from the DRAGON_LLM_* variables; when they name no endpoint
    and model, a BadInputError says that `who` needs them."""
    if llm is not None:
        return llm
    return LLMClient(LLMSettings.required(who))
