"""Golden Heroes responses, damage and recovery (L100-L128): commands and event bodies."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.golden_heroes.sheet import (
    AttackName,
    Circumstance,
    DefenceClass,
    PendingAttack,
    WeaponType,
)
from contracts.rulesets.golden_heroes.strike import StrikeRolled

ResponseKind = Literal["none", "dodge", "parry", "autoparry", "stand_firm", "resist",
                       "superpower", "common_sense"]
ParryMode = Literal["melee_ws_shield", "melee_ws", "melee_ma3", "melee_ma", "melee_other",
                    "missile_ws_shield", "missile_ws", "missile_hh", "missile_lp",
                    "missile_hp_ea"]


class Respond(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The target's combat response to the hit waiting on it, then its damage (L100-L119).

    ``full_dodge``: on a dodge of 5-6, spend one more future frame for no damage (L101)."""

    campaign_id: str
    character_id: str
    encounter_id: str | None = None  # the fight the hit was struck in, if any
    response: ResponseKind = "none"
    parry_mode: ParryMode = "melee_other"
    parry_with: AttackName = "fist"
    parry_weapon: WeaponType | None = None
    full_dodge: bool = True
    object_size: Annotated[int, msgspec.Meta(ge=0, le=21)] = 2  # autoparry: the Size (L72-L74)
    in_hand: bool = False  # autoparry with the object already in hand: 1 frame (L113)
    # a Superpower Refinement as the response: 1d6 + its IPP + the referee's 1-3 >= 7 (L117)
    power: str | None = None
    referee_bonus: Annotated[int, msgspec.Meta(ge=1, le=3)] | None = None
    # a common-sense response (L117): a strike for a grab against the referee's Defence Class;
    # what success does is the referee's: ``avoids_damage``, or ``recorded`` (the damage is
    # taken and the success stands for the referee: the ledge caught, no fall)
    defence_class: DefenceClass | None = None
    common_sense: Literal["avoids_damage", "recorded"] = "recorded"
    circumstances: list[Circumstance] = []


class Recover(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Recovery while inactive (L122-L128): 1d6 + Vigour modifier HTC a round (an action with
    Fast Recovery, L209), HTK an hour; 1 HTK a day in hospital."""

    campaign_id: str
    character_id: str
    period: Literal["round", "action", "hour", "hospital_day"] = "round"


class Aid(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Aid by ``character_id`` to ``target_id``: smelling salts and the like, 2d6 HTC once per
    recovery (L124); first aid, 1d6 HTK (L128)."""

    campaign_id: str
    character_id: str
    target_id: str
    kind: Literal["htc_aid", "first_aid"]


class HitPending(msgspec.Struct, frozen=True, kw_only=True):
    """A hit on ``character_id`` waiting for its response before damage (L79)."""

    character_id: str
    attack: PendingAttack


PersonalField = Literal["personal_force_shield", "personal_force_barrier", "personal_force_wall"]


class RaiseForceField(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Create or switch off a personal force field: 1 Action, no concentration (L206-L207)."""

    campaign_id: str
    character_id: str
    field: PersonalField
    up: bool = True
    encounter_id: str | None = None  # in a fight the action's frames are spent


class ForceFieldRaised(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    field: str
    up: bool


class Fall(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An uncontrolled fall: 1d6 HTC and 1d6 HTK for each complete 5 m, at most 20d6 each;
    a superpowered character jumping counts only the metres beyond 5 (L133-L134)."""

    campaign_id: str
    character_id: str
    metres: Annotated[int, msgspec.Meta(ge=0, le=100_000)]
    jump: bool = False


class DamageStep(msgspec.Struct, frozen=True, kw_only=True):
    step: str  # e.g. "dividers HTC/2 HTK/3 (L119)"
    htc: int
    htk: int


class AttackResolved(msgspec.Struct, frozen=True, kw_only=True):
    """A hit's response and damage, every die and every step of the pipeline (digest §3.7)."""

    character_id: str  # the target
    attacker_id: str
    attack: str
    response: str
    response_dice: list[int] = []
    response_total: int | None = None
    response_result: str = ""  # fail, glancing, full (dodge, L101); success/fail (parry, L107)
    response_frames: int = 0
    free_response: bool = False
    htc_dice: list[int] = []
    htk_dice: list[int] = []
    parry_dice: list[int] = []  # the parrying attack form's damage dice (L112)
    critical_dice: list[int] = []  # e.g. the nerve centre's +1d6 HTC (L88)
    steps: list[DamageStep] = []
    htc_taken: int = 0
    htk_taken: int = 0
    overflow_htk: int = 0  # HTC below -Vigour carried into HTK (L123)
    pushback_metres: int = 0  # 2 m for each 5 HTC or part over the threshold (L119)
    pushback_threshold: int = 20
    fall_die: int | None = None
    pushback_distance: int = 0  # the metres travelled: stopped by or through an obstruction
    collision_die: int | None = None  # driven into a solid obstruction: +1d6 HTC (L119)
    clear_die: int | None = None  # run into by a vehicle and pushed back: a dodge vs WC2 (L140)
    knocked_clear: bool = False  # only half the HTK taken (L140)
    ploughed_through: bool = False
    fell: bool = False
    htc: int = 0  # the target's HTC and HTK afterwards
    htk: int = 0
    condition: str = "fine"  # the worst HTC condition (L9, L122-L123)
    injury: str = "none"  # the worst HTK condition (L9, L128)
    field_destroyed: str = ""  # a barrier or wall the attack's HTK broke (L206-L207)
    # a hypothetical grapple: the HTC it would have done, not taken from the pools (L121)
    hypothetical_htc: int | None = None
    # a grab answered (L115): the parry against the hypothetical 1d6 + Strength modifier
    grab_die: int | None = None
    grab_figure: int | None = None
    grabbed: bool | None = None
    # a common-sense response's strike for a grab against the referee's DC (L117)
    response_strike: StrikeRolled | None = None
    # the lifted victim's attack stunned, staggered, knocked out, hospitalised or killed its
    # thrower: the throw cannot be made (L115)
    throw_stopped: str | None = None
    # a grapple by a weapon dragging the victim over or ripping an item from its grasp: what
    # came of it once resisted or not (L114)
    wrench: str | None = None


class Recovered(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    period: str
    wake_die: int | None = None  # 1d20 < Vigour to go on recovering from 0 HTC (L123)
    dice: list[int] = []
    modifier: int = 0
    htc_gain: int = 0
    htk_gain: int = 0
    htc: int = 0
    htk: int = 0
    condition: str = "fine"
    injury: str = "none"
    no_recovery_hours: int = 0  # a coup de grace's hours still to pass after this one (L78)


class Aided(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str  # the one giving aid
    target_id: str
    kind: str
    dice: list[int] = []
    htc_gain: int = 0
    htk_gain: int = 0
    htc: int = 0
    htk: int = 0
    condition: str = "fine"
    injury: str = "none"
