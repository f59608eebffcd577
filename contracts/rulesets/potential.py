"""Potential wire schema (seed 003): the sheet, command payloads, event bodies and odds views.

Line references ``L##`` point into the seed; ``P-##`` names the rules digest's decisions.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

RULESET_ID = "potential"

Keyword = Literal["Life", "Skill", "Static", "Movement", "Dice", "Aid Other", "Aid Resist",
                  "Opportunity", "Range", "Status", "Blast", "Two-Handed", "Armour"]
Cp = Annotated[int, msgspec.Meta(ge=4, le=25)]  # L11
Modifier = Annotated[int, msgspec.Meta(ge=0, le=6)]  # 1d6+0 .. 1d6+6 (L11)
Count = Annotated[int, msgspec.Meta(ge=0, le=40)]
Score = Annotated[int, msgspec.Meta(ge=0, le=1000)]
Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


# --------------------------------------------------------------------------- sheet


class Advantage(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One advantage (L9-11): exactly one d6 plus ``modifier``; mundane equipment is 1d6+0 (L14)."""

    id: Id
    title: Annotated[str, msgspec.Meta(min_length=1, max_length=120)]
    summary: str = ""
    colour: str = ""  # a display guide only (L8)
    keywords: list[Keyword] = []
    cp: Cp | None = None  # required except on mundane equipment (P-9)
    modifier: Modifier = 0
    equipment: Literal["none", "character", "mundane"] = "none"  # L13-14
    discarded: bool = False  # L56


