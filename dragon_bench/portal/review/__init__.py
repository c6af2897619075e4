"""Operator review of staged revisions: the decision log, the candidate queue, the report."""
