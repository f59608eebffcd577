"""Deciding turns (L36-48, L60): start, recoup, move, end with anticipation, seize, rounds."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from contracts.rulesets import potential as c
from domain.dice import Dice
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.base import RulesetEvent
from domain.rulesets.potential import potential_bank, turns
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential.decide_actions import RID, char

Load = Callable[[str, str], c.PotentialSheet]


def _ev(cid: str, body: msgspec.Struct) -> RulesetEvent:
    return RulesetEvent(stream=char(cid), type=f"{RID}.{type(body).__name__}",
                        data=msgspec.to_builtins(body))


def _in_combat(sheet: c.PotentialSheet, field: str) -> None:
    if not sheet.in_combat:
        raise StateConflict(field, "potential.combat L30", "the character is not in combat")


def start_turn(cmd: c.StartTurn, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """A turn begins (L37): one per round; unused anticipations lapse to spent (L60)."""
    _in_combat(sheet, "payload.character_id")
    if sheet.turn is not None or sheet.had_turn:
        raise StateConflict("payload.character_id", "potential.one-turn-per-round L37",
                            "this character has had its turn this round")
    return [_ev(cmd.character_id, c.TurnStarted(character_id=cmd.character_id,
                                                lapsed=list(sheet.anticipated)))]


def recoup(cmd: c.Recoup, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """Recoup (L42-44)."""
    rest = turns.check_recoup(sheet, cmd.dynamic, cmd.static)
    return [_ev(cmd.character_id, c.Recouped(character_id=cmd.character_id, dynamic=cmd.dynamic,
                                             static=cmd.static, rest=rest))]


def move(cmd: c.Move, sheet: c.PotentialSheet, dice: Dice) -> list[RulesetEvent]:
    """Movement as a potential action (L46-48): one dynamic; mosey 3, run 1d6+0."""
    turns.own_turn(sheet)
    turns.check_may_act(sheet)
    cost = c.Cost(dynamic=1)
    potential_bank.check_affordable(sheet, cost, True, "payload.mode")
    faces = [dice.roll(6)] if cmd.mode == "run" else []
    distance = faces[0] if faces else turns.MOSEY_DISTANCE
    return [_ev(cmd.character_id, c.Moved(character_id=cmd.character_id, mode=cmd.mode,
                                          faces=faces, distance=distance, cost=cost))]


def end_turn(cmd: c.EndTurn, sheet: c.PotentialSheet, load: Load) -> list[RulesetEvent]:
    """End the turn (L37, L40, L60)."""
    turns.own_turn(sheet)
    turns.check_anticipate(sheet, cmd.anticipate)
    if cmd.nominate is not None:
        if cmd.nominate == cmd.character_id:
            raise DomainError("payload.nominate", "potential.nominate L37",
                              "nominate someone else")
        nominee = load(cmd.nominate, "payload.nominate")
        if nominee.had_turn:
            raise DomainError("payload.nominate", "potential.nominate L37",
                              f"{cmd.nominate!r} has had a turn this round")
    return [_ev(cmd.character_id, c.TurnEnded(character_id=cmd.character_id,
                                              anticipated=list(cmd.anticipate),
                                              nominee=cmd.nominate))]


def seize(cmd: c.SeizeInitiative, load: Load) -> list[RulesetEvent]:
    """Seizing the initiative (L37): the winner spends its bid from the bank and takes the turn."""
    winner = turns.check_bids(cmd.bids, cmd.nominee)
    _in_combat(load(cmd.nominee, "payload.nominee"), "payload.nominee")
    for i, bid in enumerate(cmd.bids):
        bidder = load(bid.character_id, f"payload.bids[{i}].character_id")
        _in_combat(bidder, f"payload.bids[{i}].character_id")
        if bid.tokens > bidder.dynamic.bank + bidder.static.bank:
            raise DomainError(f"payload.bids[{i}].tokens", "potential.seize-bid L37",
                              f"{bid.character_id!r} cannot bid more potential than its bank")
    sheet = load(winner.character_id, "payload.bids")
    if cmd.pay_static > winner.tokens:
        raise DomainError("payload.pay_static", "potential.seize-bid L37",
                          "pay_static exceeds the winning bid")
    cost = c.Cost(dynamic=winner.tokens - cmd.pay_static, static=cmd.pay_static)
    potential_bank.check_affordable(sheet, cost, True, "payload.pay_static")
    if sheet.had_turn:
        raise StateConflict("payload.bids", "potential.one-turn-per-round L37",
                            f"{winner.character_id!r} has had a turn this round")
    return [_ev(winner.character_id, c.InitiativeSeized(
        character_id=winner.character_id, nominee=cmd.nominee, bids=list(cmd.bids), cost=cost))]


def new_round(cmd: c.NewRound, load: Load) -> list[RulesetEvent]:
    """L37: once everyone has had a turn, a new round begins."""
    out = []
    for cid in dict.fromkeys(cmd.participants):
        sheet = load(cid, "payload.participants")
        _in_combat(sheet, "payload.participants")
        if sheet.turn is not None or not sheet.had_turn:
            raise StateConflict("payload.participants", "potential.round L37",
                                f"{cid!r} has not finished a turn this round")
        out.append(_ev(cid, c.RoundStarted(character_id=cid)))
    return out


def recover(cmd: c.RecoverAdvantage, sheet: c.PotentialSheet) -> list[RulesetEvent]:
    """Healing (L56 "recovered via healing"; not defined in the seed, P-20): the GM recovers one
    discarded advantage, with the reason recorded."""
    adv = sheets.find(sheet, cmd.advantage)
    if adv is None:
        raise NotFound("payload.advantage", "potential.recover P-20", "no such advantage")
    if not adv.discarded:
        raise StateConflict("payload.advantage", "potential.recover P-20",
                            f"{cmd.advantage!r} is not discarded")
    return [_ev(cmd.character_id, c.AdvantageRecovered(
        character_id=cmd.character_id, advantage=cmd.advantage, reason=cmd.reason))]
