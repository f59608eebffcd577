"""Re-reading a recorded roll from its draws (the audit's verify): faces, scores, success."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from contracts.rulesets import potential as c
from domain.rulesets.potential import resistance
from domain.rulesets.potential.actions import drawn


def _pool(label: str, pool: c.PoolRoll) -> list[str]:
    out = []
    if len(pool.faces) != len(pool.sources):
        out.append(f"{label}: {len(pool.faces)} faces for {len(pool.sources)} dice")
    if pool.refused_to_one is None and \
            pool.score != sum(pool.faces) + pool.modifier + (pool.fixed or 0):
        out.append(f"{label}: score {pool.score} is not the faces plus {pool.modifier}")
    return out


def reread(event_type: str, data: Mapping[str, Any],
           draws: Sequence[tuple[int, int]]) -> list[str]:
    """Differences between a recorded roll and the rules applied to its d6 draws."""
    faces = [face for _, face in draws]
    if event_type == f"{c.RULESET_ID}.ActionTaken":
        ev = msgspec.convert(dict(data), c.ActionTaken)
        out = [] if faces == drawn(ev.pool) + ev.hindrance_faces else [
            "recorded dice differ from the draws"]
        out += _pool("action", ev.pool)
        if ev.success != resistance.succeeds(ev.pool.score, ev.resistance) or \
                ev.degree != resistance.degree(ev.pool.score, ev.resistance):
            out.append("success or degree does not follow from the score (L25, L54)")
        return out
    if event_type == f"{c.RULESET_ID}.AttackResolved":
        att = msgspec.convert(dict(data), c.AttackResolved)
        out = [] if faces == drawn(att.attack) + drawn(att.defence) else [
            "recorded dice differ from the draws"]
        out += _pool("attack", att.attack) + _pool("defence", att.defence)
        if att.degree != resistance.degree(att.attack.score, att.defence.score):
            out.append("degree does not follow from the scores (L54)")
        return out
    if event_type == f"{c.RULESET_ID}.Moved":
        moved = msgspec.convert(dict(data), c.Moved)
        if moved.pool is not None:  # a Movement-keyword action: the distance is the score
            out = [] if faces == drawn(moved.pool) else ["recorded dice differ from the draws"]
            out += _pool("movement", moved.pool)
            return out + ([] if moved.distance == moved.pool.score else
                          ["distance does not follow (L46, P-31)"])
        want = faces[0] if moved.mode == "run" and faces else 3  # L46-47
        out = [] if faces == moved.faces else ["recorded dice differ from the draws"]
        return out + ([] if moved.distance == want else ["distance does not follow (L46-47)"])
    return []
