"""Deciding turns (L36-48, L60): start, recoup, move, end with anticipation, seize, rounds."""

from __future__ import annotations

from contracts.rulesets import potential as c
from domain.errors import DomainError, NotFound, StateConflict
from domain.rulesets.potential import actions, appropriateness, combat_order, potential_bank, turns, views
from domain.rulesets.potential import sheet as sheets
from domain.rulesets.potential import state as s
from domain.rulesets.potential.context import Ctx, char, combat_of, combat_stream, sheet_of
from domain.rulesets.seam import Handlers

HANDLERS: Handlers[Ctx] = Handlers()


def _in_combat(sheet: s.PotentialSheet, field: str, combat_id: str | None = None) -> None:
    if not sheet.in_combat:
        raise StateConflict(field, "potential.combat L30", "the character is not in combat")
    if combat_id is not None and (sheet.combat_id or "combat") != combat_id:
        raise StateConflict("payload.combat_id", "potential.combat L30",
                            f"the character is in combat {sheet.combat_id!r}")


@HANDLERS.on(c.StartTurn)
def start_turn(ctx: Ctx, cmd: c.StartTurn) -> None:
    """A turn begins (L37): one per round, one at a time, the nominee's or the seize winner's;
    unused anticipations lapse to spent (L60)."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    _in_combat(sheet, "payload.character_id", cmd.combat_id)
    if sheet.turn is not None or sheet.had_turn:
        raise StateConflict("payload.character_id", "potential.one-turn-per-round L37",
                            "this character has had its turn this round")
    combat_order.check_start(combat_order.active(combat_of(ctx, cmd.combat_id), cmd.combat_id),
                             cmd.character_id)
    ctx.emit(char(cmd.character_id), c.TurnStarted(character_id=cmd.character_id,
                                                   lapsed=list(sheet.anticipated)))
    ctx.emit(combat_stream(cmd.combat_id), c.TurnBegan(combat_id=cmd.combat_id,
                                                       character_id=cmd.character_id))


@HANDLERS.on(c.Recoup)
def recoup(ctx: Ctx, cmd: c.Recoup) -> None:
    """Recoup (L42-44)."""
    rest = turns.check_recoup(sheet_of(ctx, cmd.character_id, "character_id"), cmd.dynamic,
                              cmd.static)
    ctx.emit(char(cmd.character_id), c.Recouped(character_id=cmd.character_id,
                                                dynamic=cmd.dynamic, static=cmd.static, rest=rest))


@HANDLERS.on(c.Move)
def move(ctx: Ctx, cmd: c.Move) -> None:
    """Movement (L46-48): a potential action for one dynamic, mosey 3 or run 1d6+0; or a
    Movement-keyword action whose score is the distance (P-31)."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    dice = ctx.dice
    turns.own_turn(sheet)
    turns.check_may_act(sheet)
    if cmd.mode != "advantages":
        if cmd.advantages or cmd.situation_bonuses:
            raise DomainError("payload.advantages", "potential.movement L46",
                              "a mosey or a run is a potential action: no advantages or bonuses")
        cost = c.Cost(dynamic=1)
        potential_bank.check_affordable(sheet, cost, True, "payload.mode")
        faces = [dice.roll(6)] if cmd.mode == "run" else []
        distance = faces[0] if faces else turns.MOSEY_DISTANCE
        ctx.emit(char(cmd.character_id), c.Moved(character_id=cmd.character_id, mode=cmd.mode,
                                                 faces=faces, distance=distance, cost=cost))
        return
    pool = actions.declare(sheet, cmd.advantages, situation_bonuses=cmd.situation_bonuses)
    if not any("Movement" in a.keywords for a in pool.used):
        raise DomainError("payload.advantages", "potential.movement L46",
                          "a movement with advantages uses one with the Movement keyword")
    appropriateness.check(sheet, cmd.advantages, ctx.options.appropriateness,
                          "payload.advantages")
    potential_bank.check_affordable(sheet, pool.cost, True, "payload.advantages")
    rolled = actions.roll(pool, dice)
    ctx.emit(char(cmd.character_id), c.Moved(character_id=cmd.character_id, mode=cmd.mode,
                                             faces=[], distance=rolled.score, cost=pool.cost,
                                             pool=rolled))


@HANDLERS.on(c.EndTurn)
def end_turn(ctx: Ctx, cmd: c.EndTurn) -> None:
    """End the turn (L37, L40, L60): anticipate, and nominate the next to act."""
    sheet = sheet_of(ctx, cmd.character_id, "character_id")
    turns.own_turn(sheet)
    _in_combat(sheet, "payload.character_id", cmd.combat_id)
    if cmd.anticipate and not sheets.is_conscious(sheet):
        raise StateConflict("payload.anticipate", "potential.unconscious L53",
                            "an unconscious character anticipates nothing")
    turns.check_anticipate(sheet, cmd.anticipate)
    combat = combat_order.active(combat_of(ctx, cmd.combat_id), cmd.combat_id)
    combat_order.check_nomination(combat, cmd.character_id, cmd.nominate)
    ended = [st.name for st in sheet.statuses if st.seen_turn]
    ctx.emit(char(cmd.character_id), c.TurnEnded(character_id=cmd.character_id,
                                                 anticipated=list(cmd.anticipate),
                                                 nominee=cmd.nominate, statuses_ended=ended))
    ctx.emit(combat_stream(cmd.combat_id), c.TurnPassed(combat_id=cmd.combat_id,
                                                        character_id=cmd.character_id,
                                                        nominee=cmd.nominate))


