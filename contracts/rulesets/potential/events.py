"""Potential event bodies (seed 003): character streams and the combat's own stream."""

from __future__ import annotations

import msgspec

from contracts.rulesets.potential.commands import Bid
from contracts.rulesets.potential.sheet import RULESET_ID, AidUse, Cost, PendingAttack, StatusEffect

# --------------------------------------------------------------------------- events


class Reroll(msgspec.Struct, frozen=True, kw_only=True):
    """One Dice-keyword reroll (L25): die ``index`` showed ``replaced`` and was rolled again."""

    index: int
    replaced: int


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
    prepaid: bool = False  # the attacker paid when it declared the attack (AttackDeclared)


class AttackDeclared(msgspec.Struct, frozen=True, kw_only=True):
    """The attacker's side of a declared attack: it pays now (L39); the roll waits for the
    target's resistance action (L50, P-14)."""

    character_id: str
    target_id: str
    focus: str
    cost: Cost
    tracked: bool


class AttackPending(msgspec.Struct, frozen=True, kw_only=True):
    """The target's side: an attack waiting for its resistance action (L50)."""

    character_id: str
    attack: PendingAttack


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


class InitiativeBid(msgspec.Struct, frozen=True, kw_only=True):
    """A bid for the initiative (L37): it opens an auction against ``nominee`` or raises it."""

    combat_id: str
    character_id: str
    nominee: str
    tokens: int
    pay_static: int = 0


class InitiativeYielded(msgspec.Struct, frozen=True, kw_only=True):
    combat_id: str
    character_id: str


class Auction(msgspec.Struct, kw_only=True):
    """An open auction for the initiative (L37, P-25, P-45)."""

    nominee: str
    bids: list[Bid] = []
    pay_static: int = 0  # how the high bidder pays (static tokens of its bid)
    yielded: list[str] = []


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


class RetrainingStarted(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    advantage: str
    reason: str


class FreeResistChanged(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    advantage: str
    previous: str | None


class MinorActionTaken(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    description: str


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
    auction: Auction | None = None  # an auction for the initiative in progress (L37)
    seized: bool = False  # ``next`` won the initiative: its slot is not bid for again (L37)


class CombatEnded(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    recovered: list[str] = []  # under the ``end_of_combat`` recovery option (P-20)


EVENTS: dict[str, type[msgspec.Struct]] = {
    f"{RULESET_ID}.{t.__name__}": t
    for t in (ActionTaken, AttackDeclared, AttackPending, AttackResolved, Resisted,
              LifeDiscarded, CombatStarted, CombatEnded,
              TurnStarted, Recouped, Moved, TurnEnded, InitiativeSeized, RoundStarted,
              AdvantageRecovered, AidGiven, AidOffered, ConsciousnessSet, StatusApplied,
              CombinationChallenged, CombinationRuled, RetrainingStarted, FreeResistChanged,
              MinorActionTaken)
}
COMBAT_EVENTS: dict[str, type[msgspec.Struct]] = {
    f"{RULESET_ID}.{t.__name__}": t
    for t in (CombatOpened, TurnBegan, TurnPassed, InitiativeBid, InitiativeYielded,
              InitiativeTaken, RoundBegan, CombatClosed)
}
# The registry of Potential's events: those of its characters and those of its combats' order.
POTENTIAL_EVENTS: tuple[type[msgspec.Struct], ...] = (*EVENTS.values(), *COMBAT_EVENTS.values())
