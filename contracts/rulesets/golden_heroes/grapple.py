"""Grabs and grapples (L75-L76, L82-L83, L114, L120-L121): commands, the grip a victim is held
in, and the events.

Seed: ``seeds/002`` (the Golden Heroes rulebook); line references ``L###`` point into it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.golden_heroes.sheet import (
    Circumstance,
    DefenceClass,
    Grip,
    StrikeModifier,
    WeaponType,
)
from contracts.rulesets.golden_heroes.strike import StrikeRolled

Hand = Literal["left", "right"]
Hold = Literal["real", "hypothetical"]


class Grab(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A one-handed grab (L75-L76): 1 Frame; against a being able to resist a strike at the
    grabber's fist WC against DC6 (superpowered) or DC10 (non-superpowered) with Strike
    Modifiers (L82). No roll against the unconscious, the stunned or an ``unresisting`` being
    (bound, willing); the referee may name another ``defence_class`` or a modifier (L82). A hit
    on a superpowered being able to respond waits for its ``Respond`` (L115)."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None
    hand: Hand = "right"
    unresisting: bool = False
    # a response to being lifted to be thrown: 1 future Frame; a success prevents the throw (L115)
    response: bool = False
    defence_class: DefenceClass | None = None
    circumstances: list[Circumstance] = []
    other_modifier: StrikeModifier = 0


class Grapple(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A grapple (L75, L83): 1 Action, a grab with each hand, both strike rolls always made;
    both hit: the victim responds, then is grappled; one hits: the victim is only grabbed. A
    victim already grabbed by one hand is grappled by the other hand's grab in 1 Frame (L83).
    The ``hold``, real or hypothetical damage, is fixed for as long as it lasts (L120)."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None
    hold: Hold = "real"
    # a grapple by a weapon (a bullwhip, L75): the weapon's strike, then a grab at its WC; its
    # hold is hypothetical whatever ``hold`` says (L75, L121)
    weapon: WeaponType | None = None
    to_htk: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0  # Strength bonus put on HTK (L118)
    defence_class: DefenceClass | None = None
    circumstances: list[Circumstance] = []
    other_modifier: StrikeModifier = 0


class MaintainGrapple(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Maintaining a grapple for an Action (L83): one strike roll, anything but a 1 holds; a 1
    is a Critical Miss and breaks the grapple. The hold's damage waits for the victim's
    response (dodge or resist, L114). A grapple by a weapon may ``drag_over`` the victim or
    ``rip_item`` (``item``) from its grasp, resisted "in the same manner" (L114)."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None
    attempt: Literal["hold", "drag_over", "rip_item"] = "hold"
    item: Annotated[str, msgspec.Meta(min_length=1, max_length=80)] | None = None


class LetGo(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Letting go of a grabbed or grappled victim: 1 Frame (L76)."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None


class GrabRolled(msgspec.Struct, frozen=True, kw_only=True):
    """A grab, grapple or maintenance: each hand's strike as rolled (none when no roll is
    needed) and what came of it."""

    character_id: str
    target_id: str
    kind: Literal["grab", "grapple", "maintain"]
    hands: list[str]
    strikes: list[StrikeRolled] = []
    rolled: bool = True
    succeeded: list[str] = []  # the hands that took hold
    # "grabbed", "grab_pending" (waiting for the response, L115), "grapple_pending", "missed",
    # "maintained", "broken"
    result: str
    hold: str | None = None
    weapon: str | None = None
    hypothetical_die: int | None = None  # a weapon grapple's 1d6 grapple damage (L121)
    encounter_id: str | None = None


class GripChanged(msgspec.Struct, frozen=True, kw_only=True):
    """``character_id`` is now held as ``grip`` says, or free (``grip`` None), and why."""

    character_id: str
    grip: Grip | None = None
    reason: str


class ThrowStopped(msgspec.Struct, frozen=True, kw_only=True):
    """``character_id``, lifted by ``thrower_id`` to be thrown, answered with an attack that
    stunned, staggered, knocked out, hospitalised or killed the thrower: it is still held but no
    longer lifted, and the throw cannot be made (L115)."""

    character_id: str
    thrower_id: str
    thrower_condition: str
    reason: str


class JudoThrow(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Judo Throw (L116): ``character_id``, with Martial Arts and the Judo Throw option, just
    attacked in melee by ``target_id`` and before that attack's strike roll, grabs the attacker
    and throws: 1 future Frame for the grab and 1 for the throw."""

    campaign_id: str
    character_id: str
    target_id: str
    encounter_id: str | None = None
    circumstances: list[Circumstance] = []
    other_modifier: StrikeModifier = 0


class JudoThrown(msgspec.Struct, frozen=True, kw_only=True):
    """The grab, then 1d6 + twice the Martial Arts grade + the Dexterity Strike Modifier read on
    the JUDO THROW TABLE (L116)."""

    character_id: str
    target_id: str
    grab: StrikeRolled
    throw_die: int | None = None
    grade: int = 0
    dexterity_modifier: int = 0
    total: int | None = None
    result: str  # "grab missed", "throw fails", "thrown"
    frames_lost: int = 0
    htk_die: int | None = None  # 1-3 HTK as 1d6 halved, rounded up (a decision)
    htk: int = 0
    encounter_id: str | None = None


class Bind(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Bindings on ``character_id`` (L134-L135): a grapple inflicting hypothetical damage of
    1d6 + 15 + the bindings' HTK (the Destroy HTK times their HTK divider), the 1d6 rolled
    once; WC2 tied by a superpowered character, WC0 by a non-superpowered one, or the
    referee's (a pirate's WC1)."""

    campaign_id: str
    character_id: str
    what: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
    binding_htk: Annotated[int, msgspec.Meta(ge=0, le=1000)]
    binder_wc: Annotated[int, msgspec.Meta(ge=0, le=5)] = 2


class EscapeBinding(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Dodging or resisting bindings as a grapple (L135, L114): 1 Action; a dodge of 7 or more
    (5-6 for one more Frame) or a resist (1d6 + the Strength modifier) that negates the
    hypothetical damage frees the character."""

    campaign_id: str
    character_id: str
    how: Literal["dodge", "resist"]
    encounter_id: str | None = None


class BindingRolled(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    kind: Literal["bound", "escape"]
    what: str
    die: int
    total: int  # the hypothetical damage (bound), the dodge or resist total (escape)
    hypothetical_htc: int
    binder_wc: int
    how: str = ""
    escaped: bool = False