@HANDLERS.on(c.SeizeInitiative)
def seize(ctx: Ctx, cmd: c.SeizeInitiative) -> None:
    """Seizing the initiative (L37, P-25, P-45): the sender's own character bids potential from
    its bank; the first bid opens an auction against the standing nominee, later bids raise it.
    Nothing is paid until the others have yielded (``yield_initiative``)."""
    bidder = sheet_of(ctx, cmd.character_id, "character_id")
    combat = combat_order.active(combat_of(ctx, cmd.combat_id), cmd.combat_id)
    nominee = combat_order.check_bid(combat, cmd.character_id, cmd.tokens)
    field = "payload.character_id"
    _in_combat(bidder, field, cmd.combat_id)
    if bidder.fixed_score is not None:
        raise DomainError(field, "potential.minor-opponent P-40",
                          "a minor opponent has no potential to bid")
    turns.check_may_act(bidder)
    if bidder.had_turn:
        raise StateConflict(field, "potential.one-turn-per-round L37",
                            f"{cmd.character_id!r} has had a turn this round")
    if cmd.tokens > bidder.dynamic.bank + bidder.static.bank:
        raise DomainError("payload.tokens", "potential.seize-bid L37",
                          f"{cmd.character_id!r} cannot bid more potential than its bank")
    if cmd.pay_static > cmd.tokens:
        raise DomainError("payload.pay_static", "potential.seize-bid L37",
                          "pay_static exceeds the bid")
    potential_bank.check_affordable(bidder, _cost(cmd.tokens, cmd.pay_static), True,
                                    "payload.pay_static")
    ctx.emit(combat_stream(cmd.combat_id), c.InitiativeBid(
        combat_id=cmd.combat_id, character_id=cmd.character_id, nominee=nominee,
        tokens=cmd.tokens, pay_static=cmd.pay_static))


def _cost(tokens: int, pay_static: int) -> c.Cost:
    return c.Cost(dynamic=tokens - pay_static, static=pay_static)


@HANDLERS.on(c.YieldInitiative)
def yield_initiative(ctx: Ctx, cmd: c.YieldInitiative) -> None:
    """L37 "bid until someone yields" (P-45): once everyone else in the auction has yielded,
    the last bidder spends its bid (the nominee too, when it defended its slot) and takes the
    next turn; a yielded character cannot bid again in this auction."""
    combat = combat_order.active(combat_of(ctx, cmd.combat_id), cmd.combat_id)
    auction, winner = combat_order.check_yield(combat, cmd.character_id, cmd.to)
    yielded = c.InitiativeYielded(combat_id=cmd.combat_id, character_id=cmd.character_id)
    if not combat_order.closes(auction, cmd.character_id):
        ctx.emit(combat_stream(cmd.combat_id), yielded)
        return
    sheet = sheet_of(ctx, winner.character_id, "payload.to")
    cost = _cost(winner.tokens, auction.pay_static)
    potential_bank.check_affordable(sheet, cost, True, "payload.to")
    ctx.emit(combat_stream(cmd.combat_id), yielded)
    ctx.emit(char(winner.character_id), c.InitiativeSeized(
        character_id=winner.character_id, nominee=auction.nominee, bids=views.bids_view(auction.bids),
        cost=cost))
    ctx.emit(combat_stream(cmd.combat_id), c.InitiativeTaken(combat_id=cmd.combat_id,
                                                             character_id=winner.character_id))


@HANDLERS.on(c.NewRound)
def new_round(ctx: Ctx, cmd: c.NewRound) -> None:
    """L37: once everyone has had a turn, a new round begins."""
    combat = combat_order.active(combat_of(ctx, cmd.combat_id), cmd.combat_id)
    if sorted(set(cmd.participants)) != sorted(combat.participants):
        raise DomainError("payload.participants", "potential.round L37",
                          f"the combat's participants are {combat.participants}")
    started: list[c.RoundStarted] = []
    for cid in dict.fromkeys(cmd.participants):
        sheet = sheet_of(ctx, cid, "payload.participants")
        _in_combat(sheet, "payload.participants", cmd.combat_id)
        if sheet.turn is not None or not sheet.had_turn:
            raise StateConflict("payload.participants", "potential.round L37",
                                f"{cid!r} has not finished a turn this round")
        started.append(c.RoundStarted(character_id=cid))
    for event in started:
        ctx.emit(char(event.character_id), event)
    ctx.emit(combat_stream(cmd.combat_id), c.RoundBegan(combat_id=cmd.combat_id,
                                                        round=combat.round + 1))


@HANDLERS.on(c.RecoverAdvantage)
def recover(ctx: Ctx, cmd: c.RecoverAdvantage) -> None:
    """Healing (L56 "recovered via healing"; not defined in the seed, P-20): the GM recovers one
    discarded advantage, with the reason recorded."""
    adv = sheets.find(sheet_of(ctx, cmd.character_id, "character_id"), cmd.advantage)
    if adv is None:
        raise NotFound("payload.advantage", "potential.recover P-20", "no such advantage")
    if not adv.discarded:
        raise StateConflict("payload.advantage", "potential.recover P-20",
                            f"{cmd.advantage!r} is not discarded")
    ctx.emit(char(cmd.character_id), c.AdvantageRecovered(
        character_id=cmd.character_id, advantage=cmd.advantage, reason=cmd.reason))