class Tokens(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One type of potential split into bank and spent pile (L31)."""

    bank: Count
    spent: Count = 0


class TurnState(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The character's own turn in progress (L36-44)."""

    recouped_dynamic: int = 0
    recouped_static: int = 0
    acted: bool = False  # an action taken or potential spent: no rest this turn (L43)
    rested: bool = False  # recouped beyond the normal two dynamic: no action now (L43-44)


class PotentialSheet(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A Potential character: advantages, the free resist (L52), dynamic and static potential (L5)."""

    advantages: list[Advantage] = []
    free_resist: str | None = None  # the id of one advantage on the sheet (L52)
    dynamic: Tokens = msgspec.field(default_factory=lambda: Tokens(bank=4))  # L5
    static: Tokens = msgspec.field(default_factory=lambda: Tokens(bank=2))  # L5
    in_combat: bool = False
    pending_damage: int = 0  # a degree of success still to be covered by Life discards (L57)
    turn: TurnState | None = None  # set during the character's own turn
    had_turn: bool = False  # this round (L37)
    anticipated: list[str] = []  # advantages holding one dynamic token each (L60)


# --------------------------------------------------------------------------- commands


class Resistance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The defender's resistance action (L50-53), committed before either pool rolls (P-14)."""

    advantages: list[str] = []  # paid advantages (one token of their type each)
    free_resist: bool = False  # add the sheet's free resist at no cost (L52)
    potential_action: bool = False  # 1d6+0 for one dynamic token (L29, P-4)
    situation_bonuses: Count = 0
    decline: bool = False  # resistance score 1 (P-12)
    unconscious: bool = False  # resistance score 1 (L53)
    approved_by: list[str] = []


class TakeAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An action (L17-26) against a GL-set resistance score; ties fail (L25, P-1)."""

    campaign_id: str
    character_id: str
    focus: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]  # L17
    advantages: list[str] = []
    situation_bonuses: Count = 0  # +1d6+0 each (L23)
    hindrances: Count = 0  # +1d6+0 each to the resistance (L23, P-5)
    potential_action: bool = False  # L29
    concentration: bool = False  # L28
    resistance: Score
    approved_by: list[str] = []  # who approved the combination (L21); recorded, not enforced


class Attack(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An attack met by the target's resistance action (L49-54); DoS is the damage (L54, L57)."""

    campaign_id: str
    character_id: str
    target_id: str
    focus: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]
    advantages: list[str] = []
    situation_bonuses: Count = 0
    hindrances: Count = 0  # +1d6+0 each to the defender's pool (L23)
    potential_action: bool = False
    resistance: Resistance = msgspec.field(default_factory=Resistance)
    approved_by: list[str] = []


class DiscardLife(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Discard whole Life advantages whose CP covers the pending damage (L56-58, P-17)."""

    campaign_id: str
    character_id: str
    advantages: list[str]


class StartCombat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Combat begins (L30-35): ``readiness`` is how much dynamic potential each starts spent."""

    campaign_id: str
    participants: Annotated[list[str], msgspec.Meta(min_length=1)]
    readiness: dict[str, Count] = {}  # character id -> dynamic tokens pre-spent (L33-35)


class EndCombat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Combat ends; every token returns to the bank (P-22)."""

    campaign_id: str
    participants: Annotated[list[str], msgspec.Meta(min_length=1)]


class StartTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The nominated character's turn begins; unused anticipations lapse to spent (L60)."""

    campaign_id: str
    character_id: str


class Recoup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Move tokens from the spent pile to the bank during the own turn (L41-44)."""

    campaign_id: str
    character_id: str
    dynamic: Count = 0
    static: Count = 0


class Move(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A movement potential action for one dynamic token: mosey 3 or run 1d6 (L46-48)."""

    campaign_id: str
    character_id: str
    mode: Literal["mosey", "run"]


class EndTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """End the own turn, anticipating with unspent dynamic potential (L60) and nominating the
    next character, who must not have had a turn this round (L37)."""

    campaign_id: str
    character_id: str
    anticipate: list[str] = []
    nominate: str | None = None


class Bid(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    character_id: str
    tokens: Annotated[int, msgspec.Meta(ge=1, le=40)]


class SeizeInitiative(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A bidding for the initiative (L37, P-25): strictly rising bids, the last bidder wins and
    pays its bid from the bank (``pay_static`` of it in static tokens, the rest dynamic)."""

    campaign_id: str
    nominee: str
    bids: Annotated[list[Bid], msgspec.Meta(min_length=1)]
    pay_static: Count = 0


class NewRound(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Everyone has had a turn: a new round begins (L37)."""

    campaign_id: str
    participants: Annotated[list[str], msgspec.Meta(min_length=1)]


class RecoverAdvantage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Healing a discarded advantage: not in the seed (L56, P-20); the GM's recorded decision."""

    campaign_id: str
    character_id: str
    advantage: str
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


COMMANDS: tuple[type[msgspec.Struct], ...] = (TakeAction, Attack, DiscardLife, StartCombat,
                                              EndCombat, StartTurn, Recoup, Move, EndTurn,
                                              SeizeInitiative, NewRound, RecoverAdvantage)


# --------------------------------------------------------------------------- events


class Cost(msgspec.Struct, frozen=True, kw_only=True):
    dynamic: int = 0
    static: int = 0


class PoolRoll(msgspec.Struct, frozen=True, kw_only=True):
    """One rolled pool: its dice sources, faces, the modifier sum and the score (L17, L25)."""

    sources: list[str]  # one per die: an advantage id, "situation", "concentration", ...
    faces: list[int]
    modifier: int
    score: int
    cost: Cost
    refused_to_one: str | None = None  # why the score is the fixed 1 (L53)


class ActionTaken(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    focus: str
    pool: PoolRoll
    resistance: int  # the GL's score plus any hindrance dice
    hindrance_faces: list[int]
    success: bool
    degree: int  # score - resistance when successful, else 0 (L54)
    tracked: bool  # the cost left the bank (combat, or narrative potential tracked; P-2)
    approved_by: list[str]


class AttackResolved(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    target_id: str
    focus: str
    attack: PoolRoll
    defence: PoolRoll
    hit: bool
    degree: int
    tracked: bool
    approved_by: list[str]
    defence_approved_by: list[str]


class Resisted(msgspec.Struct, frozen=True, kw_only=True):
    """The target's side of an attack: what it paid and the damage it must cover."""

    character_id: str
    attacker_id: str
    cost: Cost
    degree: int
    tracked: bool
    anticipation_used: list[str] = []  # their tokens return to the bank (L60, P-30)


class TurnStarted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    lapsed: list[str]  # anticipations that went unused: their tokens go to spent (L60)


class Recouped(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    dynamic: int
    static: int
    rest: bool  # beyond the normal allowance: a rest (L43-44)


class Moved(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    mode: str
    faces: list[int]
    distance: int
    cost: Cost


class TurnEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    anticipated: list[str]
    nominee: str | None


class InitiativeSeized(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str  # the winner, who takes the turn
    nominee: str
    bids: list[Bid]
    cost: Cost


class RoundStarted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str


class AdvantageRecovered(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    advantage: str
    reason: str  # the GM's decision (a GM-only command; the actor is in the event metadata)


class LifeDiscarded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    advantages: list[str]
    cp: int
    covered: int
    exhausted: bool  # every Life advantage is gone and the damage is not covered (P-18)


class CombatStarted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    readiness: int


class CombatEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    recovered: list[str] = []  # under the ``end_of_combat`` recovery option (P-20)


EVENTS: dict[str, type[msgspec.Struct]] = {
    f"{RULESET_ID}.{t.__name__}": t
    for t in (ActionTaken, AttackResolved, Resisted, LifeDiscarded, CombatStarted, CombatEnded,
              TurnStarted, Recouped, Moved, TurnEnded, InitiativeSeized, RoundStarted,
              AdvantageRecovered)
}


# --------------------------------------------------------------------------- odds


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``GET /v1/rulesets/potential/odds?dice=N&bonus=B&resistance=R`` (or ``opposed_dice``)."""

    dice: Annotated[int, msgspec.Meta(ge=1, le=30)]
    bonus: Annotated[int, msgspec.Meta(ge=0, le=180)] = 0
    resistance: Annotated[int, msgspec.Meta(ge=0, le=400)] | None = None
    opposed_dice: Annotated[int, msgspec.Meta(ge=0, le=30)] | None = None
    opposed_bonus: Annotated[int, msgspec.Meta(ge=0, le=180)] = 0


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """Exact odds as fractions "n/d" in lowest terms; ``degrees`` maps DoS (0 = failed) to P."""

    p_success: str
    degrees: dict[str, str]


class ActionSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The body of check-odds: an action this character could declare (nothing is spent)."""

    advantages: list[str] = []
    situation_bonuses: Count = 0
    hindrances: Count = 0
    potential_action: bool = False
    concentration: bool = False
    resistance: Score | None = None
    resistance_dice: Count = 0  # an opposed pool's dice ...
    resistance_bonus: Annotated[int, msgspec.Meta(ge=0, le=180)] = 0  # ... and modifiers
