"""WISH origin payloads beyond ``ChooseOrigin``: the choices an Origin leaves to the player
(L775, L787, L824-827, L840, L878, L905), a Robot's repair (L895), and the abilities used in
play: Mystical Reality (L837), Cosmic Winds (L799), Xeno (L777), overcoming hindrances."""

from __future__ import annotations

from typing import Literal

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


class UseMysticalReality(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Mystical Reality (L837): a Mystic suffers 1 stress to re-roll every fortune and
    misfortune die of a recorded check, or 1 Fortune and 1 stress to re-roll the whole pool;
    "the second roll stands". Any character's roll may be influenced."""

    campaign_id: str
    character_id: str  # the Mystic
    check_id: str
    roller_id: str | None = None  # whose check; None: the Mystic's own
    whole_pool: bool = False


CosmicWindsEffect = Literal[
    "stunt_rating", "clear_recharge", "recover_stress", "recover_fatigue", "reset_fortune",
]


class UseCosmicWinds(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Cosmic Winds (L799-804): one effect per serendipity a Cosmic character kept on a check
    (digest D-40): +1 Stunt Rating for the check's stunt, clear a stunt's recharge tokens,
    recover all stress, recover all fatigue, or reset Fortune to the rating."""

    campaign_id: str
    character_id: str
    check_id: str
    effect: CosmicWindsEffect
    stunt: str | None = None  # the stunt, for stunt_rating and clear_recharge


class RechargeItemOfPower(msgspec.Struct, frozen=True, kw_only=True,
                          forbid_unknown_fields=True):
    """Limited Charges (L924): the GM recharges a Wielder's item of power, "usually a story
    event"; its count of Rounds starts again."""

    campaign_id: str
    character_id: str


class RemindXeno(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Xeno (L777): the GM reminds an Alien of its alien nature; it suffers 3 Grit."""

    campaign_id: str
    character_id: str
    reason: str = ""


class ChooseMalfunction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Critical Intolerance (L897): for a critical a Robot suffered, the GM picks a stunt with
    a Stunt Rating at most the critical's severity; it is unusable until the critical is
    Repaired. Passive stunts only when they are the only ones left."""

    campaign_id: str
    character_id: str
    critical_id: str
    stunt: str


class OvercomeOriginHindrance(msgspec.Struct, frozen=True, kw_only=True,
                              forbid_unknown_fields=True):
    """Overcome an Origin hindrance at the seed's price (L777, L790, L807, L829, L895-897,
    L923-924): creation points in creation, advances in play, where the seed allows both."""

    campaign_id: str
    character_id: str
    name: str
    # paid with the Wielded Abilities points, which may pay off Limited Advancement and
    # Limited Charges (L922)
    wielded: bool = False
