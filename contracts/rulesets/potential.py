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


# --------------------------------------------------------------------------- commands


class Resistance(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The defender's resistance action (L50-53), committed before either pool rolls (P-14)."""

    advantages: list[str] = []  # paid advantages (one token of their type each)
    free_resist: bool = False  # add the sheet's free resist at no cost (L52)
    potential_action: bool = False  # 1d6+0 for one dynamic token (L29, P-4)
    situation_bonuses: Count = 0
    decline: bool = False  # resistance score 1 (P-12)
    unconscious: bool = False  # resistance score 1 (L53): only when the target is unconscious
    aid_from: list[str] = []  # allies whose Aid Resist offer joins this pool (L64)
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
    aid_from: list[str] = []  # allies whose Aid Other offer joins this pool (L63)
    distance: Annotated[int, msgspec.Meta(ge=0, le=100000)] | None = None  # for Range (L66)
    approved_by: list[str] = []  # who approved the combination (L21); rulings are enforced


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
    aid_from: list[str] = []  # allies whose Aid Other offer joins this pool (L63)
    distance: Annotated[int, msgspec.Meta(ge=0, le=100000)] | None = None  # for Range (L66)
    damaging: bool = True  # False: a Status-only attack that harms nothing (P-41)
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
    first: str | None = None  # the GL's first nominee (P-23)
    combat_id: Id = "combat"


class EndCombat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Combat ends; every token returns to the bank (P-22)."""

    campaign_id: str
    participants: Annotated[list[str], msgspec.Meta(min_length=1)]
    combat_id: Id = "combat"


class StartTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The nominated character's turn begins; unused anticipations lapse to spent (L60)."""

    campaign_id: str
    character_id: str
    combat_id: Id = "combat"


class Recoup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Move tokens from the spent pile to the bank during the own turn (L41-44)."""

    campaign_id: str
    character_id: str
    dynamic: Count = 0
    static: Count = 0


class Move(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Movement (L46-48): a potential action for one dynamic token, mosey 3 or run 1d6; or
    ``advantages`` including a Movement advantage, one large movement of the score (P-31)."""

    campaign_id: str
    character_id: str
    mode: Literal["mosey", "run", "advantages"]
    advantages: list[str] = []
    situation_bonuses: Count = 0  # only for a Movement-keyword action (P-31)


class EndTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """End the own turn, anticipating with unspent dynamic potential (L60) and nominating the
    next character, who must not have had a turn this round (L37)."""

    campaign_id: str
    character_id: str
    anticipate: list[str] = []
    nominate: str | None = None
    combat_id: Id = "combat"


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
    combat_id: Id = "combat"


class NewRound(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Everyone has had a turn: a new round begins (L37)."""

    campaign_id: str
    participants: Annotated[list[str], msgspec.Meta(min_length=1)]
    combat_id: Id = "combat"


class RecoverAdvantage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Healing a discarded advantage: not in the seed (L56, P-20); the GM's recorded decision."""

    campaign_id: str
    character_id: str
    advantage: str
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class OfferAid(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Offer an Aid Other (L63) or Aid Resist (L64) advantage to an ally; its token is paid
    from this character's bank when the ally's action or resistance uses it."""

    campaign_id: str
    character_id: str
    to: str
    advantage: str
    kind: Literal["action", "resistance"] = "action"


class SetConscious(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM's decision that a character falls unconscious or comes round (L53, P-35)."""

    campaign_id: str
    character_id: str
    conscious: bool
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class ChallengeCombination(msgspec.Struct, frozen=True, kw_only=True,
                           forbid_unknown_fields=True):
    """Any member questions whether a combination of advantages is appropriate (L20-21, P-7):
    until the GM rules, an action or resistance using exactly that combination is refused."""

    campaign_id: str
    challenged_id: str  # the character whose combination is questioned
    advantages: Annotated[list[str], msgspec.Meta(min_length=1)]
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class RuleOnCombination(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The GM's ruling on a combination (L21, P-7): approved, or vetoed (then refused)."""

    campaign_id: str
    character_id: str
    advantages: Annotated[list[str], msgspec.Meta(min_length=1)]
    approved: bool
    reason: Annotated[str, msgspec.Meta(max_length=500)] = ""


COMMANDS: tuple[type[msgspec.Struct], ...] = (TakeAction, Attack, DiscardLife, StartCombat,
                                              EndCombat, StartTurn, Recoup, Move, EndTurn,
                                              SeizeInitiative, NewRound, RecoverAdvantage,
                                              OfferAid, SetConscious, ChallengeCombination,
                                              RuleOnCombination)


# --------------------------------------------------------------------------- events


class Cost(msgspec.Struct, frozen=True, kw_only=True):
    dynamic: int = 0
    static: int = 0


class Reroll(msgspec.Struct, frozen=True, kw_only=True):
    """One Dice-keyword reroll (L25): die ``index`` showed ``replaced`` and was rolled again."""

    index: int
    replaced: int


class AidUse(msgspec.Struct, frozen=True, kw_only=True):
    """An ally's advantage in the pool (L63-64): its source label and what the ally paid."""

    character_id: str
    advantage: str
    cost: Cost


class PoolRoll(msgspec.Struct, frozen=True, kw_only=True):
    """One rolled pool: its dice sources, faces, the modifier sum and the score (L17, L25)."""

    sources: list[str]  # one per die: an advantage id, "situation", "concentration", ...
    faces: list[int]
    modifier: int
    score: int
    cost: Cost
    refused_to_one: str | None = None  # why the score is the fixed 1 (L53)
    fixed: int | None = None  # a minor opponent's fixed score (P-40), before its bonus dice
    rerolls: list[Reroll] = []  # Dice keyword rerolls (L25): the replaced faces are kept
    aid: list[AidUse] = []  # allies' dice in this pool (L63-64)


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
    approval: str = "automatic"  # "automatic", "gm" (a ruling) or "fixed" (P-7, P-40)


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
    approval: str = "automatic"


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
    pool: PoolRoll | None = None  # a Movement-keyword action's roll (L46)


class TurnEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    anticipated: list[str]
    nominee: str | None
    statuses_ended: list[str] = []  # statuses that lasted until the end of this turn (L67)


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
    combat_id: str = "combat"


class AidGiven(msgspec.Struct, frozen=True, kw_only=True):
    """The ally's side of an aid (L63-64): the token it paid (an offer is used once)."""

    character_id: str
    aided: str
    advantage: str
    kind: str
    cost: Cost
    tracked: bool


class AidOffered(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    to: str
    advantage: str
    kind: str


class ConsciousnessSet(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    conscious: bool
    reason: str


class StatusApplied(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    status: StatusEffect


class CombinationChallenged(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    advantages: list[str]
    reason: str


class CombinationRuled(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    advantages: list[str]
    approved: bool
    reason: str


class CombatOpened(msgspec.Struct, frozen=True, kw_only=True):
    """The combat's own stream: who takes part and the GL's first nominee (L37, P-23)."""

    combat_id: str
    participants: list[str]
    first: str | None


class TurnBegan(msgspec.Struct, frozen=True, kw_only=True):
    combat_id: str
    character_id: str


class TurnPassed(msgspec.Struct, frozen=True, kw_only=True):
    combat_id: str
    character_id: str
    nominee: str | None


class InitiativeTaken(msgspec.Struct, frozen=True, kw_only=True):
    combat_id: str
    character_id: str  # the seize winner: the next turn is theirs (L37)


class RoundBegan(msgspec.Struct, frozen=True, kw_only=True):
    combat_id: str
    round: int


class CombatClosed(msgspec.Struct, frozen=True, kw_only=True):
    combat_id: str


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


class CombatEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    recovered: list[str] = []  # under the ``end_of_combat`` recovery option (P-20)


EVENTS: dict[str, type[msgspec.Struct]] = {
    f"{RULESET_ID}.{t.__name__}": t
    for t in (ActionTaken, AttackResolved, Resisted, LifeDiscarded, CombatStarted, CombatEnded,
              TurnStarted, Recouped, Moved, TurnEnded, InitiativeSeized, RoundStarted,
              AdvantageRecovered, AidGiven, AidOffered, ConsciousnessSet, StatusApplied,
              CombinationChallenged, CombinationRuled)
}
COMBAT_EVENTS: dict[str, type[msgspec.Struct]] = {
    f"{RULESET_ID}.{t.__name__}": t
    for t in (CombatOpened, TurnBegan, TurnPassed, InitiativeTaken, RoundBegan, CombatClosed)
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
