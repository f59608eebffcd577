"""Potential campaign options: the digest's recommended decisions as defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from domain.errors import DomainError


class PotentialOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    starting_dynamic: Annotated[int, msgspec.Meta(ge=0, le=40)] = 4  # L5
    starting_static: Annotated[int, msgspec.Meta(ge=0, le=40)] = 2  # L5
    # P-2: outside combat every action may use the full potential and nothing stays spent
    narrative_potential: Literal["per_action", "tracked"] = "per_action"
    concentration_in_combat: bool = False  # P-3
    decline_resistance_score: Annotated[int, msgspec.Meta(ge=0, le=10)] = 1  # P-12, L53
    # L53: an answer the defender's potential cannot pay for leaves it "unable to defend
    # themselves due to a shortage of potential": a resistance score of one; or the answer is
    # refused (L22) and the attack waits for one the defender can pay for
    unaffordable_resistance: Literal["score_one", "refuse"] = "score_one"
    discard_rule: Literal["irreducible", "any"] = "irreducible"  # P-17
    # L56 never says how a discarded advantage is healed (P-20): the GM decides
    recovery_policy: Literal["manual", "end_of_combat"] = "manual"
    # L21, P-7: approval is automatic unless challenged; or the GM approves every combination
    appropriateness: Literal["challenge", "gm_approves"] = "challenge"
    # L66, P-34: situation bonus dice to the opponent per range step beyond an advantage's range
    range_bonus_dice_per_step: Annotated[int, msgspec.Meta(ge=0, le=6)] = 1
    # P-18: when Life cannot cover the damage the GM decides; or the character falls unconscious
    on_life_exhausted: Literal["gm_decides", "unconscious"] = "gm_decides"


def parse_options(raw: Mapping[str, Any]) -> PotentialOptions:
    """The campaign's options; a wrong one is refused naming ``options.<name>``."""
    try:
        return msgspec.convert(dict(raw), PotentialOptions)
    except msgspec.ValidationError as err:
        path = str(err).rsplit("at `$", 1)
        field = "options" + (path[1].rstrip("`") if len(path) == 2 else "")
        raise DomainError(field, "potential.options", str(err)) from None
