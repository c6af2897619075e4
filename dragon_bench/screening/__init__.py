"""The LLM screens of candidate questions: the closed-book filter and the question judge.

A part of its own above `questions` and `metrics`, since it scores questions with the answer
metrics (see docs/design.md, "Layers")."""
