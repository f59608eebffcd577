"""WISH origin payloads beyond ``ChooseOrigin``: the choices an Origin leaves to the player
(L775, L787, L824-827, L840, L878, L905) and a Robot's repair (L895)."""

from __future__ import annotations

import msgspec


class ChooseOriginGrants(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The free choices of the character's Origin, once, during creation: Natural Talent's five
    Basic skills (L878), Alien Traits' SFX (L775), Mutant Powers' stunts (one at Rating 4, or
    two from one SFX at Rating 2, L825-827), and a specialization for each skill the Origin
    trains (L787, L840, L878, L905)."""

    campaign_id: str
    character_id: str
    skills: list[str] = []  # Natural Talent: five Basic skills (L878)
    sfx: str | None = None  # Alien Traits: any one SFX (L775)
    stunts: list[str] = []  # Mutant Powers: one or two stunt names (L825-826)
    stunt_sfx: str | None = None  # Mutant Powers: the SFX the stunts come from (L826-827)
    specializations: dict[str, str] = {}  # origin-trained skill -> specialization name


class Repair(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Repair a Robot's Wounds and criticals: a Robot "cannot heal damage, they must be
    Repaired, though the effect is ultimately similar" (L895); or a broken travel device
    ("cannot be used again until repaired", L1196; "The Supermobile can be Repaired", L1144)."""

    campaign_id: str
    character_id: str
    wounds: int = 0
    treat: list[str] = []  # ids of criticals repaired
    device: str | None = None  # a Travel skill whose Unreliable device broke (L1110, L1144)
