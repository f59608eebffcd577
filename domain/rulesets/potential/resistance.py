"""Success, resistance and the degree of success (L25-26, L50-54)."""

from __future__ import annotations

from contracts.rulesets.potential import Cost, PoolRoll

UNABLE_TO_DEFEND_SCORE = 1  # L53: "a resistance score of one, not one dice"


def succeeds(score: int, resistance: int) -> bool:
    """L25, L54: the score must beat the resistance; a tie fails (P-1)."""
    return score > resistance


def degree(score: int, resistance: int) -> int:
    """L54: the degree of success is the difference when the action succeeds, else 0."""
    return score - resistance if succeeds(score, resistance) else 0


def fixed_one(reason: str, score: int = UNABLE_TO_DEFEND_SCORE) -> PoolRoll:
    """The resistance of a character who cannot or does not defend (L53, P-12)."""
    return PoolRoll(sources=[], faces=[], modifier=0, score=score, cost=Cost(),
                    refused_to_one=reason)
