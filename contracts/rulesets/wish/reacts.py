"""WISH basic Reacts (L437-441): Brace, Parry, Dodge and Riposte, at the digest's decisions
where the seed's write-ups are missing (G-2)."""

from __future__ import annotations

from typing import Literal

import msgspec

from contracts.rulesets.wish.checks import CheckSpec

ReactName = Literal["Brace", "Parry", "Dodge", "Riposte", "Deflect"]


class PendingReact(msgspec.Struct, kw_only=True):
    """A React declared against one attacker's next attack (Brace, Parry, Dodge)."""

    action: ReactName
    attacker_id: str
    net_successes: int = 0  # Parry's or Dodge's check
    stunt: str | None = None  # Deflect: the card declared (L271)


class React(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A basic React by the character attacked, out of its turn (L255, L437-441): Brace, Parry
    or Dodge against ``attacker_id``'s next attack, or Riposte after being attacked by it; or a
    Deflect stunt (``stunt``) against that attack, nullifying what its card declares (L271)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    attacker_id: str
    action: ReactName
    difficulty: int = 0
    specializations: list[str] = []
    stunt: str | None = None  # Deflect: the stunt with the Deflect trait (L271)


class PlayPinned(CheckSpec, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Play the Action card a Pin holds, as if it were a React, when its declared trigger event
    occurs before the character's next action (L446): its check is rolled out of turn, an
    attack when ``target_id`` is named. ``stunt`` is the pinned card."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str | None = None
