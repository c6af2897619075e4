"""One OpenAI-compatible LLM client: chat, JSON replies, batches, embeddings, on-disk cache."""

from dragon_bench.llm.client import LLMClient, LLMError, Message
from dragon_bench.llm.jsonreply import JSONReplyError, parse_json_reply
from dragon_bench.llm.settings import LLMSettings

__all__ = ["LLMClient", "LLMError", "LLMSettings", "Message", "JSONReplyError", "parse_json_reply"]
