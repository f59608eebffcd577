"""The domain's own states of Potential (seed 003): a character's sheet (L5-15, L52) with what
it holds in play, and a combat's order (L37).

These classes are the domain's, not the wire's: ``contracts.rulesets.potential`` keeps its own
``PotentialSheet`` and ``CombatState`` for the CreateCharacter schema, the gRPC messages and the
OpenAPI document, and ``views.py`` maps between the two. Field names, types, defaults, order and
struct options are those of the stored form, so a state encodes to the same bytes as before.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Keyword = Literal["Life", "Skill", "Static", "Movement", "Dice", "Aid Other", "Aid Resist",
                  "Opportunity", "Range", "Status", "Blast", "Two-Handed", "Armour"]  # L10
Cp = Annotated[int, msgspec.Meta(ge=4, le=25)]  # L11
Modifier = Annotated[int, msgspec.Meta(ge=0, le=6)]  # 1d6+0 .. 1d6+6 (L11)
Count = Annotated[int, msgspec.Meta(ge=0, le=40)]
Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


# --------------------------------------------------------------------------- the sheet


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
    # Keyword data (the summary's special instructions, L9; digest section 4.9):
    range: Annotated[int, msgspec.Meta(ge=1, le=10000)] | None = None  # Range: reach (L66)
    status: Annotated[str, msgspec.Meta(max_length=120)] = ""  # Status: what it places (L67)
    reroll: Annotated[int, msgspec.Meta(ge=0, le=6)] = 0  # Dice: reroll a face this low (L25)


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


class StatusEffect(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An ongoing status placed by a Status advantage (L67); it lasts until the end of the
    target's next turn (the digest's default, section 4.9) unless the GM ends it sooner."""

    name: str
    source_id: str  # the character whose advantage placed it
    advantage: str
    degree: int  # recorded for summaries that scale with it (P-41)
    seen_turn: bool = False  # the target's next turn has begun


class AidOffer(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An Aid Other or Aid Resist advantage offered to an ally (L63-64), paid when used."""

    to: str
    advantage: str
    kind: Literal["action", "resistance"]


class Ruling(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The group's appropriateness decision on one combination of advantages (L20-21, P-7)."""

    advantages: list[str]  # sorted
    state: Literal["challenged", "approved", "vetoed"]
    reason: str = ""


class Cost(msgspec.Struct, frozen=True, kw_only=True):
    """What a pool costs in dynamic and static potential (L22)."""

    dynamic: int = 0
    static: int = 0


class AidUse(msgspec.Struct, frozen=True, kw_only=True):
    """An ally's advantage in the pool (L63-64): its source label and what the ally paid."""

    character_id: str
    advantage: str
    cost: Cost


class PendingAttack(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An attack declared against this character, paid and waiting for its resistance action
    (L50): the attacker's pool as declared, rolled when the target resists (P-14)."""

    attacker_id: str
    focus: str
    sources: list[str]  # one d6 each
    modifier: int
    cost: Cost  # what the attacker paid (L39)
    rerolls: list[int] = []  # per die: Dice-keyword reroll threshold (L25)
    aid: list[AidUse] = []  # allies' dice in the attack (L63)
    statuses: list[StatusEffect] = []  # placed on a hit (L67); degree filled in then
    hindrances: int = 0  # 1d6+0 bonus dice the defender's pool gains (L23, L66)
    damaging: bool = True  # P-41
    tracked: bool = True
    approved_by: list[str] = []
    approval: str = "automatic"


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
    # A minor opponent (P-40): a fixed score for its actions and resistances, no potential
    fixed_score: Annotated[int, msgspec.Meta(ge=1, le=100)] | None = None
    conscious: bool = True  # L53; set by the GM (P-35) or by Life exhausted (P-18 option)
    statuses: list[StatusEffect] = []  # L67
    aid_offer: AidOffer | None = None  # L63-64
    rulings: list[Ruling] = []  # L21
    combat_id: str | None = None  # the combat the character is in
    retraining: str | None = None  # the free resist being retrained to, with the GM (L52)
    pending_attacks: list[PendingAttack] = []  # attacks awaiting this character's resistance


# --------------------------------------------------------------------------- a combat's order


class Bid(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One bid for the initiative (L37, P-25): who bid and how many tokens."""

    character_id: str
    tokens: Annotated[int, msgspec.Meta(ge=1, le=40)]


class Auction(msgspec.Struct, kw_only=True):
    """An auction for the initiative in progress (L37, P-45): against the standing nominee."""

    nominee: str
    bids: list[Bid] = []
    pay_static: int = 0  # how the high bidder pays (static tokens of its bid)
    yielded: list[str] = []


class CombatState(msgspec.Struct, kw_only=True):
    """A combat's folded state (its encounter stream): whose turn it is and who is next."""

    combat_id: str = ""
    participants: list[str] = []
    round: int = 1
    current: str | None = None  # whose turn is in progress
    next: str | None = None  # the nominee or the seize winner (L37)
    had_turn: list[str] = []
    last: str | None = None  # the last to act: at a round boundary it may not be nominated
    active: bool = False
    auction: Auction | None = None  # an auction for the initiative in progress (L37)
    seized: bool = False  # ``next`` won the initiative: its slot is not bid for again (L37)
