"""Potential events in words (``domain.narration``), in the seed's own terms: a pool of d6,
one per advantage, whose score must beat the resistance (L25-L26, L54), the degree of success
(L54), damage covered by discarding Life advantages (L55-L58), statuses (L67), turns and
rounds (L36-L37)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from contracts.narration import EventLine, Outcome
from domain.narration_text import count, dice, plain_lines, who

Data = Mapping[str, Any]


def _outcome(success: bool) -> Outcome:
    return "success" if success else "failure"


def _pool(pool: Mapping[str, Any]) -> str:
    mod = int(pool.get("modifier", 0))
    bonus = f" {'+' if mod >= 0 else '-'} {abs(mod)}" if mod else ""
    return f"d6 {dice(pool.get('faces', []))}{bonus}: score {pool['score']}"


def action(d: Data, _c: str | None) -> EventLine:
    """An action (L25-L26, L54): the pool's score must beat the resistance."""
    won = bool(d["success"])
    degree = f", degree of success {d['degree']}" if won else ""
    return EventLine(text=f"{who(d['character_id'])} acted ({d['focus']}): {_pool(d['pool'])} "
                          f"against resistance {d['resistance']}, "
                          f"{_outcome(won)}{degree}.", outcome=_outcome(won))


def attack(d: Data, _c: str | None) -> EventLine:
    """An attack (L49-L54): the attacker's score against the defender's; the difference is the
    damage the target must cover."""
    hit = bool(d["hit"])
    tail = f"a hit, degree of success {d['degree']}: {d['degree']} damage to cover" if hit \
        else "no effect"
    return EventLine(text=f"{who(d['character_id'])} attacked {who(d['target_id'])} "
                          f"({d['focus']}): {_pool(d['attack'])} against "
                          f"{_pool(d['defence'])}, {tail}.", outcome=_outcome(hit))


LINES: Final[dict[str, tuple[str, Callable[[Data, str | None], EventLine | None] | None]]] = {
    "potential.ActionTaken": ("Action", action),
    "potential.AttackResolved": ("Attack resolved", attack),
    "potential.AttackDeclared": ("Attack declared", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} attacks {who(d['target_id'])} ({d['focus']}).")),
    "potential.Resisted": ("Resisted", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} resisted {who(d['attacker_id'])}'s attack.")),
    "potential.LifeDiscarded": ("Life discarded", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} discarded {', '.join(d['advantages'])} "
             f"({d['cp']} CP) against {d['covered']} damage"
             + ("; every Life advantage is gone" if d.get("exhausted") else "") + ".")),
    "potential.StatusApplied": ("Status", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} is now {d['status']['name']} (from "
             f"{who(d['status']['source_id'])}'s {d['status']['advantage']}).")),
    "potential.ConsciousnessSet": ("Consciousness", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} is "
             f"{'conscious again' if d['conscious'] else 'unconscious'}"
             + (f": {d['reason']}" if d.get("reason") else "") + ".")),
    "potential.CombatStarted": ("Combat started", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} joined the fight (readiness {d['readiness']}).")),
    "potential.CombatOpened": ("Combat opened", lambda d, c: EventLine(
        text="A fight began: " + ", ".join(who(p) for p in d.get("participants", [])) + ".")),
    "potential.TurnStarted": ("Turn started", lambda d, c: EventLine(
        text=f"{who(d['character_id'])}'s turn began.")),
    "potential.TurnEnded": ("Turn ended", lambda d, c: EventLine(
        text=f"{who(d['character_id'])}'s turn ended"
             + (f"; {', '.join(d['statuses_ended'])} ended" if d.get("statuses_ended") else "")
             + (f"; {who(d['nominee'])} is next" if d.get("nominee") else "") + ".")),
    "potential.RoundStarted": ("Round started", lambda d, c: EventLine(
        text=f"A new round began with {who(d['character_id'])}.")),
    "potential.InitiativeSeized": ("Initiative seized", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} seized the initiative from {who(d['nominee'])}.")),
    "potential.Moved": ("Moved", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} moved {d['distance']} ({d['mode']}, "
             f"d6 {dice(d.get('faces', []))}).")),
    "potential.Recouped": ("Recouped", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} recouped "
             f"{count(int(d['dynamic']), 'dynamic token', 'dynamic tokens')} and "
             f"{count(int(d['static']), 'static token', 'static tokens')}.")),
    "potential.AidGiven": ("Aid given", lambda d, c: EventLine(
        text=f"{who(d['character_id'])} aided {who(d['aided'])} with {d['advantage']}.")),
    "potential.MinorActionTaken": ("Minor action", lambda d, c: EventLine(
        text=f"{who(d['character_id'])}: {d['description']}.")),
}

# Events a table is told of in no more words than their name's.
LINES.update(plain_lines((
    "potential.AdvantageRecovered",
    "potential.AidOffered",
    "potential.AttackPending",
    "potential.CombatEnded",
    "potential.CombinationChallenged",
    "potential.CombinationRuled",
    "potential.FreeResistChanged",
    "potential.RetrainingStarted",
)))
