"""The audit's catalogue of finding codes, as ``audit --code`` and ``audit --explain`` read it
(docs/audit.md#the-codes): checked codes, and each code's rule and example."""

from __future__ import annotations

from campaign.audit import PENDING, WARNING, check_code, entry
from campaign.service.results import Explanation

__all__ = ["PENDING", "WARNING", "check_code", "explain"]


def explain(code: str) -> Explanation:
    """``audit --explain CODE``: the code's rule (the French source and the English digest, or
    the tracker's own rule's name) and an example; an unknown code is an input error."""
    found = entry(code, field="explain")
    rule = found.rule
    return Explanation(
        code=found.code,
        severity=found.severity,
        title=found.title,
        trigger=found.trigger,
        rule={
            **found.cites,
            "text_fr": None if rule is None else rule.text_fr,
            "digest": None if rule is None else rule.digest,
        },
        explanation=found.explanation,
        example=found.example,
    )
