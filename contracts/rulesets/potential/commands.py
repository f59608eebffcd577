"""Potential command payloads (seed 003); each forbids unknown fields."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from contracts.rulesets.potential.sheet import Count, Id, Score

# --------------------------------------------------------------------------- commands


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
    """An attack (L49-54): the attacker pays now (L39) and the target answers with its own
    resistance action (``potential.Resist``, L50); DoS is the damage (L54, L57). A target with
    nothing to choose (unconscious, L53; a minor opponent's fixed score, P-40) resists at once."""

    campaign_id: str
    character_id: str
    target_id: str
    focus: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]
    advantages: list[str] = []
    situation_bonuses: Count = 0
    hindrances: Count = 0  # +1d6+0 each to the defender's pool (L23)
    potential_action: bool = False
    aid_from: list[str] = []  # allies whose Aid Other offer joins this pool (L63)
    distance: Annotated[int, msgspec.Meta(ge=0, le=100000)] | None = None  # for Range (L66)
    damaging: bool = True  # False: a Status-only attack that harms nothing (P-41)
    approved_by: list[str] = []


class Resist(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The attacked character's resistance action (L50-53), chosen by its own controller (or the
    GM) for the oldest attack ``attacker_id`` has declared against it; then both pools roll
    (P-14). The free resist (L52) joins the pool unless ``free_resist`` is false; with nothing
    usable the score is one (L53)."""

    campaign_id: str
    character_id: str  # the defender, who answers for itself (L50)
    attacker_id: str
    advantages: list[str] = []  # paid advantages (one token of their type each)
    free_resist: bool | None = None  # None: use the sheet's free resist when available (L52)
    potential_action: bool = False  # 1d6+0 for one dynamic token (L29, P-4)
    situation_bonuses: Count = 0
    decline: bool = False  # resistance score 1 (P-12)
    aid_from: list[str] = []  # allies whose Aid Resist offer joins this pool (L64)
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
    """A bid for the initiative by the sender's own character (L37, P-25, P-45): it opens an
    auction against the standing nominee, or raises it (bids rise strictly). The nominee may
    defend by bidding. The auction ends when everyone else in it has yielded
    (``potential.YieldInitiative``); the last bidder then pays its bid from its bank
    (``pay_static`` of it in static tokens, the rest dynamic) and takes the next turn."""

    campaign_id: str
    character_id: str  # the bidder
    tokens: Annotated[int, msgspec.Meta(ge=1, le=40)]
    pay_static: Count = 0
    combat_id: Id = "combat"


class YieldInitiative(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The sender's character yields the auction for the initiative to its high bidder
    ``to`` (L37, P-45); it cannot bid again in this auction."""

    campaign_id: str
    character_id: str  # who yields
    to: str  # the current high bidder
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


class StartRetraining(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """L52: the free resist changes only after consultation with the GM and a retraining
    period; the GM records the agreed change (the old free resist stays until it completes)."""

    campaign_id: str
    character_id: str
    advantage: str
    reason: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class CompleteRetraining(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """L52: the retraining period is over (the GM says so): the new free resist applies."""

    campaign_id: str
    character_id: str


class MinorAction(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """L40: at the GM's discretion a minor action (dropping something, speaking) costs nothing."""

    campaign_id: str
    character_id: str
    description: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


COMMANDS: tuple[type[msgspec.Struct], ...] = (TakeAction, Attack, Resist, DiscardLife,
                                              StartCombat, EndCombat, StartTurn, Recoup, Move,
                                              EndTurn, SeizeInitiative, YieldInitiative,
                                              NewRound, RecoverAdvantage,
                                              OfferAid, SetConscious, ChallengeCombination,
                                              RuleOnCombination, StartRetraining,
                                              CompleteRetraining, MinorAction)
