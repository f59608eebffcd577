"""Golden Heroes campaign options, defaults as the seed's main rule (digest recommendations)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from domain.errors import DomainError


class GoldenHeroesOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # 3d6 per attribute; "4d6k3" is the experienced referee's option (L3)
    attribute_dice: Literal["3d6", "4d6k3"] = "3d6"
    # 6 streets, 8 typical, 10 world-saving (L11)
    power_rolls: Annotated[int, msgspec.Meta(ge=1, le=20)] = 8
    # a glancing blow halves the damage (L103): the half taken off rounds down (decision #5),
    # or up
    glancing_rounding: Literal["down", "up"] = "down"
    # push-back fall check (L119): the text says a result under Dexterity falls, but Agility's
    # Dexterity 21 (L120) must help; by default a result over Dexterity falls (decision #15)
    pushback_fall: Literal["over_dexterity", "under_dexterity"] = "over_dexterity"
    # Success Rate (L357): "you may judge that two partly [successful] scenarios are equivalent
    # to one successful one"
    partial_successes: Literal["two_count_as_one", "do_not_count"] = "two_count_as_one"
    # a grapple's damage (L120) and the Defence Class's dividers (L119): the rulebook names no
    # exception, so they apply as to any blow; "ignore" reads a hug as getting past armour
    grapple_dividers: Literal["apply", "ignore"] = "apply"
    # a Judo Throw's 2d6 HTC and 1-3 HTK (L116): the victim is already thrown, so it takes the
    # damage without a response; "any" lets it dodge or parry like any hit
    judo_damage_response: Literal["none", "any"] = "none"
    # a critical hit on the non-superpowered (L84): more HTC than HTK knocks out, more HTK
    # kills; a tie counts as HTC (decision #2), or as HTK
    critical_tie: Literal["htc", "htk"] = "htc"
    # Hero Points change "any die roll ... just made" (L373): a critical (natural 1 or 20)
    # stands as rolled (a decision), or its total may be changed too
    hero_points_on_criticals: Literal["stand", "change"] = "stand"
    # a Superpower response adds "1-3 (determined by you ...)" (L117): the figure used when the
    # referee gives none (the digest recommends none: 1, the least, keeps the roll honest)
    superpower_referee_bonus: Annotated[int, msgspec.Meta(ge=1, le=3)] = 1
    # "Resisting takes 1 Action, used up in advance" (L114) against the "up to 4 responses per
    # Round" free against WC 0/1 (L101): the resist's own line wins ("action"), or a resist
    # against a WC 0/1 grapple counts among the free responses ("free_against_wc01")
    resist_cost: Literal["action", "free_against_wc01"] = "action"
    # hospitalised when HTK is "reduced to one tenth, rounded down" (L9) or "less than one
    # tenth" (L128): at a tenth or less (decision #9), or only under it
    hospitalised_at: Literal["tenth_or_less", "under_a_tenth"] = "tenth_or_less"
    # "half their normal Movement rate" (L70-L71) in whole metres: rounded down (a reading), or
    # up
    half_movement_rounding: Literal["down", "up"] = "down"
    # dragging a victim over or ripping an item from its grasp with a grapple by a weapon is
    # resisted "in the same manner" as the grapple (L114): the grappler's Strength Damage
    # Modifier is added to the 1d6 (the digest's recommendation, "add"), or not ("none": the
    # maintained weapon grapple's 1d6 alone, L121)
    wrench_strength: Literal["add", "none"] = "add"
    # a Bounty Hunter suffers "an immediate drop in their Backing, Heroism, and Public
    # Identification Ratings" (L376) of no stated size: this many points each (at least 1)
    bounty_hunter_drop: Annotated[int, msgspec.Meta(ge=1, le=4)] = 1


def parse_options(raw: Mapping[str, Any]) -> GoldenHeroesOptions:
    """The campaign's options; a wrong one is refused naming ``options.<name>``."""
    try:
        return msgspec.convert(dict(raw), GoldenHeroesOptions)
    except msgspec.ValidationError as err:
        path = str(err).rsplit("at `$", 1)
        field = "options" + (path[1].rstrip("`") if len(path) == 2 else "")
        raise DomainError(field, "golden-heroes.options", str(err)) from None
