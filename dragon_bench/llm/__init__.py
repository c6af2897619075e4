"""One OpenAI-compatible LLM client: chat, JSON replies, batches, embeddings, on-disk cache."""

from dragon_bench.llm.client import LLMClient, LLMError, LLMReplyError, Message
from dragon_bench.llm.jsonreply import JSONReplyError, parse_json_reply
from dragon_bench.llm.model import ChatModel, make_llm
from dragon_bench.llm.settings import LLMSettings
from dragon_bench.llm.usage import StageEstimate, StageUsage, Usage, estimate_tokens

__all__ = [
    "ChatModel",
    "LLMClient",
    "LLMError",
    "LLMReplyError",
    "LLMSettings",
    "Message",
    "JSONReplyError",
    "make_llm",
    "parse_json_reply",
    "StageEstimate",
    "StageUsage",
    "Usage",
    "estimate_tokens",
]
