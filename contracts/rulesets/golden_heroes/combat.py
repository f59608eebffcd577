"""Golden Heroes rounds and frames (L40-L60): the encounter, initiative, activity times."""

from __future__ import annotations

from typing import Literal

import msgspec

Side = Literal["heroes", "villains"]
Activity = Literal["half_frame", "frame", "action", "delay", "pass", "get_up"]
# a combatant's state as far as its frames go (L123): stunned has 2 a round, helpless none
FightCondition = Literal["fine", "staggered", "stunned", "helpless"]


class Combatant(msgspec.Struct, kw_only=True):
    character_id: str
    side: Side
    frames: int  # frames per round by type (L42)
    dexterity: int
    speed: bool = False  # Speed acts first on its side (L270)
    tiebreak: int = 0  # a d20 between equal Dexterities (digest decision #35)
    surprised: bool = False  # no combat response until attacked (L55-L57)
    condition: FightCondition = "fine"  # kept up to date by ConditionNoted (L123)


class GeneralField(msgspec.Struct, frozen=True, kw_only=True):
    """A General Force Barrier or Wall placed in the fight (L206-L207): its caster
    concentrates on it; the characters behind it are attacked through it."""

    caster_id: str
    field: str  # "general_force_barrier" (3d6 HTK) or "general_force_wall" (5d6 HTK)
    strength: int
    protects: list[str] = []


class EncounterState(msgspec.Struct, kw_only=True):
    """A Golden Heroes fight: the round, its phase, and every combatant's frames."""

    encounter_id: str = ""
    active: bool = False
    round: int = 0
    phase: int = 0  # 0 between rounds; 1 winners, 2 the opposition, 3 winners again (L46-L54)
    combatants: list[Combatant] = []
    rolls: list[list[int]] = []  # each initiative roll, heroes then villains (ties re-rolled)
    winner: str | None = None
    frames_won: int = 0
    frames: dict[str, int] = {}  # each combatant's frames this round (stunned 2, helpless 0)
    used: dict[str, list[int]] = {}  # frame slots spent this round
    half: list[str] = []  # Speed characters half-way through a frame (L48)
    delayed: list[str] = []  # winners who delayed their odd frame to phase 3 (L46)
    borrowed: dict[str, int] = {}  # next round's frames already spent on responses (L60)
    free_responses: dict[str, int] = {}  # responses to WC 0/1 attacks this round (L101)
    fields: list[GeneralField] = []  # general force fields up in the fight (L206-L207)
    walls_broken: list[str] = []  # casters whose General Force Wall cannot regenerate (L207)


class StartCombat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Start a fight between the heroes and the villains (L43); ``surprised`` cannot respond."""

    campaign_id: str
    encounter_id: str
    heroes: list[str]
    villains: list[str]
    surprised: list[str] = []


class RollInitiative(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Start a round: 1d10 per side, ties rolled again; the difference wins frames (L43-L45)."""

    campaign_id: str
    encounter_id: str


class Act(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Spend frames in the current phase: a half frame (Speed), a frame, an action (L48-L50);
    ``delay`` moves an odd won frame after the opposition (L46); ``pass`` gives up the rest of
    the character's turn in this part of the round (its frames in it are lost); ``get_up``: a
    fallen character's frame to get up (L92, L120)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    activity: Activity
    note: str = ""


class EndPhase(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Move the round to its next part (L46-L54); after the third the round is over."""

    campaign_id: str
    encounter_id: str


class EndCombat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    encounter_id: str


class CombatStarted(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str
    combatants: list[Combatant]
    tiebreak_dice: list[int] = []


class InitiativeRolled(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str
    round: int
    rolls: list[list[int]]  # [heroes' d10, villains' d10], re-rolled while equal (L43)
    winner: str
    difference: int
    frames_won: int  # the INITIATIVE RESULTS table (L44-L45)
    frames: dict[str, int]
    borrowed: dict[str, int] = {}  # frames already spent last round on responses (L60)
    order: list[str] = []  # the acting order inside each side (L51-L52, L270)


class FramesUsed(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str
    character_id: str
    round: int
    phase: int
    activity: str  # an Act's activity, "strike", or "response"
    slots: list[int] = []  # this round's slots spent
    next_round: int = 0  # next round's frames spent in advance (responses only, L60)
    free: bool = False  # one of the four free responses to WC 0/1 attacks (L101)
    note: str = ""


class PhaseEnded(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str
    round: int
    phase: int
    next_phase: int  # 0: the round is over


class CombatEnded(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str
    rounds: int


class ConditionNoted(msgspec.Struct, frozen=True, kw_only=True):
    """A combatant's condition changed (by damage, recovery, aid or any other path): its frames
    follow it, 2 a round while stunned (L123), none while helpless."""

    encounter_id: str
    character_id: str
    condition: FightCondition


class FightJoined(msgspec.Struct, frozen=True, kw_only=True):
    """On a character's sheet: the fight it is in (``joined``) or has left."""

    character_id: str
    encounter_id: str
    joined: bool = True


class CriticalMissSuffered(msgspec.Struct, frozen=True, kw_only=True):
    """What a critical miss did to its maker (L84-L85, L91-L98), on its sheet: ``prone`` after
    slipping over (L92), ``left_open`` to the next attack (L95, L98)."""

    character_id: str
    die: int | None = None  # the Critical Miss Table's d10; none for the non-superpowered
    effect: str = ""
    frames_lost: int = 0  # the next frame (L91-L92); the next action, non-superpowered (L84)
    prone: bool = False
    left_open: bool = False


class LeftOpenTaken(msgspec.Struct, frozen=True, kw_only=True):
    """The attack that follows on a "left open" critical miss took its opening (L95, L98)."""

    character_id: str
    attacker_id: str


class StoodUp(msgspec.Struct, frozen=True, kw_only=True):
    """A fallen character spent its frame getting up (L92, L120)."""

    character_id: str
    encounter_id: str | None = None
