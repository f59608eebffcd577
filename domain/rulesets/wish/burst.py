"""Burst (L270; the text calls it Blast): 'An effect with the Blast trait can affect an entire
engagement rather than a single target. Blast effects cannot be parried or deflected, but can
be dodged.' An attack with a Burst stunt names the others in its target's engagement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import range_bands
from domain.rulesets.wish.state import Stunt

RULE = "wish.trait.burst L270"


def is_burst(stunt: Stunt | None) -> bool:
    """A stunt with the Burst (or Blast) trait (L270)."""
    return stunt is not None and bool({"Burst", "Blast"} & set(stunt.traits))


def engagement(attacker_id: str, target_id: str, engaged: Sequence[str], burst: bool,
               participants: Sequence[str] | None,
               separations: Mapping[str, int] | None) -> list[str]:
    """Everyone a Burst attack hits (L270): the target and the others named in its engagement,
    each named once, not the attacker, a participant of the encounter and engaged with the
    target where the encounter records their separation. Only a Burst attack names others."""
    if not engaged:
        return [target_id]
    if not burst:
        raise DomainError("engaged", RULE, "only a Burst attack affects an entire engagement")
    if participants is None:
        raise DomainError("engaged", RULE, "a Burst attack on an engagement names its encounter")
    hit = [target_id, *engaged]
    if len(set(hit)) != len(hit) or attacker_id in hit:
        raise DomainError("engaged", RULE, "name each other character once, not the attacker")
    for other in engaged:
        if other not in participants:
            raise StateConflict("engaged", RULE, f"{other} is not in the encounter")
        if (separations or {}).get(range_bands.pair(target_id, other)):
            raise StateConflict("engaged", RULE, f"{other} is not engaged with {target_id}")
    return hit
