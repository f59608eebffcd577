"""Whose turn it is (L37): the combat's own stream, its fold and the rules it enforces.

One turn at a time; the nominee (or the winner of a seize) takes the next turn; a nomination
names someone who has not had a turn this round, or, once everyone has, anyone but oneself.
"""

from __future__ import annotations

import msgspec

from contracts.rulesets import potential as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.potential import state as s
from domain.rulesets.potential.context import Event
from domain.rulesets.seam import Folds


def active(combat: s.CombatState, combat_id: str) -> s.CombatState:
    """L30: the running combat ``combat_id``; refused when it is not running."""
    if not combat.active:
        raise StateConflict("payload.combat_id", "potential.combat L30",
                            f"no combat {combat_id!r} is running")
    return combat


def remaining(combat: s.CombatState) -> list[str]:
    """L37: the participants who have not yet had a turn this round."""
    return [p for p in combat.participants if p not in combat.had_turn]


def check_start(combat: s.CombatState, cid: str) -> None:
    """L37: one turn at a time, and the nominated (or seizing) character takes it."""
    if cid not in combat.participants:
        raise StateConflict("payload.character_id", "potential.combat L30",
                            f"{cid!r} is not in combat {combat.combat_id!r}")
    if combat.current is not None:
        raise StateConflict("payload.character_id", "potential.one-turn-at-a-time L37",
                            f"{combat.current!r} is taking a turn")
    if combat.auction is not None:
        raise StateConflict("payload.character_id", "potential.seize L37",
                            "the initiative is being bid for: it ends when all but the high "
                            "bidder have yielded")
    if combat.next is not None and combat.next != cid:
        raise StateConflict("payload.character_id", "potential.nominee-takes-turn L37",
                            f"{combat.next!r} takes the next turn (nominated or seized); "
                            "seize the initiative to override it")
    if combat.next is None and not combat.had_turn and combat.round > 1 and cid == combat.last:
        raise StateConflict("payload.character_id", "potential.nominate L37",
                            "a new round begins with anyone except the last to act")


def check_nomination(combat: s.CombatState, cid: str, nominee: str | None) -> None:
    """L37: the next must not have had a turn this round; once all have, anyone but oneself."""
    left = [p for p in remaining(combat) if p != cid]
    if nominee is None:
        if left:
            raise DomainError("payload.nominate", "potential.nominate L37",
                              f"nominate the next to act, one of {left}")
        return
    if nominee not in combat.participants:
        raise DomainError("payload.nominate", "potential.nominate L37",
                          f"{nominee!r} is not in this combat")
    if nominee == cid:
        raise DomainError("payload.nominate", "potential.nominate L37", "nominate someone else")
    if left and nominee not in left:
        raise DomainError("payload.nominate", "potential.nominate L37",
                          f"{nominee!r} has had a turn this round")


def check_bid(combat: s.CombatState, cid: str, tokens: int) -> str:
    """L37, P-25, P-45: a bid between turns, against the standing nominee; it opens an auction
    (not by the nominee) or raises it strictly; a yielded bidder cannot re-enter. Returns the
    nominee."""
    if combat.current is not None:
        raise StateConflict("payload.character_id", "potential.seize L37",
                            f"{combat.current!r} is taking a turn")
    if cid not in combat.participants:
        raise StateConflict("payload.character_id", "potential.combat L30",
                            f"{cid!r} is not in combat {combat.combat_id!r}")
    auction = combat.auction
    if auction is None:
        if combat.next is None:
            raise StateConflict("payload.character_id", "potential.seize L37",
                                "nobody is nominated: the next turn is anyone's to take")
        if combat.seized:
            raise StateConflict("payload.character_id", "potential.seize L37",
                                f"{combat.next!r} has won the initiative: the next turn is "
                                "theirs")
        if cid == combat.next:
            raise DomainError("payload.character_id", "potential.seize L37",
                              "a seize is opened by someone other than the nominee")
        return combat.next
    if cid in auction.yielded:
        raise StateConflict("payload.character_id", "potential.seize-bid P-45",
                            f"{cid!r} has yielded this auction")
    high = auction.bids[-1]
    if high.character_id == cid:
        raise StateConflict("payload.character_id", "potential.seize-bid P-25",
                            f"{cid!r} already holds the high bid")
    if tokens <= high.tokens:
        raise DomainError("payload.tokens", "potential.seize-bid P-25",
                          f"each bid must exceed {high.tokens}")
    return auction.nominee


