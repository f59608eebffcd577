"""Whose turn it is (L37): the combat's own stream, its fold and the rules it enforces.

One turn at a time; the nominee (or the winner of a seize) takes the next turn; a nomination
names someone who has not had a turn this round, or, once everyone has, anyone but oneself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from contracts.rulesets import potential as c
from domain.errors import DomainError, StateConflict
from domain.rulesets.base import encounter_key

stream = encounter_key  # the package's short name for it (domain.rulesets.base)


def load(raw: Any) -> c.CombatState:
    if not raw:
        return c.CombatState()
    return msgspec.convert(dict(raw), c.CombatState)


def active(raw: Any, combat_id: str) -> c.CombatState:
    combat = load(raw)
    if not combat.active:
        raise StateConflict("payload.combat_id", "potential.combat L30",
                            f"no combat {combat_id!r} is running")
    return combat


def remaining(combat: c.CombatState) -> list[str]:
    """L37: the participants who have not yet had a turn this round."""
    return [p for p in combat.participants if p not in combat.had_turn]


def check_start(combat: c.CombatState, cid: str) -> None:
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


def check_nomination(combat: c.CombatState, cid: str, nominee: str | None) -> None:
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


def check_bid(combat: c.CombatState, cid: str, tokens: int) -> str:
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


def in_auction(auction: c.Auction) -> list[str]:
    """P-45: the nominee and everyone who has bid, in order."""
    return list(dict.fromkeys([auction.nominee, *(b.character_id for b in auction.bids)]))


def check_yield(combat: c.CombatState, cid: str, to: str) -> tuple[c.Auction, c.Bid]:
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


def closes(auction: c.Auction, yielding: str) -> bool:
    """P-45: the auction ends when all but the high bidder have yielded."""
    high = auction.bids[-1].character_id
    gone = {*auction.yielded, yielding}
    return all(p in gone for p in in_auction(auction) if p != high)


def evolve(raw: Any, name: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Fold one combat-stream event (total)."""
    combat = load(raw)
    body = dict(data)
    if name == "CombatOpened":
        opened = msgspec.convert(body, c.CombatOpened)
        combat = c.CombatState(combat_id=opened.combat_id, participants=opened.participants,
                               next=opened.first, active=True)
    elif name == "TurnBegan":
        began = msgspec.convert(body, c.TurnBegan)
        combat.current, combat.next, combat.seized = began.character_id, None, False
        combat.had_turn = [*combat.had_turn, began.character_id]
    elif name == "TurnPassed":
        passed = msgspec.convert(body, c.TurnPassed)
        combat.current, combat.next, combat.last = None, passed.nominee, passed.character_id
    elif name == "InitiativeBid":
        bid = msgspec.convert(body, c.InitiativeBid)
        auction = combat.auction or c.Auction(nominee=bid.nominee)
        auction.bids = [*auction.bids, c.Bid(character_id=bid.character_id, tokens=bid.tokens)]
        auction.pay_static = bid.pay_static
        combat.auction = auction
    elif name == "InitiativeYielded":
        gone = msgspec.convert(body, c.InitiativeYielded).character_id
        if combat.auction is not None:
            combat.auction.yielded = [*combat.auction.yielded, gone]
    elif name == "InitiativeTaken":
        combat.next = msgspec.convert(body, c.InitiativeTaken).character_id
        combat.auction, combat.seized = None, True
    elif name == "RoundBegan":
        combat.round, combat.had_turn = msgspec.convert(body, c.RoundBegan).round, []
    elif name == "CombatClosed":
        combat.active, combat.current, combat.next = False, None, None
        combat.auction, combat.seized = None, False
    out: dict[str, Any] = msgspec.to_builtins(combat)
    return out
