"""WISH stance, encounter and turn payloads and the encounter state (L83-89, L378-380, L263-264)."""

from __future__ import annotations

import msgspec

from contracts.rulesets.wish.initiative import InitiativeSlot


class ShiftStance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Move the marker: +N towards Offensive, -N towards Defensive (L83)."""

    campaign_id: str
    character_id: str
    steps: int
    encounter_id: str | None = None


class StartEncounter(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    encounter_id: str
    participants: list[str]


class StartTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    encounter_id: str
    character_id: str


class EndTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    encounter_id: str
    character_id: str
    fortune_recharge: dict[str, int] = {}  # stunt -> tokens (+add / -remove), 1 Fortune each (L224)
    # Invigorated: the recharging non-Ongoing stunt that loses 1 more token (L1478);
    # None: the one with most tokens
    invigorated_stunt: str | None = None


class EndRound(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    encounter_id: str
    # with option dying = "bleed_out", the encounter's participants: they may bleed (G-3)
    participants: list[str] = []


class EndEncounter(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    campaign_id: str
    encounter_id: str
    participants: list[str]  # their Encounter conditions end too (L1405)


class TakeManeuver(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A maneuver on the character's turn in an encounter (L380). Without ``encounter_id``
    (Story Mode, L378) only the Assist maneuver is taken, free, for the ally's next check."""

    campaign_id: str
    character_id: str
    encounter_id: str | None = None
    kind: str = "interact"  # assist, interact, prepare, movement, skill, grandstand, ...
    ally_id: str | None = None  # kind "assist": the engaged ally whose next check it helps
    skill: str | None = None  # kind "assist": the ally's Advanced Skill, acquired here (L386)
    # kind "toggle": the Toggle stunt switched on or off (L260); kind "maintain": the
    # Lingering stunt kept on this turn (L262)
    stunt: str | None = None


class DareRecord(msgspec.Struct, kw_only=True):
    """A Dare (L450): the darer and the opponents it encourages to attack it, until the
    darer's next Turn begins."""

    character_id: str
    opponents: list[str]


class TurnState(msgspec.Struct, kw_only=True):
    character_id: str
    maneuvers: int = 0
    free_maneuvers: int = 0  # how many of ``maneuvers`` were free ones (L380, L448, L1481)
    actions: int = 0
    stance_shifted: bool = False
    slot: int | None = None  # the initiative slot this turn took (digest G-7)
    extra_maneuvers: int = 0  # free maneuvers the turn's Action bought (Reposition, L448)
    whole_turn: bool = False  # the turn went to an N Turns (L261) or Persisted (L264) effect
    whole_turn_kind: str = ""  # the Action that took it: "extended <stunt>", "maintain ..."


class EncounterState(msgspec.Struct, kw_only=True):
    """An encounter's rounds and turns (L378-380, L263-264)."""

    encounter_id: str
    participants: list[str]
    round: int = 1
    acted: list[str] = []  # characters whose turn this round is over
    turn: TurnState | None = None
    active: bool = True
    # movement maneuvers between two participants, keyed "a|b" in id order (L402-419)
    separations: dict[str, int] = {}
    # the initiative tracker, top slot first, and each participant's superteam (G-7)
    initiative: list[InitiativeSlot] = []
    sides: dict[str, str] = {}
    rally_step: bool = False  # a Rally Step is open until the next Turn begins (G-8, L257)
    dares: list[DareRecord] = []  # Dares standing until each darer's next Turn (L450)


class SetSeparation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM places two participants so many movement maneuvers apart (L402-419): give the
    count, or a band for the outer edge of that band (Close 2, Medium 4, Long 7, Extreme 11)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    maneuvers: int | None = None
    band: str | None = None


class Move(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Movement maneuvers on the actor's turn towards (+) or away from (-) another participant;
    each is a maneuver, the first free, each extra 1 fatigue (L380, L402-419)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    target_id: str
    maneuvers: int


class MaintainEffect(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Keep an Invested (L263) or Persisted (L264) effect in play on the character's turn: an
    Invested one with the turn's Action, a Persisted one with the whole turn (no maneuver or
    Action before or after it). A Lingering one is kept with a maneuver (``TakeManeuver`` kind
    ``maintain``, L262)."""

    campaign_id: str
    encounter_id: str
    character_id: str
    stunt: str


class BeginExtended(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Begin an "N Turns" stunt on the character's turn (L261): it takes this entire Turn and
    the next N - 1, with no stance change, maneuver or Action, and resolves at the End of Turn
    of the last; damage makes it fail and the turns are wasted."""

    campaign_id: str
    encounter_id: str
    character_id: str
    stunt: str