def in_auction(auction: s.Auction) -> list[str]:
    """P-45: the nominee and everyone who has bid, in order."""
    return list(dict.fromkeys([auction.nominee, *(b.character_id for b in auction.bids)]))


def check_yield(combat: s.CombatState, cid: str, to: str) -> tuple[s.Auction, s.Bid]:
    """L37: someone in the auction, other than its high bidder ``to``, yields."""
    auction = combat.auction
    if auction is None:
        raise StateConflict("payload.character_id", "potential.seize L37",
                            "no auction for the initiative is open")
    high = auction.bids[-1]
    if to != high.character_id:
        raise StateConflict("payload.to", "potential.seize L37",
                            f"the high bidder is {high.character_id!r}")
    if cid not in in_auction(auction) or cid in auction.yielded:
        raise StateConflict("payload.character_id", "potential.seize-bid P-45",
                            f"{cid!r} is not bidding in this auction")
    if cid == high.character_id:
        raise StateConflict("payload.character_id", "potential.seize-bid P-45",
                            f"{cid!r} holds the high bid")
    return auction, high


def closes(auction: s.Auction, yielding: str) -> bool:
    """P-45: the auction ends when all but the high bidder have yielded."""
    high = auction.bids[-1].character_id
    gone = {*auction.yielded, yielding}
    return all(p in gone for p in in_auction(auction) if p != high)


ENCOUNTERS: Folds[s.CombatState] = Folds()
"""How each combat-stream event folds into the combat's order (total)."""


@ENCOUNTERS.on(c.CombatOpened)
def opened(combat: s.CombatState, e: c.CombatOpened) -> s.CombatState:
    """The combat opens with its participants and the GL's first nominee (L37, P-23)."""
    return s.CombatState(combat_id=e.combat_id, participants=e.participants, next=e.first,
                         active=True)


@ENCOUNTERS.on(c.TurnBegan)
def turn_began(combat: s.CombatState, e: c.TurnBegan) -> s.CombatState:
    """L37: one turn at a time; the nominee's (or seize winner's) slot is used."""
    return msgspec.structs.replace(combat, current=e.character_id, next=None, seized=False,
                                   had_turn=[*combat.had_turn, e.character_id])


@ENCOUNTERS.on(c.TurnPassed)
def turn_passed(combat: s.CombatState, e: c.TurnPassed) -> s.CombatState:
    """L37: the turn ends and its player's nominee is next."""
    return msgspec.structs.replace(combat, current=None, next=e.nominee, last=e.character_id)


@ENCOUNTERS.on(c.InitiativeBid)
def bid(combat: s.CombatState, e: c.InitiativeBid) -> s.CombatState:
    """L37, P-25: a bid opens an auction against the nominee or raises it."""
    auction = combat.auction or s.Auction(nominee=e.nominee)
    return msgspec.structs.replace(combat, auction=msgspec.structs.replace(
        auction, bids=[*auction.bids, s.Bid(character_id=e.character_id, tokens=e.tokens)],
        pay_static=e.pay_static))


@ENCOUNTERS.on(c.InitiativeYielded)
def yielded(combat: s.CombatState, e: c.InitiativeYielded) -> s.CombatState:
    """P-45: a yielded bidder leaves the auction."""
    if combat.auction is None:
        return combat
    return msgspec.structs.replace(combat, auction=msgspec.structs.replace(
        combat.auction, yielded=[*combat.auction.yielded, e.character_id]))


@ENCOUNTERS.on(c.InitiativeTaken)
def taken(combat: s.CombatState, e: c.InitiativeTaken) -> s.CombatState:
    """L37: the seize winner takes the next turn; its slot is not bid for again."""
    return msgspec.structs.replace(combat, next=e.character_id, auction=None, seized=True)


@ENCOUNTERS.on(c.RoundBegan)
def round_began(combat: s.CombatState, e: c.RoundBegan) -> s.CombatState:
    """L37: a new round; nobody has had a turn in it."""
    return msgspec.structs.replace(combat, round=e.round, had_turn=[])


@ENCOUNTERS.on(c.CombatClosed)
def closed(combat: s.CombatState, e: c.CombatClosed) -> s.CombatState:
    """P-22: the combat ends; nobody's turn is in progress or next."""
    return msgspec.structs.replace(combat, active=False, current=None, next=None, auction=None,
                                   seized=False)


def starts(event: Event) -> s.CombatState | None:
    """A combat stream's first event folds into an empty order (as every later one does)."""
    return ENCOUNTERS.fold(s.CombatState(), event)
